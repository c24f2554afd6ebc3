//! What a theme changes in egui: the font of every text, and a theme problem shown on screen
//! (over the menu and the table) until the theme is mended or the note dismissed.

use bevy::prelude::*;
use bevy_egui::egui::{self, FontData, FontDefinitions, FontFamily};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::{ActiveTheme, ThemeProblem};

pub fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, (apply_font, show_problem));
}

/// Puts the theme's font first in egui's families (egui's own fonts stay as fallbacks for any
/// character it lacks); the built-in look puts egui's defaults back.
fn apply_font(
    mut contexts: EguiContexts,
    active: Res<ActiveTheme>,
    mut applied: Local<Option<Option<usize>>>,
) -> Result {
    let key = active
        .font
        .as_ref()
        .map(|f| std::sync::Arc::as_ptr(f) as usize);
    if *applied == Some(key) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut fonts = FontDefinitions::default();
    if let Some(bytes) = &active.font {
        fonts.font_data.insert(
            "theme".into(),
            std::sync::Arc::new(FontData::from_owned(bytes.as_ref().clone())),
        );
        for family in [FontFamily::Proportional, FontFamily::Monospace] {
            fonts
                .families
                .entry(family)
                .or_default()
                .insert(0, "theme".into());
        }
    }
    ctx.set_fonts(fonts);
    *applied = Some(key);
    Ok(())
}

fn show_problem(mut contexts: EguiContexts, mut problem: ResMut<ThemeProblem>) -> Result {
    let Some(text) = problem.0.clone() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    egui::Window::new("Theme problem")
        .id("theme-problem".into())
        .anchor(egui::Align2::LEFT_BOTTOM, [12.0, -12.0])
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            ui.set_max_width(520.0);
            ui.label(egui::RichText::new(text).monospace());
            if ui.button("Dismiss").clicked() {
                open = false;
            }
        });
    if !open {
        problem.0 = None;
    }
    Ok(())
}
