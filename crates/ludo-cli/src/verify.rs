//! `verify`: checks a finished game's file (`/g/ID.json` from a room server, a game exported
//! from Past games, or a bare record): the promises and the secrets of its dice, the seed's
//! derivation from them, and every roll; then each seat's faces against what fair dice give,
//! with a verdict. Exits 0 when the dice pass, 1 when they fail (naming what), whatever step the
//! check stops at, and 2 when the file cannot be read as a game.

use std::process::ExitCode;

use ludo_core::fairness::{Faces, Verdict};
use ludo_core::{Seed, hex};
use ludo_proto::{DiceCheck, GameFile, dice_seed};

use crate::input::{self, InputError};

#[derive(clap::Args)]
pub struct Args {
    /// The game file (JSON), or `-` for standard input.
    file: String,
}

pub fn run(args: Args) -> Result<ExitCode, InputError> {
    let text = input::read_text(&args.file)?;
    let name = if args.file == "-" {
        "<stdin>"
    } else {
        &args.file
    };
    let file = GameFile::parse(name, &text).map_err(InputError)?;
    let record = &file.record;
    out!(
        "{name}: {} seats, {} steps{}",
        record.players.len(),
        record.steps.len(),
        file.id
            .as_ref()
            .map_or(String::new(), |id| format!(", game {id}"))
    );
    print_seal(&file)?;
    let check = file.check_dice();
    match &check {
        Some(DiceCheck::Fair) => out!("dice: fair: every promise kept, every roll the die's"),
        Some(failed) => out!("dice: FAIL: {}", failure(failed)),
        None => out!("dice: not checked: the record has no seed"),
    }
    // A file that reads but does not replay (a changed roll makes a later step illegal)
    // fails the check like a changed roll: exit 1, not the unreadable file's 2.
    let faces = match file.steps_only().faces_by_seat() {
        Ok(faces) => faces,
        Err(e) => {
            out!("faces: not counted: the steps do not replay: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    let mut all = Faces::default();
    for (seat, f) in faces.iter().enumerate() {
        let who = record.players.get(seat).map_or("", String::as_str);
        out!("seat {seat} ({who}): {}", faces_line(f));
        all += *f;
    }
    out!("the whole game: {}", faces_line(&all));
    Ok(if matches!(check, Some(DiceCheck::Fair)) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Who sealed the dice, their promises and secrets, and the seed they derive.
fn print_seal(file: &GameFile) -> Result<(), InputError> {
    if let Some(sealed) = &file.sealed {
        let revealed = sealed.shares.iter().filter(|s| s.secret.is_some()).count();
        out!(
            "sealed by the server and {revealed} of {} players' devices (game {})",
            sealed.shares.len(),
            sealed.game
        );
        out!(
            "  server: promised {}, secret {}",
            sealed.promised,
            sealed.secret
        );
        for share in &sealed.shares {
            match &share.secret {
                Some(secret) => out!(
                    "  seat {}: promised {}, secret {secret}",
                    share.seat,
                    share.promised
                ),
                None => out!(
                    "  seat {}: promised {}, not revealed in time: left out",
                    share.seat,
                    share.promised
                ),
            }
        }
        let shares: Vec<(u8, [u8; 32])> = sealed
            .shares
            .iter()
            .filter_map(|s| Some((s.seat, ludo_core::bytes32(s.secret.as_ref()?)?)))
            .collect();
        if let Some(server) = ludo_core::bytes32(&sealed.secret) {
            out!(
                "  seed: SHA-256(\"{}\", game, server, shares) = {}",
                ludo_proto::DICE_SCHEME,
                hex(&dice_seed(sealed.game, &server, &shares))
            );
        }
    } else if let Some(served) = &file.served {
        out!(
            "sealed by the server alone: promised {}, seed {} (its digits' SHA-256)",
            served.promised,
            served.seed
        );
    } else if let Some(seed) = file.record.seed {
        let what = match seed {
            Seed::Number(_) => "played on one device: its die's seed",
            Seed::Bytes(_) => "its die's seed",
        };
        out!("{what} {seed}");
    }
    Ok(())
}

/// What a failed check found, in words.
fn failure(check: &DiceCheck) -> String {
    match check {
        DiceCheck::Fair => "fair".into(),
        DiceCheck::SeedNotPromised { promised, revealed } => {
            format!("the server's secret hashes to {revealed}, but it promised {promised}")
        }
        DiceCheck::ShareNotPromised { seat } => {
            format!("seat {seat}'s revealed secret is not the one its device promised")
        }
        DiceCheck::NotASecret { seat: None } => "the server's secret is not 64 hex digits".into(),
        DiceCheck::NotASecret { seat: Some(seat) } => {
            format!("seat {seat}'s secret is not 64 hex digits")
        }
        DiceCheck::RollNotTheDie {
            step,
            expected,
            got,
        } => format!("step {step} rolled {got}, but the sealed die rolls {expected} there"),
        DiceCheck::Unplayable(e) => format!("the record does not replay: {e}"),
    }
}

/// A die's faces, their count against fair dice's, and the verdict.
fn faces_line(f: &Faces) -> String {
    let counts: Vec<String> = f.0.iter().map(u32::to_string).collect();
    let verdict = match f.verdict() {
        Verdict::TooFew => "too few rolls to tell".to_string(),
        Verdict::Random { p } => format!("as random as dice get (p = {p:.3})"),
        Verdict::Unusual { p, one_in } => {
            format!("unusual, but fair dice do it about one time in {one_in} (p = {p:.4})")
        }
    };
    format!(
        "faces 1-6 {} of {} rolls ({:.1} each for fair dice), chi-square {:.2}: {verdict}",
        counts.join(" "),
        f.total(),
        f.expected(),
        f.chi_square()
    )
}
