//! The four colours and their owner marks, so colour-blind players can tell seats apart.

use serde::{Deserialize, Serialize};

/// A seat's colour. The order is the clockwise order of the arms on the cross board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    Yellow,
    Blue,
    Red,
    Green,
}

impl Colour {
    pub const ALL: [Colour; 4] = [Colour::Yellow, Colour::Blue, Colour::Red, Colour::Green];

    /// Index of this colour's arm on the cross board (0 = top-left base, then clockwise).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The owner mark drawn on pieces, base and home column: ○ □ △ ✚.
    pub fn mark(self) -> char {
        match self {
            Colour::Yellow => '○',
            Colour::Blue => '□',
            Colour::Red => '△',
            Colour::Green => '✚',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Colour::Yellow => "yellow",
            Colour::Blue => "blue",
            Colour::Red => "red",
            Colour::Green => "green",
        }
    }
}

impl std::fmt::Display for Colour {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.name(), self.mark())
    }
}
