//! One WebSocket connection: the hello and version check, limits on size and rate, the
//! heartbeat, and the way to a room. Whatever a client sends, the answer is a refusal or a
//! closed socket, never a panic, and nothing a connection does holds up another room.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use axum::extract::ws::{Message, Utf8Bytes, WebSocket};
use futures_util::{SinkExt, StreamExt};
use ludo_proto::{
    ClientMsg, PROTOCOL_VERSION, PlayerSpec, Refusal, ServerMsg, clean_name, decode, encode,
    normalize_code,
};
use tokio::sync::{mpsc, oneshot};
use tokio::time::{Instant, MissedTickBehavior};

use crate::metrics::METRICS;
use crate::node::{Found, Shared};
use crate::quick::{News, Waiter};
use crate::room::{Attach, ConnId, Joining, OUTBOX, RoomMsg};
use crate::secret;
use crate::store;

/// Wrong room codes and seat tokens a connection may send: the last is answered and the
/// connection closed (guessing).
const MAX_MISSES: u32 = 10;
/// Malformed or too-fast messages a connection may send: the last is answered and the
/// connection closed.
const MAX_STRIKES: u32 = 50;

/// How long a connection the server closes is read for the client's close (and whatever it
/// sent before it) before the socket goes.
const CLOSE_DRAIN: std::time::Duration = std::time::Duration::from_secs(2);
/// The most frames read so (a few hundred bytes each at most: about 4 MiB).
const CLOSE_DRAIN_FRAMES: u32 = 1024;

/// A token bucket: `rate` messages a second, `burst` at once.
struct Bucket {
    tokens: f64,
    last: Instant,
    rate: f64,
    burst: f64,
}

