//! What a network reads of a position: where everyone's pieces stand seen from one seat,
//! their danger, who plays next, and (for `expert`) the rules.

use crate::danger::threat;
use ludo_core::{Game, Impassable, NoPieceInPlay, SafeSquares};

/// My pieces by progress (0 on the start square … 56 at the goal), then in base.
pub(super) const MINE: usize = 0;
pub(super) const MINE_BINS: usize = 58;
/// Each opponent, in the order they play after me: track squares counted from my start
/// (0–51), its home column (52–56), its goal (57), its base (58).
pub(super) const THEIRS: usize = MINE + MINE_BINS;
pub(super) const THEIRS_BINS: usize = 59;
/// The chance each of my pieces on the track is captured, by its progress (0–50).
pub(super) const DANGER: usize = THEIRS + 3 * THEIRS_BINS;
/// Each opponent's exposure: for each of its pieces on the track, the chance it is captured
/// before it moves again times its progress plus six, over 50.
pub(super) const PRESSURE: usize = DANGER + 51;
pub(super) const EXTRA_ROLL: usize = PRESSURE + 3;
pub(super) const SIXES: usize = EXTRA_ROLL + 1;
/// How many inputs `hard`'s networks take.
pub const INPUTS: usize = SIXES + 1;
/// `expert`'s networks also read who plays next, counted from the seat they rate for (1 … 3
/// seats later; the seat itself is `EXTRA_ROLL`), ...
pub(super) const TO_PLAY: usize = INPUTS;
/// ... the rules, each input 1 where they differ from the standard game (the faces that bring
/// a piece out: one input each) ...
pub(super) const RULES: usize = TO_PLAY + 3;
pub(super) const RULE_INPUTS: usize = 18;
/// ... and, under *rank all players*, how many seats have finished, over the seats.
pub(super) const FINISHED: usize = RULES + RULE_INPUTS;
/// How many inputs `expert`'s networks take.
pub const EXPERT_INPUTS: usize = FINISHED + 1;

/// The sparse inputs of one position: (input, value) for the inputs that are not zero.
pub type Features = Vec<(u16, f32)>;

/// The inputs for the position `game`, seen from `me` (the seat that just moved).
pub fn features(game: &Game, me: usize, x: &mut Features) {
    let mut dense = [0f32; INPUTS];
    position(game, me, &mut dense);
    sparse(&dense, x);
}

/// `expert`'s inputs for the position `game` seen from `me`, whoever plays next.
pub fn expert_features(game: &Game, me: usize, x: &mut Features) {
    let mut dense = [0f32; EXPERT_INPUTS];
    position(game, me, &mut dense);
    let n = game.seats() as usize;
    if !game.is_over() {
        let r = (game.turn() as usize + n - me) % n;
        if r > 0 {
            dense[TO_PLAY + r - 1] = 1.0;
        }
    }
    let rules = game.rules();
    let mut flags = [false; RULE_INPUTS];
    for face in 1..=6u8 {
        flags[face as usize - 1] = rules.exit_numbers.contains(face) != (face == 6);
    }
    flags[6] = rules.no_piece_in_play == NoPieceInPlay::ReleaseWithoutRolling;
    flags[7] = rules.no_piece_in_play == NoPieceInPlay::UpToThreeRolls;
    flags[8] = !rules.three_sixes;
    flags[9] = !rules.extra_roll_on_capture;
    flags[10] = rules.extra_roll_on_goal;
    flags[11] = rules.safe_squares == SafeSquares::StartsOnly;
    flags[12] = rules.safe_squares == SafeSquares::None;
    flags[13] = rules.impassable == Impassable::None;
    flags[14] = rules.impassable == Impassable::NoOvertaking;
    flags[15] = !rules.exact_finish;
    flags[16] = rules.rank_all;
    flags[17] = game.track().len != ludo_core::TRACK_LEN;
    for (i, f) in flags.iter().enumerate() {
        dense[RULES + i] = *f as u8 as f32;
    }
    if rules.rank_all {
        dense[FINISHED] = game.finished().len() as f32 / n as f32;
    }
    sparse(&dense, x);
}

fn sparse(dense: &[f32], x: &mut Features) {
    x.clear();
    x.extend(
        dense
            .iter()
            .enumerate()
            .filter(|(_, v)| **v != 0.0)
            .map(|(i, v)| (i as u16, *v)),
    );
}

/// The inputs both kinds share: where everyone's pieces stand, seen from `me`, their danger,
/// and whether `me` rolls again.
fn position(game: &Game, me: usize, dense: &mut [f32]) {
    let n = game.seats() as usize;
    let track = game.track();
    let last = track.last_track();
    // A piece going round again (behind its start) is read as on the last track square: the
    // networks never learned that square's own progress.
    let seen = |p: ludo_core::Pos| {
        p.progress()
            .map(|q| if q == track.behind_start() { last } else { q })
    };
    for p in game.pieces(me as u8) {
        match seen(p) {
            None => dense[MINE + MINE_BINS - 1] += 1.0,
            Some(q) => {
                dense[MINE + q as usize] += 1.0;
                if q <= last {
                    let sq = track.square(me, q).expect("on the track");
                    dense[DANGER + q as usize] += threat(game, me, sq);
                }
            }
        }
    }
    for r in 1..n {
        let o = (me + r) % n;
        let at = THEIRS + (r - 1) * THEIRS_BINS;
        let mut exposure = 0.0;
        for p in game.pieces(o as u8) {
            let bin = match seen(p) {
                None => THEIRS_BINS - 1,
                Some(q) if q <= last => {
                    let sq = track.square(o, q).expect("on the track");
                    exposure += threat(game, o, sq) * (6.0 + q as f32) / 50.0;
                    track.progress_at(me, sq) as usize
                }
                Some(q) if q < track.goal() => 52 + (q - last - 1) as usize,
                Some(_) => 57,
            };
            dense[at + bin] += 1.0;
        }
        dense[PRESSURE + r - 1] = exposure;
    }
    if game.turn() as usize == me && !game.is_over() {
        dense[EXTRA_ROLL] = 1.0;
        dense[SIXES] = game.sixes_in_a_row() as f32;
    }
}
