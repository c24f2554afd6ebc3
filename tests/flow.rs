//! The game's rules flow in a headless App: messages in, engine decides, messages out.

mod common;

use bevy::prelude::*;
use ludo::testing::Settings;
use ludo::testing::{
    Busy, Happened, MoveChosen, NewTableRequested, RematchRequested, RollRequested, dice_rolled,
    piece_moved,
};
use ludo::testing::{SeatKind, Table, TableConfig};
use ludo_core::{Awaiting, CpuLevel, Event, Pos};

/// Everything the rules wrote, in order: every event, and the kinds the tests ask about.
#[derive(Resource, Default)]
struct Seen {
    events: Vec<Event>,
    rolled: Vec<Rolled>,
    moved: Vec<Moved>,
    captured: Vec<Event>,
    turns: Vec<Turn>,
    over: Vec<Vec<ludo_core::Standing>>,
}

struct Rolled {
    seat: u8,
    value: u8,
}

/// A move as the board animates it: along the layout's path.
struct Moved {
    seat: u8,
    piece: u8,
    from: Pos,
    to: Pos,
    path: Vec<ludo_core::Cell>,
}

struct Turn {
    from: u8,
    to: u8,
}

fn record(mut seen: ResMut<Seen>, mut happened: MessageReader<Happened>, table: Res<Table>) {
    for Happened(event) in happened.read() {
        seen.events.push(event.clone());
        if let Some((seat, value, false)) = dice_rolled(event) {
            seen.rolled.push(Rolled { seat, value });
        }
        if let Some((seat, piece, from, to)) = piece_moved(event) {
            let path = table.layout.path(seat as usize, piece as usize, from, to);
            seen.moved.push(Moved {
                seat,
                piece,
                from,
                to,
                path,
            });
        }
        match event {
            Event::Captured { .. } => seen.captured.push(event.clone()),
            Event::TurnPassed { from, to } => seen.turns.push(Turn {
                from: *from,
                to: *to,
            }),
            Event::GameOver { ranking } => seen.over.push(ranking.clone()),
            _ => {}
        }
    }
}

/// The shared headless app with a recorder of what the rules wrote; `extra` adds to it
/// before the first update.
fn app_with(config: TableConfig, extra: impl FnOnce(&mut App)) -> App {
    let mut app = common::headless_app(config, |_| {});
    app.init_resource::<Seen>()
        .add_systems(Update, record.after(ludo::testing::GameSet::Rules));
    extra(&mut app);
    app.update();
    app
}

fn app(seats: Vec<SeatKind>, seed: u64) -> App {
    app_with(
        TableConfig {
            seats,
            seed,
            ..Default::default()
        },
        |_| {},
    )
}

fn cpus(n: usize) -> Vec<SeatKind> {
    vec![SeatKind::Cpu(CpuLevel::Normal); n]
}

#[test]
fn four_cpus_play_a_whole_game_through_messages_and_the_record_replays() {
    let mut app = app(cpus(4), 7);
    common::play_to_the_end(&mut app);
    let table = app.world().resource::<Table>();
    assert!(table.game.is_over(), "the game ends");
    let seen = app.world().resource::<Seen>();
    assert_eq!(seen.over.len(), 1, "one GameOver message");
    assert_eq!(seen.over[0].len(), 4);
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
    common::play_to_the_end(&mut app);
    assert!(app.world().resource::<Table>().game.is_over());
    let first = app.world().resource::<Table>().game.first_seat();
    app.world_mut().write_message(RematchRequested);
    app.update();
    let table = app.world().resource::<Table>();
    assert!(!table.game.is_over());
    assert_eq!(table.game.first_seat(), (first + 1) % 3);
}

/// Every engine event of a game, from replaying the table's record.
fn engine_events(table: &Table) -> Vec<ludo_core::Event> {
    let mut game = table.record.start().unwrap();
    let mut events = Vec::new();
    for step in &table.record.steps {
        game.play(*step, &mut events).unwrap();
    }
    events
}

