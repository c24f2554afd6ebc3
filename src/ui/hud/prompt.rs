//! The prompt: one large line by the board saying what the seat to play should do (in the
//! seat's colour when a person here is to act), under it the hint once asked (the bar has
//! its button), and what needs reading now — a file's problem, the
//! connection, and on the desktop the last thing that happened, a live line the screen
//! reader says as it changes.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui;

use crate::board::camera::Stage;
use crate::i18n::Texts;
use crate::i18n::ui::paragraph_rich;
use crate::online::{Online, Status};
use crate::table::Table;
use crate::table::flow::Decider;
use crate::table::hint::{Given, Hint, may_hint};
use crate::theme::ActiveTheme;
use crate::theme::look::egui as to_egui;
use crate::ui::widgets::Palette;

/// What the prompt speaks of: the table, who decides it, and how this device is used.
#[derive(SystemParam)]
pub(super) struct PromptSeen<'w> {
    table: Res<'w, Table>,
    decider: Res<'w, Decider>,
    fingers: Res<'w, crate::board::input::Fingers>,
    texts: Res<'w, Texts>,
    theme: Res<'w, ActiveTheme>,
}

/// The hint given, and whether hints may be asked (the bar has the button).
#[derive(SystemParam)]
pub(super) struct Hinting<'w> {
    hint: Res<'w, Hint>,
    profiles: Res<'w, crate::table::profiles::Profiles>,
}

/// What needs reading under the prompt: a file's problem, the connection, what just happened.
#[derive(SystemParam)]
pub(super) struct Notes<'w> {
    notice: Res<'w, crate::files::saved::Notice>,
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    announced: Res<'w, super::announce::Announcements>,
    online: Option<Res<'w, Online>>,
}

pub(super) fn prompt_area(
    mut contexts: EguiContexts,
    stage: Res<Stage>,
    seen: PromptSeen,
    notes: Notes,
    hinting: Hinting,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let palette = Palette::of(&seen.theme.look.ui);
    let rect = crate::ui::widgets::points(stage.prompt, ctx.zoom_factor());
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
            prompt_line(ui, &seen, &palette);
            let hinted = hint_row(ui, &seen, &hinting, &palette);
            notes_under(ui, &notes, &seen.texts, &palette, hinted);
            if let Some(online) = &notes.online {
                dice_sealed(ui, online, &seen);
            }
        });
    Ok(())
}

/// The large line; when a person here is to act, in the seat's colour, written in its ink.
fn prompt_line(ui: &mut egui::Ui, seen: &PromptSeen, palette: &Palette) {
    let (table, texts) = (&*seen.table, &*seen.texts);
    let game = &table.game;
    let to_act =
        !game.is_over() && !table.cpu_to_act() && seen.decider.person_here(table, game.turn());
    let seat = seen
        .theme
        .look
        .seat(table.layout.colours[game.turn() as usize]);
    let (frame, ink) = if to_act {
        let frame = egui::Frame::new()
            .fill(to_egui(seat.strong))
            .corner_radius(palette.radius)
            .inner_margin(egui::Margin::symmetric(12, 8))
            .stroke(egui::Stroke::new(
                1.0,
                to_egui(seat.ink).gamma_multiply(0.4),
            ));
        (frame, to_egui(seat.ink))
    } else {
        let frame = egui::Frame::new().inner_margin(egui::Margin::symmetric(4, 4));
        (frame, palette.text)
    };
    let text = texts.prompt(table, *seen.decider, seen.fingers.0);
    frame.show(ui, |ui| {
        ui.set_width(ui.available_width());
        paragraph_rich(ui, texts, &text, |t| {
            egui::RichText::new(t)
                .size(palette.prompt_size)
                .strong()
                .color(ink)
        });
    });
}

/// The hint given for the move awaited (then true).
fn hint_row(ui: &mut egui::Ui, seen: &PromptSeen, hinting: &Hinting, palette: &Palette) -> bool {
    let (table, texts) = (&*seen.table, &*seen.texts);
    let given = hinting
        .hint
        .shown
        .filter(|given| given.step == table.record.steps.len());
    let Some(given) = given.filter(|_| may_hint(table, *seen.decider, &hinting.profiles)) else {
        return false;
    };
    ui.add_space(4.0);
    let words = hint_words(texts, given);
    paragraph_rich(ui, texts, &words, |t| {
        egui::RichText::new(t).color(palette.text)
    });
    true
}

