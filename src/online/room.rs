//! The online table's systems: a session opened for a room (its first request waits for the
//! connection), and each frame what comes in (this device's requests, the time, the socket's
//! messages) fed to the session's machine (`session.rs`) and what it says carried out: the
//! socket, the table and its messages, this device's seat, tickets and past games.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use ludo_proto::{ClientMsg, PlayerSpec, normalize_code};

use super::session::{In, Out};
use super::socket::{Incoming, Socket};
use super::{Online, OnlineRequest, Problem, ReactionHeard, Status};
use crate::files::online::OnlineMemory;
use crate::files::past_games::GameFinished;
use crate::table::flow::{
    Decider, GameStarted, Happened, MoveChosen, NewTableRequested, RematchRequested, RollRequested,
    TableOpened, publish,
};
use crate::table::screen::Screen;
use crate::table::signal::Signal;
use crate::table::turn_clock::TurnClock;
use crate::table::{GameSet, Table, UNNAMED};

/// The socket, kept where Bevy keeps what may not cross threads (the browser's may not).
#[derive(Default)]
struct Link(Option<Socket>);

pub(super) fn plugin(app: &mut App) {
    app.insert_non_send(Link::default())
        .add_message::<OnlineRequest>()
        .add_message::<ReactionHeard>()
        .add_systems(
            Update,
            // Requests go out with the event count of the position they were made in, before
            // this frame's news moves it on.
            (open_sessions, feed).chain().in_set(GameSet::Rules),
        )
        .add_systems(Update, count_down_clock.in_set(GameSet::Ask));
}

/// Creating, joining and quick play open a session (a code that cannot be one fails at
/// once); the other requests are the session's.
fn open_sessions(
    mut commands: Commands,
    mut requests: MessageReader<OnlineRequest>,
    mut link: NonSendMut<Link>,
    mut memory: ResMut<OnlineMemory>,
) {
    for request in requests.read() {
        let (server, first) = match request {
            OnlineRequest::Create {
                server,
                name,
                table,
            } => {
                let first = ClientMsg::Create {
                    table: table.clone(),
                    player: player(&mut memory, name, server),
                };
                (server, first)
            }
            OnlineRequest::Join { server, name, code } => {
                match join_message(&mut memory, server, name, code) {
                    Some(first) => (server, first),
                    None => {
                        let mut online = Online::new(server, ClientMsg::Ping);
                        online.status = Status::Failed;
                        online.problem = Some(Problem::BadCode);
                        online.pending = None;
                        commands.insert_resource(online);
                        continue;
                    }
                }
            }
            OnlineRequest::QuickPlay {
                server,
                name,
                seats,
            } => {
                let first = ClientMsg::QuickPlay {
                    seats: *seats,
                    player: player(&mut memory, name, server),
                };
                (server, first)
            }
            // The session's own (`feed`).
            _ => continue,
        };
        link.0 = Some(Socket::open(server));
        commands.insert_resource(Online::new(server, first));
    }
}

/// This device's requests of the frame, the time, and the socket's messages, in that order,
/// each applied to the session and its outputs carried out.
fn feed(
    time: Res<Time<Real>>,
    online: Option<ResMut<Online>>,
    mut requests: MessageReader<OnlineRequest>,
    mut new_table: MessageReader<NewTableRequested>,
    mut plays: Plays,
    mut fx: Effects,
) {
    let Some(mut online) = online else {
        return;
    };
    let mut inputs = Vec::new();
    for request in requests.read() {
        inputs.push(match request {
            OnlineRequest::Start => In::Start,
            OnlineRequest::React(reaction) => In::React(*reaction),
            &OnlineRequest::Mute { seat, muted } => In::Mute { seat, muted },
            OnlineRequest::Leave => {
                *fx.decider = Decider::Here;
                In::Leave
            }
            _ => continue,
        });
    }
    if new_table.read().count() > 0 {
        inputs.push(In::Leave);
    }
    inputs.push(In::Tick(time.delta_secs()));
    inputs.extend(plays.rolls.read().map(|r| In::Roll { seat: r.seat }));
    inputs.extend(plays.moves.read().map(|m| In::Move {
        seat: m.seat,
        piece: m.piece,
    }));
    if plays.rematches.read().count() > 0 {
        inputs.push(In::Rematch);
    }
    for input in inputs {
        if step(&mut online, input, &mut fx) == Carried::Ended {
            return;
        }
    }
    // The socket's messages, until the connection changes.
    let incoming = fx.link.0.as_ref().map(Socket::poll).unwrap_or_default();
    for incoming in incoming {
        let input = match incoming {
            Incoming::Opened => In::Opened,
            Incoming::Message(msg) => In::Heard(msg),
            Incoming::Closed(why) => In::Lost(why),
        };
        if step(&mut online, input, &mut fx) != Carried::Same {
            return;
        }
    }
}

/// One input applied and its outputs carried out, with what they bring back (a secret for
/// the dice's share).
fn step(online: &mut Online, input: In, fx: &mut Effects) -> Carried {
    let mut inputs = vec![input];
    let mut carried = Carried::Same;
    while let Some(input) = inputs.pop() {
        let outs = online.apply(input, &fx.table);
        let mut then = Vec::new();
        match carry_out(outs, fx, &mut then) {
            Carried::Ended => return Carried::Ended,
            Carried::Changed => carried = Carried::Changed,
            Carried::Same => {}
        }
        inputs.extend(then);
    }
    carried
}

