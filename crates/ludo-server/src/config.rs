//! How a server runs: `Config`, what `ludo-server`'s command line sets (`main.rs`), with the
//! defaults it runs with unless told.

use std::path::PathBuf;
use std::time::Duration;

use crate::store::Place;

/// How a server runs. `Config::default()` is what `ludo-server` runs with unless told.
#[derive(Clone, Debug)]
pub struct Config {
    /// The database: a SQLite file (one node), or a PostgreSQL server shared with other
    /// nodes.
    pub store: Place,
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
    /// Where `/metrics` is served, if anywhere (not the game's address: the figures are for
    /// the host's monitoring, not the internet).
    pub metrics_addr: Option<std::net::SocketAddr>,
}

/// Files kept free of connections: the database, the browser build's files, the log.
pub const RESERVED_FILES: usize = 64;

impl Default for Config {
    fn default() -> Self {
        Config {
            store: Place::Sqlite(default_db()),
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
            metrics_addr: None,
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
