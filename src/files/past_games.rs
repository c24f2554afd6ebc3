//! The games this device finished, newest first (the last 100), kept in `past-games.ron` in
//! the data folder (the browser's storage on the web): each as its game file (record, when it
//! ended, a server's die promise) and its places, for the Past games list and a review.

use std::path::Path;

use bevy::prelude::*;
use ludo_core::fairness::Faces;
use ludo_core::{Event, GameRecord};
use ludo_proto::{DiceCheck, GameFile};
use serde::{Deserialize, Serialize};

use crate::files::resume::DataDir;
use crate::files::saved::{Notice, load_versioned, save_compact};
use crate::table::flow::{Happened, decided_here};
use crate::table::signal::Signal;
use crate::table::{GameSet, Table};

const PAST_GAMES_FILE: &str = "past-games.ron";
/// 2: a server's game kept with its dice's seal, and the seats played at this device.
pub const PAST_GAMES_VERSION: u32 = 2;
/// How many finished games are kept.
pub const KEPT: usize = 100;

#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PastGames {
    pub version: u32,
    /// Newest first.
    pub games: Vec<PastGame>,
}

impl Default for PastGames {
    fn default() -> Self {
        PastGames {
            version: PAST_GAMES_VERSION,
            games: Vec::new(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PastGame {
    pub file: GameFile,
    /// Each seat's place (1 is first), as the game ended.
    pub places: Vec<u8>,
    /// The seats played at this device: its people's at a table here, its own online.
    #[serde(default)]
    pub here: Vec<u8>,
}

/// A game just finished (here, or at a room server): kept first in the list; `here` are the
/// seats played at this device.
#[derive(Message, Clone, Debug)]
pub struct GameFinished {
    pub file: GameFile,
    pub here: Vec<u8>,
}

/// The dice of the game last finished, checked on this device once: what the results show.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct LastDice {
    /// The check (`None`: the record has no seed).
    pub check: Option<DiceCheck>,
    /// Each seat's faces.
    pub faces: Vec<Faces>,
    /// A server's game sealed by the players' devices: the shares revealed, of those due.
    pub shares: Option<(usize, usize)>,
    /// A server's game (not one played on this device).
    pub server: bool,
}

impl LastDice {
    pub fn of(file: &GameFile) -> LastDice {
        LastDice {
            check: file.check_dice(),
            faces: file.steps_only().faces_by_seat().unwrap_or_default(),
            shares: file.sealed.as_ref().map(|s| {
                let revealed = s.shares.iter().filter(|s| s.secret.is_some()).count();
                (revealed, s.shares.len())
            }),
            server: file.sealed.is_some() || file.served.is_some(),
        }
    }
}

impl PastGames {
    /// Keeps `file` first, if its record plays to the end; the oldest beyond `KEPT` go.
    pub fn keep(&mut self, file: GameFile, here: Vec<u8>) -> Result<(), String> {
        let game = file.record.replay().map_err(|e| e.to_string())?;
        let ranking = game.ranking().ok_or("the game is not over")?;
        let mut places = vec![0; game.seats() as usize];
        for s in ranking {
            places[s.seat as usize] = s.rank;
        }
        // The same game heard twice (a snapshot after the result) is kept once.
        self.games.retain(|g| g.file.record != file.record);
        self.games.insert(0, PastGame { file, places, here });
        self.games.truncate(KEPT);
        Ok(())
    }

    /// The faces rolled by the seats played at this device, over the games kept: how many
    /// games had such a seat, and the faces.
    pub fn dice_here(&self) -> (usize, Faces) {
        let mut faces = Faces::default();
        let mut games = 0;
        for g in self.games.iter().filter(|g| !g.here.is_empty()) {
            let Ok(by_seat) = g.file.steps_only().faces_by_seat() else {
                continue;
            };
            games += 1;
            for &seat in &g.here {
                if let Some(f) = by_seat.get(seat as usize) {
                    faces += *f;
                }
            }
        }
        (games, faces)
    }
}

/// Reads the past games in `dir`; `Ok(None)` when there are none yet. An unreadable file is
/// moved aside and the error names it, its line and column.
pub fn load_past_games(dir: &Path) -> Result<Option<PastGames>, String> {
    load_versioned(
        &dir.join(PAST_GAMES_FILE),
        PAST_GAMES_VERSION,
        "starting a new list of past games",
        |_: &PastGames| Ok(()),
    )
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PastGames>()
        .init_resource::<LastDice>()
        .add_message::<GameFinished>()
        .add_systems(
            Update,
            (finished_here.run_if(decided_here), keep_finished)
                .chain()
                .in_set(GameSet::React),
        );
}

/// A game this device's engine decided ends: its record, with its seed.
fn finished_here(
    mut happened: MessageReader<Happened>,
    table: Res<Table>,
    mut finished: MessageWriter<GameFinished>,
) {
    if happened
        .read()
        .any(|h| matches!(h.0, Event::GameOver { .. }))
    {
        let record: GameRecord = table.record.clone();
        let here = (0..table.game.seats())
            .filter(|&s| !table.seat_kind(s).is_cpu())
            .collect();
        let mut file = GameFile::local(record, crate::files::storage::unix_now());
        if table.hints.iter().any(|&n| n > 0) {
            file.hints = table.hints.clone();
        }
        finished.write(GameFinished { file, here });
    }
}

/// Keeps each finished game and writes the list.
fn keep_finished(
    mut finished: MessageReader<GameFinished>,
    mut past: ResMut<PastGames>,
    mut last: ResMut<LastDice>,
    dir: Option<Res<DataDir>>,
    mut notice: ResMut<Notice>,
    mut signals: MessageWriter<Signal>,
) {
    let mut kept = false;
    for GameFinished { file, here } in finished.read() {
        *last = LastDice::of(file);
        // Whoever watches the console (the browser test) learns what the check found.
        let (verdict, detail) = match &last.check {
            Some(DiceCheck::Fair) => ("fair", None),
            Some(failed) => ("failed", Some(format!("{failed:?}"))),
            None => ("no_seed", None),
        };
        signals.write(Signal::DiceChecked {
            verdict: verdict.into(),
            detail,
        });
        match past.keep(file.clone(), here.clone()) {
            Ok(()) => kept = true,
            Err(e) => warn!("a finished game was not kept: {e}"),
        }
    }
    if kept
        && let Some(dir) = dir.as_ref().and_then(|d| d.0.as_ref())
        && let Err(e) = save_compact(dir, PAST_GAMES_FILE, &*past)
    {
        warn!("could not keep the past games: {e}");
        notice.say(format!("Could not keep the finished game: {e}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludo_core::{RandomChooser, Rules};

    #[test]
    fn a_six_seat_game_is_kept_with_six_places_and_its_seats_dice() {
        let players: Vec<String> = (1..=6).map(|i| format!("P{i}")).collect();
        let record =
            GameRecord::played(Rules::default(), players, 5, &mut RandomChooser::new(5)).unwrap();
        let file = GameFile {
            record: record.clone(),
            finished: None,
            served: None,
            sealed: None,
            id: None,
            hints: Vec::new(),
        };
        let mut past = PastGames::default();
        past.keep(file.clone(), vec![0, 5]).unwrap();
        let ranking = record.replay().unwrap().ranking().unwrap().to_vec();
        assert_eq!(past.games[0].places.len(), 6);
        for s in &ranking {
            assert_eq!(past.games[0].places[s.seat as usize], s.rank);
        }
        let mut places = past.games[0].places.clone();
        places.sort_unstable();
        assert_eq!(places, [1, 2, 3, 4, 5, 6]);
        let by_seat = file.steps_only().faces_by_seat().unwrap();
        let mut here = by_seat[0];
        here += by_seat[5];
        assert_eq!(past.dice_here(), (1, here));
        // Kept once, however often it is heard.
        past.keep(file, vec![0, 5]).unwrap();
        assert_eq!(past.games.len(), 1);
    }
}
