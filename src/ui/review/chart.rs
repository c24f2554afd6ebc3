//! The chart of who was winning, drawn with egui's painter: a line per seat in its colour with
//! its mark at the end (for colour-blind players), the turn shown as an upright line, the
//! moments numbered on their lines. A click or drag on it picks a turn.

use bevy_egui::egui::{self, Pos2, Stroke};
use ludo_core::Colour;
use ludo_cpu::chances::{Chart, Measure, Moment};

use crate::theme::look::{Look, egui as to_egui};
use crate::ui::widgets::{Palette, paint_mark};

/// Draws `chart` the full width of `ui`, `height` tall; returns the point clicked or dragged
/// to, if any.
pub fn draw(
    ui: &mut egui::Ui,
    chart: &Chart,
    shown: Option<usize>,
    moments: &[Moment],
    colours: &[Colour],
    look: &Look,
    palette: &Palette,
    height: f32,
) -> Option<usize> {
    let width = ui.available_width();
    let (rect, response) =
        ui.allocate_exact_size(egui::vec2(width, height), egui::Sense::click_and_drag());
    let p = ui.painter_at(rect);
    p.rect_filled(rect, palette.radius, palette.panel.gamma_multiply(0.6));
    // Room for the axis' words on the left and the marks on the right.
    let plot = egui::Rect::from_min_max(
        rect.min + egui::vec2(34.0, 8.0),
        rect.max - egui::vec2(16.0, 8.0),
    );
    let last = chart.points.len().saturating_sub(1).max(1) as f32;
    let seats = colours.len().max(2) as f32;
    // Up is better: a chance of 1, or first place.
    let y_of = |v: f32| match chart.measure {
        Measure::Win => plot.bottom() - v.clamp(0.0, 1.0) * plot.height(),
        Measure::Place => plot.top() + (v - 1.0) / (seats - 1.0) * plot.height(),
    };
    let x_of = |k: usize| plot.left() + k as f32 / last * plot.width();
    let grid: Vec<(f32, String)> = match chart.measure {
        Measure::Win => vec![
            (0.0, "0%".into()),
            (0.5, "50%".into()),
            (1.0, "100%".into()),
        ],
        Measure::Place => (1..=colours.len())
            .map(|k| (k as f32, k.to_string()))
            .collect(),
    };
    let faint = Stroke::new(1.0, palette.weak_text.gamma_multiply(0.35));
    for (v, words) in grid {
        let y = y_of(v);
        p.line_segment(
            [Pos2::new(plot.left(), y), Pos2::new(plot.right(), y)],
            faint,
        );
        p.text(
            Pos2::new(rect.left() + 4.0, y),
            egui::Align2::LEFT_CENTER,
            words,
            egui::FontId::proportional(11.0),
            palette.weak_text,
        );
    }
    if let Some(k) = shown {
        let x = x_of(k);
        p.line_segment(
            [Pos2::new(x, plot.top()), Pos2::new(x, plot.bottom())],
            Stroke::new(2.0, palette.text.gamma_multiply(0.6)),
        );
    }
    for (seat, &colour) in colours.iter().enumerate() {
        let ink = to_egui(look.strong(colour));
        let line: Vec<Pos2> = chart
            .points
            .iter()
            .enumerate()
            .map(|(k, point)| Pos2::new(x_of(k), y_of(point.values[seat])))
            .collect();
        p.add(egui::Shape::line(line.clone(), Stroke::new(2.0, ink)));
        if let Some(k) = shown.filter(|&k| k < line.len()) {
            paint_mark(&p, look, colour, line[k], 13.0);
        } else if let Some(end) = line.last() {
            paint_mark(&p, look, colour, *end, 13.0);
        }
    }
    for (n, moment) in moments.iter().enumerate() {
        let at = Pos2::new(x_of(moment.point), y_of(moment.after));
        p.circle(at, 8.0, palette.panel, Stroke::new(1.5, palette.text));
        p.text(
            at,
            egui::Align2::CENTER_CENTER,
            (n + 1).to_string(),
            egui::FontId::proportional(10.0),
            palette.text,
        );
    }
    let picked = response
        .interact_pointer_pos()
        .filter(|_| response.clicked() || response.dragged())
        .map(|pos| {
            (((pos.x - plot.left()) / plot.width()).clamp(0.0, 1.0) * last).round() as usize
        });
    response.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Other, true, "chart"));
    picked
}
