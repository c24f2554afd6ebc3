//! One room as a state machine with no I/O: `RoomState::apply(input)` takes a member's
//! arrival, request or departure, or the clock, and returns what to do (`Effect`s, in order):
//! messages to members, writes to the database (each committed before any message after it
//! goes out), the answer to an arrival, the profiles' ratings to read before a game is
//! scored, the room's end. The time is given with each input and the secrets (seat tokens,
//! dice seeds) come from a `Secrets`, so the tests drive every rule of a room by hand.
//!
//! The room is three machines, each with its own `apply`, composed here: who sits where
//! (`seating`), the lobby (`lobby`), the game (`play`). Each changes the table and says what
//! it did; the room sends what needs the room as a whole (its snapshot, a resume's catch-up)
//! and passes on to the next machine what follows (a full lobby starts, a start begins a
//! game).

mod lobby;
mod play;
mod sealing;
mod seating;

use std::time::{Duration, Instant};

use ludo_core::{Action, Step};
use ludo_proto::{ClientMsg, Refusal, RoomView, ServerMsg};

use super::table::Table;
use crate::store::Write;
use lobby::{Lobby, LobbyInput, Started};
use play::{Play, PlayInput, Played};
use seating::{Arrived, Seated, Seating, SeatingInput};

/// A connection's number, unique in the process.
pub type ConnId = u64;

/// The most `events` messages a catch-up takes (each at most `EVENTS_MESSAGE_BYTES`): a
/// device that missed more gets the room's snapshot alone, from which it follows as well.
pub const CATCH_UP_MESSAGES: usize = super::OUTBOX / 2;

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
    /// The server's secret of game `number`'s dice, and whether the devices at the table add
    /// their shares to it (tests with fixed dice: not).
    fn dice(&mut self, number: u32) -> ([u8; 32], bool);
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

/// The time of the input being applied and the effects it causes, in order: what each of
/// the room's machines adds to.
pub struct Fx {
    now: Instant,
    out: Vec<Effect>,
}

impl Fx {
    fn send(&mut self, conn: ConnId, msg: ServerMsg) {
        self.out.push(Effect::Send(To::One(conn), msg));
    }

    fn broadcast(&mut self, msg: ServerMsg) {
        self.out.push(Effect::Send(To::All, msg));
    }

    /// The table as it is now, written.
    fn save(&mut self, table: &Table) {
        let json = serde_json::to_string(table).expect("a table serializes");
        self.out.push(Effect::Write(Write::Room {
            code: table.code.clone(),
            epoch: 0,
            json,
        }));
    }
}

pub struct RoomState {
    config: RoomConfig,
    table: Table,
    seating: Seating,
    lobby: Lobby,
    play: Play,
    /// Since when nobody has been in the room.
    idle_since: Option<Instant>,
    fx: Fx,
}

impl RoomState {
    /// A room from its table and, if a game is under way, the steps played so far.
    pub fn new(
        config: RoomConfig,
        table: Table,
        steps: &[Step],
        now: Instant,
    ) -> Result<RoomState, String> {
        let mut fx = Fx {
            now,
            out: Vec::new(),
        };
        let play = Play::new(&table, steps, &mut fx)?;
        Ok(RoomState {
            seating: Seating::new(&table, config.away_grace, now),
            lobby: Lobby::new(&table, now),
            play,
            config,
            table,
            idle_since: Some(now),
            fx: Fx {
                now,
                out: Vec::new(),
            },
        })
    }

    pub fn code(&self) -> &str {
        &self.table.code
    }

    pub fn stage(&self) -> ludo_proto::Stage {
        self.table.stage
    }

