//! Screens as Bevy states: the main menu, the table in play and the review (`Screen`), and
//! whether play is paused (`Pause`).
//! The table's entities live only while playing (built on entering, cleared on leaving); the
//! `Table` resource stays, so "Continue" returns to the same game.

use bevy::prelude::*;

#[derive(States, Default, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Screen {
    /// New table, Continue, Rules, Profiles, Settings, Quit.
    #[default]
    Menu,
    /// The table in play.
    Playing,
    /// A finished game looked back at (`review`).
    Review,
}

/// Whether play is paused (the pause menu is open): no CPU thinks, no clock runs, nothing
/// moves.
#[derive(States, Default, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pause {
    #[default]
    Running,
    Paused,
}

/// Systems that stand still while paused: CPU seats, the turn clock, input.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PausableSystems;

/// Leaving the table ends a pause. The game's clock (`Time<Virtual>`) stands still exactly
/// while paused.
pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .init_state::<Pause>()
        .configure_sets(Update, PausableSystems.run_if(in_state(Pause::Running)))
        .add_systems(OnExit(Screen::Playing), resume)
        .add_systems(OnEnter(Pause::Paused), |mut time: ResMut<Time<Virtual>>| {
            time.pause()
        })
        .add_systems(OnExit(Pause::Paused), |mut time: ResMut<Time<Virtual>>| {
            time.unpause()
        });
}

fn resume(mut next: ResMut<NextState<Pause>>) {
    next.set(Pause::Running);
}
