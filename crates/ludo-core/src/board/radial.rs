//! The radial board of five or six arms, as points rather than grid cells: a regular polygon
//! of side three in the centre, an arm of three by six squares on each side, and each seat's
//! yard in the wedge between its arm and the next. At four arms these formulas give the
//! cross exactly (the tests compare them), so the radial board is the cross generalised.
//!
//! A cell on this board names a spot rather than a grid square: `x` is the arm and `y` the
//! spot in it: `3 × i + j` for the square `i` rows out from the centre and `j` across (0 on
//! the side of the next arm), or `YARD_SPOT + slot` for a waiting place of the arm's yard.
//! The goal keeps the grid's centre cell, `(7, 7)`; no arm is numbered seven.

use std::f32::consts::{PI, TAU};

use super::{Cell, HOME_LEN};

/// Spots of an arm's yard start here, after the 6 × 3 squares.
pub const YARD_SPOT: u8 = 18;
/// How long an arm is, in squares.
const ARM_ROWS: f32 = 6.0;
/// Half an arm's width.
const HALF_WIDTH: f32 = 1.5;

pub type Point = [f32; 2];

fn add(a: Point, b: Point) -> Point {
    [a[0] + b[0], a[1] + b[1]]
}

fn scale(a: Point, k: f32) -> Point {
    [a[0] * k, a[1] * k]
}

/// The geometry of a board of `arms` arms.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Radial {
    pub arms: u8,
}

impl Radial {
    /// Distance from the centre to the middle of each side of the centre polygon.
    fn apothem(self) -> f32 {
        HALF_WIDTH / (PI / self.arms as f32).tan()
    }

    /// Arm `arm`'s outward direction and its across direction (toward the next arm,
    /// clockwise). Arm 0 points left, as the cross's first arm does.
    fn axes(self, arm: u8) -> (Point, Point) {
        let angle = PI - arm as f32 * TAU / self.arms as f32;
        let out = [angle.cos(), angle.sin()];
        (out, [out[1], -out[0]])
    }

    /// How far arm `arm`'s squares are turned from the first arm's (radians, anticlockwise).
    pub fn turn(self, arm: u8) -> f32 {
        -(arm as f32) * TAU / self.arms as f32
    }

    /// The centre of the square `row` out from the centre polygon and `across` from the
    /// side of the next arm.
    pub fn square(self, arm: u8, row: u8, across: u8) -> Point {
        let (out, side) = self.axes(arm);
        add(
            scale(out, self.apothem() + row as f32 + 0.5),
            scale(side, 1.0 - across as f32),
        )
    }

    /// The corner of the centre polygon between arm `arm` and the next.
    fn corner(self, arm: u8) -> Point {
        let (out, side) = self.axes(arm);
        add(scale(out, self.apothem()), scale(side, HALF_WIDTH))
    }

    /// The half angle of the wedge between two arms, and how far along its bisector from the
    /// corner the yard's centre is: the centre of the circle that touches both arms and the
    /// yard's two outer edges (which continue the arms' ends).
    fn wedge(self) -> (f32, f32) {
        let half = PI / self.arms as f32;
        (half, ARM_ROWS / (half.sin() + half.cos()))
    }

    fn bisector(self, arm: u8) -> Point {
        let (a, _) = self.axes(arm);
        let (b, _) = self.axes((arm + 1) % self.arms);
        let sum = add(a, b);
        let len = (sum[0] * sum[0] + sum[1] * sum[1]).sqrt();
        scale(sum, 1.0 / len)
    }

    /// The centre of the yard between arm `arm` and the next.
    pub fn yard_centre(self, arm: u8) -> Point {
        let (_, along) = self.wedge();
        add(self.corner(arm), scale(self.bisector(arm), along))
    }

    /// The yard's outline: the centre polygon's corner, the end of this arm's side, the
    /// board's corner, the end of the next arm's side. Right-angled at the arms' ends.
    pub fn yard_outline(self, arm: u8) -> [Point; 4] {
        let (half, _) = self.wedge();
        let corner = self.corner(arm);
        let (out, _) = self.axes(arm);
        let (next, _) = self.axes((arm + 1) % self.arms);
        [
            corner,
            add(corner, scale(out, ARM_ROWS)),
            add(corner, scale(self.bisector(arm), ARM_ROWS / half.cos())),
            add(corner, scale(next, ARM_ROWS)),
        ]
    }

