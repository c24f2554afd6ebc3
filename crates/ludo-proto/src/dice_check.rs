//! The dice checked after a server's game. The server promised the SHA-256 of a secret of its
//! own before the first roll; each seated person's device promised the SHA-256 of a fresh
//! secret of its own, then revealed it once every promise was in; the die's seed is derived
//! from the server's secret and every revealed share (`dice_seed`), and the server reveals its
//! secret at the end. A device checks every promise against its secret, the derivation, and
//! that the die seeded so rolls every roll of the record. Games from before shares (one
//! number, its decimal digits promised) are checked as they were.

use ludo_core::{GameRecord, ReplayError, Seed, hex};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The derivation's name, hashed first: another scheme would hash another name.
pub const DICE_SCHEME: &str = "ludo-dice-1";

/// What the server published of a number seed before the game (games from before shares):
/// the SHA-256 of its decimal digits, in hex, so a player checks it with
/// `printf %s SEED | sha256sum`.
pub fn seed_hash(seed: u64) -> String {
    hex(&Sha256::digest(seed.to_string().as_bytes()))
}

/// The promise of a 32-byte secret: its SHA-256, in hex.
pub fn promise(secret: &[u8; 32]) -> String {
    hex(&Sha256::digest(secret))
}

/// The die's seed of game `number`: the SHA-256 of the scheme's name (`ludo-dice-1`, 11
/// bytes), the game's number (4 bytes, big-endian), the server's secret (32 bytes), then for
/// each revealed share in seat order its seat (1 byte) and its secret (32 bytes). The 32
/// bytes are the die's whole state (`Seed::Bytes`).
pub fn dice_seed(number: u32, server: &[u8; 32], shares: &[(u8, [u8; 32])]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(DICE_SCHEME.as_bytes());
    h.update(number.to_be_bytes());
    h.update(server);
    let mut shares = shares.to_vec();
    shares.sort_by_key(|(seat, _)| *seat);
    for (seat, secret) in shares {
        h.update([seat]);
        h.update(secret);
    }
    h.finalize().into()
}

/// A server's game's dice as sealed: its number, the server's promise and (at the end) its
/// secret, and each seated person's share.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sealed {
    pub game: u32,
    pub promised: String,
    /// The server's secret, 64 hex digits.
    pub secret: String,
    pub shares: Vec<Share>,
}

/// A seat's share of a game's dice: its device's promise, and the secret it revealed in time
/// (none: left out; it changed nothing).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Share {
    pub seat: u8,
    pub promised: String,
    #[serde(default)]
    pub secret: Option<String>,
}

/// What the check found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DiceCheck {
    /// The seed's hash is the one sent before the first roll, and the die seeded with it
    /// rolls every roll of the record.
    Fair,
    /// The revealed seed (or the server's secret) does not hash to what was promised.
    SeedNotPromised { promised: String, revealed: String },
    /// Seat `seat`'s revealed share does not hash to what its device promised.
    ShareNotPromised { seat: u8 },
    /// A secret is not 64 hex digits: the server's (no seat), or a seat's.
    NotASecret { seat: Option<u8> },
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
    rolls_of_the_die(record, Seed::Number(seed))
}

/// Checks a server's game sealed by shares: the server's secret against its promise, each
/// revealed share against its device's promise, and the die seeded by their derivation
/// against every roll of the record.
pub fn check_shared_dice(record: &GameRecord, sealed: &Sealed) -> DiceCheck {
    let Some(server) = ludo_core::bytes32(&sealed.secret) else {
        return DiceCheck::NotASecret { seat: None };
    };
    let revealed = promise(&server);
    if !revealed.eq_ignore_ascii_case(sealed.promised.trim()) {
        return DiceCheck::SeedNotPromised {
            promised: sealed.promised.trim().to_owned(),
            revealed,
        };
    }
    let mut shares = Vec::new();
    for share in &sealed.shares {
        let Some(text) = &share.secret else { continue };
        let Some(secret) = ludo_core::bytes32(text) else {
            return DiceCheck::NotASecret {
                seat: Some(share.seat),
            };
        };
        if !promise(&secret).eq_ignore_ascii_case(share.promised.trim()) {
            return DiceCheck::ShareNotPromised { seat: share.seat };
        }
        shares.push((share.seat, secret));
    }
    let seed = dice_seed(sealed.game, &server, &shares);
    rolls_of_the_die(record, Seed::Bytes(seed))
}

