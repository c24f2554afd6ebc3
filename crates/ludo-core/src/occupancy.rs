//! Who stands on each track square, as bit masks, so that the legal-move check is a few mask
//! operations instead of a walk along the path. Exact counts are not kept: the rules only
//! ask whether a seat has none, one, or two or more pieces on a square.

use crate::board::{MAX_SEATS, Squares};

const SEATS: usize = MAX_SEATS as usize;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Occupancy {
    /// Per seat: bit `i` set when the seat has a piece on square `i` (none for an empty seat).
    present: [Squares; SEATS],
    /// Per seat: bit `i` set when the seat has two or more pieces (a block) on square `i`.
    blocks: [Squares; SEATS],
    /// Per seat: a bit for each seat of the game that is its opponent (every other one, or
    /// under partners the two beside it). Set once, so that the unions below read only the
    /// masks they need: a four-seat game never pays for six seats, nor for partners.
    foes: [u8; SEATS],
    /// A bit per seat with a block somewhere: most of the time no opponent has one, and the
    /// blocks in the way then need no union.
    blocking: u8,
    /// Under partners with *team blocks*: a piece of each partner on a square is a block.
    team_blocks: bool,
    /// A bit per seat that has won and plays on for its partner: the pieces it left on the
    /// board are moved by nobody, so they make no block (else one could stand for ever).
    retired: u8,
}

impl Occupancy {
    /// An empty board of `seats` under `rules`: who is an opponent, and what makes a block.
    pub(crate) fn empty(rules: &crate::rules::Rules, seats: u8) -> Occupancy {
        let pairs = rules.teams == crate::rules::Teams::Pairs;
        let all = ((1u16 << seats.min(SEATS as u8)) - 1) as u8;
        let foes = std::array::from_fn(|seat| {
            let partner = if pairs { 1 << ((seat + 2) & 3) } else { 0 };
            all & !(1 << seat) & !partner
        });
        Occupancy {
            present: [0; SEATS],
            blocks: [0; SEATS],
            foes,
            blocking: 0,
            team_blocks: pairs && rules.team_blocks,
            retired: 0,
        }
    }

    /// One more piece of `seat` arrives on `square`.
    #[inline]
    pub(crate) fn add(&mut self, seat: usize, square: u8) {
        let bit: Squares = 1 << square;
        self.blocks[seat] |= self.present[seat] & bit;
        self.present[seat] |= bit;
        self.note_blocks(seat);
    }

    /// Keeps `blocking` true to `blocks[seat]`.
    #[inline]
    fn note_blocks(&mut self, seat: usize) {
        let has = (self.blocks[seat] != 0) as u8;
        self.blocking = (self.blocking & !(1 << seat)) | (has << seat);
    }

    /// `seat` now has `count` pieces on `square`.
    #[inline]
    pub(crate) fn set(&mut self, seat: usize, square: u8, count: u8) {
        let bit: Squares = 1 << square;
        self.present[seat] = (self.present[seat] & !bit) | if count >= 1 { bit } else { 0 };
        let block = count >= 2 && self.retired & (1 << seat) == 0;
        self.blocks[seat] = (self.blocks[seat] & !bit) | if block { bit } else { 0 };
        self.note_blocks(seat);
    }

    /// `seat` has won and plays on for its partner: its pieces left on the board no longer
    /// make blocks, alone or with its partner's.
    pub(crate) fn retire(&mut self, seat: usize) {
        self.retired |= 1 << seat;
        self.blocks[seat] = 0;
        self.note_blocks(seat);
    }

    /// Takes every piece of `seat` off `square` (a capture).
    #[inline]
    pub(crate) fn clear(&mut self, seat: usize, square: u8) {
        self.set(seat, square, 0);
    }

    /// Squares where an opponent of `seat` has a block (under *team blocks*, a pair of
    /// opponents too).
    #[inline]
    pub fn opponent_blocks(&self, seat: usize) -> Squares {
        let blocks = union(&self.blocks, self.foes[seat] & self.blocking);
        if self.team_blocks {
            let live = |o: usize| match self.retired & (1 << o) {
                0 => self.present[o],
                _ => 0,
            };
            blocks | (live((seat + 1) & 3) & live((seat + 3) & 3))
        } else {
            blocks
        }
    }

    /// Squares where an opponent of `seat` has any piece.
    #[inline]
    pub fn opponents(&self, seat: usize) -> Squares {
        union(&self.present, self.foes[seat])
    }

    /// Squares with any piece on them.
    #[inline]
    pub fn any(&self) -> Squares {
        self.present.iter().fold(0, |union, &mask| union | mask)
    }

    /// Whether `seat`'s pieces on `square` make a block: two of its own, or under *team
    /// blocks* one of its own beside one of its partner's.
    pub fn holds_block(&self, seat: usize, square: u8) -> bool {
        let bit: Squares = 1 << square;
        let partner = (seat + 2) & 3;
        let live = |o: usize| self.retired & (1 << o) == 0;
        self.blocks[seat] & bit != 0
            || (self.team_blocks
                && live(seat)
                && live(partner)
                && self.present[seat] & self.present[partner] & bit != 0)
    }

    #[inline]
    pub fn blocks(&self, seat: usize) -> Squares {
        self.blocks[seat]
    }

    #[inline]
    pub fn present(&self, seat: usize) -> Squares {
        self.present[seat]
    }
}

/// The union of the masks of the seats whose bits are set in `seats`, read in place: copying
/// the array and zeroing one entry made every call wait on a store it had just made (a
/// store-forwarding stall on the engine's hottest path).
#[inline]
fn union(masks: &[Squares; SEATS], mut seats: u8) -> Squares {
    let mut union = 0;
    while seats != 0 {
        union |= masks[seats.trailing_zeros() as usize];
        seats &= seats - 1;
    }
    union
}
