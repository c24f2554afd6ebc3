//! PostgreSQL, shared by several nodes. Each node renews one lease (its row in `nodes`); each
//! room has an owner and an epoch. A node claims a room whose owner's lease ran out (the
//! database's clock decides), and every write of a room holds the room's row at the epoch it
//! claimed: a node that lost the room writes nothing. Writes are committed in groups, as on
//! SQLite, by one task. Quick play's waiting people of every node are rows here too
//! (`quick`).

use std::collections::HashMap;
use std::time::Duration;

use deadpool_postgres::{Manager, Pool};
use tokio_postgres::NoTls;
use tokio_postgres::error::SqlState;

use super::{
    Claim, Job, Jobs, LEADERBOARD_MIN_GAMES, Leader, Node, Profile, SavedRoom, StoreError, Write,
    Writer, now, step_code, step_of, writer,
};

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS profiles(
    id BIGSERIAL PRIMARY KEY,
    key_hash TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL DEFAULT 0,
    wins BIGINT NOT NULL DEFAULT 0,
    created BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS nodes(
    id TEXT PRIMARY KEY,
    address TEXT NOT NULL,
    lease_until TIMESTAMPTZ NOT NULL DEFAULT now()
);
ALTER TABLE nodes ADD COLUMN IF NOT EXISTS lease_until TIMESTAMPTZ NOT NULL DEFAULT now();
CREATE TABLE IF NOT EXISTS rooms(
    code TEXT PRIMARY KEY,
    room TEXT NOT NULL,
    updated BIGINT NOT NULL,
    owner TEXT,
    epoch BIGINT NOT NULL DEFAULT 1
);
DROP INDEX IF EXISTS rooms_lease;
ALTER TABLE rooms DROP COLUMN IF EXISTS lease_until;
CREATE INDEX IF NOT EXISTS rooms_owner ON rooms(owner);
CREATE TABLE IF NOT EXISTS quick_waiting(
    node TEXT NOT NULL,
    conn BIGINT NOT NULL,
    seats SMALLINT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    name TEXT NOT NULL,
    profile BIGINT NOT NULL,
    token_hash TEXT NOT NULL,
    since TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY(node, conn)
);
CREATE TABLE IF NOT EXISTS quick_seated(
    node TEXT NOT NULL,
    conn BIGINT NOT NULL,
    code TEXT NOT NULL,
    address TEXT NOT NULL,
    made TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY(node, conn)
);
CREATE TABLE IF NOT EXISTS steps(
    code TEXT NOT NULL,
    game INTEGER NOT NULL,
    idx INTEGER NOT NULL,
    step SMALLINT NOT NULL,
    PRIMARY KEY(code, game, idx)
);
CREATE TABLE IF NOT EXISTS games(
    id BIGSERIAL PRIMARY KEY,
    code TEXT NOT NULL,
    number INTEGER NOT NULL,
    finished BIGINT NOT NULL,
    ranked BOOLEAN NOT NULL,
    record TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS games_code ON games(code, number);
";

/// Several nodes may start at once: the schema is made under this advisory lock.
const SCHEMA_LOCK: i64 = 0x4c75_646f;

/// The schema's version, kept in `ludo_schema`: a node whose database has it runs no DDL
/// (`CREATE INDEX IF NOT EXISTS` locks its table even when the index exists, and queued
/// behind one waiting write it would stall every node's writes to that table). Version 2
/// moved the leases from the rooms to the nodes and added quick play's queue: nodes of
/// version 1 stop before one of version 2 starts.
const SCHEMA_VERSION: i32 = 2;

/// How many times a node starting tries to make the schema when its locks are not had in
/// time (another node is making it, or a migration waits for running nodes).
const SCHEMA_TRIES: u32 = 5;

/// A batch that loses a deadlock (two nodes' finished games touching the same profiles), a
/// serialization check or a lock wait is tried again, whole, this many times.
const RETRIES: u32 = 3;

pub struct Postgres {
    pub(super) pool: Pool,
    pub(super) node: Node,
    pub(super) writer: Writer,
}

pub(super) fn failed(e: tokio_postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => format!("postgres: {} ({})", db.message(), db.code().code()),
        None => format!("postgres: {e}"),
    }
}

fn lease_secs(node: &Node) -> f64 {
    node.lease.as_secs_f64()
}

/// The schema's version in the database, read without locking any table of the game's (none
/// when the database is new or from before versions were kept).
async fn schema_version(c: &deadpool_postgres::Object) -> Result<Option<i32>, String> {
    match c.query_opt("SELECT version FROM ludo_schema", &[]).await {
        Ok(row) => Ok(row.map(|r| r.get(0))),
        Err(e) if e.code() == Some(&SqlState::UNDEFINED_TABLE) => Ok(None),
        Err(e) => Err(failed(e)),
    }
}

/// Makes or migrates the schema unless the database has this version: under an advisory lock
/// (nodes starting at once make it once), each lock waited for at most the sessions'
/// `LOCK_WAIT`, tried again a few times.
async fn make_schema(c: &mut deadpool_postgres::Object) -> Result<(), String> {
    for attempt in 1..=SCHEMA_TRIES {
        if schema_version(c).await? == Some(SCHEMA_VERSION) {
            return Ok(());
        }
        let tx = c.transaction().await.map_err(failed)?;
        let made = async move {
            tx.execute("SELECT pg_advisory_xact_lock($1)", &[&SCHEMA_LOCK])
                .await?;
            tx.batch_execute(SCHEMA).await?;
            tx.batch_execute(
                "CREATE TABLE IF NOT EXISTS ludo_schema(version INTEGER NOT NULL); \
                 DELETE FROM ludo_schema;",
            )
            .await?;
            tx.execute(
                "INSERT INTO ludo_schema(version) VALUES($1)",
                &[&SCHEMA_VERSION],
            )
            .await?;
            tx.commit().await
        }
        .await;
        match made {
            Ok(()) => return Ok(()),
            Err(e) if e.code() == Some(&SqlState::LOCK_NOT_AVAILABLE) && attempt < SCHEMA_TRIES => {
                tracing::warn!("the schema's locks were not had in time (try {attempt}); again");
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            Err(e) => return Err(failed(e)),
        }
    }
    Err("the schema's locks were not had in time".into())
}

impl Postgres {
    pub async fn open(url: &str, node: Node) -> Result<Postgres, String> {
        let mut config: tokio_postgres::Config = url.parse().map_err(|e| format!("{url}: {e}"))?;
        let options = format!(
            "{} {}",
            config.get_options().unwrap_or_default(),
            super::session_options()
        );
        config.options(options.trim());
        let manager = Manager::new(config, NoTls);
        let pool = Pool::builder(manager)
            .max_size(16)
            .wait_timeout(Some(Duration::from_secs(10)))
            .runtime(deadpool_postgres::Runtime::Tokio1)
            .build()
            .map_err(|e| e.to_string())?;
        {
            let mut c = pool.get().await.map_err(|e| format!("postgres: {e}"))?;
            make_schema(&mut c).await?;
            c.execute(
                "INSERT INTO nodes(id, address, lease_until) \
                 VALUES($1, $2, now() + make_interval(secs => $3)) \
                 ON CONFLICT(id) DO UPDATE SET address = excluded.address, \
                 lease_until = excluded.lease_until",
                &[&node.id, &node.address, &lease_secs(&node)],
            )
            .await
            .map_err(failed)?;
        }
        let (to_writer, jobs) = writer();
        tokio::spawn(write_loop(pool.clone(), node.id.clone(), jobs));
        Ok(Postgres {
            pool,
            node,
            writer: to_writer,
        })
    }

    pub(super) async fn client(&self) -> Result<deadpool_postgres::Object, String> {
        self.pool.get().await.map_err(|e| format!("postgres: {e}"))
    }

    async fn profile_where(
        &self,
        condition: &str,
        value: &(dyn tokio_postgres::types::ToSql + Sync),
    ) -> Result<Option<Profile>, String> {
        let sql = format!("SELECT id, name, rating, games FROM profiles WHERE {condition}");
        let c = self.client().await?;
        let row = c.query_opt(&sql, &[value]).await.map_err(failed)?;
        Ok(row.map(|r| Profile {
            id: r.get(0),
            name: r.get(1),
            rating: r.get(2),
            games: r.get(3),
        }))
    }

    pub async fn profile_by_key(&self, key_hash: &str) -> Result<Option<Profile>, String> {
        self.profile_where("key_hash = $1", &key_hash).await
    }

    pub async fn profile(&self, id: i64) -> Result<Option<Profile>, String> {
        self.profile_where("id = $1", &id).await
    }

    pub async fn leaders(&self, top: u32) -> Result<Vec<Leader>, String> {
        let c = self.client().await?;
        let rows = c
            .query(
                "SELECT id, name, rating, games, wins FROM profiles WHERE games >= $1 \
                 ORDER BY rating DESC, games DESC, id LIMIT $2",
                &[&LEADERBOARD_MIN_GAMES, &(top as i64)],
            )
            .await
            .map_err(failed)?;
        Ok(rows
            .iter()
            .enumerate()
            .map(|(i, r)| Leader {
                place: i as u32 + 1,
                id: r.get(0),
                name: r.get(1),
                rating: r.get(2),
                games: r.get(3),
                wins: r.get(4),
            })
            .collect())
    }

    pub async fn leader(&self, profile: i64) -> Result<Option<Leader>, String> {
        let c = self.client().await?;
        let row = c
            .query_opt(
                "SELECT p.id, p.name, p.rating, p.games, p.wins, \
                 (SELECT COUNT(*) FROM profiles o WHERE o.games >= $2 AND \
                  (o.rating > p.rating OR (o.rating = p.rating AND \
                   (o.games > p.games OR (o.games = p.games AND o.id < p.id))))) \
                 FROM profiles p WHERE p.id = $1 AND p.games >= $2",
                &[&profile, &LEADERBOARD_MIN_GAMES],
            )
            .await
            .map_err(failed)?;
        Ok(row.map(|r| Leader {
            id: r.get(0),
            name: r.get(1),
            rating: r.get(2),
            games: r.get(3),
            wins: r.get(4),
            place: r.get::<_, i64>(5) as u32 + 1,
        }))
    }

    pub async fn finished_games(&self, code: &str) -> Result<Vec<String>, String> {
        let c = self.client().await?;
        let rows = c
            .query(
                "SELECT record FROM games WHERE code = $1 ORDER BY id",
                &[&code],
            )
            .await
            .map_err(failed)?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    pub async fn finished_game(
        &self,
        code: &str,
        number: u32,
    ) -> Result<Option<(String, i64)>, String> {
        let c = self.client().await?;
        let row = c
            .query_opt(
                "SELECT record, finished FROM games WHERE code = $1 AND number = $2 \
                 ORDER BY id DESC LIMIT 1",
                &[&code, &(number as i32)],
            )
            .await
            .map_err(failed)?;
        Ok(row.map(|r| (r.get(0), r.get(1))))
    }

    pub async fn claim_new(&self, code: &str, json: &str) -> Result<Option<i64>, String> {
        let c = self.client().await?;
        let row = c
            .query_opt(
                "INSERT INTO rooms(code, room, updated, owner, epoch) \
                 VALUES($1, $2, $3, $4, 1) ON CONFLICT(code) DO NOTHING RETURNING epoch",
                &[&code, &json, &now(), &self.node.id],
            )
            .await
            .map_err(failed)?;
        Ok(row.map(|r| r.get(0)))
    }

    pub async fn claim(&self, code: &str) -> Result<Claim, String> {
        let mut c = self.client().await?;
        let tx = c.transaction().await.map_err(failed)?;
        // The row stays locked until the steps are read: the last owner's writes, if it is
        // still writing, land before (then they are read) or are refused (the epoch moved).
        // A last owner that stopped in the middle of a write holds the row until the
        // database ends its session; a claim waits at most `LOCK_WAIT` for it.
        let taken = match tx
            .query_opt(
                "UPDATE rooms r SET owner = $2, epoch = epoch + 1 \
                 WHERE code = $1 AND (owner = $2 OR owner IS NULL OR NOT EXISTS( \
                     SELECT 1 FROM nodes n WHERE n.id = r.owner AND n.lease_until >= now())) \
                 RETURNING epoch, room",
                &[&code, &self.node.id],
            )
            .await
        {
            Ok(taken) => taken,
            Err(e) if e.code() == Some(&SqlState::LOCK_NOT_AVAILABLE) => return Ok(Claim::Busy),
            Err(e) => return Err(failed(e)),
        };
        let Some(row) = taken else {
            let held = tx
                .query_opt(
                    "SELECT n.address FROM rooms r LEFT JOIN nodes n ON n.id = r.owner \
                     WHERE r.code = $1",
                    &[&code],
                )
                .await
                .map_err(failed)?;
            tx.commit().await.map_err(failed)?;
            return Ok(match held {
                None => Claim::Missing,
                Some(r) => match r.get::<_, Option<String>>(0) {
                    Some(address) => Claim::Elsewhere { address },
                    // Its node is gone from the table but its lease runs: ask again soon.
                    None => Claim::Elsewhere {
                        address: self.node.address.clone(),
                    },
                },
            });
        };
        let epoch: i64 = row.get(0);
        let json: String = row.get(1);
        let rows = tx
            .query(
                "SELECT game, step FROM steps WHERE code = $1 ORDER BY game, idx",
                &[&code],
            )
            .await
            .map_err(failed)?;
        tx.commit().await.map_err(failed)?;
        let mut steps: HashMap<u32, Vec<ludo_core::Step>> = HashMap::new();
        for r in rows {
            let game: i32 = r.get(0);
            let step: i16 = r.get(1);
            if let Some(step) = step_of(step as i64) {
                steps.entry(game as u32).or_default().push(step);
            }
        }
        Ok(Claim::Taken(SavedRoom {
            code: code.to_string(),
            json,
            steps,
            epoch,
        }))
    }

    /// Renews this node's lease: one row. When the lease had less than a third left (this
    /// node was paused, or the database slow), another node may have taken some of its rooms
    /// meanwhile: the rooms (and epochs) it still holds, to compare.
    pub async fn renew(&self) -> Result<Option<Vec<(String, i64)>>, String> {
        let mut c = self.client().await?;
        let tx = c.transaction().await.map_err(failed)?;
        let left: Option<f64> = tx
            .query_opt(
                "SELECT extract(epoch FROM lease_until - clock_timestamp())::float8 \
                 FROM nodes WHERE id = $1 FOR UPDATE",
                &[&self.node.id],
            )
            .await
            .map_err(failed)?
            .map(|r| r.get(0));
        tx.execute(
            "INSERT INTO nodes(id, address, lease_until) \
             VALUES($1, $2, clock_timestamp() + make_interval(secs => $3)) \
             ON CONFLICT(id) DO UPDATE SET lease_until = excluded.lease_until",
            &[&self.node.id, &self.node.address, &lease_secs(&self.node)],
        )
        .await
        .map_err(failed)?;
        let late = left.is_none_or(|left| left < lease_secs(&self.node) / 3.0);
        let held = if late {
            let rows = tx
                .query(
                    "SELECT code, epoch FROM rooms WHERE owner = $1",
                    &[&self.node.id],
                )
                .await
                .map_err(failed)?;
            Some(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
        } else {
            None
        };
        tx.commit().await.map_err(failed)?;
        Ok(held)
    }

    /// Ends the rooms whose node's lease ran out `ttl` ago (it died and nobody came back for
    /// them), forgets nodes gone a day that hold nothing, and the quick-play rows of nodes
    /// whose lease ran out (their people ask again elsewhere) or of people who left before
    /// their node heard they were seated (a minute on).
    pub async fn sweep(&self, ttl: Duration) -> Result<u64, String> {
        let mut c = self.client().await?;
        let tx = c.transaction().await.map_err(failed)?;
        let secs = ttl.as_secs_f64();
        let gone = tx
            .query(
                "DELETE FROM rooms WHERE owner IN (SELECT id FROM nodes \
                 WHERE lease_until < now() - make_interval(secs => $1)) RETURNING code",
                &[&secs],
            )
            .await
            .map_err(failed)?;
        let codes: Vec<String> = gone.iter().map(|r| r.get(0)).collect();
        if !codes.is_empty() {
            tx.execute("DELETE FROM steps WHERE code = ANY($1)", &[&codes])
                .await
                .map_err(failed)?;
        }
        tx.batch_execute(
            "DELETE FROM nodes n WHERE lease_until < now() - interval '1 day' \
                 AND NOT EXISTS(SELECT 1 FROM rooms r WHERE r.owner = n.id); \
             DELETE FROM quick_waiting WHERE node NOT IN \
                 (SELECT id FROM nodes WHERE lease_until >= now()); \
             DELETE FROM quick_seated WHERE made < now() - interval '1 minute' OR node NOT IN \
                 (SELECT id FROM nodes WHERE lease_until >= now());",
        )
        .await
        .map_err(failed)?;
        tx.commit().await.map_err(failed)?;
        Ok(codes.len() as u64)
    }

    pub async fn address_of(&self, code: &str) -> Result<Option<String>, String> {
        let c = self.client().await?;
        let row = c
            .query_opt(
                "SELECT n.address FROM rooms r JOIN nodes n ON n.id = r.owner WHERE r.code = $1",
                &[&code],
            )
            .await
            .map_err(failed)?;
        Ok(row.map(|r| r.get(0)))
    }

    pub async fn other_nodes(&self) -> Result<Vec<String>, String> {
        let c = self.client().await?;
        let rows = c
            .query(
                "SELECT address FROM nodes WHERE id <> $1 AND lease_until > clock_timestamp() \
                 ORDER BY address",
                &[&self.node.id],
            )
            .await
            .map_err(failed)?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    /// Ends this node's lease (one row: every room it holds is free at once) and takes its
    /// people out of quick play's queue. How many rooms it held.
    pub async fn release(&self) -> Result<u64, String> {
        let c = self.client().await?;
        for sql in [
            "UPDATE nodes SET lease_until = now() - interval '1 second' WHERE id = $1",
            "DELETE FROM quick_waiting WHERE node = $1",
            "DELETE FROM quick_seated WHERE node = $1",
        ] {
            c.execute(sql, &[&self.node.id]).await.map_err(failed)?;
        }
        let held = c
            .query_one(
                "SELECT count(*) FROM rooms WHERE owner = $1",
                &[&self.node.id],
            )
            .await
            .map_err(failed)?;
        Ok(held.get::<_, i64>(0) as u64)
    }
}

async fn write_loop(pool: Pool, node: String, mut jobs: Jobs) {
    while let Some(first) = jobs.0.recv().await {
        let batch = jobs.batch(first, 1024);
        let mut outcome = commit(&pool, &node, &batch).await;
        for _ in 1..RETRIES {
            match &outcome {
                // A lock not had in time: its holder's session has been ended by now.
                Err((Some(state), _))
                    if *state == SqlState::T_R_DEADLOCK_DETECTED
                        || *state == SqlState::T_R_SERIALIZATION_FAILURE
                        || *state == SqlState::LOCK_NOT_AVAILABLE =>
                {
                    outcome = commit(&pool, &node, &batch).await;
                }
                _ => break,
            }
        }
        let results = match outcome {
            Ok(results) => results,
            Err((_, e)) => {
                tracing::error!("database commit failed: {e}");
                vec![Err(StoreError::Failed(e)); batch.len()]
            }
        };
        for ((w, answer), result) in batch.into_iter().zip(results) {
            if let Err(StoreError::Failed(e)) = &result {
                tracing::error!("database write {w:?} failed: {e}");
            }
            if let Some(answer) = answer {
                let _ = answer.send(result);
            }
        }
    }
}

type Failure = (Option<SqlState>, String);

fn failure(e: tokio_postgres::Error) -> Failure {
    (e.code().cloned(), failed(e))
}

/// One transaction for the batch: each write's answer, or why the whole was not committed.
async fn commit(
    pool: &Pool,
    node: &str,
    batch: &[Job],
) -> Result<Vec<Result<i64, StoreError>>, Failure> {
    let mut c = pool.get().await.map_err(|e| (None, e.to_string()))?;
    let tx = c.transaction().await.map_err(failure)?;
    // Every room the batch writes, held at the epoch this node has it (FOR SHARE: a claim
    // waits until the batch is committed), in the order of their codes.
    let mut codes: Vec<&str> = batch
        .iter()
        .filter_map(|(w, _)| Some(w.fence()?.0))
        .collect();
    codes.sort_unstable();
    codes.dedup();
    let mut held = HashMap::new();
    if !codes.is_empty() {
        let q = tx
            .prepare_cached(
                "SELECT code, epoch FROM rooms WHERE code = ANY($1) AND owner = $2 \
                 ORDER BY code FOR SHARE",
            )
            .await
            .map_err(failure)?;
        for r in tx.query(&q, &[&codes, &node]).await.map_err(failure)? {
            held.insert(r.get::<_, String>(0), r.get::<_, i64>(1));
        }
    }
    // Pipelined: every statement is sent before the first answer comes back (in the batch's
    // order, which keeps each room's writes in theirs), not one round trip after another.
    let writes = batch.iter().map(|(w, _)| {
        let fenced = w
            .fence()
            .is_some_and(|(code, epoch)| held.get(code) != Some(&epoch));
        let tx = &tx;
        async move {
            if fenced {
                Ok(Err(StoreError::Fenced))
            } else {
                apply(tx, w).await
            }
        }
    });
    let results = futures_util::future::try_join_all(writes)
        .await
        .map_err(failure)?;
    tx.commit().await.map_err(failure)?;
    Ok(results)
}

async fn insert_step(
    tx: &deadpool_postgres::Transaction<'_>,
    code: &str,
    game: u32,
    idx: u32,
    step: ludo_core::Step,
) -> Result<(), tokio_postgres::Error> {
    let q = tx
        .prepare_cached(
            "INSERT INTO steps(code, game, idx, step) VALUES($1, $2, $3, $4) \
             ON CONFLICT(code, game, idx) DO UPDATE SET step = excluded.step",
        )
        .await?;
    let step = step_code(step) as i16;
    tx.execute(&q, &[&code, &(game as i32), &(idx as i32), &step])
        .await?;
    Ok(())
}

/// One write, its room's epoch checked already.
async fn apply(
    tx: &deadpool_postgres::Transaction<'_>,
    w: &Write,
) -> Result<Result<i64, StoreError>, tokio_postgres::Error> {
    match w {
        Write::Room { code, json, .. } => {
            let q = tx
                .prepare_cached("UPDATE rooms SET room = $2, updated = $3 WHERE code = $1")
                .await?;
            tx.execute(&q, &[code, json, &now()]).await?;
        }
        Write::Step {
            code,
            game,
            idx,
            step,
            ..
        } => insert_step(tx, code, *game, *idx, *step).await?,
        Write::Finished {
            code,
            number,
            ending,
            ranked,
            record,
            ratings,
            room,
            ..
        } => {
            if let Some((idx, step)) = ending {
                insert_step(tx, code, *number, *idx, *step).await?;
            }
            let q = tx
                .prepare_cached("UPDATE rooms SET room = $2, updated = $3 WHERE code = $1")
                .await?;
            tx.execute(&q, &[code, room, &now()]).await?;
            let q = tx
                .prepare_cached(
                    "INSERT INTO games(code, number, finished, ranked, record) \
                     VALUES($1, $2, $3, $4, $5)",
                )
                .await?;
            tx.execute(&q, &[code, &(*number as i32), &now(), ranked, record])
                .await?;
            // In the order of the profiles' ids, so that two batches touching the same
            // profiles take their locks in the same order.
            let mut ratings = ratings.clone();
            ratings.sort_by_key(|r| r.profile);
            let q = tx
                .prepare_cached(
                    "UPDATE profiles SET rating = rating + $2, games = games + 1, \
                     wins = wins + $3 WHERE id = $1",
                )
                .await?;
            for r in ratings {
                tx.execute(&q, &[&r.profile, &r.change, &(r.won as i64)])
                    .await?;
            }
            let q = tx
                .prepare_cached("DELETE FROM steps WHERE code = $1 AND game < $2")
                .await?;
            tx.execute(&q, &[code, &(*number as i32)]).await?;
        }
        Write::DeleteRoom { code, .. } => {
            tx.execute("DELETE FROM steps WHERE code = $1", &[code])
                .await?;
            tx.execute("DELETE FROM rooms WHERE code = $1", &[code])
                .await?;
        }
        Write::NewProfile { key_hash, name } => {
            let q = tx
                .prepare_cached(
                    "INSERT INTO profiles(key_hash, name, rating, created) \
                     VALUES($1, $2, $3, $4) RETURNING id",
                )
                .await?;
            let row = tx
                .query_one(
                    &q,
                    &[key_hash, name, &ludo_core::rating::START_RATING, &now()],
                )
                .await?;
            return Ok(Ok(row.get(0)));
        }
        Write::Rename { profile, name } => {
            tx.execute(
                "UPDATE profiles SET name = $2 WHERE id = $1",
                &[profile, name],
            )
            .await?;
        }
    }
    Ok(Ok(0))
}