/// A hint in words: the best piece, and by how much.
pub(super) fn hint_words(texts: &Texts, given: Given) -> crate::i18n::Words {
    if given.by < 0.5 {
        texts.fmt("hud-hint-even", &[("piece", (given.piece + 1).into())])
    } else {
        texts.fmt(
            "hud-hint-given",
            &[
                ("piece", (given.piece + 1).into()),
                ("points", format!("{:.1}", given.by).into()),
            ],
        )
    }
}

/// The screen reader hears a hint as it is given.
pub(super) fn say_hint(
    hint: Res<Hint>,
    texts: Res<Texts>,
    mut said: ResMut<super::announce::Announcements>,
) {
    if hint.is_changed()
        && let Some(given) = hint.shown
    {
        said.say_now(hint_words(&texts, given).into_string());
    }
}

/// An online game's dice: being sealed, then (for its first moves) who sealed them, the
/// promises folded under that line.
fn dice_sealed(ui: &mut egui::Ui, online: &Online, seen: &PromptSeen) {
    let texts = &*seen.texts;
    let Some(g) = online.room.as_ref().and_then(|r| r.game.as_ref()) else {
        return;
    };
    if online.status != Status::Connected || g.result.is_some() {
        return;
    }
    if !g.dice.sealed() {
        ui.label(texts.get("dice-sealing").rich().small().weak());
        return;
    }
    // Said at the start; the review and the results say it again at the end.
    if online.seq >= 40 {
        return;
    }
    let revealed = g.dice.revealed();
    let line = if g.dice.shares.is_empty() {
        texts.get("dice-sealed-alone")
    } else {
        texts.fmt("dice-sealed-by", &[("devices", revealed.into())])
    };
    // The line wraps in the narrow room beside the board (a header would not, and would
    // push the prompt over the board); the promises fold under a short header of their own.
    ui.label(line.rich().small().weak());
    egui::CollapsingHeader::new(texts.get("dice-promises").rich().small())
        .id_salt("dice_promises")
        .show(ui, |ui| {
            let short = |hex: &str| format!("{}…", &hex[..hex.len().min(16)]);
            let server = texts.get("dice-promise-server");
            ui.label(
                texts
                    .line(format!("{server}: {}", short(&g.dice.promised)))
                    .rich()
                    .small()
                    .monospace(),
            );
            for share in &g.dice.shares {
                let who = texts.seat(&seen.table, share.seat);
                let what = match (&share.promised, &share.secret) {
                    (Some(p), Some(_)) => short(p),
                    _ => texts.get("dice-left-out-one").into_string(),
                };
                ui.label(
                    texts
                        .line(format!("{who}: {what}"))
                        .rich()
                        .small()
                        .monospace(),
                );
            }
        });
    let left = g.dice.left_out().len();
    if left > 0 {
        ui.label(
            texts
                .fmt("dice-left-out", &[("left", left.into())])
                .rich()
                .small()
                .weak(),
        );
    }
}

/// `hinted`: the hint is shown, and is what was said last (the line of what just happened
/// would repeat the moves the prompt offers, past a phone's room).
#[cfg_attr(target_arch = "wasm32", allow(unused_variables))]
fn notes_under(ui: &mut egui::Ui, notes: &Notes, texts: &Texts, palette: &Palette, hinted: bool) {
    if let Some(n) = &texts.notice(&notes.notice) {
        paragraph_rich(ui, texts, n, |t| {
            egui::RichText::new(t).color(palette.warning)
        });
    }
    if let Some(online) = &notes.online {
        let line = match online.status {
            Status::Connecting | Status::Reconnecting { .. } => {
                Some(texts.get("online-reconnecting"))
            }
            Status::Failed => online
                .problem
                .as_ref()
                .map(|problem| texts.online_problem(problem)),
            Status::Connected => None,
        };
        if let Some(line) = line {
            ui.label(line.rich().color(palette.warning));
        }
    }
    // On the desktop, what just happened in words, for the screen reader to say as it
    // changes (the browser's page has a live region of its own).
    #[cfg(not(target_arch = "wasm32"))]
    if !hinted && !notes.announced.recent.is_empty() {
        let line = ui.label(
            texts
                .sentences(&notes.announced.recent)
                .rich()
                .small()
                .weak(),
        );
        ui.ctx().accesskit_node_builder(line.id, |node| {
            node.set_live(egui::accesskit::Live::Polite);
        });
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
        let said = |t: &Table| texts.prompt(t, Decider::Here, false).into_string();
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
