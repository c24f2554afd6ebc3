//! The game's own words in the chosen language: colours, CPU levels, speeds, seats, house
//! rules. Each is a message of the language files; the names here are only their keys.

use ludo_core::{
    BoardChoice, Colour, CpuLevel, FirstPlayer, Impassable, NoPieceInPlay, Rules, SafeSquares,
};

use super::{Arg, Texts};
use crate::settings::Speed;
use crate::table::{SeatKind, Table};

impl Texts {
    pub fn colour(&self, c: Colour) -> String {
        self.get(match c {
            Colour::Yellow => "colour-yellow",
            Colour::Blue => "colour-blue",
            Colour::Red => "colour-red",
            Colour::Green => "colour-green",
        })
    }

    pub fn level(&self, level: CpuLevel) -> String {
        self.get(match level {
            CpuLevel::Random => "level-random",
            CpuLevel::Easy => "level-easy",
            CpuLevel::Normal => "level-normal",
            CpuLevel::Hard => "level-hard",
        })
    }

    pub fn speed(&self, speed: Speed) -> String {
        self.get(match speed {
            Speed::Slow => "speed-slow",
            Speed::Normal => "speed-normal",
            Speed::Fast => "speed-fast",
            Speed::Instant => "speed-instant",
        })
    }

    /// Who sits in a seat: a person's name, or "CPU (hard)".
    pub fn player(&self, kind: &SeatKind) -> String {
        match kind {
            SeatKind::Person { name } => self.person(name),
            SeatKind::Cpu(level) => self.fmt("cpu-name", &[("level", self.level(*level).into())]),
        }
    }

    /// A person's name as typed, or the word for a player when they gave none.
    pub fn person(&self, name: &str) -> String {
        if name == crate::table::UNNAMED {
            self.get("player-unnamed")
        } else {
            name.to_string()
        }
    }

    /// A seat as the prompts and the log name it: colour and player.
    pub fn seat(&self, table: &Table, seat: u8) -> String {
        let colour = table.layout.colours[seat as usize];
        self.fmt(
            "seat-name",
            &[
                ("colour", self.colour(colour).into()),
                ("player", self.player(table.seat_kind(seat)).into()),
            ],
        )
    }

    pub fn on_off(&self, on: bool) -> String {
        self.get(if on { "choice-on" } else { "choice-off" })
    }

    /// Words joined as a list ("a six, a capture").
    pub fn list(&self, items: &[String]) -> String {
        items.join(&self.get("list-separator"))
    }

    pub fn board(&self, b: BoardChoice) -> String {
        self.get(match b {
            BoardChoice::AlwaysCross => "board-cross",
            BoardChoice::ByPlayerCount => "board-by-count",
        })
    }

    pub fn no_piece(&self, n: NoPieceInPlay) -> String {
        self.get(match n {
            NoPieceInPlay::Normal => "no-piece-normal",
            NoPieceInPlay::ReleaseWithoutRolling => "no-piece-release",
            NoPieceInPlay::UpToThreeRolls => "no-piece-three",
        })
    }

    pub fn safe(&self, s: SafeSquares) -> String {
        self.get(match s {
            SafeSquares::StartsAndStars => "safe-starts-stars",
            SafeSquares::StartsOnly => "safe-starts",
            SafeSquares::None => "safe-none",
        })
    }

    pub fn impassable(&self, i: Impassable) -> String {
        self.get(match i {
            Impassable::BlocksOfTwo => "impassable-blocks",
            Impassable::None => "impassable-none",
            Impassable::NoOvertaking => "impassable-no-overtaking",
        })
    }

    pub fn first_player(&self, f: FirstPlayer) -> String {
        self.get(match f {
            FirstPlayer::FirstSeat => "first-seat",
            FirstPlayer::RollOff => "first-roll-off",
        })
    }

    /// Die faces as words: "6", "1 or 6", "1, 5 or 6".
    pub fn faces(&self, faces: &[u8]) -> String {
        let mut words: Vec<String> = faces.iter().map(|f| f.to_string()).collect();
        let Some(last) = words.pop() else {
            return String::new();
        };
        if words.is_empty() {
            return last;
        }
        self.fmt(
            "choice-or",
            &[("a", self.list(&words).into()), ("b", Arg::Text(last))],
        )
    }

    /// Every house rule: its name, this table's choice, and the standard choice.
    pub fn house_rules(&self, r: &Rules) -> Vec<(String, String, String)> {
        let d = Rules::default();
        let row = |key: &str, chosen: String, standard: String| (self.get(key), chosen, standard);
        vec![
            row("rule-board", self.board(r.board), self.board(d.board)),
            row(
                "rule-exit-book",
                self.faces(&r.exit_numbers.faces()),
                self.faces(&d.exit_numbers.faces()),
            ),
            row(
                "rule-no-piece",
                self.no_piece(r.no_piece_in_play),
                self.no_piece(d.no_piece_in_play),
            ),
            row(
                "rule-three-sixes",
                self.on_off(r.three_sixes),
                self.on_off(d.three_sixes),
            ),
            row(
                "rule-extra-capture",
                self.on_off(r.extra_roll_on_capture),
                self.on_off(d.extra_roll_on_capture),
            ),
            row(
                "rule-extra-goal",
                self.on_off(r.extra_roll_on_goal),
                self.on_off(d.extra_roll_on_goal),
            ),
            row(
                "rule-safe",
                self.safe(r.safe_squares),
                self.safe(d.safe_squares),
            ),
            row(
                "rule-impassable",
                self.impassable(r.impassable),
                self.impassable(d.impassable),
            ),
            row(
                "rule-exact",
                self.on_off(r.exact_finish),
                self.on_off(d.exact_finish),
            ),
            row(
                "rule-rank-all",
                self.on_off(r.rank_all),
                self.on_off(d.rank_all),
            ),
            row(
                "rule-rotate",
                self.on_off(r.rotate_first_player),
                self.on_off(d.rotate_first_player),
            ),
            row(
                "rule-first",
                self.first_player(r.first_player),
                self.first_player(d.first_player),
            ),
        ]
    }
}
