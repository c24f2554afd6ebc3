//! The games this device finished, newest first (the last 100), kept in `past-games.ron` in
//! the data folder (the browser's storage on the web): each as its game file (record, when it
//! ended, a server's die promise) and its places, for the Past games list and a review.

use std::path::Path;

use bevy::prelude::*;
use ludo_core::fairness::Faces;
use ludo_core::{Event, GameRecord};
use ludo_cpu::analysis::{Analysis, AnalysisError};
use ludo_cpu::value_net::NetId;
use ludo_proto::{DiceCheck, GameFile};
use serde::{Deserialize, Serialize};

use crate::files::resume::DataDir;
use crate::files::saved::{Notice, load_versioned, save_compact};
use crate::table::analysing::Analysing;
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
    /// Luck or skill of the seats played here, once the game was analysed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub play: Vec<SeatPlay>,
}

/// One seat's game, analysed (docs/ANALYSIS.md), in points of win chance (0 to 100).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatPlay {
    pub seat: u8,
    /// The result (100 a win), its dice luck, and the result less the luck.
    pub result: f32,
    pub luck: f32,
    pub luck_adjusted: f32,
    pub decisions: u32,
    pub error_rate: f32,
}

/// The luck and play of the seats played here over the games kept (oldest first), each
/// seat's game one entry.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LuckHere {
    /// The dice luck summed game after game: a line that wanders round zero.
    pub luck_line: Vec<f32>,
    /// The mean luck-adjusted result (a win rate, in points) and its 95% interval's half
    /// width.
    pub adjusted: Option<(f32, f32)>,
    /// The mean error rate in the older and the newer half of the games.
    pub error_trend: Option<(f32, f32)>,
}

/// Games before the luck-adjusted win rate is worth its interval.
pub const ADJUSTED_AFTER: usize = 10;

/// The games kept without their analysis (kept before there was one, or left when the
/// window closed), analysed away from the table a slice a frame, newest first.
#[derive(Resource, Default)]
pub struct PastAnalysis {
    running: Option<(Analysing, GameRecord)>,
    /// The network the next one waits for (the browser fetches it).
    pub wanted: Option<NetId>,
    /// Games that cannot be analysed (their record does not replay to an end).
    skipped: Vec<GameRecord>,
    /// Analyses noted since the list was last written.
    unsaved: usize,
}

impl PastAnalysis {
    /// Whether a game kept is being analysed or waits to be.
    pub fn busy(&self, past: &PastGames) -> bool {
        self.running.is_some()
            || past.games.iter().any(|g| {
                g.play.is_empty() && !g.here.is_empty() && !self.skipped.contains(&g.file.record)
            })
    }
}

