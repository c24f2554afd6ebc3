//! Where a piece's parts are drawn in its own space (a cell is 1, the piece's square's middle
//! is the origin), and where pieces that share a square stand. A standing pawn (a picture
//! taller than wide) has its foot low on its square and its head above it; a flat piece (a
//! square picture, or the drawn disc) lies centred on it.

use bevy::prelude::*;

use crate::theme::ActiveTheme;

/// How far below its square's middle a standing pawn's foot (its picture's bottom edge) is.
const FOOT: f32 = -0.42;
/// Up a standing pawn's picture, from its foot: the owner mark's middle and the head's.
const MARK_UP: f32 = 0.30;
const HEAD_UP: f32 = 0.80;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PieceShape {
    pub stands: bool,
    /// The picture (or disc): its size and its middle.
    pub size: Vec2,
    pub body_at: Vec2,
    /// The owner mark: its middle and its width.
    pub mark_at: Vec2,
    pub mark_size: f32,
    /// The shadow on the board (under the foot), its middle and size.
    pub shadow_at: Vec2,
    pub shadow_size: Vec2,
    /// The ring round a piece that may move: its middle and size.
    pub halo_at: Vec2,
    pub halo_size: Vec2,
    /// A point drawn in the seat's own colour (a pawn's head, a disc's rim): what the
    /// screenshot check samples.
    pub colour_at: Vec2,
    /// The middle of what a pointer aims at.
    pub aim_at: Vec2,
}

impl PieceShape {
    pub fn of(theme: &ActiveTheme) -> PieceShape {
        PieceShape::new(theme.look.style.piece_size, theme.art.piece_height)
    }

    /// A piece `width` wide; with a picture `height` times as high as wide (standing when
    /// above 1; a picture cannot stand taller than one and a half times its width).
    pub fn new(width: f32, height: Option<f32>) -> PieceShape {
        match height.filter(|&h| h > 1.05) {
            Some(h) => {
                let h = h.min(1.5);
                let h = width * h;
                PieceShape {
                    stands: true,
                    size: Vec2::new(width, h),
                    body_at: Vec2::new(0.0, FOOT + h / 2.0),
                    mark_at: Vec2::new(0.0, FOOT + MARK_UP * h),
                    mark_size: width * 0.34,
                    shadow_at: Vec2::new(0.03, FOOT + 0.07),
                    shadow_size: Vec2::new(width * 0.85, width * 0.28),
                    halo_at: Vec2::new(0.0, FOOT + 0.08),
                    halo_size: Vec2::new(width * 1.2, width * 0.6),
                    colour_at: Vec2::new(0.0, FOOT + HEAD_UP * h),
                    aim_at: Vec2::new(0.0, FOOT + h * 0.45),
                }
            }
            None => PieceShape {
                stands: false,
                size: Vec2::splat(width),
                body_at: Vec2::ZERO,
                mark_at: Vec2::ZERO,
                mark_size: width * 0.5,
                // Light from the top left: the shadow falls a little below and right.
                shadow_at: Vec2::new(0.04, -0.06),
                shadow_size: Vec2::splat(width * 0.95),
                halo_at: Vec2::ZERO,
                halo_size: Vec2::ONE,
                colour_at: Vec2::new(width * 0.345, 0.0),
                aim_at: Vec2::ZERO,
            },
        }
    }
}

/// Where the `i`th of `n` pieces on one square stands (from its middle) and how large it is
/// drawn: alone in the middle; two to four side by side in a row that steps down to the
/// right (a standing pawn in front hides the foot of the one behind, not its head); more in
/// a ring. From three on, a count beside the square says how many (`ui::hud::stack_counts`).
pub fn place_in_stack(i: usize, n: usize) -> (Vec2, f32) {
    let row = |gap: f32, step: f32, scale: f32| {
        let k = i as f32 - (n as f32 - 1.0) / 2.0;
        (Vec2::new(k * gap, -k * step), scale)
    };
    match n {
        0 | 1 => (Vec2::ZERO, 1.0),
        2 => row(0.4, 0.1, 0.72),
        3 => row(0.27, 0.08, 0.58),
        4 => row(0.2, 0.06, 0.5),
        _ => {
            let angle = std::f32::consts::TAU * i as f32 / n as f32 + 0.8;
            (Vec2::from_angle(angle) * 0.26, 0.5)
        }
    }
}

/// The depth of a piece standing at `at`: lower on the screen is nearer, drawn over.
pub fn depth(at: Vec2) -> f32 {
    -0.1 * at.y
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_standing_pawn_rises_from_low_on_its_square() {
        let pawn = PieceShape::new(0.96, Some(1.25));
        assert!(pawn.stands);
        // Its foot near its square's lower edge, its head above the square's upper edge and
        // within the board's margin of 0.3 on the outermost row.
        let foot = pawn.body_at.y - pawn.size.y / 2.0;
        let top = pawn.body_at.y + pawn.size.y / 2.0;
        assert!((-0.47..-0.3).contains(&foot), "{foot}");
        assert!((0.5..0.8).contains(&top), "{top}");
        assert!(pawn.mark_at.y > foot && pawn.mark_at.y < pawn.colour_at.y);
        // A square picture lies flat, centred.
        let disc = PieceShape::new(0.68, Some(1.0));
        assert!(!disc.stands && disc.body_at == Vec2::ZERO);
        assert_eq!(PieceShape::new(0.68, None), disc);
    }

    #[test]
    fn pieces_sharing_a_square_stay_on_it_and_apart() {
        for n in 1..=8 {
            let places: Vec<_> = (0..n).map(|i| place_in_stack(i, n)).collect();
            for (i, (at, scale)) in places.iter().enumerate() {
                assert!(
                    at.x.abs() + scale * 0.48 / 2.0 <= 0.5,
                    "{n}: {i} off its square"
                );
                for (other, _) in &places[..i] {
                    assert!(at.distance(*other) > 0.19, "{n}: {i} on another");
                }
            }
        }
    }
}
