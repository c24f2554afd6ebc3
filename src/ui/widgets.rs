//! Widgets the windows share, and their palette: the theme's skin as egui colours (the one
//! place in `ui/` with colours of its own: the dimming veil and the medals), a seat's mark,
//! the bar's icon buttons, the main button, keyboard focus for a menu that opens, and where
//! a finger would press a button.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, Pos2, Stroke};
use ludo_core::Colour;

use crate::i18n::Words;
use crate::table::signal::Signal;
use crate::theme::file::Mark;
use crate::theme::look::{Look, Skin, egui as to_egui};

/// The skin's colours and sizes as egui takes them.
#[derive(Clone, Debug)]
pub struct Palette {
    pub panel: Color32,
    pub edge: Color32,
    pub text: Color32,
    pub weak_text: Color32,
    pub primary: Color32,
    pub primary_text: Color32,
    pub warning: Color32,
    /// Over a plate whose seat is not to play.
    pub dim: Color32,
    pub radius: f32,
    pub text_size: f32,
    pub prompt_size: f32,
}

impl Palette {
    pub fn of(skin: &Skin) -> Palette {
        Palette {
            panel: to_egui(skin.panel),
            edge: to_egui(skin.edge),
            text: to_egui(skin.text),
            weak_text: to_egui(skin.weak_text),
            primary: to_egui(skin.primary),
            primary_text: to_egui(skin.primary_text),
            warning: to_egui(skin.warning),
            dim: Color32::from_black_alpha(110),
            radius: skin.corner_radius,
            text_size: skin.text_size,
            prompt_size: skin.prompt_size,
        }
    }

    /// Gold, silver, bronze, then plain, by place from 0.
    pub fn medal(&self, place: usize) -> Color32 {
        match place {
            0 => Color32::from_rgb(245, 196, 48),
            1 => Color32::from_rgb(200, 206, 214),
            2 => Color32::from_rgb(205, 127, 70),
            _ => self.weak_text,
        }
    }
}

/// Where a part of the board's `Stage` (logical pixels) is in egui's points.
pub fn points(place: bevy::math::Rect, zoom: f32) -> egui::Rect {
    egui::Rect::from_min_max(
        egui::pos2(place.min.x, place.min.y) / zoom,
        egui::pos2(place.max.x, place.max.y) / zoom,
    )
}

/// A plate in a window (a seat in the setup or the lobby, a house rule): a rounded frame
/// edged in `edge`.
pub fn plate_frame(ui: &egui::Ui, edge: Color32) -> egui::Frame {
    egui::Frame::new()
        .fill(ui.visuals().faint_bg_color)
        .stroke(Stroke::new(1.5, edge))
        .corner_radius(ui.visuals().menu_corner_radius)
        .inner_margin(egui::Margin::symmetric(8, 6))
        .outer_margin(egui::Margin::symmetric(0, 2))
}

/// A window's main button (Play again, Continue, Start): the skin's primary colour, large.
pub fn primary_button(ui: &mut egui::Ui, palette: &Palette, text: &Words) -> egui::Response {
    let words = text
        .rich()
        .size(palette.text_size * 1.2)
        .strong()
        .color(palette.primary_text);
    ui.add(
        egui::Button::new(words)
            .fill(palette.primary)
            .min_size(egui::vec2(160.0, 44.0)),
    )
}

