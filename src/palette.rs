//! The colours of the classic look. Each seat colour has a strong tone for pieces and a
//! light tone for its squares; owner marks are drawn in white or near-black on top.

use bevy::prelude::*;
use ludo_core::Colour;

pub const BACKGROUND: Color = Color::srgb(0.13, 0.15, 0.19);
pub const BOARD: Color = Color::srgb(0.22, 0.24, 0.29);
pub const TRACK: Color = Color::srgb(0.97, 0.96, 0.93);
pub const SAFE: Color = Color::srgb(0.84, 0.86, 0.90);
pub const MARK_ON_LIGHT: Color = Color::srgb(0.10, 0.11, 0.14);
pub const MARK_ON_STRONG: Color = Color::WHITE;
pub const OUTLINE: Color = Color::srgb(0.08, 0.09, 0.11);
pub const HINT: Color = Color::srgba(1.0, 1.0, 1.0, 0.55);
pub const DIE: Color = Color::srgb(0.98, 0.98, 0.96);
pub const PIP: Color = Color::srgb(0.12, 0.12, 0.15);

/// The strong tone: pieces, start squares, home columns.
pub fn strong(c: Colour) -> Color {
    match c {
        Colour::Yellow => Color::srgb(0.93, 0.72, 0.05),
        Colour::Blue => Color::srgb(0.13, 0.44, 0.86),
        Colour::Red => Color::srgb(0.86, 0.22, 0.17),
        Colour::Green => Color::srgb(0.16, 0.60, 0.30),
    }
}

/// The light tone: base yards.
pub fn light(c: Colour) -> Color {
    strong(c).mix(&Color::WHITE, 0.55)
}

/// The colour an owner mark takes on a strong background: dark on yellow, white otherwise.
pub fn mark_on(c: Colour) -> Color {
    if c == Colour::Yellow {
        MARK_ON_LIGHT
    } else {
        MARK_ON_STRONG
    }
}

/// Egui's version of a colour.
pub fn egui(c: Color) -> bevy_egui::egui::Color32 {
    let s = c.to_srgba();
    bevy_egui::egui::Color32::from_rgba_unmultiplied(
        (s.red * 255.0) as u8,
        (s.green * 255.0) as u8,
        (s.blue * 255.0) as u8,
        (s.alpha * 255.0) as u8,
    )
}
