//! The table as entities: squares, pieces and the die, their animation, the celebrations,
//! the camera, sound, and the mouse, touch and keys that make requests of the table's flow.

use bevy::prelude::*;

mod audio;
pub mod camera;
pub mod celebrate;
pub mod dice;
pub mod input;
pub mod pieces;
pub mod shapes;
pub mod squares;

/// Marks every entity that belongs to the table on screen (board, pieces, die), so a new
/// table can clear them all.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct OnTable;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        camera::plugin,
        squares::plugin,
        pieces::plugin,
        dice::plugin,
        input::plugin,
        audio::plugin,
        celebrate::plugin,
    ));
}
