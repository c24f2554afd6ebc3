//! Ludo, the game: Bevy plugins around the `ludo-core` rules engine.
//!
//! `rules_plugin` is everything that decides what happens (the table, the rules flow, CPU
//! seats); it runs headless in tests. `plugin` adds everything a player sees and hears.

use bevy::prelude::*;

pub mod asset_list;
pub mod audio;
pub mod board;
pub mod camera;
pub mod celebrate;
pub mod cpu;
pub mod dev;
pub mod dice;
pub mod hud;
pub mod i18n;
pub mod input;
pub mod pause;
pub mod pieces;
pub mod play;
pub mod presets;
pub mod profiles;
pub mod resume;
pub mod rule_book;
pub mod saved;
pub mod screen;
pub mod settings;
pub mod setup;
pub mod shapes;
pub mod stats;
pub mod storage;
pub mod table;
pub mod theme;
pub mod turn_clock;
pub mod web;

/// The order of the game's work within a frame: input and CPU players ask, the rules
/// answer, then animation and sound react to what happened.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameSet {
    /// Players (people and CPUs) write `RollRequested` and `MoveChosen`.
    Ask,
    /// The rules engine turns requests into what happened.
    Rules,
    /// Animation, sound and the HUD react.
    React,
}

/// The rules side: works without a window. The game starts at the menu unless the app
/// inserts another `Screen` after adding this plugin.
pub fn rules_plugin(app: &mut App) {
    if !app.is_plugin_added::<bevy::state::app::StatesPlugin>() {
        app.add_plugins(bevy::state::app::StatesPlugin);
    }
    screen::states(app);
    app.configure_sets(
        Update,
        (GameSet::Ask, GameSet::Rules, GameSet::React).chain(),
    )
    .add_plugins((
        settings::plugin,
        table::plugin,
        play::plugin,
        cpu::plugin,
        saved::plugin,
        resume::plugin,
        profiles::plugin,
        stats::plugin,
        turn_clock::plugin,
    ));
}

/// Everything: the rules plus what a player sees, hears and touches.
pub fn plugin(app: &mut App) {
    app.add_plugins(rules_plugin)
        .add_plugins((
            theme::plugin,
            theme::view::plugin,
            presets::plugin,
            i18n::plugin,
        ))
        .add_plugins((
            camera::plugin,
            board::plugin,
            pieces::plugin,
            dice::plugin,
            input::plugin,
            hud::plugin,
            audio::plugin,
            celebrate::plugin,
            setup::plugin,
            pause::plugin,
            screen::plugin,
            rule_book::plugin,
            profiles::window::plugin,
        ));
}
