//! The table: who sits where, and the one `ludo_core::Game` every system reads. The game's
//! state lives only here; entities follow it.

use bevy::prelude::*;
use ludo_core::{Cpu, CpuLevel, Dice, Game, GameRecord, Layout, Rules};
use serde::{Deserialize, Serialize};

/// Marks every entity that belongs to the table on screen (board, pieces, die), so a new
/// table can clear them all.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct OnTable;

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

    /// `person`, `person:NAME`, `cpu` (normal) or `cpu:LEVEL` (also written `cpu-LEVEL`).
    pub fn parse(s: &str) -> Result<SeatKind, String> {
        let split = s
            .split_once(':')
            .or_else(|| s.strip_prefix("cpu-").map(|level| ("cpu", level)));
        match split {
            None if s == "person" => Ok(SeatKind::Person {
                name: "Player".into(),
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

/// How a new table is set up; remembered between runs (see `saved`).
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TableConfig {
    pub rules: Rules,
    pub seats: Vec<SeatKind>,
    pub seed: u64,
    /// How long a person's turn may take before the CPU plays it.
    pub turn_limit: crate::turn_clock::TurnLimit,
}

impl Default for TableConfig {
    fn default() -> Self {
        TableConfig {
            rules: Rules::default(),
            seats: vec![
                SeatKind::Person {
                    name: "Player".into(),
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
    /// What a table needs beyond parsing: 2 to 4 seats.
    pub fn check(&self) -> Result<(), String> {
        if (2..=4).contains(&self.seats.len()) {
            Ok(())
        } else {
            Err(format!(
                "`seats` lists {} seats; a table has 2 to 4",
                self.seats.len()
            ))
        }
    }
}

/// The game at the table.
#[derive(Resource)]
pub struct Table {
    pub game: Game,
    pub dice: Dice,
    pub seats: Vec<SeatKind>,
    /// One CPU brain per seat (people's seats have one too, for "play for me" later).
    pub cpus: Vec<Cpu>,
    pub layout: Layout,
    pub record: GameRecord,
    /// People who asked the CPU to play for them, by seat.
    pub autopilot: Vec<bool>,
    pub turn_limit: crate::turn_clock::TurnLimit,
}

impl Table {
    pub fn new(config: &TableConfig, first_seat: u8) -> Table {
        let n = config.seats.len().clamp(2, 4) as u8;
        let game = Game::new(config.rules.clone(), n, first_seat % n)
            .expect("2 to 4 seats and a seat among them");
        let cpus = config
            .seats
            .iter()
            .enumerate()
            .map(|(i, kind)| {
                let level = match kind {
                    SeatKind::Cpu(level) => *level,
                    SeatKind::Person { .. } => CpuLevel::Normal,
                };
                Cpu::new(level, config.seed.wrapping_add(1000 + i as u64))
            })
            .collect();
        let players = config.seats.iter().map(SeatKind::label).collect();
        Table {
            layout: Layout::for_rules(&config.rules, n),
            record: GameRecord::new(
                config.rules.clone(),
                players,
                Some(config.seed),
                first_seat % n,
            ),
            game,
            dice: Dice::new(config.seed),
            autopilot: vec![false; config.seats.len()],
            turn_limit: config.turn_limit,
            seats: config.seats.clone(),
            cpus,
        }
    }

    pub fn seat_kind(&self, seat: u8) -> &SeatKind {
        &self.seats[seat as usize]
    }

    /// Whether a CPU plays this seat: a CPU's seat, or a person's who let the CPU play.
    pub fn cpu_plays(&self, seat: u8) -> bool {
        self.seat_kind(seat).is_cpu() || self.autopilot.get(seat as usize) == Some(&true)
    }

    /// Whether the seat to act is played by a CPU.
    pub fn cpu_to_act(&self) -> bool {
        !self.game.is_over() && self.cpu_plays(self.game.turn())
    }
}

/// Opens the table from the `TableConfig` the app was given (or the default one) as the
/// plugin is added, so it exists before the first screen is entered.
pub(super) fn plugin(app: &mut App) {
    let config = app
        .world()
        .get_resource::<TableConfig>()
        .cloned()
        .unwrap_or_default();
    app.insert_resource(Table::new(&config, 0))
        .insert_resource(config);
}
