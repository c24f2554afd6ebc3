//! `analyse`: luck or skill in a finished game (docs/ANALYSIS.md). Reads what `record` writes
//! and the game files the game and the room server keep, and prints a table per seat: the
//! dice's luck in points of win chance (its own throws and the others'), the result less the
//! luck, the decisions by class and the error rate. `--json` prints every throw's luck per
//! seat, every decision with its loss and class, and the summaries.

use std::process::ExitCode;

use ludo_cpu::analysis::{Analysis, Class};
use ludo_proto::GameFile;

use crate::input::{self, InputError};

#[derive(clap::Args)]
pub struct Args {
    /// The game file (JSON), or `-` for standard input.
    file: String,
    /// Print the whole analysis as JSON.
    #[arg(long)]
    json: bool,
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
    let analysis = Analysis::of(record).map_err(|e| InputError(format!("{name}: {e}")))?;
    if args.json {
        out!(
            "{}",
            serde_json::to_string(&analysis).expect("an analysis serialises")
        );
        return Ok(ExitCode::SUCCESS);
    }
    out!(
        "{name}: {} seats, {} steps, {} throws, {} decisions; values are {}",
        record.players.len(),
        record.steps.len(),
        analysis.throws.len(),
        analysis.decisions.iter().filter(|d| d.counted).count(),
        if analysis.measure == "place" {
            "each seat's expected place, rescaled from last (0) to first (100)"
        } else {
            "each seat's chance to win, in points (hundredths)"
        }
    );
    out!(
        "{:<4} {:<16} {:>6} {:>6} {:>8} {:>8} {:>8} {:>9} {:>9} {:>5} {:>5} {:>5} {:>5} {:>5} {:>6}",
        "seat",
        "player",
        "start",
        "result",
        "luck",
        "own",
        "others",
        "adjusted",
        "decisions",
        "best",
        "good",
        "?!",
        "?",
        "??",
        "error"
    );
    for s in &analysis.seats {
        let who = record
            .players
            .get(s.seat as usize)
            .map_or("", String::as_str);
        out!(
            "{:<4} {:<16} {:>6.1} {:>6.1} {:>+8.1} {:>+8.1} {:>+8.1} {:>+9.1} {:>9} {:>5} {:>5} {:>5} {:>5} {:>5} {:>6.1}",
            s.seat,
            cut(who, 16),
            s.start * 100.0,
            s.result * 100.0,
            s.luck() * 100.0,
            s.luck_own * 100.0,
            s.luck_others * 100.0,
            s.luck_adjusted * 100.0,
            format!("{} ({})", s.decisions, s.forced),
            s.count(Class::Best),
            s.count(Class::Good),
            s.count(Class::Inaccuracy),
            s.count(Class::Mistake),
            s.count(Class::Blunder),
            s.error_rate
        );
    }
    out!(
        "decisions (forced): moves chosen among two or more that differ, (and those that did not); ?! inaccuracy, ? mistake, ?? blunder; error: 1000 x the mean loss"
    );
    Ok(ExitCode::SUCCESS)
}

/// At most `n` characters of a name.
fn cut(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}
