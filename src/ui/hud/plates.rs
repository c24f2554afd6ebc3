//! Each seat's plate at its corner of the board: mark and colour, name, level or rating,
//! pieces home as four pips, the turn clock as a ring that drains around the mark, and what
//! is special about the seat now (the CPU plays it, away, reconnecting, its place). The seat
//! to play has its plate lit and gently pulsing; the others are dimmed; the winner's glows.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{self, Color32, Pos2, Stroke};

use crate::board::camera::Stage;
use crate::i18n::{Texts, Words};
use crate::online::{Online, Status};
use crate::table::flow::{AutopilotRequested, Decider};
use crate::table::profiles::Profiles;
use crate::table::settings::Settings;
use crate::table::turn_clock::TurnClock;
use crate::table::{SeatKind, Table};
use crate::theme::ActiveTheme;
use crate::theme::look::egui as to_egui;
use crate::ui::widgets::{Palette, Taps, paint_mark};

/// What the plates show.
#[derive(SystemParam)]
pub(super) struct Shown<'w> {
    stage: Res<'w, Stage>,
    table: Res<'w, Table>,
    theme: Res<'w, ActiveTheme>,
    texts: Res<'w, Texts>,
    settings: Res<'w, Settings>,
    clock: Res<'w, TurnClock>,
    decider: Res<'w, Decider>,
    online: Option<Res<'w, Online>>,
    profiles: Res<'w, Profiles>,
}

/// A tap on a plate whose seat the CPU plays for its person takes it back (once a frame).
#[derive(SystemParam)]
pub(super) struct TakeBack<'w, 's> {
    autopilot: MessageWriter<'w, AutopilotRequested>,
    taps: Taps<'w, 's>,
    tapped: Local<'s, bool>,
}

/// What every plate of this frame shares.
struct Now {
    palette: Palette,
    zoom: f32,
    /// The slow breath of the seat to play's edge, still under reduced motion.
    pulse: f32,
    /// The seats placed first: the winner, or under partners the winning pair.
    winners: Vec<u8>,
}

pub(super) fn plates(mut contexts: EguiContexts, shown: Shown, mut take_back: TakeBack) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let time = ctx.input(|i| i.time) as f32;
    let now = Now {
        palette: Palette::of(&shown.theme.look.ui),
        zoom: ctx.zoom_factor(),
        pulse: if shown.settings.reduced_motion {
            1.0
        } else {
            0.75 + 0.25 * (time * 3.0).sin()
        },
        winners: shown.table.game.ranking().map_or_else(Vec::new, |r| {
            r.iter().filter(|s| s.rank == 1).map(|s| s.seat).collect()
        }),
    };
    *take_back.tapped = false;
    for seat in 0..shown.table.game.seats() {
        let place = shown.stage.plate(seat);
        let rect = crate::ui::widgets::points(place, now.zoom);
        egui::Area::new(egui::Id::new(("plate", seat)))
            .order(egui::Order::Background)
            .fixed_pos(rect.min)
            .interactable(true)
            .show(&ctx, |ui| {
                ui.set_min_size(rect.size());
                ui.set_max_size(rect.size());
                plate(ui, &shown, &now, seat, rect, &mut take_back);
            });
    }
    Ok(())
}

/// One seat's plate in `rect`.
fn plate(
    ui: &mut egui::Ui,
    shown: &Shown,
    now: &Now,
    seat: u8,
    rect: egui::Rect,
    take_back: &mut TakeBack,
) {
    let (game, palette) = (&shown.table.game, &now.palette);
    let colour = shown.table.layout.colours[seat as usize];
    let current = !game.is_over() && seat == game.turn();
    let strong = to_egui(shown.theme.look.seat(colour).strong);
    // Partners at a glance: the band along the top ends in the partner's colour.
    let partner = game.rules().partner(seat).map(|p| {
        let colour = shown.table.layout.colours[p as usize];
        to_egui(shown.theme.look.seat(colour).strong)
    });
    let painter = ui.painter().clone();
    let won = now.winners.contains(&seat);
    backdrop(&painter, now, rect, (strong, partner), current, won);
    let inner = rect.shrink(8.0);
    let disc = (inner.height() * 0.72).min(inner.width() * 0.3).min(56.0);
    let centre = egui::pos2(inner.left() + disc / 2.0 + 2.0, inner.center().y);
    paint_mark(&painter, &shown.theme.look, colour, centre, disc);
    if current {
        turn_clock(&painter, shown, palette, centre, disc);
    }
    let home = game
        .pieces(seat)
        .iter()
        .filter(|&&p| p == game.goal())
        .count();
    let pips = Pips {
        size: (disc * 0.1).clamp(3.5, 5.5),
        home,
        colour: strong,
    };
    // The place of a seat that finished, as a medal: the order it finished in, and once the
    // game is over its rank (under partners the pair's, which may differ).
    if let Some(i) = game.finished().iter().position(|&s| s == seat) {
        let rank = game
            .ranking()
            .and_then(|r| r.iter().find(|s| s.seat == seat))
            .map_or(i, |s| s.rank as usize - 1);
        let at = egui::pos2(inner.right() - 12.0, inner.top() + 12.0);
        medal(&painter, palette, at, rank);
    }
    if shown.stage.compact {
        // Pieces home under the mark.
        let y = (centre.y + disc / 2.0 + pips.size * 1.6).min(inner.bottom() - pips.size);
        let left = egui::pos2(centre.x - pips.size * 3.9, y);
        paint_pips(&painter, left, pips.size, home, strong, palette);
    } else {
        let words = egui::Rect::from_min_max(
            egui::pos2(centre.x + disc / 2.0 + 10.0, inner.top()),
            egui::pos2(inner.right() - 24.0, inner.bottom()),
        );
        let mut words_ui = ui.new_child(
            egui::UiBuilder::new()
                .max_rect(words)
                .layout(egui::Layout::top_down(egui::Align::Min)),
        );
        seat_words(&mut words_ui, shown, now, seat, &pips, take_back);
    }
    if !current && !won {
        painter.rect_filled(rect, palette.radius, palette.dim);
    }
}

