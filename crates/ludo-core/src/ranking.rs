//! Ranking at the end of a game, as RULES.md orders it.

use serde::{Deserialize, Serialize};

/// One seat's place in the final ranking, with the figures that decided it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Standing {
    pub seat: u8,
    /// 1 is first. Seats equal on every figure share a rank, numbered as in sport: 1, 2, 2, 4.
    pub rank: u8,
    /// Place in the order of finishing, for seats that have won their race: all pieces at the
    /// goal, or under *pieces to win* below four that many.
    pub finished: Option<u8>,
    pub at_goal: u8,
    /// Pieces anywhere but the base (the goal included).
    pub out_of_base: u8,
    /// Sum of the steps the pieces out of base have walked from their start (a piece going
    /// round again behind its start has walked the lap less one square, not the goal and more).
    pub progress: u16,
}

impl Standing {
    fn key(&self) -> (u8, u8, u16) {
        (self.at_goal, self.out_of_base, self.progress)
    }
}

/// Ranks seats: those that finished come first in the order they finished; the others follow,
/// ordered by pieces at the goal, then pieces out of base, then total progress, more being
/// better at each step, with exact ties sharing a rank.
pub fn rank(mut standings: Vec<Standing>) -> Vec<Standing> {
    let finished = standings.iter().filter(|s| s.finished.is_some()).count() as u8;
    for i in 0..standings.len() {
        let s = standings[i];
        standings[i].rank = match s.finished {
            Some(place) => place,
            None => {
                let better = standings
                    .iter()
                    .filter(|o| o.finished.is_none() && o.key() > s.key())
                    .count() as u8;
                finished + better + 1
            }
        };
    }
    standings.sort_by_key(|s| (s.rank, s.seat));
    standings
}

/// Ranks seats that play in pairs (seats 0 and 2, 1 and 3) by their pair: the pair that won
/// (`won`) first, else the pair with more pieces at the goal, then out of base, then progress,
/// both partners sharing the pair's rank as in sport (1, 1, 3, 3).
pub fn rank_pairs(mut standings: Vec<Standing>, won: impl Fn(u8) -> bool) -> Vec<Standing> {
    let pair = |s: &Standing| {
        let p = standings
            .iter()
            .find(|o| o.seat == (s.seat + 2) & 3)
            .copied()
            .unwrap_or(*s);
        let (a, b) = (s.key(), p.key());
        (won(s.seat), a.0 + b.0, a.1 + b.1, a.2 + b.2)
    };
    let keys: Vec<_> = standings.iter().map(pair).collect();
    for i in 0..standings.len() {
        standings[i].rank = 1 + keys.iter().filter(|k| **k > keys[i]).count() as u8;
    }
    standings.sort_by_key(|s| (s.rank, s.seat));
    standings
}