/// A small Ludo board in the theme's colours: the four yards, the cross of the track and
/// the goal's triangles (the menu's emblem).
pub fn emblem(ui: &mut egui::Ui, look: &Look, side: f32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
    let p = ui.painter();
    let colour = |c: Colour| to_egui(look.strong(c));
    p.rect_filled(rect.expand(3.0), side * 0.12, to_egui(look.lines));
    let third = side / 3.0 * 0.9;
    let yards = [
        (rect.left_top(), Colour::Yellow),
        (
            rect.right_top() - egui::vec2(third * 1.111, 0.0),
            Colour::Blue,
        ),
        (
            rect.left_bottom() - egui::vec2(0.0, third * 1.111),
            Colour::Green,
        ),
        (
            rect.right_bottom() - egui::vec2(third * 1.111, third * 1.111),
            Colour::Red,
        ),
    ];
    let track = to_egui(look.track);
    p.rect_filled(rect, side * 0.1, track);
    for (at, c) in yards {
        let yard = egui::Rect::from_min_size(at, egui::vec2(third * 1.111, third * 1.111));
        p.rect_filled(yard.shrink(1.0), side * 0.08, colour(c));
        p.rect_filled(
            yard.shrink(side * 0.08),
            side * 0.04,
            to_egui(look.yard_inner),
        );
        paint_mark(p, look, c, yard.center(), side * 0.14);
    }
    let c = rect.center();
    let h = side * 0.16;
    let corners = [
        Pos2::new(c.x - h, c.y - h),
        Pos2::new(c.x + h, c.y - h),
        Pos2::new(c.x + h, c.y + h),
        Pos2::new(c.x - h, c.y + h),
    ];
    for (i, col) in [Colour::Blue, Colour::Red, Colour::Green, Colour::Yellow]
        .into_iter()
        .enumerate()
    {
        let tri = vec![corners[i], corners[(i + 1) % 4], c];
        p.add(egui::Shape::convex_polygon(tri, colour(col), Stroke::NONE));
    }
}

/// Behind the menus: the theme's background with the four seats' colours glowing faintly
/// from the corners.
pub fn paint_backdrop(ctx: &egui::Context, look: &Look) {
    let screen = ctx.content_rect();
    let p = ctx.layer_painter(egui::LayerId::background());
    p.rect_filled(screen, 0.0, to_egui(look.background));
    let r = screen.width().max(screen.height()) * 0.45;
    let corners = [
        (screen.left_top(), Colour::Yellow),
        (screen.right_top(), Colour::Blue),
        (screen.left_bottom(), Colour::Green),
        (screen.right_bottom(), Colour::Red),
    ];
    for (at, c) in corners {
        let glow = to_egui(look.strong(c));
        for (k, alpha) in [(1.0, 0.05), (0.7, 0.06), (0.4, 0.08)] {
            p.circle_filled(at, r * k, glow.gamma_multiply(alpha));
        }
    }
}

/// What an icon button of the bar shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Icon {
    Menu,
    Sound {
        muted: bool,
    },
    Rules,
    Log,
    /// A review's step back or forward.
    Step {
        forward: bool,
    },
    Play,
    Pause,
    Close,
    /// Reactions: a smiling face.
    React,
    /// A hint: a light bulb.
    Hint,
}

/// A square button with a drawn icon (no font needed), named for screen readers by `label`.
pub fn icon_button(
    ui: &mut egui::Ui,
    icon: Icon,
    label: impl AsRef<str>,
    side: f32,
) -> egui::Response {
    let label = label.as_ref();
    let (rect, response) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::click());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Button, true, label));
    let visuals = ui.style().interact(&response);
    let p = ui.painter();
    p.rect(
        rect,
        visuals.corner_radius,
        visuals.weak_bg_fill,
        visuals.bg_stroke,
        egui::StrokeKind::Inside,
    );
    let ink = Stroke::new((side * 0.07).max(1.5), visuals.text_color());
    icon.paint(p, rect.center(), side * 0.2, ink);
    response
}

