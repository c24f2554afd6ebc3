//! The HUD (bevy_egui): who sits where and whose turn it is, the prompt, a short log of what
//! happened, the settings, and the results when the game ends.

use std::collections::VecDeque;

use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, Pos2, Stroke};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use ludo_core::{Awaiting, Colour};

use crate::GameSet;
use crate::camera::HudWidth;
use crate::dice::Die;
use crate::play::*;
use crate::screen::Overlay;
use crate::settings::{Settings, Speed};
use crate::table::Table;
use crate::theme::file::Mark;
use crate::theme::look::{Look, egui as to_egui};

/// The last things that happened, newest first, in words.
#[derive(Resource, Default)]
pub struct Log(pub VecDeque<String>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Log>()
        .add_systems(Update, write_log.in_set(GameSet::React))
        .add_systems(
            EguiPrimaryContextPass,
            (
                scale_text,
                (side_panel, results_window).run_if(in_state(crate::screen::Screen::Playing)),
            )
                .chain(),
        );
}

/// Text and controls grow with the window: 1× at 720 pixels high.
fn scale_text(
    mut contexts: EguiContexts,
    window: Single<&Window, With<bevy::window::PrimaryWindow>>,
) -> Result {
    let zoom = (window.height() / 720.0).clamp(0.8, 1.8);
    let ctx = contexts.ctx_mut()?;
    if (ctx.zoom_factor() - zoom).abs() > 0.01 {
        ctx.set_zoom_factor(zoom);
    }
    Ok(())
}

fn name(table: &Table, seat: u8) -> String {
    let colour = table.layout.colours[seat as usize];
    format!("{} {}", colour.name(), table.seat_kind(seat).label())
}

#[allow(clippy::too_many_arguments)]
fn write_log(
    table: Res<Table>,
    mut log: ResMut<Log>,
    mut rolled: MessageReader<DiceRolled>,
    mut captured: MessageReader<PieceCaptured>,
    mut goal: MessageReader<PieceReachedGoal>,
    mut extra: MessageReader<ExtraRoll>,
    mut sixes: MessageReader<ThreeSixes>,
    mut no_move: MessageReader<NoLegalMove>,
    mut finished: MessageReader<SeatFinished>,
    mut first: MessageReader<FirstPlayerChosen>,
    mut started: MessageReader<GameStarted>,
) {
    let mut lines = Vec::new();
    if started.read().last().is_some() {
        log.0.clear();
        lines.push("A new game begins.".to_string());
    }
    for r in rolled.read() {
        let what = if r.roll_off {
            "rolls for first player"
        } else {
            "rolls"
        };
        lines.push(format!("{} {what} {}", name(&table, r.seat), r.value));
    }
    for f in first.read() {
        lines.push(format!("{} starts", name(&table, f.seat)));
    }
    for n in no_move.read() {
        lines.push(format!("{} cannot move", name(&table, n.seat)));
    }
    for c in captured.read() {
        lines.push(format!(
            "{} captures a piece of {}!",
            name(&table, c.by),
            name(&table, c.seat)
        ));
    }
    for g in goal.read() {
        lines.push(format!("{} brings a piece home", name(&table, g.seat)));
    }
    for s in sixes.read() {
        lines.push(format!("Three sixes: {}'s turn ends", name(&table, s.seat)));
    }
    for e in extra.read() {
        let r = e.reasons;
        let mut why = Vec::new();
        if r.six {
            why.push("a six");
        }
        if r.capture {
            why.push("a capture");
        }
        if r.goal {
            why.push("reaching the goal");
        }
        if r.retry {
            why.push("another try");
        }
        lines.push(format!(
            "Extra roll for {} ({})",
            name(&table, e.seat),
            why.join(", ")
        ));
    }
    for f in finished.read() {
        lines.push(format!(
            "{} finishes, place {}",
            name(&table, f.seat),
            f.place
        ));
    }
    for line in lines {
        log.0.push_front(line);
    }
    log.0.truncate(8);
}

/// Draws a seat's colour disc with its owner mark, for colour-blind players.
pub fn mark_icon(ui: &mut egui::Ui, look: &Look, colour: Colour, size: f32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    let p = ui.painter();
    let c = rect.center();
    let r = size * 0.48;
    let seat = look.seat(colour);
    p.circle_filled(c, r, to_egui(seat.strong));
    let ink = to_egui(seat.ink);
    let m = r * 0.5;
    match seat.mark {
        Mark::Ring => {
            p.circle_stroke(c, m * 0.9, Stroke::new(size * 0.09, ink));
        }
        Mark::Square => {
            p.rect_filled(
                egui::Rect::from_center_size(c, egui::vec2(m * 1.5, m * 1.5)),
                0.0,
                ink,
            );
        }
        Mark::Diamond => {
            let pts = vec![
                Pos2::new(c.x, c.y - m),
                Pos2::new(c.x - m, c.y),
                Pos2::new(c.x, c.y + m),
                Pos2::new(c.x + m, c.y),
            ];
            p.add(egui::Shape::convex_polygon(pts, ink, Stroke::NONE));
        }
        Mark::Dot => {
            p.circle_filled(c, m * 0.6, ink);
        }
        Mark::Triangle => {
            let pts = vec![
                Pos2::new(c.x, c.y - m),
                Pos2::new(c.x - m, c.y + m * 0.8),
                Pos2::new(c.x + m, c.y + m * 0.8),
            ];
            p.add(egui::Shape::convex_polygon(pts, ink, Stroke::NONE));
        }
        Mark::Cross => {
            p.rect_filled(
                egui::Rect::from_center_size(c, egui::vec2(m * 2.0, m * 0.6)),
                0.0,
                ink,
            );
            p.rect_filled(
                egui::Rect::from_center_size(c, egui::vec2(m * 0.6, m * 2.0)),
                0.0,
                ink,
            );
        }
    }
}

