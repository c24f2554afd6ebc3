//! What a network reads of a position: where everyone's pieces stand seen from one seat,
//! their danger, who plays next, and (for `expert`) the rules.

use crate::danger::threat;
use ludo_core::{ARM_LEN, HOME_LEN, TRACK_LEN};
use ludo_core::{Game, Impassable, NoPieceInPlay, SafeSquares, TeamWins, Teams};

/// Where each group of inputs starts, and how many there are, for one number of seats. At two
/// to four seats the cross board's (every shipped network for those reads it, whatever the
/// board); at five and six the radial board's, whose loop is thirteen squares a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Squares on the loop the inputs count in.
    pub track: usize,
    /// Opponents' slots: three at two to four seats, one for each other seat at five and six.
    pub opponents: usize,
    /// My pieces by progress (0 on the start square … the goal), then in base.
    pub mine_bins: usize,
    /// Each opponent, in the order they play after me: track squares counted from my start,
    /// its home column, its goal, its base.
    pub theirs: usize,
    pub theirs_bins: usize,
    /// The chance each of my pieces on the track is captured, by its progress.
    pub danger: usize,
    /// Each opponent's exposure: for each of its pieces on the track, the chance it is
    /// captured before it moves again times its progress plus six, over 50.
    pub pressure: usize,
    pub extra_roll: usize,
    pub sixes: usize,
    /// How many inputs `hard`'s networks take.
    pub inputs: usize,
    /// `expert`'s networks also read who plays next, counted from the seat they rate for (1 …
    /// `opponents` seats later; the seat itself is `extra_roll`), ...
    pub to_play: usize,
    /// ... the rules, each input 1 where they differ from the standard game (the faces that
    /// bring a piece out: one input each) ...
    pub rules: usize,
    /// ... under *rank all players*, how many seats have finished, over the seats ...
    pub finished: usize,
    /// ... and what the seats play for, each 1 where it differs from the standard game: fewer
    /// pieces to win (one input each for one, two and three), *capture before home* and, under
    /// it, who has captured (this seat, then each opponent in the order they play), partners
    /// (the partner is the second opponent), the first of a pair winning for both, and
    /// partners' blocks. Only `expert`'s networks for those aims learn them (`NetId::aims`).
    pub aims: usize,
    /// How many inputs `expert`'s networks take.
    pub expert_inputs: usize,
}

impl Layout {
    /// The inputs of a network for `seats` seats.
    pub const fn for_seats(seats: u8) -> Layout {
        let (track, opponents) = if seats <= 4 {
            (TRACK_LEN as usize, 3)
        } else {
            (seats as usize * ARM_LEN as usize, seats as usize - 1)
        };
        let home = HOME_LEN as usize;
        // Progress runs from 0 to the goal: the loop but the square behind the start, the
        // home column, the goal.
        let mine_bins = track - 1 + home + 1 + 1;
        let theirs = mine_bins;
        let theirs_bins = track + home + 2;
        let danger = theirs + opponents * theirs_bins;
        let pressure = danger + track - 1;
        let extra_roll = pressure + opponents;
        let sixes = extra_roll + 1;
        let inputs = sixes + 1;
        let to_play = inputs;
        let rules = to_play + opponents;
        let finished = rules + RULE_INPUTS;
        Layout {
            track,
            opponents,
            mine_bins,
            theirs,
            theirs_bins,
            danger,
            pressure,
            extra_roll,
            sixes,
            inputs,
            to_play,
            rules,
            finished,
            aims: finished + 1,
            expert_inputs: finished + 1 + AIM_INPUTS + opponents,
        }
    }
}

/// The layout at two to four seats.
const FOUR: Layout = Layout::for_seats(4);
/// The most inputs any layout has (six seats').
const MOST_INPUTS: usize = Layout::for_seats(ludo_core::MAX_SEATS).expert_inputs;

/// My pieces' inputs come first.
pub(super) const MINE: usize = 0;
/// How many inputs `hard`'s networks take at two to four seats.
pub const INPUTS: usize = FOUR.inputs;
const RULE_INPUTS: usize = 18;
/// The aims' inputs but those saying which opponents have captured.
const AIM_INPUTS: usize = 8;
/// How many inputs `expert`'s networks take at two to four seats.
pub const EXPERT_INPUTS: usize = FOUR.expert_inputs;