/// The turn clock, draining around the mark (red in its last ten seconds).
fn turn_clock(painter: &egui::Painter, shown: &Shown, palette: &Palette, centre: Pos2, disc: f32) {
    let (Some(left), Some(limit)) = (shown.clock.left, shown.table.turn_limit.secs()) else {
        return;
    };
    let share = (left / limit).clamp(0.0, 1.0);
    let ring = if left < 10.0 {
        palette.warning
    } else {
        palette.text
    };
    let stroke = Stroke::new(3.0, ring);
    paint_arc(painter, centre, disc * 0.5 + 3.0, share, stroke);
}

/// A finished seat's place (`i` from 0) as a numbered medal at `at`.
fn medal(painter: &egui::Painter, palette: &Palette, at: Pos2, i: usize) {
    painter.circle_filled(at, 11.0, palette.medal(i));
    let number = egui::FontId::proportional(13.0);
    let centred = egui::Align2::CENTER_CENTER;
    painter.text(
        at,
        centred,
        (i + 1).to_string(),
        number,
        palette.primary_text,
    );
}

/// The plate's face: the winner's glow, the panel, the edge (lit for the seat to play) and a
/// band of the seat's colour along its top.
fn backdrop(
    painter: &egui::Painter,
    now: &Now,
    rect: egui::Rect,
    (strong, partner): (Color32, Option<Color32>),
    current: bool,
    winner: bool,
) {
    let (palette, radius) = (&now.palette, now.palette.radius);
    if winner {
        let glow = palette.primary.gamma_multiply(0.35 + 0.35 * now.pulse);
        painter.rect_filled(rect.expand(6.0), radius + 6.0, glow);
    }
    painter.rect_filled(rect, radius, palette.panel);
    let edge = if current {
        Stroke::new(3.0, strong.gamma_multiply(now.pulse))
    } else {
        Stroke::new(1.0, palette.edge)
    };
    painter.rect_stroke(rect, radius, edge, egui::StrokeKind::Inside);
    let band = egui::Rect::from_min_size(rect.min, egui::vec2(rect.width(), 4.0))
        .shrink2(egui::vec2(radius, 0.0));
    painter.rect_filled(band, 2.0, strong);
    if let Some(partner) = partner {
        let mut end = band;
        end.min.x = band.max.x - band.width() / 3.0;
        painter.rect_filled(end, 2.0, partner);
    }
}

/// A plate's pieces home: four pips of `size`, `home` of them filled in `colour`.
struct Pips {
    size: f32,
    home: usize,
    colour: Color32,
}

