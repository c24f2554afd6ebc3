//! Are these dice fair? Each face's count against what fair dice give (a sixth of the rolls
//! each), Pearson's chi-square over the six faces (5 degrees of freedom) and its p-value: the
//! chance that fair dice land at least this far from even. A plain verdict for players: as
//! random as dice get, or unusual (fair dice do this about one game in so many), or too few
//! rolls to say.

use serde::{Deserialize, Serialize};

use crate::game::Step;
use crate::record::{GameRecord, ReplayError};

/// Below this p-value the dice are called unusual (fair dice are, this often).
pub const UNUSUAL_BELOW: f64 = 0.01;

/// Fewer rolls than this (five a face expected) are too few for the test to say anything.
pub const FEWEST_ROLLS: u32 = 30;

/// How many times each face came up (ones first).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Faces(pub [u32; 6]);

/// What a player is told of a die's faces.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    /// Too few rolls to tell.
    TooFew,
    /// As random as dice get: fair dice land this far from even more often than `UNUSUAL_BELOW`.
    Random { p: f64 },
    /// Unusual, but fair dice do it about one time in `one_in`.
    Unusual { p: f64, one_in: u64 },
}

impl Faces {
    pub fn add(&mut self, face: u8) {
        if (1..=6).contains(&face) {
            self.0[face as usize - 1] += 1;
        }
    }

    pub fn total(&self) -> u32 {
        self.0.iter().sum()
    }

    /// What fair dice give each face on average, for this many rolls.
    pub fn expected(&self) -> f64 {
        self.total() as f64 / 6.0
    }

    /// Pearson's chi-square: the sum over faces of (count − expected)² / expected.
    pub fn chi_square(&self) -> f64 {
        let e = self.expected();
        if e == 0.0 {
            return 0.0;
        }
        self.0.iter().map(|&c| (c as f64 - e).powi(2) / e).sum()
    }

    /// The chance that fair dice give a chi-square at least this large.
    pub fn p_value(&self) -> f64 {
        chi_square_5_above(self.chi_square())
    }

    pub fn verdict(&self) -> Verdict {
        if self.total() < FEWEST_ROLLS {
            return Verdict::TooFew;
        }
        let p = self.p_value();
        if p < UNUSUAL_BELOW {
            Verdict::Unusual {
                p,
                one_in: (1.0 / p.max(1e-12)).round() as u64,
            }
        } else {
            Verdict::Random { p }
        }
    }
}

impl std::ops::AddAssign for Faces {
    fn add_assign(&mut self, other: Faces) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a += b;
        }
    }
}

/// The upper tail of the chi-square distribution with 5 degrees of freedom at `x`: for an
/// odd number of degrees it has a closed form, erfc(√(x/2)) + √(2x/π)·e^(−x/2)·(1 + x/3).
pub fn chi_square_5_above(x: f64) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    let tail = erfc((x / 2.0).sqrt())
        + (2.0 * x / std::f64::consts::PI).sqrt() * (-x / 2.0).exp() * (1.0 + x / 3.0);
    tail.clamp(0.0, 1.0)
}

/// The complementary error function, to a relative error under 1.2 × 10⁻⁷ (the Chebyshev
/// fit of Numerical Recipes' `erfcc`).
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * (-z * z + poly).exp();
    if x >= 0.0 { r } else { 2.0 - r }
}

impl GameRecord {
    /// Each seat's rolls, face by face (the seat to act rolls; the roll-off's rolls count
    /// too): the record replayed from its start, its die not checked.
    pub fn faces_by_seat(&self) -> Result<Vec<Faces>, ReplayError> {
        let mut game = self.start()?;
        let mut faces = vec![Faces::default(); self.players.len()];
        let mut events = Vec::new();
        for (index, &step) in self.steps.iter().enumerate() {
            if let Step::Roll(v) = step
                && let Some(f) = faces.get_mut(game.turn() as usize)
            {
                f.add(v);
            }
            events.clear();
            game.play(step, &mut events)
                .map_err(|error| ReplayError::Illegal { index, step, error })?;
        }
        Ok(faces)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tail_matches_the_tables() {
        // The chi-square table's critical values for 5 degrees of freedom.
        for (x, p) in [
            (11.0705, 0.05),
            (15.0863, 0.01),
            (20.515, 0.001),
            (4.3515, 0.5),
        ] {
            let got = chi_square_5_above(x);
            assert!((got - p).abs() < p * 1e-3, "x = {x}: {got}, not {p}");
        }
        assert_eq!(chi_square_5_above(0.0), 1.0);
    }

    #[test]
    fn even_faces_are_random_a_lopsided_die_is_unusual_and_few_rolls_say_nothing() {
        let even = Faces([20, 21, 19, 20, 20, 20]);
        assert!(matches!(even.verdict(), Verdict::Random { p } if p > 0.9));
        assert_eq!(even.total(), 120);
        // Hardly any sixes in 120 rolls.
        let no_sixes = Faces([26, 25, 27, 24, 17, 1]);
        let Verdict::Unusual { p, one_in } = no_sixes.verdict() else {
            panic!("{:?}", no_sixes.verdict())
        };
        assert!(p < 0.001 && one_in > 1000, "{p} {one_in}");
        assert_eq!(Faces([5, 0, 0, 0, 0, 0]).verdict(), Verdict::TooFew);
    }
}
