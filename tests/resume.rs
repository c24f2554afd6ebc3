//! Leave and return: a saved game resumes at exactly the same point and plays on to the same
//! result as a game that never stopped; a save that cannot be used is reported and kept aside.

mod common;

use bevy::prelude::*;
use ludo::testing::Story;
use ludo::testing::{DataDir, SAVE_VERSION, SavedGame, load_game, save_game};
use ludo::testing::{SeatKind, Table, TableConfig};
use ludo_core::{
    Awaiting, BoardChoice, CpuLevel, FirstPlayer, NoPieceInPlay, PhaseState, Rules, Step,
};

fn config(rules: Rules, seats: usize, seed: u64) -> TableConfig {
    let mut all = vec![
        SeatKind::Person { name: "Ana".into() },
        SeatKind::Cpu(CpuLevel::Random),
        SeatKind::Cpu(CpuLevel::Easy),
        SeatKind::Cpu(CpuLevel::Hard),
    ];
    all.truncate(seats);
    TableConfig {
        rules,
        seats: all,
        seed,
        ..Default::default()
    }
}

/// One step of play, the same choices whoever plays them: the die when it is due, else the
/// CPU's pick (drawn from the seed and the steps so far, so the same in a resumed game).
fn step(table: &mut Table) {
    let mut events = Vec::new();
    let action = table.cpu_action().expect("the game goes on");
    table.act(action, &mut events).unwrap();
}

fn play_out(table: &mut Table) {
    while !table.game.is_over() {
        step(table);
        assert!(table.record.steps.len() < 20_000, "the game never ends");
    }
}

/// Through the file format and back, checking it on the way.
fn through_a_file(table: &Table) -> Table {
    let text = ron::ser::to_string(&SavedGame::of(table, &Story::default())).unwrap();
    let saved: SavedGame = ron::from_str(&text).unwrap();
    saved.to_table().unwrap()
}

#[test]
fn a_save_taken_at_any_step_plays_on_to_the_same_game_as_one_that_never_stopped() {
    let tables = [
        (Rules::default(), 4, 3),
        (
            Rules {
                first_player: FirstPlayer::RollOff,
                no_piece_in_play: NoPieceInPlay::UpToThreeRolls,
                ..Default::default()
            },
            3,
            5,
        ),
        (
            Rules {
                board: BoardChoice::ByPlayerCount,
                no_piece_in_play: NoPieceInPlay::ReleaseWithoutRolling,
                exact_finish: false,
                ..Default::default()
            },
            2,
            8,
        ),
    ];
    for (rules, seats, seed) in tables {
        let mut whole = Table::new(&config(rules.clone(), seats, seed), 0);
        play_out(&mut whole);
        let ending = whole.game.state();

        let mut table = Table::new(&config(rules, seats, seed), 0);
        let mut phases = Vec::new();
        loop {
            let mut resumed = through_a_file(&table);
            assert_eq!(resumed.game.state(), table.game.state());
            assert_eq!(resumed.dice.state(), table.dice.state());
            assert_eq!(resumed.record.steps, table.record.steps);
            let phase = table.game.state().phase;
            if !phases.contains(&phase) {
                phases.push(phase);
            }
            // The resumed game, played on alone, ends exactly as the uninterrupted one.
            play_out(&mut resumed);
            assert_eq!(resumed.record.steps, whole.record.steps, "seed {seed}");
            assert_eq!(resumed.game.state(), ending);
            if table.game.is_over() {
                break;
            }
            step(&mut table);
        }
        for phase in [PhaseState::Roll, PhaseState::Move, PhaseState::Over] {
            assert!(phases.contains(&phase), "{phase:?} never saved");
        }
        if table.game.rules().first_player == FirstPlayer::RollOff {
            assert!(phases.contains(&PhaseState::RollOff));
        }
    }
}

#[test]
fn the_next_roll_after_resuming_is_the_roll_the_game_would_have_made() {
    let mut table = Table::new(&config(Rules::default(), 4, 11), 0);
    for _ in 0..57 {
        step(&mut table);
    }
    while !matches!(table.game.awaiting(), Awaiting::Roll) {
        step(&mut table);
    }
    let mut resumed = through_a_file(&table);
    let (mut a, mut b) = (Vec::new(), Vec::new());
    table.press(&mut a).unwrap();
    resumed.press(&mut b).unwrap();
    assert_eq!(a, b);
    assert_eq!(table.record.steps.last(), resumed.record.steps.last());
    assert!(matches!(table.record.steps.last(), Some(Step::Roll(_))));
}

/// A good save on disk, some steps into a game.
fn a_save_in(dir: &std::path::Path) -> String {
    let mut table = Table::new(&config(Rules::default(), 4, 21), 0);
    for _ in 0..40 {
        step(&mut table);
    }
    save_game(dir, &SavedGame::of(&table, &Story::default())).unwrap();
    std::fs::read_to_string(dir.join("game.ron")).unwrap()
}

