//! CPU seats: when a CPU seat is to act and nothing is moving on the board, it waits a
//! human-looking moment (set by the CPU speed) and then rolls or chooses its move.

use bevy::prelude::*;
use ludo_core::{Action, Awaiting};

use crate::table::GameSet;
use crate::table::Table;
use crate::table::flow::{Busy, Decider, MoveChosen, RollRequested, decided_here};
use crate::table::screen::{PausableSystems, Screen};
use crate::table::settings::{Settings, Speed};
use crate::table::turn_clock::{RunClock, TurnClock};

/// Time the CPU has waited for its current decision.
#[derive(Resource, Default)]
struct Thinking(f32);

/// Seconds a CPU waits before acting, at normal speed.
pub(super) const THINK_SECS: f32 = 0.7;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Thinking>().add_systems(
        Update,
        (
            cpu_acts.after(RunClock).run_if(decided_here),
            auto_single_move,
        )
            .in_set(GameSet::Ask)
            .in_set(PausableSystems)
            .run_if(in_state(Screen::Playing)),
    );
}

fn cpu_acts(
    time: Res<Time>,
    busy: Res<Busy>,
    clock: Res<TurnClock>,
    settings: Res<Settings>,
    table: Res<Table>,
    mut thinking: ResMut<Thinking>,
    mut rolls: MessageWriter<RollRequested>,
    mut moves: MessageWriter<MoveChosen>,
) {
    let out_of_time = clock.expired && !table.game.is_over();
    if busy.0 || !(table.cpu_to_act() || out_of_time) {
        thinking.0 = 0.0;
        return;
    }
    thinking.0 += time.delta_secs();
    if settings.cpu_speed != Speed::Instant && thinking.0 < THINK_SECS / settings.cpu_speed.factor()
    {
        return;
    }
    thinking.0 = 0.0;
    let seat = table.game.turn();
    // A `hard` seat's learned network still on its way: the move waits (rolls go on).
    if table.game.awaiting() == Awaiting::Move && table.network_wanted().is_some() {
        return;
    }
    match table.cpu_action() {
        Some(Action::Move(piece)) => {
            moves.write(MoveChosen { seat, piece });
        }
        Some(Action::Press) => {
            rolls.write(RollRequested { seat });
        }
        None => {}
    }
}

/// A person's only legal move plays itself when the setting is on.
fn auto_single_move(
    busy: Res<Busy>,
    settings: Res<Settings>,
    table: Res<Table>,
    decider: Res<Decider>,
    mut moves: MessageWriter<MoveChosen>,
) {
    let seat = table.game.turn();
    if busy.0 || !settings.auto_single_move || !decider.person_here(&table, seat) {
        return;
    }
    if let [only] = table.game.legal_moves() {
        moves.write(MoveChosen {
            seat: table.game.turn(),
            piece: only.piece,
        });
    }
}
