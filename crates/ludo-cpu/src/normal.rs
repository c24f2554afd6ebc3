//! `normal`'s score: captures, leaving base, danger before and after the move, safety and
//! progress, with tuned weights.

use crate::aim;
use crate::danger::{Outcome, landing_square, threat, try_move};
use ludo_core::{Game, Impassable, Move, SafeSquares};

/// The constants of the `normal` level's score: what a move earns (a capture, leaving base,
/// the home column, a safe square, a block) and what its danger costs. The defaults are the
/// first steps of a coordinate descent against `random` players
/// (`cargo run --release -p ludo-cpu --example tune_normal`), stopped there so that `normal`
/// stays a step below `hard`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NormalWeights {
    /// Per capture, when a capture earns another roll and when it does not.
    pub capture_roll: f32,
    pub capture: f32,
    pub capture_progress: f32,
    pub goal: f32,
    pub enter: f32,
    pub home: f32,
    /// Danger left behind minus danger walked into, times what is at stake: `stake_base`
    /// plus `stake_step` per step of the piece's progress.
    pub danger: f32,
    pub stake_base: f32,
    pub stake_step: f32,
    pub safe: f32,
    pub block: f32,
    pub progress: f32,
}

impl Default for NormalWeights {
    /// `normal`'s constants.
    fn default() -> Self {
        NormalWeights {
            capture_roll: 60.0,
            capture: 45.0,
            capture_progress: 0.5,
            goal: 0.0,
            enter: 52.5,
            home: 12.5,
            danger: 2.25,
            stake_base: 10.0,
            stake_step: 0.6,
            safe: 8.0,
            block: 6.0,
            progress: 0.1,
        }
    }
}

/// Scores a move for `normal` under the given constants.
pub fn normal_score_with(w: &NormalWeights, game: &Game, m: &Move) -> f32 {
    let (after, out) = try_move(game, m);
    let danger = move_danger(game, m, &after);
    normal_score_after(w, game, m, &after, &out, danger)
}

/// The moved piece's chance of capture where it stands and where it lands (each 0 off the
/// track), before its owner moves again.
#[derive(Clone, Copy)]
pub(crate) struct MoveDanger {
    pub(crate) from: f32,
    pub(crate) to: f32,
}

pub(crate) fn move_danger(game: &Game, m: &Move, after: &Game) -> MoveDanger {
    let seat = game.mover() as usize;
    MoveDanger {
        from: m
            .from
            .progress()
            .and_then(|q| game.track().square(seat, q))
            .map_or(0.0, |sq| threat(game, seat, sq)),
        to: landing_square(game, m).map_or(0.0, |sq| threat(after, seat, sq)),
    }
}

pub(crate) fn normal_score_after(
    w: &NormalWeights,
    game: &Game,
    m: &Move,
    after: &Game,
    out: &Outcome,
    danger: MoveDanger,
) -> f32 {
    let seat = game.mover() as usize;
    let last = game.track().last_track();
    let mut s = 0.0;
    if out.won {
        return 10_000.0;
    }
    // Captures are worth more when they also earn a roll.
    let capture_worth = if game.rules().extra_roll_on_capture {
        w.capture_roll
    } else {
        w.capture
    };
    s += out.captures as f32 * capture_worth + out.captured_progress as f32 * w.capture_progress;
    if out.reached_goal {
        s += w.goal;
    }
    if m.from.is_base() {
        s += w.enter;
    }
    // Into the home column: safe for good (not round again, behind the start).
    let into_home = m.to.raw() > last && m.to.raw() <= game.track().goal();
    if m.from.raw() <= last && into_home && !m.from.is_base() {
        s += w.home;
    }
    s += aim::NORMAL_RACE * aim::race_gain(game, after, seat);
    if out.captures > 0 && aim::needs_capture(game, seat) {
        s += aim::NORMAL_FIRST_CAPTURE;
    }
    let to = game.track().walked(m.to.raw()) as f32;
    let at_stake = w.stake_base + to * w.stake_step;
    s += (danger.from - danger.to) * at_stake * w.danger;
    if let Some(sq) = landing_square(game, m) {
        if game.track().is_safe(sq) && game.rules().safe_squares != SafeSquares::None {
            s += w.safe;
        }
        if game.rules().impassable == Impassable::BlocksOfTwo
            && after.occupancy().blocks(seat) & (1 << sq) != 0
        {
            s += w.block;
        }
    }
    s + to * w.progress
}
