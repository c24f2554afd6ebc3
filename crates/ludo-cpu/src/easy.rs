//! `easy`'s score: likes captures, leaving base and reaching the goal; does not watch for
//! danger.

use crate::danger::try_move;
use ludo_core::{Game, Move};

pub(crate) fn easy_score(game: &Game, m: &Move) -> f32 {
    let (_, out) = try_move(game, m);
    let mut s = game.track().walked(m.to.raw()) as f32 * 0.05;
    s += out.captures as f32 * 30.0;
    if m.from.is_base() {
        s += 20.0;
    }
    if out.reached_goal {
        s += 25.0;
    }
    s
}
