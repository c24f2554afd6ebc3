//! Tables at a room server, headless: the second source of moves. A socket to the server,
//! the room as the server last showed it, this device's seat, and two translations: the
//! server's events become the same `Happened` messages the local engine writes (checked on
//! the engine by `ludo_proto::Mirror` first), and this device's requests (`RollRequested`,
//! `MoveChosen`, `RematchRequested`) become the server's `roll`, `move` and `rematch`. A
//! dropped connection comes back by itself with the seat's token.

use bevy::prelude::*;
use ludo_proto::{Reaction, Refusal, RoomView, TableSpec};

pub mod leaderboard;
mod room;
mod session;
mod socket;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_muted_seats_reactions_are_not_shown() {
        let mut online = Online::new("ws://127.0.0.1:1/ws", ludo_proto::ClientMsg::Ping);
        assert!(online.shows_reactions_of(1));
        online.muted.push(1);
        assert!(!online.shows_reactions_of(1));
        assert!(online.shows_reactions_of(2));
    }
}

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
    /// Wait for a quick-play table of `seats` (2 or 4) on `server`.
    QuickPlay {
        server: String,
        name: String,
        seats: u8,
    },
    /// The host starts the game with the seats taken.
    Start,
    /// Leave the room: the seat goes to the CPU (or, in the lobby, frees up), and this
    /// device's ticket for it is forgotten.
    Leave,
    /// A preset reaction for the table, from this device's seat.
    React(Reaction),
    /// Shows or hides another seat's reactions for the rest of the game.
    Mute { seat: u8, muted: bool },
}

/// A seat's reaction, heard from the server (a muted seat's are not).
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct ReactionHeard {
    pub seat: u8,
    pub reaction: Reaction,
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
    /// Seats whose reactions this player does not want to see, for the current game.
    pub muted: Vec<u8>,
    /// Waiting for a quick-play table: its seats, and how many wait for one.
    pub queue: Option<(u8, u32)>,
    /// The node the server sent this device to (another server sharing its rooms), where it
    /// connects until a connection is lost; then it asks `server` again.
    node: Option<String>,
    /// This device's share of a game's dice: the game, its secret, and what was sent of it
    /// (0 nothing, 1 the promise, 2 the secret too).
    share: Option<(u32, [u8; 32], u8)>,
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
        let queue = match &first {
            ludo_proto::ClientMsg::QuickPlay { seats, .. } => Some((*seats, 1)),
            _ => None,
        };
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
            muted: Vec::new(),
            queue,
            node: None,
            share: None,
        }
    }

    /// Where the next connection goes: the node the room is on, if the server said so.
    fn address(&self) -> &str {
        self.node.as_deref().unwrap_or(&self.server)
    }

    /// Whether a reaction of `seat` is shown here: not this player's own echo muted, not a
    /// seat this player muted.
    pub fn shows_reactions_of(&self, seat: u8) -> bool {
        !self.muted.contains(&seat)
    }

    /// Whether the server has this device waiting for a quick-play table.
    pub fn waits_for_quick_play(&self) -> bool {
        self.queue.is_some() && self.status == Status::Connected
    }

    /// Whether this device may react: seated at a connected table.
    pub fn may_react(&self) -> bool {
        self.seat.is_some() && self.status == Status::Connected && self.room.is_some()
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
    leaderboard::plugin(app);
}
