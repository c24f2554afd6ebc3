//! Sealing a game's dice (docs/PROTOCOL.md, Dice): the server's secret is drawn and promised
//! at the game's start; each person at the table then has `PROMISE_WAIT` for their device to
//! promise a share (the SHA-256 of a fresh secret), and once every promise is in (or the time
//! ran out) `REVEAL_WAIT` to reveal it. A share not promised or not revealed in time, or one
//! whose secret is not the one promised, is left out: it changes nothing, and everyone sees
//! it was. Then the dice are sealed and the first roll may come.

use std::time::Duration;

use ludo_core::bytes32;
use ludo_proto::{DicePhase, Refusal, ShareView, promise};

use super::{Refused, refuse};
use crate::room::table::DiceFile;

/// How long the devices at the table have to promise their shares.
pub const PROMISE_WAIT: Duration = Duration::from_secs(3);
/// How long they have to reveal them, once every promise is in.
pub const REVEAL_WAIT: Duration = Duration::from_secs(3);

/// Where the sealing went.
#[derive(Debug, PartialEq)]
pub enum Sealing {
    /// Still waiting for shares in this phase.
    Waiting,
    /// Every promise is in (or its time ran out): the devices reveal.
    Revealing,
    /// Every share is in or left out: the die is set.
    Sealed,
}

/// The dice of a new game: the server's `secret`, and a share to come from each of `people`
/// (the seats of the people at the table), unless there are none to wait for.
pub fn new_dice(secret: &[u8; 32], people: &[u8]) -> DiceFile {
    DiceFile {
        secret: ludo_core::hex(secret),
        shares: people
            .iter()
            .map(|&seat| ShareView {
                seat,
                promised: None,
                secret: None,
            })
            .collect(),
        phase: if people.is_empty() {
            DicePhase::Sealed
        } else {
            DicePhase::Promising
        },
    }
}

/// Seat `seat`'s device promises its share.
pub fn promised(dice: &mut DiceFile, seat: u8, text: &str) -> Result<Sealing, Refused> {
    if dice.phase != DicePhase::Promising {
        return refuse(Refusal::BadShare, "no promise is due now");
    }
    if bytes32(text).is_none() {
        return refuse(Refusal::BadShare, "a promise is 64 hex digits");
    }
    let text = text.to_ascii_lowercase();
    // A copy of another promise (a device's, or the server's) cannot bias the dice, but it
    // is never an honest share: each device's secret is its own.
    let server = bytes32(&dice.secret).map(|b| promise(&b));
    if server.as_deref() == Some(text.as_str())
        || dice
            .shares
            .iter()
            .any(|s| s.promised.as_deref() == Some(text.as_str()))
    {
        return refuse(
            Refusal::BadShare,
            "this promise was made already in this game: a share's secret is its own",
        );
    }
    let Some(share) = dice
        .shares
        .iter_mut()
        .find(|s| s.seat == seat && s.promised.is_none())
    else {
        return refuse(Refusal::BadShare, "this seat has no share to promise");
    };
    share.promised = Some(text);
    Ok(if dice.shares.iter().all(|s| s.promised.is_some()) {
        reveal(dice)
    } else {
        Sealing::Waiting
    })
}

/// Seat `seat`'s device reveals the secret behind its promise; `spoiled` are the seats whose
/// reveal was not their promise (left out; this one joins them if it is not).
pub fn revealed(
    dice: &mut DiceFile,
    seat: u8,
    text: &str,
    spoiled: &mut Vec<u8>,
) -> Result<Sealing, Refused> {
    if dice.phase != DicePhase::Revealing {
        return refuse(Refusal::BadShare, "no secret is due now");
    }
    let Some(share) = dice.shares.iter_mut().find(|s| {
        s.seat == seat && s.promised.is_some() && s.secret.is_none() && !spoiled.contains(&seat)
    }) else {
        return refuse(
            Refusal::BadShare,
            "this seat has no promised share to reveal",
        );
    };
    let matches = bytes32(text)
        .is_some_and(|b| Some(promise(&b)) == share.promised.as_deref().map(str::to_string));
    if !matches {
        spoiled.push(seat);
        let done = all_in(dice, spoiled);
        let why = "the secret is not the one promised: this seat's share is left out";
        return if done {
            dice.phase = DicePhase::Sealed;
            Err((Refusal::BadShare, format!("{why} (the dice are sealed)")))
        } else {
            refuse(Refusal::BadShare, why)
        };
    }
    share.secret = Some(text.to_ascii_lowercase());
    Ok(if all_in(dice, spoiled) {
        dice.phase = DicePhase::Sealed;
        Sealing::Sealed
    } else {
        Sealing::Waiting
    })
}

/// The phase's time ran out: the devices that promised reveal (nobody promised: sealed), or
/// the dice are sealed with what came.
pub fn time_up(dice: &mut DiceFile) -> Sealing {
    match dice.phase {
        DicePhase::Promising if dice.shares.iter().any(|s| s.promised.is_some()) => reveal(dice),
        DicePhase::Promising | DicePhase::Revealing => {
            dice.phase = DicePhase::Sealed;
            Sealing::Sealed
        }
        DicePhase::Sealed => Sealing::Sealed,
    }
}

