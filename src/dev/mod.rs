//! Tools for developers and tests, not for players: `--screenshot`, which saves the window,
//! checks it against the engine and writes a report.

mod clipping;
mod metrics;
mod pixels;
mod report;
pub mod screenshot;
