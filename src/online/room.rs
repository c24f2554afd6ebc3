//! The online table's systems: requests to the server, the server's messages into the table
//! and the game's messages, and coming back after a dropped connection.

use bevy::prelude::*;
use ludo_core::{Event, Game};
use ludo_proto::{ClientMsg, Mirror, Numbered, PROTOCOL_VERSION, PlayerSpec, Refusal, RoomView};
use ludo_proto::{SeatKind as SeatView, ServerMsg, normalize_code};

use super::socket::{Incoming, Socket};
use super::{Online, OnlineRequest, Problem, Status};
use crate::files::online::{OnlineMemory, SeatTicket};
use crate::files::past_games::GameFinished;
use crate::table::flow::{
    Decider, GameStarted, Happened, MoveChosen, NewTableRequested, RematchRequested, RollRequested,
    TableOpened, publish,
};
use crate::table::screen::Screen;
use crate::table::turn_clock::TurnClock;
use crate::table::{GameSet, SeatKind, Table, TableConfig, TurnLimit, UNNAMED};

/// The socket, kept where Bevy keeps what may not cross threads (the browser's may not).
#[derive(Default)]
struct Link(Option<Socket>);

/// This device left its online table (it asked to, or the server ended its seat).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct LeftTable;

/// The longest wait between two attempts to reconnect.
const MAX_WAIT_SECS: f32 = 5.0;
/// Connections tried for a first request (no seat yet to come back to) before the player is
/// told the server cannot be reached.
const FIRST_TRIES: u32 = 3;

pub(super) fn plugin(app: &mut App) {
    app.insert_non_send(Link::default())
        .add_message::<OnlineRequest>()
        .add_message::<LeftTable>()
        .add_message::<super::ReactionHeard>()
        .add_systems(
            Update,
            // Requests go out with the event count of the position they were made in, before
            // this frame's news moves it on.
            (handle_requests, reconnect, send_requests, receive)
                .chain()
                .in_set(GameSet::Rules),
        )
        .add_systems(Update, count_down_clock.in_set(GameSet::Ask));
}

