//! # ludo-core
//!
//! The rules of Ludo exactly as `RULES.md` writes them, every house rule included: board
//! geometry as data, one serde `Rules` value, and the game as a state machine that takes
//! rolls and moves and returns what happened; the record of a game, the final ranking and the
//! rating. No I/O and no engine: the game, the CPU players (the `ludo-cpu` crate, through
//! `Chooser`), the command-line tool and the tests all play through this crate.
//!
//! ```
//! use ludo_core::{Dice, Game, Rules};
//! let mut game = Game::new(Rules::default(), 4, 0).unwrap();
//! let mut dice = Dice::new(7);
//! let mut events = Vec::new();
//! // What is due: a press of the die, or the first legal move when a move is due.
//! while let Some(action) = game.due(|_, _moves| 0) {
//!     let _step = game.act(action, &mut dice, &mut events).unwrap();
//! }
//! assert_eq!(game.ranking().unwrap()[0].rank, 1);
//! ```

mod board;
mod colour;
mod dice;
mod event;
pub mod fairness;
mod game;
mod level;
mod occupancy;
mod pos;
mod ranking;
pub mod rating;
mod record;
mod rules;
mod sim;

pub use board::{
    ARM_LEN, BaseArea, BoardKind, Cell, GRID, HOME_LEN, Layout, MAX_SEATS, Point, STAR_OFFSET,
    Square, SquareKind, Squares, TRACK_LEN, Track, seat_colours,
};
pub use colour::Colour;
pub use dice::{Dice, DiceState, Seed, bytes32, hex};
pub use event::{Event, ExtraRollReasons};
pub use game::state::{GameState, PhaseState, RollOffState};
pub use game::{
    Action, Awaiting, EventSink, Game, Move, MoveList, PIECES, Phase, PlayError, StateError, Step,
};
pub use level::CpuLevel;
pub use occupancy::Occupancy;
pub use pos::Pos;
pub use ranking::{Standing, rank, rank_pairs};
pub use record::{GameRecord, Position, RECORD_VERSION, ReplayError, step_text};
pub use rules::{
    BoardChoice, Choice, DieFaces, FirstPlayer, HOUSE_RULES, HouseRule, Impassable, NoPieceInPlay,
    PiecesToWin, Rules, RulesRefusal, SafeSquares, TeamWins, Teams, Values,
};
pub use sim::{Chooser, Discard, GameStats, RandomChooser, SeatLevels, play_out};
