//! One device's session with a room server as a machine with no I/O: `Online::apply` takes
//! what comes in (a message from the server, this device's request, the connection opening
//! or being lost, the clock) and says what to do (`Out`s, in order): messages to send, the
//! game's events to publish, a table to open or the engine's state to take, this device's
//! seat and the turn clock, a seat ticket to remember or forget, a finished game to keep, a
//! reaction to show, the connection to open or drop, a line to say. The table is read, never
//! changed, here; `room.rs` feeds the machine and carries its outputs out.

use ludo_core::{Event, Game, hex};
use ludo_proto::{
    ClientMsg, DicePhase, GameFile, Mirror, Numbered, PROTOCOL_VERSION, Reaction, Refusal, promise,
};
use ludo_proto::{RoomView, SeatKind as SeatView, ServerMsg};

use super::{Online, Problem, Status};
use crate::files::online::SeatTicket;
use crate::table::flow::Decider;
use crate::table::signal::Signal;
use crate::table::{SeatKind, Table, TableConfig, TurnLimit, UNNAMED};

/// The longest wait between two attempts to reconnect, in seconds.
const MAX_WAIT_SECS: f32 = 5.0;
/// Connections tried for a first request (no seat yet to come back to) before the player is
/// told the server cannot be reached.
const FIRST_TRIES: u32 = 3;

/// What comes to the session.
#[derive(Clone, Debug, PartialEq)]
pub enum In {
    /// This device's seat asks to roll (press the die) or to move, answering the position
    /// it has heard.
    Roll {
        seat: u8,
    },
    Move {
        seat: u8,
        piece: u8,
    },
    /// The host's next game, or the start of the lobby's.
    Rematch,
    Start,
    React(Reaction),
    /// Shows or hides another seat's reactions for the rest of the game.
    Mute {
        seat: u8,
        muted: bool,
    },
    /// Leave the room: the seat goes to the CPU (or, in the lobby, frees up).
    Leave,
    /// The connection opened.
    Opened,
    Heard(ServerMsg),
    /// The connection closed, and why.
    Lost(String),
    /// Real time passed, in seconds.
    Tick(f32),
    /// A fresh secret for this device's share of game `game`'s dice (as `NeedShare` asked).
    Share {
        game: u32,
        secret: [u8; 32],
    },
}

/// What the session says to do, in order.
#[derive(Clone, Debug)]
pub enum Out {
    /// Open a connection to this address (in place of any).
    Connect(String),
    /// Drop the connection (what is queued is sent first).
    Disconnect,
    Send(ClientMsg),
    /// The game's events, checked on the engine, to publish as what happened.
    Publish(Vec<Event>),
    /// A new table (a game begins, or this device sits at it midway): built from this, its
    /// game this one.
    NewTable(Box<(TableConfig, Game)>),
    /// The engine's state at the same table.
    Game(Box<Game>),
    /// Whether the CPU plays each seat now (its person away, or the turn's time ran out).
    Autopilot(Vec<bool>),
    /// A game begins (not one this device comes back to midway).
    Started,
    /// The turn clock: seconds left, if a clock runs (its time not run out).
    Clock(Option<f32>),
    /// The turn passed: its clock stops until the next turn's is heard.
    ClockOff,
    Decider(Decider),
    Remember(SeatTicket),
    Forget {
        server: String,
        code: String,
    },
    /// The player's key, as the server gave it.
    Profile(String),
    /// A finished game, its dice's seal kept, for the past games; this device's seat.
    Finished(Box<GameFile>, Option<u8>),
    Reaction {
        seat: u8,
        reaction: Reaction,
    },
    /// The session is over: this device left the table.
    Left,
    /// This device's share of game `game`'s dice needs a fresh secret (`In::Share`).
    NeedShare(u32),
    /// What the log tells its watchers (the browser tests read these).
    Tell(Signal),
    Warn(String),
}

impl Online {
    /// Applies `input` with the table as it is now: what to do, in order.
    pub fn apply(&mut self, input: In, table: &Table) -> Vec<Out> {
        let mut out = Vec::new();
        match input {
            In::Roll { seat } => self.ask(seat, |at| ClientMsg::Roll { at }, &mut out),
            In::Move { seat, piece } => {
                self.ask(seat, |at| ClientMsg::Move { at, piece }, &mut out)
            }
            In::Rematch if self.is_host() && self.status == Status::Connected => {
                out.push(Out::Send(ClientMsg::Rematch));
            }
            In::Rematch => {}
            In::Start => out.push(Out::Send(ClientMsg::Start)),
            In::React(reaction) if self.may_react() => out.push(Out::Send(ClientMsg::React {
                reaction: reaction.id().into(),
            })),
            In::React(_) => {}
            In::Mute { seat, muted } => {
                self.muted.retain(|s| *s != seat);
                if muted {
                    self.muted.push(seat);
                }
            }
            In::Leave => self.leave(&mut out),
            In::Opened => self.greet(&mut out),
            In::Heard(msg) => self.hear(msg, table, &mut out),
            In::Lost(why) => {
                out.push(Out::Disconnect);
                self.after_loss(why, &mut out);
            }
            In::Tick(secs) => self.wait(secs, &mut out),
            In::Share { game, secret } => {
                self.share = Some((game, secret, 0));
                self.share_due(&mut out);
            }
        }
        out
    }

