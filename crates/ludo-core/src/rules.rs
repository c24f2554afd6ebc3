//! Every house rule of RULES.md as one serde value. `Rules::default()` is the standard game.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The pieces of a seat.
pub const PIECES: usize = 4;

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
    /// How many pieces a seat brings home to win: all four, or a shorter game.
    pub pieces_to_win: PiecesToWin,
    /// A seat's pieces enter the home column only once that seat has captured; until then they
    /// go round again.
    pub capture_before_home: bool,
    /// Seats across the board play together (four seats only). A seat that has won plays on
    /// with its partner's pieces; its own left on the board (in a shorter game) make no block.
    pub teams: Teams,
    /// Under partners, a partner's piece and one's own on a square form a block to the others.
    pub team_blocks: bool,
    /// Under partners, what wins: both partners home, or the first of the pair.
    pub team_wins: TeamWins,
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
            pieces_to_win: PiecesToWin::ALL,
            capture_before_home: false,
            teams: Teams::None,
            team_blocks: false,
            team_wins: TeamWins::BothHome,
            rank_all: false,
            rotate_first_player: true,
            first_player: FirstPlayer::FirstSeat,
        }
    }
}

/// One house rule as windows, words and the rule book know it: its name in rules files and
/// the values it takes. `HOUSE_RULES` lists every one, in the rule book's order; the setup
/// window, the words of each language and the rule book are all drawn from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HouseRule {
    /// The field of `Rules` (and of a rules file): `"three_sixes"`.
    pub name: &'static str,
    pub values: Values,
}

/// The values a house rule takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Values {
    /// On or off.
    Switch,
    /// One of these, by their names in rules files.
    OneOf(&'static [&'static str]),
    /// A non-empty set of die faces.
    Faces,
    /// A whole number from 1 to this.
    Count(u8),
}

/// A value of one house rule (see `Rules::get` and `Rules::set`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    Switch(bool),
    /// An index into the rule's `Values::OneOf` names.
    OneOf(usize),
    Faces(DieFaces),
    Count(u8),
}

/// Every house rule of RULES.md, in the rule book's order.
pub const HOUSE_RULES: [HouseRule; 17] = [
    HouseRule {
        name: "board",
        values: Values::OneOf(&["always_cross", "by_player_count"]),
    },
    HouseRule {
        name: "exit_numbers",
        values: Values::Faces,
    },
    HouseRule {
        name: "no_piece_in_play",
        values: Values::OneOf(&["normal", "release_without_rolling", "up_to_three_rolls"]),
    },
    HouseRule {
        name: "three_sixes",
        values: Values::Switch,
    },
    HouseRule {
        name: "extra_roll_on_capture",
        values: Values::Switch,
    },
    HouseRule {
        name: "extra_roll_on_goal",
        values: Values::Switch,
    },
    HouseRule {
        name: "safe_squares",
        values: Values::OneOf(&["starts_and_stars", "starts_only", "none"]),
    },
    HouseRule {
        name: "impassable",
        values: Values::OneOf(&["blocks_of_two", "none", "no_overtaking"]),
    },
    HouseRule {
        name: "exact_finish",
        values: Values::Switch,
    },
    HouseRule {
        name: "pieces_to_win",
        values: Values::Count(PIECES as u8),
    },
    HouseRule {
        name: "capture_before_home",
        values: Values::Switch,
    },
    HouseRule {
        name: "teams",
        values: Values::OneOf(&["none", "pairs"]),
    },
    HouseRule {
        name: "team_blocks",
        values: Values::Switch,
    },
    HouseRule {
        name: "team_wins",
        values: Values::OneOf(&["both_home", "one_home"]),
    },
    HouseRule {
        name: "rank_all",
        values: Values::Switch,
    },
    HouseRule {
        name: "rotate_first_player",
        values: Values::Switch,
    },
    HouseRule {
        name: "first_player",
        values: Values::OneOf(&["first_seat", "roll_off"]),
    },
];

