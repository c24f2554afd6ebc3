//! # ludo-server
//!
//! The room server: friends at one table from their own devices. Rooms are actors (one task
//! each, `room`), reached through a registry by their code; connections (`conn`) speak
//! `ludo-proto` over WebSocket; the database (`store`) keeps profiles, ratings, finished games
//! and every live room, so rooms survive a restart. On PostgreSQL several servers (nodes)
//! share the database: each room is one node's at a time (`cluster`), and a device that asks
//! another node is sent to it. The rules are `ludo-core`'s: nothing here
//! restates one. The same server hands out the browser build (`http`).

mod cluster;
mod conn;
mod door;
mod http;
mod leaderboard;
mod quick;
mod room;
mod secret;
mod store;
mod table;

pub mod client;
pub mod scratch_postgres;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use ludo_proto::{Refusal, TableSpec};
use tokio::sync::mpsc;

pub use store::{
    Claim, IDLE_IN_TRANSACTION, LOCK_WAIT, Node, Place, Profile, RatingChange, STATEMENT,
    SavedRoom, Store, StoreError, Write, session_options,
};

use room::{Room, RoomMsg};
use table::Table;

/// How a server runs. `Config::default()` is what `ludo-server` runs with unless told.
#[derive(Clone, Debug)]
pub struct Config {
    /// The SQLite database, unless `postgres` is given.
    pub db: PathBuf,
    /// A PostgreSQL server (`postgres://…`) shared with other nodes, instead of `db`.
    pub postgres: Option<String>,
    /// Where devices reach this node (`ws://HOST:PORT/ws`) when another node sends them here;
    /// by default the address it listens on.
    pub public_address: Option<String>,
    /// How long a room stays a node's without the node renewing its lease (PostgreSQL only).
    pub lease: Duration,
    /// The browser build to serve (`web/dist`), if any.
    pub web: Option<PathBuf>,
    /// How long a CPU waits before each step, so people can follow it.
    pub cpu_pace: Duration,
    /// How long a person may be away before the CPU plays for them.
    pub away_grace: Duration,
    /// How often a connection is pinged; one silent for two intervals is closed.
    pub ping_interval: Duration,
    /// How long a room with nobody in it lives on.
    pub room_ttl: Duration,
    /// The most rooms one server holds.
    pub max_rooms: usize,
    /// Messages a second one connection may send, and at once.
    pub rate: f64,
    pub burst: f64,
    /// The time a connection has to send each request's head (the WebSocket upgrade's too),
    /// and an idle HTTP connection before it is closed.
    pub header_timeout: Duration,
    /// The most connections open at once; by default the process's open-file limit less
    /// `RESERVED_FILES`.
    pub max_connections: Option<usize>,
    /// The most connections open at once from one client address.
    pub max_connections_per_addr: usize,
    /// Proxies in front of the server (a TLS proxy on loopback): their connections are not
    /// capped by address, since every client behind one has its address.
    pub proxies: Vec<std::net::IpAddr>,
    /// Tests only: every game's dice from this seed (and the game's number), not a secret one.
    pub fixed_seed: Option<u64>,
    /// How long a person waits for quick play before the open seats go to CPUs.
    pub quick_wait: Duration,
}

/// Files kept free of connections: the database, the browser build's files, the log.
pub const RESERVED_FILES: usize = 64;

impl Default for Config {
    fn default() -> Self {
        Config {
            db: default_db(),
            postgres: None,
            public_address: None,
            lease: Duration::from_secs(10),
            web: None,
            cpu_pace: Duration::from_millis(700),
            away_grace: Duration::from_secs(3),
            ping_interval: Duration::from_secs(20),
            room_ttl: Duration::from_secs(30 * 60),
            max_rooms: 20_000,
            rate: 20.0,
            burst: 40.0,
            header_timeout: Duration::from_secs(5),
            max_connections: None,
            max_connections_per_addr: 64,
            proxies: vec![
                std::net::Ipv4Addr::LOCALHOST.into(),
                std::net::Ipv6Addr::LOCALHOST.into(),
            ],
            fixed_seed: None,
            quick_wait: Duration::from_secs(20),
        }
    }
}

