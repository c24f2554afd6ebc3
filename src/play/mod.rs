//! The rules flow: `RollRequested` and `MoveChosen` come in (from input, a CPU, or a test),
//! the engine in `Table` decides, and one message per thing that happened goes out.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use ludo_core::{Cell, Event, ExtraRollReasons, Pos, Standing};

use crate::GameSet;
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

/// Start the next game at the same table (the next seat starts when the rules rotate).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct RematchRequested;

#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiceRolled {
    pub seat: u8,
    pub value: u8,
    /// A roll of the first-player roll-off rather than of a turn.
    pub roll_off: bool,
}

#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct PieceMoved {
    pub seat: u8,
    pub piece: u8,
    pub from: Pos,
    pub to: Pos,
    /// The cells walked, in order, the landing cell last.
    pub path: Vec<Cell>,
}

#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceCaptured {
    pub seat: u8,
    pub piece: u8,
    pub by: u8,
}

#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceReachedGoal {
    pub seat: u8,
    pub piece: u8,
}

#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoLegalMove {
    pub seat: u8,
}

#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExtraRoll {
    pub seat: u8,
    pub reasons: ExtraRollReasons,
}

#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThreeSixes {
    pub seat: u8,
}

#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnAdvanced {
    pub from: u8,
    pub to: u8,
}

#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct FirstPlayerChosen {
    pub seat: u8,
}

#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatFinished {
    pub seat: u8,
    pub place: u8,
}

#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct GameOver {
    pub ranking: Vec<Standing>,
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
    app.add_message::<RollRequested>()
        .add_message::<MoveChosen>()
        .add_message::<RematchRequested>()
        .add_message::<DiceRolled>()
        .add_message::<PieceMoved>()
        .add_message::<PieceCaptured>()
        .add_message::<PieceReachedGoal>()
        .add_message::<NoLegalMove>()
        .add_message::<ExtraRoll>()
        .add_message::<ThreeSixes>()
        .add_message::<TurnAdvanced>()
        .add_message::<FirstPlayerChosen>()
        .add_message::<SeatFinished>()
        .add_message::<GameOver>()
        .add_message::<GameStarted>()
        .add_message::<NewTableRequested>()
        .add_message::<TableOpened>()
        .add_systems(
            Update,
            (apply_requests, start_rematch, open_new_table)
                .chain()
                .in_set(GameSet::Rules),
        );
}

/// Every message the rules write.
#[derive(SystemParam)]
pub struct Happenings<'w> {
    rolled: MessageWriter<'w, DiceRolled>,
    moved: MessageWriter<'w, PieceMoved>,
    captured: MessageWriter<'w, PieceCaptured>,
    goal: MessageWriter<'w, PieceReachedGoal>,
    no_move: MessageWriter<'w, NoLegalMove>,
    extra: MessageWriter<'w, ExtraRoll>,
    three_sixes: MessageWriter<'w, ThreeSixes>,
    turn: MessageWriter<'w, TurnAdvanced>,
    first: MessageWriter<'w, FirstPlayerChosen>,
    finished: MessageWriter<'w, SeatFinished>,
    over: MessageWriter<'w, GameOver>,
}

impl Happenings<'_> {
    /// Writes one message per engine event, in the engine's order.
    fn publish(&mut self, table: &Table, events: &[Event]) {
        for event in events {
            match event.clone() {
                Event::RollOff { seat, value } => {
                    self.rolled.write(DiceRolled {
                        seat,
                        value,
                        roll_off: true,
                    });
                }
                Event::FirstPlayer { seat } => {
                    self.first.write(FirstPlayerChosen { seat });
                }
                Event::Rolled { seat, value } => {
                    self.rolled.write(DiceRolled {
                        seat,
                        value,
                        roll_off: false,
                    });
                }
                Event::NoLegalMove { seat } => {
                    self.no_move.write(NoLegalMove { seat });
                }
                Event::Entered { seat, piece } => {
                    self.moved.write(PieceMoved {
                        seat,
                        piece,
                        from: Pos::BASE,
                        to: Pos::at(0),
                        path: table.layout.path(
                            seat as usize,
                            piece as usize,
                            Pos::BASE,
                            Pos::at(0),
                        ),
                    });
                }
                Event::Moved {
                    seat,
                    piece,
                    from,
                    to,
                } => {
                    self.moved.write(PieceMoved {
                        seat,
                        piece,
                        from,
                        to,
                        path: table.layout.path(seat as usize, piece as usize, from, to),
                    });
                }
                Event::Captured {
                    seat, piece, by, ..
                } => {
                    self.captured.write(PieceCaptured { seat, piece, by });
                }
                Event::ReachedGoal { seat, piece } => {
                    self.goal.write(PieceReachedGoal { seat, piece });
                }
                Event::ExtraRoll { seat, reasons } => {
                    self.extra.write(ExtraRoll { seat, reasons });
                }
                Event::ThreeSixes { seat } => {
                    self.three_sixes.write(ThreeSixes { seat });
                }
                Event::TurnPassed { from, to } => {
                    self.turn.write(TurnAdvanced { from, to });
                }
                Event::SeatFinished { seat, place } => {
                    self.finished.write(SeatFinished { seat, place });
                }
                Event::GameOver { ranking } => {
                    self.over.write(GameOver { ranking });
                }
            }
        }
    }
}

/// Hands each request to the engine; a request the engine refuses (out of turn, not a legal
/// move) is logged and changes nothing.
fn apply_requests(
    mut table: ResMut<Table>,
    mut rolls: MessageReader<RollRequested>,
    mut moves: MessageReader<MoveChosen>,
    mut out: Happenings,
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
            Ok(()) => out.publish(table, &events),
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
            Ok(()) => out.publish(table, &events),
            Err(e) => warn!("move refused: {e}"),
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
    screen: Res<State<crate::screen::Screen>>,
    mut next: ResMut<NextState<crate::screen::Screen>>,
) {
    let Some(NewTableRequested(new)) = requests.read().last() else {
        return;
    };
    // From the menu, sitting down at the table starts play; entering play builds the table.
    if *screen.get() != crate::screen::Screen::Playing {
        next.set(crate::screen::Screen::Playing);
    }
    *config = new.clone();
    *table = Table::new(&config, 0);
    opened.write(TableOpened);
    started.write(GameStarted);
}
