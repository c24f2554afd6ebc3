//! Tools for developers and tests, not for players: `--screenshot`, which saves the window,
//! checks it against the engine and writes a report, and `--strip`, frames of one moment
//! of play side by side.

mod clipping;
mod metrics;
mod pixels;
mod report;
pub mod screenshot;
pub mod strip;