    /// This device's share of the dice, while the room's are being sealed: a fresh secret
    /// asked for, its promise sent, then (once every promise is in) its secret; each once.
    fn share_due(&mut self, out: &mut Vec<Out>) {
        let (Some(g), Some(seat)) = (self.room.as_ref().and_then(|r| r.game.as_ref()), self.seat)
        else {
            return;
        };
        let Some(mine) = g.dice.shares.iter().find(|s| s.seat == seat) else {
            return;
        };
        let share = self.share.as_mut().filter(|(game, ..)| *game == g.number);
        match (g.dice.phase, share) {
            (DicePhase::Promising, None) if mine.promised.is_none() => {
                out.push(Out::NeedShare(g.number));
            }
            (DicePhase::Promising, Some((game, secret, sent))) if *sent == 0 => {
                *sent = 1;
                out.push(Out::Send(ClientMsg::Commit {
                    game: *game,
                    promise: promise(secret),
                }));
            }
            (DicePhase::Revealing, Some((game, secret, sent)))
                if *sent == 1 && mine.promised.is_some() =>
            {
                *sent = 2;
                out.push(Out::Send(ClientMsg::Reveal {
                    game: *game,
                    secret: hex(secret),
                }));
            }
            _ => {}
        }
    }

    /// This device's request for its own seat, once per position, while connected.
    fn ask(&mut self, seat: u8, msg: impl FnOnce(u64) -> ClientMsg, out: &mut Vec<Out>) {
        let at = self.seq;
        if self.status == Status::Connected && Some(seat) == self.seat && self.sent_at != Some(at) {
            out.push(Out::Send(msg(at)));
            self.sent_at = Some(at);
        }
    }

    fn leave(&mut self, out: &mut Vec<Out>) {
        // Waiting for quick play, there is no seat to leave.
        out.push(Out::Send(if self.queue.is_some() {
            ClientMsg::CancelQuickPlay
        } else {
            ClientMsg::Leave
        }));
        if let Some(code) = &self.code {
            out.push(Out::Forget {
                server: self.server.clone(),
                code: code.clone(),
            });
        }
        out.push(Out::Disconnect);
        out.push(Out::Left);
    }

    /// A new connection says hello, and asks again what it asked before it dropped.
    fn greet(&mut self, out: &mut Vec<Out>) {
        out.push(Out::Tell(Signal::Connected {
            server: self.address().to_string(),
        }));
        out.push(Out::Send(ClientMsg::Hello {
            protocol: PROTOCOL_VERSION,
        }));
        // Kept until answered: a connection that drops first asks again.
        if let Some(first) = &self.pending {
            out.push(Out::Send(first.clone()));
        }
    }

    /// A lost connection is tried again after a wait that grows (0.5 s, 1 s, 2 s, … 5 s): it
    /// resumes the seat with the events already heard, or, with no seat yet, asks again.
    fn wait(&mut self, secs: f32, out: &mut Vec<Out>) {
        let Status::Reconnecting { attempt, wait } = &mut self.status else {
            return;
        };
        *wait -= secs;
        if *wait > 0.0 {
            return;
        }
        let attempt = *attempt;
        let first = match (self.code.clone(), self.token.clone()) {
            (Some(code), Some(token)) => ClientMsg::Resume {
                code,
                token,
                seen: self.seq,
            },
            _ => match self.pending.clone() {
                Some(first) => first,
                None => {
                    self.status = Status::Failed;
                    return;
                }
            },
        };
        out.push(Out::Tell(Signal::Reconnecting {
            server: self.address().to_string(),
            attempt,
        }));
        self.pending = Some(first);
        self.heard = false;
        self.status = Status::Reconnecting {
            attempt,
            wait: f32::INFINITY,
        };
        out.push(Out::Connect(self.address().to_string()));
    }