fn prompt(table: &Table) -> String {
    let game = &table.game;
    let seat = game.turn();
    let who = name(table, seat);
    if let Some(ranking) = game.ranking() {
        return format!("{} wins!", name(table, ranking[0].seat));
    }
    if table.cpu_to_act() {
        return format!("{who} is thinking…");
    }
    match game.awaiting() {
        Awaiting::RollOff => format!("{who}: roll for first player (click the die or press Space)"),
        Awaiting::Roll => format!("{who}: roll the die (click it or press Space)"),
        Awaiting::Release => format!("{who}: press the die to bring a piece out"),
        Awaiting::Move => format!(
            "{who}: you rolled {} — pick a glowing piece (click it, press 1–{}, or Tab and Enter)",
            game.pending_roll().unwrap_or(0),
            game.legal_moves().len()
        ),
        Awaiting::Over => String::new(),
    }
}

#[allow(clippy::too_many_arguments)]
fn side_panel(
    mut commands: Commands,
    mut contexts: EguiContexts,
    mut table: ResMut<Table>,
    theme: Res<crate::theme::ActiveTheme>,
    notice: Res<crate::saved::Notice>,
    overlay: Res<State<Overlay>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    clock: Res<crate::turn_clock::TurnClock>,
    log: Res<Log>,
    mut settings: ResMut<Settings>,
    mut hud_width: ResMut<HudWidth>,
    die: Query<&Die>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "hud-root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let width = (ctx.viewport_rect().width() * 0.3).clamp(220.0, 340.0);
    let response = egui::Panel::right("hud")
        .resizable(false)
        .exact_size(width)
        .show(&mut root, |ui| {
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                ui.heading("Ludo");
                if ui
                    .add_enabled(
                        *overlay.get() != Overlay::Setup,
                        egui::Button::new("New table…"),
                    )
                    .clicked()
                {
                    next_overlay.set(Overlay::Setup);
                }
            });
            if let Some(n) = &notice.0 {
                ui.label(egui::RichText::new(n).color(Color32::from_rgb(240, 170, 60)));
            }
            // In the rule book's words, not the settings file's field names.
            let house: Vec<String> = crate::rule_book::house_rules(table.game.rules())
                .into_iter()
                .filter(|(_, chosen, standard)| chosen != standard)
                .map(|(name, chosen, _)| format!("{name}: {chosen}"))
                .collect();
            if !house.is_empty() {
                ui.label(egui::RichText::new(format!("House rules: {}", house.join(", "))).small());
            }
            ui.separator();
            for seat in 0..table.game.seats() {
                let colour = table.layout.colours[seat as usize];
                let current = !table.game.is_over() && seat == table.game.turn();
                ui.horizontal(|ui| {
                    mark_icon(ui, &theme.look, colour, 22.0);
                    let mut text = egui::RichText::new(format!(
                        "{} · {}",
                        colour.name(),
                        table.seat_kind(seat).label()
                    ));
                    if current {
                        text = text.strong().color(Color32::WHITE);
                    }
                    ui.label(text);
                    let at_goal = table
                        .game
                        .pieces(seat)
                        .iter()
                        .filter(|&&p| p == table.game.goal())
                        .count();
                    ui.label(format!("{at_goal}/4 home"));
                    if current {
                        ui.label("◀");
                    }
                });
            }
            // A person may hand their seat to the CPU for a while, and take it back.
            for seat in 0..table.game.seats() {
                if !table.seat_kind(seat).is_cpu() {
                    let label = format!("CPU plays for {}", table.seat_kind(seat).label());
                    ui.checkbox(&mut table.autopilot[seat as usize], label);
                }
            }
            ui.separator();
            ui.label(egui::RichText::new(prompt(&table)).size(16.0));
            if let Some(left) = clock.left {
                ui.label(
                    egui::RichText::new(format!("{:.0} s left in this turn", left.ceil())).color(
                        if left < 10.0 {
                            Color32::from_rgb(240, 120, 90)
                        } else {
                            Color32::LIGHT_GRAY
                        },
                    ),
                );
            }
            if let Some(face) = die.iter().next().map(|d| d.face).filter(|&f| f > 0) {
                ui.label(format!("Die: {face}"));
            }
            ui.separator();
            for line in &log.0 {
                ui.label(egui::RichText::new(line).small());
            }
            ui.separator();
            egui::CollapsingHeader::new("Settings").show(ui, |ui| settings_ui(ui, &mut settings));
            ui.horizontal(|ui| {
                if ui.button("Rules").clicked() {
                    next_overlay.set(Overlay::Rules);
                }
                if ui.button("Pause (Esc)").clicked() {
                    commands.init_resource::<crate::pause::Paused>();
                }
            });
        });
    let w = response.response.rect.width();
    if (hud_width.0 - w).abs() > 0.5 {
        hud_width.0 = w;
    }
    Ok(())
}

