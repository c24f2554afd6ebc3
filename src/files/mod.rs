//! What the game keeps between runs and reads from `assets/`: the remembered table and
//! settings, the saved game, the profiles (files on the desktop, the page's storage in the
//! browser), and the house-rule presets and folder listings of `assets/`.

use bevy::prelude::*;

pub mod asset_file;
pub mod asset_list;
pub mod last_analysis;
// The browser only: the desktop has `hard`'s networks built in.
#[cfg(target_arch = "wasm32")]
pub mod nets;
pub mod online;
pub mod past_games;
pub mod presets;
pub mod profiles;
pub mod resume;
pub mod reviews;
pub mod saved;
// Desktop only: the browser fetches the assets from the page's server.
#[cfg(not(target_arch = "wasm32"))]
pub mod shipped;
mod storage;
pub use storage::unix_now;

/// Remembering and resuming (headless); the presets need an asset server and come with the
/// windows.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        saved::plugin,
        resume::plugin,
        profiles::plugin,
        online::plugin,
        past_games::plugin,
        last_analysis::plugin,
        reviews::plugin,
    ));
}
