//! The device's place at online tables: the player's name, the server's profile key (for
//! ratings), the server last used, and a seat ticket (room code and token) for each room
//! joined, so closing the game and opening it again returns to the seat. Kept in
//! `online.ron` in the data folder (the page's storage in the browser), versioned like the
//! save, written atomically, moved aside (never deleted) when unreadable.

use std::path::Path;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::files::resume::DataDir;
use crate::files::saved::{Notice, load_versioned, save};
use crate::table::GameSet;

/// The format this build writes and reads.
pub const ONLINE_VERSION: u32 = 1;
const ONLINE_FILE: &str = "online.ron";
/// Tickets kept, newest last.
const TICKETS_KEPT: usize = 8;

#[derive(Resource, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OnlineMemory {
    pub version: u32,
    /// The name this device plays under.
    #[serde(default)]
    pub name: String,
    /// The server's key for this player, from the first room joined.
    #[serde(default)]
    pub profile: Option<String>,
    /// The server last used (`ws://HOST:PORT/ws`).
    #[serde(default)]
    pub server: Option<String>,
    #[serde(default)]
    pub tickets: Vec<SeatTicket>,
}

/// A seat taken at a room of a server: the token brings this device back to it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatTicket {
    pub server: String,
    pub code: String,
    pub token: String,
}

impl Default for OnlineMemory {
    fn default() -> Self {
        OnlineMemory {
            version: ONLINE_VERSION,
            name: String::new(),
            profile: None,
            server: None,
            tickets: Vec::new(),
        }
    }
}

impl OnlineMemory {
    /// The ticket for room `code` of `server`, if this device sat there.
    pub fn ticket(&self, server: &str, code: &str) -> Option<&SeatTicket> {
        self.tickets
            .iter()
            .rev()
            .find(|t| t.server == server && t.code == code)
    }

    /// The newest ticket (the room to offer going back to).
    pub fn last_ticket(&self) -> Option<&SeatTicket> {
        self.tickets.last()
    }

    /// Keeps a new ticket (replacing one for the same room), dropping the oldest past a few.
    pub fn remember(&mut self, ticket: SeatTicket) {
        self.tickets
            .retain(|t| !(t.server == ticket.server && t.code == ticket.code));
        self.tickets.push(ticket);
        let extra = self.tickets.len().saturating_sub(TICKETS_KEPT);
        self.tickets.drain(..extra);
    }

    /// Forgets the seat at a room (left, or the server no longer knows it).
    pub fn forget(&mut self, server: &str, code: &str) {
        self.tickets
            .retain(|t| !(t.server == server && t.code == code));
    }

    fn check(&self) -> Result<(), String> {
        if self
            .tickets
            .iter()
            .any(|t| t.token.is_empty() || t.code.is_empty())
        {
            return Err("a seat ticket without a code or token".into());
        }
        Ok(())
    }
}

/// Reads `online.ron` in `dir`; `Ok(None)` when there is none yet.
pub fn load_online(dir: &Path) -> Result<Option<OnlineMemory>, String> {
    load_versioned(
        &dir.join(ONLINE_FILE),
        ONLINE_VERSION,
        "starting with no online seats",
        OnlineMemory::check,
    )
}

pub fn save_online(dir: &Path, memory: &OnlineMemory) -> Result<(), String> {
    save(dir, ONLINE_FILE, memory)
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OnlineMemory>()
        .add_systems(Update, remember.in_set(GameSet::React));
}

/// Writes the file when a ticket, the name or the server changed.
fn remember(memory: Res<OnlineMemory>, dir: Option<Res<DataDir>>, mut notice: ResMut<Notice>) {
    if !memory.is_changed() || memory.is_added() {
        return;
    }
    if let Some(dir) = dir.as_ref().and_then(|d| d.0.as_ref())
        && let Err(e) = save_online(dir, &memory)
    {
        warn!("could not remember the online seat: {e}");
        notice.say(format!("Could not remember the online seat: {e}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tickets_are_kept_per_room_newest_last_and_a_few_only() {
        let mut m = OnlineMemory::default();
        let t = |code: &str, token: &str| SeatTicket {
            server: "ws://a/ws".into(),
            code: code.into(),
            token: token.into(),
        };
        m.remember(t("AAAA", "1"));
        m.remember(t("BBBB", "2"));
        m.remember(t("AAAA", "3"));
        assert_eq!(m.ticket("ws://a/ws", "AAAA").unwrap().token, "3");
        assert_eq!(m.last_ticket().unwrap().code, "AAAA");
        assert!(m.ticket("ws://b/ws", "AAAA").is_none());
        for i in 0..20 {
            m.remember(t(&format!("C{i}"), "x"));
        }
        assert_eq!(m.tickets.len(), TICKETS_KEPT);
        m.forget("ws://a/ws", "C19");
        assert!(m.ticket("ws://a/ws", "C19").is_none());
    }
}
