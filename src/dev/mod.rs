//! Tools for developers and tests, not for players.

pub mod screenshot;
