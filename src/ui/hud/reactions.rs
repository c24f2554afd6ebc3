//! Reactions at an online table: a button of the bar opens the preset reactions (emoji and
//! short phrases) and, beside them, a switch per player to hide theirs for the rest of the
//! game; each reaction heard shows for two seconds by its sender's plate, in this reader's
//! own language, and the screen reader says it.

use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui;
use ludo_proto::{REACTION_GAP_MS, REACTION_SHOWN_MS, Reaction};

use super::announce::Announcements;
use crate::board::camera::Stage;
use crate::i18n::ui::{column, row};
use crate::i18n::{Texts, Words};
use crate::online::{Online, OnlineRequest, ReactionHeard};
use crate::table::signal::Signal;
use crate::table::{SeatKind, Table};
use crate::theme::ActiveTheme;
use crate::ui::widgets::{Palette, Taps};

/// The reactions on show, the picker, and when this device last sent one.
#[derive(Resource, Default)]
pub struct Reactions {
    /// Each seat's latest reaction and when it came (seconds of real time).
    pub shown: Vec<(u8, Reaction, f64)>,
    pub picker: bool,
    sent_at: Option<f64>,
}

/// A reaction in this reader's words: "Good game", or for an emoji, its name.
pub fn words(texts: &Texts, reaction: Reaction) -> Words {
    texts.get(&format!("reaction-{}", reaction.id().replace('_', "-")))
}

/// What a reaction shows as: its emoji, else its words.
fn face(texts: &Texts, reaction: Reaction) -> Words {
    match reaction.emoji() {
        Some(emoji) => texts.line(emoji),
        None => words(texts, reaction),
    }
}

/// Heard reactions go on show (one per seat, the latest), and are said.
pub(super) fn hear_reactions(
    mut heard: MessageReader<ReactionHeard>,
    mut reactions: ResMut<Reactions>,
    time: Res<Time<Real>>,
    table: Res<Table>,
    texts: Res<Texts>,
    (mut said, mut signals): (ResMut<Announcements>, MessageWriter<Signal>),
) {
    let now = time.elapsed_secs_f64();
    let shown_for = REACTION_SHOWN_MS as f64 / 1000.0;
    reactions.shown.retain(|(_, _, at)| now - at < shown_for);
    for r in heard.read() {
        reactions.shown.retain(|(seat, _, _)| *seat != r.seat);
        reactions.shown.push((r.seat, r.reaction, now));
        if r.seat < table.game.seats() {
            let who = texts.seat(&table, r.seat);
            let what = words(&texts, r.reaction);
            let line = texts.fmt("say-reacted", &[("who", who.into()), ("what", what.into())]);
            signals.write(Signal::Reaction {
                reaction: r.reaction.id().into(),
                seat: r.seat,
            });
            said.say_now(line.into_string());
        }
    }
}

/// Each reaction on show, in a bubble over the inner edge of its sender's plate, fading in
/// its last quarter second.
pub(super) fn show_reactions(
    mut contexts: EguiContexts,
    reactions: Res<Reactions>,
    stage: Res<Stage>,
    table: Res<Table>,
    texts: Res<Texts>,
    theme: Res<ActiveTheme>,
    time: Res<Time<Real>>,
) -> Result {
    if reactions.shown.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let palette = Palette::of(&theme.look.ui);
    let now = time.elapsed_secs_f64();
    let shown_for = REACTION_SHOWN_MS as f64 / 1000.0;
    let layout = &table.layout;
    for &(seat, reaction, at) in &reactions.shown {
        let Some(colour) = layout.colours.get(seat as usize) else {
            continue;
        };
        let plate = stage.plate(seat);
        let rect = crate::ui::widgets::points(plate, ctx.zoom_factor());
        let left = (shown_for - (now - at)).max(0.0);
        let fade = (left / 0.25).min(1.0) as f32;
        let (anchor, at_point) = bubble_place(&stage, plate, rect);
        let seat_ink = crate::theme::look::egui(theme.look.strong(*colour));
        egui::Area::new(egui::Id::new(("reaction", seat)))
            .order(egui::Order::Foreground)
            .pivot(anchor)
            .fixed_pos(at_point)
            .interactable(false)
            .show(&ctx, |ui| {
                ui.set_opacity(fade);
                egui::Frame::new()
                    .fill(palette.panel)
                    .stroke(egui::Stroke::new(2.0, seat_ink))
                    .corner_radius(14.0)
                    .inner_margin(egui::Margin::symmetric(12, 6))
                    .show(ui, |ui| {
                        let size = if reaction.emoji().is_some() {
                            2.0
                        } else {
                            1.15
                        };
                        let text = face(&texts, reaction)
                            .rich()
                            .size(palette.text_size * size)
                            .strong()
                            .color(palette.text);
                        ui.label(text);
                    });
            });
    }
    ctx.request_repaint();
    Ok(())
}

