//! Toasts: a short line by the board for what a player should not miss — a capture, a piece
//! home, a seat finishing, an extra roll for a capture or a piece home, three sixes, the CPU
//! taking a seat over — that fades after a moment. The log keeps them all.

use std::collections::VecDeque;

use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui;

use super::log::{LogLine, Word, line};
use crate::board::camera::Stage;
use crate::i18n::Texts;
use crate::table::Table;
use crate::table::flow::{GameStarted, Happened};
use crate::table::settings::Settings;
use crate::theme::ActiveTheme;
use crate::ui::widgets::Palette;

/// How long a toast stays, and how many are shown at once.
const SECS: f64 = 3.0;
const SHOWN: usize = 3;

/// The toasts shown now, newest first, with when each came (the real clock's seconds).
#[derive(Resource, Default)]
pub struct Toasts(pub VecDeque<(LogLine, f64)>);

/// The log's keys worth a toast.
const TOLD: [&str; 5] = [
    "log-captures",
    "log-home",
    "log-finishes",
    "log-extra-roll",
    "log-three-sixes",
];

pub(super) fn take_toasts(
    mut toasts: ResMut<Toasts>,
    mut happened: MessageReader<Happened>,
    mut started: MessageReader<GameStarted>,
    table: Res<Table>,
    time: Res<Time<Real>>,
    mut autopilot: Local<Vec<bool>>,
) {
    let now = time.elapsed_secs_f64();
    if started.read().last().is_some() {
        toasts.0.clear();
    }
    for h in happened.read() {
        // An extra roll for a six alone is on the die for all to see; one for a capture or
        // a piece home is worth a toast.
        if let ludo_core::Event::ExtraRoll { reasons, .. } = h.0
            && !reasons.capture
            && !reasons.goal
        {
            continue;
        }
        if let Some(l) = line(&h.0).filter(|l| TOLD.contains(&l.key)) {
            toasts.0.push_front((l, now));
        }
    }
    // A seat the CPU takes over (handed over, or away online).
    for (seat, &on) in table.autopilot.iter().enumerate() {
        if on && !autopilot.get(seat).copied().unwrap_or(false) {
            let l = LogLine {
                key: "hud-cpu-plays-for",
                words: vec![("name", Word::Seat(seat as u8))],
            };
            toasts.0.push_front((l, now));
        }
    }
    *autopilot = table.autopilot.clone();
    toasts.0.retain(|(_, at)| now - at < SECS);
    toasts.0.truncate(SHOWN);
}

pub(super) fn show_toasts(
    mut contexts: EguiContexts,
    stage: Res<Stage>,
    toasts: Res<Toasts>,
    table: Res<Table>,
    theme: Res<ActiveTheme>,
    texts: Res<Texts>,
    settings: Res<Settings>,
    time: Res<Time<Real>>,
) -> Result {
    // Not over the results.
    if toasts.0.is_empty() || table.game.is_over() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let zoom = ctx.zoom_factor();
    let palette = Palette::of(&theme.look.ui);
    let rect = crate::ui::widgets::points(stage.toasts, zoom);
    let now = time.elapsed_secs_f64();
    egui::Area::new(egui::Id::new("toasts"))
        .order(egui::Order::Foreground)
        .fixed_pos(rect.min)
        .interactable(false)
        .show(&ctx, |ui| {
            ui.set_width(rect.width());
            ui.set_max_height(rect.height());
            // Upright there is room for one (under the prompt, or over the board), and on a
            // short window beside the board (a toast may take three lines): the newest.
            let shown = if stage.upright || rect.height() < 200.0 {
                1
            } else {
                SHOWN
            };
            for (l, at) in toasts.0.iter().take(shown) {
                // The last second fades, unless motion is reduced.
                let left = (SECS - (now - at)) as f32;
                let alpha = if settings.reduced_motion {
                    1.0
                } else {
                    left.clamp(0.0, 1.0)
                };
                egui::Frame::new()
                    .fill(palette.panel.gamma_multiply(0.92 * alpha))
                    .stroke(egui::Stroke::new(
                        1.0,
                        palette.primary.gamma_multiply(alpha),
                    ))
                    .corner_radius(palette.radius)
                    .inner_margin(egui::Margin::symmetric(10, 6))
                    .show(ui, |ui| {
                        ui.set_width(ui.available_width());
                        let text = texts.line(l.text(&texts, &table)).capitalised();
                        ui.label(
                            text.rich()
                                .strong()
                                .color(palette.text.gamma_multiply(alpha)),
                        );
                    });
                ui.add_space(4.0);
            }
        });
    Ok(())
}