/// The seat's name, and under it its pips and what is special about it now.
fn seat_words(
    ui: &mut egui::Ui,
    shown: &Shown,
    now: &Now,
    seat: u8,
    pips: &Pips,
    take_back: &mut TakeBack,
) {
    let (texts, table) = (&*shown.texts, &*shown.table);
    ui.spacing_mut().item_spacing = egui::vec2(6.0, 2.0);
    // A CPU's level is a small word beside "CPU", not part of the name, so that names fit
    // a phone's plate whole.
    let size = now.palette.text_size * 1.15;
    match table.seat_kind(seat) {
        SeatKind::Cpu(level) => {
            // One label (a row would be a control's height on a phone): read in the
            // language's direction, "CPU" first.
            let cpu = texts.get("plate-cpu").rich().strong().size(size);
            let level = texts.line(format!(" {} ", texts.level(*level)));
            let level = level.rich().weak().size(now.palette.text_size * 0.9);
            let mut job = egui::text::LayoutJob::default();
            let parts = if texts.rtl {
                [level, cpu]
            } else {
                [cpu, level]
            };
            for part in parts {
                let (style, font) = (ui.style(), egui::FontSelection::Default);
                part.append_to(&mut job, style, font, egui::Align::BOTTOM);
            }
            ui.add(egui::Label::new(job).truncate());
        }
        person => {
            let name = texts.player(person).rich().strong().size(size);
            ui.add(egui::Label::new(name).truncate());
        }
    }
    ui.horizontal(|ui| {
        let size = egui::vec2(pips.size * 10.4, pips.size * 2.4);
        let (room, _) = ui.allocate_exact_size(size, egui::Sense::hover());
        let left = room.left_center();
        paint_pips(
            ui.painter(),
            left,
            pips.size,
            pips.home,
            pips.colour,
            &now.palette,
        );
        seat_state(ui, shown, now, seat, take_back);
    });
    // Under partners, whose partner it is, on a line of its own where the plate has room for
    // it (a small plate has the band of the partner's colour alone).
    let room = ui.available_height() >= now.palette.text_size * 1.2;
    if let Some(partner) = table.game.rules().partner(seat).filter(|_| room) {
        let colour = texts.colour(table.layout.colours[partner as usize]);
        let with = texts.fmt("plate-with-partner", &[("partner", colour.into())]);
        ui.add(egui::Label::new(with.rich().weak()).truncate());
    }
}

/// What is special about the seat now — the CPU plays it (a tap takes it back), away,
/// reconnecting — or else its colour and rating ("you" for this device's seat online).
fn seat_state(ui: &mut egui::Ui, shown: &Shown, now: &Now, seat: u8, take_back: &mut TakeBack) {
    let (texts, table, palette) = (&*shown.texts, &*shown.table, &now.palette);
    let online = shown.online.as_deref();
    let mine = online.is_some_and(|o| o.seat == Some(seat));
    let away = table.autopilot[seat as usize];
    let reconnecting = mine
        && online
            .is_some_and(|o| matches!(o.status, Status::Connecting | Status::Reconnecting { .. }));
    if *shown.decider == Decider::Here && away {
        let chip = egui::Button::selectable(true, texts.get("plate-cpu-plays"))
            .min_size(egui::vec2(0.0, 44.0 / now.zoom));
        let response = ui.add(chip);
        take_back.taps.say("back", &response);
        if response.clicked() && !*take_back.tapped {
            *take_back.tapped = true;
            take_back.autopilot.write(AutopilotRequested {
                seat,
                cpu_plays: false,
            });
        }
    } else if away {
        badge(ui, &texts.get("online-away"), palette.warning);
    } else if reconnecting {
        badge(ui, &texts.get("plate-reconnecting"), palette.warning);
    } else if ui.available_width() > 48.0 {
        let colour = table.layout.colours[seat as usize];
        let colours = texts.colour(colour);
        let second = match table.seat_kind(seat) {
            _ if mine => texts.get("online-you"),
            SeatKind::Person { name } => match shown.profiles.get(name) {
                Some(p) => texts.line(format!("{} · {:.0}", colours, p.rating)),
                None => colours,
            },
            SeatKind::Cpu(_) => colours,
        };
        let words = second.rich().weak().size(palette.text_size * 0.9);
        ui.add(egui::Label::new(words).truncate());
    }
}

/// Four pips from `left` (the first's left edge, mid-height): filled for pieces home.
fn paint_pips(
    painter: &egui::Painter,
    left: Pos2,
    pip: f32,
    home: usize,
    colour: Color32,
    palette: &Palette,
) {
    for i in 0..4 {
        let at = left + egui::vec2(pip + i as f32 * pip * 2.6, 0.0);
        if i < home {
            painter.circle_filled(at, pip, colour);
        } else {
            painter.circle_stroke(at, pip - 0.5, Stroke::new(1.2, palette.weak_text));
        }
    }
}

/// A word in a rounded frame of `colour`.
fn badge(ui: &mut egui::Ui, text: &Words, colour: Color32) {
    egui::Frame::new()
        .stroke(Stroke::new(1.0, colour))
        .corner_radius(6.0)
        .inner_margin(egui::Margin::symmetric(6, 1))
        .show(ui, |ui| {
            ui.add(egui::Label::new(text.rich().small().color(colour)).truncate())
        });
}

/// The part `share` (0 to 1) of a circle, clockwise from the top.
fn paint_arc(painter: &egui::Painter, centre: Pos2, radius: f32, share: f32, stroke: Stroke) {
    if share <= 0.0 {
        return;
    }
    let steps = (64.0 * share).ceil().max(2.0) as usize;
    let points: Vec<Pos2> = (0..=steps)
        .map(|i| {
            let a = std::f32::consts::TAU * share * i as f32 / steps as f32;
            centre + radius * egui::vec2(a.sin(), -a.cos())
        })
        .collect();
    painter.add(egui::Shape::line(points, stroke));
}
