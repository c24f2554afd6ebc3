//! The move generator: every legal move of a seat for a roll, a few mask operations per
//! piece (the board's occupancy as bit masks, four pieces side by side in a word).

use super::{Game, Move, MoveList, PIECES, SEAT_SLOTS};
use crate::board::{Squares, Track};
use crate::occupancy::Occupancy;
use crate::pos::Pos;
use crate::rules::{Impassable, Rules};

/// One in each byte of a word: four pieces side by side.
const LANES: u32 = 0x0101_0101;
/// The high bit of each byte.
const HIGH: u32 = 0x8080_8080;

/// The high bit of each byte of `a` that equals the same byte of `b`.
#[inline]
fn lanes_equal_word(a: u32, b: u32) -> u32 {
    let x = a ^ b;
    // A byte's high bit is set by the add when its low seven bits are nonzero.
    !((((x & 0x7F7F_7F7F) + 0x7F7F_7F7F) | x) & HIGH) & HIGH
}

/// The high bit of each byte of `a` that equals `byte`.
#[inline]
fn lanes_equal(a: u32, byte: u8) -> u32 {
    lanes_equal_word(a, LANES * byte as u32)
}

/// Each byte whose high bit is set in `high`, filled with ones.
#[inline]
fn fill_lanes(high: u32) -> u32 {
    (high >> 7) * 0xFF
}

/// What move generation reads of a game: borrowed field by field, so that the turn's moves can
/// be written straight into `Game::moves` (building them aside and copying them in made the
/// copy wait for the narrower writes that built them).
pub(super) struct MoveGen<'a> {
    pub(super) rules: &'a Rules,
    pub(super) track: &'a Track,
    pub(super) occupancy: &'a Occupancy,
    pub(super) pieces: &'a [[Pos; PIECES]; SEAT_SLOTS],
    /// A bit per seat that has captured, under *capture before home*.
    pub(super) captured: u8,
}

impl<'a> MoveGen<'a> {
    pub(super) fn of(game: &'a Game) -> Self {
        MoveGen {
            rules: &game.rules,
            track: game.track,
            occupancy: &game.occupancy,
            pieces: &game.pieces,
            captured: game.captured,
        }
    }

    /// Appends the moves `seat` has for `roll` to `list` (empty on entry).
    #[inline(always)]
    pub(super) fn fill(&self, seat: u8, roll: u8, list: &mut MoveList) {
        let s = seat as usize;
        if self.rules.capture_before_home && self.goes_round(s) {
            return self.fill_walking(s, roll, list);
        }
        let goal = self.track.goal();
        let last = self.track.last_track();
        // Squares this seat may not pass (or land on), as bits of its own progress.
        let (no_pass, no_land) = match self.rules.impassable {
            Impassable::None => (0, 0),
            Impassable::BlocksOfTwo => match self.occupancy.opponent_blocks(s) {
                // Usually no block stands anywhere: skip turning the mask round.
                0 => (0, 0),
                blocks => {
                    let b = self.in_progress(s, blocks);
                    (b, b)
                }
            },
            Impassable::NoOvertaking => {
                let mut occupied = self.in_progress(s, self.occupancy.any());
                for p in self.pieces[s & 7] {
                    if p.raw() > last && p.raw() < goal {
                        occupied |= 1 << p.raw();
                    }
                }
                (occupied, 0)
            }
        };
        let exit = self.rules.exit_numbers.contains(roll) & (no_land & 1 == 0);
        let ps = self.pieces[s & 7];
        // The four pieces are the four bytes of one word and are worked out together, without
        // branching: the die makes every branch a coin toss for the processor. Progress is
        // below 128 on every board, so no byte carries into the next.
        let raw = u32::from_le_bytes(ps.map(Pos::raw));
        let in_base = lanes_equal(raw, Pos::BASE.raw());
        let at_goal = lanes_equal(raw, goal);
        let base_bytes = fill_lanes(in_base);
        let walked = (raw & !base_bytes) + LANES * roll as u32;
        // The high bit of a lane is set where the walk ends beyond the goal.
        let over = (walked + LANES * (127 - goal) as u32) & HIGH & !in_base;
        let over_bytes = fill_lanes(over);
        let to = ((walked & !over_bytes) | ((LANES * goal as u32) & over_bytes)) & !base_bytes;
        // Pieces on one square (or all in base) make one move: only the first of them counts.
        let repeat = (lanes_equal_word(raw, raw << 8) & 0x8080_8000)
            | (lanes_equal_word(raw, raw << 16) & 0x8080_0000)
            | (lanes_equal_word(raw, raw << 24) & 0x8000_0000);
        let exit_lanes = if exit { in_base } else { 0 };
        let finishing = if self.rules.exact_finish { over } else { 0 };
        let mut legal = HIGH & !at_goal & !repeat & (exit_lanes | (!in_base & !finishing));
        let to = to.to_le_bytes();
        if no_pass | no_land != 0 {
            for (i, &to) in to.iter().enumerate() {
                let f = ps[i].raw();
                // Bits f+1 ..= to-1 are passed over; bit `to` is landed on.
                let passed = ((1 as Squares) << to).wrapping_sub(2 << (f & 127));
                let stopped = (no_pass & passed) | (no_land & (1 << to)) != 0;
                let on_track = f != Pos::BASE.raw();
                legal &= !(((stopped & on_track) as u32) << (8 * i + 7));
            }
        }
        for (i, &to) in to.iter().enumerate() {
            list.push_if(
                Move {
                    piece: i as u8,
                    from: ps[i],
                    to: Pos::at(to),
                },
                legal & (0x80 << (8 * i)) != 0,
            );
        }
    }