/// `$XDG_DATA_HOME/ludo/server.sqlite`, else `~/.local/share/ludo/server.sqlite`.
pub fn default_db() -> PathBuf {
    let data = std::env::var_os("XDG_DATA_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .unwrap_or_else(|| PathBuf::from("."));
    data.join("ludo").join("server.sqlite")
}

/// What every room and connection shares.
pub struct Shared {
    config: Config,
    store: Store,
    rooms: Rooms,
    /// This node as others send devices to it.
    address: String,
    /// The claims under way, one at a time a room.
    claims: cluster::Claims,
    next_conn: AtomicU64,
    /// People waiting for quick play.
    queue: quick::Queue,
}

/// A live room: its inbox, the epoch this node holds it at, and since when.
struct Held {
    inbox: mpsc::Sender<RoomMsg>,
    epoch: i64,
    since: std::time::Instant,
}

/// The live rooms by code.
#[derive(Default)]
struct Rooms(Mutex<HashMap<String, Held>>);

impl Rooms {
    fn get(&self, code: &str) -> Option<mpsc::Sender<RoomMsg>> {
        self.0
            .lock()
            .expect("not poisoned")
            .get(code)
            .map(|h| h.inbox.clone())
    }
    /// Forgets room `code` if it is still the one held at `epoch`.
    fn remove(&self, code: &str, epoch: i64) {
        let mut rooms = self.0.lock().expect("not poisoned");
        if rooms.get(code).is_some_and(|h| h.epoch == epoch) {
            rooms.remove(code);
        }
    }
    fn len(&self) -> usize {
        self.0.lock().expect("not poisoned").len()
    }
}

impl Shared {
    fn spawn(self: &Arc<Self>, room: Room, code: String, epoch: i64) -> mpsc::Sender<RoomMsg> {
        let (tx, rx) = mpsc::channel(64);
        let held = Held {
            inbox: tx.clone(),
            epoch,
            since: std::time::Instant::now(),
        };
        self.rooms
            .0
            .lock()
            .expect("not poisoned")
            .insert(code, held);
        tokio::spawn(room.run(rx));
        tx
    }

    /// A room brought back from the database (at a start, or claimed from another node).
    fn revive(self: &Arc<Self>, saved: store::SavedRoom) -> Result<mpsc::Sender<RoomMsg>, String> {
        let table: Table = serde_json::from_str(&saved.json).map_err(|e| e.to_string())?;
        let steps = table
            .game
            .as_ref()
            .and_then(|g| saved.steps.get(&g.number))
            .map_or(&[][..], |s| &s[..]);
        let room = Room::new(self.clone(), table, steps, saved.epoch)?;
        Ok(self.spawn(room, saved.code, saved.epoch))
    }

    /// A new room in its lobby.
    async fn create_room(
        self: &Arc<Self>,
        spec: TableSpec,
    ) -> Result<mpsc::Sender<RoomMsg>, (Refusal, String)> {
        self.open_room(spec, false).await
    }

    /// A new room in its lobby; a quick-play one starts by itself.
    async fn open_room(
        self: &Arc<Self>,
        spec: TableSpec,
        quick: bool,
    ) -> Result<mpsc::Sender<RoomMsg>, (Refusal, String)> {
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
            let json = serde_json::to_string(&table).expect("a table serializes");
            // Another node may hold a room of that code.
            if let Some(epoch) = self.store.claim_new(&code, &json).await.map_err(db)? {
                break (table, epoch);
            }
        };
        let code = table.code.clone();
        let room =
            Room::new(self.clone(), table, &[], epoch).map_err(|e| (Refusal::BadTable, e))?;
        tracing::info!(room = %code, "room created");
        Ok(self.spawn(room, code, epoch))
    }
}