fn reveal(dice: &mut DiceFile) -> Sealing {
    dice.phase = DicePhase::Revealing;
    Sealing::Revealing
}

/// Every promised share is revealed or spoiled.
fn all_in(dice: &DiceFile, spoiled: &[u8]) -> bool {
    dice.shares
        .iter()
        .filter(|s| s.promised.is_some())
        .all(|s| s.secret.is_some() || spoiled.contains(&s.seat))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludo_core::hex;

    fn share(n: u8) -> ([u8; 32], String) {
        ([n; 32], promise(&[n; 32]))
    }

    #[test]
    fn every_share_promised_then_revealed_seals_the_dice() {
        let mut dice = new_dice(&[1; 32], &[0, 2]);
        let (a, pa) = share(7);
        let (b, pb) = share(8);
        assert_eq!(promised(&mut dice, 0, &pa), Ok(Sealing::Waiting));
        assert_eq!(
            promised(&mut dice, 0, &pa).map_err(|e| e.0),
            Err(Refusal::BadShare),
            "once"
        );
        assert_eq!(promised(&mut dice, 2, &pb), Ok(Sealing::Revealing));
        let mut spoiled = Vec::new();
        assert_eq!(
            revealed(&mut dice, 2, &hex(&b), &mut spoiled),
            Ok(Sealing::Waiting)
        );
        assert_eq!(
            revealed(&mut dice, 0, &hex(&a), &mut spoiled),
            Ok(Sealing::Sealed)
        );
        assert_eq!(dice.phase, DicePhase::Sealed);
        assert!(dice.shares.iter().all(|s| s.secret.is_some()));
    }

    #[test]
    fn a_promise_made_already_in_the_game_is_refused() {
        let server = [1; 32];
        let mut dice = new_dice(&server, &[0, 1, 2]);
        let (_, p7) = share(7);
        assert_eq!(promised(&mut dice, 0, &p7), Ok(Sealing::Waiting));
        // Seat 1 copies seat 0's promise (in capitals too), then the server's: both refused.
        for copy in [p7.clone(), p7.to_ascii_uppercase(), promise(&server)] {
            let why = promised(&mut dice, 1, &copy).unwrap_err();
            assert_eq!(why.0, Refusal::BadShare);
            assert!(why.1.contains("made already"), "{}", why.1);
        }
        // Its own promise is still taken.
        assert_eq!(promised(&mut dice, 1, &share(8).1), Ok(Sealing::Waiting));
    }

    #[test]
    fn a_reveal_that_is_not_the_promise_is_refused_and_left_out() {
        let mut dice = new_dice(&[1; 32], &[0, 1]);
        promised(&mut dice, 0, &share(7).1).unwrap();
        promised(&mut dice, 1, &share(8).1).unwrap();
        let mut spoiled = Vec::new();
        let wrong = revealed(&mut dice, 0, &hex(&[9; 32]), &mut spoiled);
        assert!(
            matches!(wrong, Err((Refusal::BadShare, ref why)) if why.contains("not the one promised"))
        );
        assert_eq!(spoiled, [0]);
        let again = revealed(&mut dice, 0, &hex(&share(7).0), &mut spoiled);
        assert!(again.is_err(), "a spoiled share is out for good");
        assert_eq!(
            revealed(&mut dice, 1, &hex(&share(8).0), &mut spoiled),
            Ok(Sealing::Sealed)
        );
        assert_eq!(dice.shares[0].secret, None, "left out");
    }

    #[test]
    fn a_device_that_never_promises_or_reveals_is_left_out_when_the_time_runs_out() {
        let mut dice = new_dice(&[1; 32], &[0, 1, 3]);
        promised(&mut dice, 0, &share(7).1).unwrap();
        promised(&mut dice, 3, &share(9).1).unwrap();
        // Seat 1 never promises: the others reveal when the time runs out.
        assert_eq!(time_up(&mut dice), Sealing::Revealing);
        let mut spoiled = Vec::new();
        assert_eq!(
            revealed(&mut dice, 0, &hex(&share(7).0), &mut spoiled),
            Ok(Sealing::Waiting)
        );
        // Seat 3 never reveals: sealed without it.
        assert_eq!(time_up(&mut dice), Sealing::Sealed);
        let revealed: Vec<u8> = dice
            .shares
            .iter()
            .filter(|s| s.secret.is_some())
            .map(|s| s.seat)
            .collect();
        assert_eq!(revealed, [0]);
        // Nobody to wait for: sealed at once; nobody promised in time: sealed too.
        assert_eq!(new_dice(&[1; 32], &[]).phase, DicePhase::Sealed);
        let mut silent = new_dice(&[1; 32], &[0]);
        assert_eq!(time_up(&mut silent), Sealing::Sealed);
    }
}