    /// Applies `input` at `now`: what to do, in order.
    pub fn apply(&mut self, input: Input, now: Instant, secrets: &mut dyn Secrets) -> Vec<Effect> {
        self.fx.now = now;
        let by_member = matches!(
            input,
            Input::Attach { .. } | Input::Request { .. } | Input::Detach { .. }
        );
        match input {
            Input::Attach { conn, how } => self.arrive(conn, how, secrets),
            Input::Request { conn, msg } => {
                if let Err((reason, detail)) = self.request(conn, msg, secrets) {
                    self.fx.send(conn, ServerMsg::Refused { reason, detail });
                }
            }
            Input::Detach { conn } => {
                let seated = self.seating(SeatingInput::Depart { conn }, secrets);
                self.after_seating(seated);
            }
            Input::Tick => self.on_time(secrets),
            Input::Ratings(fresh) => {
                let played = self.play(PlayInput::Ratings(fresh), secrets);
                self.after_play(played);
            }
        }
        if by_member {
            self.idle_since = if self.seating.is_empty() {
                self.idle_since.or(Some(now))
            } else {
                None
            };
        }
        std::mem::take(&mut self.fx.out)
    }

    fn seating(
        &mut self,
        input: SeatingInput,
        secrets: &mut dyn Secrets,
    ) -> Result<Seated, Refused> {
        self.seating
            .apply(input, &mut self.table, &mut self.fx, secrets)
    }

    fn lobby(&mut self, input: LobbyInput) -> Result<Started, Refused> {
        self.lobby
            .apply(input, &mut self.table, &mut self.seating, &mut self.fx)
    }

    fn play(&mut self, input: PlayInput, secrets: &mut dyn Secrets) -> Result<Played, Refused> {
        self.play.apply(
            input,
            &mut self.table,
            &self.seating,
            &self.config,
            &mut self.fx,
            secrets,
        )
    }

    fn after_seating(&mut self, seated: Result<Seated, Refused>) {
        if let Ok(Seated::Changed) = seated {
            self.broadcast_room();
        }
    }

    fn after_play(&mut self, played: Result<Played, Refused>) {
        if let Ok(Played::RoomChanged) = played {
            self.broadcast_room();
        }
    }

    /// A game starts now if the lobby says so.
    fn after_lobby(
        &mut self,
        started: Result<Started, Refused>,
        secrets: &mut dyn Secrets,
    ) -> Result<(), Refused> {
        if started? == Started::Now {
            let played = self.play(PlayInput::NewGame { first_seat: 0 }, secrets);
            self.after_play(played);
        }
        Ok(())
    }

    /// An arrival: its first messages, its answer, then everyone hears who is at the table
    /// now, and a full lobby starts.
    fn arrive(&mut self, conn: ConnId, how: Attach, secrets: &mut dyn Secrets) {
        let arrived = match self.seating(SeatingInput::Arrive { conn, how }, secrets) {
            Ok(Seated::Arrived(arrived)) => arrived,
            Ok(_) => unreachable!("an arrival arrives or is refused"),
            Err(refused) => {
                self.fx.out.push(Effect::Answer {
                    conn,
                    result: Err(refused),
                });
                return;
            }
        };
        match arrived {
            Arrived::Watching | Arrived::WatchingInstead => self.send_room(conn),
            Arrived::Back { seen } => {
                self.send_room(conn);
                for m in self.play.catch_up(&self.table, seen) {
                    self.fx.send(conn, m);
                }
            }
            Arrived::Seat => {}
        }
        self.fx.out.push(Effect::Answer {
            conn,
            result: Ok(()),
        });
        if self.seating.seat_of(conn).is_some() {
            self.broadcast_room();
        }
        let started = self.lobby(LobbyInput::Sat);
        let _ = self.after_lobby(started, secrets);
    }

