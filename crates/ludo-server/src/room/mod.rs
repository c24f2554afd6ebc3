//! One room, owned by one task (an actor): a thin loop around the room's state machine
//! (`state`). It takes joins and requests from connections in the order they arrive and the
//! clock's ticks, and carries out what the machine says: each write committed before any
//! message after it goes out, messages to members' outboxes, the ratings read before a game
//! is scored. A write refused because another node holds the room now ends it here, and its
//! devices are sent to that node.

mod state;
mod table;
#[cfg(test)]
mod tests;

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use ludo_core::Step;
use ludo_proto::{Refusal, ServerMsg, encode};
use tokio::sync::{mpsc, oneshot};

pub use state::{Attach, ConnId, Joining};
use state::{Effect, Input, RoomConfig, RoomState, Secrets, To};
pub use table::{Seat, Table};

use crate::metrics::METRICS;
use crate::secret;
use crate::store::{Leases, Store, StoreError, Write};

/// What a room needs of the node that runs it.
pub trait Host: Send + Sync {
    /// The database.
    fn store(&self) -> &Store;
    /// The leases, when several nodes share the database: a room then goes on only from what
    /// the database has.
    fn leases(&self) -> Option<&Leases>;
    /// Where devices reach this node.
    fn address(&self) -> &str;
    /// Room `code`, held at `epoch`, is over here: the node forgets it.
    fn forget(&self, code: &str, epoch: i64);
}

/// How a node's rooms run.
#[derive(Clone, Copy, Debug)]
pub struct RoomSetup {
    /// How long a CPU waits before each step.
    pub cpu_pace: std::time::Duration,
    /// How long a person may be away before the CPU plays for them.
    pub away_grace: std::time::Duration,
    /// How long a room with nobody in it lives on.
    pub room_ttl: std::time::Duration,
    /// Tests only: every game's dice from this seed (and the game's number).
    pub fixed_seed: Option<u64>,
}

/// What a room sends a connection.
pub type Outbox = mpsc::Sender<Utf8Bytes>;

/// How many messages may wait for a slow connection before the room lets it go (it comes
/// back with `resume` and a fresh snapshot).
pub const OUTBOX: usize = 64;

/// Where a room answers an arrival: in, or why not.
pub type Reply = oneshot::Sender<Result<(), state::Refused>>;

pub enum RoomMsg {
    Attach {
        conn: ConnId,
        outbox: Outbox,
        how: Attach,
        reply: Reply,
    },
    Request {
        conn: ConnId,
        msg: ludo_proto::ClientMsg,
    },
    Detach {
        conn: ConnId,
    },
    /// Another node holds the room now (PostgreSQL): its devices go there, and it ends here.
    Lost,
    /// This node stops (a deploy): the room ends here and its devices go on at `url`.
    Drain {
        url: String,
    },
}

/// Seat tokens and dice seeds from the OS's randomness (or, in tests, dice from a fixed seed).
struct ServerSecrets {
    fixed_seed: Option<u64>,
}

impl Secrets for ServerSecrets {
    fn token(&mut self) -> String {
        secret::token()
    }

    fn dice(&mut self, number: u32) -> ([u8; 32], bool) {
        match self.fixed_seed {
            // Tests only: the same dice for the same game number, sealed by the server alone,
            // so a test replays.
            Some(fixed) => (secret::fixed(fixed, number), false),
            None => (secret::random_bytes::<32>(), true),
        }
    }
}

/// Why a room ends on this node while its game goes on through another.
enum HandedOn {
    /// Another node holds it now (a renewal or a write said so).
    Lost,
    /// A write failed here (the database is gone, or ended this node's session): the room
    /// goes on from what the database has, through whichever node a device asks.
    WriteFailed(String),
    /// This node stops: its devices go on at the address given.
    Drained(String),
}

pub struct Room {
    host: Arc<dyn Host>,
    state: RoomState,
    secrets: ServerSecrets,
    /// Each member's outbox.
    outboxes: HashMap<ConnId, Outbox>,
    /// The answer an arrival waits for.
    replies: HashMap<ConnId, Reply>,
    /// The epoch this node holds the room at; its writes are refused once another node
    /// holds it at a later one.
    epoch: i64,
    /// The room ends here and its devices go on through another node: why.
    handed_on: Option<HandedOn>,
    expired: bool,
}

/// A room counted in its stage while it lives (`ludo_rooms`).
struct Counted(ludo_proto::Stage);

