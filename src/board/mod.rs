//! The table as entities: squares, pieces and the die, their animation, the celebrations,
//! the camera, sound, and the mouse, touch and keys that make requests of the table's flow.

use bevy::prelude::*;

use crate::table::GameSet;

mod audio;
pub mod blocks;
pub mod camera;
pub mod celebrate;
pub mod choosing;
pub mod clock;
pub mod dice;
pub mod ghost;
pub mod hops;
pub mod input;
pub mod motion;
mod music;
pub mod piece_shape;
pub mod pieces;
pub mod shake;
pub mod shapes;
pub mod sparks;
pub mod squares;

/// Marks every entity that belongs to the table on screen (board, pieces, die), so a new
/// table can clear them all.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct OnTable;

/// The board's part of a frame, in order, inside `GameSet::React`: the board's clock (a
/// freeze stops it), motions started by this frame's events, motions advanced (they report
/// landings and hits), then what reacts to those (effects, sound, emphasis).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoardSet {
    Clock,
    Start,
    Animate,
    Show,
}

/// The board's sets in their order.
pub fn board_sets(app: &mut App) {
    app.configure_sets(
        Update,
        (
            BoardSet::Clock,
            BoardSet::Start,
            BoardSet::Animate,
            BoardSet::Show,
        )
            .chain()
            .in_set(GameSet::React),
    );
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        board_sets,
        clock::plugin,
        camera::plugin,
        squares::plugin,
        (pieces::plugin, blocks::plugin),
        hops::plugin,
        choosing::plugin,
        dice::plugin,
        ghost::plugin,
        input::plugin,
        audio::plugin,
        music::plugin,
        celebrate::plugin,
        sparks::plugin,
        shake::plugin,
    ));
}
