//! A running server: the database opened, the node made (its rooms brought back on one
//! node, its leases renewed among several), quick play's work started and the edge serving
//! connections on the listener.

use std::net::SocketAddr;
use std::sync::Arc;

use crate::config::{Config, RESERVED_FILES};
use crate::edge::{door, http};
use crate::node::{Shared, quick_play, renew_leases};
use crate::secret;
use crate::store::{Node, Store};

pub struct Server {
    pub addr: SocketAddr,
    task: tokio::task::JoinHandle<()>,
    /// Quick play's queue, looked over while the server runs.
    queue: tokio::task::JoinHandle<()>,
    /// Renewing this node's leases (several nodes).
    renewing: Option<tokio::task::JoinHandle<()>>,
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
        let node = Node {
            id: secret::token()[..12].to_string(),
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
        let app = http::router(shared.clone());
        let queue = tokio::spawn(quick_play(shared.clone()));
        let renewing = shared
            .leases
            .clone()
            .map(|leases| tokio::spawn(renew_leases(shared.clone(), leases)));
        let task = tokio::spawn(door::serve(listener, app, limits));
        Ok(Server {
            addr: local,
            task,
            queue,
            renewing,
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
        if let Some(renewing) = self.renewing {
            renewing.abort();
        }
    }

    /// A clean shutdown: stops renewing and lets go of this node's rooms at once, so that
    /// other nodes take them without waiting for the leases to run out. The number let go.
    pub async fn release(self) -> Result<u64, String> {
        if let Some(renewing) = &self.renewing {
            renewing.abort();
        }
        self.task.abort();
        self.queue.abort();
        match &self.shared.leases {
            Some(leases) => leases.release().await,
            None => Ok(0),
        }
    }

    /// How many wait for quick play now.
    pub fn waiting(&self) -> usize {
        self.shared.queue.len()
    }
}