impl Bucket {
    fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens =
            (self.tokens + now.duration_since(self.last).as_secs_f64() * self.rate).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

struct Conn {
    shared: Arc<Shared>,
    id: ConnId,
    hello: bool,
    room: Option<mpsc::Sender<RoomMsg>>,
    misses: u32,
    strikes: u32,
    /// Waiting for quick play: who, and for how many seats.
    waiting: Option<(Joining, u8)>,
    /// When it joined quick play's queue (for the time until seated).
    queued_at: Option<Instant>,
}

/// What comes to a connection besides its socket: its room's messages (handed to the writer
/// once the connection is in), and while it waits for quick play, the queue's news.
#[derive(Default)]
struct Inboxes {
    outbox: Option<mpsc::Receiver<Utf8Bytes>>,
    news: Option<mpsc::UnboundedReceiver<News>>,
}

/// What the connection does after a message.
enum Next {
    Go,
    Close,
}

/// What the reader asks of the writer.
enum ToWriter {
    /// A message of the connection's own (an answer, a refusal, a `welcome`).
    Say(ServerMsg),
    Ping,
    /// The room's messages from now on (the connection entered a room).
    Room(mpsc::Receiver<Utf8Bytes>),
    /// A close frame, and nothing after it.
    Close,
}

/// Why the writer stopped.
enum Stopped {
    /// Asked to, or the reader has gone.
    Asked,
    /// The room let this connection go (too slow, or the seat resumed elsewhere): a close
    /// frame was sent.
    LetGo,
    /// The socket took no more.
    Broken,
}

/// The connection's writer: its own messages and its room's, in the order each comes, to the
/// socket. A write that waits for a slow client holds up only this task: the reader goes on
/// reading (and the room lets a member that does not keep up go).
async fn write(
    mut sink: futures_util::stream::SplitSink<WebSocket, Message>,
    mut asked: mpsc::UnboundedReceiver<ToWriter>,
) -> Stopped {
    let mut room: Option<mpsc::Receiver<Utf8Bytes>> = None;
    loop {
        let frame = tokio::select! {
            biased;
            w = asked.recv() => match w {
                Some(ToWriter::Say(msg)) => Message::Text(encode(&msg).into()),
                Some(ToWriter::Ping) => Message::Ping(Default::default()),
                Some(ToWriter::Room(rx)) => {
                    room = Some(rx);
                    continue;
                }
                Some(ToWriter::Close) => {
                    let _ = sink.send(Message::Close(None)).await;
                    return Stopped::Asked;
                }
                None => return Stopped::Asked,
            },
            out = async {
                match room.as_mut() {
                    Some(rx) => rx.recv().await,
                    None => std::future::pending().await,
                }
            } => match out {
                Some(t) => Message::Text(t),
                None => {
                    let _ = sink.send(Message::Close(None)).await;
                    return Stopped::LetGo;
                }
            },
        };
        if let Message::Text(t) = &frame {
            METRICS.bytes_sent.inc_by(t.len() as u64);
        }
        if sink.send(frame).await.is_err() {
            return Stopped::Broken;
        }
    }
}

/// Counts a socket closed however its task ends.
struct Closes;

impl Drop for Closes {
    fn drop(&mut self) {
        METRICS.sockets.dec();
    }
}

/// One WebSocket: a reader (this task: frames, quick play's news, the heartbeat) and a
/// writer (its own task).
pub async fn serve(shared: Arc<Shared>, socket: WebSocket) {
    METRICS.sockets.inc();
    let _open = Closes;
    let (sink, mut stream) = socket.split();
    let (to_writer, asked) = mpsc::unbounded_channel();
    let mut writer = tokio::spawn(write(sink, asked));
    let ping_every = shared.config.ping_interval;
    let mut bucket = Bucket {
        tokens: shared.config.burst,
        last: Instant::now(),
        rate: shared.config.rate,
        burst: shared.config.burst,
    };
    let mut conn = Conn {
        id: shared.next_conn.fetch_add(1, Ordering::Relaxed),
        shared,
        hello: false,
        room: None,
        misses: 0,
        strikes: 0,
        waiting: None,
        queued_at: None,
    };
    let mut inboxes = Inboxes::default();
    let mut heard = Instant::now();
    let mut ping = tokio::time::interval_at(Instant::now() + ping_every, ping_every);
    ping.set_missed_tick_behavior(MissedTickBehavior::Delay);
    let mut writer_done = false;
    let drain = loop {
        let mut replies = Vec::new();
        let next = tokio::select! {
            frame = stream.next() => {
                if matches!(frame, Some(Ok(Message::Text(_) | Message::Binary(_) | Message::Ping(_) | Message::Pong(_)))) {
                    heard = Instant::now();
                }
                conn.frame(frame, &mut bucket, &mut inboxes, &mut replies).await
            }
            news = async {
                match inboxes.news.as_mut() {
                    Some(rx) => rx.recv().await,
                    None => std::future::pending().await,
                }
            } => {
                conn.hear_queue(news, &mut inboxes, &mut replies).await;
                Next::Go
            }
            stopped = &mut writer => {
                writer_done = true;
                break matches!(stopped, Ok(Stopped::LetGo));
            }
            _ = ping.tick() => {
                if heard.elapsed() > ping_every * 2 {
                    Next::Close
                } else {
                    let _ = to_writer.send(ToWriter::Ping);
                    Next::Go
                }
            }
        };
        for reply in replies {
            crate::metrics::count_refusal(&reply);
            let _ = to_writer.send(ToWriter::Say(reply));
        }
        if let Some(room) = inboxes.outbox.take() {
            let _ = to_writer.send(ToWriter::Room(room));
        }
        if let Next::Close = next {
            let _ = to_writer.send(ToWriter::Close);
            break true;
        }
    };
    if drain {
        // What the client sent meanwhile is read before the socket goes: closed with bytes
        // unread, the kernel answers with a reset, which can overtake the last answers and
        // the close frame on their way (as the door does for a connection it turns away).
        // Until the client's own close, a short while, or so many frames (a client that
        // floods and never reads gets the reset).
        let drained = async {
            let mut frames = 0;
            while let Some(Ok(_)) = stream.next().await {
                frames += 1;
                if frames >= CLOSE_DRAIN_FRAMES {
                    break;
                }
            }
        };
        let _ = tokio::time::timeout(CLOSE_DRAIN, drained).await;
    }
    drop(to_writer);
    if !writer_done {
        let _ = writer.await;
    }
    if conn.waiting.is_some() {
        conn.shared.queue.leave(conn.id);
    }
    if let Some(room) = conn.room {
        let _ = room.send(RoomMsg::Detach { conn: conn.id }).await;
    }
}

impl Conn {
    /// One frame from the socket (none: it closed).
    async fn frame(
        &mut self,
        frame: Option<Result<Message, axum::Error>>,
        bucket: &mut Bucket,
        inboxes: &mut Inboxes,
        replies: &mut Vec<ServerMsg>,
    ) -> Next {
        match frame {
            Some(Ok(Message::Text(t))) if bucket.take() => self.text(&t, inboxes, replies).await,
            Some(Ok(Message::Text(_))) => self.strike(
                Refusal::TooFast,
                "more messages than the server takes from one device",
                replies,
            ),
            Some(Ok(Message::Binary(_))) => {
                self.strike(Refusal::Malformed, "messages are JSON text", replies)
            }
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => Next::Go,
            Some(Ok(Message::Close(_))) | None => Next::Close,
            Some(Err(e)) => {
                // Too large, or not WebSocket: say so if the socket still takes it.
                let detail = format!("{e}");
                let reason = if ["too long", "too big", "Space limit"]
                    .iter()
                    .any(|w| detail.contains(w))
                {
                    Refusal::TooLarge
                } else {
                    Refusal::Malformed
                };
                replies.push(ServerMsg::refused(reason, detail));
                Next::Close
            }
        }
    }

