//! A game record: rules, seats, seed and every input, which replays to the identical game.

use serde::{Deserialize, Serialize};

use crate::dice::{Dice, Seed};
use crate::event::Event;
use crate::game::StateError;
use crate::game::{Awaiting, Game, PlayError, Step};
use crate::rules::Rules;
use crate::sim::Chooser;

/// The newest version this build reads; newer records are refused rather than misread. A
/// record is written with the oldest version that holds it: 2 for a die seeded by 32 bytes
/// (a seed written as hex), else 1.
pub const RECORD_VERSION: u32 = 2;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    pub version: u32,
    #[serde(default)]
    pub rules: Rules,
    /// Who sat in each seat (free text such as `"cpu:hard"` or a person's name); its length
    /// is the number of seats.
    pub players: Vec<String>,
    /// The seed of the die. When present, every roll must be the die's next roll.
    #[serde(default)]
    pub seed: Option<Seed>,
    #[serde(default)]
    pub first_seat: u8,
    pub steps: Vec<Step>,
}

/// One position of a replayed game: the game, and the events of the step that led to it
/// (none at the start).
#[derive(Clone, Debug)]
pub struct Position {
    pub game: Game,
    pub events: Vec<Event>,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("`version` is {0}, but this build reads records of version 1 to {RECORD_VERSION}")]
    Version(u32),
    #[error("the record cannot start a game: {0}")]
    Start(#[from] StateError),
    #[error("step {} ({}) is illegal: {error}", .index + 1, step_text(.step))]
    Illegal {
        index: usize,
        step: Step,
        error: PlayError,
    },
    #[error(
        "step {} ({{\"roll\":{got}}}): the die seeded with {seed} rolls {expected}, but the record says {got}",
        .index + 1
    )]
    NotTheDie {
        index: usize,
        seed: Seed,
        expected: u8,
        got: u8,
    },
}

/// A step as a record file writes it: `{"roll": 6}`, `"release"`, `{"move": 2}`.
pub fn step_text(step: &Step) -> String {
    serde_json::to_string(step).unwrap_or_default()
}

impl GameRecord {
    pub fn new(rules: Rules, players: Vec<String>, seed: Option<Seed>, first_seat: u8) -> Self {
        let mut record = GameRecord {
            version: 1,
            rules,
            players,
            seed: None,
            first_seat,
            steps: Vec::new(),
        };
        record.set_seed(seed);
        record
    }

    /// The die's seed, set (once known: a server's game is sealed after it begins), with the
    /// version that holds it.
    pub fn set_seed(&mut self, seed: Option<Seed>) {
        self.version = if matches!(seed, Some(Seed::Bytes(_))) {
            2
        } else {
            1
        };
        self.seed = seed;
    }

    /// Plays a whole game with the die seeded by `seed` and `chooser` picking every move
    /// (it sees whose turn it is), step by step through `Game::act`, and returns its record.
    pub fn played(
        rules: Rules,
        players: Vec<String>,
        seed: u64,
        chooser: &mut dyn Chooser,
    ) -> Result<GameRecord, ReplayError> {
        let mut record = GameRecord::new(rules, players, Some(seed.into()), 0);
        let mut game = record.start()?;
        let mut dice = Dice::new(seed);
        while let Some(action) = game.due(|g, moves| chooser.choose(g, moves)) {
            let step = game
                .act(action, &mut dice, &mut crate::sim::Discard)
                .expect("the action due is legal");
            record.steps.push(step);
        }
        Ok(record)
    }

    /// A fresh game as the record starts it.
    pub fn start(&self) -> Result<Game, ReplayError> {
        if self.version == 0 || self.version > RECORD_VERSION {
            return Err(ReplayError::Version(self.version));
        }
        Ok(Game::new(
            self.rules.clone(),
            self.players.len().min(u8::MAX as usize) as u8,
            self.first_seat,
        )?)
    }

    /// Plays every step from the start and returns the final game, or names the first step
    /// that is illegal (or that is not what the seeded die rolls).
    pub fn replay(&self) -> Result<Game, ReplayError> {
        self.replay_each(|_, _, _| {})
    }

    /// Every position of the game: the start, then the game after each step with the events
    /// that step made (a review steps through them).
    pub fn positions(&self) -> Result<Vec<Position>, ReplayError> {
        let mut positions = vec![Position {
            game: self.start()?,
            events: Vec::new(),
        }];
        self.replay_each(|_, game, events| {
            positions.push(Position {
                game: game.clone(),
                events: events.to_vec(),
            })
        })?;
        Ok(positions)
    }

    /// `replay`, showing `after` each step (its index, the game after it, its events).
    pub fn replay_each(
        &self,
        mut after: impl FnMut(usize, &Game, &[Event]),
    ) -> Result<Game, ReplayError> {
        let mut game = self.start()?;
        let mut dice = self.seed.map(Dice::seeded);
        let mut events: Vec<Event> = Vec::new();
        for (index, &step) in self.steps.iter().enumerate() {
            events.clear();
            // What the step cannot be (a die face past 6, a roll when none is due) is said
            // before whether the seeded die rolled it.
            if let Step::Roll(v) = step {
                let due = matches!(game.awaiting(), Awaiting::Roll | Awaiting::RollOff);
                let error = if !(1..=6).contains(&v) {
                    Some(PlayError::BadRoll(v))
                } else if !due {
                    Some(PlayError::OutOfTurn {
                        expected: game.awaiting(),
                        got: "a roll",
                    })
                } else {
                    None
                };
                if let Some(error) = error {
                    return Err(ReplayError::Illegal { index, step, error });
                }
            }
            if let (Step::Roll(got), Some(d)) = (step, dice.as_mut()) {
                let expected = d.roll();
                if expected != got {
                    return Err(ReplayError::NotTheDie {
                        index,
                        seed: self.seed.expect("a die rolled"),
                        expected,
                        got,
                    });
                }
            }
            game.play(step, &mut events)
                .map_err(|error| ReplayError::Illegal { index, step, error })?;
            after(index, &game, &events);
        }
        Ok(game)
    }
}
