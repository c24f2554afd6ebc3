//! The server's database: profiles and ratings, finished games, and every live room with the
//! steps of its current game, so that rooms survive a restart (and, on PostgreSQL, move to
//! another node when theirs dies).
//!
//! Two stores answer the same calls: SQLite in one file (`sqlite`, the default: one server)
//! and PostgreSQL (`postgres`, shared by several nodes). A room writes through `Write`s and
//! waits for each to commit before anyone hears of it. On PostgreSQL each room has an owner,
//! an epoch and a lease: a room's writes carry the epoch it was claimed at, and one another
//! node has since claimed writes nothing (`StoreError::Fenced`).

mod leases;
mod postgres;
mod quick;
mod sqlite;

pub use leases::Leases;
pub use quick::{QuickTable, SharedQueue, Waiting};

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use ludo_core::Step;
use tokio::sync::{mpsc, oneshot};

/// Where the database is: a SQLite file, or a PostgreSQL server (`postgres://…`).
#[derive(Clone, Debug, PartialEq)]
pub enum Place {
    Sqlite(PathBuf),
    Postgres(String),
}

impl Place {
    /// A `postgres://` or `postgresql://` URL, else a SQLite file's path.
    pub fn parse(text: &str) -> Place {
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            Place::Postgres(text.to_string())
        } else {
            Place::Sqlite(PathBuf::from(text))
        }
    }
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Place::Sqlite(path) => write!(f, "{}", path.display()),
            // The URL may hold a password: name the database only.
            Place::Postgres(url) => {
                let at = url.rsplit('@').next().unwrap_or(url);
                write!(f, "postgres {}", at.trim_start_matches("postgres://"))
            }
        }
    }
}

/// This server as one node of several sharing a PostgreSQL store.
#[derive(Clone, Debug)]
pub struct Node {
    /// Unique among the nodes (a new one each start).
    pub id: String,
    /// Where devices reach this node (`ws://HOST:PORT/ws`), told to those sent here.
    pub address: String,
    /// How long a room stays this node's without a renewal.
    pub lease: Duration,
}

/// How long PostgreSQL lets a node's session sit in an open transaction before it ends the
/// session (and its locks go). A node's transactions wait on nothing of their own (their
/// statements are pipelined), so only a node stopped in the middle of one (paused, swapped
/// out, its network cut) reaches it; its rooms' rows are then free for the node that takes
/// them.
pub const IDLE_IN_TRANSACTION: Duration = Duration::from_secs(2);

/// The longest a statement of a node's waits for a lock: longer than `IDLE_IN_TRANSACTION`,
/// so a stopped node's locks are gone before it runs out. A claim that still waits answers
/// its device `busy` (it asks again); a batch of writes is tried again.
pub const LOCK_WAIT: Duration = Duration::from_secs(3);

/// The longest statement of a node's: a batch's or a claim's take milliseconds; one that takes
/// this long is a database in trouble, and the node answers rather than hangs.
pub const STATEMENT: Duration = Duration::from_secs(10);

/// The session settings of every connection a node opens to PostgreSQL.
pub fn session_options() -> String {
    format!(
        "-c idle_in_transaction_session_timeout={} -c lock_timeout={} -c statement_timeout={}",
        IDLE_IN_TRANSACTION.as_millis(),
        LOCK_WAIT.as_millis(),
        STATEMENT.as_millis()
    )
}

/// A ranked game counts on the leaderboard once a profile has played this many.
pub const LEADERBOARD_MIN_GAMES: i64 = 5;

/// One change to the database. A room's writes carry the epoch it holds the room at.
#[derive(Debug)]
pub enum Write {
    /// A room's table (not its steps), as JSON.
    Room {
        code: String,
        epoch: i64,
        json: String,
    },
    Step {
        code: String,
        epoch: i64,
        game: u32,
        idx: u32,
        step: Step,
    },
    /// A game ended: the step that ended it (its index and step; none when a room brought
    /// back finishes a game its steps already end), its record, the ratings' changes (added,
    /// so that two rooms finishing at once both count) and the room's table (now over), all
    /// in one transaction: a game's end is never lost between two writes. The steps of the
    /// games before it go.
    Finished {
        code: String,
        epoch: i64,
        number: u32,
        ending: Option<(u32, Step)>,
        ranked: bool,
        record: String,
        ratings: Vec<RatingChange>,
        room: String,
    },
    /// The room expired.
    DeleteRoom {
        code: String,
        epoch: i64,
    },
    /// A new profile; the answer is its id.
    NewProfile {
        key_hash: String,
        name: String,
    },
    Rename {
        profile: i64,
        name: String,
    },
}

