//! The node: the server's shared state and the live rooms it runs (`shared`, `registry`),
//! rooms found, claimed and renewed among several nodes (`cluster`), and quick play's work
//! (`quick_play`).

mod cluster;
mod quick_play;
mod registry;
mod shared;

pub use cluster::{Found, renew_leases};
pub use quick_play::run as quick_play;
pub use shared::Shared;
