//! A running server: the database opened, the node made (its rooms brought back on one
//! node, its leases renewed among several), quick play's work started and the edge serving
//! connections on the listener.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use crate::config::{Config, RESERVED_FILES};
use crate::edge::{door, http};
use crate::metrics::METRICS;
use crate::node::{Shared, quick_play, renew_leases};
use crate::room::RoomMsg;
use crate::secret;
use crate::store::{Node, Store};

/// How long a draining node waits for its devices to close once sent on.
const SOCKETS_CLOSE: Duration = Duration::from_secs(2);

pub struct Server {
    pub addr: SocketAddr,
    /// Where `/metrics` is served, if it is.
    pub metrics_addr: Option<SocketAddr>,
    task: tokio::task::JoinHandle<()>,
    /// Quick play's queue, looked over while the server runs.
    queue: tokio::task::JoinHandle<()>,
    /// Renewing this node's leases (several nodes).
    renewing: Option<tokio::task::JoinHandle<()>>,
    /// Serving `/metrics`, when asked.
    metrics: Option<tokio::task::JoinHandle<()>>,
    shared: Arc<Shared>,
    node: String,
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
        let node_id = secret::token()[..12].to_string();
        let node = Node {
            id: node_id.clone(),
            address: address.clone(),
            lease: config.lease,
        };
        let opened = Store::open(&config.store, node).await?;
        let shared = Arc::new(Shared::new(
            config,
            opened.store,
            opened.leases,
            opened.queue,
            address,
        ));
        let mut restored = 0;
        for saved in opened.rooms {
            let code = saved.code.clone();
            match shared.revive(saved) {
                Ok(_) => restored += 1,
                Err(e) => tracing::error!(room = %code, "room kept but not opened: {e}"),
            }
        }
        if restored > 0 {
            tracing::info!("{restored} rooms brought back from the database");
        }
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
        let (metrics, metrics_addr) = match shared.config.metrics_addr {
            Some(at) => {
                let listener = tokio::net::TcpListener::bind(at)
                    .await
                    .map_err(|e| format!("cannot serve the metrics on {at}: {e}"))?;
                let bound = listener.local_addr().map_err(|e| e.to_string())?;
                let router = http::metrics_router(shared.clone());
                let task = tokio::spawn(async move {
                    let _ = axum::serve(listener, router).await;
                });
                (Some(task), Some(bound))
            }
            None => (None, None),
        };
        METRICS.ready.set(1);
        let app = http::router(shared.clone());
        let queue = tokio::spawn(quick_play(shared.clone()));
        let renewing = shared
            .leases
            .clone()
            .map(|leases| tokio::spawn(renew_leases(shared.clone(), leases)));
        let task = tokio::spawn(door::serve(listener, app, limits));
        Ok(Server {
            addr: local,
            metrics_addr,
            task,
            queue,
            renewing,
            metrics,
            shared,
            node: node_id,
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
        if let Some(metrics) = self.metrics {
            metrics.abort();
        }
        if let Some(renewing) = self.renewing {
            renewing.abort();
        }
    }

    /// This node's name among the nodes (in the database and the logs).
    pub fn node(&self) -> &str {
        &self.node
    }

    /// A stop that nobody at a table notices: the node takes no new rooms (`/readyz` answers
    /// 503) for `notice`, so that the proxy in front stops sending devices here; then, among
    /// several nodes, it lets go of its rooms and sends each room's devices to another live
    /// node, which takes the room on from the database; it waits for its rooms to end, at
    /// most `bound`. On one node the rooms are in its database, and its devices come back when
    /// it starts again. How many rooms it handed on.
    pub async fn drain(self, notice: Duration, bound: Duration) -> Result<usize, String> {
        self.shared.draining.store(true, Ordering::Relaxed);
        METRICS.ready.set(0);
        tokio::time::sleep(notice).await;
        let Some(leases) = self.shared.leases.clone() else {
            self.stop();
            return Ok(0);
        };
        if let Some(renewing) = &self.renewing {
            renewing.abort();
        }
        self.queue.abort();
        let others = leases.other_nodes().await?;
        leases.release().await?;
        let rooms = self.shared.rooms.inboxes();
        let handed = rooms.len();
        // Spread over the other nodes, so that no one of them takes every room at once.
        if !others.is_empty() {
            for (i, room) in rooms.into_iter().enumerate() {
                let url = others[i % others.len()].clone();
                let _ = room.send(RoomMsg::Drain { url }).await;
            }
        }
        let until = tokio::time::Instant::now() + bound;
        while self.shared.rooms.len() > 0 && tokio::time::Instant::now() < until {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        // The devices read their `moved` and close; a process that exits first resets their
        // sockets with the message unread. Two seconds at most for that.
        let closing = (tokio::time::Instant::now() + SOCKETS_CLOSE).min(until);
        while METRICS.sockets.get() > 0 && tokio::time::Instant::now() < closing {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        self.task.abort();
        Ok(handed)
    }

    /// How many wait for quick play now.
    pub fn waiting(&self) -> usize {
        self.shared.queue.len()
    }
}