    fn strike(&mut self, reason: Refusal, detail: &str, replies: &mut Vec<ServerMsg>) -> Next {
        self.strikes += 1;
        replies.push(ServerMsg::refused(reason, detail));
        if self.strikes >= MAX_STRIKES {
            Next::Close
        } else {
            Next::Go
        }
    }

    async fn text(
        &mut self,
        text: &str,
        inboxes: &mut Inboxes,
        replies: &mut Vec<ServerMsg>,
    ) -> Next {
        let outbox = &mut inboxes.outbox;
        let msg: ClientMsg = match decode(text) {
            Ok(m) => m,
            Err(e) => return self.strike(Refusal::Malformed, &e, replies),
        };
        if !self.hello {
            return self.hello(msg, replies);
        }
        match msg {
            ClientMsg::Hello { .. } => {
                return self.strike(Refusal::Malformed, "hello was said already", replies);
            }
            ClientMsg::Ping => replies.push(ServerMsg::Pong),
            ClientMsg::Create { .. }
            | ClientMsg::Join { .. }
            | ClientMsg::Resume { .. }
            | ClientMsg::Watch { .. }
            | ClientMsg::QuickPlay { .. }
                if self.room.is_some() || self.waiting.is_some() =>
            {
                replies.push(ServerMsg::refused(
                    Refusal::AlreadySeated,
                    "this connection is in a room already",
                ));
            }
            msg @ (ClientMsg::Create { .. }
            | ClientMsg::Join { .. }
            | ClientMsg::Resume { .. }
            | ClientMsg::Watch { .. }) => return self.enter(msg, outbox, replies).await,
            ClientMsg::QuickPlay { seats, player } => {
                self.quick_play(seats, &player, &mut inboxes.news, replies)
                    .await;
            }
            ClientMsg::Leaderboard { profile } => replies.push(self.leaderboard(profile).await),
            // Answered whether or not it waited: the device then knows it waits for nothing.
            ClientMsg::CancelQuickPlay => {
                if self.waiting.take().is_some() {
                    self.shared.queue.leave(self.id);
                    inboxes.news = None;
                }
                replies.push(ServerMsg::Unqueued);
            }
            msg => match &self.room {
                Some(room) => {
                    let request = RoomMsg::Request { conn: self.id, msg };
                    if room.send(request).await.is_err() {
                        self.room = None;
                        replies.push(ServerMsg::refused(
                            Refusal::NoSuchRoom,
                            "the room has closed",
                        ));
                    }
                }
                None => replies.push(ServerMsg::refused(
                    Refusal::NotSeated,
                    "join or create a room first",
                )),
            },
        }
        Next::Go
    }

    /// Into a room: a new one, one by its code (a seat, a seat again, or watching).
    async fn enter(
        &mut self,
        msg: ClientMsg,
        outbox: &mut Option<mpsc::Receiver<Utf8Bytes>>,
        replies: &mut Vec<ServerMsg>,
    ) -> Next {
        match msg {
            ClientMsg::Create { table, player } => {
                let person = match self.person(&player).await {
                    Ok(p) => p,
                    Err(r) => {
                        replies.push(r);
                        return Next::Go;
                    }
                };
                match self.shared.open_room(table, false).await {
                    Ok(room) => {
                        let how = Attach::Join { person, seat: None };
                        self.attach(room, how, outbox, replies).await;
                    }
                    Err((reason, detail)) => replies.push(ServerMsg::Refused { reason, detail }),
                }
            }
            ClientMsg::Join { code, player, seat } => {
                let Some(room) = self.find(&code, replies).await else {
                    return self.after_miss();
                };
                match self.person(&player).await {
                    Ok(person) => {
                        self.attach(room, Attach::Join { person, seat }, outbox, replies)
                            .await;
                    }
                    Err(r) => replies.push(r),
                }
            }
            ClientMsg::Resume { code, token, seen } => {
                let Some(room) = self.find(&code, replies).await else {
                    return self.after_miss();
                };
                let refusal = self
                    .attach(room, Attach::Resume { token, seen }, outbox, replies)
                    .await;
                if refusal == Some(Refusal::BadToken) {
                    return self.after_miss();
                }
            }
            ClientMsg::Watch { code } => {
                let Some(room) = self.find(&code, replies).await else {
                    return self.after_miss();
                };
                self.attach(room, Attach::Watch, outbox, replies).await;
            }
            _ => replies.push(ServerMsg::refused(
                Refusal::Malformed,
                "not a way into a room",
            )),
        }
        Next::Go
    }

