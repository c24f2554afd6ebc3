//! The HUD (bevy_egui): the side panel beside the board, and the results when the game
//! ends.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::table::GameSet;

mod log;
mod results;
mod side_panel;

pub use log::Log;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Log>()
        .add_systems(Update, log::write_log.in_set(GameSet::React))
        .add_systems(
            EguiPrimaryContextPass,
            (
                scale_text,
                (side_panel::side_panel, results::results_window)
                    .run_if(in_state(crate::table::screen::Screen::Playing)),
            )
                .chain(),
        );
}

/// Text and controls grow with the window: 1× at 720 pixels high.
fn scale_text(
    mut contexts: EguiContexts,
    window: Single<&Window, With<bevy::window::PrimaryWindow>>,
) -> Result {
    let zoom = (window.height() / 720.0).clamp(0.8, 1.8);
    let ctx = contexts.ctx_mut()?;
    if (ctx.zoom_factor() - zoom).abs() > 0.01 {
        ctx.set_zoom_factor(zoom);
    }
    Ok(())
}