#[test]
fn every_engine_event_reaches_the_ecs_as_its_message_in_order() {
    let mut app = app(cpus(4), 21);
    common::play_to_the_end(&mut app);
    let table = app.world().resource::<Table>();
    let seen = app.world().resource::<Seen>();
    let events = engine_events(table);
    assert_eq!(seen.events, events, "every event, in the engine's order");
    let rolls: Vec<(u8, u8)> = events
        .iter()
        .filter_map(|e| match *e {
            ludo_core::Event::Rolled { seat, value } => Some((seat, value)),
            _ => None,
        })
        .collect();
    assert_eq!(
        rolls,
        seen.rolled
            .iter()
            .map(|r| (r.seat, r.value))
            .collect::<Vec<_>>()
    );
    let moves: Vec<(u8, u8, Pos)> = events
        .iter()
        .filter_map(|e| match *e {
            ludo_core::Event::Moved {
                seat, piece, to, ..
            } => Some((seat, piece, to)),
            ludo_core::Event::Entered { seat, piece } => Some((seat, piece, Pos::at(0))),
            _ => None,
        })
        .collect();
    assert_eq!(
        moves,
        seen.moved
            .iter()
            .map(|m| (m.seat, m.piece, m.to))
            .collect::<Vec<_>>()
    );
    let captures = events
        .iter()
        .filter(|e| matches!(e, ludo_core::Event::Captured { .. }))
        .count();
    assert_eq!(captures, seen.captured.len());
    let passes: Vec<(u8, u8)> = events
        .iter()
        .filter_map(|e| match *e {
            ludo_core::Event::TurnPassed { from, to } => Some((from, to)),
            _ => None,
        })
        .collect();
    assert_eq!(
        passes,
        seen.turns
            .iter()
            .map(|t| (t.from, t.to))
            .collect::<Vec<_>>()
    );
    assert!(!seen.rolled.is_empty() && !seen.turns.is_empty());
}

#[test]
fn an_illegal_move_choice_is_refused_without_changing_anything() {
    let mut seats = cpus(2);
    seats[0] = SeatKind::Person { name: "Ana".into() };
    let mut app = app(seats, 5);
    app.world_mut().resource_mut::<Settings>().auto_single_move = false;
    // Roll until seat 0 waits for a move.
    for _ in 0..100 {
        let t = app.world().resource::<Table>();
        if t.game.awaiting() == Awaiting::Move && t.game.turn() == 0 {
            break;
        }
        let turn = t.game.turn();
        if turn == 0 {
            app.world_mut().write_message(RollRequested { seat: 0 });
        }
        app.update();
    }
    let before = app.world().resource::<Table>().game.state();
    assert_eq!(before.turn, 0);
    let legal: Vec<u8> = app
        .world()
        .resource::<Table>()
        .game
        .legal_moves()
        .iter()
        .map(|m| m.piece)
        .collect();
    let game = &app.world().resource::<Table>().game;
    let illegal = (0..4u8)
        .find(|&p| {
            let pos = game.pieces(0)[p as usize];
            !game.legal_moves().iter().any(|m| m.from == pos)
        })
        .unwrap_or(7);
    app.world_mut().write_message(MoveChosen {
        seat: 0,
        piece: illegal,
    });
    app.world_mut().write_message(MoveChosen {
        seat: 1,
        piece: legal[0],
    });
    app.update();
    assert_eq!(app.world().resource::<Table>().game.state(), before);
    assert!(
        app.world()
            .resource::<Seen>()
            .moved
            .iter()
            .all(|m| m.seat != 0)
    );
}

