//! Ludo, the game: Bevy plugins around the `ludo-core` rules engine, in layers. Each layer
//! imports only from the layers listed before it (`tests/layers.rs` checks):
//!
//! 1. `table` — the table's flow, headless: requests in, the engine's events out as messages.
//! 2. `files` — what is kept between runs (settings, the saved game, profiles) and read from
//!    `assets/` (presets, folder listings).
//! 3. `online` — tables at a room server: its events in as the same messages, this
//!    device's requests out.
//! 4. `i18n` — languages and the game's words.
//! 5. `theme` — the look, pictures, sounds and fonts a theme gives.
//! 6. `board` — the table as entities: squares, pieces, die, animation, sound, input.
//! 7. `ui` — the egui windows.
//! 8. `dev` — screenshots for tests; `launch` — the command line and the browser page.
//!
//! The layers are private to the crate: the binary starts the game with [`run`], and the
//! integration tests reach what they build and read through [`testing`], their one door.

use bevy::prelude::*;

mod board;
mod dev;
mod files;
mod i18n;
mod launch;
mod online;
mod table;
pub mod testing;
mod theme;
mod ui;

pub use launch::run;

/// The headless game: the table's flow, what it remembers, and online tables. The game
/// starts at the menu unless the app inserts another `Screen` after adding this plugin.
pub fn rules_plugin(app: &mut App) {
    app.add_plugins((table::plugin, files::plugin, online::plugin));
}

/// Everything: the rules plus what a player sees, hears and touches.
pub fn plugin(app: &mut App) {
    app.add_plugins(rules_plugin).add_plugins((
        files::presets::plugin,
        #[cfg(target_arch = "wasm32")]
        files::nets::plugin,
        i18n::plugin,
        theme::plugin,
        theme::view::plugin,
        board::plugin,
        ui::plugin,
    ));
    frame_order(app);
}

/// The order of a frame's drawing work, in one place: the chosen language and theme are
/// taken before the table is (re)drawn, and the table is drawn before anyone acts on it.
pub fn frame_order(app: &mut App) {
    app.configure_sets(
        Update,
        (
            (i18n::LanguageSet, theme::ThemeSet),
            board::squares::DrawTable::Board,
            board::squares::DrawTable::OnBoard,
            table::GameSet::Ask,
        )
            .chain(),
    );
}
