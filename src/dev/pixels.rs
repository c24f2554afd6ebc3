//! What the picture must show, from the engine: every track square the engine says is empty
//! shows a square's colour, every piece the engine says stands alone on a square shows its
//! seat's colour there, and every window lies wholly on the screen (a button past the edge
//! cannot be pressed, as can happen in a longer language or a small window).

use bevy::prelude::*;
use ludo_core::{BoardKind, Pos, SquareKind};

use crate::board::motion::{AtRest, Moving};
use crate::board::piece_shape::PieceShape;
use crate::board::pieces::{Faded, Piece};
use crate::board::shapes::cell_pos;
use crate::table::Table;
use crate::theme::Look;

/// A pixel the picture must show, and why.
#[derive(Clone, Debug)]
pub(super) struct Expect {
    pub what: String,
    pub at: Vec2,
    pub colours: Vec<Color>,
}

/// The pieces walking or flying, and the pieces at rest (or easing onto their square).
pub(super) type PieceViews<'w, 's> = (
    Query<'w, 's, (&'static Piece, &'static Transform), Moving>,
    Query<'w, 's, (&'static Piece, &'static Transform, &'static Faded), AtRest>,
);

/// What the engine says the picture must show.
pub(super) fn expectations(
    table: &Table,
    look: &Look,
    shape: &PieceShape,
    (moving, resting): &PieceViews,
) -> Vec<Expect> {
    let layout = &table.layout;
    let game = &table.game;
    let mut occupied = std::collections::HashMap::new();
    for seat in 0..game.seats() {
        for (index, pos) in game.pieces(seat).into_iter().enumerate() {
            let cell = layout.cell(seat as usize, index, pos);
            occupied
                .entry(cell)
                .or_insert_with(Vec::new)
                .push((seat, index, pos));
        }
    }
    let mut out = Vec::new();
    for square in layout.squares() {
        if let SquareKind::Track { start, .. } = square.kind
            && !occupied.contains_key(&square.cell)
        {
            let mut colours = vec![look.track, look.safe];
            if let Some(c) = start {
                colours.push(look.strong(c));
            }
            out.push(Expect {
                what: format!("empty track square {:?}", square.cell),
                // A corner of the square, clear of any star or mark drawn in its middle, and
                // an upper one: a pawn standing on the square below rises into this one's
                // lower half. On the radial boards' smaller, turned squares, nearer the
                // face's centre (the bevel shifts it up-left).
                at: match layout.kind {
                    BoardKind::Radial => {
                        let turn = Vec2::from_angle(layout.turn(square.cell));
                        let corner = [(1.0, 1.0), (-1.0, 1.0), (-1.0, -1.0), (1.0, -1.0)]
                            .map(|(x, y)| turn.rotate(Vec2::new(x, y) * 0.3))
                            .into_iter()
                            .max_by(|a, b| a.y.total_cmp(&b.y))
                            .unwrap_or_default();
                        cell_pos(layout, square.cell)
                            + Vec2::new(-look.style.bevel, look.style.bevel) / 2.0
                            + corner
                    }
                    _ => cell_pos(layout, square.cell) + Vec2::new(0.36, 0.36),
                },
                colours,
            });
        }
    }
    for (cell, here) in &occupied {
        let [(seat, index, pos)] = here[..] else {
            continue;
        };
        let this = |p: &Piece| p.seat == seat && p.index == index as u8;
        let is_moving = moving.iter().any(|(p, _)| this(p));
        // A piece whose square it shared has just emptied eases back to full size in the
        // middle for a few frames: until then the point may fall on its rim.
        let settling = resting.iter().any(|(p, t, _)| {
            this(p)
                && (t.translation.truncate().distance(cell_pos(layout, *cell)) > 0.02
                    || (t.scale.x - 1.0).abs() > 0.02)
        });
        // While a person here chooses a move, the pieces that cannot move are faded over
        // whatever they stand on: their colour is the square's as much as their own.
        let faded = resting.iter().any(|(p, _, f)| this(p) && f.0 > 0.05);
        if is_moving || settling || faded || pos == Pos::at(game.track().goal()) {
            continue;
        }
        // A piece in front of it (on the square below) may hide its foot, not its head.
        out.push(Expect {
            what: format!("seat {seat} piece {index} at {pos}"),
            at: cell_pos(layout, *cell) + shape.colour_at,
            colours: vec![look.strong(layout.colours[seat as usize])],
        });
    }
    out
}

/// How many windows are on show (egui's middle layer: menus, setup, results, pause, rule
/// book), and a description of each that reaches past the screen's edge.
pub(super) fn windows_off_screen(ctx: &bevy_egui::egui::Context) -> (usize, Vec<String>) {
    let s = ctx.content_rect();
    let windows: Vec<_> = ctx.memory(|m| {
        m.areas()
            .visible_layer_ids()
            .into_iter()
            .filter(|l| l.order == bevy_egui::egui::Order::Middle)
            .filter_map(|l| m.area_rect(l.id))
            .collect()
    });
    let off = windows
        .iter()
        // Half a point for rounding.
        .filter(|w| !s.expand(0.5).contains_rect(**w))
        .map(|w| {
            format!(
                "a window at ({:.0}, {:.0})-({:.0}, {:.0}) reaches past the screen ({:.0}, {:.0})-({:.0}, {:.0})",
                w.min.x, w.min.y, w.max.x, w.max.y, s.min.x, s.min.y, s.max.x, s.max.y
            )
        })
        .collect();
    (windows.len(), off)
}

pub(super) fn close(a: Color, b: Color) -> bool {
    let (a, b) = (a.to_srgba(), b.to_srgba());
    (a.red - b.red).abs() < 0.08
        && (a.green - b.green).abs() < 0.08
        && (a.blue - b.blue).abs() < 0.08
}

pub(super) fn hex(c: Color) -> String {
    c.to_srgba().to_hex()
}