#[test]
fn a_person_plays_through_the_keyboard_input_path() {
    use bevy::input::ButtonInput;
    let mut seats = cpus(2);
    seats[0] = SeatKind::Person { name: "Ana".into() };
    let mut app = app_with(
        TableConfig {
            seats,
            seed: 8,
            ..Default::default()
        },
        |app| {
            app.init_resource::<ButtonInput<KeyCode>>()
                .init_resource::<bevy_egui::input::EguiWantsInput>()
                .add_plugins(ludo::testing::keyboard_plugin);
        },
    );
    let press = common::press;
    let mut moved = false;
    for _ in 0..500 {
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
                press(&mut app, KeyCode::Digit1);
                moved = true;
                break;
            }
            _ => press(&mut app, KeyCode::Space),
        }
        if app
            .world()
            .resource::<Seen>()
            .moved
            .iter()
            .any(|m| m.seat == 0)
        {
            moved = true; // a single legal move played itself
            break;
        }
    }
    assert!(moved, "seat 0 reached a move");
    let seen = app.world().resource::<Seen>();
    assert!(
        seen.rolled.iter().any(|r| r.seat == 0),
        "Space rolled the die"
    );
    assert!(
        seen.moved.iter().any(|m| m.seat == 0),
        "a key moved a piece"
    );
}

/// Under partners a person plays a whole game by keys: Space rolls, 1 moves; once their
/// pieces are home they move their partner's, and the pair wins or loses together.
#[test]
fn a_partners_game_is_played_to_the_end_by_keys() {
    use bevy::input::ButtonInput;
    use ludo_core::{Game, Rules, Step, Teams};
    let mut seats = cpus(4);
    seats[0] = SeatKind::Person { name: "Ana".into() };
    let mut app = app_with(
        TableConfig {
            seats,
            // A game where the person's pieces are home first (pressing 1 each time).
            seed: 2,
            rules: Rules {
                teams: Teams::Pairs,
                ..Rules::default()
            },
            ..Default::default()
        },
        |app| {
            app.init_resource::<ButtonInput<KeyCode>>()
                .init_resource::<bevy_egui::input::EguiWantsInput>()
                .add_plugins(ludo::testing::keyboard_plugin);
        },
    );
    for _ in 0..30_000 {
        let (turn, awaiting) = {
            let t = app.world().resource::<Table>();
            (t.game.turn(), t.game.awaiting())
        };
        match (turn, awaiting) {
            (_, Awaiting::Over) => break,
            (0, Awaiting::Move) => common::press(&mut app, KeyCode::Digit1),
            (0, _) => common::press(&mut app, KeyCode::Space),
            _ => app.update(),
        }
    }
    let table = app.world().resource::<Table>();
    assert!(table.game.is_over(), "the game ends");
    let mut ranks: Vec<(u8, u8)> = table
        .game
        .ranking()
        .unwrap()
        .iter()
        .map(|s| (s.seat, s.rank))
        .collect();
    ranks.sort_unstable();
    let (a, b) = (ranks[0].1, ranks[1].1);
    assert_ne!(a, b, "one pair wins");
    assert_eq!(
        ranks,
        [(0, a), (1, b), (2, a), (3, b)],
        "partners share their place"
    );
    // Replayed step by step: the person moved their partner's pieces once their own were home.
    let mut game = Game::new(table.game.rules().clone(), 4, table.record.first_seat).unwrap();
    let mut for_partner = 0;
    for step in &table.record.steps {
        if matches!(step, Step::Move(_)) && game.turn() == 0 && game.mover() == 2 {
            for_partner += 1;
        }
        game.play(*step, &mut Vec::new()).unwrap();
    }
    assert_eq!(game.state(), table.game.state());
    assert!(
        for_partner > 0,
        "seat 0 played on for seat 2 ({for_partner} moves)"
    );
}

