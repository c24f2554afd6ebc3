//! The table: who sits where, and the one `ludo_core::Game` every system reads. The game's
//! state lives only here; entities follow it.

use bevy::prelude::*;
use ludo_core::{
    Action, Chooser, CpuLevel, Dice, DiceState, Event, Game, GameRecord, Layout, PlayError, Rules,
    Seed,
};
use ludo_cpu::Cpu;
use serde::{Deserialize, Serialize};

/// The name of a person who gave none. It is kept as is in files and saves and shown in the
/// player's language (`player-unnamed`).
pub const UNNAMED: &str = "Player";

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    Person { name: String },
    Cpu(CpuLevel),
}

impl SeatKind {
    pub fn is_cpu(&self) -> bool {
        matches!(self, SeatKind::Cpu(_))
    }

    pub fn label(&self) -> String {
        match self {
            SeatKind::Person { name } => name.clone(),
            SeatKind::Cpu(level) => format!("CPU ({level})"),
        }
    }

    /// Who sat in a seat by a record's name for it: `CPU (LEVEL)` as a table writes it,
    /// `cpu:LEVEL` or `random:N` as the tools do, and anything else a person's name.
    pub fn from_label(label: &str) -> SeatKind {
        let level = label
            .strip_prefix("CPU (")
            .and_then(|l| l.strip_suffix(')'))
            .or_else(|| label.strip_prefix("cpu:"))
            .or_else(|| label.starts_with("random:").then_some("random"));
        match level.and_then(|l| l.parse().ok()) {
            Some(level) => SeatKind::Cpu(level),
            None => SeatKind::Person { name: label.into() },
        }
    }

    /// `person`, `person:NAME`, `cpu` (normal) or `cpu:LEVEL` (also written `cpu-LEVEL`).
    pub fn parse(s: &str) -> Result<SeatKind, String> {
        let split = s
            .split_once(':')
            .or_else(|| s.strip_prefix("cpu-").map(|level| ("cpu", level)));
        match split {
            None if s == "person" => Ok(SeatKind::Person {
                name: UNNAMED.into(),
            }),
            None if s == "cpu" => Ok(SeatKind::Cpu(CpuLevel::Normal)),
            Some(("person", name)) => Ok(SeatKind::Person { name: name.into() }),
            Some(("cpu", level)) => level.parse().map(SeatKind::Cpu),
            _ => Err(format!(
                "seat {s:?}: expected person, person:NAME, cpu or cpu:LEVEL"
            )),
        }
    }
}

/// How long a person's turn may take before the CPU plays the rest of it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnLimit {
    #[default]
    None,
    Secs30,
    Secs60,
}

impl TurnLimit {
    pub const ALL: [TurnLimit; 3] = [TurnLimit::None, TurnLimit::Secs30, TurnLimit::Secs60];

    pub fn secs(self) -> Option<f32> {
        match self {
            TurnLimit::None => None,
            TurnLimit::Secs30 => Some(30.0),
            TurnLimit::Secs60 => Some(60.0),
        }
    }
}

/// How a new table is set up; remembered between runs (see `saved`).
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TableConfig {
    pub rules: Rules,
    pub seats: Vec<SeatKind>,
    pub seed: u64,
    /// How long a person's turn may take before the CPU plays it.
    pub turn_limit: TurnLimit,
}

impl Default for TableConfig {
    fn default() -> Self {
        TableConfig {
            rules: Rules::default(),
            seats: vec![
                SeatKind::Person {
                    name: UNNAMED.into(),
                },
                SeatKind::Cpu(CpuLevel::Normal),
                SeatKind::Cpu(CpuLevel::Normal),
                SeatKind::Cpu(CpuLevel::Normal),
            ],
            seed: 1,
            turn_limit: Default::default(),
        }
    }
}

impl TableConfig {
    /// What a table needs beyond parsing: 2 to 6 seats, and rules that play at that many.
    pub fn check(&self) -> Result<(), String> {
        let n = self.seats.len();
        if !(2..=ludo_core::MAX_SEATS as usize).contains(&n) {
            return Err(format!("`seats` lists {n} seats; a table has 2 to 6"));
        }
        match self.rules.refusal(n as u8) {
            Some(why) => Err(format!("`rules`: {why}")),
            None => Ok(()),
        }
    }
}

