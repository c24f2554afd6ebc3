//! Several nodes sharing a PostgreSQL store: a node renews its lease, drops a room another
//! node has taken (its devices are sent there), and takes a room whose node stopped renewing
//! when a device asks for it.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use tokio::sync::mpsc;

use super::shared::Shared;
use crate::metrics::METRICS;
use crate::room::RoomMsg;
use crate::store::{Claim, Leases};

/// Where a room asked for by its code is.
pub enum Found {
    Here(mpsc::Sender<RoomMsg>),
    /// Another node holds it: the device goes there.
    Elsewhere(String),
    Missing,
    /// Its last node stopped in the middle of a write and the database has not let go of the
    /// room yet: the device asks again.
    Busy,
    Failed(String),
}

impl Shared {
    /// Room `code`: running here, held by another node, or (its lease ran out) taken by this
    /// one and brought back from its steps.
    pub async fn find(self: &Arc<Self>, code: &str) -> Found {
        if let Some(room) = self.rooms.get(code) {
            return Found::Here(room);
        }
        let Some(leases) = &self.leases else {
            return Found::Missing;
        };
        let lock = self.claims.of(code);
        let found = {
            let _one_at_a_time = lock.lock().await;
            self.claim(leases, code).await
        };
        self.claims.done(code, lock);
        found
    }

    /// Takes room `code` if its lease ran out, else says where it is; one claim of a room at
    /// a time.
    async fn claim(self: &Arc<Self>, leases: &Leases, code: &str) -> Found {
        if let Some(room) = self.rooms.get(code) {
            return Found::Here(room);
        }
        let claimed = {
            let _slot = self.claim_slots.acquire().await.expect("never closed");
            leases.claim(code).await
        };
        let outcome = match &claimed {
            Ok(Claim::Taken(_)) => "taken",
            Ok(Claim::Elsewhere { .. }) => "elsewhere",
            Ok(Claim::Missing) => "missing",
            Ok(Claim::Busy) => "busy",
            Err(_) => "failed",
        };
        METRICS.claims.with_label_values(&[outcome]).inc();
        match claimed {
            Ok(Claim::Taken(saved)) => {
                let epoch = saved.epoch;
                match self.revive(saved) {
                    Ok(room) => {
                        tracing::info!(room = %code, epoch, "room taken over");
                        Found::Here(room)
                    }
                    Err(e) => Found::Failed(format!("the room could not be brought back: {e}")),
                }
            }
            Ok(Claim::Elsewhere { address }) => Found::Elsewhere(address),
            Ok(Claim::Missing) => Found::Missing,
            Ok(Claim::Busy) => {
                tracing::warn!(room = %code, "the room's row is still held by its last node: the device asks again");
                Found::Busy
            }
            Err(e) => Found::Failed(e),
        }
    }
}

/// Renews this node's lease three times a lease; after a renewal that came late, a room this
/// node runs that the database no longer gives it (another node took it while this one was
/// paused) is told it is lost. Now and then, rooms nobody has held for a room's time to live
/// end.
pub async fn renew_leases(shared: Arc<Shared>, leases: Leases) {
    let every = shared.config.lease / 3;
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut ticks: u64 = 0;
    loop {
        // The tick's own time is when it was due: how late the renewal starts (a busy or
        // paused node).
        let due = tick.tick().await;
        METRICS.renewal_lag_seconds.observe(crate::metrics::secs(
            tokio::time::Instant::now().saturating_duration_since(due),
        ));
        ticks += 1;
        if ticks % 30 == 1 {
            match leases.sweep(shared.config.room_ttl).await {
                Ok(0) => {}
                Ok(n) => tracing::info!("{n} rooms nobody held for their time to live ended"),
                Err(e) => tracing::error!("the rooms nobody holds were not swept: {e}"),
            }
        }
        let asked = Instant::now();
        let renewed = leases.renew().await;
        let outcome = if renewed.is_ok() { "ok" } else { "failed" };
        METRICS.renewals.with_label_values(&[outcome]).inc();
        let held: HashMap<String, i64> = match renewed {
            Ok(None) => continue,
            Ok(Some(rows)) => rows.into_iter().collect(),
            Err(e) => {
                tracing::error!("the leases were not renewed: {e}");
                continue;
            }
        };
        for room in shared.rooms.lost(asked, &held) {
            let _ = room.send(RoomMsg::Lost).await;
        }
    }
}
