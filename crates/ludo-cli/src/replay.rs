//! `replay`: checks a game record and prints the final state, or names the first illegal step.

use std::process::ExitCode;

use ludo_core::GameRecord;

use crate::input::{self, InputError};

#[derive(clap::Args)]
pub struct Args {
    /// The record file (JSON, or RON by extension), or `-` for JSON on stdin.
    record: String,
}

pub fn run(args: Args) -> Result<ExitCode, InputError> {
    let record: GameRecord = input::read(&args.record)?;
    match record.replay() {
        Ok(game) => {
            println!(
                "{}",
                serde_json::to_string_pretty(&serde_json::json!({
                    "steps": record.steps.len(),
                    "state": game.state(),
                    "ranking": game.ranking(),
                }))
                .expect("states serialise")
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!(
                "ludo-cli: {}: {e}",
                if args.record == "-" {
                    "<stdin>"
                } else {
                    &args.record
                }
            );
            Ok(ExitCode::from(1))
        }
    }
}
