//! # ludo-server-tools
//!
//! What the room server's tests and its operators use beside it: `client` (a WebSocket client
//! and a bot that plays a seat, checking every event on the engine), `bots` (bots under load,
//! one process of `ludo-load`'s) and `scratch_postgres` (a PostgreSQL of one's own in a
//! scratch folder, loopback only). The binaries `ludo-load` (the
//! load generator) and `ludo-cluster` (`make cluster`) and the example `long_game` (the browser
//! test's long game) are built on them. They reach the server only as devices and operators
//! do: over its socket, and by starting its binary.

pub mod bots;
pub mod client;
pub mod scratch_postgres;
