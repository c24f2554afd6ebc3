//! Every house rule of RULES.md as one serde value. `Rules::default()` is the standard game.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The table's choice of rules. Every field has the standard game as its default, so a rules
/// file may name only what it changes; an unknown field is an error, not silently ignored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// Which board is drawn: the classic cross, or only the seated arms.
    pub board: BoardChoice,
    /// Die faces that let a piece leave base (standard: 6).
    pub exit_numbers: DieFaces,
    /// What a seat does when none of its pieces is in play.
    pub no_piece_in_play: NoPieceInPlay,
    /// The third 6 in a row ends the turn without a move.
    pub three_sixes: bool,
    pub extra_roll_on_capture: bool,
    pub extra_roll_on_goal: bool,
    pub safe_squares: SafeSquares,
    pub impassable: Impassable,
    /// A roll that would carry a piece past the goal is not a legal move for it.
    pub exact_finish: bool,
    /// Play on after the first seat finishes until one seat is left.
    pub rank_all: bool,
    /// A rematch starts with the seat after the one that started the last game.
    pub rotate_first_player: bool,
    /// Who starts the first game.
    pub first_player: FirstPlayer,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            board: BoardChoice::AlwaysCross,
            exit_numbers: DieFaces::SIX,
            no_piece_in_play: NoPieceInPlay::Normal,
            three_sixes: true,
            extra_roll_on_capture: true,
            extra_roll_on_goal: false,
            safe_squares: SafeSquares::StartsAndStars,
            impassable: Impassable::BlocksOfTwo,
            exact_finish: true,
            rank_all: false,
            rotate_first_player: true,
            first_player: FirstPlayer::FirstSeat,
        }
    }
}

impl Rules {
    /// The names of the fields that differ from the standard game, for "not standard" marks.
    pub fn non_standard(&self) -> Vec<&'static str> {
        let d = Rules::default();
        let mut out = Vec::new();
        let mut check = |differs: bool, name| {
            if differs {
                out.push(name)
            }
        };
        check(self.board != d.board, "board");
        check(self.exit_numbers != d.exit_numbers, "exit_numbers");
        check(
            self.no_piece_in_play != d.no_piece_in_play,
            "no_piece_in_play",
        );
        check(self.three_sixes != d.three_sixes, "three_sixes");
        check(
            self.extra_roll_on_capture != d.extra_roll_on_capture,
            "extra_roll_on_capture",
        );
        check(
            self.extra_roll_on_goal != d.extra_roll_on_goal,
            "extra_roll_on_goal",
        );
        check(self.safe_squares != d.safe_squares, "safe_squares");
        check(self.impassable != d.impassable, "impassable");
        check(self.exact_finish != d.exact_finish, "exact_finish");
        check(self.rank_all != d.rank_all, "rank_all");
        check(
            self.rotate_first_player != d.rotate_first_player,
            "rotate_first_player",
        );
        check(self.first_player != d.first_player, "first_player");
        out
    }

    /// True for the standard game (what a ranked game requires).
    pub fn is_standard(&self) -> bool {
        *self == Rules::default()
    }

    /// The seat that starts a rematch, given the seat that started the last game.
    pub fn rematch_first_seat(&self, last_first_seat: u8, seats: u8) -> u8 {
        if self.rotate_first_player {
            (last_first_seat + 1) % seats
        } else {
            last_first_seat
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardChoice {
    /// The classic 15×15 cross whatever the number of seats (standard).
    #[default]
    AlwaysCross,
    /// Only the arms of the seated colours: a horizontal board for 2, a T for 3.
    ByPlayerCount,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoPieceInPlay {
    /// Roll as usual (standard).
    #[default]
    Normal,
    /// Pressing the die brings one piece to the start and ends the turn, with no roll.
    ReleaseWithoutRolling,
    /// Up to three rolls to get an exit number.
    UpToThreeRolls,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SafeSquares {
    /// The four start squares and the four stars (standard).
    #[default]
    StartsAndStars,
    StartsOnly,
    None,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Impassable {
    /// Two or more pieces of one colour form a block no opponent passes or lands on (standard).
    #[default]
    BlocksOfTwo,
    /// No blocks at all.
    None,
    /// No piece may pass over any occupied square, its own pieces included.
    NoOvertaking,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstPlayer {
    /// The first seat starts the first game (standard).
    #[default]
    FirstSeat,
    /// Every seat rolls; the highest roller starts, ties roll again.
    RollOff,
}

/// A non-empty set of die faces 1..=6, written in files as a list such as `[6]` or `[1, 6]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DieFaces(u8);

impl DieFaces {
    pub const SIX: DieFaces = DieFaces(1 << 6);

    /// Builds the set, or says which face is out of range or that the set is empty.
    pub fn new(faces: &[u8]) -> Result<Self, String> {
        let mut bits = 0u8;
        for &f in faces {
            if !(1..=6).contains(&f) {
                return Err(format!("die face {f} is not between 1 and 6"));
            }
            bits |= 1 << f;
        }
        if bits == 0 {
            return Err("at least one die face is needed".into());
        }
        Ok(DieFaces(bits))
    }

    #[inline]
    pub fn contains(self, face: u8) -> bool {
        face < 8 && self.0 & (1 << face) != 0
    }

    /// How many faces are in the set, without listing them.
    #[inline]
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    pub fn faces(self) -> Vec<u8> {
        (1..=6).filter(|&f| self.contains(f)).collect()
    }
}

impl Default for DieFaces {
    fn default() -> Self {
        DieFaces::SIX
    }
}

impl Serialize for DieFaces {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.faces().serialize(s)
    }
}

impl<'de> Deserialize<'de> for DieFaces {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let faces = Vec::<u8>::deserialize(d)?;
        DieFaces::new(&faces).map_err(serde::de::Error::custom)
    }
}