/// A game message: the game last finished was analysed.
#[derive(Message, Clone, Debug)]
pub struct GameAnalysed {
    pub record: GameRecord,
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
        self.games.insert(
            0,
            PastGame {
                file,
                places,
                here,
                play: Vec::new(),
            },
        );
        self.games.truncate(KEPT);
        Ok(())
    }

    /// Notes the analysis of the game kept with `record`, for the seats played here; whether
    /// it was kept.
    pub fn note_analysis(&mut self, record: &GameRecord, analysis: &Analysis) -> bool {
        let Some(game) = self.games.iter_mut().find(|g| g.file.record == *record) else {
            return false;
        };
        game.play = (game.here.iter())
            .filter_map(|&seat| analysis.seats.get(usize::from(seat)))
            .map(|s| SeatPlay {
                seat: s.seat,
                result: s.result * 100.0,
                luck: s.luck() * 100.0,
                luck_adjusted: s.luck_adjusted * 100.0,
                decisions: s.decisions,
                error_rate: s.error_rate,
            })
            .collect();
        !game.play.is_empty()
    }

    /// The luck and play of the seats played here, over the games analysed.
    pub fn luck_here(&self) -> LuckHere {
        let plays: Vec<&SeatPlay> = self.games.iter().rev().flat_map(|g| &g.play).collect();
        let mut sum = 0.0;
        let luck_line = (plays.iter())
            .map(|p| {
                sum += p.luck;
                sum
            })
            .collect();
        let n = plays.len();
        let adjusted = (n >= ADJUSTED_AFTER).then(|| {
            let mean = plays.iter().map(|p| p.luck_adjusted).sum::<f32>() / n as f32;
            let var = (plays.iter())
                .map(|p| (p.luck_adjusted - mean).powi(2))
                .sum::<f32>()
                / (n - 1) as f32;
            (mean, 1.96 * (var / n as f32).sqrt())
        });
        let rated: Vec<f32> = (plays.iter())
            .filter(|p| p.decisions > 0)
            .map(|p| p.error_rate)
            .collect();
        let error_trend = (rated.len() >= 4).then(|| {
            let (old, new) = rated.split_at(rated.len() / 2);
            let mean = |x: &[f32]| x.iter().sum::<f32>() / x.len() as f32;
            (mean(old), mean(new))
        });
        LuckHere {
            luck_line,
            adjusted,
            error_trend,
        }
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
        .add_message::<GameAnalysed>()
        .init_resource::<PastAnalysis>()
        .add_systems(
            Update,
            analyse_past
                .run_if(not(in_state(crate::table::screen::Screen::Playing)))
                .in_set(GameSet::React),
        )
        .add_systems(
            Update,
            (
                finished_here.run_if(decided_here),
                keep_finished,
                keep_analysis,
            )
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
/// The next game kept without its analysis is analysed, a slice a frame; the list is written
/// once none is left.
fn analyse_past(
    mut work: ResMut<PastAnalysis>,
    mut past: ResMut<PastGames>,
    dir: Option<Res<DataDir>>,
) {
    let work = &mut *work;
    if work.running.is_none() {
        if work
            .wanted
            .is_some_and(|id| ludo_cpu::value_net::shipped(id).is_none())
        {
            return;
        }
        work.wanted = None;
        let next = past.games.iter().find(|g| {
            g.play.is_empty() && !g.here.is_empty() && !work.skipped.contains(&g.file.record)
        });
        let Some(record) = next.map(|g| g.file.record.clone()) else {
            if std::mem::take(&mut work.unsaved) > 0
                && let Some(dir) = dir.as_ref().and_then(|d| d.0.as_ref())
                && let Err(e) = save_compact(dir, PAST_GAMES_FILE, &*past)
            {
                warn!("could not keep the past games' analyses: {e}");
            }
            return;
        };
        match Analysing::start(&record) {
            Ok(running) => work.running = Some((running, record)),
            Err(AnalysisError::Network(id)) => work.wanted = Some(id),
            Err(_) => work.skipped.push(record),
        }
        return;
    }
    let Some((running, _)) = work.running.as_mut() else {
        return;
    };
    match running.work() {
        Ok(None) => {}
        Ok(Some((analysis, _))) => {
            if let Some((_, record)) = work.running.take() {
                past.note_analysis(&record, &analysis);
                work.unsaved += 1;
            }
        }
        Err(_) => {
            if let Some((_, record)) = work.running.take() {
                work.skipped.push(record);
            }
        }
    }
}

/// The analysis of the game last finished is kept with it.
fn keep_analysis(
    mut analysed: MessageReader<GameAnalysed>,
    last: Res<super::last_analysis::LastAnalysis>,
    mut past: ResMut<PastGames>,
    dir: Option<Res<DataDir>>,
) {
    let Some(GameAnalysed { record }) = analysed.read().last() else {
        return;
    };
    let Some(analysis) = &last.analysis else {
        return;
    };
    if past.note_analysis(record, analysis)
        && let Some(dir) = dir.as_ref().and_then(|d| d.0.as_ref())
        && let Err(e) = save_compact(dir, PAST_GAMES_FILE, &*past)
    {
        warn!("could not keep the game's analysis: {e}");
    }
}

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

    fn played(seed: u64) -> GameRecord {
        let players = (0..4).map(|s| format!("random:{s}")).collect();
        GameRecord::played(
            Rules::default(),
            players,
            seed,
            &mut RandomChooser::new(seed),
        )
        .unwrap()
    }

    /// The seats played here carry their analysis; over the games, the luck is summed game
    /// after game, the result less luck has its interval after ten games, and the error
    /// rate is compared between the older and the newer half.
    #[test]
    fn the_luck_and_play_here_add_up_over_the_games_kept() {
        let mut past = PastGames::default();
        let mut lucks = Vec::new();
        let mut adjusted = Vec::new();
        for seed in 1..=12 {
            let record = played(seed);
            past.keep(GameFile::local(record.clone(), None), vec![0])
                .unwrap();
            let analysis = Analysis::of(&record).unwrap();
            assert!(past.note_analysis(&record, &analysis));
            lucks.push(analysis.seats[0].luck() * 100.0);
            adjusted.push(analysis.seats[0].luck_adjusted * 100.0);
            let luck = past.luck_here();
            assert_eq!(luck.luck_line.len(), seed as usize);
            assert_eq!(luck.adjusted.is_some(), seed as usize >= ADJUSTED_AFTER);
        }
        let luck = past.luck_here();
        // Oldest first: the line ends at the sum of every game's luck.
        let sum: f32 = lucks.iter().sum();
        assert!((luck.luck_line[11] - sum).abs() < 1e-3, "{luck:?}");
        assert!((luck.luck_line[0] - lucks[0]).abs() < 1e-3);
        let (mean, margin) = luck.adjusted.unwrap();
        assert!((mean - adjusted.iter().sum::<f32>() / 12.0).abs() < 1e-3);
        assert!(margin > 0.0);
        assert!(luck.error_trend.is_some());
        // A game not kept here takes no analysis.
        assert!(!past.note_analysis(&played(99), &Analysis::of(&played(99)).unwrap()));
    }

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