impl Icon {
    /// Draws the icon around `c`, `u` a fifth of the button's side, in `ink`.
    fn paint(self, p: &egui::Painter, c: Pos2, u: f32, ink: Stroke) {
        let v = egui::vec2;
        match self {
            Icon::Menu => {
                for dy in [-u, 0.0, u] {
                    p.line_segment([c + v(-u * 1.2, dy), c + v(u * 1.2, dy)], ink);
                }
            }
            Icon::Log => {
                for dy in [-u, 0.0, u] {
                    p.circle_filled(c + v(-u * 1.2, dy), ink.width * 0.7, ink.color);
                    p.line_segment([c + v(-u * 0.6, dy), c + v(u * 1.2, dy)], ink);
                }
            }
            Icon::Rules => paint_book(p, c, u, ink),
            Icon::Step { forward } => {
                let d = if forward { 1.0 } else { -1.0 };
                let pts = vec![
                    c + v(d * u * 0.9, 0.0),
                    c + v(-d * u * 0.6, -u),
                    c + v(-d * u * 0.6, u),
                ];
                p.add(egui::Shape::convex_polygon(pts, ink.color, Stroke::NONE));
                let bar = c.x + d * u * 1.2;
                p.line_segment([Pos2::new(bar, c.y - u), Pos2::new(bar, c.y + u)], ink);
            }
            Icon::Play => {
                let pts = vec![
                    c + v(u * 1.1, 0.0),
                    c + v(-u * 0.8, -u * 1.1),
                    c + v(-u * 0.8, u * 1.1),
                ];
                p.add(egui::Shape::convex_polygon(pts, ink.color, Stroke::NONE));
            }
            Icon::Pause => {
                for dx in [-0.5, 0.5] {
                    let bar = egui::Rect::from_center_size(
                        c + v(dx * u * 1.1, 0.0),
                        v(u * 0.45, u * 2.1),
                    );
                    p.rect_filled(bar, 1.0, ink.color);
                }
            }
            Icon::Close => paint_cross(p, c, u, ink),
            Icon::React => paint_smile(p, c, u, ink),
            Icon::Hint => {
                p.circle_stroke(c + v(0.0, -u * 0.35), u * 0.9, ink);
                for (dy, half) in [(0.85, 0.45), (1.2, 0.3)] {
                    p.line_segment([c + v(-u * half, u * dy), c + v(u * half, u * dy)], ink);
                }
            }
            Icon::Sound { muted } => paint_speaker(p, c, u, ink, muted),
        }
    }
}

/// An open book: two pages from the spine.
fn paint_book(p: &egui::Painter, c: Pos2, u: f32, ink: Stroke) {
    let (top, bottom) = (c.y - u * 1.1, c.y + u * 1.1);
    for side in [-1.0, 1.0] {
        let pts = vec![
            Pos2::new(c.x, top + u * 0.3),
            Pos2::new(c.x + side * u * 1.4, top),
            Pos2::new(c.x + side * u * 1.4, bottom - u * 0.3),
            Pos2::new(c.x, bottom),
        ];
        p.add(egui::Shape::closed_line(pts, ink));
    }
}

/// A face: its outline, two eyes and a smile.
fn paint_smile(p: &egui::Painter, c: Pos2, u: f32, ink: Stroke) {
    p.circle_stroke(c, u * 1.3, ink);
    for dx in [-0.45, 0.45] {
        p.circle_filled(
            c + egui::vec2(dx * u, -0.35 * u),
            ink.width * 0.8,
            ink.color,
        );
    }
    let smile: Vec<Pos2> = (0..=8)
        .map(|i| {
            let a = 0.5 + 2.14 * i as f32 / 8.0;
            c + egui::vec2(0.7 * u * a.cos(), 0.15 * u + 0.55 * u * a.sin())
        })
        .collect();
    p.add(egui::Shape::line(smile, ink));
}

/// An ×, `u` from its centre to each arm's end along each axis.
fn paint_cross(p: &egui::Painter, c: Pos2, u: f32, ink: Stroke) {
    for (a, b) in [(-1.0, -1.0), (-1.0, 1.0)] {
        p.line_segment(
            [c + egui::vec2(a * u, b * u), c - egui::vec2(a * u, b * u)],
            ink,
        );
    }
}

