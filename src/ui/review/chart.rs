//! The chart of who was winning, drawn with egui's painter: a line per seat (under partners a
//! pair) in its colour with its mark at the turn shown (for colour-blind players), the turn
//! shown as an upright line, the moments numbered on their lines. A click or drag on it picks
//! a turn.

use bevy_egui::egui::{self, Pos2, Stroke};
use ludo_core::Colour;
use ludo_cpu::analysis::Class;
use ludo_cpu::chances::{Chart, Measure, Moment};

use crate::theme::look::{Look, egui as to_egui};
use crate::ui::widgets::{Palette, paint_mark};

/// What the chart shows and how.
pub struct Drawn<'a> {
    pub chart: &'a Chart,
    /// The chart's point of the turn shown.
    pub shown: Option<usize>,
    pub moments: &'a [Moment],
    pub colours: &'a [Colour],
    pub look: &'a Look,
    pub palette: &'a Palette,
    /// Under partners: one line a pair (each seat's value is its pair's), in both colours.
    pub pairs: bool,
    /// The turns with a mistake or a blunder (point, seat, class), and with a very
    /// lucky or unlucky throw (point, seat, lucky): `Review::chart_marks`.
    pub classes: &'a [(usize, u8, Class)],
    pub dice: &'a [(usize, u8, bool)],
}

/// Where a turn and a value go in the plot's rectangle.
struct Plot {
    rect: egui::Rect,
    last: f32,
    measure: Measure,
    seats: f32,
}

impl Plot {
    fn x(&self, point: usize) -> f32 {
        self.rect.left() + point as f32 / self.last * self.rect.width()
    }

    /// Up is better: a chance of 1, or first place.
    fn y(&self, v: f32) -> f32 {
        match self.measure {
            Measure::Win => self.rect.bottom() - v.clamp(0.0, 1.0) * self.rect.height(),
            Measure::Place => self.rect.top() + (v - 1.0) / (self.seats - 1.0) * self.rect.height(),
        }
    }

    fn at(&self, point: usize, v: f32) -> Pos2 {
        Pos2::new(self.x(point), self.y(v))
    }

    /// The point under `x`.
    fn point_at(&self, x: f32) -> usize {
        (((x - self.rect.left()) / self.rect.width()).clamp(0.0, 1.0) * self.last).round() as usize
    }
}

/// Draws the chart the full width of `ui`, `height` tall; returns the point clicked or dragged
/// to, if any.
pub fn draw(ui: &mut egui::Ui, d: &Drawn, height: f32) -> Option<usize> {
    let size = egui::vec2(ui.available_width(), height);
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click_and_drag());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Other, true, "chart"));
    let p = ui.painter_at(rect);
    p.rect_filled(rect, d.palette.radius, d.palette.panel.gamma_multiply(0.6));
    // Room for the axis' words on the left and the marks on the right.
    let plot = Plot {
        rect: egui::Rect::from_min_max(
            rect.min + egui::vec2(34.0, 8.0),
            rect.max - egui::vec2(16.0, 8.0),
        ),
        last: d.chart.points.len().saturating_sub(1).max(1) as f32,
        measure: d.chart.measure,
        seats: d.colours.len().max(2) as f32,
    };
    axis(&p, &plot, d, rect.left());
    marks(&p, &plot, d);
    lines(&p, &plot, d);
    for (n, moment) in d.moments.iter().enumerate() {
        let at = plot.at(moment.point, moment.after);
        p.circle(at, 8.0, d.palette.panel, Stroke::new(1.5, d.palette.text));
        p.text(
            at,
            egui::Align2::CENTER_CENTER,
            (n + 1).to_string(),
            egui::FontId::proportional(10.0),
            d.palette.text,
        );
    }
    response
        .interact_pointer_pos()
        .filter(|_| response.clicked() || response.dragged())
        .map(|pos| plot.point_at(pos.x))
}

/// Along the top, each mistake's or blunder's mark (`?`, `??`) in its seat's colour; along
/// the bottom, a die's square for a very lucky throw (+) or unlucky one (−).
fn marks(p: &egui::Painter, plot: &Plot, d: &Drawn) {
    let font = egui::FontId::proportional(10.0);
    for &(point, seat, class) in d.classes {
        let Some(&colour) = d.colours.get(usize::from(seat)) else {
            continue;
        };
        let at = Pos2::new(plot.x(point), plot.rect.top() + 1.0);
        let ink = to_egui(d.look.strong(colour));
        p.text(
            at,
            egui::Align2::CENTER_TOP,
            class.mark(),
            font.clone(),
            ink,
        );
    }
    for &(point, seat, lucky) in d.dice {
        let Some(&colour) = d.colours.get(usize::from(seat)) else {
            continue;
        };
        let at = Pos2::new(plot.x(point), plot.rect.bottom() - 5.0);
        let ink = to_egui(d.look.strong(colour));
        let square = egui::Rect::from_center_size(at, egui::vec2(9.0, 9.0));
        p.rect_stroke(square, 2.0, Stroke::new(1.0, ink), egui::StrokeKind::Inside);
        let sign = if lucky { "+" } else { "−" };
        p.text(at, egui::Align2::CENTER_CENTER, sign, font.clone(), ink);
    }
}

/// The values' lines across the plot, each with its words at the left edge.
fn axis(p: &egui::Painter, plot: &Plot, d: &Drawn, left: f32) {
    let grid: Vec<(f32, String)> = match plot.measure {
        Measure::Win => vec![
            (0.0, "0%".into()),
            (0.5, "50%".into()),
            (1.0, "100%".into()),
        ],
        Measure::Place => (1..=d.colours.len())
            .map(|k| (k as f32, k.to_string()))
            .collect(),
    };
    let faint = Stroke::new(1.0, d.palette.weak_text.gamma_multiply(0.35));
    for (v, words) in grid {
        let y = plot.y(v);
        p.line_segment(
            [
                Pos2::new(plot.rect.left(), y),
                Pos2::new(plot.rect.right(), y),
            ],
            faint,
        );
        p.text(
            Pos2::new(left + 4.0, y),
            egui::Align2::LEFT_CENTER,
            words,
            egui::FontId::proportional(11.0),
            d.palette.weak_text,
        );
    }
}

/// The turn shown, and each seat's line with its mark there (at the end before any turn).
fn lines(p: &egui::Painter, plot: &Plot, d: &Drawn) {
    if let Some(k) = d.shown {
        let x = plot.x(k);
        p.line_segment(
            [
                Pos2::new(x, plot.rect.top()),
                Pos2::new(x, plot.rect.bottom()),
            ],
            Stroke::new(2.0, d.palette.text.gamma_multiply(0.6)),
        );
    }
    let n = d.colours.len();
    for (seat, &colour) in d.colours.iter().enumerate() {
        let line: Vec<Pos2> = d
            .chart
            .points
            .iter()
            .enumerate()
            .map(|(k, point)| plot.at(k, point.values[seat]))
            .collect();
        let ink = to_egui(d.look.strong(colour));
        // A pair's line: the first partner's colour, the second's thinner along it.
        let (width, nudge) = match (d.pairs, seat >= n / 2) {
            (true, true) => (1.0, -14.0),
            (true, false) => (3.0, 0.0),
            (false, _) => (2.0, 0.0),
        };
        p.add(egui::Shape::line(line.clone(), Stroke::new(width, ink)));
        let mark = d.shown.and_then(|k| line.get(k)).or(line.last());
        if let Some(&at) = mark {
            paint_mark(p, d.look, colour, at + egui::vec2(nudge, 0.0), 13.0);
        }
    }
}