#[test]
fn a_new_table_from_the_setup_brings_every_house_rule_to_the_engine() {
    use ludo::testing::{Chair, SetupDraft};
    use ludo_core::*;
    let mut app = app(cpus(4), 2);
    let mut draft = SetupDraft::from_config(&app.world().resource::<TableConfig>().clone());
    draft.chairs = [
        Chair::Person("Ana".into()),
        Chair::Empty,
        Chair::Cpu(CpuLevel::Hard),
        Chair::Empty,
        Chair::Empty,
        Chair::Empty,
    ];
    draft.fill_with_cpus();
    // Four seats: partners play at four only.
    draft.rules = Rules {
        board: BoardChoice::ByPlayerCount,
        exit_numbers: DieFaces::new(&[1, 6]).unwrap(),
        no_piece_in_play: NoPieceInPlay::UpToThreeRolls,
        three_sixes: false,
        extra_roll_on_capture: false,
        extra_roll_on_goal: true,
        safe_squares: SafeSquares::StartsOnly,
        impassable: Impassable::NoOvertaking,
        exact_finish: false,
        pieces_to_win: PiecesToWin::new(2).unwrap(),
        capture_before_home: true,
        teams: Teams::Pairs,
        team_blocks: true,
        team_wins: TeamWins::OneHome,
        rank_all: true,
        rotate_first_player: false,
        first_player: FirstPlayer::RollOff,
    };
    let config = draft.to_config();
    assert_eq!(config.seats.len(), 4);
    assert_eq!(
        config.rules.non_standard().len(),
        HOUSE_RULES.len(),
        "every option changed"
    );
    app.world_mut()
        .write_message(NewTableRequested(config.clone()));
    app.update();
    let table = app.world().resource::<Table>();
    assert_eq!(table.game.rules(), &config.rules);
    assert_eq!(table.game.seats(), 4);
    assert_eq!(table.layout.kind, BoardKind::Cross);
    assert_eq!(table.seats[0], SeatKind::Person { name: "Ana".into() });
    assert_eq!(table.game.awaiting(), Awaiting::RollOff);
    assert_eq!(*app.world().resource::<TableConfig>(), config);
}

#[test]
fn the_cpu_plays_for_a_person_who_asks_and_stops_when_they_take_back() {
    let mut seats = cpus(2);
    seats[0] = SeatKind::Person { name: "Ana".into() };
    let mut app = app(seats, 6);
    // Without help seat 0 waits: nothing happens while it is to play.
    for _ in 0..20 {
        app.update();
    }
    assert_eq!(app.world().resource::<Table>().game.turn(), 0);
    assert!(app.world().resource::<Seen>().rolled.is_empty());
    app.world_mut().resource_mut::<Table>().autopilot[0] = true;
    for _ in 0..50 {
        app.update();
    }
    assert!(
        app.world()
            .resource::<Seen>()
            .rolled
            .iter()
            .any(|r| r.seat == 0),
        "the CPU rolled for seat 0"
    );
    app.world_mut().resource_mut::<Table>().autopilot[0] = false;
    // Back in a person's hands: once it is seat 0's turn again, nothing more happens.
    for _ in 0..200 {
        app.update();
    }
    let table = app.world().resource::<Table>();
    assert!(table.game.is_over() || table.game.turn() == 0);
}

#[test]
fn with_a_turn_limit_a_person_who_does_nothing_is_played_for_after_it() {
    use bevy::time::TimeUpdateStrategy;
    use ludo::testing::TurnClock;
    use ludo::testing::TurnLimit;
    let mut seats = cpus(2);
    seats[0] = SeatKind::Person { name: "Ana".into() };
    let mut app = app_with(
        TableConfig {
            seats,
            seed: 4,
            turn_limit: TurnLimit::Secs30,
            ..Default::default()
        },
        |app| {
            // A test clock: every update is a second of real time, which the game's clock
            // takes as a quarter second (its longest frame).
            app.insert_resource(TimeUpdateStrategy::ManualDuration(
                std::time::Duration::from_secs(1),
            ));
        },
    );
    for _ in 0..20 {
        app.update();
    }
    assert!(
        app.world().resource::<Seen>().rolled.is_empty(),
        "within the limit, nobody rolls for Ana"
    );
    let left = app.world().resource::<TurnClock>().left.unwrap();
    assert!(left > 5.0 && left < 30.0, "the clock counts down: {left}");
    for _ in 0..110 {
        app.update();
    }
    let seen = app.world().resource::<Seen>();
    assert!(
        seen.rolled.iter().any(|r| r.seat == 0),
        "after 30 s the CPU rolled for Ana"
    );
}

