//! The die: a seeded, portable stream (the same rolls on desktop and in the browser).

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};

/// What seeds a die: a number (a game on one device, and games before seeds were sealed by
/// every device) or the generator's whole 256-bit state (a room server's game: derived from
/// the server's secret and the players' devices'). Written as the number, or as 64 hex digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seed {
    Number(u64),
    Bytes([u8; 32]),
}

impl From<u64> for Seed {
    fn from(n: u64) -> Seed {
        Seed::Number(n)
    }
}

impl std::fmt::Display for Seed {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Seed::Number(n) => write!(f, "{n}"),
            Seed::Bytes(b) => f.write_str(&hex(b)),
        }
    }
}

/// Bytes as lower-case hex digits.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// 32 bytes from 64 hex digits (either case), if that is what `text` is.
pub fn bytes32(text: &str) -> Option<[u8; 32]> {
    let text = text.as_bytes();
    if text.len() != 64 {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, pair) in text.chunks(2).enumerate() {
        let digit = |c: u8| (c as char).to_digit(16);
        out[i] = (digit(pair[0])? * 16 + digit(pair[1])?) as u8;
    }
    Some(out)
}

impl Serialize for Seed {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Seed::Number(n) => s.serialize_u64(*n),
            Seed::Bytes(b) => s.serialize_str(&hex(b)),
        }
    }
}

impl<'de> Deserialize<'de> for Seed {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Seed, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Seed;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a seed: a whole number, or 64 hex digits")
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Seed, E> {
                Ok(Seed::Number(n))
            }
            fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<Seed, E> {
                u64::try_from(n)
                    .map(Seed::Number)
                    .map_err(|_| E::custom("a seed is not negative"))
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Seed, E> {
                bytes32(text)
                    .map(Seed::Bytes)
                    .ok_or_else(|| E::custom("a seed as text is 64 hex digits"))
            }
        }
        d.deserialize_any(Visitor)
    }
}

/// A six-sided die driven by a seeded generator. Its state is the seed and the number of
/// rolls made, so a save can restore it exactly.
#[derive(Clone, Debug)]
pub struct Dice {
    seed: Seed,
    rolls: u64,
    rng: Xoshiro256PlusPlus,
}

/// What a save keeps of a die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceState {
    pub seed: Seed,
    pub rolls: u64,
}

impl Dice {
    pub fn new(seed: u64) -> Dice {
        Dice::seeded(Seed::Number(seed))
    }

    /// A die seeded by `seed`: a number as before (xoshiro256++ seeded from it), or 32
    /// bytes as the generator's whole state.
    pub fn seeded(seed: Seed) -> Dice {
        let rng = match seed {
            Seed::Number(n) => Xoshiro256PlusPlus::seed_from_u64(n),
            Seed::Bytes(b) => Xoshiro256PlusPlus::from_seed(b),
        };
        Dice {
            seed,
            rolls: 0,
            rng,
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
        let mut dice = Dice::seeded(state.seed);
        for _ in 0..state.rolls {
            dice.roll();
        }
        dice
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_is_written_as_its_number_or_its_hex_and_read_back() {
        let number: Seed = serde_json::from_str("42").unwrap();
        assert_eq!(number, Seed::Number(42));
        assert_eq!(serde_json::to_string(&number).unwrap(), "42");
        let mut b = [0u8; 32];
        b[0] = 0xab;
        b[31] = 0x01;
        let text = serde_json::to_string(&Seed::Bytes(b)).unwrap();
        assert_eq!(text, format!("\"ab{}01\"", "0".repeat(60)));
        assert_eq!(serde_json::from_str::<Seed>(&text).unwrap(), Seed::Bytes(b));
        assert!(serde_json::from_str::<Seed>("\"abc\"").is_err());
        assert!(serde_json::from_str::<Seed>("-1").is_err());
        // The same in RON, as a saved game keeps a die.
        let state = DiceState {
            seed: Seed::Number(7),
            rolls: 3,
        };
        let ron_text = "(seed: 7, rolls: 3)";
        assert_eq!(ron::from_str::<DiceState>(ron_text).unwrap(), state);
    }

    #[test]
    fn a_die_of_32_bytes_rolls_its_own_stream_and_restores() {
        let mut one = Dice::seeded(Seed::Bytes([7; 32]));
        let mut other = Dice::seeded(Seed::Bytes([8; 32]));
        let a: Vec<u8> = (0..40).map(|_| one.roll()).collect();
        let b: Vec<u8> = (0..40).map(|_| other.roll()).collect();
        assert_ne!(a, b);
        let mut copy = Dice::from_state(one.state());
        assert_eq!(copy.roll(), one.roll());
    }
}
