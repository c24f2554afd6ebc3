//! The windows' colours: egui's dark look (its text at 5.1:1 on the panels), or under high
//! contrast white text on black with white edges (21:1). `tests/contrast.rs` measures both.

use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, Stroke};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::table::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    // A frame's delay after a change is not seen, so no order with the windows is needed.
    app.add_systems(EguiPrimaryContextPass, apply_look);
}

/// The look of every window for this setting.
pub fn visuals(high_contrast: bool) -> egui::Visuals {
    let mut v = egui::Visuals::dark();
    if high_contrast {
        let white = Stroke::new(1.0, Color32::WHITE);
        v.override_text_color = Some(Color32::WHITE);
        v.weak_text_color = Some(Color32::from_gray(220));
        v.panel_fill = Color32::BLACK;
        v.window_fill = Color32::BLACK;
        v.extreme_bg_color = Color32::BLACK;
        v.faint_bg_color = Color32::from_gray(24);
        v.window_stroke = Stroke::new(2.0, Color32::WHITE);
        v.selection.bg_fill = Color32::from_rgb(0, 70, 170);
        v.selection.stroke = white;
        v.widgets.noninteractive.bg_fill = Color32::BLACK;
        v.widgets.noninteractive.weak_bg_fill = Color32::BLACK;
        v.widgets.noninteractive.bg_stroke = white;
        v.widgets.noninteractive.fg_stroke = white;
        for w in [
            &mut v.widgets.inactive,
            &mut v.widgets.hovered,
            &mut v.widgets.active,
            &mut v.widgets.open,
        ] {
            w.bg_fill = Color32::BLACK;
            w.weak_bg_fill = Color32::BLACK;
            w.bg_stroke = white;
            w.fg_stroke = Stroke::new(w.fg_stroke.width.max(1.0), Color32::WHITE);
        }
        // Where the pointer or the keyboard is, thicker.
        v.widgets.hovered.bg_stroke = Stroke::new(2.0, Color32::from_rgb(255, 220, 0));
        v.widgets.active.bg_stroke = Stroke::new(2.0, Color32::from_rgb(255, 220, 0));
    }
    v
}

/// Sets the look when the setting changes (and at the first frame). Always the dark look: the
/// themes' boards are drawn for it, whatever the system prefers.
fn apply_look(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    mut applied: Local<Option<bool>>,
) -> Result {
    if *applied == Some(settings.high_contrast) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    ctx.set_theme(egui::Theme::Dark);
    ctx.set_visuals_of(egui::Theme::Dark, visuals(settings.high_contrast));
    *applied = Some(settings.high_contrast);
    Ok(())
}
