//! The HUD (bevy_egui) around the board: each seat's plate at its corner, the bar of
//! buttons, the prompt, toasts, the log's drawer, and the results when the game ends. Where
//! each goes is the board's `Stage`.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::table::GameSet;

pub mod announce;
mod bar;
mod log;
mod piece_choice;
mod plates;
mod prompt;
mod reactions;
mod results;
mod stack_counts;
mod toasts;

pub use log::Log;
pub use results::DiceUnfolded;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Log>()
        .init_resource::<announce::Announcements>()
        .init_resource::<bar::LogDrawer>()
        .init_resource::<toasts::Toasts>()
        .init_resource::<reactions::Reactions>()
        .add_systems(
            Update,
            (
                log::write_log,
                toasts::take_toasts,
                reactions::hear_reactions,
                prompt::say_hint,
                (
                    announce::announce_events,
                    announce::announce_prompt
                        .run_if(in_state(crate::table::screen::Screen::Playing)),
                )
                    .chain(),
            )
                .in_set(GameSet::React),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (
                scale_text,
                (
                    stack_counts::stack_counts,
                    plates::plates,
                    bar::bar,
                    prompt::prompt_area,
                    // Not over a window.
                    toasts::show_toasts.run_if(
                        in_state(crate::table::screen::Pause::Running)
                            .and_then(in_state(crate::ui::overlay::Overlay::None)),
                    ),
                    piece_choice::piece_choice,
                    reactions::show_reactions,
                    reactions::reaction_picker,
                    results::results_window,
                    bar::log_drawer,
                )
                    .run_if(in_state(crate::table::screen::Screen::Playing)),
            )
                .chain(),
        );
    // In every screen: the menus are reached by the keyboard too.
    #[cfg(target_arch = "wasm32")]
    app.add_systems(Last, announce::announce_focus);
}

/// Text and controls grow with the window: 1× at 720 pixels high, or (upright, a phone) at
/// 390 wide; then by the player's text size. Upright, every control is at least 44 logical
/// pixels high, for a finger.
fn scale_text(
    mut contexts: EguiContexts,
    window: Single<&Window, With<bevy::window::PrimaryWindow>>,
    settings: Res<crate::table::settings::Settings>,
) -> Result {
    let upright = crate::board::camera::upright(window.width(), window.height());
    let fit = if upright {
        (window.width() / 390.0).clamp(0.8, 1.8)
    } else {
        (window.height() / 720.0).clamp(0.8, 1.8)
    };
    let zoom = fit * settings.text_size.factor();
    let ctx = contexts.ctx_mut()?;
    if (ctx.zoom_factor() - zoom).abs() > 0.01 {
        ctx.set_zoom_factor(zoom);
    }
    let control = if upright { 44.0 / zoom } else { 18.0 };
    if (ctx.global_style().spacing.interact_size.y - control).abs() > 0.01 {
        ctx.all_styles_mut(|style| style.spacing.interact_size.y = control);
    }
    Ok(())
}
