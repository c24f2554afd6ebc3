//! The node: what every room and connection of this server shares (its configuration, the
//! database and, when several nodes share it, the leases; the live rooms; quick play's queue),
//! and the rooms it opens and brings back.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64};

use ludo_proto::{Refusal, TableSpec};
use tokio::sync::mpsc;

use super::registry::{Claims, Held, Rooms};
use crate::config::Config;
use crate::quick::Queue;
use crate::room::{Host, Room, RoomMsg, RoomSetup, Table};
use crate::secret;
use crate::store::{Leases, SavedRoom, SharedQueue, Store};

/// How many claims a node makes at the database at once (its pool has 16 connections).
const CLAIM_SLOTS: usize = 8;

pub struct Shared {
    pub config: Config,
    pub store: Store,
    /// When several nodes share the database: this node's rooms are held under leases.
    pub leases: Option<Leases>,
    pub rooms: Rooms,
    /// This node as others send devices to it.
    pub address: String,
    /// The claims under way, one at a time a room.
    pub claims: Claims,
    /// Claims at the database at once: at most half its connections, so that devices
    /// crowding in for a dead node's rooms never hold up the writes of the live ones.
    pub claim_slots: tokio::sync::Semaphore,
    pub next_conn: AtomicU64,
    /// People waiting for quick play here.
    pub queue: Queue,
    /// When several nodes share the database: every node's people waiting for quick play.
    pub shared_queue: Option<SharedQueue>,
    /// The node stops: it takes no new rooms (`/readyz` says 503) and hands its rooms on.
    pub draining: AtomicBool,
}

impl Host for Shared {
    fn store(&self) -> &Store {
        &self.store
    }

    fn leases(&self) -> Option<&Leases> {
        self.leases.as_ref()
    }

    fn address(&self) -> &str {
        &self.address
    }

    fn forget(&self, code: &str, epoch: i64) {
        self.rooms.remove(code, epoch);
    }
}

impl Shared {
    pub fn new(
        config: Config,
        store: Store,
        leases: Option<Leases>,
        shared_queue: Option<SharedQueue>,
        address: String,
    ) -> Shared {
        Shared {
            config,
            store,
            leases,
            shared_queue,
            address,
            claims: Claims::default(),
            claim_slots: tokio::sync::Semaphore::new(CLAIM_SLOTS),
            rooms: Rooms::default(),
            next_conn: AtomicU64::new(1),
            queue: Queue::default(),
            draining: AtomicBool::new(false),
        }
    }

    fn setup(&self) -> RoomSetup {
        RoomSetup {
            cpu_pace: self.config.cpu_pace,
            away_grace: self.config.away_grace,
            room_ttl: self.config.room_ttl,
            fixed_seed: self.config.fixed_seed,
        }
    }

    fn spawn(self: &Arc<Self>, room: Room, code: String, epoch: i64) -> mpsc::Sender<RoomMsg> {
        let (tx, rx) = mpsc::channel(64);
        let held = Held {
            inbox: tx.clone(),
            epoch,
            since: std::time::Instant::now(),
        };
        self.rooms.insert(code, held);
        tokio::spawn(room.run(rx));
        tx
    }

    /// A room brought back from the database (at a start, or claimed from another node).
    pub fn revive(self: &Arc<Self>, saved: SavedRoom) -> Result<mpsc::Sender<RoomMsg>, String> {
        let table: Table = serde_json::from_str(&saved.json).map_err(|e| e.to_string())?;
        let steps = table
            .game
            .as_ref()
            .and_then(|g| saved.steps.get(&g.number))
            .map_or(&[][..], |s| &s[..]);
        let room = Room::new(self.clone(), self.setup(), table, steps, saved.epoch)?;
        Ok(self.spawn(room, saved.code, saved.epoch))
    }

    /// A new room in its lobby; a quick-play one starts by itself.
    pub async fn open_room(
        self: &Arc<Self>,
        spec: TableSpec,
        quick: bool,
    ) -> Result<mpsc::Sender<RoomMsg>, (Refusal, String)> {
        if self.draining.load(std::sync::atomic::Ordering::Relaxed) {
            return Err((
                Refusal::Busy,
                "this node is stopping: ask again in a moment".into(),
            ));
        }
        if self.rooms.len() >= self.config.max_rooms {
            return Err((
                Refusal::Full,
                "the server holds as many rooms as it takes".into(),
            ));
        }
        let db = |e: String| (Refusal::Full, format!("the server's database failed: {e}"));
        let (table, epoch) = loop {
            let code = secret::room_code();
            if self.rooms.get(&code).is_some() {
                continue;
            }
            let mut table =
                Table::new(code.clone(), spec.clone()).map_err(|e| (Refusal::BadTable, e))?;
            table.quick = quick;
            let Some(leases) = &self.leases else {
                break (table, 0);
            };
            // Another node may hold a room of that code.
            let json = serde_json::to_string(&table).expect("a table serializes");
            if let Some(epoch) = leases.claim_new(&code, &json).await.map_err(db)? {
                break (table, epoch);
            }
        };
        self.run_new(table, epoch)
            .map_err(|e| (Refusal::BadTable, e))
    }

    /// Runs a new room whose row (on PostgreSQL) is written at `epoch`.
    pub fn run_new(
        self: &Arc<Self>,
        table: Table,
        epoch: i64,
    ) -> Result<mpsc::Sender<RoomMsg>, String> {
        let code = table.code.clone();
        let room = Room::new(self.clone(), self.setup(), table, &[], epoch)?;
        tracing::info!(room = %code, "room created");
        Ok(self.spawn(room, code, epoch))
    }
}