    /// One message from the server.
    fn hear(&mut self, msg: ServerMsg, table: &Table, out: &mut Vec<Out>) {
        match msg {
            ServerMsg::Welcome { .. } | ServerMsg::Pong => self.heard = true,
            ServerMsg::Joined {
                code,
                token,
                profile,
                link,
            } => self.joined(code, token, profile, link, out),
            ServerMsg::Seated { seat } => {
                out.push(Out::Tell(Signal::Seated { seat }));
                self.heard = true;
                self.pending = None;
                self.status = Status::Connected;
                self.seat = Some(seat);
                out.push(Out::Decider(Decider::Server { seat: Some(seat) }));
            }
            ServerMsg::Room(view) => self.take_snapshot(*view, table, out),
            ServerMsg::Events { events } => self.take_events(&events, table, out),
            ServerMsg::Clock { seat, ms_left } => {
                if seat == table.game.turn() {
                    out.push(Out::Clock(Some(ms_left as f32 / 1000.0)));
                }
            }
            ServerMsg::Reacted { seat, reaction } => {
                if self.shows_reactions_of(seat) {
                    out.push(Out::Reaction { seat, reaction });
                }
            }
            // The quick-play request stays pending while it waits: a dropped connection asks
            // again (and waits afresh).
            ServerMsg::Queued { seats, waiting } => {
                self.heard = true;
                self.status = Status::Connected;
                self.queue = Some((seats, waiting));
                out.push(Out::Tell(Signal::Waiting { seats, waiting }));
            }
            ServerMsg::Unqueued => {
                self.heard = true;
                self.queue = None;
                self.pending = None;
                self.status = Status::Failed;
                out.push(Out::Disconnect);
            }
            // Asked for on a connection of its own.
            ServerMsg::Leaderboard { .. } => {}
            ServerMsg::Moved { url } => self.moved(url, out),
            ServerMsg::Refused {
                reason: Refusal::Busy,
                ..
            } => self.busy(out),
            ServerMsg::Refused { reason, detail } => {
                self.heard = true;
                let watching = self.watching_now(reason);
                self.refused(reason, &detail, out);
                if watching {
                    // The seat went to someone else (or the game began) while this device
                    // was gone: the server lets it watch, and the refusal says why.
                    self.seat = None;
                    self.pending = None;
                    out.push(Out::Decider(Decider::Server { seat: None }));
                }
                if self.status == Status::Failed {
                    out.push(Out::Disconnect);
                }
            }
        }
    }

    /// A seat taken: its ticket kept on the device, with the player's key.
    fn joined(
        &mut self,
        code: String,
        token: String,
        profile: String,
        link: String,
        out: &mut Vec<Out>,
    ) {
        out.push(Out::Tell(Signal::Room {
            code: code.to_string(),
        }));
        self.heard = true;
        self.pending = None;
        self.queue = None;
        out.push(Out::Remember(SeatTicket {
            server: self.server.clone(),
            code: code.clone(),
            token: token.clone(),
        }));
        out.push(Out::Profile(profile));
        self.code = Some(code);
        self.link = Some(link);
        self.token = Some(token);
    }

    /// The room is on another node: connect there at once, and ask the same again.
    fn moved(&mut self, url: String, out: &mut Vec<Out>) {
        self.heard = true;
        out.push(Out::Tell(Signal::Moved { url: url.clone() }));
        self.node = Some(url);
        self.status = Status::Reconnecting {
            attempt: 0,
            wait: 0.0,
        };
        out.push(Out::Disconnect);
    }

    /// The room is being handed between nodes: ask again a moment later, through the
    /// address the player gave.
    fn busy(&mut self, out: &mut Vec<Out>) {
        self.heard = true;
        out.push(Out::Tell(Signal::BetweenNodes));
        self.node = None;
        let attempt = self.next_attempt();
        self.status = Status::Reconnecting {
            attempt,
            wait: retry_wait(attempt),
        };
        out.push(Out::Disconnect);
    }

    /// The room as the server shows it; a new game or table builds the table again and sits
    /// down at it.
    fn take_snapshot(&mut self, view: RoomView, table: &Table, out: &mut Vec<Out>) {
        self.status = Status::Connected;
        self.heard = true;
        self.pending = None;
        // A resumed seat learns its room's code from the snapshot.
        if self.code.is_none() {
            self.code = Some(view.code.clone());
            self.link = Some(format!("/r/{}", view.code));
        }
        self.take_room(&view, table, out);
        self.keep_result(&view, out);
        self.room = Some(view);
        self.share_due(out);
    }