impl Write {
    /// How many steps of a game it writes (a step; a game's end with its last step).
    pub fn steps(&self) -> u64 {
        match self {
            Write::Step { .. } => 1,
            Write::Finished { ending, .. } => u64::from(ending.is_some()),
            _ => 0,
        }
    }

    /// A room's write as held at `epoch` (the room's state machine knows no epochs).
    pub fn at_epoch(mut self, at: i64) -> Write {
        match &mut self {
            Write::Room { epoch, .. }
            | Write::Step { epoch, .. }
            | Write::Finished { epoch, .. }
            | Write::DeleteRoom { epoch, .. } => *epoch = at,
            Write::NewProfile { .. } | Write::Rename { .. } => {}
        }
        self
    }

    /// The room and epoch a room's write is fenced by.
    fn fence(&self) -> Option<(&str, i64)> {
        match self {
            Write::Room { code, epoch, .. }
            | Write::Step { code, epoch, .. }
            | Write::Finished { code, epoch, .. }
            | Write::DeleteRoom { code, epoch } => Some((code, *epoch)),
            Write::NewProfile { .. } | Write::Rename { .. } => None,
        }
    }
}

/// A profile's part in a ranked game: its rating's change, and whether it won.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingChange {
    pub profile: i64,
    pub change: f64,
    pub won: bool,
}

/// Why a write did not happen.
#[derive(Clone, Debug, PartialEq)]
pub enum StoreError {
    /// Another node holds the room now (its epoch moved on): nothing was written.
    Fenced,
    Failed(String),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            StoreError::Fenced => write!(f, "another node holds the room now"),
            StoreError::Failed(e) => write!(f, "{e}"),
        }
    }
}

impl From<StoreError> for String {
    fn from(e: StoreError) -> String {
        e.to_string()
    }
}

/// Where a write's outcome goes (a new profile's id, else 0).
type Answer = oneshot::Sender<Result<i64, StoreError>>;

/// A write for the writer, and where to answer if someone waits.
type Job = (Write, Option<Answer>);

/// The way to a store's writer (a thread for SQLite, a task for PostgreSQL), which commits
/// whatever waits in one transaction and then answers each.
struct Writer(mpsc::UnboundedSender<Job>);

/// The writer's end: the jobs, a batch at a time.
struct Jobs(mpsc::UnboundedReceiver<Job>);

fn writer() -> (Writer, Jobs) {
    let (tx, rx) = mpsc::unbounded_channel();
    (Writer(tx), Jobs(rx))
}

impl Writer {
    /// Writes `w` and waits until it is committed; the answer is a new profile's id (else 0).
    async fn write(&self, w: Write) -> Result<i64, StoreError> {
        let (tx, rx) = oneshot::channel();
        self.send(w, Some(tx));
        rx.await
            .map_err(|_| StoreError::Failed("the database writer stopped".into()))?
    }

    fn send(&self, w: Write, answer: Option<Answer>) {
        if let Err(mpsc::error::SendError((_, Some(answer)))) = self.0.send((w, answer)) {
            let _ = answer.send(Err(StoreError::Failed(
                "the database writer stopped".into(),
            )));
        }
    }
}

