//! One room, owned by one task (an actor): it takes joins and requests from connections in
//! the order they arrive, plays the CPU seats and the seats of people who are away, runs the
//! turn clock, writes each step to the database before anyone hears of it, and sends every
//! member the engine's events in order.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::Utf8Bytes;
use ludo_core::{CpuLevel, Event, PlayError, Step, rating};
use ludo_proto::{
    ClientMsg, GameResult, GameView, Numbered, REACTION_GAP_MS, Reaction, Refusal, RoomView,
    ServerMsg, Stage, encode, events_messages,
};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

use crate::Shared;
use crate::secret;
use crate::store::{RatingChange, StoreError, Write};
use crate::table::{Action, GameFile, Live, Seat, Table};

/// The most `events` messages a catch-up takes (each at most `EVENTS_MESSAGE_BYTES`): a
/// device that missed more gets the room's snapshot alone, from which it follows as well.
pub const CATCH_UP_MESSAGES: usize = OUTBOX / 2;

/// How long a quick-play table keeps a seat for the person it was matched to.
const QUICK_SEAT_GRACE: Duration = Duration::from_secs(10);

/// A connection's number, unique in the process.
pub type ConnId = u64;

/// What a room sends a connection.
pub type Outbox = mpsc::Sender<Utf8Bytes>;

/// How many messages may wait for a slow connection before the room lets it go (it comes
/// back with `resume` and a fresh snapshot).
pub const OUTBOX: usize = 64;

pub enum RoomMsg {
    Attach {
        conn: ConnId,
        outbox: Outbox,
        how: Attach,
        reply: oneshot::Sender<Result<(), (Refusal, String)>>,
    },
    Request {
        conn: ConnId,
        msg: ClientMsg,
    },
    Detach {
        conn: ConnId,
    },
    /// Another node holds the room now (PostgreSQL): its devices go there, and it ends here.
    Lost,
}

pub enum Attach {
    /// Take a seat in the lobby (`seat`, or the first open one).
    Join {
        person: Joining,
        seat: Option<u8>,
    },
    Resume {
        token: String,
        seen: u64,
    },
    Watch,
}

/// A person about to sit, with their profile already looked up.
pub struct Joining {
    pub name: String,
    pub profile: i64,
    pub rating: f64,
    /// The profile key to give the device (new or as it sent it).
    pub key: String,
}

struct Member {
    outbox: Outbox,
    seat: Option<u8>,
}

/// Who is at a seat now: its connection, or since when its person has been away.
#[derive(Clone, Copy, Debug, Default)]
struct Presence {
    conn: Option<ConnId>,
    away_since: Option<Instant>,
    /// The away grace ran out and the room has said so (the CPU plays the seat, or in a
    /// lobby the seat opened again).
    grace_over: bool,
}

impl Presence {
    fn here(conn: ConnId) -> Presence {
        Presence {
            conn: Some(conn),
            away_since: None,
            grace_over: false,
        }
    }
    fn away(since: Instant) -> Presence {
        Presence {
            conn: None,
            away_since: Some(since),
            grace_over: false,
        }
    }
}

/// Who acts for the seat to play now.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Actor {
    /// A person, who may take until the deadline.
    Person(Option<Instant>),
    /// The CPU, at the given level, from the given moment.
    Cpu(CpuLevel, Instant),
    /// Nobody: the game waits (no person is at the table).
    Nobody,
}

/// The clock of the turn in progress.
struct Turn {
    seat: u8,
    deadline: Option<Instant>,
    /// The time ran out: the CPU plays the rest of the turn.
    expired: bool,
}

pub struct Room {
    shared: Arc<Shared>,
    table: Table,
    live: Option<Live>,
    members: HashMap<ConnId, Member>,
    /// Each seat's connection, or since when its person has been away.
    presence: Vec<Presence>,
    turn: Option<Turn>,
    last_step: Instant,
    /// Since when nobody has been in the room.
    idle_since: Option<Instant>,
    /// When each seat last reacted (seat numbers of the stage the room is in).
    reacted: HashMap<u8, Instant>,
    /// A quick-play lobby's seats nobody has taken by then go to CPUs, and it starts.
    lobby_deadline: Option<Instant>,
    /// The epoch this node holds the room at; its writes are refused once another node
    /// holds it at a later one.
    epoch: i64,
    /// Another node took the room: it ends, and its devices are sent there.
    lost: bool,
}

