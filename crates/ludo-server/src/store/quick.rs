//! Quick play's queue when several nodes share PostgreSQL: each node keeps its waiting
//! people as rows (`quick_waiting`), and one node at a time (an advisory lock) matches every
//! node's people together, opens the rooms on itself in the same transaction, and leaves a
//! row (`quick_seated`) for each person of another node, who is sent there. People of a node
//! whose lease ran out are not matched (their devices ask again elsewhere).

use std::sync::Arc;
use std::time::Duration;

use ludo_proto::QUICK_PLAY_SEATS;

use super::now;
use super::postgres::{Postgres, failed};

/// Only one node matches at a time.
const QUICK_LOCK: i64 = 0x5175_6963;

/// A person waiting at some node, as the queue's rows say.
#[derive(Clone, Debug)]
pub struct Waiting {
    pub node: String,
    pub conn: u64,
    pub seats: u8,
    pub rating: f64,
    pub name: String,
    pub profile: i64,
    /// The hash of the token their node gave them: the seat they are matched to is theirs
    /// by it.
    pub token_hash: String,
    pub waited: Duration,
}

/// A table a match opens: the room's code and table, and the waiting people it seats (by
/// node and connection).
pub struct QuickTable {
    pub code: String,
    pub json: String,
    pub people: Vec<(String, u64)>,
}

/// A person of this node seated at another's table: their connection, the room and where it
/// is held.
pub struct SentOn {
    pub conn: u64,
    pub code: String,
    pub address: String,
}

/// The queue's rows in the shared database.
#[derive(Clone)]
pub struct SharedQueue(pub(super) Arc<Postgres>);

impl SharedQueue {
    /// This node's id, as the rows name it.
    pub fn node(&self) -> &str {
        &self.0.node.id
    }

    /// This node's people who began waiting.
    pub async fn join(&self, people: &[Waiting]) -> Result<(), String> {
        let c = self.0.client().await?;
        for w in people {
            c.execute(
                "INSERT INTO quick_waiting(node, conn, seats, rating, name, profile, token_hash) \
                 VALUES($1, $2, $3, $4, $5, $6, $7) ON CONFLICT(node, conn) DO UPDATE SET \
                 seats = excluded.seats, rating = excluded.rating, since = now()",
                &[
                    &self.0.node.id,
                    &(w.conn as i64),
                    &(w.seats as i16),
                    &w.rating,
                    &w.name,
                    &w.profile,
                    &w.token_hash,
                ],
            )
            .await
            .map_err(failed)?;
        }
        Ok(())
    }

    /// This node's people who stopped waiting (cancelled, or closed).
    pub async fn leave(&self, conns: &[u64]) -> Result<(), String> {
        let conns: Vec<i64> = conns.iter().map(|&c| c as i64).collect();
        let c = self.0.client().await?;
        c.execute(
            "DELETE FROM quick_waiting WHERE node = $1 AND conn = ANY($2)",
            &[&self.0.node.id, &conns],
        )
        .await
        .map_err(failed)?;
        Ok(())
    }

    /// This node's people another node seated since the last look (taken off the rows).
    pub async fn sent_on(&self) -> Result<Vec<SentOn>, String> {
        let c = self.0.client().await?;
        let rows = c
            .query(
                "DELETE FROM quick_seated WHERE node = $1 RETURNING conn, code, address",
                &[&self.0.node.id],
            )
            .await
            .map_err(failed)?;
        Ok(rows
            .iter()
            .map(|r| SentOn {
                conn: r.get::<_, i64>(0) as u64,
                code: r.get(1),
                address: r.get(2),
            })
            .collect())
    }

    /// How many wait for each size of table (`QUICK_PLAY_SEATS`), at every live node.
    pub async fn counts(&self) -> Result<[u32; QUICK_PLAY_SEATS.len()], String> {
        let c = self.0.client().await?;
        let rows = c
            .query(
                "SELECT seats, count(*) FROM quick_waiting w JOIN nodes n ON n.id = w.node \
                 WHERE n.lease_until >= now() GROUP BY seats",
                &[],
            )
            .await
            .map_err(failed)?;
        let mut counts = [0; QUICK_PLAY_SEATS.len()];
        for r in rows {
            let seats = r.get::<_, i16>(0) as u8;
            if let Some(i) = QUICK_PLAY_SEATS.iter().position(|&s| s == seats) {
                counts[i] = r.get::<_, i64>(1) as u32;
            }
        }
        Ok(counts)
    }

    /// One look over every live node's waiting people, if no other node is looking: `plan`
    /// says which tables to open; their rooms are written as this node's, their people taken
    /// off the queue and those of other nodes told, in one transaction. The tables opened,
    /// or `None` when another node holds the look.
    pub async fn round(
        &self,
        plan: impl FnOnce(Vec<Waiting>) -> Vec<QuickTable>,
    ) -> Result<Option<Vec<QuickTable>>, String> {
        let pg = &self.0;
        let mut c = pg.client().await?;
        let tx = c.transaction().await.map_err(failed)?;
        let leading: bool = tx
            .query_one("SELECT pg_try_advisory_xact_lock($1)", &[&QUICK_LOCK])
            .await
            .map_err(failed)?
            .get(0);
        if !leading {
            return Ok(None);
        }
        let rows = tx
            .query(
                "SELECT w.node, w.conn, w.seats, w.rating, w.name, w.profile, w.token_hash, \
                 extract(epoch FROM now() - w.since)::float8 \
                 FROM quick_waiting w JOIN nodes n ON n.id = w.node \
                 WHERE n.lease_until >= now() ORDER BY w.since, w.node, w.conn",
                &[],
            )
            .await
            .map_err(failed)?;
        let waiting: Vec<Waiting> = rows
            .iter()
            .map(|r| Waiting {
                node: r.get(0),
                conn: r.get::<_, i64>(1) as u64,
                seats: r.get::<_, i16>(2) as u8,
                rating: r.get(3),
                name: r.get(4),
                profile: r.get(5),
                token_hash: r.get(6),
                waited: Duration::from_secs_f64(r.get::<_, f64>(7).max(0.0)),
            })
            .collect();
        if waiting.is_empty() {
            return Ok(Some(Vec::new()));
        }
        let tables = plan(waiting);
        for t in &tables {
            let inserted = tx
                .execute(
                    "INSERT INTO rooms(code, room, updated, owner, epoch) \
                     VALUES($1, $2, $3, $4, 1) ON CONFLICT(code) DO NOTHING",
                    &[&t.code, &t.json, &now(), &pg.node.id],
                )
                .await
                .map_err(failed)?;
            if inserted == 0 {
                return Err(format!(
                    "room code {} is taken: matched again next look",
                    t.code
                ));
            }
            for (node, conn) in &t.people {
                tx.execute(
                    "DELETE FROM quick_waiting WHERE node = $1 AND conn = $2",
                    &[node, &(*conn as i64)],
                )
                .await
                .map_err(failed)?;
                if *node != pg.node.id {
                    tx.execute(
                        "INSERT INTO quick_seated(node, conn, code, address) \
                         VALUES($1, $2, $3, $4) ON CONFLICT(node, conn) DO UPDATE \
                         SET code = excluded.code, address = excluded.address",
                        &[node, &(*conn as i64), &t.code, &pg.node.address],
                    )
                    .await
                    .map_err(failed)?;
                }
            }
        }
        tx.commit().await.map_err(failed)?;
        Ok(Some(tables))
    }
}
