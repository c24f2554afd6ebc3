//! Each seat's plate at its corner of the board: mark and colour, name, level or rating,
//! pieces home as four pips, the turn clock as a ring that drains around the mark, and what
//! is special about the seat now (the CPU plays it, away, reconnecting, its place). The seat
//! to play has its plate lit and gently pulsing; the others are dimmed; the winner's glows.

use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{self, Color32, Pos2, Stroke};

use crate::board::camera::Stage;
use crate::board::squares::yard_centre;
use crate::i18n::Texts;
use crate::online::{Online, Status};
use crate::table::flow::{AutopilotRequested, Decider};
use crate::table::profiles::Profiles;
use crate::table::settings::Settings;
use crate::table::turn_clock::TurnClock;
use crate::table::{SeatKind, Table};
use crate::theme::ActiveTheme;
use crate::theme::look::egui as to_egui;
use crate::ui::widgets::{Palette, paint_mark, say_where_to_tap};

pub(super) fn plates(
    mut contexts: EguiContexts,
    stage: Res<Stage>,
    table: Res<Table>,
    theme: Res<ActiveTheme>,
    (texts, settings, clock): (Res<Texts>, Res<Settings>, Res<TurnClock>),
    (decider, online, profiles): (Res<Decider>, Option<Res<Online>>, Res<Profiles>),
    mut autopilot: MessageWriter<AutopilotRequested>,
    mut said: Local<String>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let zoom = ctx.zoom_factor();
    let palette = Palette::of(&theme.look.ui);
    let time = ctx.input(|i| i.time) as f32;
    // A slow breath, still under reduced motion.
    let pulse = if settings.reduced_motion {
        1.0
    } else {
        0.75 + 0.25 * (time * 3.0).sin()
    };
    let game = &table.game;
    let winner = game.ranking().map(|r| r[0].seat);
    let mut tapped_back = false;
    for seat in 0..game.seats() {
        let colour = table.layout.colours[seat as usize];
        let Some(base) = table.layout.bases.iter().find(|b| b.colour == colour) else {
            continue;
        };
        let place = stage.plate_for(yard_centre(base), Vec2::ZERO);
        let rect = crate::ui::widgets::points(place, zoom);
        let current = !game.is_over() && seat == game.turn();
        let seat_look = theme.look.seat(colour);
        let strong = to_egui(seat_look.strong);
        egui::Area::new(egui::Id::new(("plate", seat)))
            .order(egui::Order::Background)
            .fixed_pos(rect.min)
            .interactable(true)
            .show(&ctx, |ui| {
                ui.set_min_size(rect.size());
                ui.set_max_size(rect.size());
                let painter = ui.painter().clone();
                let radius = palette.radius;
                if winner == Some(seat) {
                    let glow = palette.primary.gamma_multiply(0.35 + 0.35 * pulse);
                    painter.rect_filled(rect.expand(6.0), radius + 6.0, glow);
                }
                painter.rect_filled(rect, radius, palette.panel);
                let edge = if current {
                    Stroke::new(3.0, strong.gamma_multiply(pulse))
                } else {
                    Stroke::new(1.0, palette.edge)
                };
                painter.rect_stroke(rect, radius, edge, egui::StrokeKind::Inside);
                // A band of the seat's colour along the plate's top.
                let band = egui::Rect::from_min_size(rect.min, egui::vec2(rect.width(), 4.0));
                painter.rect_filled(band.shrink2(egui::vec2(radius, 0.0)), 2.0, strong);
                let inner = rect.shrink(8.0);
                let disc = (inner.height() * 0.72).min(inner.width() * 0.3).min(56.0);
                let centre = egui::pos2(inner.left() + disc / 2.0 + 2.0, inner.center().y);
                paint_mark(&painter, &theme.look, colour, centre, disc);
                // The turn clock drains around the mark.
                if current && let (Some(left), Some(limit)) = (clock.left, table.turn_limit.secs())
                {
                    let share = (left / limit).clamp(0.0, 1.0);
                    let ring = if left < 10.0 {
                        palette.warning
                    } else {
                        palette.text
                    };
                    paint_arc(
                        &painter,
                        centre,
                        disc * 0.5 + 3.0,
                        share,
                        Stroke::new(3.0, ring),
                    );
                }
                let at_goal = game
                    .pieces(seat)
                    .iter()
                    .filter(|&&p| p == game.goal())
                    .count();
                let pip = (disc * 0.1).clamp(3.5, 5.5);
                // The place of a seat that finished, as a medal.
                if let Some(i) = game.finished().iter().position(|&s| s == seat) {
                    let at = egui::pos2(inner.right() - 12.0, inner.top() + 12.0);
                    painter.circle_filled(at, 11.0, palette.medal(i));
                    painter.text(
                        at,
                        egui::Align2::CENTER_CENTER,
                        (i + 1).to_string(),
                        egui::FontId::proportional(13.0),
                        palette.primary_text,
                    );
                }
                if stage.compact {
                    // Pieces home under the mark.
                    let y = (centre.y + disc / 2.0 + pip * 1.6).min(inner.bottom() - pip);
                    paint_pips(
                        &painter,
                        egui::pos2(centre.x - pip * 3.9, y),
                        pip,
                        at_goal,
                        strong,
                        &palette,
                    );
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
                    let ui = &mut words_ui;
                    ui.spacing_mut().item_spacing = egui::vec2(6.0, 2.0);
                    let name = texts.player(table.seat_kind(seat));
                    let text = egui::RichText::new(texts.show(&name))
                        .strong()
                        .size(palette.text_size * 1.15);
                    ui.add(egui::Label::new(text).truncate());
                    let mine = online.as_ref().is_some_and(|o| o.seat == Some(seat));
                    let away = table.autopilot[seat as usize];
                    let reconnecting = mine
                        && online.as_ref().is_some_and(|o| {
                            matches!(o.status, Status::Connecting | Status::Reconnecting { .. })
                        });
                    ui.horizontal(|ui| {
                        // Pieces home: four pips.
                        let (pips, _) = ui.allocate_exact_size(
                            egui::vec2(pip * 10.4, pip * 2.4),
                            egui::Sense::hover(),
                        );
                        paint_pips(&painter, pips.left_center(), pip, at_goal, strong, &palette);
                        // What is special about the seat now, or its colour and rating.
                        if *decider == Decider::Here && away {
                            // The CPU plays a person's seat: a tap takes it back.
                            let chip = egui::Button::selectable(true, texts.tr("plate-cpu-plays"))
                                .min_size(egui::vec2(0.0, 44.0 / zoom));
                            let response = ui.add(chip);
                            say_where_to_tap("back", &response, &mut said);
                            if response.clicked() && !tapped_back {
                                tapped_back = true;
                                autopilot.write(AutopilotRequested {
                                    seat,
                                    cpu_plays: false,
                                });
                            }
                        } else if away {
                            badge(ui, &texts.get("online-away"), palette.warning);
                        } else if reconnecting {
                            badge(ui, &texts.get("plate-reconnecting"), palette.warning);
                        } else if ui.available_width() > 48.0 {
                            let second = match table.seat_kind(seat) {
                                _ if mine => texts.get("online-you"),
                                SeatKind::Person { name } => match profiles.get(name) {
                                    Some(p) => {
                                        format!("{} · {:.0}", texts.colour(colour), p.rating)
                                    }
                                    None => texts.colour(colour),
                                },
                                SeatKind::Cpu(_) => texts.colour(colour),
                            };
                            let words = egui::RichText::new(texts.show(&second)).weak();
                            ui.add(egui::Label::new(words).truncate());
                        }
                    });
                }
                if !current && winner != Some(seat) {
                    painter.rect_filled(rect, radius, palette.dim);
                }
            });
    }
    Ok(())
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
fn badge(ui: &mut egui::Ui, text: &str, colour: Color32) {
    egui::Frame::new()
        .stroke(Stroke::new(1.0, colour))
        .corner_radius(6.0)
        .inner_margin(egui::Margin::symmetric(6, 1))
        .show(ui, |ui| {
            ui.add(egui::Label::new(egui::RichText::new(text).small().color(colour)).truncate())
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