    /// Whether a piece of `seat` may go round again under *capture before home* (the seat has
    /// not captured), or stands behind its start having done so: moves the word-at-a-time
    /// generator does not know, walked square by square instead.
    fn goes_round(&self, seat: usize) -> bool {
        let behind = self.track.behind_start();
        self.captured & (1 << seat) == 0 || self.pieces[seat & 7].iter().any(|p| p.raw() == behind)
    }

    /// The moves of `seat` for `roll`, each walked square by square: past the last track
    /// square into the home column once the seat has captured, round again before.
    fn fill_walking(&self, seat: usize, roll: u8, list: &mut MoveList) {
        let track = self.track;
        let (last, goal, behind) = (track.last_track(), track.goal(), track.behind_start());
        let may_enter = self.captured & (1 << seat) != 0;
        let ps = self.pieces[seat & 7];
        let blocks = self.rules.impassable == Impassable::BlocksOfTwo;
        let opponent_block =
            |sq: u8| blocks && self.occupancy.opponent_blocks(seat) & (1 << sq) != 0;
        // Whether anything stands at progress `q` of this seat's path (for *no overtaking*).
        let occupied = |q: u8| match track.square(seat, q) {
            Some(sq) => self.occupancy.any() & (1 << sq) != 0,
            None => q < goal && ps.iter().any(|p| p.raw() == q),
        };
        for (i, &from) in ps.iter().enumerate() {
            if ps[..i].contains(&from) || from.raw() == goal {
                continue;
            }
            let to = if from.is_base() {
                let start = track.square(seat, 0).unwrap_or(0);
                if !self.rules.exit_numbers.contains(roll) || opponent_block(start) {
                    continue;
                }
                Some(0)
            } else {
                let mut q = from.raw();
                let mut stopped = false;
                for step in 1..=roll {
                    q = match q {
                        q if q == behind => 0,
                        q if q == last && !may_enter => behind,
                        q if q == goal => {
                            stopped |= self.rules.exact_finish;
                            break;
                        }
                        q => q + 1,
                    };
                    let landing = step == roll;
                    stopped |= track.square(seat, q).is_some_and(opponent_block)
                        || (!landing
                            && self.rules.impassable == Impassable::NoOvertaking
                            && occupied(q));
                }
                (!stopped).then_some(q)
            };
            if let Some(to) = to {
                list.push_if(
                    Move {
                        piece: i as u8,
                        from,
                        to: Pos::at(to),
                    },
                    true,
                );
            }
        }
    }

    /// Turns a mask of absolute track squares into a mask of `seat`'s progress values
    /// (bit q set when the square at progress q is set), keeping track squares only.
    #[inline]
    fn in_progress(&self, seat: usize, squares: Squares) -> Squares {
        let len = self.track.len as u32;
        let start = self.track.starts[seat % self.track.starts.len()] as u32;
        let all: Squares = (1 << len) - 1;
        let rotated = ((squares >> start) | (squares << (len - start))) & all;
        rotated & ((1 << (len - 1)) - 1)
    }
}