    /// The snapshot's game: a new game (or a seat taken back) builds the table again;
    /// otherwise the engine's state and who is away are brought up to date.
    fn take_room(&mut self, view: &RoomView, table: &Table, out: &mut Vec<Out>) {
        let Some(g) = &view.game else {
            return;
        };
        let game = match Game::from_state(view.rules.clone(), &g.state) {
            Ok(game) => game,
            Err(e) => {
                out.push(Out::Warn(format!(
                    "the server's game cannot be played here: {e}"
                )));
                return;
            }
        };
        let seats: Vec<SeatKind> = view
            .seats
            .iter()
            .map(|s| match s.kind {
                SeatView::Cpu(level) => SeatKind::Cpu(level),
                _ => SeatKind::Person {
                    name: s.name.clone().unwrap_or_else(|| UNNAMED.into()),
                },
            })
            .collect();
        let new_table = g.number != self.number
            || self.room.as_ref().is_none_or(|r| r.game.is_none())
            || table.seats != seats
            || *table.game.rules() != view.rules;
        if g.number != self.number {
            // Mutes last for the game they were set in.
            self.muted.clear();
        }
        if new_table {
            let config = TableConfig {
                rules: view.rules.clone(),
                seats,
                seed: 0,
                turn_limit: TurnLimit::None,
            };
            out.push(Out::NewTable(Box::new((config, game))));
            // Whoever watches the console (the browser test) learns where a reopened game
            // stands.
            out.push(Out::Tell(Signal::TableAt { event: g.seq }));
            if g.seq == 0 {
                out.push(Out::Started);
            }
        } else {
            out.push(Out::Game(Box::new(game)));
        }
        let autopilot: Vec<bool> = view.seats.iter().map(|s| s.cpu_plays).collect();
        let before = if new_table {
            &[][..]
        } else {
            &table.autopilot[..]
        };
        for (seat, &now) in autopilot.iter().enumerate() {
            if now && !before.get(seat).copied().unwrap_or(false) {
                out.push(Out::Tell(Signal::CpuPlays { seat: seat as u8 }));
            }
        }
        out.push(Out::Autopilot(autopilot));
        self.seq = g.seq;
        self.number = g.number;
        self.sent_at = None;
        out.push(Out::Clock(g.clock_ms_left.map(|ms| ms as f32 / 1000.0)));
    }

    /// Plays the server's events on a copy of the table's game; the events not heard before,
    /// once they check out, are published. Events that do not follow this game end the
    /// connection: it starts again, and the next snapshot puts it right.
    fn take_events(&mut self, events: &[Numbered], table: &Table, out: &mut Vec<Out>) {
        let before = self.seq;
        let mut mirror = Mirror {
            game: table.game.clone(),
            seq: self.seq,
            number: self.number,
        };
        if let Err(e) = mirror.apply(events) {
            out.push(Out::Warn(format!(
                "the server's events do not follow this game: {e}"
            )));
            out.push(Out::Disconnect);
            self.after_loss("out of step".into(), out);
            return;
        }
        self.seq = mirror.seq;
        out.push(Out::Game(Box::new(mirror.game)));
        // A milestone for whoever watches the console (the browser test follows the game by
        // it).
        if before / 100 != self.seq / 100 {
            out.push(Out::Tell(Signal::Events {
                events: self.seq / 100 * 100,
            }));
        }
        let fresh: Vec<Event> = events
            .iter()
            .filter(|n| n.seq >= before)
            .map(|n| n.event.clone())
            .collect();
        if fresh.iter().any(|e| matches!(e, Event::TurnPassed { .. })) {
            out.push(Out::ClockOff);
        }
        out.push(Out::Publish(fresh));
    }

    /// The hash of the die's seed as first heard for each game, and once its result comes,
    /// the finished game with the seed revealed, kept among the past games (its dice checked
    /// by a review) under its ID at the server (`/g/CODE-NUMBER`).
    fn keep_result(&mut self, view: &RoomView, out: &mut Vec<Out>) {
        let Some(g) = &view.game else { return };
        if self.promised.as_ref().is_none_or(|(n, _)| *n != g.number) {
            self.promised = Some((g.number, g.dice.promised.clone()));
        }
        let Some(result) = &g.result else { return };
        if self.kept == Some(g.number) {
            return;
        }
        self.kept = Some(g.number);
        let promised = self
            .promised
            .as_ref()
            .map_or_else(|| g.dice.promised.clone(), |(_, hash)| hash.clone());
        // The server's promise checked is the one heard at the start, not the last.
        let dice = ludo_proto::DiceView {
            promised: promised.clone(),
            ..g.dice.clone()
        };
        let sealed = dice.seal(g.number, &result.secret);
        let served = match (&sealed, result.secret.parse::<u64>()) {
            (None, Ok(seed)) => Some(ludo_proto::ServedDice { promised, seed }),
            _ => None,
        };
        out.push(Out::Finished(
            Box::new(GameFile {
                record: result.record.clone(),
                finished: crate::files::unix_now(),
                served,
                sealed,
                id: Some(format!("{}-{}", view.code, g.number)),
                hints: Vec::new(),
            }),
            self.seat,
        ));
    }

    /// A refusal: a request that came too early or late changes nothing; one that ends the
    /// attempt (no such room, full, started, wrong version) is shown and ends it.
    fn refused(&mut self, reason: Refusal, detail: &str, out: &mut Vec<Out>) {
        match reason {
            // Another device moved first, or this one asked twice: the next events say what
            // is.
            Refusal::Stale
            | Refusal::NotYourTurn
            | Refusal::WrongPhase
            | Refusal::Illegal
            | Refusal::NotOver
            // A reaction sent too soon after the last is dropped, nothing more.
            | Refusal::TooFast => {
                // The request may go again once this device has caught up.
                self.sent_at = None;
                return;
            }
            Refusal::BadToken | Refusal::NoSuchRoom => {
                if let Some(code) = self.code.clone().or_else(|| self.pending_code()) {
                    out.push(Out::Forget {
                        server: self.server.clone(),
                        code,
                    });
                }
            }
            _ => {}
        }
        out.push(Out::Warn(format!("the room server refused: {detail}")));
        let ends = (self.seat.is_none() && !self.watching_now(reason))
            || matches!(
                reason,
                Refusal::BadToken | Refusal::NoSuchRoom | Refusal::Version
            );
        self.problem = Some(Problem::Refused(reason));
        if ends {
            self.status = Status::Failed;
        }
    }

