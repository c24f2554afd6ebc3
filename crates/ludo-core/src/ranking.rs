//! Ranking at the end of a game, as RULES.md orders it.

use serde::{Deserialize, Serialize};

/// One seat's place in the final ranking, with the figures that decided it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Standing {
    pub seat: u8,
    /// 1 is first. Seats equal on every figure share a rank, numbered as in sport: 1, 2, 2, 4.
    pub rank: u8,
    /// Place in the order of finishing, for seats that brought all pieces to the goal.
    pub finished: Option<u8>,
    pub at_goal: u8,
    /// Pieces anywhere but the base (the goal included).
    pub out_of_base: u8,
    /// Sum of the progress of the pieces out of base.
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