impl Jobs {
    /// The first job and up to `most - 1` more already waiting.
    fn batch(&mut self, first: Job, most: usize) -> Vec<Job> {
        let mut batch = vec![first];
        while batch.len() < most {
            match self.0.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        batch
    }
}

/// A room as the database keeps it: its table and the steps of its current game.
pub struct SavedRoom {
    pub code: String,
    pub json: String,
    /// Steps by game number, in order.
    pub steps: HashMap<u32, Vec<Step>>,
    /// The epoch this node holds it at (0 on SQLite, where there is one node).
    pub epoch: i64,
}

/// Who holds a room this node does not run.
pub enum Claim {
    /// This node holds it now, at a new epoch: bring it back from its steps.
    Taken(SavedRoom),
    /// Another node holds it and its lease runs: devices go there.
    Elsewhere { address: String },
    /// Its row stayed locked past `LOCK_WAIT` (its last node stopped in the middle of a
    /// write): the device asks again.
    Busy,
    /// No such room.
    Missing,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Profile {
    pub id: i64,
    pub name: String,
    pub rating: f64,
    pub games: i64,
}

/// A line of the leaderboard: a profile's place (from 1), name, rating, ranked games and wins.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Leader {
    pub place: u32,
    pub id: i64,
    pub name: String,
    pub rating: f64,
    pub games: i64,
    pub wins: i64,
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// Steps as small integers: a roll is its value, a release 0, a move 10 + the piece.
fn step_code(step: Step) -> i64 {
    match step {
        Step::Roll(v) => v as i64,
        Step::Release => 0,
        Step::Move(p) => 10 + p as i64,
    }
}

fn step_of(code: i64) -> Option<Step> {
    match code {
        0 => Some(Step::Release),
        1..=6 => Some(Step::Roll(code as u8)),
        10..=13 => Some(Step::Move((code - 10) as u8)),
        _ => None,
    }
}

/// The database, on one store or the other: what is kept (profiles, finished games, rooms and
/// their steps). What only several nodes need is `Leases`.
pub enum Store {
    Sqlite(sqlite::Sqlite),
    Postgres(Arc<postgres::Postgres>),
}

/// A store just opened: the store, its leases and quick play's shared queue when several
/// nodes share it, and on one node the rooms it holds, to bring back (nodes claim theirs when
/// a device asks).
pub struct Opened {
    pub store: Store,
    pub leases: Option<Leases>,
    pub queue: Option<SharedQueue>,
    pub rooms: Vec<SavedRoom>,
}

impl Store {
    /// Opens (or creates) the database at `place`, as node `node` when it is shared.
    pub async fn open(place: &Place, node: Node) -> Result<Opened, String> {
        match place {
            Place::Sqlite(path) => {
                let store = sqlite::Sqlite::open(path)?;
                let rooms = store.rooms()?;
                Ok(Opened {
                    store: Store::Sqlite(store),
                    leases: None,
                    queue: None,
                    rooms,
                })
            }
            Place::Postgres(url) => {
                let pg = Arc::new(postgres::Postgres::open(url, node).await?);
                Ok(Opened {
                    store: Store::Postgres(pg.clone()),
                    leases: Some(Leases(pg.clone())),
                    queue: Some(SharedQueue(pg)),
                    rooms: Vec::new(),
                })
            }
        }
    }

    fn writer(&self) -> &Writer {
        match self {
            Store::Sqlite(s) => &s.writer,
            Store::Postgres(p) => &p.writer,
        }
    }

    /// Writes `w` and waits until it is committed; the answer is a new profile's id (else 0).
    pub async fn write(&self, w: Write) -> Result<i64, StoreError> {
        self.writer().write(w).await
    }

    /// Writes `w` without waiting.
    pub fn write_later(&self, w: Write) {
        self.writer().send(w, None);
    }

    pub async fn profile_by_key(&self, key_hash: &str) -> Result<Option<Profile>, String> {
        match self {
            Store::Sqlite(s) => s.profile_by_key(key_hash),
            Store::Postgres(p) => p.profile_by_key(key_hash).await,
        }
    }

    pub async fn profile(&self, id: i64) -> Result<Option<Profile>, String> {
        match self {
            Store::Sqlite(s) => s.profile(id),
            Store::Postgres(p) => p.profile(id).await,
        }
    }

    /// The leaderboard's first `top` lines: profiles with at least `LEADERBOARD_MIN_GAMES`
    /// ranked games, best rating first (then more games, then the older profile).
    pub async fn leaders(&self, top: u32) -> Result<Vec<Leader>, String> {
        match self {
            Store::Sqlite(s) => s.leaders(top),
            Store::Postgres(p) => p.leaders(top).await,
        }
    }

    /// A profile's line on the whole leaderboard, if it is on it (played enough).
    pub async fn leader(&self, profile: i64) -> Result<Option<Leader>, String> {
        match self {
            Store::Sqlite(s) => s.leader(profile),
            Store::Postgres(p) => p.leader(profile).await,
        }
    }

    /// Finished games of a room, as their records' JSON, oldest first.
    pub async fn finished_games(&self, code: &str) -> Result<Vec<String>, String> {
        match self {
            Store::Sqlite(s) => s.finished_games(code),
            Store::Postgres(p) => p.finished_games(code).await,
        }
    }

    /// The latest finished game `number` of room `code`: its record's JSON and when it ended
    /// (seconds since 1970).
    pub async fn finished_game(
        &self,
        code: &str,
        number: u32,
    ) -> Result<Option<(String, i64)>, String> {
        match self {
            Store::Sqlite(s) => s.finished_game(code, number),
            Store::Postgres(p) => p.finished_game(code, number).await,
        }
    }
}
