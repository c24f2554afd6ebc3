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
use crate::i18n::ui::{Cell, cell_row, column, grid, grid_row, paragraph_rich, row};
use crate::i18n::{Arg, Languages, Texts};
use crate::play::*;
use crate::screen::Overlay;
use crate::settings::{Settings, Speed};
use crate::table::Table;
use crate::theme::file::Mark;
use crate::theme::look::{Look, egui as to_egui};

/// The last things that happened, newest first: each a message of the language files with
/// its words, put into words when drawn (so a new language applies to them too).
#[derive(Resource, Default)]
pub struct Log(pub VecDeque<LogLine>);

/// One line of the log: a message key and what fills it.
#[derive(Clone, Debug)]
pub struct LogLine {
    pub key: &'static str,
    pub words: Vec<(&'static str, Word)>,
}

/// What fills a log message's variable.
#[derive(Clone, Debug)]
pub enum Word {
    /// A seat, named as "red Ana".
    Seat(u8),
    Number(u32),
    /// Reasons, each a message key, joined as a list.
    Keys(Vec<&'static str>),
}

impl LogLine {
    fn new(key: &'static str, words: Vec<(&'static str, Word)>) -> LogLine {
        LogLine { key, words }
    }

    /// The line in the current language, in reading order.
    pub fn text(&self, texts: &Texts, table: &Table) -> String {
        let args: Vec<(&str, Arg)> = self
            .words
            .iter()
            .map(|(name, word)| {
                let value = match word {
                    Word::Seat(seat) => Arg::Text(texts.seat(table, *seat)),
                    Word::Number(n) => Arg::from(*n),
                    Word::Keys(keys) => {
                        let words: Vec<String> = keys.iter().map(|k| texts.get(k)).collect();
                        Arg::Text(texts.list(&words))
                    }
                };
                (*name, value)
            })
            .collect();
        texts.fmt(self.key, &args)
    }
}

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

#[allow(clippy::too_many_arguments)]
fn write_log(
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
        lines.push(LogLine::new("log-new-game", vec![]));
    }
    for r in rolled.read() {
        let key = if r.roll_off {
            "log-rolls-first"
        } else {
            "log-rolls"
        };
        lines.push(LogLine::new(
            key,
            vec![
                ("who", Word::Seat(r.seat)),
                ("value", Word::Number(r.value.into())),
            ],
        ));
    }
    for f in first.read() {
        lines.push(LogLine::new(
            "log-starts",
            vec![("who", Word::Seat(f.seat))],
        ));
    }
    for n in no_move.read() {
        lines.push(LogLine::new(
            "log-cannot-move",
            vec![("who", Word::Seat(n.seat))],
        ));
    }
    for c in captured.read() {
        lines.push(LogLine::new(
            "log-captures",
            vec![("who", Word::Seat(c.by)), ("victim", Word::Seat(c.seat))],
        ));
    }
    for g in goal.read() {
        lines.push(LogLine::new("log-home", vec![("who", Word::Seat(g.seat))]));
    }
    for s in sixes.read() {
        lines.push(LogLine::new(
            "log-three-sixes",
            vec![("who", Word::Seat(s.seat))],
        ));
    }
    for e in extra.read() {
        let r = e.reasons;
        let why: Vec<&'static str> = [
            (r.six, "why-six"),
            (r.capture, "why-capture"),
            (r.goal, "why-goal"),
            (r.retry, "why-retry"),
        ]
        .into_iter()
        .filter_map(|(on, key)| on.then_some(key))
        .collect();
        lines.push(LogLine::new(
            "log-extra-roll",
            vec![("who", Word::Seat(e.seat)), ("why", Word::Keys(why))],
        ));
    }
    for f in finished.read() {
        lines.push(LogLine::new(
            "log-finishes",
            vec![
                ("who", Word::Seat(f.seat)),
                ("place", Word::Number(f.place.into())),
            ],
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

/// What the seat to play should do now, in reading order.
fn prompt(table: &Table, texts: &Texts) -> String {
    let game = &table.game;
    let who = || ("who", Arg::Text(texts.seat(table, game.turn())));
    if let Some(ranking) = game.ranking() {
        let winner = texts.seat(table, ranking[0].seat);
        return texts.fmt("prompt-wins", &[("who", winner.into())]);
    }
    if table.cpu_to_act() {
        return texts.fmt("prompt-thinking", &[who()]);
    }
    match game.awaiting() {
        Awaiting::RollOff => texts.fmt("prompt-roll-off", &[who()]),
        Awaiting::Roll => texts.fmt("prompt-roll", &[who()]),
        Awaiting::Release => texts.fmt("prompt-release", &[who()]),
        Awaiting::Move => texts.fmt(
            "prompt-move",
            &[
                who(),
                ("roll", game.pending_roll().unwrap_or(0).into()),
                ("moves", game.legal_moves().len().into()),
            ],
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
    (texts, languages): (Res<Texts>, Res<Languages>),
    die: Query<&Die>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "hud_root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let width = (ctx.viewport_rect().width() * 0.3).clamp(220.0, 340.0);
    let response = egui::Panel::right("hud")
        .resizable(false)
        .exact_size(width)
        .show(&mut root, |ui| {
            column(ui, &texts, |ui| {
                ui.add_space(6.0);
                row(ui, &texts, |ui| {
                    ui.heading("Ludo");
                    if ui
                        .add_enabled(
                            *overlay.get() != Overlay::Setup,
                            egui::Button::new(texts.tr("hud-new-table")),
                        )
                        .clicked()
                    {
                        next_overlay.set(Overlay::Setup);
                    }
                });
                if let Some(n) = &notice.0 {
                    paragraph_rich(ui, &texts, n, |t| {
                        egui::RichText::new(t).color(Color32::from_rgb(240, 170, 60))
                    });
                }
                // In the rule book's words, not the settings file's field names.
                let house: Vec<String> = texts
                    .house_rules(table.game.rules())
                    .into_iter()
                    .filter(|(_, chosen, standard)| chosen != standard)
                    .map(|(name, chosen, _)| format!("{name}: {chosen}"))
                    .collect();
                if !house.is_empty() {
                    let text =
                        texts.fmt("hud-house-rules", &[("rules", texts.list(&house).into())]);
                    paragraph_rich(ui, &texts, &text, |t| egui::RichText::new(t).small());
                }
                ui.separator();
                for seat in 0..table.game.seats() {
                    let colour = table.layout.colours[seat as usize];
                    let current = !table.game.is_over() && seat == table.game.turn();
                    row(ui, &texts, |ui| {
                        mark_icon(ui, &theme.look, colour, 22.0);
                        let who = format!(
                            "{} · {}",
                            texts.colour(colour),
                            texts.player(table.seat_kind(seat))
                        );
                        let mut text = egui::RichText::new(texts.show(&who));
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
                        ui.label(texts.trf("hud-at-goal", &[("n", at_goal.into())]));
                        if current {
                            ui.label(if texts.rtl { "▶" } else { "◀" });
                        }
                    });
                }
                // A person may hand their seat to the CPU for a while, and take it back.
                for seat in 0..table.game.seats() {
                    if !table.seat_kind(seat).is_cpu() {
                        let name = texts.player(table.seat_kind(seat));
                        let label = texts.trf("hud-cpu-plays-for", &[("name", name.into())]);
                        ui.checkbox(&mut table.autopilot[seat as usize], label);
                    }
                }
                ui.separator();
                paragraph_rich(ui, &texts, &prompt(&table, &texts), |t| {
                    egui::RichText::new(t).size(16.0)
                });
                if let Some(left) = clock.left {
                    let secs = left.ceil();
                    ui.label(
                        egui::RichText::new(texts.trf("hud-time-left", &[("secs", secs.into())]))
                            .color(if left < 10.0 {
                                Color32::from_rgb(240, 120, 90)
                            } else {
                                Color32::LIGHT_GRAY
                            }),
                    );
                }
                if let Some(face) = die.iter().next().map(|d| d.face).filter(|&f| f > 0) {
                    ui.label(texts.trf("hud-die", &[("face", face.into())]));
                }
                ui.separator();
                for line in &log.0 {
                    paragraph_rich(ui, &texts, &line.text(&texts, &table), |t| {
                        egui::RichText::new(t).small()
                    });
                }
                ui.separator();
                egui::CollapsingHeader::new(texts.tr("settings-title"))
                    .id_salt("hud_settings")
                    .show(ui, |ui| settings_ui(ui, &texts, &languages, &mut settings));
                row(ui, &texts, |ui| {
                    if ui.button(texts.tr("hud-rules")).clicked() {
                        next_overlay.set(Overlay::Rules);
                    }
                    if ui.button(texts.tr("hud-pause")).clicked() {
                        commands.init_resource::<crate::pause::Paused>();
                    }
                });
            });
        });
    let w = response.response.rect.width();
    if (hud_width.0 - w).abs() > 0.5 {
        hud_width.0 = w;
    }
    Ok(())
}

/// The settings a player can change, shared by the HUD, the menu and the pause menu.
pub fn settings_ui(
    ui: &mut egui::Ui,
    texts: &Texts,
    languages: &Languages,
    settings: &mut Settings,
) {
    row(ui, texts, |ui| {
        ui.label(texts.tr("settings-language"));
        let current = settings.language.clone().unwrap_or_default();
        let shown = languages
            .names
            .iter()
            .find(|(code, _)| *code == current)
            .map_or(current.clone(), |(_, name)| name.clone());
        // Each language in its own words, and its own direction.
        let own = crate::i18n::bidi::visual_auto;
        egui::ComboBox::from_id_salt("language")
            .selected_text(own(&shown))
            .show_ui(ui, |ui| {
                for (code, name) in &languages.names {
                    ui.selectable_value(&mut settings.language, Some(code.clone()), own(name));
                }
            });
    });
    speed_choice(ui, texts, "settings-cpu-speed", &mut settings.cpu_speed);
    speed_choice(
        ui,
        texts,
        "settings-animation",
        &mut settings.animation_speed,
    );
    row(ui, texts, |ui| {
        ui.label(texts.tr("settings-theme"));
        egui::ComboBox::from_id_salt("theme")
            .selected_text(settings.theme.as_str())
            .show_ui(ui, |ui| {
                // Read only while the list is open (the pause menu draws these settings every
                // frame): a modder's new folder still shows up the next time it opens.
                for folder in crate::theme::available(Some(&settings.theme)) {
                    let label = folder.clone();
                    ui.selectable_value(&mut settings.theme, folder, label);
                }
            });
    });
    ui.checkbox(
        &mut settings.auto_single_move,
        texts.tr("settings-auto-move"),
    );
    ui.add(
        egui::Slider::new(&mut settings.volume_db, -40.0..=0.0)
            .text(texts.tr("settings-master-volume")),
    );
    ui.add(
        egui::Slider::new(&mut settings.effects_db, -40.0..=0.0)
            .text(texts.tr("settings-effects-volume")),
    );
    ui.checkbox(&mut settings.muted, texts.tr("settings-mute"));
    #[cfg(not(target_arch = "wasm32"))]
    ui.checkbox(&mut settings.fullscreen, texts.tr("settings-fullscreen"));
}

fn speed_choice(ui: &mut egui::Ui, texts: &Texts, key: &str, speed: &mut Speed) {
    row(ui, texts, |ui| {
        ui.label(texts.tr(key));
        for s in Speed::ALL {
            ui.selectable_value(speed, s, texts.show(&texts.speed(s)));
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
    texts: Res<Texts>,
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
    let texts = &*texts;
    let table = &*table;
    let look = &theme.look;
    // A seat's cell: its mark and who sat there.
    let seat_cell = |seat: u8| -> Cell<'_> {
        Box::new(move |ui: &mut egui::Ui| {
            cell_row(ui, texts, |ui| {
                mark_icon(ui, look, table.layout.colours[seat as usize], 18.0);
                ui.label(texts.show(&texts.player(table.seat_kind(seat))));
            });
        })
    };
    let text_cell = |text: String| -> Cell<'_> {
        Box::new(move |ui: &mut egui::Ui| {
            ui.label(texts.show(&text));
        })
    };
    egui::Window::new(texts.tr("results-title"))
        .id(egui::Id::new("results"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, hud.window_offset())
        .show(ctx, |ui| {
            column(ui, texts, |ui| {
                // The tables scroll in a short window, so the buttons below stay on screen.
                let room = ui.ctx().content_rect().height() - 110.0;
                egui::ScrollArea::vertical()
                    .max_height(room.max(60.0))
                    .show(ui, |ui| {
                        column(ui, texts, |ui| {
                            grid(ui, "ranking", |ui| {
                                let mut head: Vec<_> = [
                                    "results-rank",
                                    "results-seat",
                                    "results-at-goal",
                                    "results-out-of-base",
                                    "results-progress",
                                ]
                                .into_iter()
                                .map(|k| text_cell(texts.get(k)))
                                .collect();
                                if !ratings.0.is_empty() {
                                    head.push(text_cell(texts.get("results-rating")));
                                }
                                grid_row(ui, texts, head);
                                for s in ranking {
                                    let shared =
                                        ranking.iter().filter(|o| o.rank == s.rank).count() > 1;
                                    let rank = if shared {
                                        texts.fmt("results-shared", &[("rank", s.rank.into())])
                                    } else {
                                        s.rank.to_string()
                                    };
                                    let mut cells = vec![
                                        text_cell(rank),
                                        seat_cell(s.seat),
                                        text_cell(s.at_goal.to_string()),
                                        text_cell(s.out_of_base.to_string()),
                                        text_cell(s.progress.to_string()),
                                    ];
                                    if let Some(r) = ratings.0.get(s.seat as usize) {
                                        cells.push(text_cell(format!(
                                            "{:.0} ({:+.0})",
                                            r.after,
                                            r.after - r.before
                                        )));
                                    }
                                    grid_row(ui, texts, cells);
                                }
                            });
                            ui.add_space(6.0);
                            ui.label(egui::RichText::new(texts.tr("results-story")).strong());
                            grid(ui, "story", |ui| {
                                let head = [
                                    "results-seat",
                                    "results-captures-made",
                                    "results-captures-suffered",
                                    "results-sixes",
                                    "results-turns",
                                ]
                                .into_iter()
                                .map(|k| text_cell(texts.get(k)))
                                .collect();
                                grid_row(ui, texts, head);
                                for seat in 0..table.game.seats() {
                                    let s = story.0[seat as usize];
                                    let mut cells = vec![seat_cell(seat)];
                                    for n in
                                        [s.captures_made, s.captures_suffered, s.sixes, s.turns]
                                    {
                                        cells.push(text_cell(n.to_string()));
                                    }
                                    grid_row(ui, texts, cells);
                                }
                            });
                        })
                    });
                ui.add_space(8.0);
                row(ui, texts, |ui| {
                    let again = ui.button(texts.tr("results-play-again"));
                    crate::screen::focus_first(&again);
                    if again.clicked() {
                        rematch.write(RematchRequested);
                    }
                    if ui.button(texts.tr("results-change-table")).clicked() {
                        next_overlay.set(Overlay::Setup);
                    }
                });
            });
        });
    Ok(())
}
