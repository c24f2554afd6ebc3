//! The window over the screen (`Overlay`): the table setup, the rules, the settings, the
//! profiles, online play, past games. At most one is open; each cleans up what it held when it
//! is left.

use bevy::prelude::*;

use crate::table::flow::TableOpened;
use crate::table::screen::Screen;

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
    /// The room server's best ratings (from the menu).
    Leaderboard,
}

/// A window belongs to the screen it was opened over and closes when that screen is left, or
/// when a table opens under it (an online room's game starting from its lobby).
pub fn plugin(app: &mut App) {
    app.init_state::<Overlay>()
        .add_systems(OnExit(Screen::Playing), close)
        .add_systems(OnExit(Screen::Menu), close)
        .add_systems(Update, close.run_if(on_message::<TableOpened>));
}

fn close(mut next: ResMut<NextState<Overlay>>) {
    next.set(Overlay::None);
}
