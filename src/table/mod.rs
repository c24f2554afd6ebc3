//! The table's flow, headless: requests in (rolls, moves, a new table), the engine's answer
//! out as messages, CPU seats, the turn clock, profiles and the game's story. Nothing here is
//! drawn or knows it is; a test runs it without a window, and a network client can feed the
//! same messages.

use bevy::prelude::*;

pub mod analysing;
mod cpu;
pub mod flow;
mod game;
pub mod hint;
pub mod profiles;
pub mod review;
pub mod screen;
pub mod settings;
pub mod signal;
pub mod stats;
pub mod turn_clock;

pub use game::{SeatKind, Table, TableConfig, TurnLimit, UNNAMED};

/// The order of the game's work within a frame: input and CPU players ask, the rules
/// answer, then animation, sound and windows react to what happened.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameSet {
    /// Players (people and CPUs) write `RollRequested` and `MoveChosen`.
    Ask,
    /// The rules engine turns requests into what happened.
    Rules,
    /// Animation, sound and the HUD react.
    React,
}

pub(super) fn plugin(app: &mut App) {
    if !app.is_plugin_added::<bevy::state::app::StatesPlugin>() {
        app.add_plugins(bevy::state::app::StatesPlugin);
    }
    app.configure_sets(
        Update,
        (GameSet::Ask, GameSet::Rules, GameSet::React).chain(),
    )
    .add_plugins((
        screen::plugin,
        settings::plugin,
        signal::plugin,
        game::plugin,
        flow::plugin,
        cpu::plugin,
        profiles::plugin,
        review::plugin,
        hint::plugin,
        stats::plugin,
        turn_clock::plugin,
    ));
}