/// A speaker, with two waves, or crossed out when muted.
fn paint_speaker(p: &egui::Painter, c: Pos2, u: f32, ink: Stroke, muted: bool) {
    let body = vec![
        Pos2::new(c.x - u * 1.3, c.y - u * 0.5),
        Pos2::new(c.x - u * 0.6, c.y - u * 0.5),
        Pos2::new(c.x + u * 0.2, c.y - u * 1.2),
        Pos2::new(c.x + u * 0.2, c.y + u * 1.2),
        Pos2::new(c.x - u * 0.6, c.y + u * 0.5),
        Pos2::new(c.x - u * 1.3, c.y + u * 0.5),
    ];
    p.add(egui::Shape::convex_polygon(body, ink.color, Stroke::NONE));
    if muted {
        paint_cross(p, Pos2::new(c.x + u, c.y), u * 0.45, ink);
        return;
    }
    for r in [0.7, 1.2] {
        let arc: Vec<Pos2> = (0..=8)
            .map(|i| {
                let a = -0.8 + 1.6 * i as f32 / 8.0;
                Pos2::new(c.x + u * 0.3 + u * r * a.cos(), c.y + u * r * a.sin())
            })
            .collect();
        p.add(egui::Shape::line(arc, ink));
    }
}

/// Draws a seat's colour disc with its owner mark, for colour-blind players.
pub fn mark_icon(ui: &mut egui::Ui, look: &Look, colour: Colour, size: f32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    paint_mark(ui.painter(), look, colour, rect.center(), size);
}

/// A seat's disc and mark of `size` centred at `c`.
pub fn paint_mark(p: &egui::Painter, look: &Look, colour: Colour, c: Pos2, size: f32) {
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
pub fn focus_first(response: &egui::Response, label: impl AsRef<str>) {
    let label = label.as_ref();
    if response.ctx.memory(|m| m.focused().is_none()) {
        response.request_focus();
        response.output_event(egui::output::OutputEvent::FocusGained(
            egui::WidgetInfo::labeled(egui::WidgetType::Button, response.enabled(), label),
        ));
    }
}

/// Where a finger would go to press the buttons a system draws, in CSS pixels, told on the
/// browser's log (`Signal::Tap`) once and again each time one moves: the phone and online
/// tests tap there.
#[derive(SystemParam)]
pub struct Taps<'w, 's> {
    said: Local<'s, Vec<(&'static str, [i32; 2])>>,
    signals: MessageWriter<'w, Signal>,
}

impl Taps<'_, '_> {
    /// Tells where `what` is, unless it was told there already.
    pub fn say(&mut self, what: &'static str, response: &egui::Response) {
        if !cfg!(target_arch = "wasm32") {
            return;
        }
        let c = response.rect.center() * response.ctx.zoom_factor();
        let at = [c.x.round() as i32, c.y.round() as i32];
        if self.said.contains(&(what, at)) {
            return;
        }
        self.said.retain(|(w, _)| *w != what);
        self.said.push((what, at));
        self.signals.write(Signal::Tap {
            what: what.into(),
            at,
        });
    }

    /// The buttons are gone: told again when they are back, even where they were.
    pub fn forget(&mut self) {
        self.said.clear();
    }
}

/// A window's id for this screen size: egui keeps a window's size from frame to frame and only
/// lets it grow with what it showed, so a window opened on a small screen (a phone on its
/// side, a page shrunk) would stay cramped on a larger one; a new size is a new window.
pub fn window_id(ctx: &egui::Context, name: &str) -> egui::Id {
    let screen = ctx.content_rect().size();
    egui::Id::new((name, screen.x.round() as i32, screen.y.round() as i32))
}

/// The widest a window may be: the screen less a margin (a phone held upright is 360 wide).
pub fn max_window_width(ctx: &egui::Context) -> f32 {
    // The skin's window margins come on top of the width asked for.
    let margins = ctx.global_style().spacing.window_margin.sum().x;
    (ctx.content_rect().width() - 16.0 - margins).max(100.0)
}

/// A window's contents, scrolling when the screen is short (a phone held upright).
pub fn scroll_if_short<R>(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    let room = (ui.ctx().content_rect().height() - 80.0).max(100.0);
    egui::ScrollArea::vertical()
        .max_height(room)
        .show(ui, add)
        .inner
}