type Refused = (Refusal, String);

fn refuse<T>(reason: Refusal, detail: impl Into<String>) -> Result<T, Refused> {
    Err((reason, detail.into()))
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
    /// A room from its table and, if a game is under way, the steps played so far.
    pub fn new(
        shared: Arc<Shared>,
        table: Table,
        steps: &[Step],
        epoch: i64,
    ) -> Result<Room, String> {
        let live = match &table.game {
            Some(file) => Some(Live::replay(&table.rules, file.clone(), steps)?.0),
            None => None,
        };
        let n = table.seats.len();
        let now = Instant::now();
        let mut room = Room {
            shared,
            table,
            live,
            members: HashMap::new(),
            presence: vec![Presence::away(now); n],
            turn: None,
            last_step: now,
            idle_since: Some(now),
            reacted: HashMap::new(),
            lobby_deadline: None,
            epoch,
            lost: false,
        };
        if room.table.quick && room.table.stage == Stage::Lobby {
            room.lobby_deadline = Some(now + QUICK_SEAT_GRACE);
        }
        room.new_turn();
        Ok(room)
    }

    pub async fn run(mut self, mut inbox: mpsc::Receiver<RoomMsg>) {
        loop {
            let wake = self.next_wake();
            tokio::select! {
                msg = inbox.recv() => match msg {
                    Some(msg) => self.handle(msg).await,
                    None => break,
                },
                _ = tokio::time::sleep_until(wake) => {
                    if self.expired() {
                        break;
                    }
                    self.on_time().await;
                }
            }
            if self.lost {
                self.shared.rooms.remove(&self.table.code, self.epoch);
                self.move_members().await;
                return;
            }
        }
        self.shared.rooms.remove(&self.table.code, self.epoch);
        self.shared.store.write_later(Write::DeleteRoom {
            code: self.table.code.clone(),
            epoch: self.epoch,
        });
        tracing::info!(room = %self.table.code, "room expired");
    }

    /// The room is another node's now: every device here is told where it is.
    async fn move_members(&mut self) {
        let url = self.shared.address_of(&self.table.code).await;
        tracing::warn!(room = %self.table.code, epoch = self.epoch, %url, "room lost to another node");
        self.broadcast(&ServerMsg::Moved { url });
        self.members.clear();
    }

    /// A write's outcome: one refused because another node holds the room ends the room here.
    fn written(&mut self, result: Result<i64, StoreError>, what: &str) -> bool {
        match result {
            Ok(_) => true,
            Err(StoreError::Fenced) => {
                self.lost = true;
                false
            }
            Err(e) => {
                tracing::error!(room = %self.table.code, "{what} was not saved: {e}");
                true
            }
        }
    }

    fn expired(&self) -> bool {
        self.idle_since
            .is_some_and(|t| t.elapsed() >= self.shared.config.room_ttl)
    }

    async fn handle(&mut self, msg: RoomMsg) {
        match msg {
            RoomMsg::Attach {
                conn,
                outbox,
                how,
                reply,
            } => {
                let result = self.attach(conn, outbox, how).await;
                let ok = result.is_ok();
                let _ = reply.send(result);
                if ok {
                    self.after_attach(conn).await;
                }
            }
            RoomMsg::Request { conn, msg } => {
                if let Err((reason, detail)) = self.request(conn, msg).await {
                    self.send(conn, &ServerMsg::Refused { reason, detail });
                }
            }
            RoomMsg::Detach { conn } => self.detach(conn),
            RoomMsg::Lost => self.lost = true,
        }
        self.idle_since = if self.members.is_empty() {
            self.idle_since.or(Some(Instant::now()))
        } else {
            None
        };
    }

    // ---- joining and leaving -------------------------------------------------------------

    async fn attach(&mut self, conn: ConnId, outbox: Outbox, how: Attach) -> Result<(), Refused> {
        match how {
            Attach::Watch => {
                self.members.insert(conn, Member { outbox, seat: None });
                let view = text(&ServerMsg::Room(Box::new(self.view())));
                self.send_text(conn, view);
                Ok(())
            }
            Attach::Join { person, seat } => {
                if self.table.stage != Stage::Lobby {
                    return refuse(
                        Refusal::GameStarted,
                        "the game has started: join by code before the start, or watch",
                    );
                }
                if self.table.seat_of_profile(person.profile).is_some() {
                    return refuse(
                        Refusal::AlreadySeated,
                        "this profile already sits at this table",
                    );
                }
                let open: Vec<u8> = (0..self.table.seats.len() as u8)
                    .filter(|&s| self.table.seats[s as usize] == Seat::Open)
                    .collect();
                let seat = match seat {
                    Some(s) if open.contains(&s) => s,
                    Some(s) => return refuse(Refusal::RoomFull, format!("seat {s} is not open")),
                    None => match open.first() {
                        Some(&s) => s,
                        None => return refuse(Refusal::RoomFull, "every seat is taken"),
                    },
                };
                let token = secret::token();
                let sitting = Seat::Person {
                    name: person.name,
                    token_hash: secret::hash(&token),
                    profile: person.profile,
                    rating: person.rating,
                };
                self.table.take_seat(seat, sitting);
                self.save().await;
                self.sit(conn, outbox, seat);
                let code = self.table.code.clone();
                self.send(
                    conn,
                    &ServerMsg::Joined {
                        link: format!("/r/{code}"),
                        code,
                        token,
                        profile: person.key,
                    },
                );
                self.send(conn, &ServerMsg::Seated { seat });
                Ok(())
            }
            Attach::Resume { token, seen } => {
                let hash = secret::hash(&token);
                let Some(seat) = self.table.seat_of_token(&hash) else {
                    return self.resume_gone(conn, outbox, &hash).await;
                };
                if let Some(old) = self.presence[seat as usize].conn.take() {
                    // The same device again (a new tab, or a reconnect before the old socket
                    // timed out): the old connection goes.
                    self.members.remove(&old);
                }
                self.sit(conn, outbox, seat);
                self.send(conn, &ServerMsg::Seated { seat });
                let view = text(&ServerMsg::Room(Box::new(self.view())));
                self.send_text(conn, view);
                self.catch_up(conn, seen);
                Ok(())
            }
        }
    }

    /// The events a resuming device missed since `seen`, in messages of bounded size; none
    /// when it missed more than `CATCH_UP_MESSAGES` hold, or claims more than were played
    /// (the snapshot just sent is the game as it is, and a device follows on from it).
    fn catch_up(&mut self, conn: ConnId, seen: u64) {
        let Some(live) = &self.live else {
            return;
        };
        if seen >= live.seq {
            return;
        }
        let events = live.events(&self.table.rules);
        let messages = events_messages(seen, &events[seen as usize..]);
        if messages.len() <= CATCH_UP_MESSAGES {
            for m in &messages {
                self.send(conn, m);
            }
        }
    }

    /// A token whose lobby seat opened again while its device was gone: it sits again while
    /// the lobby has a free seat, else it watches (and is told why).
    async fn resume_gone(
        &mut self,
        conn: ConnId,
        outbox: Outbox,
        hash: &str,
    ) -> Result<(), Refused> {
        if !self.table.is_gone(hash) {
            return refuse(Refusal::BadToken, "no seat of this room has that token");
        }
        let open =
            (0..self.table.seats.len() as u8).find(|&s| self.table.seats[s as usize] == Seat::Open);
        match open {
            Some(seat) if self.table.stage == Stage::Lobby => {
                let gone = self.table.take_gone(hash).expect("gone, as just seen");
                self.table.take_seat(seat, gone.into());
                self.save().await;
                self.sit(conn, outbox, seat);
                self.send(conn, &ServerMsg::Seated { seat });
            }
            _ => {
                self.members.insert(conn, Member { outbox, seat: None });
                let (reason, detail) = if self.table.stage == Stage::Lobby {
                    (
                        Refusal::RoomFull,
                        "your seat went to another player while you were away: you watch",
                    )
                } else {
                    (
                        Refusal::GameStarted,
                        "the game started without you while you were away: you watch",
                    )
                };
                self.send(conn, &ServerMsg::refused(reason, detail));
                let view = text(&ServerMsg::Room(Box::new(self.view())));
                self.send_text(conn, view);
            }
        }
        Ok(())
    }

    /// `conn` plays `seat` from now on, and is present.
    fn sit(&mut self, conn: ConnId, outbox: Outbox, seat: u8) {
        let member = Member {
            outbox,
            seat: Some(seat),
        };
        self.members.insert(conn, member);
        self.presence[seat as usize] = Presence::here(conn);
    }

    /// Everyone hears who is at the table now; a full lobby starts.
    async fn after_attach(&mut self, conn: ConnId) {
        if self.members.get(&conn).is_some_and(|m| m.seat.is_some()) {
            self.broadcast_room();
        }
        if self.table.stage == Stage::Lobby
            && !self.table.seats.contains(&Seat::Open)
            && let Err((reason, detail)) = self.start().await
        {
            tracing::warn!(room = %self.table.code, "full lobby did not start: {reason:?} {detail}");
        }
    }

    fn detach(&mut self, conn: ConnId) {
        let Some(member) = self.members.remove(&conn) else {
            return;
        };
        if let Some(seat) = member.seat
            && self.presence[seat as usize].conn == Some(conn)
        {
            self.presence[seat as usize] = Presence::away(Instant::now());
            self.broadcast_room();
        }
    }

    /// The away grace ran out for seats whose device is gone: in a lobby their seats open
    /// again (and the host's role passes on), in a game the CPU now plays them; everyone
    /// hears it.
    async fn graces_over(&mut self, now: Instant) {
        let grace = self.shared.config.away_grace;
        let mut changed = false;
        let mut save = false;
        for seat in 0..self.presence.len() as u8 {
            let p = &mut self.presence[seat as usize];
            if p.grace_over || p.away_since.is_none_or(|t| now < t + grace) {
                continue;
            }
            p.grace_over = true;
            if !self.table.is_person(seat) {
                continue;
            }
            changed = true;
            let hosted = self.table.host == Some(seat);
            if self.table.stage == Stage::Lobby {
                tracing::info!(room = %self.table.code, seat, "a lobby seat whose device is gone opened again");
                self.table.open_seat(seat);
                if hosted {
                    self.table.host = self.next_host(seat);
                }
                save = true;
            } else if hosted && let Some(next) = self.next_present(seat) {
                // The seat stays the person's; the host's role (start, rematch) goes to
                // someone who is here to use it.
                self.table.host = Some(next);
                save = true;
            }
        }
        if save {
            self.save().await;
        }
        if changed {
            self.broadcast_room();
        }
    }

    /// The people after `old` in seat order.
    fn people_after(&self, old: u8) -> impl Iterator<Item = u8> + '_ {
        let n = self.table.seats.len() as u8;
        (1..=n)
            .map(move |i| (old + i) % n)
            .filter(|&s| self.table.is_person(s))
    }

    /// The next person present after `old`.
    fn next_present(&self, old: u8) -> Option<u8> {
        self.people_after(old)
            .find(|&s| self.presence[s as usize].conn.is_some())
    }

    /// Who hosts after `old`: the next person present in seat order, else the next person.
    fn next_host(&self, old: u8) -> Option<u8> {
        self.next_present(old)
            .or_else(|| self.people_after(old).next())
    }

    /// When the next away grace runs out, if one is running.
    fn next_grace(&self) -> Option<Instant> {
        let grace = self.shared.config.away_grace;
        self.presence
            .iter()
            .enumerate()
            .filter(|&(s, p)| !p.grace_over && self.table.is_person(s as u8))
            .filter_map(|(_, p)| p.away_since.map(|t| t + grace))
            .min()
    }

    // ---- requests ------------------------------------------------------------------------

    async fn request(&mut self, conn: ConnId, msg: ClientMsg) -> Result<(), Refused> {
        let Some(seat) = self.members.get(&conn).and_then(|m| m.seat) else {
            return refuse(
                Refusal::NotSeated,
                "this connection watches; it has no seat",
            );
        };
        match msg {
            ClientMsg::Start => {
                self.check_host(seat)?;
                if self.table.stage != Stage::Lobby {
                    return refuse(Refusal::GameStarted, "the game has started");
                }
                self.start().await
            }
            ClientMsg::Rematch => {
                self.check_host(seat)?;
                if self.table.stage != Stage::Over {
                    return refuse(Refusal::NotOver, "the game is not over");
                }
                let last = self.live.as_ref().map_or(0, |l| l.game.first_seat());
                let first = self
                    .table
                    .rules
                    .rematch_first_seat(last, self.table.seats.len() as u8);
                self.new_game(first).await;
                Ok(())
            }
            ClientMsg::Roll { at } => self.person_plays(seat, at, Action::Press).await,
            ClientMsg::Move { at, piece } => self.person_plays(seat, at, Action::Move(piece)).await,
            ClientMsg::Leave => {
                self.leave(conn, seat).await;
                Ok(())
            }
            ClientMsg::React { reaction } => self.react(seat, &reaction),
            _ => refuse(Refusal::Malformed, "not a request for a room"),
        }
    }

    /// A seated player's reaction, for everyone in the room (spectators too); one every
    /// `REACTION_GAP_MS` a seat.
    fn react(&mut self, seat: u8, id: &str) -> Result<(), Refused> {
        let Some(reaction) = Reaction::from_id(id) else {
            let shown: String = id.chars().take(24).collect();
            return refuse(
                Refusal::UnknownReaction,
                format!("{shown:?} is not a reaction"),
            );
        };
        let now = Instant::now();
        let gap = Duration::from_millis(REACTION_GAP_MS);
        if self
            .reacted
            .get(&seat)
            .is_some_and(|&last| now.duration_since(last) < gap)
        {
            return refuse(Refusal::TooFast, "one reaction every three seconds");
        }
        self.reacted.insert(seat, now);
        self.broadcast(&ServerMsg::Reacted { seat, reaction });
        Ok(())
    }

    fn check_host(&self, seat: u8) -> Result<(), Refused> {
        if self.table.host == Some(seat) {
            Ok(())
        } else {
            refuse(Refusal::NotHost, "only the host starts games")
        }
    }

    async fn leave(&mut self, conn: ConnId, seat: u8) {
        if let Some(m) = self.members.get_mut(&conn) {
            m.seat = None;
        }
        self.presence[seat as usize] = Presence::away(Instant::now());
        if self.table.stage == Stage::Lobby {
            self.table.seats[seat as usize] = Seat::Open;
            if self.table.host == Some(seat) {
                self.table.host = self.next_host(seat);
            }
            self.save().await;
        }
        self.broadcast_room();
    }

    async fn person_plays(&mut self, seat: u8, at: u64, action: Action) -> Result<(), Refused> {
        let Some(live) = &self.live else {
            return refuse(Refusal::WrongPhase, "no game has started");
        };
        if self.table.stage != Stage::Playing {
            return refuse(Refusal::WrongPhase, "the game is over");
        }
        if live.game.turn() != seat {
            return refuse(
                Refusal::NotYourTurn,
                format!("it is seat {}'s turn", live.game.turn()),
            );
        }
        if self.turn.as_ref().is_some_and(|t| t.expired) {
            return refuse(
                Refusal::NotYourTurn,
                "the turn's time ran out: the CPU plays the rest of it",
            );
        }
        if at != live.seq {
            return refuse(
                Refusal::Stale,
                format!(
                    "the request answers event {at}, but the game is at event {}",
                    live.seq
                ),
            );
        }
        self.play(action).await.map_err(|e| match e {
            PlayError::OutOfTurn { .. } => (Refusal::WrongPhase, e.to_string()),
            _ => (Refusal::Illegal, e.to_string()),
        })
    }

    // ---- the game ------------------------------------------------------------------------

    async fn start(&mut self) -> Result<(), Refused> {
        let playing = self
            .table
            .seats
            .iter()
            .filter(|s| matches!(s, Seat::Person { .. } | Seat::Cpu { .. }))
            .count();
        if playing < 2 {
            return refuse(
                Refusal::NotEnoughPlayers,
                "a game needs two players or more",
            );
        }
        let moved = self.table.close_up();
        let mut presence = vec![Presence::default(); self.table.seats.len()];
        for (old, new) in moved.iter().enumerate() {
            if let Some(new) = *new {
                presence[new as usize] = self.presence[old];
            }
        }
        self.presence = presence;
        // Seats are numbered again: what they last said starts afresh.
        self.reacted.clear();
        for member in self.members.values_mut() {
            member.seat = member.seat.and_then(|s| moved[s as usize]);
        }
        // Each device learns its seat's new number before the game's first snapshot.
        let seats: Vec<(ConnId, u8)> = self
            .members
            .iter()
            .filter_map(|(&c, m)| m.seat.map(|s| (c, s)))
            .collect();
        for (conn, seat) in seats {
            self.send(conn, &ServerMsg::Seated { seat });
        }
        self.new_game(0).await;
        Ok(())
    }

    async fn new_game(&mut self, first_seat: u8) {
        let number = self.table.game.as_ref().map_or(1, |g| g.number + 1);
        let seed = match self.shared.config.fixed_seed {
            // Tests only: the same dice for the same game number, so a test replays.
            Some(fixed) => {
                fixed.wrapping_add(u64::from(number).wrapping_mul(0x9E37_79B9_7F4A_7C15))
            }
            None => secret::seed(),
        };
        let file = GameFile {
            number,
            seed,
            first_seat,
            players: self.table.players(),
            ranked: self.table.is_ranked(),
            rating_changes: None,
        };
        let live = match Live::replay(&self.table.rules, file.clone(), &[]) {
            Ok((live, _)) => live,
            Err(e) => {
                tracing::error!(room = %self.table.code, "a game could not start: {e}");
                return;
            }
        };
        self.table.game = Some(file);
        self.table.stage = Stage::Playing;
        self.live = Some(live);
        self.last_step = Instant::now();
        self.turn = None;
        self.new_turn();
        self.save().await;
        self.broadcast_room();
    }

    /// Plays `action` for the seat to act, writes the step, and tells everyone.
    async fn play(&mut self, action: Action) -> Result<(), PlayError> {
        let live = self.live.as_mut().expect("a game is under way");
        let first = live.seq;
        let (step, events) = live.play(action)?;
        let write = Write::Step {
            code: self.table.code.clone(),
            epoch: self.epoch,
            game: live.file.number,
            idx: live.record.steps.len() as u32 - 1,
            step,
        };
        let over = live.game.is_over();
        let result = self.shared.store.write(write).await;
        if !self.written(result, "a step") {
            // Nobody hears of a step the database refused: the room ends here.
            return Ok(());
        }
        self.last_step = Instant::now();
        let passed = events.iter().any(|e| {
            matches!(
                e,
                Event::TurnPassed { .. } | Event::FirstPlayer { .. } | Event::RollOff { .. }
            )
        });
        self.broadcast(&ServerMsg::Events {
            events: numbered(first, &events),
        });
        if over {
            self.finish().await;
        } else if passed {
            self.new_turn();
        }
        Ok(())
    }

    async fn finish(&mut self) {
        let live = self.live.as_ref().expect("a game is under way");
        let ranking = live.game.ranking().unwrap_or_default().to_vec();
        let mut ratings = Vec::new();
        if live.file.ranked {
            let mut ranks = vec![0u8; self.table.seats.len()];
            for s in &ranking {
                ranks[s.seat as usize] = s.rank;
            }
            let mut now = Vec::new();
            let mut ids = Vec::new();
            for seat in &self.table.seats {
                if let Seat::Person {
                    profile, rating, ..
                } = seat
                {
                    let fresh = self.shared.store.profile(*profile).await.ok().flatten();
                    now.push(fresh.map_or(*rating, |p| p.rating));
                    ids.push(*profile);
                }
            }
            let changes = rating::changes(&now, &ranks);
            for (i, seat) in self.table.seats.iter_mut().enumerate() {
                if let Seat::Person { rating, .. } = seat {
                    *rating = now[i] + changes[i];
                    ratings.push(RatingChange {
                        profile: ids[i],
                        change: changes[i],
                        won: ranks[i] == 1,
                    });
                }
            }
            if let Some(g) = self.table.game.as_mut() {
                g.rating_changes = Some(changes);
            }
        }
        let number = live.file.number;
        let record = serde_json::to_string(&live.record).expect("a record serializes");
        let ranked = live.file.ranked;
        self.table.stage = Stage::Over;
        self.turn = None;
        let write = Write::Finished {
            code: self.table.code.clone(),
            epoch: self.epoch,
            number,
            ranked,
            record,
            ratings,
            room: serde_json::to_string(&self.table).expect("a table serializes"),
        };
        let result = self.shared.store.write(write).await;
        if self.written(result, "a finished game") {
            self.broadcast_room();
        }
    }

    /// The turn in progress changed hands (or a game started): its clock starts.
    fn new_turn(&mut self) {
        let Some(live) = &self.live else {
            return;
        };
        if self.table.stage != Stage::Playing {
            self.turn = None;
            return;
        }
        let seat = live.game.turn();
        let deadline = match self.table.turn_limit_secs {
            Some(secs) if self.table.is_person(seat) => {
                Some(Instant::now() + Duration::from_secs(secs as u64))
            }
            _ => None,
        };
        self.turn = Some(Turn {
            seat,
            deadline,
            expired: false,
        });
        if let Some(deadline) = deadline {
            let ms_left = deadline
                .saturating_duration_since(Instant::now())
                .as_millis() as u32;
            self.broadcast(&ServerMsg::Clock { seat, ms_left });
        }
    }

    fn actor(&self) -> Actor {
        let (Some(live), Some(turn)) = (&self.live, &self.turn) else {
            return Actor::Nobody;
        };
        if self.table.stage != Stage::Playing || self.presence.iter().all(|p| p.conn.is_none()) {
            return Actor::Nobody;
        }
        let seat = live.game.turn();
        let pace = self.last_step + self.shared.config.cpu_pace;
        match &self.table.seats[seat as usize] {
            Seat::Cpu { level } => Actor::Cpu(*level, pace),
            Seat::Person { .. } => match self.presence[seat as usize].away_since {
                _ if turn.expired => Actor::Cpu(CpuLevel::Normal, pace),
                Some(since) => Actor::Cpu(
                    CpuLevel::Normal,
                    pace.max(since + self.shared.config.away_grace),
                ),
                None => Actor::Person(turn.deadline),
            },
            Seat::Open | Seat::Empty => Actor::Nobody,
        }
    }

    fn next_wake(&self) -> Instant {
        let far = Instant::now() + Duration::from_secs(3600);
        let act = match self.actor() {
            Actor::Cpu(_, at) => at,
            Actor::Person(Some(deadline)) => deadline,
            Actor::Person(None) | Actor::Nobody => far,
        };
        let expiry = self
            .idle_since
            .map_or(far, |t| t + self.shared.config.room_ttl);
        let lobby = self
            .lobby_deadline
            .filter(|_| self.table.stage == Stage::Lobby)
            .unwrap_or(far);
        act.min(expiry)
            .min(self.next_grace().unwrap_or(far))
            .min(lobby)
    }

    /// A quick-play lobby whose people have not all come: CPUs in their seats, and the game.
    async fn quick_lobby_over(&mut self, now: Instant) {
        if self.table.stage != Stage::Lobby || self.lobby_deadline.is_none_or(|d| now < d) {
            return;
        }
        self.lobby_deadline = None;
        // Nobody came: the room waits for its end.
        if !self
            .table
            .seats
            .iter()
            .any(|s| matches!(s, Seat::Person { .. }))
        {
            return;
        }
        let level = self
            .table
            .seats
            .iter()
            .find_map(|s| match s {
                Seat::Cpu { level } => Some(*level),
                _ => None,
            })
            .unwrap_or(CpuLevel::Normal);
        for seat in self.table.seats.iter_mut().filter(|s| **s == Seat::Open) {
            *seat = Seat::Cpu { level };
        }
        if let Err((reason, detail)) = self.start().await {
            tracing::warn!(room = %self.table.code, "a quick-play table did not start: {reason:?} {detail}");
        }
    }

    async fn on_time(&mut self) {
        let now = Instant::now();
        self.graces_over(now).await;
        self.quick_lobby_over(now).await;
        match self.actor() {
            Actor::Person(Some(deadline)) if now >= deadline => {
                if let Some(turn) = self.turn.as_mut() {
                    turn.expired = true;
                }
                self.broadcast_room();
            }
            Actor::Cpu(level, at) if now >= at => {
                let table = std::array::from_fn(|s| match self.table.seats.get(s) {
                    Some(Seat::Cpu { level }) => Some(*level),
                    _ => None,
                });
                let live = self.live.as_mut().expect("a game is under way");
                let action = live.cpu_action(level, &table);
                if let Err(e) = self.play(action).await {
                    tracing::error!(room = %self.table.code, "the CPU's move was refused: {e}");
                }
            }
            _ => {}
        }
    }

    // ---- what is sent --------------------------------------------------------------------

    fn view(&self) -> RoomView {
        let turn_seat = self.turn.as_ref().map(|t| t.seat);
        let expired = self.turn.as_ref().is_some_and(|t| t.expired);
        let playing = self.table.stage == Stage::Playing;
        let seats = (0..self.table.seats.len() as u8)
            .map(|s| {
                let p = &self.presence[s as usize];
                let present = p.conn.is_some();
                let cpu_plays =
                    playing && ((!present && p.grace_over) || (expired && turn_seat == Some(s)));
                self.table.seat_view(s, present, cpu_plays)
            })
            .collect();
        let game = match (&self.live, &self.table.game) {
            (Some(live), Some(file)) => Some(GameView {
                number: file.number,
                state: live.game.state(),
                seq: live.seq,
                seed_hash: ludo_proto::seed_hash(file.seed),
                ranked: file.ranked,
                clock_ms_left: self
                    .turn
                    .as_ref()
                    .filter(|t| !t.expired)
                    .and_then(|t| t.deadline)
                    .map(|d| d.saturating_duration_since(Instant::now()).as_millis() as u32),
                result: live.game.ranking().map(|ranking| GameResult {
                    ranking: ranking.to_vec(),
                    seed: file.seed,
                    record: live.record.clone(),
                    rating_changes: file.rating_changes.clone(),
                }),
            }),
            _ => None,
        };
        RoomView {
            code: self.table.code.clone(),
            rules: self.table.rules.clone(),
            turn_limit_secs: self.table.turn_limit_secs,
            host: self.table.host.unwrap_or(0),
            seats,
            stage: self.table.stage,
            game,
        }
    }

    async fn save(&mut self) {
        let json = serde_json::to_string(&self.table).expect("a table serializes");
        let write = Write::Room {
            code: self.table.code.clone(),
            epoch: self.epoch,
            json,
        };
        let result = self.shared.store.write(write).await;
        self.written(result, "the room");
    }

    fn broadcast_room(&mut self) {
        self.broadcast(&ServerMsg::Room(Box::new(self.view())));
    }

    fn broadcast(&mut self, msg: &ServerMsg) {
        let t = text(msg);
        let conns: Vec<ConnId> = self.members.keys().copied().collect();
        for conn in conns {
            self.send_text(conn, t.clone());
        }
    }

    fn send(&mut self, conn: ConnId, msg: &ServerMsg) {
        self.send_text(conn, text(msg));
    }

    /// Sends to one member; one that cannot keep up is let go (its device resumes).
    fn send_text(&mut self, conn: ConnId, t: Utf8Bytes) {
        let Some(member) = self.members.get(&conn) else {
            return;
        };
        if member.outbox.try_send(t).is_err() {
            tracing::info!(room = %self.table.code, conn, "a member that does not keep up was let go");
            self.detach(conn);
        }
    }
}

fn numbered(first: u64, events: &[Event]) -> Vec<Numbered> {
    events
        .iter()
        .enumerate()
        .map(|(i, e)| Numbered {
            seq: first + i as u64,
            event: e.clone(),
        })
        .collect()
}