    /// A resume the server answered by letting this device watch: its lobby seat opened
    /// again while it was gone, and was taken or the game began.
    fn watching_now(&self, reason: Refusal) -> bool {
        matches!(reason, Refusal::RoomFull | Refusal::GameStarted)
            && matches!(self.pending, Some(ClientMsg::Resume { .. }))
    }

    /// The room code of the request waiting for the server's answer, else of the room shown.
    fn pending_code(&self) -> Option<String> {
        match &self.pending {
            Some(ClientMsg::Join { code, .. } | ClientMsg::Resume { code, .. }) => {
                Some(code.clone())
            }
            _ => self.room.as_ref().map(|r| r.code.clone()),
        }
    }

    fn next_attempt(&self) -> u32 {
        match self.status {
            Status::Reconnecting { attempt, .. } => attempt + 1,
            _ => 1,
        }
    }

    /// A lost connection: tried again with the seat's token, or (a first request unanswered)
    /// asked again a few times, or given up on with the reason.
    fn after_loss(&mut self, why: String, out: &mut Vec<Out>) {
        if self.status == Status::Failed {
            return;
        }
        // Through the server the player gave again (a balancer in front of the nodes).
        self.node = None;
        let attempt = self.next_attempt();
        let again = Status::Reconnecting {
            attempt,
            wait: retry_wait(attempt),
        };
        if self.token.is_some() {
            out.push(Out::Warn(format!(
                "the connection to the room server was lost ({why})"
            )));
            self.status = again;
        } else if self.queue.is_some() && self.pending.is_some() {
            // Waiting for quick play: the next connection asks again, and waits afresh.
            out.push(Out::Warn(format!(
                "the connection was lost while waiting for quick play ({why})"
            )));
            self.status = again;
        } else if !self.heard && self.pending.is_some() && attempt < FIRST_TRIES {
            // The server answers hello before it reads what follows: silent, it (unless its
            // welcome was lost on the way) read no request, so asking again takes no second
            // seat and opens no second room.
            out.push(Out::Warn(format!(
                "no answer from the room server ({why}); trying again"
            )));
            self.status = again;
        } else {
            out.push(Out::Warn(format!(
                "the room server cannot be reached ({why})"
            )));
            self.status = Status::Failed;
            self.problem = Some(Problem::Unreachable(why));
        }
    }
}

/// How long to wait before the `attempt`th try, in seconds: doubling, up to a limit.
fn retry_wait(attempt: u32) -> f32 {
    (0.25 * 2f32.powi(attempt as i32)).min(MAX_WAIT_SECS)
}

#[cfg(test)]
mod tests {
    use ludo_core::{Dice, Rules};
    use ludo_proto::{GameResult, GameView, PlayerSpec, Stage};

    use super::*;

    const SERVER: &str = "ws://127.0.0.1:1/ws";

    fn player() -> PlayerSpec {
        PlayerSpec {
            name: "Ana".into(),
            profile: None,
        }
    }

    /// A table of two people as this device shows it before any game.
    fn table() -> Table {
        Table::new(&TableConfig::default(), 0)
    }

    /// The room's snapshot of `game` (two people, Ana and Budi) at event `seq` of game
    /// `number`.
    fn view(game: &Game, seq: u64, number: u32) -> RoomView {
        let person = |name: &str| ludo_proto::SeatView {
            kind: ludo_proto::SeatKind::Person,
            name: Some(name.into()),
            present: true,
            cpu_plays: false,
            rating: None,
        };
        RoomView {
            code: "K7X9PQTA".into(),
            rules: Rules::default(),
            turn_limit_secs: None,
            host: 0,
            seats: vec![person("Ana"), person("Budi")],
            stage: Stage::Playing,
            game: Some(GameView {
                number,
                state: game.state(),
                seq,
                dice: ludo_proto::DiceView {
                    promised: "promise".into(),
                    shares: Vec::new(),
                    phase: DicePhase::Sealed,
                },
                ranked: false,
                clock_ms_left: None,
                result: None,
            }),
        }
    }

    /// Steps of a game of two played from its start with `dice`: the game after them and
    /// the events, numbered from `first`.
    fn played(game: &mut Game, dice: &mut Dice, steps: usize, first: u64) -> Vec<Numbered> {
        let mut events = Vec::new();
        for _ in 0..steps {
            let action = game.due(|_, _| 0).expect("a game goes on");
            game.act(action, dice, &mut events).unwrap();
        }
        events
            .into_iter()
            .enumerate()
            .map(|(i, event)| Numbered {
                seq: first + i as u64,
                event,
            })
            .collect()
    }

