//! The turn time limit (none, 30 s or 60 s): a person's turn — roll and move — has that long
//! while nothing moves on the board; when it runs out the CPU plays the rest of that turn.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::GameSet;
use crate::cpu::Busy;
use crate::play::{GameStarted, TurnAdvanced};
use crate::table::Table;

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

    pub fn name(self) -> &'static str {
        match self {
            TurnLimit::None => "none",
            TurnLimit::Secs30 => "30 s",
            TurnLimit::Secs60 => "60 s",
        }
    }
}

/// Time left in the current person's turn.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct TurnClock {
    /// Seconds left, when the table has a limit and a person is to play.
    pub left: Option<f32>,
    /// The limit ran out: the CPU plays the rest of this turn.
    pub expired: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TurnClock>().add_systems(
        Update,
        run_clock
            .in_set(GameSet::Ask)
            .before(crate::cpu::CpuActs)
            .run_if(in_state(crate::screen::Screen::Playing)),
    );
}

fn run_clock(
    time: Res<Time>,
    busy: Res<Busy>,
    table: Res<Table>,
    mut clock: ResMut<TurnClock>,
    mut passed: MessageReader<TurnAdvanced>,
    mut started: MessageReader<GameStarted>,
) {
    let new_turn = passed.read().count() + started.read().count() > 0;
    let limit = table.turn_limit.secs();
    let person = !table.game.is_over() && !table.cpu_plays(table.game.turn());
    if new_turn || !person || limit.is_none() {
        *clock = TurnClock {
            left: if person { limit } else { None },
            expired: false,
        };
        return;
    }
    if busy.0 || clock.expired {
        return;
    }
    let left = clock.left.get_or_insert(limit.unwrap_or(0.0));
    *left -= time.delta_secs();
    if *left <= 0.0 {
        *left = 0.0;
        clock.expired = true;
    }
}
