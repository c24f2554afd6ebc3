//! `ludo-cli`: the rules engine on the command line — simulate games, list legal moves as
//! JSON for other tools, and check game records. Bad input exits with code 2 and a message
//! naming the file, line and what was expected; it never panics.

/// `println!` that ends the tool cleanly when standard output cannot be written.
macro_rules! out {
    ($($arg:tt)*) => {
        crate::out::line(&format!($($arg)*))?
    };
}

mod analyse;
mod bot;
mod input;
mod moves;
mod out;
mod replay;
mod simulate;
mod tournament;
mod verify;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "ludo-cli",
    version,
    about = "The Ludo rules engine on the command line"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play many games between random players and print win rates and speed.
    Simulate(simulate::Args),
    /// Read {rules, state, roll} as JSON on stdin; print the legal moves and their results.
    Moves(moves::Args),
    /// Check a game record (JSON or RON) and print the final state, or the first illegal step.
    Replay(replay::Args),
    /// Play one game between random players and print its record as JSON.
    Record(simulate::RecordArgs),
    /// Play CPU levels and outside bots against each other, seats rotated.
    Tournament(tournament::Args),
    /// Check a finished game's dice (its promises, secrets and every roll) and count each
    /// seat's faces.
    Verify(verify::Args),
    /// Luck or skill: each seat's dice luck and each decision's loss in a finished game.
    Analyse(analyse::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Simulate(args) => simulate::run(args),
        Command::Moves(args) => moves::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Record(args) => simulate::record(args),
        Command::Tournament(args) => tournament::run(args),
        Command::Verify(args) => verify::run(args),
        Command::Analyse(args) => analyse::run(args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            // A message quotes what it must, never a whole file or a huge argument.
            eprintln!("ludo-cli: {}", cut(&e.to_string(), 2000));
            ExitCode::from(2)
        }
    }
}

/// Loads a rules file, or the standard rules when none is given.
fn load_rules(path: Option<&str>) -> Result<ludo_core::Rules, input::InputError> {
    path.map_or(Ok(ludo_core::Rules::default()), input::read)
}

/// Checks the seat count against the 2 to 6 seats of the game.
fn check_seats(seats: usize) -> Result<u8, input::InputError> {
    if (2..=ludo_core::MAX_SEATS as usize).contains(&seats) {
        Ok(seats as u8)
    } else {
        Err(input::InputError(format!(
            "--seats: a table has 2 to 6 seats, not {seats}"
        )))
    }
}

/// At least one game.
fn check_games(games: u64) -> Result<u64, input::InputError> {
    if games == 0 {
        Err(input::InputError("--games: at least 1".into()))
    } else {
        Ok(games)
    }
}

/// `text` cut to `max` bytes (at a character boundary), saying how much was left out.
fn cut(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… ({} more bytes)", &text[..end], text.len() - end)
}