    fn request(
        &mut self,
        conn: ConnId,
        msg: ClientMsg,
        secrets: &mut dyn Secrets,
    ) -> Result<(), Refused> {
        let Some(seat) = self.seating.seat_of(conn) else {
            return refuse(
                Refusal::NotSeated,
                "this connection watches; it has no seat",
            );
        };
        let person = |at, action| PlayInput::Person { seat, at, action };
        match msg {
            ClientMsg::Start => {
                self.check_host(seat)?;
                let started = self.lobby(LobbyInput::Start);
                self.after_lobby(started, secrets)
            }
            ClientMsg::Rematch => {
                self.check_host(seat)?;
                let played = self.play(PlayInput::Rematch, secrets)?;
                self.after_play(Ok(played));
                Ok(())
            }
            ClientMsg::Roll { at } => self
                .play(person(at, Action::Press), secrets)
                .map(|played| self.after_play(Ok(played))),
            ClientMsg::Move { at, piece } => self
                .play(person(at, Action::Move(piece)), secrets)
                .map(|played| self.after_play(Ok(played))),
            ClientMsg::Leave => {
                let seated = self.seating(SeatingInput::Leave { conn, seat }, secrets);
                self.after_seating(seated);
                Ok(())
            }
            ClientMsg::React { reaction } => self
                .seating(SeatingInput::React { seat, reaction }, secrets)
                .map(|_| ()),
            ClientMsg::Commit { game, promise } => self
                .play(
                    PlayInput::Promise {
                        seat,
                        game,
                        promise,
                    },
                    secrets,
                )
                .map(|played| self.after_play(Ok(played))),
            ClientMsg::Reveal { game, secret } => {
                let played = self.play(PlayInput::Reveal { seat, game, secret }, secrets);
                if self.play.take_changed() {
                    self.broadcast_room();
                }
                played.map(|played| self.after_play(Ok(played)))
            }
            _ => refuse(Refusal::Malformed, "not a request for a room"),
        }
    }

    fn check_host(&self, seat: u8) -> Result<(), Refused> {
        if self.table.host == Some(seat) {
            Ok(())
        } else {
            refuse(Refusal::NotHost, "only the host starts games")
        }
    }

    /// The clock: the room's end, a game brought back over to finish, away graces, a quick
    /// lobby's deadline, the CPU's step or a turn's time.
    fn on_time(&mut self, secrets: &mut dyn Secrets) {
        if self.expired() {
            self.fx.out.push(Effect::Expired);
            return;
        }
        if let Some(played) = self.play.finish_unfinished(&mut self.table, &mut self.fx) {
            self.after_play(Ok(played));
            return;
        }
        let seated = self.seating(SeatingInput::Tick, secrets);
        self.after_seating(seated);
        let started = self.lobby(LobbyInput::Tick);
        let _ = self.after_lobby(started, secrets);
        let played = self.play(PlayInput::Tick, secrets);
        self.after_play(played);
    }

    fn expired(&self) -> bool {
        self.idle_since
            .is_some_and(|t| self.fx.now.saturating_duration_since(t) >= self.config.room_ttl)
    }

    /// When the room next needs a `Tick`: a game to finish, a CPU's step, a turn's deadline,
    /// an away grace, a quick-play lobby's deadline, or its end.
    pub fn next_wake(&self) -> Instant {
        let now = self.fx.now;
        let far = now + Duration::from_secs(3600);
        [
            self.play
                .next_wake(&self.table, &self.seating, &self.config, now),
            self.idle_since.map(|t| t + self.config.room_ttl),
            self.seating.next_grace(&self.table),
            self.lobby.next_wake(&self.table),
        ]
        .into_iter()
        .flatten()
        .fold(far, Instant::min)
    }

    // ---- what is sent --------------------------------------------------------------------

    pub fn view(&self) -> RoomView {
        let (turn_seat, expired) = self.play.turn();
        let playing = self.table.stage == ludo_proto::Stage::Playing;
        let seats = (0..self.table.seats.len() as u8)
            .map(|s| {
                let p = self.seating.seat(s);
                let present = p.conn.is_some();
                let cpu_plays =
                    playing && ((!present && p.grace_over) || (expired && turn_seat == Some(s)));
                self.table.seat_view(s, present, cpu_plays)
            })
            .collect();
        RoomView {
            code: self.table.code.clone(),
            rules: self.table.rules.clone(),
            turn_limit_secs: self.table.turn_limit_secs,
            host: self.table.host.unwrap_or(0),
            seats,
            stage: self.table.stage,
            game: self.play.view(&self.table, self.fx.now),
        }
    }

    fn send_room(&mut self, conn: ConnId) {
        let view = self.view();
        self.fx.send(conn, ServerMsg::Room(Box::new(view)));
    }

    fn broadcast_room(&mut self) {
        let view = self.view();
        self.fx.broadcast(ServerMsg::Room(Box::new(view)));
    }
}
