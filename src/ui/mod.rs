//! The egui windows and the widgets they share: the main menu, the HUD, the table setup, the
//! pause menu, the results, the rule book, profiles and settings.

use bevy::prelude::*;

mod dice;
pub mod hud;
mod leaderboard;
pub mod look;
pub mod luck;
mod menu;
mod online;
pub mod overlay;
mod past_games;
pub mod pause;
pub mod profiles;
mod review;
mod rule_book;
mod settings;
pub mod setup;
pub mod widgets;

pub use online::default_server as online_default_server;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        look::plugin,
        overlay::plugin,
        menu::plugin,
        online::plugin,
        settings::plugin,
        hud::plugin,
        setup::plugin,
        pause::plugin,
        rule_book::plugin,
        profiles::plugin,
        past_games::plugin,
        leaderboard::plugin,
        review::plugin,
    ));
}
