//! A finished game's luck-or-skill analysis (`ludo_cpu::analysis`) worked a slice a frame:
//! at six seats a long game rates tens of thousands of positions, and a browser's page must
//! not stand still while it does.

use std::time::Duration;

use bevy::platform::time::Instant;
use ludo_core::GameRecord;
use ludo_cpu::analysis::{Analyser, Analysis, AnalysisError};

use crate::table::signal::Signal;

/// The work a frame gives the analysis, at most (a throw more may run past it).
const SLICE: Duration = Duration::from_millis(8);

/// An analysis under way.
pub struct Analysing {
    analyser: Analyser,
    /// The time worked so far, and the frames it took.
    worked: Duration,
    frames: u32,
}

impl Analysing {
    /// Starts on a finished game's record; fails with the network its rating needs when that
    /// one is not loaded yet.
    pub fn start(record: &GameRecord) -> Result<Analysing, AnalysisError> {
        Ok(Analysing {
            analyser: Analyser::new(record)?,
            worked: Duration::ZERO,
            frames: 0,
        })
    }

    /// Works one frame's slice; the analysis and what the log is told, once done.
    pub fn work(&mut self) -> Result<Option<(Analysis, Signal)>, AnalysisError> {
        let began = Instant::now();
        self.frames += 1;
        loop {
            let done = self.analyser.advance(1)?;
            let spent = began.elapsed();
            if let Some(analysis) = done {
                let signal = Signal::Analysed {
                    throws: analysis.throws.len(),
                    decisions: analysis.decisions.iter().filter(|d| d.counted).count(),
                    micros: (self.worked + spent).as_micros() as u64,
                    frames: self.frames,
                };
                return Ok(Some((analysis, signal)));
            }
            if spent >= SLICE {
                self.worked += spent;
                return Ok(None);
            }
        }
    }
}
