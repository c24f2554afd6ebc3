//! Widgets the windows share: a seat's mark, and keyboard focus for a menu that opens.

use bevy::prelude::*;
use bevy_egui::egui::{self, Pos2, Stroke};
use ludo_core::Colour;

use crate::theme::file::Mark;
use crate::theme::look::{Look, egui as to_egui};

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

/// Gives the first button drawn with this `response` the keyboard focus when nothing has it,
/// so the arrow keys and Enter work in a menu as soon as it opens (egui moves focus with
/// Tab and the arrows only from a focused widget). A screen reader is told, as for a Tab:
/// egui says so only for focus the keyboard moved. `label` in reading order.
pub fn focus_first(response: &egui::Response, label: &str) {
    if response.ctx.memory(|m| m.focused().is_none()) {
        response.request_focus();
        response.output_event(egui::output::OutputEvent::FocusGained(
            egui::WidgetInfo::labeled(egui::WidgetType::Button, response.enabled(), label),
        ));
    }
}

/// Where a finger would go to press `what`, in CSS pixels, on the browser's console each
/// time it moves (the phone test taps there): `ludo: tap - WHAT X,Y`. `said` keeps the last.
pub fn say_where_to_tap(what: &str, response: &egui::Response, said: &mut String) {
    if cfg!(target_arch = "wasm32") {
        let c = response.rect.center() * response.ctx.zoom_factor();
        let line = format!("ludo: tap - {what} {:.0},{:.0}", c.x, c.y);
        if *said != line {
            info!("{line}");
            *said = line;
        }
    }
}

/// The widest a window may be: the screen less a margin (a phone held upright is 360 wide).
pub fn max_window_width(ctx: &egui::Context) -> f32 {
    (ctx.content_rect().width() - 16.0).max(100.0)
}

/// A window's contents, scrolling when the screen is short (a phone held upright).
pub fn scroll_if_short<R>(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    let room = (ui.ctx().content_rect().height() - 80.0).max(100.0);
    egui::ScrollArea::vertical()
        .max_height(room)
        .show(ui, add)
        .inner
}
