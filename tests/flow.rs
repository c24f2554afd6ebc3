//! The game's rules flow in a headless App: messages in, engine decides, messages out.

use bevy::prelude::*;
use ludo::cpu::Busy;
use ludo::play::*;
use ludo::settings::{Settings, Speed};
use ludo::table::{SeatKind, Table, TableConfig};
use ludo_core::{Awaiting, CpuLevel, Pos};

/// Everything the rules wrote, in order of arrival per kind.
#[derive(Resource, Default)]
struct Seen {
    rolled: Vec<DiceRolled>,
    moved: Vec<PieceMoved>,
    captured: Vec<PieceCaptured>,
    turns: Vec<TurnAdvanced>,
    over: Vec<GameOver>,
}

#[allow(clippy::too_many_arguments)]
fn record(
    mut seen: ResMut<Seen>,
    mut rolled: MessageReader<DiceRolled>,
    mut moved: MessageReader<PieceMoved>,
    mut captured: MessageReader<PieceCaptured>,
    mut turns: MessageReader<TurnAdvanced>,
    mut over: MessageReader<GameOver>,
) {
    seen.rolled.extend(rolled.read().copied());
    seen.moved.extend(moved.read().cloned());
    seen.captured.extend(captured.read().copied());
    seen.turns.extend(turns.read().copied());
    seen.over.extend(over.read().cloned());
}

fn app(seats: Vec<SeatKind>, seed: u64) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(TableConfig {
            seats,
            seed,
            ..Default::default()
        })
        .insert_resource(Settings {
            cpu_speed: Speed::Instant,
            animation_speed: Speed::Instant,
            ..Default::default()
        })
        .add_plugins(ludo::rules_plugin)
        .init_resource::<Seen>()
        .add_systems(Update, record.after(ludo::GameSet::Rules));
    app.update();
    app
}

fn cpus(n: usize) -> Vec<SeatKind> {
    vec![SeatKind::Cpu(CpuLevel::Normal); n]
}

#[test]
fn four_cpus_play_a_whole_game_through_messages_and_the_record_replays() {
    let mut app = app(cpus(4), 7);
    for _ in 0..20_000 {
        app.update();
        if app.world().resource::<Table>().game.is_over() {
            break;
        }
    }
    let table = app.world().resource::<Table>();
    assert!(table.game.is_over(), "the game ends");
    let seen = app.world().resource::<Seen>();
    assert_eq!(seen.over.len(), 1, "one GameOver message");
    assert_eq!(seen.over[0].ranking.len(), 4);
    assert!(!seen.rolled.is_empty() && !seen.moved.is_empty() && !seen.turns.is_empty());
    for m in &seen.moved {
        assert!(!m.path.is_empty(), "every move has a path");
        let last = *m.path.last().unwrap();
        assert_eq!(
            last,
            table.layout.cell(m.seat as usize, m.piece as usize, m.to)
        );
    }
    // The ECS flow and the engine agree: the table's record replays to the same game.
    let replayed = table.record.replay().expect("the record replays");
    assert_eq!(replayed.state(), table.game.state());
}

#[test]
fn a_person_rolls_and_moves_by_messages_and_out_of_turn_requests_change_nothing() {
    let mut seats = cpus(4);
    seats[0] = SeatKind::Person { name: "Ana".into() };
    let mut app = app(seats, 3);
    // Nothing is animated in a headless app, so the table is never busy.
    assert_eq!(*app.world().resource::<Busy>(), Busy(false));
    // A request from a seat that is not to play is refused.
    app.world_mut().write_message(RollRequested { seat: 2 });
    app.update();
    assert!(app.world().resource::<Seen>().rolled.is_empty());
    // Seat 0 rolls until it gets a move, then takes the first one.
    let mut moved = false;
    for _ in 0..200 {
        let (turn, awaiting) = {
            let t = app.world().resource::<Table>();
            (t.game.turn(), t.game.awaiting())
        };
        if turn != 0 {
            app.update();
            continue;
        }
        match awaiting {
            Awaiting::Move => {
                let piece = app.world().resource::<Table>().game.legal_moves()[0].piece;
                let settings_auto = app.world().resource::<Settings>().auto_single_move;
                app.world_mut().write_message(MoveChosen { seat: 0, piece });
                app.update();
                let seen = app.world().resource::<Seen>();
                assert!(
                    seen.moved.iter().any(|m| m.seat == 0),
                    "a move by seat 0 (auto single move: {settings_auto})"
                );
                moved = true;
                break;
            }
            _ => {
                app.world_mut().write_message(RollRequested { seat: 0 });
                app.update();
            }
        }
    }
    assert!(moved, "seat 0 got to move within 200 updates");
    let seen = app.world().resource::<Seen>();
    assert!(seen.rolled.iter().any(|r| r.seat == 0));
    let first = seen.moved.iter().find(|m| m.seat == 0).unwrap();
    assert_eq!(first.from, Pos::BASE, "the first move leaves base");
}

#[test]
fn a_rematch_starts_with_the_next_seat() {
    let mut app = app(cpus(3), 11);
    for _ in 0..20_000 {
        app.update();
        if app.world().resource::<Table>().game.is_over() {
            break;
        }
    }
    assert!(app.world().resource::<Table>().game.is_over());
    let first = app.world().resource::<Table>().game.first_seat();
    app.world_mut().write_message(RematchRequested);
    app.update();
    let table = app.world().resource::<Table>();
    assert!(!table.game.is_over());
    assert_eq!(table.game.first_seat(), (first + 1) % 3);
}
