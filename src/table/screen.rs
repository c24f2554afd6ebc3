//! Screens as Bevy states: the main menu, and the table in play (`Screen`), the window
//! over either of them (`Overlay`: the table setup, the rules, the settings, the profiles),
//! and whether play is paused (`Pause`).
//! The table's entities live only while playing (built on entering, cleared on leaving); the
//! `Table` resource stays, so "Continue" returns to the same game. Each overlay cleans up
//! what it held when it is left.

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

/// The window over the screen, at most one at a time. Esc (or its close button) leaves it;
/// leaving cleans up what it held (the setup's draft, the profiles' typed name).
#[derive(States, Default, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Overlay {
    #[default]
    None,
    /// New table: seats, house rules, turn limit.
    Setup,
    /// The rule book.
    Rules,
    /// Settings (from the menu; at the table they are in the HUD and the pause menu).
    Settings,
    /// Profiles and ratings (from the menu).
    Profiles,
    /// Play online: create or join a table, then its lobby.
    Online,
    /// The games this device finished (from the menu).
    PastGames,
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

/// A window belongs to the screen it was opened over, and closes when that screen is left;
/// leaving the table ends a pause. The game's clock (`Time<Virtual>`) stands still exactly
/// while paused.
pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .init_state::<Overlay>()
        .init_state::<Pause>()
        .configure_sets(Update, PausableSystems.run_if(in_state(Pause::Running)))
        .add_systems(OnExit(Screen::Playing), (close_overlay, resume))
        .add_systems(OnExit(Screen::Menu), close_overlay)
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

fn close_overlay(mut next: ResMut<NextState<Overlay>>) {
    next.set(Overlay::None);
}