/// This device's requests for its seat.
#[derive(SystemParam)]
struct Plays<'w, 's> {
    rolls: MessageReader<'w, 's, RollRequested>,
    moves: MessageReader<'w, 's, MoveChosen>,
    rematches: MessageReader<'w, 's, RematchRequested>,
}

/// What the session's outputs change: the socket, the table, its clock, who decides, this
/// device's tickets, and the messages and screens a new table brings.
#[derive(SystemParam)]
struct Effects<'w, 's> {
    commands: Commands<'w, 's>,
    link: NonSendMut<'w, Link>,
    table: ResMut<'w, Table>,
    memory: ResMut<'w, OnlineMemory>,
    decider: ResMut<'w, Decider>,
    clock: ResMut<'w, TurnClock>,
    happened: MessageWriter<'w, Happened>,
    opened: MessageWriter<'w, TableOpened>,
    started: MessageWriter<'w, GameStarted>,
    next_screen: ResMut<'w, NextState<Screen>>,
    finished: MessageWriter<'w, GameFinished>,
    reactions: MessageWriter<'w, ReactionHeard>,
    signals: MessageWriter<'w, Signal>,
}

/// What carrying out a step's outputs did to the connection.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Carried {
    Same,
    /// Dropped or opened anew: the old one's messages are not read.
    Changed,
    /// The session is over.
    Ended,
}

/// Carries out `outs`; what the session is to hear next because of them goes in `then`.
fn carry_out(outs: Vec<Out>, fx: &mut Effects, then: &mut Vec<In>) -> Carried {
    let mut carried = Carried::Same;
    for out in outs {
        match out {
            Out::Connect(address) => {
                fx.link.0 = Some(Socket::open(&address));
                carried = Carried::Changed;
            }
            Out::Disconnect => {
                // Dropping the socket sends what is queued and closes it.
                fx.link.0 = None;
                carried = Carried::Changed;
            }
            Out::Send(msg) => {
                if let Some(socket) = &fx.link.0 {
                    socket.send(&msg);
                }
            }
            Out::Publish(events) => publish(&mut fx.happened, &events),
            Out::NewTable(new) => {
                let (config, game) = *new;
                *fx.table = Table::new(&config, game.first_seat());
                fx.table.game = game;
                fx.opened.write(TableOpened);
                fx.next_screen.set(Screen::Playing);
            }
            Out::Game(game) => fx.table.game = *game,
            Out::Autopilot(seats) => fx.table.autopilot = seats,
            Out::Started => {
                fx.started.write(GameStarted);
            }
            Out::Clock(left) => {
                *fx.clock = TurnClock {
                    left,
                    expired: false,
                };
            }
            Out::ClockOff => fx.clock.left = None,
            Out::Decider(decider) => *fx.decider = decider,
            Out::Remember(ticket) => fx.memory.remember(ticket),
            Out::Forget { server, code } => fx.memory.forget(&server, &code),
            Out::Profile(key) => fx.memory.profile = Some(key),
            Out::Finished(file, seat) => {
                fx.finished.write(GameFinished {
                    file: *file,
                    here: seat.into_iter().collect(),
                });
            }
            Out::Reaction { seat, reaction } => {
                fx.reactions.write(ReactionHeard { seat, reaction });
            }
            Out::Left => {
                fx.commands.remove_resource::<Online>();
                return Carried::Ended;
            }
            Out::NeedShare(game) => {
                let mut secret = [0u8; 32];
                match getrandom03::fill(&mut secret) {
                    Ok(()) => then.push(In::Share { game, secret }),
                    Err(e) => warn!("no secret for the dice's share: {e}"),
                }
            }
            Out::Tell(signal) => {
                fx.signals.write(signal);
            }
            Out::Warn(line) => warn!("{line}"),
        }
    }
    carried
}

/// The first message to a room by its code (none for a code that cannot be one): a seat this
/// device already has there taken back, else a new one asked for.
fn join_message(
    memory: &mut OnlineMemory,
    server: &str,
    name: &str,
    code: &str,
) -> Option<ClientMsg> {
    let code = normalize_code(code)?;
    Some(match memory.ticket(server, &code) {
        Some(ticket) => ClientMsg::Resume {
            code,
            token: ticket.token.clone(),
            seen: 0,
        },
        None => ClientMsg::Join {
            code,
            player: player(memory, name, server),
            seat: None,
        },
    })
}

/// Who this device is at the server: the name typed (remembered) and the player's key.
fn player(memory: &mut OnlineMemory, name: &str, server: &str) -> PlayerSpec {
    // Cut as the server cuts it, so the name shown here is the one others see.
    let name = ludo_proto::clean_name(name);
    let name = if name.is_empty() {
        UNNAMED.to_string()
    } else {
        name
    };
    if memory.name != name {
        memory.name = name.clone();
    }
    if memory.server.as_deref() != Some(server) {
        memory.server = Some(server.to_string());
    }
    PlayerSpec {
        name,
        profile: memory.profile.clone(),
    }
}

/// The server's turn clock, counted down here between its messages.
fn count_down_clock(
    time: Res<Time<Real>>,
    online: Option<Res<Online>>,
    mut clock: ResMut<TurnClock>,
) {
    if online.is_none() {
        return;
    }
    if let Some(left) = clock.left.as_mut() {
        *left = (*left - time.delta_secs()).max(0.0);
    }
}
