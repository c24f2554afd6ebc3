//! Game feel never stands in the way: the board's motions (hops, flights home, the die's
//! tumble, freezes and shake) in a headless app with bare entities, driven by the keyboard
//! the way a person plays, on a clock that steps a sixtieth of a second a frame.

mod common;

use bevy::input::ButtonInput;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use ludo::testing::BoardClock;
use ludo::testing::Shake;
use ludo::testing::{ActiveTheme, Look};
use ludo::testing::{Busy, Happened};
use ludo::testing::{Die, Settle, Tumble};
use ludo::testing::{Emphasis, Lift, Piece, RestScale};
use ludo::testing::{FlyHome, Hop, Squash};
use ludo::testing::{SeatKind, Table, TableConfig};
use ludo::testing::{Settings, Speed};
use ludo_core::{Awaiting, Event};

use common::press;

/// Every event the rules wrote, in order.
#[derive(Resource, Default)]
struct Seen(Vec<Event>);

fn record(mut seen: ResMut<Seen>, mut happened: MessageReader<Happened>) {
    seen.0.extend(happened.read().map(|h| h.0.clone()));
}

/// Four people at one device, the board's motions on bare entities, animations at `speed`.
fn app(speed: Speed, reduced_motion: bool, seed: u64) -> App {
    let config = TableConfig {
        seats: (0..4)
            .map(|i| SeatKind::Person {
                name: format!("P{i}"),
            })
            .collect(),
        seed,
        ..Default::default()
    };
    let mut app = common::headless_app(config, |_| {});
    app.insert_resource(Settings {
        cpu_speed: speed,
        animation_speed: speed,
        reduced_motion,
        // Every move is a key press, even a seat's only one.
        auto_single_move: false,
        ..Default::default()
    })
    .insert_resource(TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_nanos(16_666_667),
    ))
    .insert_resource(ActiveTheme {
        folder: String::new(),
        name: "test".into(),
        look: Look::default(),
        art: Default::default(),
        sounds: Vec::new(),
        font: None,
        music: None,
    })
    .init_resource::<ButtonInput<KeyCode>>()
    .init_resource::<bevy_egui::input::EguiWantsInput>()
    .init_resource::<Seen>()
    .add_plugins((
        ludo::testing::keyboard_plugin,
        ludo::testing::board_sets,
        ludo::testing::board_clock_plugin,
        ludo::testing::board_hops_plugin,
        ludo::testing::pieces_rest,
        ludo::testing::dice_motion,
        ludo::testing::board_shake_plugin,
    ))
    .add_systems(Update, record.after(ludo::testing::GameSet::Rules));
    for seat in 0..4 {
        for index in 0..4 {
            app.world_mut().spawn((
                Piece { seat, index },
                Lift::default(),
                Emphasis::default(),
                RestScale(1.0),
                Transform::default(),
            ));
        }
    }
    app.world_mut()
        .spawn((Die::default(), Transform::default()));
    app.world_mut()
        .spawn((ludo::testing::MainCamera, Transform::default()));
    app.update();
    app
}

/// The key that plays the table's next step: the die, or the first legal move.
fn next_key(app: &App) -> Option<KeyCode> {
    match app.world().resource::<Table>().game.awaiting() {
        Awaiting::Over => None,
        Awaiting::Move => Some(KeyCode::Digit1),
        _ => Some(KeyCode::Space),
    }
}

fn count<C: Component>(app: &mut App) -> usize {
    app.world_mut()
        .query_filtered::<(), With<C>>()
        .iter(app.world())
        .count()
}

fn steps(app: &App) -> usize {
    app.world().resource::<Table>().record.steps.len()
}

#[test]
fn a_press_while_a_piece_hops_is_played_at_once() {
    let mut app = app(Speed::Normal, false, 5);
    let mut pressed_during_hops = 0;
    for _ in 0..400 {
        let Some(key) = next_key(&app) else { break };
        let hopping = count::<Hop>(&mut app) + count::<FlyHome>(&mut app) > 0;
        let busy = app.world().resource::<Busy>().0;
        let before = steps(&app);
        press(&mut app, key);
        // Never lost, never held back: the step is in the record the frame of the press.
        assert_eq!(
            steps(&app),
            before + 1,
            "{key:?} pressed (board busy: {busy}, hopping: {hopping}) was not played"
        );
        if hopping {
            assert!(busy, "the board says it is busy while a piece hops");
            pressed_during_hops += 1;
        }
        // A few frames: the next press comes mid-motion.
        for _ in 0..3 {
            app.update();
        }
    }
    assert!(
        pressed_during_hops >= 20,
        "only {pressed_during_hops} presses came during a hop"
    );
    let seen = &app.world().resource::<Seen>().0;
    assert!(seen.iter().any(|e| matches!(e, Event::Moved { .. })));
}

