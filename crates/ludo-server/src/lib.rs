//! # ludo-server
//!
//! The room server: friends at one table from their own devices. Its parts, each a module:
//!
//! - `edge`: every connection at the door, the HTTP routes, each WebSocket (`ludo-proto`).
//! - `node`: what the server's rooms and connections share, the live rooms by code, rooms
//!   found or claimed among several nodes, quick play's work.
//! - `room`: one room, a task around a state machine with no I/O, and its table.
//! - `quick`: quick play's queue and its matching.
//! - `store`: the database (SQLite for one node, PostgreSQL for several) and, for several,
//!   the leases.
//! - `metrics`: the figures a host's monitoring scrapes (`/metrics`).
//! - `config`, `server`: how a server runs, and a running one.
//!
//! The rules are `ludo-core`'s: nothing here restates one. The same server hands out the
//! browser build. Its tests drive it through `ludo-server-tools` (`tools/`), as devices do.

mod config;
mod edge;
mod metrics;
mod node;
mod quick;
mod room;
mod secret;
mod server;
mod store;

pub use config::{Config, RESERVED_FILES, default_db};
pub use server::Server;
pub use store::{
    Claim, IDLE_IN_TRANSACTION, LOCK_WAIT, Leases, Node, Opened, Place, Profile, RatingChange,
    STATEMENT, SavedRoom, Store, StoreError, Write, session_options,
};
