//! A finished game reviewed in a headless app: the table shows, step by step, the game the
//! engine plays from the record; the table in play comes back when the review closes; a
//! server's game with one roll changed fails its dice check; a finished game is kept among the
//! past games; a broken game file is refused naming its line.

mod common;

use bevy::prelude::*;
use ludo::testing::DataDir;
use ludo::testing::Screen;
use ludo::testing::{MoveChosen, Review, ReviewStep, TryAgainRequested};
use ludo::testing::{PastGames, load_past_games};
use ludo::testing::{ReviewAt, ReviewRequested, read_game_file};
use ludo::testing::{SeatKind, Table, TableConfig};
use ludo_core::{CpuLevel, Event, GameRecord, RandomChooser, Rules, Step};
use ludo_proto::{DiceCheck, GameFile, ServedDice, seed_hash};

fn recorded(seed: u64) -> GameRecord {
    let players = vec![
        "Ana".into(),
        "CPU (hard)".into(),
        "random:2".into(),
        "Budi".into(),
    ];
    GameRecord::played(
        Rules::default(),
        players,
        seed,
        &mut RandomChooser::new(seed),
    )
    .unwrap()
}

fn cpu_table(seed: u64) -> TableConfig {
    TableConfig {
        seats: vec![SeatKind::Cpu(CpuLevel::Normal); 4],
        seed,
        ..Default::default()
    }
}

/// Opens `file` for review and lets the screen change.
fn open(app: &mut App, file: GameFile) {
    app.world_mut().write_message(ReviewRequested::File {
        file: Box::new(file),
        at: ReviewAt::Step(0),
    });
    app.update();
    app.update();
}

