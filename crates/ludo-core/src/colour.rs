//! The six colours and their owner marks, so colour-blind players can tell seats apart.

use serde::{Deserialize, Serialize};

/// A seat's colour. The order is the clockwise order of the arms: the cross board's four,
/// then the two that only a table of five or six seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    Yellow,
    Blue,
    Red,
    Green,
    Purple,
    Orange,
}

impl Colour {
    pub const ALL: [Colour; 6] = [
        Colour::Yellow,
        Colour::Blue,
        Colour::Red,
        Colour::Green,
        Colour::Purple,
        Colour::Orange,
    ];
    /// The colours of the cross board's four arms.
    pub const CROSS: [Colour; 4] = [Colour::Yellow, Colour::Blue, Colour::Red, Colour::Green];

    /// Index of this colour's arm, clockwise (on the cross board 0 is the top-left base).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The owner mark drawn on pieces, base and home column: ○ □ △ ✚ ● ◇. The two later
    /// colours pair a hue that colour-blind eyes confuse with an earlier one (purple with
    /// blue, orange with yellow and red) with a shape unlike that colour's: a filled dot beside
    /// the square, a diamond beside the ring and the triangle.
    pub fn mark(self) -> char {
        match self {
            Colour::Yellow => '○',
            Colour::Blue => '□',
            Colour::Red => '△',
            Colour::Green => '✚',
            Colour::Purple => '●',
            Colour::Orange => '◇',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Colour::Yellow => "yellow",
            Colour::Blue => "blue",
            Colour::Red => "red",
            Colour::Green => "green",
            Colour::Purple => "purple",
            Colour::Orange => "orange",
        }
    }
}

impl std::fmt::Display for Colour {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.name(), self.mark())
    }
}