/// A running server.
pub struct Server {
    pub addr: SocketAddr,
    task: tokio::task::JoinHandle<()>,
    /// Quick play's queue, looked over while the server runs.
    queue: tokio::task::JoinHandle<()>,
    /// Renewing this node's leases (PostgreSQL).
    leases: Option<tokio::task::JoinHandle<()>>,
    shared: Arc<Shared>,
}

impl Server {
    /// Opens the database, brings back the rooms it holds, and serves on `listener`.
    pub async fn start(
        config: Config,
        listener: tokio::net::TcpListener,
    ) -> Result<Server, String> {
        let local = listener.local_addr().map_err(|e| e.to_string())?;
        let address = config
            .public_address
            .clone()
            .unwrap_or_else(|| format!("ws://{local}/ws"));
        let place = match &config.postgres {
            Some(url) => Place::Postgres(url.clone()),
            None => Place::Sqlite(config.db.clone()),
        };
        let node = store::Node {
            id: secret::token()[..12].to_string(),
            address: address.clone(),
            lease: config.lease,
        };
        let store = Store::open(&place, Some(node)).await?;
        let shared = Arc::new(Shared {
            config,
            store,
            address,
            claims: cluster::Claims::default(),
            rooms: Rooms::default(),
            next_conn: AtomicU64::new(1),
            queue: quick::Queue::default(),
        });
        let mut restored = 0;
        for saved in shared.store.rooms()? {
            let code = saved.code.clone();
            match shared.revive(saved) {
                Ok(_) => restored += 1,
                Err(e) => tracing::error!(room = %code, "room kept but not opened: {e}"),
            }
        }
        if restored > 0 {
            tracing::info!("{restored} rooms brought back from the database");
        }
        let addr = local;
        let files = door::open_file_limit();
        let limits = door::Limits {
            total: shared.config.max_connections.unwrap_or_else(|| {
                files.map_or(1024, |f| f.saturating_sub(RESERVED_FILES).max(16))
            }),
            per_addr: shared.config.max_connections_per_addr,
            proxies: shared.config.proxies.clone(),
            header_timeout: shared.config.header_timeout,
        };
        tracing::info!(
            "open files at most {}; connections at most {} ({} from one address, proxies {:?} aside), {} ms for a request's head",
            files.map_or("unknown".into(), |f| f.to_string()),
            limits.total,
            limits.per_addr,
            limits.proxies,
            limits.header_timeout.as_millis()
        );
        let app = http::router(shared.clone());
        let queue = tokio::spawn(quick::run(shared.clone()));
        let leases = shared
            .store
            .shared()
            .then(|| tokio::spawn(cluster::renew_leases(shared.clone())));
        let task = tokio::spawn(door::serve(listener, app, limits));
        Ok(Server {
            addr,
            task,
            queue,
            leases,
            shared,
        })
    }

    /// The rooms this server holds now.
    pub fn rooms(&self) -> usize {
        self.shared.rooms.len()
    }

    pub fn store(&self) -> &Store {
        &self.shared.store
    }

    /// Stops accepting connections (the tests' way to end a server).
    pub fn stop(self) {
        self.task.abort();
        self.queue.abort();
        if let Some(leases) = self.leases {
            leases.abort();
        }
    }

    /// A clean shutdown: stops renewing and lets go of this node's rooms at once, so that
    /// other nodes take them without waiting for the leases to run out. The number let go.
    pub async fn release(self) -> Result<u64, String> {
        if let Some(leases) = &self.leases {
            leases.abort();
        }
        self.task.abort();
        self.queue.abort();
        self.shared.store.release().await
    }

    /// How many wait for quick play now.
    pub fn waiting(&self) -> usize {
        self.shared.queue.len()
    }
}