    /// Carries out what the table would: the game and a new table's seats.
    fn take(outs: &[Out], table: &mut Table) {
        for out in outs {
            match out {
                Out::NewTable(new) => {
                    *table = Table::new(&new.0, new.1.first_seat());
                    table.game = new.1.clone();
                }
                Out::Game(game) => table.game = (**game).clone(),
                Out::Autopilot(a) => table.autopilot = a.clone(),
                _ => {}
            }
        }
    }

    fn sends(outs: &[Out]) -> Vec<&ClientMsg> {
        outs.iter()
            .filter_map(|o| match o {
                Out::Send(msg) => Some(msg),
                _ => None,
            })
            .collect()
    }

    /// What the outputs tell the log's watchers.
    fn told(outs: &[Out]) -> Vec<&Signal> {
        outs.iter()
            .filter_map(|o| match o {
                Out::Tell(signal) => Some(signal),
                _ => None,
            })
            .collect()
    }

    /// Ana joined room K7X9PQTA and sits at seat 0, its game at its start.
    fn seated() -> (Online, Table, Game, Dice) {
        let join = ClientMsg::Join {
            code: "K7X9PQTA".into(),
            player: player(),
            seat: None,
        };
        let mut online = Online::new(SERVER, join.clone());
        let mut table = table();
        let outs = online.apply(In::Opened, &table);
        assert_eq!(
            sends(&outs)[1],
            &join,
            "the join goes once the socket opens"
        );
        let joined = ServerMsg::Joined {
            code: "K7X9PQTA".into(),
            token: "token".into(),
            profile: "key".into(),
            link: "/r/K7X9PQTA".into(),
        };
        let outs = online.apply(In::Heard(joined), &table);
        assert!(
            outs.iter()
                .any(|o| matches!(o, Out::Remember(t) if t.token == "token"))
        );
        assert!(
            outs.iter()
                .any(|o| matches!(o, Out::Profile(k) if k == "key"))
        );
        let outs = online.apply(In::Heard(ServerMsg::Seated { seat: 0 }), &table);
        assert!(
            told(&outs).contains(&&Signal::Seated { seat: 0 }),
            "the tests are told the seat"
        );
        let game = Game::new(Rules::default(), 2, 0).unwrap();
        let outs = online.apply(
            In::Heard(ServerMsg::Room(Box::new(view(&game, 0, 1)))),
            &table,
        );
        assert!(
            matches!(outs[0], Out::NewTable(_)),
            "a new game opens its table"
        );
        assert!(outs.iter().any(|o| matches!(o, Out::Started)));
        assert!(told(&outs).contains(&&Signal::TableAt { event: 0 }));
        take(&outs, &mut table);
        assert_eq!(
            (online.status.clone(), online.seat),
            (Status::Connected, Some(0))
        );
        (online, table, game, Dice::new(5))
    }

    #[test]
    fn a_join_sits_down_and_the_seats_requests_go_once_a_position() {
        let (mut online, table, ..) = seated();
        let first = online.apply(In::Roll { seat: 0 }, &table);
        assert_eq!(sends(&first), [&ClientMsg::Roll { at: 0 }]);
        let again = online.apply(In::Roll { seat: 0 }, &table);
        assert!(sends(&again).is_empty(), "once a position");
        let other = online.apply(In::Move { seat: 1, piece: 0 }, &table);
        assert!(sends(&other).is_empty(), "not this device's seat");
    }

    #[test]
    fn the_servers_events_are_checked_and_published_and_a_stale_request_may_go_again() {
        let (mut online, mut table, mut game, mut dice) = seated();
        online.apply(In::Roll { seat: 0 }, &table);
        let stale = ServerMsg::refused(Refusal::Stale, "late");
        let outs = online.apply(In::Heard(stale), &table);
        assert!(outs.is_empty(), "a stale refusal changes nothing");
        assert!(!sends(&online.apply(In::Roll { seat: 0 }, &table)).is_empty());
        let events = played(&mut game, &mut dice, 3, 0);
        let n = events.len() as u64;
        let outs = online.apply(In::Heard(ServerMsg::Events { events }), &table);
        take(&outs, &mut table);
        let published = outs.iter().find_map(|o| match o {
            Out::Publish(e) => Some(e.len() as u64),
            _ => None,
        });
        assert_eq!(published, Some(n));
        assert_eq!(table.game.state(), game.state());
        assert_eq!(online.seq, n);
        // Events that do not follow this game: the connection starts again.
        let wrong = vec![Numbered {
            seq: n,
            event: Event::GameOver {
                ranking: Vec::new(),
            },
        }];
        let outs = online.apply(In::Heard(ServerMsg::Events { events: wrong }), &table);
        assert!(outs.iter().any(|o| matches!(o, Out::Disconnect)));
        assert!(matches!(online.status, Status::Reconnecting { .. }));
    }

