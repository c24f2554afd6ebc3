//! What only several nodes sharing a PostgreSQL store need: each room held by one node at an
//! epoch, each node under one lease. A node takes a new room's row, claims a room whose node
//! stopped renewing, renews its lease, sweeps rooms nobody came back for, tells where a room
//! is held, and lets go of its rooms when it stops. On one node (SQLite) there are no leases.

use std::sync::Arc;
use std::time::Duration;

use super::Claim;
use super::postgres::Postgres;

/// The leases of this node's rooms, in the shared database.
#[derive(Clone)]
pub struct Leases(pub(super) Arc<Postgres>);

impl Leases {
    /// A new room `code` (its table `json`) held by this node: its epoch, or `None` if the
    /// code is taken.
    pub async fn claim_new(&self, code: &str, json: &str) -> Result<Option<i64>, String> {
        self.0.claim_new(code, json).await
    }

    /// Takes room `code` if its lease ran out (or it is this node's), else says who holds it.
    pub async fn claim(&self, code: &str) -> Result<Claim, String> {
        self.0.claim(code).await
    }

    /// Renews this node's lease; when it had nearly run out, the rooms (and epochs) the node
    /// still holds (another may have taken some meanwhile).
    pub async fn renew(&self) -> Result<Option<Vec<(String, i64)>>, String> {
        self.0.renew().await
    }

    /// Ends the rooms whose node's lease ran out `ttl` ago (it died and nobody came back for
    /// them). How many ended.
    pub async fn sweep(&self, ttl: Duration) -> Result<u64, String> {
        self.0.sweep(ttl).await
    }

    /// Where the node holding room `code` is reached, if one holds it.
    pub async fn address_of(&self, code: &str) -> Result<Option<String>, String> {
        self.0.address_of(code).await
    }

    /// Where the other live nodes are reached.
    pub async fn other_nodes(&self) -> Result<Vec<String>, String> {
        self.0.other_nodes().await
    }

    /// Lets go of every room this node holds, at once (a clean shutdown). How many.
    pub async fn release(&self) -> Result<u64, String> {
        self.0.release().await
    }
}
