//! Tables at a room server, headless: the second source of moves. A socket to the server,
//! the room as the server last showed it, this device's seat, and two translations: the
//! server's events become the same `Happened` messages the local engine writes (checked on
//! the engine by `ludo_proto::Mirror` first), and this device's requests (`RollRequested`,
//! `MoveChosen`, `RematchRequested`) become the server's `roll`, `move` and `rematch`. A
//! dropped connection comes back by itself with the seat's token.

use bevy::prelude::*;
use ludo_proto::{Refusal, RoomView, TableSpec};

mod room;
mod socket;

pub use room::LeftTable;

/// What this device asks of the online side (from the windows or the command line).
#[derive(Message, Clone, Debug, PartialEq)]
pub enum OnlineRequest {
    /// Open a room on `server` (`ws://HOST:PORT/ws`) and take its first open seat.
    Create {
        server: String,
        name: String,
        table: TableSpec,
    },
    /// Take a seat in room `code` (as typed: any case, dashes or spaces).
    Join {
        server: String,
        name: String,
        code: String,
    },
    /// The host starts the game with the seats taken.
    Start,
    /// Leave the room: the seat goes to the CPU (or, in the lobby, frees up), and this
    /// device's ticket for it is forgotten.
    Leave,
}

/// The online table this device is at; absent when it plays locally.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct Online {
    /// `ws://HOST:PORT/ws`.
    pub server: String,
    pub status: Status,
    /// The room's code, once joined.
    pub code: Option<String>,
    /// The invite path (`/r/CODE`), once joined.
    pub link: Option<String>,
    /// This device's seat (numbers close up when the game starts).
    pub seat: Option<u8>,
    /// The room as the server last showed it.
    pub room: Option<RoomView>,
    /// The last refusal worth showing (a stale or early request is not).
    pub problem: Option<Problem>,
    /// Events of the current game heard (the `at` of the next request), and its number.
    pub seq: u64,
    pub number: u32,
    /// The `at` of the last request sent, so a request goes once per position.
    sent_at: Option<u64>,
    /// This device's seat token (also kept in `OnlineMemory`).
    token: Option<String>,
    /// The request this connection was opened for, sent once it opens and kept until the
    /// server answers it.
    pending: Option<ludo_proto::ClientMsg>,
    /// Whether the server has said anything on the current connection.
    heard: bool,
    /// The hash of the die's seed as first heard, by game number; the last game kept among
    /// the past games.
    promised: Option<(u32, String)>,
    kept: Option<u32>,
}

/// The connection, as the player is told of it.
#[derive(Debug, Clone, PartialEq)]
pub enum Status {
    Connecting,
    Connected,
    /// Lost; trying again (the `attempt`th time) in `wait` seconds.
    Reconnecting {
        attempt: u32,
        wait: f32,
    },
    /// Given up: the player must choose what to do.
    Failed,
}

/// Why the online table is not going as asked, in words the windows translate.
#[derive(Debug, Clone, PartialEq)]
pub enum Problem {
    /// The server could not be reached (the detail is for the log).
    Unreachable(String),
    Refused(Refusal),
    /// A room code that is not a code (wrong length or letters).
    BadCode,
}

impl Online {
    fn new(server: &str, first: ludo_proto::ClientMsg) -> Online {
        Online {
            server: server.to_string(),
            status: Status::Connecting,
            code: match &first {
                ludo_proto::ClientMsg::Resume { code, .. } => Some(code.clone()),
                _ => None,
            },
            link: None,
            seat: None,
            room: None,
            problem: None,
            seq: 0,
            number: 0,
            sent_at: None,
            token: match &first {
                ludo_proto::ClientMsg::Resume { token, .. } => Some(token.clone()),
                _ => None,
            },
            pending: Some(first),
            heard: false,
            promised: None,
            kept: None,
        }
    }

    /// Whether this device's seat is the room's host (may start and rematch).
    pub fn is_host(&self) -> bool {
        matches!((&self.room, self.seat), (Some(room), Some(seat)) if room.host == seat)
    }
}

/// The address of the room server a page was served from (`ws://` or `wss://` as the page).
#[cfg(target_arch = "wasm32")]
pub fn page_server() -> Option<String> {
    let location = web_sys::window()?.location();
    let scheme = if location.protocol().ok()? == "https:" {
        "wss"
    } else {
        "ws"
    };
    Some(format!("{scheme}://{}/ws", location.host().ok()?))
}

pub(super) fn plugin(app: &mut App) {
    room::plugin(app);
}