impl Rules {
    /// The names of the house rules that differ from the standard game, for "not standard"
    /// marks.
    pub fn non_standard(&self) -> Vec<&'static str> {
        let standard = Rules::default();
        HOUSE_RULES
            .iter()
            .filter(|rule| self.get(rule.name) != standard.get(rule.name))
            .map(|rule| rule.name)
            .collect()
    }

    /// The choice this table made for the house rule `name` (one of `HOUSE_RULES`).
    ///
    /// # Panics
    /// On a name that is not in `HOUSE_RULES`: a caller's bug, not a player's input.
    pub fn get(&self, name: &str) -> Choice {
        fn index<T: PartialEq>(all: &[T], v: &T) -> Choice {
            Choice::OneOf(
                all.iter()
                    .position(|x| x == v)
                    .expect("every value is listed"),
            )
        }
        match name {
            "board" => index(&BoardChoice::ALL, &self.board),
            "exit_numbers" => Choice::Faces(self.exit_numbers),
            "no_piece_in_play" => index(&NoPieceInPlay::ALL, &self.no_piece_in_play),
            "three_sixes" => Choice::Switch(self.three_sixes),
            "extra_roll_on_capture" => Choice::Switch(self.extra_roll_on_capture),
            "extra_roll_on_goal" => Choice::Switch(self.extra_roll_on_goal),
            "safe_squares" => index(&SafeSquares::ALL, &self.safe_squares),
            "impassable" => index(&Impassable::ALL, &self.impassable),
            "exact_finish" => Choice::Switch(self.exact_finish),
            "pieces_to_win" => Choice::Count(self.pieces_to_win.get()),
            "capture_before_home" => Choice::Switch(self.capture_before_home),
            "teams" => index(&Teams::ALL, &self.teams),
            "team_blocks" => Choice::Switch(self.team_blocks),
            "team_wins" => index(&TeamWins::ALL, &self.team_wins),
            "rank_all" => Choice::Switch(self.rank_all),
            "rotate_first_player" => Choice::Switch(self.rotate_first_player),
            "first_player" => index(&FirstPlayer::ALL, &self.first_player),
            _ => panic!("no house rule is called {name:?}"),
        }
    }

    /// Sets the house rule `name` to `choice`; a choice of the wrong kind or out of range
    /// for that rule changes nothing and returns false.
    pub fn set(&mut self, name: &str, choice: Choice) -> bool {
        fn pick<T: Copy>(all: &[T], slot: &mut T, i: usize) -> bool {
            all.get(i).map(|v| *slot = *v).is_some()
        }
        match (name, choice) {
            ("board", Choice::OneOf(i)) => pick(&BoardChoice::ALL, &mut self.board, i),
            ("exit_numbers", Choice::Faces(f)) => {
                self.exit_numbers = f;
                true
            }
            ("no_piece_in_play", Choice::OneOf(i)) => {
                pick(&NoPieceInPlay::ALL, &mut self.no_piece_in_play, i)
            }
            ("safe_squares", Choice::OneOf(i)) => {
                pick(&SafeSquares::ALL, &mut self.safe_squares, i)
            }
            ("impassable", Choice::OneOf(i)) => pick(&Impassable::ALL, &mut self.impassable, i),
            ("first_player", Choice::OneOf(i)) => {
                pick(&FirstPlayer::ALL, &mut self.first_player, i)
            }
            ("teams", Choice::OneOf(i)) => pick(&Teams::ALL, &mut self.teams, i),
            ("team_wins", Choice::OneOf(i)) => pick(&TeamWins::ALL, &mut self.team_wins, i),
            ("pieces_to_win", Choice::Count(n)) => PiecesToWin::new(n)
                .map(|n| self.pieces_to_win = n)
                .is_some(),
            (name, Choice::Switch(on)) => {
                let slot = match name {
                    "three_sixes" => &mut self.three_sixes,
                    "extra_roll_on_capture" => &mut self.extra_roll_on_capture,
                    "extra_roll_on_goal" => &mut self.extra_roll_on_goal,
                    "exact_finish" => &mut self.exact_finish,
                    "capture_before_home" => &mut self.capture_before_home,
                    "team_blocks" => &mut self.team_blocks,
                    "rank_all" => &mut self.rank_all,
                    "rotate_first_player" => &mut self.rotate_first_player,
                    _ => return false,
                };
                *slot = on;
                true
            }
            _ => false,
        }
    }

    /// Why a table of `seats` cannot play these rules, if it cannot: partners need four seats.
    pub fn refusal(&self, seats: u8) -> Option<RulesRefusal> {
        (self.teams == Teams::Pairs && seats != 4).then_some(RulesRefusal::PartnersNeedFour(seats))
    }

    /// The seat that plays with `seat`, under partners: the one across the board.
    #[inline]
    pub fn partner(&self, seat: u8) -> Option<u8> {
        (self.teams == Teams::Pairs).then_some((seat + 2) & 3)
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

impl BoardChoice {
    /// Every value, in the order of its `HOUSE_RULES` names.
    pub const ALL: [BoardChoice; 2] = [BoardChoice::AlwaysCross, BoardChoice::ByPlayerCount];
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

impl NoPieceInPlay {
    /// Every value, in the order of its `HOUSE_RULES` names.
    pub const ALL: [NoPieceInPlay; 3] = [
        NoPieceInPlay::Normal,
        NoPieceInPlay::ReleaseWithoutRolling,
        NoPieceInPlay::UpToThreeRolls,
    ];
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

impl SafeSquares {
    /// Every value, in the order of its `HOUSE_RULES` names.
    pub const ALL: [SafeSquares; 3] = [
        SafeSquares::StartsAndStars,
        SafeSquares::StartsOnly,
        SafeSquares::None,
    ];
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

impl Impassable {
    /// Every value, in the order of its `HOUSE_RULES` names.
    pub const ALL: [Impassable; 3] = [
        Impassable::BlocksOfTwo,
        Impassable::None,
        Impassable::NoOvertaking,
    ];
}

/// Why rules cannot be played at a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesRefusal {
    #[error("partners (`teams: pairs`) play at four seats, not {0}")]
    PartnersNeedFour(u8),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Teams {
    /// Each for themself (standard).
    #[default]
    None,
    /// Seats across the board play together: seats 0 and 2, 1 and 3.
    Pairs,
}

impl Teams {
    /// Every value, in the order of its `HOUSE_RULES` names.
    pub const ALL: [Teams; 2] = [Teams::None, Teams::Pairs];
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TeamWins {
    /// The pair wins when both partners have brought their pieces home (standard).
    #[default]
    BothHome,
    /// The pair of the first player to bring their pieces home wins.
    OneHome,
}

impl TeamWins {
    /// Every value, in the order of its `HOUSE_RULES` names.
    pub const ALL: [TeamWins; 2] = [TeamWins::BothHome, TeamWins::OneHome];
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

impl FirstPlayer {
    /// Every value, in the order of its `HOUSE_RULES` names.
    pub const ALL: [FirstPlayer; 2] = [FirstPlayer::FirstSeat, FirstPlayer::RollOff];
}

/// How many pieces a seat brings home to win, 1 to 4; written in files as the number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct PiecesToWin(u8);

impl PiecesToWin {
    /// Every piece (standard).
    pub const ALL: PiecesToWin = PiecesToWin(PIECES as u8);

    pub fn new(n: u8) -> Option<PiecesToWin> {
        (1..=PIECES as u8).contains(&n).then_some(PiecesToWin(n))
    }

    #[inline]
    pub fn get(self) -> u8 {
        self.0
    }
}

impl Default for PiecesToWin {
    fn default() -> Self {
        PiecesToWin::ALL
    }
}

impl TryFrom<u8> for PiecesToWin {
    type Error = String;
    fn try_from(n: u8) -> Result<Self, String> {
        PiecesToWin::new(n).ok_or_else(|| format!("a seat wins with 1 to 4 pieces home, not {n}"))
    }
}

impl From<PiecesToWin> for u8 {
    fn from(n: PiecesToWin) -> u8 {
        n.0
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every value of every house rule, set through the list, is what a rules file of that
    /// name and value means: the list and the serde names cannot drift apart.
    #[test]
    fn the_house_rule_list_names_what_rules_files_say() {
        let fields = serde_json::to_value(Rules::default()).unwrap();
        assert_eq!(fields.as_object().unwrap().len(), HOUSE_RULES.len());
        for rule in HOUSE_RULES {
            assert!(fields.get(rule.name).is_some(), "{} is a field", rule.name);
            let choices: Vec<(Choice, serde_json::Value)> = match rule.values {
                Values::Switch => [true, false]
                    .map(|on| (Choice::Switch(on), serde_json::json!(on)))
                    .into(),
                Values::OneOf(names) => names
                    .iter()
                    .enumerate()
                    .map(|(i, n)| (Choice::OneOf(i), serde_json::json!(n)))
                    .collect(),
                Values::Faces => vec![(
                    Choice::Faces(DieFaces::new(&[1, 6]).unwrap()),
                    serde_json::json!([1, 6]),
                )],
                Values::Count(max) => (1..=max)
                    .map(|n| (Choice::Count(n), serde_json::json!(n)))
                    .collect(),
            };
            for (choice, written) in choices {
                let mut rules = Rules::default();
                assert!(
                    rules.set(rule.name, choice),
                    "{} takes {choice:?}",
                    rule.name
                );
                assert_eq!(rules.get(rule.name), choice);
                let json = serde_json::to_value(&rules).unwrap();
                assert_eq!(json[rule.name], written, "{} = {choice:?}", rule.name);
                // Only that rule changed.
                let mut others = json.as_object().unwrap().clone();
                let mut standard = fields.as_object().unwrap().clone();
                others.remove(rule.name);
                standard.remove(rule.name);
                assert_eq!(others, standard);
            }
            // A value of another kind, or past the end of the list, changes nothing.
            let mut rules = Rules::default();
            assert!(!rules.set(rule.name, Choice::OneOf(9)));
            assert!(!rules.set(rule.name, Choice::Count(0)));
            assert!(!rules.set(rule.name, Choice::Count(5)));
            assert_eq!(rules, Rules::default());
        }
    }

    #[test]
    fn non_standard_names_exactly_the_changed_rules() {
        let mut rules = Rules::default();
        assert!(rules.non_standard().is_empty());
        rules.rank_all = true;
        rules.safe_squares = SafeSquares::None;
        assert_eq!(rules.non_standard(), ["safe_squares", "rank_all"]);
    }
}