#[test]
fn from_the_menu_a_new_table_plays_to_the_results_and_play_again_rotates() {
    use ludo::testing::Screen;
    let mut app = app_with(
        TableConfig {
            seats: cpus(3),
            seed: 12,
            ..Default::default()
        },
        |app| {
            app.insert_state(Screen::Menu);
        },
    );
    for _ in 0..20 {
        app.update();
    }
    assert!(
        app.world().resource::<Seen>().rolled.is_empty(),
        "nobody plays at the menu"
    );
    let config = TableConfig {
        seats: cpus(4),
        seed: 13,
        ..Default::default()
    };
    app.world_mut().write_message(NewTableRequested(config));
    app.update();
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
    assert_eq!(app.world().resource::<Table>().game.seats(), 4);
    common::play_to_the_end(&mut app);
    let first = app.world().resource::<Table>().game.first_seat();
    assert!(
        app.world().resource::<Table>().game.is_over(),
        "the results"
    );
    assert_eq!(app.world().resource::<Seen>().over.len(), 1);
    app.world_mut().write_message(RematchRequested);
    app.update();
    assert_eq!(
        app.world().resource::<Table>().game.first_seat(),
        (first + 1) % 4
    );
    assert!(!app.world().resource::<Table>().game.is_over());
}

#[test]
fn escape_closes_a_window_first_then_pauses_and_nothing_plays_while_paused() {
    use bevy::input::ButtonInput;
    use ludo::testing::Overlay;
    use ludo::testing::Pause;
    let mut app = app_with(
        TableConfig {
            seats: cpus(2),
            seed: 3,
            ..Default::default()
        },
        |app| {
            app.init_resource::<ButtonInput<KeyCode>>()
                .add_plugins((ludo::testing::overlay_plugin, ludo::testing::pause_plugin));
        },
    );
    let escape = |app: &mut App| {
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(KeyCode::Escape);
        app.update();
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release(KeyCode::Escape);
        keys.clear();
        app.update();
    };
    let overlay = |app: &App| *app.world().resource::<State<Overlay>>().get();
    app.world_mut()
        .resource_mut::<NextState<Overlay>>()
        .set(Overlay::Rules);
    app.update();
    assert_eq!(overlay(&app), Overlay::Rules);
    escape(&mut app);
    assert_eq!(overlay(&app), Overlay::None, "Esc closed the rules");
    let paused = |app: &App| *app.world().resource::<State<Pause>>().get() == Pause::Paused;
    assert!(!paused(&app), "and did not pause");
    escape(&mut app);
    assert!(paused(&app));
    assert!(app.world().resource::<Time<Virtual>>().is_paused());
    let rolls = app.world().resource::<Seen>().rolled.len();
    for _ in 0..30 {
        app.update();
    }
    assert_eq!(
        app.world().resource::<Seen>().rolled.len(),
        rolls,
        "no CPU plays while paused"
    );
    escape(&mut app);
    assert!(!app.world().resource::<Time<Virtual>>().is_paused());
    for _ in 0..30 {
        app.update();
    }
    assert!(
        app.world().resource::<Seen>().rolled.len() > rolls,
        "play resumes"
    );
}

