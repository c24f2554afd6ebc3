//! The windows' look: the theme's skin (its `ui` section) given to egui — panels, buttons,
//! text, corners, shadows, spacing and text sizes — or, under high contrast, white text on
//! black with white edges (21:1). `tests/theme.rs` measures the text of every shipped skin.

use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, CornerRadius, FontId, Shadow, Stroke, TextStyle};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::table::settings::Settings;
use crate::theme::ActiveTheme;
use crate::theme::look::{Skin, egui as to_egui};

pub(super) fn plugin(app: &mut App) {
    // A frame's delay after a change is not seen, so no order with the windows is needed.
    app.add_systems(EguiPrimaryContextPass, apply_look);
}

/// The colours of every window for this skin and setting.
pub fn visuals(skin: &Skin, high_contrast: bool) -> egui::Visuals {
    let mut v = egui::Visuals::dark();
    let radius = CornerRadius::same(skin.corner_radius.round() as u8);
    let small_radius = CornerRadius::same((skin.corner_radius * 0.6).round() as u8);
    v.window_corner_radius = radius;
    v.menu_corner_radius = small_radius;
    let shadow = Shadow {
        offset: [0, (skin.shadow / 3.0).round() as i8],
        blur: skin.shadow.round() as u8,
        spread: 0,
        color: Color32::from_black_alpha(110),
    };
    v.window_shadow = shadow;
    v.popup_shadow = shadow;
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
            w.corner_radius = small_radius;
        }
        // Where the pointer or the keyboard is, thicker.
        v.widgets.hovered.bg_stroke = Stroke::new(2.0, Color32::from_rgb(255, 220, 0));
        v.widgets.active.bg_stroke = Stroke::new(2.0, Color32::from_rgb(255, 220, 0));
        return v;
    }
    let c = to_egui;
    let text = c(skin.text);
    v.override_text_color = Some(text);
    v.weak_text_color = Some(c(skin.weak_text));
    v.panel_fill = c(skin.panel);
    v.window_fill = c(skin.panel);
    v.window_stroke = Stroke::new(1.0, c(skin.edge));
    v.extreme_bg_color = c(skin.button_pressed);
    v.faint_bg_color = c(skin.button_pressed);
    v.warn_fg_color = c(skin.warning);
    v.selection.bg_fill = c(skin.primary).gamma_multiply(0.55);
    v.selection.stroke = Stroke::new(1.0, text);
    v.widgets.noninteractive.bg_fill = c(skin.panel);
    v.widgets.noninteractive.weak_bg_fill = c(skin.panel);
    v.widgets.noninteractive.bg_stroke = Stroke::new(1.0, c(skin.edge));
    v.widgets.noninteractive.fg_stroke = Stroke::new(1.0, text);
    for (w, fill) in [
        (&mut v.widgets.inactive, skin.button),
        (&mut v.widgets.hovered, skin.button_hover),
        (&mut v.widgets.active, skin.button_pressed),
        (&mut v.widgets.open, skin.button_pressed),
    ] {
        w.bg_fill = c(fill);
        w.weak_bg_fill = c(fill);
        w.fg_stroke = Stroke::new(w.fg_stroke.width.max(1.0), text);
        w.corner_radius = small_radius;
    }
    v.widgets.inactive.bg_stroke = Stroke::NONE;
    v.widgets.hovered.bg_stroke = Stroke::new(1.5, c(skin.primary));
    v.widgets.active.bg_stroke = Stroke::new(1.5, c(skin.primary));
    v
}

/// The skin's spacing and text sizes (before egui's zoom, which the HUD sets).
fn apply_sizes(style: &mut egui::Style, skin: &Skin) {
    let gap = skin.spacing;
    style.spacing.item_spacing = egui::vec2(gap, gap * 0.75);
    style.spacing.button_padding = egui::vec2(gap * 1.25, gap * 0.5);
    style.spacing.window_margin = egui::Margin::same((gap * 1.5).round() as i8);
    let sizes = [
        (TextStyle::Small, skin.text_size * 0.8),
        (TextStyle::Body, skin.text_size),
        (TextStyle::Button, skin.text_size),
        (TextStyle::Monospace, skin.text_size * 0.9),
        (TextStyle::Heading, skin.heading_size),
    ];
    for (text_style, size) in sizes {
        let family = style
            .text_styles
            .get(&text_style)
            .map(|f| f.family.clone())
            .unwrap_or_default();
        style
            .text_styles
            .insert(text_style, FontId::new(size, family));
    }
}

/// Sets the look when the setting or the theme changes (and at the first frame). Always the
/// dark look: the themes' boards are drawn for it, whatever the system prefers.
fn apply_look(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    theme: Res<ActiveTheme>,
    mut applied: Local<Option<(bool, Skin)>>,
) -> Result {
    let skin = &theme.look.ui;
    if applied
        .as_ref()
        .is_some_and(|(high, s)| *high == settings.high_contrast && s == skin)
    {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    ctx.set_theme(egui::Theme::Dark);
    ctx.set_visuals_of(egui::Theme::Dark, visuals(skin, settings.high_contrast));
    ctx.all_styles_mut(|style| apply_sizes(style, skin));
    *applied = Some((settings.high_contrast, skin.clone()));
    Ok(())
}