impl Counted {
    fn new(stage: ludo_proto::Stage) -> Counted {
        Counted::gauge(stage).inc();
        Counted(stage)
    }

    fn gauge(stage: ludo_proto::Stage) -> prometheus::IntGauge {
        let name = match stage {
            ludo_proto::Stage::Lobby => "lobby",
            ludo_proto::Stage::Playing => "playing",
            ludo_proto::Stage::Over => "over",
        };
        METRICS.rooms.with_label_values(&[name])
    }

    fn set(&mut self, stage: ludo_proto::Stage) {
        if stage != self.0 {
            Counted::gauge(self.0).dec();
            Counted::gauge(stage).inc();
            self.0 = stage;
        }
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        Counted::gauge(self.0).dec();
    }
}

fn text(msg: &ServerMsg) -> Utf8Bytes {
    let t = encode(msg);
    if t.len() > ludo_proto::MAX_SERVER_MESSAGE_BYTES {
        // Nothing the server sends comes near it (docs/PROTOCOL.md): say so if it ever does.
        tracing::error!(bytes = t.len(), "a message over the protocol's limit");
    }
    Utf8Bytes::from(t)
}

impl Room {
    /// A room from its table and, if a game is under way, the steps played so far, held at
    /// `epoch`.
    pub fn new(
        host: Arc<dyn Host>,
        setup: RoomSetup,
        table: Table,
        steps: &[Step],
        epoch: i64,
    ) -> Result<Room, String> {
        let config = RoomConfig {
            cpu_pace: setup.cpu_pace,
            away_grace: setup.away_grace,
            room_ttl: setup.room_ttl,
        };
        let state = RoomState::new(config, table, steps, std::time::Instant::now())?;
        Ok(Room {
            secrets: ServerSecrets {
                fixed_seed: setup.fixed_seed,
            },
            host,
            state,
            outboxes: HashMap::new(),
            replies: HashMap::new(),
            epoch,
            handed_on: None,
            expired: false,
        })
    }

    pub async fn run(mut self, mut inbox: mpsc::Receiver<RoomMsg>) {
        let code = self.state.code().to_string();
        let mut stage = Counted::new(self.state.stage());
        loop {
            let wake = tokio::time::Instant::from_std(self.state.next_wake());
            tokio::select! {
                msg = inbox.recv() => match msg {
                    Some(msg) => self.hear(msg).await,
                    None => break,
                },
                _ = tokio::time::sleep_until(wake) => self.apply(Input::Tick).await,
            }
            stage.set(self.state.stage());
            if let Some(why) = self.handed_on.take() {
                self.host.forget(&code, self.epoch);
                self.move_members(&code, why).await;
                return;
            }
            if self.expired {
                break;
            }
        }
        self.host.forget(&code, self.epoch);
        self.host.store().write_later(Write::DeleteRoom {
            code: code.clone(),
            epoch: self.epoch,
        });
        tracing::info!(room = %code, "room expired");
    }

    async fn hear(&mut self, msg: RoomMsg) {
        match msg {
            RoomMsg::Attach {
                conn,
                outbox,
                how,
                reply,
            } => {
                self.outboxes.insert(conn, outbox);
                self.replies.insert(conn, reply);
                self.apply(Input::Attach { conn, how }).await;
            }
            RoomMsg::Request { conn, msg } => {
                let arrived = std::time::Instant::now();
                self.apply(Input::Request { conn, msg }).await;
                METRICS
                    .request_seconds
                    .observe(crate::metrics::secs(arrived.elapsed()));
            }
            RoomMsg::Detach { conn } => {
                self.outboxes.remove(&conn);
                self.apply(Input::Detach { conn }).await;
            }
            RoomMsg::Lost => self.handed_on = Some(HandedOn::Lost),
            RoomMsg::Drain { url } => self.handed_on = Some(HandedOn::Drained(url)),
        }
    }