#[test]
fn each_window_is_a_state_that_cleans_up_when_left() {
    use ludo::testing::Overlay;
    use ludo::testing::ProfilesOpen;
    use ludo::testing::{Chair, SetupDraft};
    let mut app = app_with(
        TableConfig {
            seats: cpus(3),
            seed: 5,
            ..Default::default()
        },
        |app| {
            app.add_plugins((
                ludo::testing::overlay_plugin,
                ludo::testing::setup_plugin,
                ludo::testing::profiles_plugin,
            ));
        },
    );
    let open = |app: &mut App, overlay: Overlay| {
        app.world_mut()
            .resource_mut::<NextState<Overlay>>()
            .set(overlay);
        app.update();
        assert_eq!(*app.world().resource::<State<Overlay>>().get(), overlay);
    };
    // The setup starts from the table's choices and drops its draft when left.
    open(&mut app, Overlay::Setup);
    let draft = app.world().resource::<SetupDraft>();
    assert_eq!(draft.seated(), 3);
    assert_eq!(draft.chairs[3], Chair::Empty);
    open(&mut app, Overlay::None);
    assert!(app.world().get_resource::<SetupDraft>().is_none());
    // The profiles' typed name goes with its window; one window replaces another.
    open(&mut app, Overlay::Profiles);
    app.world_mut().resource_mut::<ProfilesOpen>().new_name = "Ana".into();
    open(&mut app, Overlay::Setup);
    assert!(app.world().get_resource::<ProfilesOpen>().is_none());
    assert!(app.world().get_resource::<SetupDraft>().is_some());
    // Leaving the table (to the menu) closes its window.
    app.world_mut()
        .resource_mut::<NextState<ludo::testing::Screen>>()
        .set(ludo::testing::Screen::Menu);
    app.update();
    app.update();
    assert_eq!(
        *app.world().resource::<State<Overlay>>().get(),
        Overlay::None
    );
    assert!(app.world().get_resource::<SetupDraft>().is_none());
}

/// A hint at a person's move in a game that is not rated: the best move as the analysis
/// judges it, by how much, counted on the table and in its save. A rated game offers none.
#[test]
fn a_hint_names_the_best_move_is_counted_and_a_rated_game_offers_none() {
    use ludo::testing::{Decider, Hint, HintRequested, Profiles, SavedGame, Story, may_hint};
    let mut seats = cpus(4);
    seats[0] = SeatKind::Person { name: "Ana".into() };
    let mut app = app(seats, 3);
    for _ in 0..3000 {
        let table = app.world().resource::<Table>();
        let (turn, awaiting) = (table.game.turn(), table.game.awaiting());
        let moves = table.game.legal_moves().len();
        if turn != 0 || table.game.is_over() {
            app.update();
            continue;
        }
        match awaiting {
            Awaiting::Move if moves >= 2 => {
                let game = table.game.clone();
                let profiles = app.world().resource::<Profiles>();
                assert!(may_hint(table, Decider::Here, profiles));
                assert!(!may_hint(
                    table,
                    Decider::Server { seat: Some(0) },
                    profiles
                ));
                app.world_mut().write_message(HintRequested);
                app.update();
                let given = app
                    .world()
                    .resource::<Hint>()
                    .shown
                    .expect("a hint is given");
                let best = ludo_cpu::analysis::choices_now(&game).unwrap();
                assert_eq!(given.piece, best[0].piece);
                assert!((given.by - (best[0].value - best[1].value) * 100.0).abs() < 1e-3);
                let table = app.world().resource::<Table>();
                assert_eq!(table.hints, [1, 0, 0, 0]);
                assert_eq!(SavedGame::of(table, &Story::default()).hints, [1, 0, 0, 0]);
                // Ana with a profile at a standard table: a rated game, no hint.
                let mut rated = Profiles::default();
                rated.add("Ana").unwrap();
                let mut config = table.config();
                config.seats[1] = SeatKind::Cpu(CpuLevel::Easy);
                config.seats[2] = SeatKind::Cpu(CpuLevel::Hard);
                let mut fresh = Table::new(&config, 0);
                fresh.game = table.game.clone();
                assert!(!may_hint(&fresh, Decider::Here, &rated));
                assert!(fresh.ranked(&rated));
                fresh.hints[0] = 1;
                assert!(!fresh.ranked(&rated), "a game with a hint is not rated");
                return;
            }
            Awaiting::Move => {
                let piece = table.game.legal_moves()[0].piece;
                app.world_mut().write_message(MoveChosen { seat: 0, piece });
                app.update();
            }
            _ => {
                app.world_mut().write_message(RollRequested { seat: 0 });
                app.update();
            }
        }
    }
    panic!("seat 0 never had two moves to choose from");
}