    #[test]
    fn a_lost_connection_comes_back_with_the_seats_token_after_a_wait() {
        let (mut online, table, ..) = seated();
        online.seq = 12;
        let outs = online.apply(In::Lost("reset".into()), &table);
        assert!(matches!(outs[0], Out::Disconnect));
        assert_eq!(
            online.status,
            Status::Reconnecting {
                attempt: 1,
                wait: 0.5
            }
        );
        assert!(online.apply(In::Tick(0.3), &table).is_empty(), "not yet");
        let outs = online.apply(In::Tick(0.3), &table);
        assert!(matches!(&outs[1], Out::Connect(a) if a == SERVER));
        let outs = online.apply(In::Opened, &table);
        let resume = ClientMsg::Resume {
            code: "K7X9PQTA".into(),
            token: "token".into(),
            seen: 12,
        };
        assert_eq!(sends(&outs)[1], &resume, "resumes with the events heard");
    }

    #[test]
    fn a_snapshot_after_a_gap_takes_the_game_as_it_is_at_the_same_table() {
        let (mut online, mut table, mut game, mut dice) = seated();
        played(&mut game, &mut dice, 20, 0);
        let outs = online.apply(
            In::Heard(ServerMsg::Room(Box::new(view(&game, 30, 1)))),
            &table,
        );
        assert!(
            outs.iter()
                .all(|o| !matches!(o, Out::NewTable(_) | Out::Started))
        );
        take(&outs, &mut table);
        assert_eq!(table.game.state(), game.state());
        assert_eq!(online.seq, 30);
    }