fn step(app: &mut App, step: ReviewStep) {
    app.world_mut().write_message(step);
    app.update();
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

#[test]
fn a_review_shows_the_engines_game_at_every_step_and_gives_the_table_back() {
    let mut app = common::headless_app(cpu_table(3), |_| {});
    app.update();
    // The table in play has made a step or two before the review opens.
    for _ in 0..5 {
        app.update();
    }
    let live = app.world().resource::<Table>().record.clone();
    let record = recorded(21);
    open(&mut app, GameFile::local(record.clone(), None));
    assert_eq!(screen(&app), Screen::Review);
    let shown = app.world().resource::<Table>();
    assert_eq!(shown.seats[1], SeatKind::Cpu(CpuLevel::Hard));
    assert_eq!(shown.seats[2], SeatKind::Cpu(CpuLevel::Random));
    assert_eq!(
        shown.seats[3],
        SeatKind::Person {
            name: "Budi".into()
        }
    );
    // Every step, as Game::play of the record's steps so far.
    let mut game = record.start().unwrap();
    assert_eq!(app.world().resource::<Table>().game.state(), game.state());
    for (i, &s) in record.steps.iter().enumerate() {
        game.play(s, &mut Vec::new()).unwrap();
        step(&mut app, ReviewStep::To(i + 1));
        let table = app.world().resource::<Table>();
        assert_eq!(table.game.state(), game.state(), "after step {}", i + 1);
    }
    // Back and forward, and the jumps land where their events are.
    step(&mut app, ReviewStep::Back);
    assert_eq!(app.world().resource::<Review>().at, record.steps.len() - 1);
    step(&mut app, ReviewStep::To(0));
    step(&mut app, ReviewStep::NextCapture);
    let review = app.world().resource::<Review>();
    assert!(review.at > 0);
    assert!(
        review
            .events()
            .iter()
            .any(|e| matches!(e, Event::Captured { .. }))
    );
    step(&mut app, ReviewStep::NextSix);
    let review = app.world().resource::<Review>();
    assert!(matches!(record.steps[review.at - 1], Step::Roll(6)));
    // Playing walks forward by itself (instant CPU pace: a step a frame).
    let before = review.at;
    step(&mut app, ReviewStep::PlayPause);
    let walked = common::update_until(&mut app, 5.0, |w| w.resource::<Review>().at > before);
    assert!(walked, "playing steps forward");
    // The chart is there (built-in networks), and the dice check passes.
    let review = app.world().resource::<Review>();
    assert!(review.chart.is_some() && !review.moments.is_empty());
    assert_eq!(review.dice, Some(DiceCheck::Fair));
    // Closing gives back the table in play, untouched.
    step(&mut app, ReviewStep::Close);
    app.update();
    assert_eq!(screen(&app), Screen::Playing);
    assert!(app.world().get_resource::<Review>().is_none());
    let table = app.world().resource::<Table>();
    assert_eq!(table.seed, 3);
    assert!(table.record.steps.starts_with(&live.steps));
}

/// "Try it again" at a person's decision: the table is the position before the move, the
/// same face to play, the person's seat theirs and the others CPUs at the levels they played;
/// the game plays on from there with the die the record's seed goes on to roll.
#[test]
fn try_it_again_plays_a_decision_again_from_its_position() {
    let mut app = common::headless_app(cpu_table(3), |_| {});
    app.update();
    let record = recorded(21);
    open(&mut app, GameFile::local(record.clone(), None));
    // The analysis runs a slice a frame.
    let analysed = common::update_until(&mut app, 60.0, |w| {
        w.resource::<Review>().analysis.is_some()
    });
    assert!(analysed, "the review's analysis finishes");
    let review = app.world().resource::<Review>();
    let analysis = review.analysis.as_ref().unwrap();
    let decision = analysis
        .decisions
        .iter()
        .filter(|d| d.seat == 0 && d.counted)
        .max_by(|a, b| a.loss.total_cmp(&b.loss))
        .cloned()
        .expect("Ana decided something");
    let before = review.positions[decision.step].game.state();
    // The chart's marks: a decision's class or a very lucky throw at a turn of the chart,
    // and every moment said to be the dice or a decision.
    let marks = review.chart_marks();
    let (classes, dice) = (&marks.classes, &marks.dice);
    let points = review.chart.as_ref().unwrap().points.len();
    assert!(!classes.is_empty(), "random players make mistakes");
    assert!(
        classes
            .iter()
            .all(|&(p, _, c)| p < points && c >= ludo_cpu::analysis::Class::Inaccuracy)
    );
    // A throw is marked when it was worth ten points or more to its roller, either way.
    let analysis = review.analysis.as_ref().unwrap();
    let marked = (analysis.throws.iter())
        .filter(|t| t.luck[usize::from(t.seat)].abs() >= 0.10)
        .count();
    assert_eq!(dice.len(), marked);
    assert!(dice.iter().all(|&(p, _, _)| p < points));
    assert!(
        review
            .moments
            .iter()
            .all(|m| review.moment_cause(m).is_some())
    );
    // M goes to the first decision marked an inaccuracy or worse.
    let first = (analysis.decisions.iter())
        .find(|d| d.counted && d.class >= ludo_cpu::analysis::Class::Inaccuracy)
        .map(|d| d.step)
        .expect("random players make mistakes");
    step(&mut app, ReviewStep::NextMistake);
    let review = app.world().resource::<Review>();
    assert_eq!(review.at, first);
    assert!(review.decision().is_some_and(|d| d.step == first));
    step(&mut app, ReviewStep::To(decision.step));
    app.world_mut().write_message(TryAgainRequested);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Playing);
    assert!(app.world().get_resource::<Review>().is_none());
    let table = app.world().resource::<Table>();
    assert_eq!(table.game.state(), before);
    assert_eq!(table.game.pending_roll(), Some(decision.roll));
    assert_eq!(table.game.turn(), 0);
    assert_eq!(table.seats[0], SeatKind::Person { name: "Ana".into() });
    assert_eq!(table.seats[1], SeatKind::Cpu(CpuLevel::Hard));
    assert_eq!(table.seats[2], SeatKind::Cpu(CpuLevel::Random));
    assert_eq!(table.seats[3], SeatKind::Cpu(CpuLevel::Normal));
    assert_eq!(table.record.steps, record.steps[..decision.step]);
    // The player takes the better move this time, then lets the CPU play on for them.
    app.world_mut().write_message(MoveChosen {
        seat: 0,
        piece: decision.best,
    });
    app.update();
    app.world_mut().resource_mut::<Table>().autopilot[0] = true;
    let played_on = common::update_until(&mut app, 30.0, |w| {
        w.resource::<Table>().record.steps.len() > decision.step + 4
    });
    assert!(played_on, "the game goes on from the position");
    let table = app.world().resource::<Table>();
    assert_eq!(table.record.steps[decision.step], Step::Move(decision.best));
    let file = GameFile::local(table.record.clone(), None);
    assert!(table.record.replay().is_ok());
    assert_eq!(file.check_dice(), Some(DiceCheck::Fair));
}

