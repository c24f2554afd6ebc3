//! One room as a state machine with no I/O: `RoomState::apply(input)` takes a member's
//! arrival, request or departure, or the clock, and returns what to do (`Effect`s, in order):
//! messages to members, writes to the database (each committed before any message after it
//! goes out), the answer to an arrival, the profiles' ratings to read before a game is
//! scored, the room's end. The time is given with each input and the secrets (seat tokens,
//! dice seeds) come from a `Secrets`, so the tests below drive every rule of a room by hand.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use ludo_core::{CpuLevel, Event, PlayError, Step, rating};
use ludo_proto::{
    ClientMsg, GameResult, GameView, Numbered, REACTION_GAP_MS, Reaction, Refusal, RoomView,
    ServerMsg, Stage, events_messages,
};

use super::table::{Action, GameFile, Live, Seat, Table};
use crate::secret;
use crate::store::{RatingChange, Write};

/// A connection's number, unique in the process.
pub type ConnId = u64;

/// The most `events` messages a catch-up takes (each at most `EVENTS_MESSAGE_BYTES`): a
/// device that missed more gets the room's snapshot alone, from which it follows as well.
pub const CATCH_UP_MESSAGES: usize = super::OUTBOX / 2;

/// How long a quick-play table keeps a seat for the person it was matched to.
const QUICK_SEAT_GRACE: Duration = Duration::from_secs(10);

/// A refusal and why.
pub type Refused = (Refusal, String);

fn refuse<T>(reason: Refusal, detail: impl Into<String>) -> Result<T, Refused> {
    Err((reason, detail.into()))
}

/// The room's part of the server's configuration.
#[derive(Clone, Copy, Debug)]
pub struct RoomConfig {
    /// How long a CPU waits before each step.
    pub cpu_pace: Duration,
    /// How long a person may be away before the CPU plays for them.
    pub away_grace: Duration,
    /// How long a room with nobody in it lives on.
    pub room_ttl: Duration,
}

/// Where seat tokens and dice seeds come from (the OS's randomness; fixed ones in tests).
pub trait Secrets {
    fn token(&mut self) -> String;
    /// The seed of game `number` of the room.
    fn seed(&mut self, number: u32) -> u64;
}

/// How a connection comes to the room.
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

pub enum Input {
    Attach {
        conn: ConnId,
        how: Attach,
    },
    Request {
        conn: ConnId,
        msg: ClientMsg,
    },
    Detach {
        conn: ConnId,
    },
    /// The time `next_wake` asked for came (or any time: nothing happens early).
    Tick,
    /// The ratings `Effect::ReadRatings` asked for, in its order (`None`: not found).
    Ratings(Vec<Option<f64>>),
}

/// Who a message goes to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum To {
    One(ConnId),
    /// Every member: seated, watching.
    All,
}

#[derive(Debug)]
pub enum Effect {
    Send(To, ServerMsg),
    /// Committed before any effect after it is carried out.
    Write(Write),
    /// The answer to an `Attach` (after its first messages; before what it sets off).
    Answer {
        conn: ConnId,
        result: Result<(), Refused>,
    },
    /// The member is no longer in the room (its seat went to a newer connection).
    Forget(ConnId),
    /// The current ratings of these profiles, for the game just over: answer with
    /// `Input::Ratings` before anything else.
    ReadRatings(Vec<i64>),
    /// Nobody came for the room's time to live: it ends.
    Expired,
}

/// A seat's state beside the table: who is there, and when its player last reacted.
#[derive(Clone, Copy, Debug, Default)]
struct SeatState {
    conn: Option<ConnId>,
    away_since: Option<Instant>,
    /// The away grace ran out and the room has said so (the CPU plays the seat, or in a
    /// lobby the seat opened again).
    grace_over: bool,
    reacted: Option<Instant>,
}

impl SeatState {
    fn come(&mut self, conn: ConnId) {
        self.conn = Some(conn);
        self.away_since = None;
        self.grace_over = false;
    }