/// The game at the table.
#[derive(Resource)]
pub struct Table {
    pub game: Game,
    pub dice: Dice,
    pub seats: Vec<SeatKind>,
    /// This game's seed: its die stream and its CPUs' randomness derive from it.
    pub seed: u64,
    pub layout: Layout,
    pub record: GameRecord,
    /// People who asked the CPU to play for them, by seat.
    pub autopilot: Vec<bool>,
    pub turn_limit: TurnLimit,
    /// The hints each seat asked for (`hint`).
    pub hints: Vec<u32>,
    /// A game taken up from a review's decision (Try it again): never rated, hints allowed.
    pub practice: bool,
}

impl Table {
    pub fn new(config: &TableConfig, first_seat: u8) -> Table {
        let n = config.seats.len().clamp(2, ludo_core::MAX_SEATS as usize) as u8;
        let game = Game::new(config.rules.clone(), n, first_seat % n)
            .expect("a checked table: 2 to 6 seats, rules that play there");
        let players = config.seats.iter().map(SeatKind::label).collect();
        Table {
            layout: Layout::for_rules(&config.rules, n),
            record: GameRecord::new(
                config.rules.clone(),
                players,
                Some(config.seed.into()),
                first_seat % n,
            ),
            game,
            dice: Dice::new(config.seed),
            autopilot: vec![false; config.seats.len()],
            turn_limit: config.turn_limit,
            hints: vec![0; config.seats.len()],
            practice: false,
            seats: config.seats.clone(),
            seed: config.seed,
        }
    }

    /// A finished game's table at one of its positions (`game`), for a review: the seats
    /// from the record's names, no CPU to play and no clock.
    pub fn reviewing(record: &GameRecord, game: Game) -> Table {
        let n = game.seats();
        let die = record.seed.unwrap_or(Seed::Number(0));
        // A table's own seed is a number (a game on this device); a server's game's, its die's.
        let seed = match die {
            Seed::Number(n) => n,
            Seed::Bytes(_) => 0,
        };
        Table {
            layout: Layout::for_rules(&record.rules, n),
            record: record.clone(),
            dice: Dice::seeded(die),
            seats: record
                .players
                .iter()
                .map(|p| SeatKind::from_label(p))
                .collect(),
            seed,
            autopilot: vec![false; n as usize],
            turn_limit: TurnLimit::None,
            hints: vec![0; n as usize],
            practice: false,
            game,
        }
    }

    /// A finished game taken up again at one of its decisions (`position`, after step
    /// `steps` of `record`, a move awaited): `seat` a person's, every other seat a CPU at the
    /// level it played (a person's at normal), the die going on as it went.
    pub fn trying_again(record: &GameRecord, position: Game, steps: usize, seat: u8) -> Table {
        let mut table = Table::reviewing(record, position);
        for (s, kind) in table.seats.iter_mut().enumerate() {
            *kind = match std::mem::replace(kind, SeatKind::Cpu(CpuLevel::Normal)) {
                SeatKind::Person { name } if s == usize::from(seat) => SeatKind::Person { name },
                SeatKind::Cpu(_) if s == usize::from(seat) => SeatKind::Person {
                    name: UNNAMED.into(),
                },
                SeatKind::Cpu(level) => SeatKind::Cpu(level),
                SeatKind::Person { .. } => SeatKind::Cpu(CpuLevel::Normal),
            };
        }
        table.record.players = table.seats.iter().map(SeatKind::label).collect();
        table.record.steps.truncate(steps);
        let rolls = (table.record.steps.iter())
            .filter(|s| matches!(s, ludo_core::Step::Roll(_)))
            .count() as u64;
        table.dice = Dice::from_state(DiceState {
            seed: table.dice.state().seed,
            rolls,
        });
        table.practice = true;
        table
    }

    /// Whether this game counts for ratings: a standard game of players with profiles, not
    /// taken up from a review and played without hints.
    pub fn ranked(&self, profiles: &super::profiles::Profiles) -> bool {
        !self.practice
            && self.hints.iter().all(|&n| n == 0)
            && profiles.ranked(self.game.rules(), &self.seats).is_ok()
    }

    /// The table's choices as they stand for this game (its own seed, after rematches).
    pub fn config(&self) -> TableConfig {
        TableConfig {
            rules: self.game.rules().clone(),
            seats: self.seats.clone(),
            seed: self.seed,
            turn_limit: self.turn_limit,
        }
    }