/// The sparse inputs of one position: (input, value) for the inputs that are not zero.
pub type Features = Vec<(u16, f32)>;

/// The inputs for the position `game`, seen from `me` (the seat that just moved).
pub fn features(game: &Game, me: usize, x: &mut Features) {
    let at = Layout::for_seats(game.seats());
    with_dense(&at, |dense| {
        position(game, me, &at, dense);
        sparse(&dense[..at.inputs], x);
    });
}

/// Runs `f` on zeroed inputs for `at`: the four-seat size where it fits, so the searches at
/// four seats clear no more than they did before five and six seats had networks.
fn with_dense(at: &Layout, f: impl FnOnce(&mut [f32])) {
    if at.expert_inputs <= EXPERT_INPUTS {
        f(&mut [0f32; EXPERT_INPUTS]);
    } else {
        f(&mut [0f32; MOST_INPUTS]);
    }
}

/// `expert`'s inputs for the position `game` seen from `me`, whoever plays next.
pub fn expert_features(game: &Game, me: usize, x: &mut Features) {
    let at = Layout::for_seats(game.seats());
    with_dense(&at, |dense| expert_inputs(game, me, &at, dense, x));
}

fn expert_inputs(game: &Game, me: usize, at: &Layout, dense: &mut [f32], x: &mut Features) {
    position(game, me, at, dense);
    let n = game.seats() as usize;
    if !game.is_over() {
        let r = (game.turn() as usize + n - me) % n;
        if r > 0 {
            dense[at.to_play + r - 1] = 1.0;
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
    flags[17] = game.track().len as usize != at.track;
    for (i, f) in flags.iter().enumerate() {
        dense[at.rules + i] = *f as u8 as f32;
    }
    if rules.rank_all {
        dense[at.finished] = game.finished().len() as f32 / n as f32;
    }
    aims(game, me, at, dense);
    sparse(&dense[..at.expert_inputs], x);
}

/// The aims' inputs ([`Layout::aims`]): all zero in the standard game.
fn aims(game: &Game, me: usize, at: &Layout, dense: &mut [f32]) {
    let rules = game.rules();
    let n = game.seats() as usize;
    let to_win = rules.pieces_to_win.get() as usize;
    if to_win < ludo_core::PIECES {
        dense[at.aims + to_win - 1] = 1.0;
    }
    if rules.capture_before_home {
        dense[at.aims + 3] = 1.0;
        for r in 0..n {
            if game.has_captured(((me + r) % n) as u8) {
                dense[at.aims + 4 + r] = 1.0;
            }
        }
    }
    if rules.teams == Teams::Pairs {
        let teams = at.aims + 5 + at.opponents;
        dense[teams] = 1.0;
        dense[teams + 1] = (rules.team_wins == TeamWins::OneHome) as u8 as f32;
        dense[teams + 2] = rules.team_blocks as u8 as f32;
    }
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
fn position(game: &Game, me: usize, at: &Layout, dense: &mut [f32]) {
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
            None => dense[MINE + at.mine_bins - 1] += 1.0,
            Some(q) => {
                dense[MINE + q as usize] += 1.0;
                if q <= last {
                    let sq = track.square(me, q).expect("on the track");
                    dense[at.danger + q as usize] += threat(game, me, sq);
                }
            }
        }
    }
    let home = at.track;
    for r in 1..n {
        let o = (me + r) % n;
        let from = at.theirs + (r - 1) * at.theirs_bins;
        let mut exposure = 0.0;
        for p in game.pieces(o as u8) {
            let bin = match seen(p) {
                None => at.theirs_bins - 1,
                Some(q) if q <= last => {
                    let sq = track.square(o, q).expect("on the track");
                    exposure += threat(game, o, sq) * (6.0 + q as f32) / 50.0;
                    track.progress_at(me, sq) as usize
                }
                Some(q) if q < track.goal() => home + (q - last - 1) as usize,
                Some(_) => home + HOME_LEN as usize,
            };
            dense[from + bin] += 1.0;
        }
        dense[at.pressure + r - 1] = exposure;
    }
    if game.turn() as usize == me && !game.is_over() {
        dense[at.extra_roll] = 1.0;
        dense[at.sixes] = game.sixes_in_a_row() as f32;
    }
}
