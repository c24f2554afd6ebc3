//! The turn time limit (none, 30 s or 60 s): a person's turn — roll and move — has that long
//! while nothing moves on the board; when it runs out the CPU plays the rest of that turn.

use bevy::prelude::*;

use crate::table::GameSet;
use crate::table::Table;
use crate::table::flow::Busy;
use crate::table::flow::{GameStarted, Happened};
use crate::table::screen::{PausableSystems, Screen};

/// Time left in the current person's turn.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct TurnClock {
    /// Seconds left, when the table has a limit and a person is to play.
    pub left: Option<f32>,
    /// The limit ran out: the CPU plays the rest of this turn.
    pub expired: bool,
}

/// The clock counts down before CPU seats act, so an expired turn is played that frame.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RunClock;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TurnClock>().add_systems(
        Update,
        run_clock
            .in_set(GameSet::Ask)
            .in_set(PausableSystems)
            .in_set(RunClock)
            .run_if(in_state(Screen::Playing))
            // At a server's table the server keeps the time; the online client sets it.
            .run_if(crate::table::flow::decided_here),
    );
}

fn run_clock(
    time: Res<Time>,
    busy: Res<Busy>,
    table: Res<Table>,
    mut clock: ResMut<TurnClock>,
    mut happened: MessageReader<Happened>,
    mut started: MessageReader<GameStarted>,
) {
    let passed = happened
        .read()
        .filter(|h| matches!(h.0, ludo_core::Event::TurnPassed { .. }))
        .count();
    let new_turn = passed + started.read().count() > 0;
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