/// The settings a player can change, shared by the HUD and the pause menu.
pub fn settings_ui(ui: &mut egui::Ui, settings: &mut Settings) {
    speed_choice(ui, "CPU speed", &mut settings.cpu_speed);
    speed_choice(ui, "Animation", &mut settings.animation_speed);
    ui.horizontal(|ui| {
        ui.label("Theme");
        let themes = crate::theme::available(Some(&settings.theme));
        egui::ComboBox::from_id_salt("theme")
            .selected_text(settings.theme.as_str())
            .show_ui(ui, |ui| {
                for folder in themes {
                    let label = folder.clone();
                    ui.selectable_value(&mut settings.theme, folder, label);
                }
            });
    });
    ui.checkbox(
        &mut settings.auto_single_move,
        "Play a single legal move by itself",
    );
    ui.add(egui::Slider::new(&mut settings.volume_db, -40.0..=0.0).text("Master volume (dB)"));
    ui.add(egui::Slider::new(&mut settings.effects_db, -40.0..=0.0).text("Effects volume (dB)"));
    ui.checkbox(&mut settings.muted, "Mute");
    #[cfg(not(target_arch = "wasm32"))]
    ui.checkbox(&mut settings.fullscreen, "Fullscreen");
}

fn speed_choice(ui: &mut egui::Ui, label: &str, speed: &mut Speed) {
    ui.horizontal(|ui| {
        ui.label(label);
        for s in Speed::ALL {
            ui.selectable_value(speed, s, s.name());
        }
    });
}

#[allow(clippy::too_many_arguments)]
fn results_window(
    hud: Res<HudWidth>,
    mut contexts: EguiContexts,
    table: Res<Table>,
    theme: Res<crate::theme::ActiveTheme>,
    story: Res<crate::stats::Story>,
    ratings: Res<crate::profiles::LastRatings>,
    overlay: Res<State<Overlay>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    mut rematch: MessageWriter<RematchRequested>,
) -> Result {
    let Some(ranking) = table.game.ranking() else {
        return Ok(());
    };
    // The setup (or the rules) opened from the results is drawn instead of them.
    if *overlay.get() != Overlay::None {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Results")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, hud.window_offset())
        .show(ctx, |ui| {
            egui::Grid::new("ranking").striped(true).show(ui, |ui| {
                ui.label("Rank");
                ui.label("Seat");
                ui.label("At goal");
                ui.label("Out of base");
                ui.label("Progress");
                if !ratings.0.is_empty() {
                    ui.label("Rating");
                }
                ui.end_row();
                for s in ranking {
                    let shared = ranking.iter().filter(|o| o.rank == s.rank).count() > 1;
                    ui.label(if shared {
                        format!("{} (shared)", s.rank)
                    } else {
                        s.rank.to_string()
                    });
                    ui.horizontal(|ui| {
                        mark_icon(ui, &theme.look, table.layout.colours[s.seat as usize], 18.0);
                        ui.label(table.seat_kind(s.seat).label());
                    });
                    ui.label(s.at_goal.to_string());
                    ui.label(s.out_of_base.to_string());
                    ui.label(s.progress.to_string());
                    if let Some(r) = ratings.0.get(s.seat as usize) {
                        ui.label(format!("{:.0} ({:+.0})", r.after, r.after - r.before));
                    }
                    ui.end_row();
                }
            });
            ui.add_space(6.0);
            ui.label(egui::RichText::new("The game in numbers").strong());
            egui::Grid::new("story").striped(true).show(ui, |ui| {
                for head in [
                    "Seat",
                    "Captures made",
                    "Captures suffered",
                    "Sixes",
                    "Turns",
                ] {
                    ui.label(head);
                }
                ui.end_row();
                for seat in 0..table.game.seats() {
                    let s = story.0[seat as usize];
                    ui.horizontal(|ui| {
                        mark_icon(ui, &theme.look, table.layout.colours[seat as usize], 18.0);
                        ui.label(table.seat_kind(seat).label());
                    });
                    for n in [s.captures_made, s.captures_suffered, s.sixes, s.turns] {
                        ui.label(n.to_string());
                    }
                    ui.end_row();
                }
            });
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                let again = ui.button("Play again");
                crate::screen::focus_first(&again);
                if again.clicked() {
                    rematch.write(RematchRequested);
                }
                if ui.button("Change the table…").clicked() {
                    next_overlay.set(Overlay::Setup);
                }
            });
        });
    Ok(())
}