    /// Applies `input` and carries out its effects in order, with what they set off (the
    /// ratings read, members that could not keep up let go).
    async fn apply(&mut self, input: Input) {
        let mut inputs = VecDeque::from([input]);
        while let Some(input) = inputs.pop_front() {
            let now = std::time::Instant::now();
            let mut effects = VecDeque::from(self.state.apply(input, now, &mut self.secrets));
            while let Some(effect) = effects.pop_front() {
                match effect {
                    Effect::Send(to, msg) => {
                        for conn in self.send(to, &msg) {
                            inputs.push_back(Input::Detach { conn });
                        }
                    }
                    Effect::Write(w) => {
                        let steps = w.steps();
                        let started = std::time::Instant::now();
                        let result = self.host.store().write(w.at_epoch(self.epoch)).await;
                        METRICS
                            .write_seconds
                            .observe(crate::metrics::secs(started.elapsed()));
                        let outcome = match &result {
                            Ok(_) => "ok",
                            Err(StoreError::Fenced) => "fenced",
                            Err(_) => "failed",
                        };
                        METRICS.writes.with_label_values(&[outcome]).inc();
                        match result {
                            Ok(_) => METRICS.steps.inc_by(steps),
                            Err(StoreError::Fenced) => {
                                // Nobody hears of what the database refused: the room ends.
                                self.handed_on = Some(HandedOn::Lost);
                                return;
                            }
                            // Shared by nodes, a room goes on only from what the database
                            // has (another node may take it from there): it ends here, and
                            // its devices come back to it through a node.
                            Err(StoreError::Failed(e)) if self.host.leases().is_some() => {
                                self.handed_on = Some(HandedOn::WriteFailed(e));
                                return;
                            }
                            Err(e) => {
                                tracing::error!(room = %self.state.code(), "a write failed: {e}")
                            }
                        }
                    }
                    Effect::Answer { conn, result } => {
                        if result.is_err() {
                            self.outboxes.remove(&conn);
                        }
                        if let Some(reply) = self.replies.remove(&conn) {
                            let _ = reply.send(result);
                        }
                    }
                    Effect::Forget(conn) => {
                        self.outboxes.remove(&conn);
                    }
                    Effect::ReadRatings(ids) => {
                        let mut fresh = Vec::with_capacity(ids.len());
                        for id in ids {
                            let p = self.host.store().profile(id).await.ok().flatten();
                            fresh.push(p.map(|p| p.rating));
                        }
                        let now = std::time::Instant::now();
                        let scored =
                            self.state
                                .apply(Input::Ratings(fresh), now, &mut self.secrets);
                        for (i, e) in scored.into_iter().enumerate() {
                            effects.insert(i, e);
                        }
                    }
                    Effect::Expired => self.expired = true,
                }
            }
        }
    }

    /// Sends `msg`; the members that cannot keep up (their outbox full) are let go, and
    /// returned so the room hears they left.
    fn send(&mut self, to: To, msg: &ServerMsg) -> Vec<ConnId> {
        crate::metrics::count_refusal(msg);
        let t = text(msg);
        let conns: Vec<ConnId> = match to {
            To::One(conn) => vec![conn],
            To::All => self.outboxes.keys().copied().collect(),
        };
        let mut behind = Vec::new();
        for conn in conns {
            let Some(outbox) = self.outboxes.get(&conn) else {
                continue;
            };
            if outbox.try_send(t.clone()).is_err() {
                tracing::info!(room = %self.state.code(), conn, "a member that does not keep up was let go");
                self.outboxes.remove(&conn);
                behind.push(conn);
            }
        }
        behind
    }

    /// The room ends here: every device here is told where it goes on.
    async fn move_members(&mut self, code: &str, why: HandedOn) {
        let url = match (&why, self.host.leases()) {
            (HandedOn::Drained(url), _) => Some(url.clone()),
            (_, Some(leases)) => leases.address_of(code).await.ok().flatten(),
            (_, None) => None,
        }
        // Nobody holds it: this node takes it back when a device asks.
        .unwrap_or_else(|| self.host.address().to_string());
        match why {
            HandedOn::Drained(_) => {
                tracing::info!(room = %code, epoch = self.epoch, %url, "room handed on: this node stops")
            }
            HandedOn::Lost => {
                tracing::warn!(room = %code, epoch = self.epoch, %url, "room lost to another node")
            }
            HandedOn::WriteFailed(e) => tracing::error!(
                room = %code, epoch = self.epoch, %url,
                "a write failed here, the room ends here and goes on from the database: {e}"
            ),
        }
        self.send(To::All, &ServerMsg::Moved { url });
        self.outboxes.clear();
        // Arrivals still waiting are told too (their connection then follows).
        for (_, reply) in self.replies.drain() {
            let _ = reply.send(Err((
                Refusal::NoSuchRoom,
                "the room moved to another node".into(),
            )));
        }
    }
}