    #[test]
    fn a_games_end_is_kept_once_with_the_promise_first_heard() {
        let (mut online, table, mut game, mut dice) = seated();
        while !game.is_over() {
            played(&mut game, &mut dice, 1, 0);
        }
        let mut over = view(&game, 900, 1);
        over.stage = Stage::Over;
        let g = over.game.as_mut().unwrap();
        g.dice.promised = "changed".into();
        g.result = Some(GameResult {
            ranking: game.ranking().unwrap().to_vec(),
            secret: "5".into(),
            record: ludo_core::GameRecord::new(Rules::default(), vec![], Some(5.into()), 0),
            rating_changes: None,
        });
        let outs = online.apply(In::Heard(ServerMsg::Room(Box::new(over.clone()))), &table);
        let kept: Vec<_> = outs
            .iter()
            .filter_map(|o| match o {
                Out::Finished(f, _) => Some(f.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(kept.len(), 1);
        let served = kept[0].served.as_ref().unwrap();
        assert_eq!(served.promised, "promise", "the promise heard at the start");
        assert_eq!(kept[0].id.as_deref(), Some("K7X9PQTA-1"));
        let again = online.apply(In::Heard(ServerMsg::Room(Box::new(over))), &table);
        assert!(
            !again.iter().any(|o| matches!(o, Out::Finished(_, _))),
            "once"
        );
    }

    #[test]
    fn this_devices_share_of_the_dice_is_promised_then_revealed_once_each() {
        let (mut online, table, game, _) = seated();
        let mut sealing = view(&game, 0, 2);
        let share = |promised: Option<String>, secret: Option<String>| ludo_proto::ShareView {
            seat: 0,
            promised,
            secret,
        };
        let dice = &mut sealing.game.as_mut().unwrap().dice;
        dice.phase = DicePhase::Promising;
        dice.shares = vec![share(None, None)];
        let outs = online.apply(
            In::Heard(ServerMsg::Room(Box::new(sealing.clone()))),
            &table,
        );
        assert!(
            outs.iter().any(|o| matches!(o, Out::NeedShare(2))),
            "{outs:?}"
        );
        let secret = [7u8; 32];
        let outs = online.apply(In::Share { game: 2, secret }, &table);
        let commit = ClientMsg::Commit {
            game: 2,
            promise: promise(&secret),
        };
        assert_eq!(sends(&outs), [&commit]);
        // The same snapshot again sends nothing more; revealing sends the secret, once.
        let again = online.apply(
            In::Heard(ServerMsg::Room(Box::new(sealing.clone()))),
            &table,
        );
        assert!(sends(&again).is_empty());
        let dice = &mut sealing.game.as_mut().unwrap().dice;
        dice.phase = DicePhase::Revealing;
        dice.shares = vec![share(Some(promise(&secret)), None)];
        let outs = online.apply(
            In::Heard(ServerMsg::Room(Box::new(sealing.clone()))),
            &table,
        );
        let reveal = ClientMsg::Reveal {
            game: 2,
            secret: hex(&secret),
        };
        assert_eq!(sends(&outs), [&reveal]);
        let again = online.apply(In::Heard(ServerMsg::Room(Box::new(sealing))), &table);
        assert!(sends(&again).is_empty());
    }

    #[test]
    fn quick_play_waits_and_a_lost_connection_asks_again() {
        let first = ClientMsg::QuickPlay {
            seats: 2,
            player: player(),
        };
        let table = table();
        let mut online = Online::new(SERVER, first.clone());
        online.apply(In::Opened, &table);
        let outs = online.apply(
            In::Heard(ServerMsg::Queued {
                seats: 2,
                waiting: 3,
            }),
            &table,
        );
        assert_eq!(
            told(&outs),
            [&Signal::Waiting {
                seats: 2,
                waiting: 3
            }]
        );
        assert_eq!(
            (online.queue, &online.status),
            (Some((2, 3)), &Status::Connected)
        );
        assert!(online.waits_for_quick_play());
        online.apply(In::Lost("closed".into()), &table);
        assert!(matches!(online.status, Status::Reconnecting { .. }));
        assert_eq!(
            online.pending,
            Some(first),
            "asked again on the next connection"
        );
        // A first request the server answered, and no queue: the player is told.
        let mut join = Online::new(SERVER, ClientMsg::Ping);
        join.heard = true;
        join.apply(In::Lost("closed".into()), &table);
        assert_eq!(join.status, Status::Failed);
        // Leaving while waiting cancels, forgets nothing and ends the session.
        let outs = online.apply(In::Leave, &table);
        assert_eq!(sends(&outs), [&ClientMsg::CancelQuickPlay]);
        assert!(matches!(outs.last(), Some(Out::Left)));
    }

    #[test]
    fn a_quick_play_table_at_another_node_is_resumed_there_by_the_token_given() {
        let first = ClientMsg::QuickPlay {
            seats: 4,
            player: player(),
        };
        let table = table();
        let mut online = Online::new(SERVER, first);
        online.apply(In::Opened, &table);
        let queued = ServerMsg::Queued {
            seats: 4,
            waiting: 2,
        };
        online.apply(In::Heard(queued), &table);
        let joined = ServerMsg::Joined {
            code: "K7X9PQTA".into(),
            token: "kept".into(),
            profile: "key".into(),
            link: "/r/K7X9PQTA".into(),
        };
        let outs = online.apply(In::Heard(joined), &table);
        assert!(
            outs.iter()
                .any(|o| matches!(o, Out::Remember(t) if t.token == "kept"))
        );
        let moved = ServerMsg::Moved {
            url: "ws://b/ws".into(),
        };
        let outs = online.apply(In::Heard(moved), &table);
        assert!(matches!(outs.last(), Some(Out::Disconnect)));
        let outs = online.apply(In::Tick(0.0), &table);
        assert!(
            matches!(&outs[1], Out::Connect(a) if a == "ws://b/ws"),
            "{outs:?}"
        );
        let outs = online.apply(In::Opened, &table);
        let resume = ClientMsg::Resume {
            code: "K7X9PQTA".into(),
            token: "kept".into(),
            seen: 0,
        };
        assert_eq!(
            sends(&outs)[1],
            &resume,
            "the seat resumed there, not asked for again"
        );
        assert!(!online.waits_for_quick_play());
    }

    #[test]
    fn a_refusal_that_ends_the_attempt_forgets_the_ticket_and_says_why() {
        let resume = ClientMsg::Resume {
            code: "K7X9PQTA".into(),
            token: "old".into(),
            seen: 0,
        };
        let table = table();
        let mut online = Online::new(SERVER, resume);
        online.apply(In::Opened, &table);
        let outs = online.apply(
            In::Heard(ServerMsg::refused(Refusal::NoSuchRoom, "gone")),
            &table,
        );
        assert!(
            outs.iter()
                .any(|o| matches!(o, Out::Forget { code, .. } if code == "K7X9PQTA"))
        );
        assert!(outs.iter().any(|o| matches!(o, Out::Disconnect)));
        assert_eq!(online.status, Status::Failed);
        assert_eq!(online.problem, Some(Problem::Refused(Refusal::NoSuchRoom)));
    }

    #[test]
    fn a_room_between_nodes_is_asked_for_again_later_and_a_moved_one_at_once_elsewhere() {
        let (mut online, table, ..) = seated();
        let outs = online.apply(
            In::Heard(ServerMsg::Moved {
                url: "ws://b/ws".into(),
            }),
            &table,
        );
        assert!(matches!(outs.last(), Some(Out::Disconnect)));
        let outs = online.apply(In::Tick(0.0), &table);
        assert!(
            matches!(&outs[1], Out::Connect(a) if a == "ws://b/ws"),
            "{outs:?}"
        );
        let busy = ServerMsg::refused(Refusal::Busy, "between nodes");
        online.apply(In::Heard(busy), &table);
        assert!(matches!(online.status, Status::Reconnecting { wait, .. } if wait > 0.0));
        let outs = online.apply(In::Tick(10.0), &table);
        assert!(
            matches!(&outs[1], Out::Connect(a) if a == SERVER),
            "through the address given"
        );
    }
}