    /// The first message: hello, in this server's version.
    fn hello(&mut self, msg: ClientMsg, replies: &mut Vec<ServerMsg>) -> Next {
        match msg {
            ClientMsg::Hello { protocol } if protocol == PROTOCOL_VERSION => {
                self.hello = true;
                replies.push(ServerMsg::Welcome {
                    protocol: PROTOCOL_VERSION,
                });
                Next::Go
            }
            ClientMsg::Hello { protocol } => {
                replies.push(ServerMsg::refused(
                    Refusal::Version,
                    format!(
                        "this server speaks protocol {PROTOCOL_VERSION}, the game speaks {protocol}: update the game"
                    ),
                ));
                Next::Close
            }
            _ => {
                replies.push(ServerMsg::refused(
                    Refusal::NoHello,
                    "the first message must be hello",
                ));
                Next::Close
            }
        }
    }

    /// The leaderboard, and the line of the profile whose key is given.
    async fn leaderboard(&self, profile: Option<String>) -> ServerMsg {
        let store = &self.shared.store;
        let line = |l: crate::store::Leader| ludo_proto::Leader {
            place: l.place,
            name: l.name,
            rating: l.rating,
            games: l.games as u32,
            wins: l.wins as u32,
        };
        let mut you = None;
        if let Some(key) = profile.filter(|k| k.len() <= 64)
            && let Ok(Some(p)) = store.profile_by_key(&secret::hash(&key)).await
        {
            you = store.leader(p.id).await.ok().flatten();
        }
        match store.leaders(super::leaderboard::TOP).await {
            Ok(leaders) => ServerMsg::Leaderboard {
                leaders: leaders.into_iter().map(line).collect(),
                you: you.map(line),
                min_games: crate::store::LEADERBOARD_MIN_GAMES as u32,
            },
            Err(e) => {
                ServerMsg::refused(Refusal::Full, format!("the server's database failed: {e}"))
            }
        }
    }

    /// Quick play seated this device: how long it waited.
    fn seated(&mut self) {
        if let Some(at) = self.queued_at.take() {
            METRICS
                .quick_seated_seconds
                .observe(crate::metrics::secs(at.elapsed()));
        }
    }

    /// Joins the quick-play queue for a table of `seats`.
    async fn quick_play(
        &mut self,
        seats: u8,
        player: &PlayerSpec,
        news: &mut Option<mpsc::UnboundedReceiver<News>>,
        replies: &mut Vec<ServerMsg>,
    ) {
        if !ludo_proto::QUICK_PLAY_SEATS.contains(&seats) {
            replies.push(ServerMsg::refused(
                Refusal::BadQuickPlay,
                format!("quick play seats tables of 2, 4 or 6, not {seats}"),
            ));
            return;
        }
        let person = match self.person(player).await {
            Ok(p) => p,
            Err(r) => {
                replies.push(r);
                return;
            }
        };
        let (tx, rx) = mpsc::unbounded_channel();
        let waiter = Waiter {
            conn: self.id,
            rating: person.rating,
            name: person.name.clone(),
            profile: person.profile,
            token: crate::secret::token(),
            since: Instant::now(),
            news: tx,
        };
        if let Some(waiting) = self.shared.queue.join(seats, waiter) {
            *news = Some(rx);
            self.waiting = Some((person, seats));
            self.queued_at = Some(Instant::now());
            replies.push(ServerMsg::Queued { seats, waiting });
        }
    }

