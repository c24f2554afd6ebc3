//! Leave and return: the game saves itself after every roll and every move, and reopening
//! the game offers Continue at exactly the same point (the same next roll, the same seat to
//! play).
//!
//! The save is `game.ron` in the user's data folder (`$XDG_DATA_HOME/ludo/`, or
//! `~/.local/share/ludo/`): a versioned document with the table, the engine's state, the die
//! stream's state and every step played. Loading checks that the steps replay to the saved
//! position, so a hand-edited or garbled file is caught, not played. A save that cannot be
//! used is moved aside (never deleted) and the player is told why.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use ludo_core::{Dice, DiceState, Game, GameState, Step};
use serde::{Deserialize, Serialize};

use crate::files::saved::{Notice, load_versioned, save};
use crate::table::GameSet;
use crate::table::stats::Story;
use crate::table::{Table, TableConfig};

/// The save format this build writes and reads.
pub const SAVE_VERSION: u32 = 1;
const SAVE_FILE: &str = "game.ron";

/// Where the game is saved, if this platform keeps files.
#[derive(Resource, Clone, Debug)]
pub struct DataDir(pub Option<PathBuf>);

impl DataDir {
    /// The user's data folder for the game.
    pub fn user() -> DataDir {
        DataDir(crate::files::storage::user_folder(
            "XDG_DATA_HOME",
            ".local/share",
        ))
    }
}

/// A game in progress as a file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedGame {
    /// `SAVE_VERSION` of the build that wrote it.
    pub version: u32,
    /// Rules, seats, this game's seed and the turn limit.
    pub table: TableConfig,
    /// The engine's state, turn phase included.
    pub state: GameState,
    /// The die stream: the next roll is the one the uninterrupted game would roll.
    pub dice: DiceState,
    /// People's seats the CPU plays for.
    pub autopilot: Vec<bool>,
    /// Every step played, for the record, and to check the state.
    pub steps: Vec<Step>,
    /// The story so far (captures, sixes, turns), for the results.
    pub story: Story,
    /// The hints each seat asked for; none in a save from before hints.
    #[serde(default)]
    pub hints: Vec<u32>,
    /// A game taken up from a review (Try it again).
    #[serde(default)]
    pub practice: bool,
}

impl SavedGame {
    pub fn of(table: &Table, story: &Story) -> SavedGame {
        SavedGame {
            version: SAVE_VERSION,
            table: table.config(),
            state: table.game.state(),
            dice: table.dice.state(),
            autopilot: table.autopilot.clone(),
            steps: table.record.steps.clone(),
            story: story.clone(),
            hints: table.hints.clone(),
            practice: table.practice,
        }
    }

    /// The table exactly as it was saved, or why it cannot be.
    pub fn to_table(&self) -> Result<Table, String> {
        let config = &self.table;
        config.check()?;
        let game = Game::from_state(config.rules.clone(), &self.state)
            .map_err(|e| format!("the saved position is not a game: {e}"))?;
        if usize::from(game.seats()) != config.seats.len() {
            return Err(format!(
                "the position has {} seats but the table lists {}",
                game.seats(),
                config.seats.len()
            ));
        }
        if self.autopilot.len() != config.seats.len() {
            return Err(format!(
                "`autopilot` has {} entries for {} seats",
                self.autopilot.len(),
                config.seats.len()
            ));
        }
        if self.dice.seed != config.seed.into() {
            return Err(format!(
                "the die's seed {} is not the table's seed {}",
                self.dice.seed, config.seed
            ));
        }
        // The table as it sat down, then brought to the saved point.
        let mut table = Table::new(config, self.state.first_seat);
        table.record.steps = self.steps.clone();
        let replayed = table
            .record
            .replay()
            .map_err(|e| format!("the saved steps do not replay: {e}"))?;
        if replayed.state() != self.state {
            return Err("the saved position is not where the saved steps lead".into());
        }
        let rolls = self
            .steps
            .iter()
            .filter(|s| matches!(s, Step::Roll(_)))
            .count() as u64;
        if self.dice.rolls != rolls {
            return Err(format!(
                "the die has rolled {} times but the steps hold {rolls} rolls",
                self.dice.rolls
            ));
        }
        table.game = game;
        table.dice = Dice::from_state(self.dice);
        table.autopilot = self.autopilot.clone();
        if self.hints.len() == config.seats.len() {
            table.hints = self.hints.clone();
        }
        table.practice = self.practice;
        Ok(table)
    }
}

/// Reads the save in `dir`. `Ok(None)` when there is none; `Err` says what was wrong (the
/// file, the line and column, what was expected) after moving the file aside.
pub fn load_game(dir: &Path) -> Result<Option<(SavedGame, Table)>, String> {
    let mut table = None;
    let saved = load_versioned(
        &dir.join(SAVE_FILE),
        SAVE_VERSION,
        "the saved game cannot be continued",
        |saved: &SavedGame| {
            table = Some(saved.to_table()?);
            Ok(())
        },
    )?;
    Ok(saved.zip(table))
}

/// Writes the save atomically (a new file renamed over the old one).
pub fn save_game(dir: &Path, saved: &SavedGame) -> Result<(), String> {
    save(dir, SAVE_FILE, saved)
}

/// Opens a loaded save at the table: the game, the choices it was made with, and its story.
pub fn resume(app: &mut App, saved: SavedGame, table: Table) {
    app.insert_resource(table)
        .insert_resource(saved.table)
        .insert_resource(saved.story);
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        // A server's table is kept by the server; this device keeps its seat ticket.
        save_after_each_step
            .run_if(crate::table::flow::decided_here)
            .in_set(GameSet::React),
    );
}

/// Saves whenever the record has grown or a new game began: after every roll and move. A
/// game with no step yet has nothing to continue, and must not replace one that has.
fn save_after_each_step(
    table: Res<Table>,
    story: Res<Story>,
    dir: Option<Res<DataDir>>,
    mut saved_at: Local<Option<(u64, usize)>>,
    mut notice: ResMut<Notice>,
) {
    let Some(dir) = dir.as_ref().and_then(|d| d.0.as_ref()) else {
        return;
    };
    // A new game (rematch or new table) has another seed or fewer steps.
    let now = (table.seed, table.record.steps.len());
    if now.1 == 0 || *saved_at == Some(now) {
        return;
    }
    *saved_at = Some(now);
    if let Err(e) = save_game(dir, &SavedGame::of(&table, &story)) {
        warn!("could not save the game: {e}");
        notice.say(format!("Could not save the game: {e}"));
    }
}
