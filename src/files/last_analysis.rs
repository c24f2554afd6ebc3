//! Luck or skill in the game last finished (`ludo_cpu::analysis`), for the results: each
//! seat's dice luck and play. The game is analysed once, when it ends; in the browser once the
//! network it is rated by has come (`nets.rs` fetches it).

use bevy::prelude::*;
use ludo_core::GameRecord;
use ludo_cpu::analysis::{Analysis, AnalysisError};
use ludo_cpu::value_net::{self, NetId};

use super::past_games::GameFinished;
use crate::table::GameSet;
use crate::table::signal::Signal;

#[derive(Resource, Default)]
pub struct LastAnalysis {
    /// The analysis of the game last finished (`None` while it waits, or when it failed).
    pub analysis: Option<Analysis>,
    /// The network it waits for (the browser fetches it), with the game to analyse.
    pub wanted: Option<NetId>,
    record: Option<GameRecord>,
}

impl LastAnalysis {
    /// Analyses the game waiting, if its network is there; what the log is told.
    fn try_now(&mut self) -> Option<Signal> {
        let record = self.record.as_ref()?;
        let started = bevy::platform::time::Instant::now();
        match Analysis::of(record) {
            Ok(analysis) => {
                let signal = Signal::Analysed {
                    throws: analysis.throws.len(),
                    decisions: analysis.decisions.iter().filter(|d| d.counted).count(),
                    micros: started.elapsed().as_micros() as u64,
                };
                self.analysis = Some(analysis);
                self.wanted = None;
                self.record = None;
                Some(signal)
            }
            Err(AnalysisError::Network(id)) => {
                self.wanted = Some(id);
                None
            }
            Err(e) => {
                warn!("the finished game was not analysed: {e}");
                self.wanted = None;
                self.record = None;
                None
            }
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LastAnalysis>().add_systems(
        Update,
        (analyse_finished, analyse_when_the_network_is_in)
            .chain()
            .in_set(GameSet::React),
    );
}

fn analyse_finished(
    mut finished: MessageReader<GameFinished>,
    mut last: ResMut<LastAnalysis>,
    mut signals: MessageWriter<Signal>,
) {
    for GameFinished { file, .. } in finished.read() {
        *last = LastAnalysis {
            record: Some(file.record.clone()),
            ..default()
        };
        signals.write_batch(last.try_now());
    }
}

fn analyse_when_the_network_is_in(
    mut last: ResMut<LastAnalysis>,
    mut signals: MessageWriter<Signal>,
) {
    if last
        .wanted
        .is_some_and(|id| value_net::shipped(id).is_some())
    {
        signals.write_batch(last.try_now());
    }
}
