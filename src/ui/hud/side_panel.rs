//! The HUD's panel: who sits where and whose turn it is, the prompt, the turn clock, the
//! log and the settings. Beside the board in a wide window; below it, scrolling, in an
//! upright one (a phone held upright), where the log folds away.

use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{self, Color32};
use ludo_core::Awaiting;

use super::Log;
use crate::board::camera::HudArea;
use crate::board::dice::Die;
use crate::i18n::ui::{column, paragraph_rich, row};
use crate::i18n::{Arg, Languages, Texts};
use crate::online::{Online, Status};
use crate::table::Table;
use crate::table::flow::{AutopilotRequested, Decider};
use crate::table::screen::Overlay;
use crate::table::settings::Settings;
use ludo_proto::display_code;

/// What the seat to play should do now, in reading order.
pub(super) fn prompt(table: &Table, texts: &Texts, decider: Decider, fingers: bool) -> String {
    let game = &table.game;
    let who = || ("who", Arg::Text(texts.seat(table, game.turn())));
    if let Some(ranking) = game.ranking() {
        let winner = texts.seat(table, ranking[0].seat);
        return texts.fmt("prompt-wins", &[("who", winner.into())]);
    }
    if table.cpu_to_act() {
        // A person's seat the CPU plays for now (away, or handed over): not "is thinking".
        if !table.seat_kind(game.turn()).is_cpu() {
            let seat = texts.seat(table, game.turn());
            return texts.fmt("hud-cpu-plays-for", &[("name", Arg::Text(seat))]);
        }
        return texts.fmt("prompt-thinking", &[who()]);
    }
    // Another device's turn at an online table.
    if !decider.person_here(table, game.turn()) {
        return texts.fmt("online-turn-of", &[who()]);
    }
    // A finger taps and has no keys to be told of.
    let key = |mouse: &'static str, finger: &'static str| if fingers { finger } else { mouse };
    match game.awaiting() {
        Awaiting::RollOff => texts.fmt(key("prompt-roll-off", "prompt-roll-off-touch"), &[who()]),
        Awaiting::Roll => texts.fmt(key("prompt-roll", "prompt-roll-touch"), &[who()]),
        Awaiting::Release => texts.fmt("prompt-release", &[who()]),
        Awaiting::Move => texts.fmt(
            key("prompt-move", "prompt-move-touch"),
            &[
                who(),
                ("roll", game.pending_roll().unwrap_or(0).into()),
                ("moves", game.legal_moves().len().into()),
            ],
        ),
        Awaiting::Over => String::new(),
    }
}

pub(super) fn side_panel(
    mut next_pause: ResMut<NextState<crate::table::screen::Pause>>,
    mut contexts: EguiContexts,
    table: Res<Table>,
    // Where a finger would go for "CPU plays for" (the phone test taps there), and whether
    // the player uses one.
    (mut autopilot, mut said, fingers): (
        MessageWriter<AutopilotRequested>,
        Local<String>,
        Res<crate::board::input::Fingers>,
    ),
    theme: Res<crate::theme::ActiveTheme>,
    notice: Res<crate::files::saved::Notice>,
    overlay: Res<State<Overlay>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    clock: Res<crate::table::turn_clock::TurnClock>,
    (log, announced): (Res<Log>, Res<super::announce::Announcements>),
    mut settings: ResMut<Settings>,
    mut hud_area: ResMut<HudArea>,
    (texts, languages): (Res<Texts>, Res<Languages>),
    die: Query<&Die>,
    online: Option<Res<Online>>,
    decider: Res<Decider>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "hud_root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let screen = ctx.viewport_rect();
    let upright = crate::board::camera::upright(screen.width(), screen.height());
    let mut contents = |ui: &mut egui::Ui| {
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
            if let Some(n) = &texts.notice(&notice) {
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
                let text = texts.fmt("hud-house-rules", &[("rules", texts.list(&house).into())]);
                paragraph_rich(ui, &texts, &text, |t| egui::RichText::new(t).small());
            }
            ui.separator();
            for seat in 0..table.game.seats() {
                let colour = table.layout.colours[seat as usize];
                let current = !table.game.is_over() && seat == table.game.turn();
                row(ui, &texts, |ui| {
                    crate::ui::widgets::mark_icon(ui, &theme.look, colour, 22.0);
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
            // A person may hand their seat to the CPU for a while, and take it back. At
            // a server's table the server says who is away.
            for seat in 0..table.game.seats() {
                let here = *decider == Decider::Here;
                if !here && table.autopilot[seat as usize] {
                    let name = texts.player(table.seat_kind(seat));
                    ui.label(texts.trf("hud-cpu-plays-for", &[("name", name.into())]));
                }
                if here && !table.seat_kind(seat).is_cpu() {
                    let name = texts.player(table.seat_kind(seat));
                    let label = texts.trf("hud-cpu-plays-for", &[("name", name.into())]);
                    let mut away = table.autopilot[seat as usize];
                    let response = ui.checkbox(&mut away, label);
                    // What a tap there would do: hand the seat to the CPU, or take it back.
                    let what = if away { "back" } else { "away" };
                    crate::ui::widgets::say_where_to_tap(what, &response, &mut said);
                    if response.changed() {
                        autopilot.write(AutopilotRequested {
                            seat,
                            cpu_plays: away,
                        });
                    }
                }
            }
            ui.separator();
            if let Some(online) = &online {
                online_status(ui, &texts, online, &table, *decider, &theme.look);
            }
            paragraph_rich(
                ui,
                &texts,
                &prompt(&table, &texts, *decider, fingers.0),
                |t| egui::RichText::new(t).size(16.0),
            );
            // On the desktop, what just happened in words, for the screen reader to say as
            // it changes (the browser's page has a live region of its own).
            #[cfg(not(target_arch = "wasm32"))]
            if !announced.recent.is_empty() {
                let line = ui.label(texts.show(&announced.recent));
                ui.ctx().accesskit_node_builder(line.id, |node| {
                    node.set_live(egui::accesskit::Live::Polite);
                });
            }
            #[cfg(target_arch = "wasm32")]
            let _ = &announced;
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
            // At the body's size, the newest line strong: a log is read, not glanced at.
            let log_lines = |ui: &mut egui::Ui| {
                for (i, line) in log.0.iter().enumerate() {
                    paragraph_rich(ui, &texts, &line.text(&texts, &table), |t| {
                        let t = egui::RichText::new(t);
                        if i == 0 { t.strong() } else { t }
                    });
                }
            };
            if upright {
                egui::CollapsingHeader::new(texts.tr("hud-log"))
                    .id_salt("hud_log")
                    .show(ui, log_lines);
            } else {
                log_lines(ui);
            }
            ui.separator();
            egui::CollapsingHeader::new(texts.tr("settings-title"))
                .id_salt("hud_settings")
                .show(ui, |ui| {
                    crate::ui::settings::settings_ui(ui, &texts, &languages, &mut settings)
                });
            row(ui, &texts, |ui| {
                if ui.button(texts.tr("hud-rules")).clicked() {
                    next_overlay.set(Overlay::Rules);
                }
                // A finger has no Esc key to be told of.
                let pause = if fingers.0 {
                    "hud-pause-touch"
                } else {
                    "hud-pause"
                };
                if ui.button(texts.tr(pause)).clicked() {
                    next_pause.set(crate::table::screen::Pause::Paused);
                }
            });
        });
    };
    let area = if upright {
        // The board is as wide as the window; the panel has the rest (a third at least).
        let height = (screen.height() - screen.width()).max(screen.height() * 0.36);
        let response = egui::Panel::bottom("hud_below")
            .resizable(false)
            .exact_size(height)
            .show(&mut root, |ui| {
                egui::ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| contents(ui))
            });
        HudArea {
            right: 0.0,
            bottom: response.response.rect.height(),
            zoom: ctx.zoom_factor(),
        }
    } else {
        let width = (screen.width() * 0.3).clamp(220.0, 340.0);
        let response = egui::Panel::right("hud")
            .resizable(false)
            .exact_size(width)
            .show(&mut root, |ui| contents(ui));
        HudArea {
            right: response.response.rect.width(),
            bottom: 0.0,
            zoom: ctx.zoom_factor(),
        }
    };
    if (hud_area.right - area.right).abs() > 0.5
        || (hud_area.bottom - area.bottom).abs() > 0.5
        || (hud_area.zoom - area.zoom).abs() > 0.01
    {
        *hud_area = area;
    }
    Ok(())
}