/// Where a plate's bubble goes: beside the plate over the board's corner (its seat's yard)
/// on a wide window, under a top plate or over a bottom one on an upright one; never over
/// the bar's buttons.
fn bubble_place(stage: &Stage, plate: Rect, rect: egui::Rect) -> (egui::Align2, egui::Pos2) {
    let gap = 6.0;
    if stage.upright {
        if plate.center().y < stage.window.y / 2.0 {
            (
                egui::Align2::CENTER_TOP,
                rect.center_bottom() + egui::vec2(0.0, gap),
            )
        } else {
            (
                egui::Align2::CENTER_BOTTOM,
                rect.center_top() - egui::vec2(0.0, gap),
            )
        }
    } else if plate.center().x < stage.window.x / 2.0 {
        (
            egui::Align2::LEFT_CENTER,
            rect.right_center() + egui::vec2(gap, 0.0),
        )
    } else {
        (
            egui::Align2::RIGHT_CENTER,
            rect.left_center() - egui::vec2(gap, 0.0),
        )
    }
}

/// The picker: every reaction (emoji in a row, then the phrases), and a switch per other
/// person at the table to hide their reactions. Closes once one is sent; after sending, the
/// reactions wait out the server's three seconds.
pub(super) fn reaction_picker(
    mut contexts: EguiContexts,
    mut reactions: ResMut<Reactions>,
    online: Option<Res<Online>>,
    table: Res<Table>,
    texts: Res<Texts>,
    time: Res<Time<Real>>,
    mut requests: MessageWriter<OnlineRequest>,
    mut taps: Taps,
) -> Result {
    let Some(online) = online.filter(|o| o.may_react()) else {
        reactions.picker = false;
        return Ok(());
    };
    if !reactions.picker {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let now = time.elapsed_secs_f64();
    let ready = reactions
        .sent_at
        .is_none_or(|at| now - at >= REACTION_GAP_MS as f64 / 1000.0);
    let mut open = true;
    egui::Window::new(texts.get("react-title"))
        .id(crate::ui::widgets::window_id(&ctx, "reactions"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(&ctx, |ui| {
            column(ui, &texts, |ui| {
                let finger = egui::vec2(44.0, 44.0) / ctx.zoom_factor();
                let chosen = reaction_buttons(ui, &texts, ready, finger, &mut taps);
                if let Some(reaction) = chosen {
                    requests.write(OnlineRequest::React(reaction));
                    reactions.sent_at = Some(now);
                    reactions.picker = false;
                }
                mutes(ui, &texts, &online, &table, &mut requests);
            });
        });
    if !open {
        reactions.picker = false;
    }
    Ok(())
}

/// The emoji in a row, the phrases under them; the one pressed.
fn reaction_buttons(
    ui: &mut egui::Ui,
    texts: &Texts,
    ready: bool,
    finger: egui::Vec2,
    taps: &mut Taps,
) -> Option<Reaction> {
    let mut chosen = None;
    ui.add_enabled_ui(ready, |ui| {
        row(ui, texts, |ui| {
            for r in Reaction::ALL.into_iter().filter(|r| r.emoji().is_some()) {
                let big = face(texts, r).rich().size(22.0);
                let button = ui.add(egui::Button::new(big).min_size(finger));
                let button = button.on_hover_text(words(texts, r));
                if button.clicked() {
                    chosen = Some(r);
                }
            }
        });
        ui.horizontal_wrapped(|ui| {
            for r in Reaction::ALL.into_iter().filter(|r| r.emoji().is_none()) {
                let button = egui::Button::new(words(texts, r)).min_size(egui::vec2(0.0, finger.y));
                let button = ui.add(button);
                // Where the browser test taps to send one.
                if r == Reaction::GoodGame {
                    taps.say("reaction", &button);
                }
                if button.clicked() {
                    chosen = Some(r);
                }
            }
        });
    });
    chosen
}

/// A switch for each other person at the table: their reactions shown or hidden.
fn mutes(
    ui: &mut egui::Ui,
    texts: &Texts,
    online: &Online,
    table: &Table,
    requests: &mut MessageWriter<OnlineRequest>,
) {
    let others: Vec<u8> = (0..table.game.seats())
        .filter(|&s| Some(s) != online.seat)
        .filter(|&s| matches!(table.seat_kind(s), SeatKind::Person { .. }))
        .collect();
    if others.is_empty() {
        return;
    }
    ui.separator();
    for seat in others {
        let mut hidden = !online.shows_reactions_of(seat);
        let name = texts.seat(table, seat);
        let label = texts.fmt("react-mute", &[("name", name.into())]);
        if ui.checkbox(&mut hidden, label).changed() {
            requests.write(OnlineRequest::Mute {
                seat,
                muted: hidden,
            });
        }
    }
}