#[test]
fn a_server_game_with_one_roll_changed_fails_its_dice_check() {
    let record = recorded(8);
    // An early roll that brings nothing out, changed to another that brings nothing out: the
    // game still plays, but the promised die did not roll it.
    let (at, changed) = (0..record.steps.len())
        .filter(|&i| matches!(record.steps[i], Step::Roll(v) if v < 6))
        .flat_map(|i| (1..6).map(move |w| (i, w)))
        .find_map(|(i, w)| {
            let mut changed = record.clone();
            (changed.steps[i] != Step::Roll(w)).then_some(())?;
            changed.steps[i] = Step::Roll(w);
            changed.seed = None;
            changed.replay().ok()?;
            Some((i, changed))
        })
        .expect("some roll can be changed");
    let served = |record: GameRecord| GameFile {
        sealed: None,
        record,
        finished: None,
        served: Some(ServedDice {
            promised: seed_hash(8),
            seed: 8,
        }),
        id: Some("K7X9PQTA-1".into()),
        hints: Vec::new(),
    };
    let mut app = common::headless_app(cpu_table(1), |_| {});
    app.update();
    open(&mut app, served(record));
    assert_eq!(app.world().resource::<Review>().dice, Some(DiceCheck::Fair));
    open(&mut app, served(changed));
    assert_eq!(screen(&app), Screen::Review);
    match &app.world().resource::<Review>().dice {
        Some(DiceCheck::RollNotTheDie { step, .. }) => assert_eq!(*step, at + 1),
        other => panic!("the changed roll passed: {other:?}"),
    }
}

#[test]
fn a_finished_game_is_kept_and_a_broken_file_is_named() {
    let dir = common::scratch("past");
    let mut app = common::headless_app(cpu_table(5), |app| {
        app.insert_resource(DataDir(Some(dir.to_path_buf())));
    });
    let over = common::update_until(&mut app, 60.0, |w| w.resource::<Table>().game.is_over());
    assert!(over, "the CPU game ended");
    app.update();
    let record = app.world().resource::<Table>().record.clone();
    let past = app.world().resource::<PastGames>();
    assert_eq!(past.games.len(), 1);
    assert_eq!(past.games[0].file.record, record);
    assert!(past.games[0].file.finished.is_some());
    let ranking = record.replay().unwrap().ranking().unwrap().to_vec();
    for s in &ranking {
        assert_eq!(past.games[0].places[s.seat as usize], s.rank);
    }
    let read = load_past_games(&dir).unwrap().unwrap();
    assert_eq!(read, *past);
    // A file exported and read back opens; a broken one is named with its line.
    let path = dir.join("game.json");
    std::fs::write(
        &path,
        serde_json::to_string_pretty(&past.games[0].file).unwrap(),
    )
    .unwrap();
    assert_eq!(read_game_file(&path).unwrap(), past.games[0].file);
    std::fs::write(&path, "{\n  \"record\": {\n    \"steps\": [1,\n").unwrap();
    let e = read_game_file(&path).unwrap_err();
    assert!(e.starts_with(&format!("{}:", path.display())), "{e}");
    assert!(e.contains(":4:"), "the line is named: {e}");
}

/// Games kept before their analysis (or whose analysis was cut short) are analysed away from
/// the table, a slice a frame, for the seats played here; none while at the table.
#[test]
fn past_games_are_analysed_away_from_the_table() {
    let mut past = PastGames::default();
    for seed in [3, 4] {
        past.keep(GameFile::local(recorded(seed), None), vec![0])
            .unwrap();
    }
    let mut app = common::headless_app(cpu_table(1), |app| {
        app.insert_resource(past);
    });
    for _ in 0..20 {
        app.update();
    }
    let analysed = |w: &World| {
        w.resource::<PastGames>()
            .games
            .iter()
            .all(|g| !g.play.is_empty())
    };
    assert!(!analysed(app.world()), "nothing is analysed at the table");
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Menu);
    assert!(common::update_until(&mut app, 30.0, analysed));
    let past = app.world().resource::<PastGames>();
    for game in &past.games {
        assert_eq!(game.play.len(), 1);
        assert_eq!(game.play[0].seat, 0);
    }
    assert_eq!(past.luck_here().luck_line.len(), 2);
}
