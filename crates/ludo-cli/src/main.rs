//! `ludo-cli`: the rules engine on the command line — simulate games, list legal moves as
//! JSON for other tools, and check game records. Bad input exits with code 2 and a message
//! naming the file, line and what was expected; it never panics.

mod bot;
mod input;
mod moves;
mod replay;
mod simulate;
mod tournament;

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
}

fn main() -> ExitCode {
    end_quietly_on_a_closed_pipe();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Simulate(args) => simulate::run(args),
        Command::Moves(args) => moves::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Record(args) => simulate::record(args),
        Command::Tournament(args) => tournament::run(args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("ludo-cli: {e}");
            ExitCode::from(2)
        }
    }
}

/// `ludo-cli simulate | head` should end like any Unix tool when the reader goes away. Rust
/// ignores SIGPIPE, so the next `println!` would panic on the closed pipe instead.
fn end_quietly_on_a_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: called first thing in `main`, before any other thread exists; restores the
    // default action of one signal.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Loads a rules file, or the standard rules when none is given.
fn load_rules(path: Option<&str>) -> Result<ludo_core::Rules, input::InputError> {
    path.map_or(Ok(ludo_core::Rules::default()), input::read)
}

/// Checks the seat count against the 2 to 4 seats of the game.
fn check_seats(seats: u8) -> Result<u8, input::InputError> {
    if (2..=4).contains(&seats) {
        Ok(seats)
    } else {
        Err(input::InputError(format!(
            "--seats: a table has 2 to 4 seats, not {seats}"
        )))
    }
}
