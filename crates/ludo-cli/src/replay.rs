//! `replay`: checks a game record and prints the final state, or names the first illegal step
//! (its number from 1, and its line and column in the file).

use std::process::ExitCode;

use ludo_core::{GameRecord, ReplayError};

use crate::input::{self, Format, InputError};

#[derive(clap::Args)]
pub struct Args {
    /// The record file (JSON, or RON by extension), or `-` for JSON on stdin.
    record: String,
}

pub fn run(args: Args) -> Result<ExitCode, InputError> {
    let text = input::read_text(&args.record)?;
    let record: GameRecord = input::parse(&args.record, &text, Format::of(&args.record))?;
    let name = if args.record == "-" {
        "<stdin>"
    } else {
        &args.record
    };
    match record.replay() {
        Ok(game) => {
            let over = game.is_over();
            out!(
                "{}",
                serde_json::to_string_pretty(&serde_json::json!({
                    "steps": record.steps.len(),
                    "over": over,
                    "state": game.state(),
                    "ranking": game.ranking(),
                }))
                .expect("states serialise")
            );
            if !over {
                eprintln!(
                    "ludo-cli: {name}: note: the record ends after step {} with the game still waiting for seat {} ({:?})",
                    record.steps.len(),
                    game.turn(),
                    game.awaiting()
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        // A record that cannot start a game is bad input, like a malformed file.
        Err(e @ (ReplayError::Version(_) | ReplayError::Start(_))) => {
            Err(InputError(format!("{name}: {e}")))
        }
        Err(e) => {
            let at = match &e {
                ReplayError::Illegal { index, .. } | ReplayError::NotTheDie { index, .. } => {
                    step_position(&text, *index)
                }
                _ => None,
            };
            match at {
                Some((line, col)) => eprintln!("ludo-cli: {name}:{line}:{col}: {e}"),
                None => eprintln!("ludo-cli: {name}: {e}"),
            }
            Ok(ExitCode::from(1))
        }
    }
}

/// Where the `index`-th element of the record's `steps` list starts (line and column from 1),
/// in JSON or RON.
fn step_position(text: &str, index: usize) -> Option<(usize, usize)> {
    let key = text.find("\"steps\"").map(|i| i + 7).or_else(|| {
        text.match_indices("steps")
            .find(|(i, _)| text[i + 5..].trim_start().starts_with(':'))
            .map(|(i, _)| i + 5)
    })?;
    let open = key + text[key..].find('[')?;
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    let mut count = 0;
    let mut expecting = true;
    for (i, c) in text[open + 1..].char_indices() {
        let at = open + 1 + i;
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        if expecting && depth == 0 && !c.is_whitespace() && c != ']' {
            if count == index {
                let line = text[..at].matches('\n').count() + 1;
                let col = at - text[..at].rfind('\n').map_or(0, |j| j + 1) + 1;
                return Some((line, col));
            }
            count += 1;
            expecting = false;
        }
        match c {
            '"' => in_string = true,
            '[' | '{' | '(' => depth += 1,
            ']' | '}' | ')' if depth == 0 => return None,
            ']' | '}' | ')' => depth -= 1,
            ',' if depth == 0 => expecting = true,
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::step_position;

    #[test]
    fn steps_are_found_in_json_and_ron() {
        let json = "{\"version\": 1,\n \"steps\": [{\"roll\": 6},\n  {\"move\": 0}, \"release\"]}";
        assert_eq!(step_position(json, 0), Some((2, 12)));
        assert_eq!(step_position(json, 1), Some((3, 3)));
        assert_eq!(step_position(json, 2), Some((3, 16)));
        assert_eq!(step_position(json, 3), None);
        let ron = "(\n  steps: [\n    Roll(6),\n    Move(0),\n  ],\n)";
        assert_eq!(step_position(ron, 1), Some((4, 5)));
    }
}
