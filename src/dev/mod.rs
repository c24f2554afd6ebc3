//! Tools for developers and tests, not for players: `--screenshot`, which saves the window,
//! checks it against the engine and writes a report, and `--strip`, frames of one moment
//! of play side by side. Built only with the cargo feature `dev` (the tests' builds turn it
//! on); without it the game says so when asked for them.

use clap::ValueEnum;

#[cfg(feature = "dev")]
mod clipping;
#[cfg(feature = "dev")]
mod metrics;
#[cfg(feature = "dev")]
mod pixels;
#[cfg(feature = "dev")]
mod report;
#[cfg(feature = "dev")]
pub mod screenshot;
#[cfg(feature = "dev")]
pub mod strip;

/// The moment a `--strip` shows.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum StripKind {
    Roll,
    Move,
    Capture,
    Goal,
}