/// Creating, joining, starting and leaving; a new local table leaves the online one.
fn handle_requests(
    mut commands: Commands,
    mut requests: MessageReader<OnlineRequest>,
    mut new_table: MessageReader<NewTableRequested>,
    mut link: NonSendMut<Link>,
    mut online: Option<ResMut<Online>>,
    mut memory: ResMut<OnlineMemory>,
    mut decider: ResMut<Decider>,
    mut left: MessageWriter<LeftTable>,
) {
    let leaving = new_table.read().count() > 0;
    for request in requests.read() {
        match request {
            OnlineRequest::Create {
                server,
                name,
                table,
            } => {
                let first = ClientMsg::Create {
                    table: table.clone(),
                    player: player(&mut memory, name, server),
                };
                connect(&mut commands, &mut link, server, first);
            }
            OnlineRequest::Join { server, name, code } => {
                match join_message(&mut memory, server, name, code) {
                    Some(first) => connect(&mut commands, &mut link, server, first),
                    None => {
                        let mut online = Online::new(server, ClientMsg::Ping);
                        online.status = Status::Failed;
                        online.problem = Some(Problem::BadCode);
                        online.pending = None;
                        commands.insert_resource(online);
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
                connect(&mut commands, &mut link, server, first);
            }
            OnlineRequest::Start => {
                if let Some(socket) = &link.0 {
                    socket.send(&ClientMsg::Start);
                }
            }
            OnlineRequest::React(reaction) => {
                if let (Some(socket), Some(true)) =
                    (&link.0, online.as_ref().map(|o| o.may_react()))
                {
                    socket.send(&ClientMsg::React {
                        reaction: reaction.id().into(),
                    });
                }
            }
            OnlineRequest::Mute { seat, muted } => {
                if let Some(online) = online.as_mut() {
                    online.muted.retain(|s| s != seat);
                    if *muted {
                        online.muted.push(*seat);
                    }
                }
            }
            OnlineRequest::Leave => {
                leave(&mut commands, &mut link, online.as_deref(), &mut memory);
                *decider = Decider::Here;
                left.write(LeftTable);
            }
        }
    }
    if leaving && online.is_some() {
        leave(&mut commands, &mut link, online.as_deref(), &mut memory);
        left.write(LeftTable);
    }
}

/// Opens the connection to `server`, `first` to be sent once it is open.
fn connect(commands: &mut Commands, link: &mut Link, server: &str, first: ClientMsg) {
    link.0 = Some(Socket::open(server));
    commands.insert_resource(Online::new(server, first));
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

fn leave(
    commands: &mut Commands,
    link: &mut Link,
    online: Option<&Online>,
    memory: &mut OnlineMemory,
) {
    if let Some(socket) = &link.0 {
        // Waiting for quick play, there is no seat to leave.
        let waiting = online.is_some_and(|o| o.queue.is_some());
        socket.send(if waiting {
            &ClientMsg::CancelQuickPlay
        } else {
            &ClientMsg::Leave
        });
    }
    if let Some(Online {
        server,
        code: Some(code),
        ..
    }) = online
    {
        memory.forget(server, code);
    }
    // Dropping the socket sends what is queued and closes it.
    link.0 = None;
    commands.remove_resource::<Online>();
}

/// A lost connection is tried again after a wait that grows (0.5 s, 1 s, 2 s, … 5 s): it
/// resumes the seat with the events already heard, or, with no seat yet, asks again.
fn reconnect(time: Res<Time<Real>>, mut link: NonSendMut<Link>, online: Option<ResMut<Online>>) {
    let Some(mut online) = online else {
        return;
    };
    let Status::Reconnecting { attempt, wait } = &mut online.status else {
        return;
    };
    *wait -= time.delta_secs();
    if *wait > 0.0 {
        return;
    }
    let attempt = *attempt;
    let first = match (online.code.clone(), online.token.clone()) {
        (Some(code), Some(token)) => ClientMsg::Resume {
            code,
            token,
            seen: online.seq,
        },
        _ => match online.pending.clone() {
            Some(first) => first,
            None => {
                online.status = Status::Failed;
                return;
            }
        },
    };
    info!(
        "ludo: reconnecting to {} (attempt {attempt})",
        online.address()
    );
    online.pending = Some(first);
    online.heard = false;
    online.status = Status::Reconnecting {
        attempt,
        wait: f32::INFINITY,
    };
    link.0 = Some(Socket::open(online.address()));
}

/// What the server said, in order.
fn receive(mut link: NonSendMut<Link>, online: Option<ResMut<Online>>, mut fx: Effects) {
    let (Some(mut online), Some(socket)) = (online, link.0.as_ref()) else {
        return;
    };
    let mut lost = None;
    for incoming in socket.poll() {
        match incoming {
            Incoming::Opened => greet(socket, &online),
            Incoming::Message(msg) => match hear(msg, &mut online, &mut fx) {
                Ok(()) => {}
                Err(Lost::Broken(why)) => lost = Some(why),
                Err(Lost::Busy) => {
                    info!("ludo: the room is between two nodes; asking again");
                    // A moment later, through the address the player gave.
                    online.node = None;
                    let attempt = match online.status {
                        Status::Reconnecting { attempt, .. } => attempt + 1,
                        _ => 1,
                    };
                    online.status = Status::Reconnecting {
                        attempt,
                        wait: retry_wait(attempt),
                    };
                    link.0 = None;
                    return;
                }
                Err(Lost::Moved(url)) => {
                    info!("ludo: the room is served at {url}");
                    online.node = Some(url);
                    // At once, asking there what was asked here.
                    online.status = Status::Reconnecting {
                        attempt: 0,
                        wait: 0.0,
                    };
                    link.0 = None;
                    return;
                }
            },
            Incoming::Closed(why) => lost = Some(why),
        }
    }
    if online.status == Status::Failed {
        link.0 = None;
    } else if let Some(why) = lost {
        link.0 = None;
        after_loss(&mut online, why);
    }
}

/// What the server's messages change besides `Online`: the table, its clock, who decides,
/// this device's tickets, and the messages and screens a new table brings.
#[derive(bevy::ecs::system::SystemParam)]
struct Effects<'w> {
    table: ResMut<'w, Table>,
    memory: ResMut<'w, OnlineMemory>,
    decider: ResMut<'w, Decider>,
    clock: ResMut<'w, TurnClock>,
    happened: MessageWriter<'w, Happened>,
    opened: MessageWriter<'w, TableOpened>,
    started: MessageWriter<'w, GameStarted>,
    next_screen: ResMut<'w, NextState<Screen>>,
    finished: MessageWriter<'w, GameFinished>,
    reactions: MessageWriter<'w, super::ReactionHeard>,
}

/// A new connection says hello, and asks again what it asked before it dropped.
fn greet(socket: &Socket, online: &Online) {
    info!("ludo: connected to {}", online.address());
    socket.send(&ClientMsg::Hello {
        protocol: PROTOCOL_VERSION,
    });
    // Kept until answered: a connection that drops first asks again.
    if let Some(first) = &online.pending {
        socket.send(first);
    }
}

/// Why a connection is given up after a message.
enum Lost {
    /// The events do not follow this game: the connection starts again, and the next
    /// snapshot puts it right.
    Broken(String),
    /// The room is on another node: connect there.
    Moved(String),
    /// The room is being handed from a node that stopped to another: ask again soon.
    Busy,
}

/// One message from the server; an error when the connection should start again.
fn hear(msg: ServerMsg, online: &mut Online, fx: &mut Effects) -> Result<(), Lost> {
    match msg {
        ServerMsg::Welcome { .. } | ServerMsg::Pong => online.heard = true,
        ServerMsg::Joined {
            code,
            token,
            profile,
            link,
        } => {
            info!("ludo: room {code}");
            online.heard = true;
            online.pending = None;
            online.queue = None;
            fx.memory.remember(SeatTicket {
                server: online.server.clone(),
                code: code.clone(),
                token: token.clone(),
            });
            fx.memory.profile = Some(profile);
            online.code = Some(code);
            online.link = Some(link);
            online.token = Some(token);
        }
        ServerMsg::Seated { seat } => {
            info!("ludo: seated {seat}");
            online.heard = true;
            online.pending = None;
            online.status = Status::Connected;
            online.seat = Some(seat);
            *fx.decider = Decider::Server { seat: Some(seat) };
        }
        ServerMsg::Room(view) => take_snapshot(*view, online, fx),
        ServerMsg::Events { events } => match take_events(online, &events, &mut fx.table) {
            Ok(fresh) => {
                if fresh.iter().any(|e| matches!(e, Event::TurnPassed { .. })) {
                    fx.clock.left = None;
                }
                publish(&mut fx.happened, &fresh);
            }
            Err(e) => {
                warn!("the server's events do not follow this game: {e}");
                return Err(Lost::Broken("out of step".to_string()));
            }
        },
        ServerMsg::Clock { seat, ms_left } => {
            if seat == fx.table.game.turn() {
                fx.clock.left = Some(ms_left as f32 / 1000.0);
                fx.clock.expired = false;
            }
        }
        ServerMsg::Reacted { .. }
        | ServerMsg::Queued { .. }
        | ServerMsg::Unqueued
        | ServerMsg::Leaderboard { .. } => hear_besides(msg, online, &mut fx.reactions),
        ServerMsg::Moved { url } => {
            online.heard = true;
            return Err(Lost::Moved(url));
        }
        ServerMsg::Refused {
            reason: Refusal::Busy,
            ..
        } => {
            online.heard = true;
            return Err(Lost::Busy);
        }
        ServerMsg::Refused { reason, detail } => {
            online.heard = true;
            let watching = watching_now(online, reason);
            refused(online, &mut fx.memory, reason, &detail);
            if watching {
                // The seat went to someone else (or the game began) while this device was
                // gone: the server lets it watch, and the refusal says why.
                online.seat = None;
                online.pending = None;
                *fx.decider = Decider::Server { seat: None };
            }
        }
    }
    Ok(())
}

/// What the server says besides the table: reactions, quick play's wait.
fn hear_besides(
    msg: ServerMsg,
    online: &mut Online,
    reactions: &mut MessageWriter<super::ReactionHeard>,
) {
    match msg {
        ServerMsg::Reacted { seat, reaction } if online.shows_reactions_of(seat) => {
            reactions.write(super::ReactionHeard { seat, reaction });
        }
        // The quick-play request stays pending while it waits: a dropped connection asks
        // again (and waits afresh).
        ServerMsg::Queued { seats, waiting } => {
            online.heard = true;
            online.status = Status::Connected;
            online.queue = Some((seats, waiting));
            info!("ludo: waiting for a table of {seats} with {waiting}");
        }
        ServerMsg::Unqueued => {
            online.heard = true;
            online.queue = None;
            online.pending = None;
            online.status = Status::Failed;
        }
        // A muted seat's reaction; the leaderboard (asked for on a connection of its own).
        _ => {}
    }
}

/// The room as the server shows it; a new game or table builds the table again and sits down
/// at it.
fn take_snapshot(view: RoomView, online: &mut Online, fx: &mut Effects) {
    online.status = Status::Connected;
    online.heard = true;
    online.pending = None;
    // A resumed seat learns its room's code from the snapshot.
    if online.code.is_none() {
        online.code = Some(view.code.clone());
        online.link = Some(format!("/r/{}", view.code));
    }
    if online.token.is_none()
        && let Some(ticket) = fx.memory.ticket(&online.server, &view.code)
    {
        online.token = Some(ticket.token.clone());
    }
    if take_room(online, &view, &mut fx.table, &mut fx.clock) {
        fx.opened.write(TableOpened);
        // A game that begins (not one this device comes back to midway).
        if online.seq == 0 {
            fx.started.write(GameStarted);
        }
        fx.next_screen.set(Screen::Playing);
    }
    keep_result(online, &view, &mut fx.finished);
    online.room = Some(view);
}

/// The hash of the die's seed as first heard for each game, and once its result comes, the
/// finished game with the seed revealed, kept among the past games (its dice checked by a
/// review) under its ID at the server (`/g/CODE-NUMBER`).
fn keep_result(online: &mut Online, view: &RoomView, finished: &mut MessageWriter<GameFinished>) {
    let Some(g) = &view.game else { return };
    if online.promised.as_ref().is_none_or(|(n, _)| *n != g.number) {
        online.promised = Some((g.number, g.seed_hash.clone()));
    }
    let Some(result) = &g.result else { return };
    if online.kept == Some(g.number) {
        return;
    }
    online.kept = Some(g.number);
    let promised = online
        .promised
        .as_ref()
        .map_or_else(|| g.seed_hash.clone(), |(_, hash)| hash.clone());
    finished.write(GameFinished(ludo_proto::GameFile {
        record: result.record.clone(),
        finished: crate::files::unix_now(),
        served: Some(ludo_proto::ServedDice {
            promised,
            seed: result.seed,
        }),
        id: Some(format!("{}-{}", view.code, g.number)),
    }));
}

/// A lost connection: tried again with the seat's token, or (a first request unanswered)
/// asked again a few times, or given up on with the reason.
/// How long to wait before the `attempt`th try, in seconds: doubling, up to a limit.
fn retry_wait(attempt: u32) -> f32 {
    (0.25 * 2f32.powi(attempt as i32)).min(MAX_WAIT_SECS)
}

fn after_loss(online: &mut Online, why: String) {
    // Through the server the player gave again (a balancer in front of the nodes).
    online.node = None;
    let attempt = match online.status {
        Status::Reconnecting { attempt, .. } => attempt + 1,
        _ => 1,
    };
    let again = Status::Reconnecting {
        attempt,
        wait: retry_wait(attempt),
    };
    if online.token.is_some() {
        warn!("ludo: the connection to the room server was lost ({why})");
        online.status = again;
    } else if online.queue.is_some() && online.pending.is_some() {
        // Waiting for quick play: the next connection asks again, and waits afresh.
        warn!("ludo: the connection was lost while waiting for quick play ({why})");
        online.status = again;
    } else if !online.heard && online.pending.is_some() && attempt < FIRST_TRIES {
        // The server answers hello before it reads what follows: silent, it (unless its
        // welcome was lost on the way) read no request, so asking again takes no second
        // seat and opens no second room.
        warn!("ludo: no answer from the room server ({why}); trying again");
        online.status = again;
    } else {
        warn!("ludo: the room server cannot be reached ({why})");
        online.status = Status::Failed;
        online.problem = Some(Problem::Unreachable(why));
    }
}

/// Takes the server's snapshot: a new game (or a seat taken back) builds the table again;
/// otherwise the engine's state and who is away are brought up to date. Whether the table
/// was built again.
fn take_room(
    online: &mut Online,
    view: &RoomView,
    table: &mut Table,
    clock: &mut TurnClock,
) -> bool {
    let Some(g) = &view.game else {
        return false;
    };
    let game = match Game::from_state(view.rules.clone(), &g.state) {
        Ok(game) => game,
        Err(e) => {
            warn!("the server's game cannot be played here: {e}");
            return false;
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
    let new_table = g.number != online.number
        || online.room.as_ref().is_none_or(|r| r.game.is_none())
        || table.seats != seats
        || *table.game.rules() != view.rules;
    if g.number != online.number {
        // Mutes last for the game they were set in.
        online.muted.clear();
    }
    if new_table {
        let config = TableConfig {
            rules: view.rules.clone(),
            seats,
            seed: 0,
            turn_limit: TurnLimit::None,
        };
        *table = Table::new(&config, game.first_seat());
        // Whoever watches the console (the browser test) learns where a reopened game stands.
        info!("ludo: table at event {}", g.seq);
    }
    table.game = game;
    let autopilot: Vec<bool> = view.seats.iter().map(|s| s.cpu_plays).collect();
    for (seat, (&now, &before)) in autopilot.iter().zip(&table.autopilot).enumerate() {
        if now && !before {
            info!("ludo: CPU plays for seat {seat}");
        }
    }
    table.autopilot = autopilot;
    online.seq = g.seq;
    online.number = g.number;
    online.sent_at = None;
    *clock = TurnClock {
        left: g.clock_ms_left.map(|ms| ms as f32 / 1000.0),
        expired: false,
    };
    new_table
}

/// Plays the server's events on a copy of the table's game; the events not heard before,
/// once they check out.
fn take_events(
    online: &mut Online,
    events: &[Numbered],
    table: &mut Table,
) -> Result<Vec<Event>, String> {
    let before = online.seq;
    let mut mirror = Mirror {
        game: table.game.clone(),
        seq: online.seq,
        number: online.number,
    };
    mirror.apply(events)?;
    table.game = mirror.game;
    online.seq = mirror.seq;
    // A milestone for whoever watches the console (the browser test follows the game by it).
    if before / 100 != online.seq / 100 {
        info!("ludo: {} events", online.seq / 100 * 100);
    }
    Ok(events
        .iter()
        .filter(|n| n.seq >= before)
        .map(|n| n.event.clone())
        .collect())
}

/// A refusal: a request that came too early or late changes nothing; one that ends the
/// attempt (no such room, full, started, wrong version) is shown and ends it.
fn refused(online: &mut Online, memory: &mut OnlineMemory, reason: Refusal, detail: &str) {
    match reason {
        // Another device moved first, or this one asked twice: the next events say what is.
        Refusal::Stale
        | Refusal::NotYourTurn
        | Refusal::WrongPhase
        | Refusal::Illegal
        | Refusal::NotOver
        // A reaction sent too soon after the last is dropped, nothing more.
        | Refusal::TooFast => {
            // The request may go again once this device has caught up.
            debug!("refused: {detail}");
            online.sent_at = None;
            return;
        }
        Refusal::BadToken | Refusal::NoSuchRoom => {
            if let Some(code) = online.code.clone().or_else(|| pending_code(online)) {
                memory.forget(&online.server, &code);
            }
        }
        _ => {}
    }
    warn!("the room server refused: {detail}");
    let ends = (online.seat.is_none() && !watching_now(online, reason))
        || matches!(
            reason,
            Refusal::BadToken | Refusal::NoSuchRoom | Refusal::Version
        );
    online.problem = Some(Problem::Refused(reason));
    if ends {
        online.status = Status::Failed;
    }
}

/// A resume the server answered by letting this device watch: its lobby seat opened again
/// while it was gone, and was taken or the game began.
fn watching_now(online: &Online, reason: Refusal) -> bool {
    matches!(reason, Refusal::RoomFull | Refusal::GameStarted)
        && matches!(online.pending, Some(ClientMsg::Resume { .. }))
}

/// The room code of the request waiting for the server's answer, else of the room shown.
fn pending_code(online: &Online) -> Option<String> {
    match &online.pending {
        Some(ClientMsg::Join { code, .. } | ClientMsg::Resume { code, .. }) => Some(code.clone()),
        _ => online.room.as_ref().map(|r| r.code.clone()),
    }
}

/// This device's requests for its own seat go to the server, once per position.
fn send_requests(
    link: NonSend<Link>,
    online: Option<ResMut<Online>>,
    mut rolls: MessageReader<RollRequested>,
    mut moves: MessageReader<MoveChosen>,
    mut rematches: MessageReader<RematchRequested>,
) {
    let (Some(mut online), Some(socket)) = (online, link.0.as_ref()) else {
        return;
    };
    if online.status != Status::Connected {
        return;
    }
    let at = online.seq;
    for r in rolls.read() {
        if Some(r.seat) == online.seat && online.sent_at != Some(at) {
            socket.send(&ClientMsg::Roll { at });
            online.sent_at = Some(at);
        }
    }
    for m in moves.read() {
        if Some(m.seat) == online.seat && online.sent_at != Some(at) {
            socket.send(&ClientMsg::Move { at, piece: m.piece });
            online.sent_at = Some(at);
        }
    }
    if rematches.read().count() > 0 && online.is_host() {
        socket.send(&ClientMsg::Rematch);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_connection_lost_while_waiting_for_quick_play_asks_again() {
        let first = ClientMsg::QuickPlay {
            seats: 2,
            player: PlayerSpec {
                name: "Ana".into(),
                profile: None,
            },
        };
        let mut online = Online::new("ws://127.0.0.1:1/ws", first.clone());
        online.heard = true;
        online.status = Status::Connected;
        after_loss(&mut online, "closed".into());
        assert!(matches!(online.status, Status::Reconnecting { .. }));
        assert_eq!(
            online.pending,
            Some(first),
            "asked again on the next connection"
        );
        // A first request the server answered, and no queue: the player is told.
        let mut join = Online::new("ws://127.0.0.1:1/ws", ClientMsg::Ping);
        join.heard = true;
        after_loss(&mut join, "closed".into());
        assert_eq!(join.status, Status::Failed);
    }
}