    fn go(&mut self, now: Instant) {
        self.conn = None;
        self.away_since = Some(now);
        self.grace_over = false;
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

/// The step that ended a game and what it told, held until the game's end is written with
/// it in one commit: nobody hears of it before.
struct Ending {
    idx: u32,
    step: Step,
    told: ServerMsg,
}

/// The clock of the turn in progress.
struct Turn {
    seat: u8,
    deadline: Option<Instant>,
    /// The time ran out: the CPU plays the rest of the turn.
    expired: bool,
}

pub struct RoomState {
    config: RoomConfig,
    table: Table,
    live: Option<Live>,
    /// Each member's seat (`None`: watching).
    members: HashMap<ConnId, Option<u8>>,
    /// Beside each of the table's seats, in its order.
    seats: Vec<SeatState>,
    turn: Option<Turn>,
    last_step: Instant,
    /// Since when nobody has been in the room.
    idle_since: Option<Instant>,
    /// A quick-play lobby's seats nobody has taken by then go to CPUs, and it starts.
    lobby_deadline: Option<Instant>,
    /// The step that ended the game, until the game's end is written.
    ending: Option<Ending>,
    /// The time of the input being applied.
    now: Instant,
    /// The effects of the input being applied.
    out: Vec<Effect>,
}

impl RoomState {
    /// A room from its table and, if a game is under way, the steps played so far.
    pub fn new(
        config: RoomConfig,
        table: Table,
        steps: &[Step],
        now: Instant,
    ) -> Result<RoomState, String> {
        let live = match &table.game {
            Some(file) => Some(Live::replay(&table.rules, file.clone(), steps)?.0),
            None => None,
        };
        let mut seats = vec![SeatState::default(); table.seats.len()];
        for s in &mut seats {
            s.go(now);
        }
        let mut room = RoomState {
            config,
            lobby_deadline: (table.quick && table.stage == Stage::Lobby)
                .then_some(now + QUICK_SEAT_GRACE),
            table,
            live,
            members: HashMap::new(),
            seats,
            turn: None,
            last_step: now,
            idle_since: Some(now),
            ending: None,
            now,
            out: Vec::new(),
        };
        room.new_turn();
        room.out.clear();
        Ok(room)
    }

    pub fn code(&self) -> &str {
        &self.table.code
    }

    /// Applies `input` at `now`: what to do, in order.
    pub fn apply(&mut self, input: Input, now: Instant, secrets: &mut dyn Secrets) -> Vec<Effect> {
        self.now = now;
        let by_member = matches!(
            input,
            Input::Attach { .. } | Input::Request { .. } | Input::Detach { .. }
        );
        match input {
            Input::Attach { conn, how } => {
                let result = self.attach(conn, how, secrets);
                let ok = result.is_ok();
                self.out.push(Effect::Answer { conn, result });
                if ok {
                    self.after_attach(conn, secrets);
                }
            }
            Input::Request { conn, msg } => {
                if let Err((reason, detail)) = self.request(conn, msg, secrets) {
                    self.send(conn, ServerMsg::Refused { reason, detail });
                }
            }
            Input::Detach { conn } => self.detach(conn),
            Input::Tick => {
                if self.expired() {
                    self.out.push(Effect::Expired);
                } else {
                    self.on_time(secrets);
                }
            }
            Input::Ratings(fresh) => self.finish(&fresh),
        }
        if by_member {
            self.idle_since = if self.members.is_empty() {
                self.idle_since.or(Some(now))
            } else {
                None
            };
        }
        std::mem::take(&mut self.out)
    }

    fn expired(&self) -> bool {
        self.idle_since
            .is_some_and(|t| self.now.saturating_duration_since(t) >= self.config.room_ttl)
    }

    // ---- joining and leaving -------------------------------------------------------------

    fn attach(
        &mut self,
        conn: ConnId,
        how: Attach,
        secrets: &mut dyn Secrets,
    ) -> Result<(), Refused> {
        match how {
            Attach::Watch => {
                self.members.insert(conn, None);
                self.send(conn, ServerMsg::Room(Box::new(self.view())));
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
                let token = secrets.token();
                let sitting = Seat::Person {
                    name: person.name,
                    token_hash: secret::hash(&token),
                    profile: person.profile,
                    rating: person.rating,
                };
                self.table.take_seat(seat, sitting);
                self.save();
                self.sit(conn, seat);
                let code = self.table.code.clone();
                self.send(
                    conn,
                    ServerMsg::Joined {
                        link: format!("/r/{code}"),
                        code,
                        token,
                        profile: person.key,
                    },
                );
                self.send(conn, ServerMsg::Seated { seat });
                Ok(())
            }
            Attach::Resume { token, seen } => {
                let hash = secret::hash(&token);
                let Some(seat) = self.table.seat_of_token(&hash) else {
                    return self.resume_gone(conn, &hash);
                };
                if let Some(old) = self.seats[seat as usize].conn.take() {
                    // The same device again (a new tab, or a reconnect before the old socket
                    // timed out): the old connection goes.
                    self.members.remove(&old);
                    self.out.push(Effect::Forget(old));
                }
                self.sit(conn, seat);
                self.send(conn, ServerMsg::Seated { seat });
                self.send(conn, ServerMsg::Room(Box::new(self.view())));
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
            for m in messages {
                self.send(conn, m);
            }
        }
    }

    /// A token whose lobby seat opened again while its device was gone: it sits again while
    /// the lobby has a free seat, else it watches (and is told why).
    fn resume_gone(&mut self, conn: ConnId, hash: &str) -> Result<(), Refused> {
        if !self.table.is_gone(hash) {
            return refuse(Refusal::BadToken, "no seat of this room has that token");
        }
        let open =
            (0..self.table.seats.len() as u8).find(|&s| self.table.seats[s as usize] == Seat::Open);
        match open {
            Some(seat) if self.table.stage == Stage::Lobby => {
                let gone = self.table.take_gone(hash).expect("gone, as just seen");
                self.table.take_seat(seat, gone.into());
                self.save();
                self.sit(conn, seat);
                self.send(conn, ServerMsg::Seated { seat });
            }
            _ => {
                self.members.insert(conn, None);
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
                self.send(conn, ServerMsg::refused(reason, detail));
                self.send(conn, ServerMsg::Room(Box::new(self.view())));
            }
        }
        Ok(())
    }

    /// `conn` plays `seat` from now on, and is present.
    fn sit(&mut self, conn: ConnId, seat: u8) {
        self.members.insert(conn, Some(seat));
        self.seats[seat as usize].come(conn);
    }

    /// Everyone hears who is at the table now; a full lobby starts.
    fn after_attach(&mut self, conn: ConnId, secrets: &mut dyn Secrets) {
        if self.members.get(&conn).is_some_and(|s| s.is_some()) {
            self.broadcast_room();
        }
        if self.table.stage == Stage::Lobby && !self.table.seats.contains(&Seat::Open) {
            // A full lobby has two players or more: it starts.
            let _ = self.start(secrets);
        }
    }

    fn detach(&mut self, conn: ConnId) {
        let Some(seat) = self.members.remove(&conn) else {
            return;
        };
        if let Some(seat) = seat
            && self.seats[seat as usize].conn == Some(conn)
        {
            self.seats[seat as usize].go(self.now);
            self.broadcast_room();
        }
    }

    /// The away grace ran out for seats whose device is gone: in a lobby their seats open
    /// again (and the host's role passes on), in a game the CPU now plays them; everyone
    /// hears it.
    fn graces_over(&mut self) {
        let grace = self.config.away_grace;
        let mut changed = false;
        let mut save = false;
        for seat in 0..self.seats.len() as u8 {
            let s = &mut self.seats[seat as usize];
            if s.grace_over || s.away_since.is_none_or(|t| self.now < t + grace) {
                continue;
            }
            s.grace_over = true;
            if !self.table.is_person(seat) {
                continue;
            }
            changed = true;
            let hosted = self.table.host == Some(seat);
            if self.table.stage == Stage::Lobby {
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
            self.save();
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
            .find(|&s| self.seats[s as usize].conn.is_some())
    }

    /// Who hosts after `old`: the next person present in seat order, else the next person.
    fn next_host(&self, old: u8) -> Option<u8> {
        self.next_present(old)
            .or_else(|| self.people_after(old).next())
    }

    /// When the next away grace runs out, if one is running.
    fn next_grace(&self) -> Option<Instant> {
        let grace = self.config.away_grace;
        self.seats
            .iter()
            .enumerate()
            .filter(|&(s, p)| !p.grace_over && self.table.is_person(s as u8))
            .filter_map(|(_, p)| p.away_since.map(|t| t + grace))
            .min()
    }

    // ---- requests ------------------------------------------------------------------------

    fn request(
        &mut self,
        conn: ConnId,
        msg: ClientMsg,
        secrets: &mut dyn Secrets,
    ) -> Result<(), Refused> {
        let Some(seat) = self.members.get(&conn).copied().flatten() else {
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
                self.start(secrets)
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
                self.new_game(first, secrets);
                Ok(())
            }
            ClientMsg::Roll { at } => self.person_plays(seat, at, Action::Press),
            ClientMsg::Move { at, piece } => self.person_plays(seat, at, Action::Move(piece)),
            ClientMsg::Leave => {
                self.leave(conn, seat);
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
        let gap = Duration::from_millis(REACTION_GAP_MS);
        let s = &mut self.seats[seat as usize];
        if s.reacted
            .is_some_and(|last| self.now.saturating_duration_since(last) < gap)
        {
            return refuse(Refusal::TooFast, "one reaction every three seconds");
        }
        s.reacted = Some(self.now);
        self.broadcast(ServerMsg::Reacted { seat, reaction });
        Ok(())
    }

    fn check_host(&self, seat: u8) -> Result<(), Refused> {
        if self.table.host == Some(seat) {
            Ok(())
        } else {
            refuse(Refusal::NotHost, "only the host starts games")
        }
    }

    fn leave(&mut self, conn: ConnId, seat: u8) {
        self.members.insert(conn, None);
        self.seats[seat as usize].go(self.now);
        if self.table.stage == Stage::Lobby {
            self.table.seats[seat as usize] = Seat::Open;
            if self.table.host == Some(seat) {
                self.table.host = self.next_host(seat);
            }
            self.save();
        }
        self.broadcast_room();
    }

    fn person_plays(&mut self, seat: u8, at: u64, action: Action) -> Result<(), Refused> {
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
        self.play(action).map_err(|e| match e {
            PlayError::OutOfTurn { .. } => (Refusal::WrongPhase, e.to_string()),
            _ => (Refusal::Illegal, e.to_string()),
        })
    }

    // ---- the game ------------------------------------------------------------------------

    fn start(&mut self, secrets: &mut dyn Secrets) -> Result<(), Refused> {
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
        // Seats nobody took go; the rest are numbered again, and what is kept beside each
        // moves with it (a seat's reactions start afresh under its new number).
        let moved = self.table.close_up();
        let mut seats = vec![SeatState::default(); self.table.seats.len()];
        for (old, new) in moved.iter().enumerate() {
            if let Some(new) = *new {
                seats[new as usize] = SeatState {
                    reacted: None,
                    ..self.seats[old]
                };
            }
        }
        self.seats = seats;
        for seat in self.members.values_mut() {
            *seat = seat.and_then(|s| moved[s as usize]);
        }
        // Each device learns its seat's new number before the game's first snapshot.
        let mut seated: Vec<(ConnId, u8)> = self
            .members
            .iter()
            .filter_map(|(&c, s)| s.map(|s| (c, s)))
            .collect();
        seated.sort_unstable();
        for (conn, seat) in seated {
            self.send(conn, ServerMsg::Seated { seat });
        }
        self.new_game(0, secrets);
        Ok(())
    }

    fn new_game(&mut self, first_seat: u8, secrets: &mut dyn Secrets) {
        let number = self.table.game.as_ref().map_or(1, |g| g.number + 1);
        let file = GameFile {
            number,
            seed: secrets.seed(number),
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
        self.last_step = self.now;
        self.turn = None;
        self.new_turn();
        self.save();
        self.broadcast_room();
    }

    /// Plays `action` for the seat to act: the step is written, then everyone hears it.
    fn play(&mut self, action: Action) -> Result<(), PlayError> {
        let live = self.live.as_mut().expect("a game is under way");
        let first = live.seq;
        let (step, events) = live.play(action)?;
        let idx = live.record.steps.len() as u32 - 1;
        let game = live.file.number;
        let over = live.game.is_over();
        self.last_step = self.now;
        let passed = events.iter().any(|e| {
            matches!(
                e,
                Event::TurnPassed { .. } | Event::FirstPlayer { .. } | Event::RollOff { .. }
            )
        });
        let told = ServerMsg::Events {
            events: numbered(first, &events),
        };
        if over {
            // Written with the game's end, in one commit (`finish`), and told after it.
            self.ending = Some(Ending { idx, step, told });
            self.game_over();
            return Ok(());
        }
        self.out.push(Effect::Write(Write::Step {
            code: self.table.code.clone(),
            epoch: 0,
            game,
            idx,
            step,
        }));
        self.broadcast(told);
        if passed {
            self.new_turn();
        }
        Ok(())
    }

    /// The game ended: a ranked one asks for its players' ratings as they are now (another
    /// room may have moved them), then is scored; others are scored at once.
    fn game_over(&mut self) {
        let live = self.live.as_ref().expect("a game is under way");
        if !live.file.ranked {
            self.finish(&[]);
            return;
        }
        let ids = self
            .table
            .seats
            .iter()
            .filter_map(|s| match s {
                Seat::Person { profile, .. } => Some(*profile),
                _ => None,
            })
            .collect();
        self.out.push(Effect::ReadRatings(ids));
    }

    /// Scores the game over with the ratings read (`fresh`, person by person) and keeps it.
    fn finish(&mut self, fresh: &[Option<f64>]) {
        let Some(live) = self.live.as_ref().filter(|l| l.game.is_over()) else {
            return;
        };
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
                    now.push(fresh.get(ids.len()).copied().flatten().unwrap_or(*rating));
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
        let ending = self.ending.take();
        self.out.push(Effect::Write(Write::Finished {
            code: self.table.code.clone(),
            epoch: 0,
            number,
            ending: ending.as_ref().map(|e| (e.idx, e.step)),
            ranked,
            record,
            ratings,
            room: serde_json::to_string(&self.table).expect("a table serializes"),
        }));
        if let Some(ending) = ending {
            self.broadcast(ending.told);
        }
        self.broadcast_room();
    }

    /// A game over whose end is not written: a room brought back from steps that end its
    /// game (its node stopped between the two, before they were one commit) finishes it at
    /// its first tick, as the node that played the last step would have.
    fn unfinished(&self) -> bool {
        self.table.stage == Stage::Playing
            && self.ending.is_none()
            && self.live.as_ref().is_some_and(|l| l.game.is_over())
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
                Some(self.now + Duration::from_secs(secs as u64))
            }
            _ => None,
        };
        self.turn = Some(Turn {
            seat,
            deadline,
            expired: false,
        });
        if let Some(deadline) = deadline {
            let ms_left = deadline.saturating_duration_since(self.now).as_millis() as u32;
            self.broadcast(ServerMsg::Clock { seat, ms_left });
        }
    }

    fn actor(&self) -> Actor {
        let (Some(live), Some(turn)) = (&self.live, &self.turn) else {
            return Actor::Nobody;
        };
        if self.table.stage != Stage::Playing || self.seats.iter().all(|p| p.conn.is_none()) {
            return Actor::Nobody;
        }
        let seat = live.game.turn();
        let pace = self.last_step + self.config.cpu_pace;
        match &self.table.seats[seat as usize] {
            Seat::Cpu { level } => Actor::Cpu(*level, pace),
            Seat::Person { .. } => match self.seats[seat as usize].away_since {
                _ if turn.expired => Actor::Cpu(CpuLevel::Normal, pace),
                Some(since) => {
                    Actor::Cpu(CpuLevel::Normal, pace.max(since + self.config.away_grace))
                }
                None => Actor::Person(turn.deadline),
            },
            Seat::Open | Seat::Empty => Actor::Nobody,
        }
    }

    /// When the room next needs a `Tick`: a CPU's step, a turn's deadline, an away grace,
    /// a quick-play lobby's deadline, or its end.
    pub fn next_wake(&self) -> Instant {
        if self.unfinished() {
            return self.now;
        }
        let far = self.now + Duration::from_secs(3600);
        let act = match self.actor() {
            Actor::Cpu(_, at) => at,
            Actor::Person(Some(deadline)) => deadline,
            Actor::Person(None) | Actor::Nobody => far,
        };
        let expiry = self.idle_since.map_or(far, |t| t + self.config.room_ttl);
        let lobby = self
            .lobby_deadline
            .filter(|_| self.table.stage == Stage::Lobby)
            .unwrap_or(far);
        act.min(expiry)
            .min(self.next_grace().unwrap_or(far))
            .min(lobby)
    }

    /// A quick-play lobby whose people have not all come: CPUs in their seats, and the game.
    fn quick_lobby_over(&mut self, secrets: &mut dyn Secrets) {
        if self.table.stage != Stage::Lobby || self.lobby_deadline.is_none_or(|d| self.now < d) {
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
        let _ = self.start(secrets);
    }

    fn on_time(&mut self, secrets: &mut dyn Secrets) {
        if self.unfinished() {
            self.game_over();
            return;
        }
        self.graces_over();
        self.quick_lobby_over(secrets);
        match self.actor() {
            Actor::Person(Some(deadline)) if self.now >= deadline => {
                if let Some(turn) = self.turn.as_mut() {
                    turn.expired = true;
                }
                self.broadcast_room();
            }
            Actor::Cpu(level, at) if self.now >= at => {
                let table = std::array::from_fn(|s| match self.table.seats.get(s) {
                    Some(Seat::Cpu { level }) => Some(*level),
                    _ => None,
                });
                let live = self.live.as_mut().expect("a game is under way");
                let action = live.cpu_action(level, &table);
                if let Err(e) = self.play(action) {
                    tracing::error!(room = %self.table.code, "the CPU's move was refused: {e}");
                }
            }
            _ => {}
        }
    }

    // ---- what is sent --------------------------------------------------------------------

    pub fn view(&self) -> RoomView {
        let turn_seat = self.turn.as_ref().map(|t| t.seat);
        let expired = self.turn.as_ref().is_some_and(|t| t.expired);
        let playing = self.table.stage == Stage::Playing;
        let seats = (0..self.table.seats.len() as u8)
            .map(|s| {
                let p = &self.seats[s as usize];
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
                    .map(|d| d.saturating_duration_since(self.now).as_millis() as u32),
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

    fn save(&mut self) {
        let json = serde_json::to_string(&self.table).expect("a table serializes");
        self.out.push(Effect::Write(Write::Room {
            code: self.table.code.clone(),
            epoch: 0,
            json,
        }));
    }

    fn broadcast_room(&mut self) {
        self.broadcast(ServerMsg::Room(Box::new(self.view())));
    }

    fn broadcast(&mut self, msg: ServerMsg) {
        self.out.push(Effect::Send(To::All, msg));
    }

    fn send(&mut self, conn: ConnId, msg: ServerMsg) {
        self.out.push(Effect::Send(To::One(conn), msg));
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