/// Steps `app` plays by keys until a capture and a piece in the goal have both happened
/// (or the game ends), checking after each step's frame that nothing is still moving.
fn nothing_outlasts_its_step(speed: Speed, reduced_motion: bool) -> (usize, usize) {
    let mut app = app(speed, reduced_motion, 11);
    let (mut captures, mut goals) = (0, 0);
    for _ in 0..6000 {
        let Some(key) = next_key(&app) else { break };
        let before = app.world().resource::<Seen>().0.len();
        press(&mut app, key);
        // The step's frame, and one more for what its motions report.
        app.update();
        let seen = app.world().resource::<Seen>().0[before..].to_vec();
        captures += seen
            .iter()
            .filter(|e| matches!(e, Event::Captured { .. }))
            .count();
        goals += seen
            .iter()
            .filter(|e| matches!(e, Event::ReachedGoal { .. }))
            .count();
        let moving = [
            ("hop", count::<Hop>(&mut app)),
            ("flight home", count::<FlyHome>(&mut app)),
            ("squash", count::<Squash>(&mut app)),
            ("tumble", count::<Tumble>(&mut app)),
            ("settle", count::<Settle>(&mut app)),
        ];
        for (what, n) in moving {
            assert_eq!(n, 0, "a {what} outlasted its step: {seen:?}");
        }
        assert!(!app.world().resource::<BoardClock>().is_frozen());
        assert_eq!(
            app.world().resource::<Shake>().trauma,
            0.0,
            "the board shook"
        );
        assert!(!app.world().resource::<Busy>().0);
        if captures > 0 && goals > 0 {
            break;
        }
    }
    (captures, goals)
}

#[test]
fn with_reduced_motion_no_effect_outlasts_its_step() {
    let (captures, goals) = nothing_outlasts_its_step(Speed::Normal, true);
    assert!(
        captures > 0 && goals > 0,
        "{captures} captures, {goals} goals"
    );
}

#[test]
fn at_instant_speed_no_effect_outlasts_its_step() {
    let (captures, goals) = nothing_outlasts_its_step(Speed::Instant, false);
    assert!(
        captures > 0 && goals > 0,
        "{captures} captures, {goals} goals"
    );
}

#[test]
fn at_normal_speed_a_capture_freezes_the_board_and_shakes_it_then_all_settles() {
    let mut app = app(Speed::Normal, false, 11);
    let mut froze = false;
    let mut shook = false;
    for _ in 0..6000 {
        let Some(key) = next_key(&app) else { break };
        let before = app.world().resource::<Seen>().0.len();
        press(&mut app, key);
        let captured = app.world().resource::<Seen>().0[before..]
            .iter()
            .any(|e| matches!(e, Event::Captured { .. }));
        // Let every motion run out: a second and a half at most.
        for _ in 0..90 {
            froze |= app.world().resource::<BoardClock>().is_frozen();
            shook |= app.world().resource::<Shake>().trauma > 0.0;
            app.update();
        }
        assert!(
            !app.world().resource::<Busy>().0,
            "still busy 1.5 s after a step"
        );
        if captured {
            assert!(froze && shook, "froze: {froze}, shook: {shook}");
            return;
        }
    }
    panic!("no capture in the game");
}

#[test]
fn at_a_servers_table_the_die_tumbles_from_the_press_until_the_roll_arrives() {
    use ludo::testing::Decider;
    let mut app = app(Speed::Normal, false, 5);
    // The seat to roll is this device's at a server's table: nothing decides here.
    let seat = app.world().resource::<Table>().game.turn();
    app.insert_resource(Decider::Server { seat: Some(seat) });
    press(&mut app, KeyCode::Space);
    let tumble = |app: &mut App| {
        app.world_mut()
            .query::<&Tumble>()
            .iter(app.world())
            .next()
            .map(|t| t.face)
    };
    assert_eq!(
        tumble(&mut app),
        Some(None),
        "the press starts a tumble, no face yet"
    );
    // A slow server: a second later the die still turns, waiting.
    for _ in 0..60 {
        app.update();
    }
    assert_eq!(
        tumble(&mut app),
        Some(None),
        "still tumbling for the server's roll"
    );
    assert!(app.world().resource::<Busy>().0);
    app.world_mut()
        .write_message(Happened(Event::Rolled { seat, value: 4 }));
    app.update();
    // It has tumbled long enough: it lands on the server's number and settles.
    assert_eq!(tumble(&mut app), None, "landed when the roll came");
    for _ in 0..30 {
        app.update();
    }
    let face = app
        .world_mut()
        .query::<&Die>()
        .iter(app.world())
        .next()
        .map(|d| d.face);
    assert_eq!(face, Some(4));
    assert_eq!(count::<Settle>(&mut app), 0);
    assert!(!app.world().resource::<Busy>().0);
}