/// At an online table: its code, the connection when it is not well, and whose turn it is,
/// unmistakably when it is this device's.
fn online_status(
    ui: &mut egui::Ui,
    texts: &Texts,
    online: &Online,
    table: &Table,
    decider: Decider,
    look: &crate::theme::Look,
) {
    if let Some(code) = &online.code {
        ui.label(
            egui::RichText::new(format!(
                "{} {}",
                texts.get("online-code"),
                display_code(code)
            ))
            .small(),
        );
    }
    match online.status {
        Status::Connecting | Status::Reconnecting { .. } => {
            ui.label(
                egui::RichText::new(texts.tr("online-reconnecting"))
                    .color(Color32::from_rgb(240, 170, 60)),
            );
        }
        Status::Failed => {
            if let Some(problem) = &online.problem {
                ui.label(
                    egui::RichText::new(texts.show(&texts.online_problem(problem)))
                        .color(Color32::from_rgb(240, 120, 90)),
                );
            }
        }
        Status::Connected => {}
    }
    if !table.game.is_over() && decider.person_here(table, table.game.turn()) {
        // In the seat's colour, written in its ink (dark on the light colours).
        let seat = look.seat(table.layout.colours[table.game.turn() as usize]);
        ui.label(
            egui::RichText::new(texts.tr("online-your-turn"))
                .size(22.0)
                .strong()
                .color(crate::theme::look::egui(seat.ink))
                .background_color(crate::theme::look::egui(seat.strong)),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{SeatKind, TableConfig};

    #[test]
    fn the_prompt_says_when_the_cpu_plays_for_a_person() {
        let texts = Texts::default();
        let config = TableConfig {
            seats: vec![
                SeatKind::Person { name: "Ana".into() },
                SeatKind::Cpu(ludo_core::CpuLevel::Normal),
            ],
            ..Default::default()
        };
        let mut table = Table::new(&config, 0);
        let said = |t: &Table| prompt(t, &texts, Decider::Here, false);
        assert!(said(&table).contains("Ana"), "{}", said(&table));
        assert!(!said(&table).contains("thinking"));
        // Ana's seat handed to the CPU (away, online): the prompt says so.
        table.autopilot[0] = true;
        let seat = texts.seat(&table, 0);
        assert_eq!(said(&table), format!("CPU plays for {seat}"));
        // A CPU's own seat thinks.
        let cpus = TableConfig {
            seats: vec![SeatKind::Cpu(ludo_core::CpuLevel::Normal); 2],
            ..Default::default()
        };
        assert!(said(&Table::new(&cpus, 0)).ends_with("is thinking…"));
    }
}
