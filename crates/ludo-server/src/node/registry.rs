//! The live rooms a node runs, by code (each with the epoch it holds the room at), and the
//! claims under way: one at a time a room.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use tokio::sync::mpsc;

use crate::room::RoomMsg;

/// A live room: its inbox, the epoch this node holds it at, and since when.
pub struct Held {
    pub inbox: mpsc::Sender<RoomMsg>,
    pub epoch: i64,
    pub since: Instant,
}

/// The live rooms by code.
#[derive(Default)]
pub struct Rooms(Mutex<HashMap<String, Held>>);

impl Rooms {
    pub fn get(&self, code: &str) -> Option<mpsc::Sender<RoomMsg>> {
        self.0
            .lock()
            .expect("not poisoned")
            .get(code)
            .map(|h| h.inbox.clone())
    }

    pub fn insert(&self, code: String, held: Held) {
        self.0.lock().expect("not poisoned").insert(code, held);
    }

    /// Forgets room `code` if it is still the one held at `epoch`.
    pub fn remove(&self, code: &str, epoch: i64) {
        let mut rooms = self.0.lock().expect("not poisoned");
        if rooms.get(code).is_some_and(|h| h.epoch == epoch) {
            rooms.remove(code);
        }
    }

    pub fn len(&self) -> usize {
        self.0.lock().expect("not poisoned").len()
    }

    /// Every live room's inbox.
    pub fn inboxes(&self) -> Vec<mpsc::Sender<RoomMsg>> {
        let rooms = self.0.lock().expect("not poisoned");
        rooms.values().map(|h| h.inbox.clone()).collect()
    }

    /// The inboxes of the rooms held since before `asked` that `held` (code → epoch, what the
    /// database says this node holds) does not list at their epoch: rooms another node took.
    pub fn lost(&self, asked: Instant, held: &HashMap<String, i64>) -> Vec<mpsc::Sender<RoomMsg>> {
        self.0
            .lock()
            .expect("not poisoned")
            .iter()
            .filter(|(code, h)| h.since < asked && held.get(*code) != Some(&h.epoch))
            .map(|(_, h)| h.inbox.clone())
            .collect()
    }
}

/// The claims under way on this node, one lock a room: two devices asking for the same room
/// at once do not each take it (the second would fence the first), and a claim that waits
/// for the database holds up no claim of another room.
#[derive(Default)]
pub struct Claims(Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>);

impl Claims {
    /// The lock of room `code`'s claims.
    pub fn of(&self, code: &str) -> Arc<tokio::sync::Mutex<()>> {
        let mut claims = self.0.lock().expect("not poisoned");
        claims.entry(code.to_string()).or_default().clone()
    }

    /// Done with `lock`, room `code`'s: forgotten when nobody else waits on it.
    pub fn done(&self, code: &str, lock: Arc<tokio::sync::Mutex<()>>) {
        let mut claims = self.0.lock().expect("not poisoned");
        // Here: the map's and this one.
        if Arc::strong_count(&lock) <= 2 {
            claims.remove(code);
        }
    }
}
