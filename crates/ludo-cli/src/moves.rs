//! `moves`: the JSON interface other tools use. Reads `{rules, state, roll}` on stdin and
//! prints the events of the roll, then each legal move with its resulting state and events.

use std::process::ExitCode;

use ludo_core::{Awaiting, Event, Game, GameState, Move, Rules};
use serde::{Deserialize, Serialize};

use crate::input::{self, Format, InputError};

#[derive(clap::Args)]
pub struct Args {
    /// Read from this file instead of stdin.
    #[arg(long, default_value = "-")]
    input: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Request {
    #[serde(default)]
    pub rules: Rules,
    pub state: GameState,
    /// The die's value, 1 to 6. Leave it out under *release without rolling* when the seat
    /// has no piece in play: the press of the die is then played.
    #[serde(default)]
    pub roll: Option<u8>,
}

#[derive(Serialize)]
pub struct Response {
    /// What the roll itself caused (the roll, and a pass or extra roll when no move is legal).
    pub events: Vec<Event>,
    /// The state after the roll.
    pub state: GameState,
    pub moves: Vec<MoveResult>,
}

#[derive(Serialize)]
pub struct MoveResult {
    #[serde(flatten)]
    pub r#move: Move,
    pub events: Vec<Event>,
    pub state: GameState,
}

/// Answers one request; shared with the tournament's bot protocol.
pub fn answer(req: Request) -> Result<Response, InputError> {
    let mut game =
        Game::from_state(req.rules, &req.state).map_err(|e| InputError(format!("state: {e}")))?;
    let mut events = Vec::new();
    match (game.awaiting(), req.roll) {
        // The state's own pending roll: its moves are listed as they stand.
        (Awaiting::Move, None) => Ok(()),
        (Awaiting::Move, Some(_)) => {
            return Err(InputError(format!(
                "roll: the state already waits for a move for its roll of {} (`state.roll`); leave the request's `roll` out to list those moves",
                game.pending_roll().unwrap_or(0)
            )));
        }
        (Awaiting::Over, _) => {
            return Err(InputError(
                "state: the game is over; there is nothing to roll or move".into(),
            ));
        }
        (Awaiting::Release, None) => game.release(&mut events),
        (Awaiting::Release, Some(_)) => {
            return Err(InputError(
                "roll: under *release without rolling* a seat with no piece in play presses the die without rolling; leave `roll` out".into(),
            ));
        }
        (_, Some(v)) => game.roll(v, &mut events),
        (_, None) => {
            return Err(InputError(
                "roll: the state waits for a roll; give `roll`, 1 to 6".into(),
            ));
        }
    }
    .map_err(|e| InputError(format!("roll: {e}")))?;
    Ok(Response {
        events,
        state: game.state(),
        moves: move_results(&game),
    })
}

/// Each legal move of a game waiting for a move, with its events and resulting state.
pub fn move_results(game: &Game) -> Vec<MoveResult> {
    game.legal_moves()
        .iter()
        .map(|&m| {
            let mut after = game.clone();
            let mut ev = Vec::new();
            after
                .choose(m.piece, &mut ev)
                .expect("a legal move is accepted");
            MoveResult {
                r#move: m,
                events: ev,
                state: after.state(),
            }
        })
        .collect()
}

pub fn run(args: Args) -> Result<ExitCode, InputError> {
    let text = input::read_text(&args.input)?;
    let req: Request = input::parse(&args.input, &text, Format::Json)?;
    let resp = answer(req)?;
    out!(
        "{}",
        serde_json::to_string_pretty(&resp).expect("responses serialise")
    );
    Ok(ExitCode::SUCCESS)
}
