//! The prompt: one large line by the board saying what the seat to play should do (in the
//! seat's colour when a person here is to act), and under it what needs reading now — a
//! file's problem, the connection, and on the desktop the last thing that happened, a live
//! line the screen reader says as it changes.

use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui;
use ludo_core::Awaiting;

use crate::board::camera::Stage;
use crate::i18n::ui::paragraph_rich;
use crate::i18n::{Arg, Texts};
use crate::online::{Online, Status};
use crate::table::Table;
use crate::table::flow::Decider;
use crate::theme::ActiveTheme;
use crate::theme::look::egui as to_egui;
use crate::ui::widgets::Palette;

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

pub(super) fn prompt_area(
    mut contexts: EguiContexts,
    stage: Res<Stage>,
    table: Res<Table>,
    theme: Res<ActiveTheme>,
    texts: Res<Texts>,
    fingers: Res<crate::board::input::Fingers>,
    notice: Res<crate::files::saved::Notice>,
    announced: Res<super::announce::Announcements>,
    online: Option<Res<Online>>,
    decider: Res<Decider>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let zoom = ctx.zoom_factor();
    let palette = Palette::of(&theme.look.ui);
    let rect = crate::ui::widgets::points(stage.prompt, zoom);
    let game = &table.game;
    // A person here to act: the line in the seat's colour, written in its ink.
    let to_act = !game.is_over() && !table.cpu_to_act() && decider.person_here(&table, game.turn());
    egui::Area::new(egui::Id::new("prompt"))
        .order(egui::Order::Background)
        .fixed_pos(rect.min)
        .show(&ctx, |ui| {
            ui.set_width(rect.width());
            ui.set_max_height(rect.height());
            // Centred in its room beside the board; at the top of it below an upright one.
            if !stage.upright {
                ui.add_space((rect.height() * 0.3).min(120.0));
            }
            let text = prompt(&table, &texts, *decider, fingers.0);
            let frame = if to_act {
                let seat = theme.look.seat(table.layout.colours[game.turn() as usize]);
                egui::Frame::new()
                    .fill(to_egui(seat.strong))
                    .corner_radius(palette.radius)
                    .inner_margin(egui::Margin::symmetric(12, 8))
                    .stroke(egui::Stroke::new(
                        1.0,
                        to_egui(seat.ink).gamma_multiply(0.4),
                    ))
            } else {
                egui::Frame::new().inner_margin(egui::Margin::symmetric(4, 4))
            };
            let ink = if to_act {
                to_egui(
                    theme
                        .look
                        .seat(table.layout.colours[game.turn() as usize])
                        .ink,
                )
            } else {
                palette.text
            };
            frame.show(ui, |ui| {
                ui.set_width(ui.available_width());
                paragraph_rich(ui, &texts, &text, |t| {
                    egui::RichText::new(t)
                        .size(palette.prompt_size)
                        .strong()
                        .color(ink)
                });
            });
            if let Some(n) = &texts.notice(&notice) {
                paragraph_rich(ui, &texts, n, |t| {
                    egui::RichText::new(t).color(palette.warning)
                });
            }
            if let Some(online) = &online {
                match online.status {
                    Status::Connecting | Status::Reconnecting { .. } => {
                        let line = texts.tr("online-reconnecting");
                        ui.label(egui::RichText::new(line).color(palette.warning));
                    }
                    Status::Failed => {
                        if let Some(problem) = &online.problem {
                            let line = texts.show(&texts.online_problem(problem));
                            ui.label(egui::RichText::new(line).color(palette.warning));
                        }
                    }
                    Status::Connected => {}
                }
            }
            // On the desktop, what just happened in words, for the screen reader to say as
            // it changes (the browser's page has a live region of its own).
            #[cfg(not(target_arch = "wasm32"))]
            if !announced.recent.is_empty() {
                let line = ui.label(
                    egui::RichText::new(texts.show(&announced.recent))
                        .small()
                        .weak(),
                );
                ui.ctx().accesskit_node_builder(line.id, |node| {
                    node.set_live(egui::accesskit::Live::Polite);
                });
            }
            #[cfg(target_arch = "wasm32")]
            let _ = &announced;
        });
    Ok(())
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