/// Loading `text` as the save fails with a message naming the file and `expect`, and the
/// file is kept aside, unchanged.
fn refused(name: &str, text: &str, expect: &[&str]) {
    let dir = common::scratch(name);
    std::fs::write(dir.join("game.ron"), text).unwrap();
    let Err(message) = load_game(&dir) else {
        panic!("{name}: a bad save was accepted");
    };
    let file = dir.join("game.ron");
    assert!(
        message.contains(&file.display().to_string()),
        "{name}: {message}"
    );
    for e in expect {
        assert!(message.contains(e), "{name}: {message:?} lacks {e:?}");
    }
    assert!(!file.exists(), "{name}: the bad save is still in the way");
    let aside = dir.join("game.ron.broken");
    assert_eq!(std::fs::read_to_string(&aside).unwrap(), text, "{name}");
    assert!(message.contains("game.ron.broken"), "{message}");
}

#[test]
fn a_truncated_garbled_newer_or_impossible_save_is_reported_and_kept_aside() {
    let good = a_save_in(&common::scratch("good"));
    assert!(load_game(&common::scratch("none")).unwrap().is_none());

    // Cut in the middle of the steps: the parser names where the text ran out.
    // (Cut after a token, not in the spaces before the next line's: the parser names the
    // line where the text ran out, which spaces alone do not start.)
    let mut end = good.len() * 2 / 3;
    while good.as_bytes()[end - 1].is_ascii_whitespace() {
        end -= 1;
    }
    let cut = &good[..end];
    let last_line = cut.lines().count().to_string();
    refused("truncated", cut, &[&format!(":{last_line}:")]);

    // A word where a number was expected, on line 3.
    let mut lines: Vec<String> = good.lines().map(String::from).collect();
    let seed_line = lines.iter().position(|l| l.contains("seed:")).unwrap();
    lines[seed_line] = "        seed: banana,".into();
    refused(
        "garbled",
        &lines.join("\n"),
        &[&format!(":{}:", seed_line + 1)],
    );

    // Written by a newer Ludo.
    let newer = good.replacen(
        &format!("version: {SAVE_VERSION}"),
        &format!("version: {}", SAVE_VERSION + 1),
        1,
    );
    refused(
        "newer",
        &newer,
        &["newer", &format!("version {}", SAVE_VERSION + 1)],
    );

    // An unknown field.
    let extra = good.replacen("autopilot:", "cheat: true, autopilot:", 1);
    refused("unknown-field", &extra, &["cheat"]);

    // Parses, but the steps do not lead to the saved position.
    let saved: SavedGame = ron::from_str(&good).unwrap();
    let mut moved = saved.clone();
    moved.steps.truncate(moved.steps.len() - 1);
    moved.dice.rolls = moved
        .steps
        .iter()
        .filter(|s| matches!(s, Step::Roll(_)))
        .count() as u64;
    refused(
        "impossible",
        &ron::ser::to_string(&moved).unwrap(),
        &["not where the saved steps lead"],
    );

    // A die that has turned more often than the steps say.
    let mut spun = saved;
    spun.dice.rolls += 1;
    refused("spun", &ron::ser::to_string(&spun).unwrap(), &["rolled"]);
}

fn app(config: TableConfig, dir: &std::path::Path, resumed: Option<(SavedGame, Table)>) -> App {
    let mut app = common::headless_app(config, |app| {
        app.insert_resource(DataDir(Some(dir.to_path_buf())));
        if let Some((saved, table)) = resumed {
            ludo::testing::resume(app, saved, table);
        }
    });
    app.update();
    app
}

fn steps(app: &App) -> usize {
    app.world().resource::<Table>().record.steps.len()
}

#[test]
fn the_running_game_saves_after_every_step_and_a_reopened_game_continues_it() {
    let dir = common::scratch("app");
    let cpus = TableConfig {
        seats: vec![SeatKind::Cpu(CpuLevel::Easy); 4],
        seed: 77,
        ..Default::default()
    };
    let mut first = app(cpus.clone(), &dir, None);
    while steps(&first) < 30 {
        first.update();
    }
    // Every frame's steps are on disk by the end of that frame.
    let (saved, table) = load_game(&dir).unwrap().expect("a save");
    let playing = first.world().resource::<Table>();
    assert_eq!(table.game.state(), playing.game.state());
    assert_eq!(table.dice.state(), playing.dice.state());
    assert_eq!(saved.story, *first.world().resource::<Story>());

    // The window closes here; the game is reopened from the save.
    let mut second = app(TableConfig::default(), &dir, Some((saved, table)));
    assert_eq!(
        second.world().resource::<TableConfig>().seats,
        cpus.seats,
        "the resumed table's seats"
    );
    for app in [&mut first, &mut second] {
        for _ in 0..20_000 {
            if app.world().resource::<Table>().game.is_over() {
                break;
            }
            app.update();
        }
    }
    let (a, b) = (
        first.world().resource::<Table>(),
        second.world().resource::<Table>(),
    );
    assert!(a.game.is_over());
    assert_eq!(a.record.steps, b.record.steps);
    assert_eq!(a.game.ranking(), b.game.ranking());
    assert_eq!(
        first.world().resource::<Story>(),
        second.world().resource::<Story>()
    );
}
