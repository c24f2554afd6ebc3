//! The rules flow: `RollRequested` and `MoveChosen` come in (from input, a CPU, or a test),
//! the engine in `Table` decides, and each event it reports goes out as `Happened`.

use bevy::prelude::*;
use ludo_core::{Event, Pos};

use crate::table::GameSet;
use crate::table::{Table, TableConfig};

/// A seat presses the die: a roll (or, under *release without rolling*, a release).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct RollRequested {
    pub seat: u8,
}

/// A seat picks the piece to move by the pending roll.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveChosen {
    pub seat: u8,
    pub piece: u8,
}

/// True while the board still shows something (a hop, a capture): the next roll waits for
/// it. The board sets it; CPU seats, the turn clock and input read it.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Busy(pub bool);

/// Who decides what happens at this table: this device's engine, or a room server whose
/// events the online client writes as `Happened` (and to which it sends this device's
/// requests). Either way the board and the windows see the same messages.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decider {
    /// The engine here decides, and CPU seats play here.
    #[default]
    Here,
    /// A room server decides; this device plays `seat` (none while it only watches).
    Server { seat: Option<u8> },
}

impl Decider {
    /// Whether a person at this device may act for `seat`: a person's seat the CPU is not
    /// playing, and, at a server's table, this device's own seat.
    pub fn person_here(&self, table: &Table, seat: u8) -> bool {
        !table.cpu_plays(seat)
            && match self {
                Decider::Here => true,
                Decider::Server { seat: mine } => *mine == Some(seat),
            }
    }
}

/// Run condition: the engine here decides (not a room server).
pub fn decided_here(decider: Res<Decider>) -> bool {
    *decider == Decider::Here
}

/// A person hands their seat to the CPU (`cpu_plays`) or takes it back.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AutopilotRequested {
    pub seat: u8,
    pub cpu_plays: bool,
}

/// Start the next game at the same table (the next seat starts when the rules rotate).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct RematchRequested;

/// One thing the engine reported, in the engine's order. The board, the windows, sound and
/// the game's story all react to this one message, so what they show follows the engine's
/// order exactly; whoever decides (this device's engine here, a server's events later) writes
/// it through `publish`.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Happened(pub Event);

/// A piece that moved (entered from base, or moved along the track): seat, piece, from, to.
pub fn piece_moved(event: &Event) -> Option<(u8, u8, Pos, Pos)> {
    match *event {
        Event::Entered { seat, piece } => Some((seat, piece, Pos::BASE, Pos::at(0))),
        Event::Moved {
            seat,
            piece,
            from,
            to,
        } => Some((seat, piece, from, to)),
        _ => None,
    }
}

/// A roll of the die: seat, value, and whether it was a roll of the first-player roll-off.
pub fn dice_rolled(event: &Event) -> Option<(u8, u8, bool)> {
    match *event {
        Event::RollOff { seat, value } => Some((seat, value, true)),
        Event::Rolled { seat, value } => Some((seat, value, false)),
        _ => None,
    }
}

/// Writes the engine's events as `Happened`, in the engine's order.
pub fn publish(out: &mut MessageWriter<Happened>, events: &[Event]) {
    out.write_batch(events.iter().cloned().map(Happened));
}

/// A new game began at the table (after a rematch): entities reset to base.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct GameStarted;

/// Sit down at a new table: other seats, other rules.
#[derive(Message, Clone, Debug)]
pub struct NewTableRequested(pub TableConfig);

/// A new table was opened: the board, pieces and die are built again from its layout.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct TableOpened;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Busy>()
        .init_resource::<Decider>()
        .add_message::<RollRequested>()
        .add_message::<MoveChosen>()
        .add_message::<RematchRequested>()
        .add_message::<AutopilotRequested>()
        .add_message::<Happened>()
        .add_message::<GameStarted>()
        .add_message::<NewTableRequested>()
        .add_message::<TableOpened>()
        .add_systems(
            Update,
            (
                (set_autopilot, apply_requests, start_rematch).run_if(decided_here),
                open_new_table,
            )
                .chain()
                .in_set(GameSet::Rules),
        );
}

/// Hands each request to the engine; a request the engine refuses (out of turn, not a legal
/// move) is logged and changes nothing.
fn apply_requests(
    mut table: ResMut<Table>,
    mut rolls: MessageReader<RollRequested>,
    mut moves: MessageReader<MoveChosen>,
    mut out: MessageWriter<Happened>,
) {
    let table = &mut *table;
    let mut events = Vec::new();
    for request in rolls.read() {
        if request.seat != table.game.turn() {
            warn!("seat {} asked to roll out of turn", request.seat);
            continue;
        }
        events.clear();
        match table.press(&mut events) {
            Ok(()) => publish(&mut out, &events),
            Err(e) => warn!("roll refused: {e}"),
        }
    }
    for request in moves.read() {
        if request.seat != table.game.turn() {
            warn!("seat {} chose a move out of turn", request.seat);
            continue;
        }
        events.clear();
        match table.choose(request.piece, &mut events) {
            Ok(()) => publish(&mut out, &events),
            Err(e) => warn!("move refused: {e}"),
        }
    }
}

fn set_autopilot(mut requests: MessageReader<AutopilotRequested>, mut table: ResMut<Table>) {
    for r in requests.read() {
        if !table.seat_kind(r.seat).is_cpu()
            && let Some(away) = table.autopilot.get_mut(r.seat as usize)
        {
            *away = r.cpu_plays;
        }
    }
}

fn start_rematch(
    mut requests: MessageReader<RematchRequested>,
    mut table: ResMut<Table>,
    config: Res<TableConfig>,
    mut started: MessageWriter<GameStarted>,
) {
    if requests.read().last().is_none() {
        return;
    }
    let n = table.game.seats();
    let first = table
        .game
        .rules()
        .rematch_first_seat(table.game.first_seat(), n);
    let mut config = config.clone();
    // A new die stream for the new game, still derived from the table's seed.
    config.seed = config
        .seed
        .wrapping_add(table.record.steps.len() as u64 + 1);
    *table = Table::new(&config, first);
    started.write(GameStarted);
}

fn open_new_table(
    mut requests: MessageReader<NewTableRequested>,
    mut table: ResMut<Table>,
    mut config: ResMut<TableConfig>,
    mut opened: MessageWriter<TableOpened>,
    mut started: MessageWriter<GameStarted>,
    screen: Res<State<crate::table::screen::Screen>>,
    mut next: ResMut<NextState<crate::table::screen::Screen>>,
    mut decider: ResMut<Decider>,
) {
    let Some(NewTableRequested(new)) = requests.read().last() else {
        return;
    };
    // From the menu, sitting down at the table starts play; entering play builds the table.
    if *screen.get() != crate::table::screen::Screen::Playing {
        next.set(crate::table::screen::Screen::Playing);
    }
    *config = new.clone();
    *table = Table::new(&config, 0);
    *decider = Decider::Here;
    opened.write(TableOpened);
    started.write(GameStarted);
}
