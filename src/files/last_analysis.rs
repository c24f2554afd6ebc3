//! Luck or skill in the game last finished (`ludo_cpu::analysis`), for the results: each
//! seat's dice luck and play. The game is analysed once, when it ends, a slice a frame; in the
//! browser once the network it is rated by has come (`nets.rs` fetches it).

use bevy::prelude::*;
use ludo_core::GameRecord;
use ludo_cpu::analysis::{Analysis, AnalysisError};
use ludo_cpu::value_net::{self, NetId};

use super::past_games::{GameAnalysed, GameFinished};
use crate::table::GameSet;
use crate::table::analysing::Analysing;
use crate::table::signal::Signal;

#[derive(Resource, Default)]
pub struct LastAnalysis {
    /// The analysis of the game last finished (`None` while it waits or runs, or when it
    /// failed).
    pub analysis: Option<Analysis>,
    /// The network it waits for (the browser fetches it), with the game to analyse.
    pub wanted: Option<NetId>,
    record: Option<GameRecord>,
    /// The analysis under way, and the record it analyses.
    running: Option<(Analysing, GameRecord)>,
}

impl LastAnalysis {
    /// Whether the results should say the analysis is coming.
    pub fn pending(&self) -> bool {
        self.running.is_some() || self.wanted.is_some()
    }

    /// Starts the analysis of the game waiting, if its network is there.
    fn start(&mut self) {
        let Some(record) = self.record.as_ref() else {
            return;
        };
        match Analysing::start(record) {
            Ok(running) => {
                self.running = self.record.take().map(|record| (running, record));
                self.wanted = None;
            }
            Err(AnalysisError::Network(id)) => self.wanted = Some(id),
            Err(e) => self.failed(e),
        }
    }

    fn failed(&mut self, e: AnalysisError) {
        warn!("the finished game was not analysed: {e}");
        *self = LastAnalysis::default();
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LastAnalysis>().add_systems(
        Update,
        (analyse_finished, start_when_the_network_is_in, work_a_slice)
            .chain()
            .in_set(GameSet::React),
    );
}

fn analyse_finished(mut finished: MessageReader<GameFinished>, mut last: ResMut<LastAnalysis>) {
    for GameFinished { file, .. } in finished.read() {
        *last = LastAnalysis {
            record: Some(file.record.clone()),
            ..default()
        };
        last.start();
    }
}

fn start_when_the_network_is_in(mut last: ResMut<LastAnalysis>) {
    if last
        .wanted
        .is_some_and(|id| value_net::shipped(id).is_some())
    {
        last.start();
    }
}

fn work_a_slice(
    mut last: ResMut<LastAnalysis>,
    mut signals: MessageWriter<Signal>,
    mut analysed: MessageWriter<GameAnalysed>,
) {
    let Some((running, _)) = last.running.as_mut() else {
        return;
    };
    match running.work() {
        Ok(None) => {}
        Ok(Some((analysis, signal))) => {
            last.analysis = Some(analysis);
            if let Some((_, record)) = last.running.take() {
                analysed.write(GameAnalysed { record });
            }
            signals.write(signal);
        }
        Err(e) => last.failed(e),
    }
}
