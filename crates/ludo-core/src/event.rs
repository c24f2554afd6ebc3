//! What happened, in order. These are the vocabulary of the game's ECS messages.

use serde::{Deserialize, Serialize};

use crate::pos::Pos;
use crate::ranking::Standing;

/// Why a seat rolls again. Several reasons at once still give one extra roll.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ExtraRollReasons {
    #[serde(default, skip_serializing_if = "is_false")]
    pub six: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub capture: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub goal: bool,
    /// Another of the *up to three rolls* to get an exit number.
    #[serde(default, skip_serializing_if = "is_false")]
    pub retry: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl ExtraRollReasons {
    pub fn any(self) -> bool {
        self.six || self.capture || self.goal || self.retry
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A roll of the first-player roll-off.
    RollOff {
        seat: u8,
        value: u8,
    },
    /// The roll-off decided who starts.
    FirstPlayer {
        seat: u8,
    },
    Rolled {
        seat: u8,
        value: u8,
    },
    /// The roll (or the press of the die) gave no legal move.
    NoLegalMove {
        seat: u8,
    },
    /// A piece left base onto its start square.
    Entered {
        seat: u8,
        piece: u8,
    },
    /// A piece walked from `from` to `to` (progress values).
    Moved {
        seat: u8,
        piece: u8,
        from: Pos,
        to: Pos,
    },
    /// An opponent piece on track square `square` was sent back to its base.
    Captured {
        seat: u8,
        piece: u8,
        by: u8,
        square: u8,
    },
    ReachedGoal {
        seat: u8,
        piece: u8,
    },
    ExtraRoll {
        seat: u8,
        reasons: ExtraRollReasons,
    },
    /// The third 6 in a row ended the turn.
    ThreeSixes {
        seat: u8,
    },
    TurnPassed {
        from: u8,
        to: u8,
    },
    /// A seat has won its race: brought its last piece to the goal, or under *pieces to win*
    /// below four that many pieces; `place` counts from 1.
    SeatFinished {
        seat: u8,
        place: u8,
    },
    GameOver {
        ranking: Vec<Standing>,
    },
}