/// Whether the die seeded by `seed` rolls every roll of `record`.
pub fn rolls_of_the_die(record: &GameRecord, seed: Seed) -> DiceCheck {
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
    use ludo_core::{Chooser, RandomChooser, Rules, Step};

    #[test]
    fn seed_hash_is_sha256_of_the_digits() {
        // printf %s 42 | sha256sum
        assert_eq!(
            seed_hash(42),
            "73475cb40a568e8da8a045ced110137e159f890ac4da883b6b17dc651b3a8049"
        );
    }

    #[test]
    fn the_derivation_gives_the_vectors_of_the_protocol_doc() {
        // docs/PROTOCOL.md, Dice: the same in Python's hashlib.
        let server = [1u8; 32];
        assert_eq!(
            promise(&server),
            "72cd6e8422c407fb6d098690f1130b7ded7ec2f7f5e1d30bd9d521f015363793"
        );
        let vector = |number, shares: &[(u8, [u8; 32])]| hex(&dice_seed(number, &server, shares));
        assert_eq!(
            vector(1, &[]),
            "0b318bb392828731f0d7704209c2e3d45e3848a4349917f231ad05ffd2cb9f0b"
        );
        let two = [(0, [2u8; 32]), (2, [3u8; 32])];
        assert_eq!(
            vector(1, &two),
            "157fc439faf33ef741c21cf0702c5efbeea59afdea6b08e65e261236535d7058"
        );
        assert_eq!(
            vector(2, &two),
            "230ed9fd82d1700b1a01698db4f3a40fd5e9ee49dd58bebffae4d5db39d432b7"
        );
        // A share left out changes the dice; the order shares are given in does not.
        assert_eq!(
            vector(1, &[(2, [3u8; 32])]),
            "a78a8db61cbe45aa71f973d37ea7353175c5b755ea4ed29c3592c85bb3ab6e15"
        );
        assert_eq!(vector(1, &[two[1], two[0]]), vector(1, &two));
    }

    /// A game of two whose dice were sealed by the server and seat 0's share (seat 1 left
    /// out), with its seal.
    fn sealed_game() -> (GameRecord, Sealed) {
        let (server, share) = ([9u8; 32], [4u8; 32]);
        let seed = dice_seed(3, &server, &[(0, share)]);
        let players = vec!["a".into(), "b".into()];
        let mut chooser = RandomChooser::new(1);
        let mut record = GameRecord::new(Rules::default(), players, Some(Seed::Bytes(seed)), 0);
        let mut game = record.start().unwrap();
        let mut dice = ludo_core::Dice::seeded(Seed::Bytes(seed));
        while let Some(action) = game.due(|g, m| chooser.choose(g, m)) {
            let step = game.act(action, &mut dice, &mut Vec::new()).unwrap();
            record.steps.push(step);
        }
        let sealed = Sealed {
            game: 3,
            promised: promise(&server),
            secret: hex(&server),
            shares: vec![
                Share {
                    seat: 0,
                    promised: promise(&share),
                    secret: Some(hex(&share)),
                },
                Share {
                    seat: 1,
                    promised: promise(&[5; 32]),
                    secret: None,
                },
            ],
        };
        (record, sealed)
    }

    #[test]
    fn shared_dice_pass_and_a_tampered_roll_reveal_or_server_secret_fails_by_name() {
        let (record, sealed) = sealed_game();
        assert_eq!(check_shared_dice(&record, &sealed), DiceCheck::Fair);
        let mut roll = record.clone();
        let at = roll
            .steps
            .iter()
            .position(|s| matches!(s, Step::Roll(v) if *v != 6))
            .unwrap();
        let Step::Roll(v) = roll.steps[at] else {
            unreachable!()
        };
        roll.steps[at] = Step::Roll(v % 5 + 1);
        assert!(matches!(
            check_shared_dice(&roll, &sealed),
            DiceCheck::RollNotTheDie { step, .. } if step == at + 1
        ));
        let mut reveal = sealed.clone();
        reveal.shares[0].secret = Some(hex(&[6; 32]));
        assert_eq!(
            check_shared_dice(&record, &reveal),
            DiceCheck::ShareNotPromised { seat: 0 }
        );
        let mut server = sealed.clone();
        server.secret = hex(&[8; 32]);
        assert!(matches!(
            check_shared_dice(&record, &server),
            DiceCheck::SeedNotPromised { .. }
        ));
        // A share left out that is said to have come changes the dice: the rolls fail.
        let mut more = sealed.clone();
        more.shares[1].secret = Some(hex(&[5; 32]));
        assert!(matches!(
            check_shared_dice(&record, &more),
            DiceCheck::RollNotTheDie { .. }
        ));
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
