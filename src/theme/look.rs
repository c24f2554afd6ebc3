//! A theme file resolved into the colours and sizes the game draws with: each seat's values
//! filled in from its classic defaults, colours as Bevy colours.

use bevy::prelude::*;
use ludo_core::Colour;

use super::file::{Animation, Mark, Style, ThemeFile, classic_seat};

/// One seat, resolved.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatColours {
    /// Pieces, start square, home column, goal triangle, yard.
    pub strong: Color,
    /// Waiting circles in the yard.
    pub light: Color,
    /// The mark on `strong`.
    pub ink: Color,
    pub mark: Mark,
    pub home_column: Color,
    pub base: Color,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Look {
    pub background: Color,
    pub lines: Color,
    pub track: Color,
    pub safe: Color,
    pub star: Color,
    pub yard_inner: Color,
    pub goal: Color,
    pub glow: Color,
    pub hint: Color,
    pub path: Color,
    pub threat: Color,
    pub shadow: Color,
    pub outline: Color,
    pub die: Color,
    pub pips: Color,
    pub die_edge: Color,
    seats: [SeatColours; 6],
    pub style: Style,
    pub animation: Animation,
    pub ui: Skin,
}

/// The theme's `ui` section, resolved: what `ui::widgets` gives egui.
#[derive(Clone, Debug, PartialEq)]
pub struct Skin {
    pub panel: Color,
    pub edge: Color,
    pub text: Color,
    pub weak_text: Color,
    pub button: Color,
    pub button_hover: Color,
    pub button_pressed: Color,
    pub primary: Color,
    pub primary_text: Color,
    pub warning: Color,
    pub corner_radius: f32,
    pub shadow: f32,
    pub spacing: f32,
    pub text_size: f32,
    pub heading_size: f32,
    pub prompt_size: f32,
}

impl Skin {
    fn of(u: &super::file::UiSkin) -> Skin {
        let c = |h: super::file::Hex| Color::from(h.0);
        Skin {
            panel: c(u.panel),
            edge: c(u.edge),
            text: c(u.text),
            weak_text: c(u.weak_text),
            button: c(u.button),
            button_hover: c(u.button_hover),
            button_pressed: c(u.button_pressed),
            primary: c(u.primary),
            primary_text: c(u.primary_text),
            warning: c(u.warning),
            corner_radius: u.corner_radius,
            shadow: u.shadow,
            spacing: u.spacing,
            text_size: u.text_size,
            heading_size: u.heading_size,
            prompt_size: u.prompt_size,
        }
    }
}

impl Look {
    pub fn of(file: &ThemeFile) -> Look {
        let c = |h: super::file::Hex| Color::from(h.0);
        let b = &file.board;
        let seats = Colour::ALL.map(|colour| {
            let (strong, ink, mark) = classic_seat(colour);
            let look = file.seats.of(colour);
            let strong = c(look.colour.unwrap_or(strong));
            SeatColours {
                strong,
                light: look
                    .light
                    .map(c)
                    .unwrap_or_else(|| strong.mix(&Color::WHITE, 0.55)),
                ink: c(look.ink.unwrap_or(ink)),
                mark: look.mark.unwrap_or(mark),
                home_column: b.home_columns.map(c).unwrap_or(strong),
                base: b.bases.map(c).unwrap_or(strong),
            }
        });
        Look {
            background: c(b.background),
            lines: c(b.lines),
            track: c(b.track),
            safe: c(b.safe),
            star: c(b.star),
            yard_inner: c(b.yard_inner),
            goal: c(b.goal),
            glow: c(b.glow),
            hint: c(b.hint),
            path: c(b.path),
            threat: c(b.threat),
            shadow: c(b.shadow),
            outline: c(b.outline),
            die: c(file.die.body),
            pips: c(file.die.pips),
            die_edge: c(file.die.edge),
            seats,
            style: file.style.clone(),
            animation: file.animation.clone(),
            ui: Skin::of(&file.ui),
        }
    }

    pub fn seat(&self, colour: Colour) -> &SeatColours {
        &self.seats[colour.index()]
    }

    /// A seat's strong colour: its pieces.
    pub fn strong(&self, colour: Colour) -> Color {
        self.seat(colour).strong
    }
}

impl Default for Look {
    fn default() -> Self {
        Look::of(&ThemeFile::default())
    }
}

/// Egui's version of a colour.
pub fn egui(c: Color) -> bevy_egui::egui::Color32 {
    let s = c.to_srgba();
    bevy_egui::egui::Color32::from_rgba_unmultiplied(
        (s.red * 255.0).round() as u8,
        (s.green * 255.0).round() as u8,
        (s.blue * 255.0).round() as u8,
        (s.alpha * 255.0).round() as u8,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_left_out_keeps_its_classic_colour_and_mark() {
        let file = super::super::file::parse("(seats: (red: (colour: \"#800000\")))").unwrap();
        let look = Look::of(&file);
        assert_eq!(look.strong(Colour::Red), Color::srgb_u8(128, 0, 0));
        assert_eq!(look.seat(Colour::Red).mark, Mark::Triangle);
        assert_eq!(look.seat(Colour::Blue), Look::default().seat(Colour::Blue));
    }

    #[test]
    fn one_colour_for_every_home_column() {
        let file = super::super::file::parse("(board: (home_columns: \"#000000\"))").unwrap();
        let look = Look::of(&file);
        for c in Colour::ALL {
            assert_eq!(look.seat(c).home_column, Color::srgb_u8(0, 0, 0));
            assert_ne!(look.seat(c).base, Color::srgb_u8(0, 0, 0));
        }
    }
}
