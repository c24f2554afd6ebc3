//! The die: a seeded, portable stream (the same rolls on desktop and in the browser).

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};

/// A six-sided die driven by a seeded generator. Its state is the seed and the number of
/// rolls made, so a save can restore it exactly.
#[derive(Clone, Debug)]
pub struct Dice {
    seed: u64,
    rolls: u64,
    rng: Xoshiro256PlusPlus,
}

/// What a save keeps of a die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceState {
    pub seed: u64,
    pub rolls: u64,
}

impl Dice {
    pub fn new(seed: u64) -> Dice {
        Dice {
            seed,
            rolls: 0,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        }
    }

    #[inline]
    pub fn roll(&mut self) -> u8 {
        self.rolls += 1;
        self.rng.random_range(1..=6)
    }

    pub fn state(&self) -> DiceState {
        DiceState {
            seed: self.seed,
            rolls: self.rolls,
        }
    }

    /// The die exactly as it was when `state` was taken: the next roll is the same.
    pub fn from_state(state: DiceState) -> Dice {
        let mut dice = Dice::new(state.seed);
        for _ in 0..state.rolls {
            dice.roll();
        }
        dice
    }
}