    /// The four waiting places of the yard between arm `arm` and the next, a square along the
    /// yard's middle line, as far apart as the yard's inner field allows.
    pub fn yard_slot(self, arm: u8, slot: u8) -> Point {
        let (half, along) = self.wedge();
        let reach = along * half.sin();
        let spread = ((0.7 * reach - 0.5) / std::f32::consts::SQRT_2).min(1.5);
        let out = self.bisector(arm);
        let side = [out[1], -out[0]];
        let sign = |bit: u8| if slot & bit == 0 { 1.0 } else { -1.0 };
        add(
            self.yard_centre(arm),
            add(scale(side, spread * sign(1)), scale(out, spread * sign(2))),
        )
    }

    /// Where the die rests in the yard between arm `arm` and the next: past the waiting
    /// places, three quarters of the way to the board's corner, clear of the pieces.
    pub fn die_spot(self, arm: u8) -> Point {
        let (half, along) = self.wedge();
        let to_corner = ARM_ROWS / half.cos() - along;
        add(
            self.yard_centre(arm),
            scale(self.bisector(arm), 0.75 * to_corner),
        )
    }

    /// The board's outline: a regular polygon whose sides are the arms' ends.
    pub fn outline(self) -> Vec<Point> {
        (0..self.arms)
            .map(|arm| self.yard_outline(arm)[2])
            .collect()
    }

    /// Where a cell of this board is.
    pub fn point(self, cell: Cell) -> Point {
        match cell.y {
            _ if cell.x >= self.arms => [0.0, 0.0],
            spot if spot >= YARD_SPOT => self.yard_slot(cell.x, spot - YARD_SPOT),
            spot => self.square(cell.x, spot / 3, spot % 3),
        }
    }
}

/// The cell of arm `arm`'s square `row` out and `across` from the next arm's side.
pub fn square_cell(arm: u8, row: u8, across: u8) -> Cell {
    Cell::new(arm, 3 * row + across)
}

/// An arm's thirteen track squares in walking order, starting with the square before its
/// start (as `ARM` does on the cross): out along the far side, round the end, in along the
/// near side.
pub fn arm_walk(arm: u8) -> [Cell; 13] {
    let mut walk = [Cell::new(0, 0); 13];
    for (k, cell) in walk.iter_mut().enumerate() {
        let (row, across) = match k {
            0..=5 => (k as u8, 2),
            6 => (5, 1),
            _ => (12 - k as u8, 0),
        };
        *cell = square_cell(arm, row, across);
    }
    walk
}

/// An arm's home column, from the track inwards.
pub fn home_column(arm: u8) -> [Cell; HOME_LEN as usize] {
    std::array::from_fn(|step| square_cell(arm, 4 - step as u8, 1))
}

/// An arm's yard's waiting places.
pub fn yard_slots(arm: u8) -> [Cell; 4] {
    std::array::from_fn(|slot| Cell::new(arm, YARD_SPOT + slot as u8))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{ARM, HOME, Layout};
    use crate::rules::BoardChoice;

    fn close(a: Point, b: Point) -> bool {
        (a[0] - b[0]).abs() < 1e-4 && (a[1] - b[1]).abs() < 1e-4
    }

    /// Four arms of the radial formulas are the cross: every track and home square, every
    /// yard's centre and its square outline.
    #[test]
    fn four_radial_arms_are_the_cross() {
        let cross = Layout::new(BoardChoice::AlwaysCross, 4);
        let four = Radial { arms: 4 };
        for arm in 0..4u8 {
            for (walked, grid) in arm_walk(arm).iter().zip(ARM) {
                let on_grid = cross.point(grid.turned(arm as usize));
                assert!(close(four.point(*walked), on_grid), "arm {arm} {grid:?}");
            }
            for (home, grid) in home_column(arm).iter().zip(HOME) {
                assert!(close(
                    four.point(*home),
                    cross.point(grid.turned(arm as usize))
                ));
            }
            let colour = crate::Colour::CROSS[arm as usize];
            assert!(close(four.yard_centre(arm), cross.yard_centre(colour)));
            // The same square, walked from another corner.
            let corners = |points: &[Point]| {
                let mut rounded: Vec<[i32; 2]> = points
                    .iter()
                    .map(|p| p.map(|v| (v * 1000.0).round() as i32))
                    .collect();
                rounded.sort();
                rounded
            };
            assert_eq!(
                corners(&cross.yard_outline(colour)),
                corners(&four.yard_outline(arm))
            );
        }
        let corners = four.outline();
        assert!(
            corners
                .iter()
                .all(|c| close([c[0].abs(), c[1].abs()], [7.5, 7.5]))
        );
    }
}
