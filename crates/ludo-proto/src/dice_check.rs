//! The dice checked after a server's game: the server published the SHA-256 of the die's
//! seed before the first roll and revealed the seed at the end; a device checks both that the
//! seed is the one promised and that the die seeded with it rolls every roll of the record.

use ludo_core::{GameRecord, ReplayError};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// What the server publishes of a seed before the game: the SHA-256 of its decimal digits,
/// in hex, so a player checks it with `printf %s SEED | sha256sum`.
pub fn seed_hash(seed: u64) -> String {
    Sha256::digest(seed.to_string().as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// What the check found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DiceCheck {
    /// The seed's hash is the one sent before the first roll, and the die seeded with it
    /// rolls every roll of the record.
    Fair,
    /// The revealed seed does not hash to what was promised.
    SeedNotPromised { promised: String, revealed: String },
    /// Step `step` (from 1) rolled `got`, but the promised die rolls `expected` there.
    RollNotTheDie { step: usize, expected: u8, got: u8 },
    /// The record does not replay at all (an illegal step): the dice cannot be vouched for.
    Unplayable(String),
}

impl DiceCheck {
    pub fn is_fair(&self) -> bool {
        *self == DiceCheck::Fair
    }
}

/// Checks a server's game: `promised` is the hash heard before the first roll, `seed` the one
/// revealed at the end, `record` the steps the players saw (its own `seed` is ignored).
pub fn check_dice(record: &GameRecord, promised: &str, seed: u64) -> DiceCheck {
    let revealed = seed_hash(seed);
    if !revealed.eq_ignore_ascii_case(promised.trim()) {
        return DiceCheck::SeedNotPromised {
            promised: promised.trim().to_owned(),
            revealed,
        };
    }
    let record = GameRecord {
        seed: Some(seed),
        ..record.clone()
    };
    match record.replay() {
        Ok(_) => DiceCheck::Fair,
        Err(ReplayError::NotTheDie {
            index,
            expected,
            got,
            ..
        }) => DiceCheck::RollNotTheDie {
            step: index + 1,
            expected,
            got,
        },
        Err(e) => DiceCheck::Unplayable(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludo_core::{RandomChooser, Rules, Step};

    #[test]
    fn seed_hash_is_sha256_of_the_digits() {
        // printf %s 42 | sha256sum
        assert_eq!(
            seed_hash(42),
            "73475cb40a568e8da8a045ced110137e159f890ac4da883b6b17dc651b3a8049"
        );
    }

    fn played(seed: u64) -> GameRecord {
        let players = vec!["a".into(), "b".into()];
        let mut chooser = RandomChooser::new(seed);
        GameRecord::played(Rules::default(), players, seed, &mut chooser).unwrap()
    }

    #[test]
    fn a_fair_game_passes_and_one_changed_roll_fails() {
        let record = played(7);
        assert_eq!(check_dice(&record, &seed_hash(7), 7), DiceCheck::Fair);
        let mut changed = record.clone();
        let at = changed
            .steps
            .iter()
            .rposition(|s| matches!(s, Step::Roll(v) if *v != 6))
            .unwrap();
        let Step::Roll(v) = changed.steps[at] else {
            unreachable!()
        };
        changed.steps[at] = Step::Roll(v % 5 + 1);
        assert_eq!(
            check_dice(&changed, &seed_hash(7), 7),
            DiceCheck::RollNotTheDie {
                step: at + 1,
                expected: v,
                got: v % 5 + 1
            }
        );
        assert!(matches!(
            check_dice(&record, &seed_hash(8), 7),
            DiceCheck::SeedNotPromised { .. }
        ));
    }
}