    /// What the queue says: how many wait, or the seat kept at a new table (taken at once,
    /// as a join).
    async fn hear_queue(
        &mut self,
        news: Option<News>,
        inboxes: &mut Inboxes,
        replies: &mut Vec<ServerMsg>,
    ) {
        match news {
            Some(News::Waiting(waiting)) => {
                if let Some((_, seats)) = &self.waiting {
                    replies.push(ServerMsg::Queued {
                        seats: *seats,
                        waiting,
                    });
                }
            }
            Some(News::Seated { room, seat }) => {
                inboxes.news = None;
                self.seated();
                if let Some((person, _)) = self.waiting.take() {
                    let how = Attach::Join {
                        person,
                        seat: Some(seat),
                    };
                    self.attach(room, how, &mut inboxes.outbox, replies).await;
                }
            }
            // Another node opened the table: the seat is this device's by the token, there.
            Some(News::SentOn {
                code,
                address,
                token,
            }) => {
                inboxes.news = None;
                self.seated();
                if let Some((person, _)) = self.waiting.take() {
                    replies.push(ServerMsg::Joined {
                        link: format!("/r/{code}"),
                        code,
                        token,
                        profile: person.key,
                    });
                    replies.push(ServerMsg::Moved { url: address });
                }
            }
            // The queue stopped (the server is stopping).
            None => {
                inboxes.news = None;
                if self.waiting.take().is_some() {
                    replies.push(ServerMsg::Unqueued);
                }
            }
        }
    }

    fn after_miss(&mut self) -> Next {
        self.misses += 1;
        if self.misses >= MAX_MISSES {
            Next::Close
        } else {
            Next::Go
        }
    }

    /// Room `code` here; else the reply says where it is (another node) or that there is none.
    async fn find(
        &self,
        code: &str,
        replies: &mut Vec<ServerMsg>,
    ) -> Option<mpsc::Sender<RoomMsg>> {
        let found = match normalize_code(code) {
            Some(code) => self.shared.find(&code).await,
            None => Found::Missing,
        };
        match found {
            Found::Here(room) => return Some(room),
            Found::Elsewhere(url) => replies.push(ServerMsg::Moved { url }),
            Found::Missing => {
                let shown: String = code.chars().take(16).collect();
                replies.push(ServerMsg::refused(
                    Refusal::NoSuchRoom,
                    format!("no room has the code {shown:?}"),
                ));
            }
            Found::Busy => replies.push(ServerMsg::refused(
                Refusal::Busy,
                "the room is between two nodes: ask again in a moment",
            )),
            Found::Failed(e) => replies.push(ServerMsg::refused(
                Refusal::Full,
                format!("the server's database failed: {e}"),
            )),
        }
        None
    }

    /// Joins `room` as `how` says; the refusal, if the room said no.
    async fn attach(
        &mut self,
        room: mpsc::Sender<RoomMsg>,
        how: Attach,
        outbox: &mut Option<mpsc::Receiver<Utf8Bytes>>,
        replies: &mut Vec<ServerMsg>,
    ) -> Option<Refusal> {
        let (tx, rx) = mpsc::channel(OUTBOX);
        let (reply, answer) = oneshot::channel();
        let msg = RoomMsg::Attach {
            conn: self.id,
            outbox: tx,
            how,
            reply,
        };
        let closed = || ServerMsg::refused(Refusal::NoSuchRoom, "the room has closed");
        if room.send(msg).await.is_err() {
            replies.push(closed());
            return Some(Refusal::NoSuchRoom);
        }
        match answer.await {
            Ok(Ok(())) => {
                self.room = Some(room);
                *outbox = Some(rx);
                None
            }
            Ok(Err((reason, detail))) => {
                replies.push(ServerMsg::Refused { reason, detail });
                Some(reason)
            }
            Err(_) => {
                replies.push(closed());
                Some(Refusal::NoSuchRoom)
            }
        }
    }

    /// The person behind a join: their profile found by its key, or a new one.
    async fn person(&self, player: &PlayerSpec) -> Result<Joining, ServerMsg> {
        let name = clean_name(&player.name);
        let store = &self.shared.store;
        let db = |e: String| {
            ServerMsg::refused(Refusal::Full, format!("the server's database failed: {e}"))
        };
        if let Some(key) = player.profile.as_ref().filter(|k| k.len() <= 64)
            && let Some(p) = store.profile_by_key(&secret::hash(key)).await.map_err(db)?
        {
            if p.name != name {
                store.write_later(store::Write::Rename {
                    profile: p.id,
                    name: name.clone(),
                });
            }
            return Ok(Joining {
                name,
                profile: p.id,
                rating: p.rating,
                key: key.clone(),
            });
        }
        let key = secret::token();
        let id = store
            .write(store::Write::NewProfile {
                key_hash: secret::hash(&key),
                name: name.clone(),
            })
            .await
            .map_err(|e| db(e.into()))?;
        Ok(Joining {
            name,
            profile: id,
            rating: ludo_core::rating::START_RATING,
            key,
        })
    }
}
