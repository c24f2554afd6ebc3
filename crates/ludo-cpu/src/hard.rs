//! `hard`'s score where its networks do not know the rules: the whole position after the move
//! for every seat, a second opinion shaped like `normal`'s, one roll ahead for extra rolls.

use crate::aim;
use crate::danger::{Outcome, threat, try_move};
use crate::normal::{NormalWeights, move_danger, normal_score_after};
use ludo_core::{Game, Move};

/// The weights of the `hard` level's evaluation. The defaults were tuned by coordinate
/// descent on tournaments against both `random` and `normal` players
/// (`cargo run --release -p ludo-cpu --example tune -- 6000 2 both`, then
/// `… tune -- 6000 1 both local`, which also tunes `local`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HardWeights {
    /// Per captured piece, plus the captured piece's progress times `capture_progress`.
    pub capture: f32,
    pub capture_progress: f32,
    /// For a move that earns another roll.
    pub extra_roll: f32,
    /// For bringing a piece out of base.
    pub enter: f32,
    /// For a piece entering its home column (safe for good).
    pub home: f32,
    pub goal: f32,
    /// Per step of progress made.
    pub progress: f32,
    /// Times the expected loss of all own pieces after the move (chance × what is at stake).
    pub risk: f32,
    /// What a piece on the track is worth, before its progress.
    pub piece_worth: f32,
    /// Times the expected loss of the opponents' pieces to our own pieces' next roll.
    pub pressure: f32,
    /// Weight of the look-ahead: for a move that earns another roll, the average over the
    /// six faces of the best score of the next move.
    pub lookahead: f32,
    /// For leaving a square where the piece was in danger (chance × stake).
    pub escape: f32,
    /// Weight of a second opinion: the moved piece's own score, shaped like `normal`'s
    /// (entering, captures, danger left and walked into, safe squares) with `local`'s
    /// constants. It weighs the one piece's danger far more than the whole-position terms do.
    pub local_weight: f32,
    pub local: NormalWeights,
}

impl Default for HardWeights {
    fn default() -> Self {
        HardWeights {
            capture: 1.875,
            capture_progress: 0.9,
            extra_roll: 0.0,
            enter: 30.0,
            home: 0.0,
            goal: 6.25,
            progress: 0.1125,
            risk: 1.2,
            piece_worth: 6.0,
            pressure: 0.2,
            lookahead: 0.9,
            escape: 1.5,
            local_weight: 0.3,
            // `normal`'s shape tuned alone against three `random` players
            // (`cargo run --release -p ludo-cpu --example tune_normal`); `safe` then by
            // `tune -- 6000 1 both local`.
            local: NormalWeights {
                capture_roll: 60.0,
                capture: 45.0,
                capture_progress: 0.5,
                goal: 0.0,
                enter: 78.75,
                home: 0.0,
                danger: 5.625,
                stake_base: 15.0,
                stake_step: 0.6,
                safe: 18.0,
                block: 0.0,
                progress: 0.1,
            },
        }
    }
}

/// Expected loss of `seat`'s pieces on the track: each piece's chance of capture times its
/// worth.
fn exposure(game: &Game, seat: usize, worth: f32) -> f32 {
    let last = game.track().last_track();
    let mut loss = 0.0;
    for p in game.pieces(seat as u8) {
        if let Some(q) = p.progress().filter(|&q| q <= last) {
            let sq = game.track().square(seat, q).expect("on the track");
            loss += threat(game, seat, sq) * (worth + q as f32);
        }
    }
    loss
}

/// Scores a move for `hard` under the given weights, looking one roll ahead when the move
/// earns another roll.
pub fn hard_score_with(w: &HardWeights, game: &Game, m: &Move) -> f32 {
    let (after, out) = try_move(game, m);
    let mut s = hard_score_after(w, game, m, &after, &out);
    if out.extra_roll && !out.won && w.lookahead != 0.0 {
        let mut total = 0.0;
        for face in 1..=6 {
            let mut next = after.clone();
            next.play_roll(face, &mut ludo_core::Discard);
            let best = next
                .legal_moves()
                .iter()
                .map(|m2| {
                    let (a2, o2) = try_move(&next, m2);
                    hard_score_after(w, &next, m2, &a2, &o2)
                })
                .fold(None, |acc: Option<f32>, v| {
                    Some(acc.map_or(v, |a| a.max(v)))
                });
            total += best.unwrap_or(0.0);
        }
        s += w.lookahead * total / 6.0;
    }
    s
}

fn hard_score_after(w: &HardWeights, game: &Game, m: &Move, after: &Game, out: &Outcome) -> f32 {
    let me = game.mover() as usize;
    if out.won {
        return 1.0e6;
    }
    let last = game.track().last_track();
    let mut s = 0.0;
    s += out.captures as f32 * w.capture + out.captured_progress as f32 * w.capture_progress;
    if out.extra_roll {
        s += w.extra_roll;
    }
    if m.from.is_base() {
        s += w.enter;
    }
    let into_home = m.to.raw() > last && m.to.raw() <= game.track().goal();
    if !m.from.is_base() && m.from.raw() <= last && into_home {
        s += w.home;
    }
    s += aim::HARD_RACE * aim::race_gain(game, after, me);
    if out.captures > 0 && aim::needs_capture(game, me) {
        s += aim::HARD_FIRST_CAPTURE;
    }
    if out.reached_goal {
        s += w.goal;
    }
    let track = game.track();
    // Steps, not stored progress: a piece going round again is stored past the goal.
    let gained = match m.from.progress() {
        None => track.walked(m.to.raw()),
        Some(from) => track.steps(from, m.to.raw()),
    } as f32;
    s += gained * w.progress;
    s -= w.risk * exposure(after, me, w.piece_worth);
    // Worked out once for both the escape term and the second opinion.
    let danger = move_danger(game, m, after);
    if !m.from.is_base() {
        s += w.escape * danger.from * (w.piece_worth + track.walked(m.from.raw()) as f32);
    }
    if w.local_weight != 0.0 {
        s += w.local_weight * normal_score_after(&w.local, game, m, after, out, danger);
    }
    if w.pressure != 0.0 {
        let pressure: f32 = crate::danger::foes(game, me)
            .map(|o| exposure(after, o, w.piece_worth))
            .sum();
        s += w.pressure * pressure;
    }
    s
}