    /// The seat to act presses the die (a roll, or a release under *release without
    /// rolling*: the engine's to know); the step goes into the record and the engine's
    /// events into `events`. The die turns only when a roll is due.
    pub fn press(&mut self, events: &mut Vec<Event>) -> Result<(), PlayError> {
        self.act(Action::Press, events)
    }

    /// The seat to act moves `piece` by the pending roll; recorded like `press`.
    pub fn choose(&mut self, piece: u8, events: &mut Vec<Event>) -> Result<(), PlayError> {
        self.act(Action::Move(piece), events)
    }

    /// The seat to act plays `action`; recorded like `press`.
    pub fn act(&mut self, action: Action, events: &mut Vec<Event>) -> Result<(), PlayError> {
        let step = self.game.act(action, &mut self.dice, events)?;
        self.record.steps.push(step);
        Ok(())
    }

    /// The pieces (seat, piece) that moving `piece` by the pending roll would capture, as the
    /// engine decides on a copy of the game: what the board marks before a person chooses.
    pub fn captures_if(&self, piece: u8) -> Vec<(u8, u8)> {
        let mut game = self.game.clone();
        let mut events = Vec::new();
        if game.choose(piece, &mut events).is_err() {
            return Vec::new();
        }
        events
            .iter()
            .filter_map(|e| match *e {
                Event::Captured { seat, piece, .. } => Some((seat, piece)),
                _ => None,
            })
            .collect()
    }

    /// The CPU's action for the seat to act: a press, or its pick among the legal moves (a
    /// person's seat is played at the normal level); none once the game is over. Its randomness is drawn afresh from the seed and the number of
    /// steps played, not kept in a generator, so a resumed game picks as the uninterrupted
    /// one would.
    pub fn cpu_action(&self) -> Option<Action> {
        let seat = self.game.turn();
        let level = match self.seat_kind(seat) {
            SeatKind::Cpu(level) => *level,
            SeatKind::Person { .. } => CpuLevel::Normal,
        };
        let seed = self
            .seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add((self.record.steps.len() as u64) << 2 | u64::from(seat));
        let mut cpu = Cpu::new(level, seed).seeing(self.cpu_levels());
        self.game.due(|game, moves| cpu.choose(game, moves))
    }

    /// What the table shows of each seat, its CPU level (`None` for a person): `expert`
    /// expects a CPU seat to play its level, and picks its network by the table.
    fn cpu_levels(&self) -> ludo_core::SeatLevels {
        std::array::from_fn(|s| match self.seats.get(s) {
            Some(SeatKind::Cpu(level)) => Some(*level),
            _ => None,
        })
    }

    pub fn seat_kind(&self, seat: u8) -> &SeatKind {
        &self.seats[seat as usize]
    }

    /// Whether a CPU plays this seat: a CPU's seat, or a person's who let the CPU play.
    pub fn cpu_plays(&self, seat: u8) -> bool {
        self.seat_kind(seat).is_cpu() || self.autopilot.get(seat as usize) == Some(&true)
    }

    /// Whether there is a game worth continuing.
    pub fn can_continue(&self) -> bool {
        !self.game.is_over() && !self.record.steps.is_empty()
    }

    /// The learned network that a CPU seat here plays by and the engine does not have yet
    /// (the browser fetches it): CPU moves wait for it.
    pub fn network_wanted(&self) -> Option<ludo_cpu::value_net::NetId> {
        self.seats.iter().find_map(|kind| match kind {
            SeatKind::Cpu(level) => Cpu::new(*level, 0)
                .seeing(self.cpu_levels())
                .missing_network(&self.game),
            SeatKind::Person { .. } => None,
        })
    }

    /// Whether the seat to act is played by a CPU.
    pub fn cpu_to_act(&self) -> bool {
        !self.game.is_over() && self.cpu_plays(self.game.turn())
    }
}

/// Opens the table from the `TableConfig` the app was given (or the default one) as the
/// plugin is added, so it exists before the first screen is entered; a table the app already
/// has (a resumed game) is kept.
pub(super) fn plugin(app: &mut App) {
    let config = app
        .world()
        .get_resource::<TableConfig>()
        .cloned()
        .unwrap_or_default();
    if !app.world().contains_resource::<Table>() {
        app.insert_resource(Table::new(&config, 0));
    }
    app.insert_resource(config);
}
