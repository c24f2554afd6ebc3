//! Profiles and ratings: which games are ranked, what a finished game does to each profile,
//! and that the ratings are kept like a save (versioned, atomic, never lost to a bad file).

mod common;

use bevy::prelude::*;
use ludo::testing::DataDir;
use ludo::testing::{LastRatings, Profiles, Unranked};
use ludo::testing::{SeatKind, Table, TableConfig};
use ludo::testing::{load_profiles, save_profiles};
use ludo_core::{CpuLevel, Rules, Standing};

fn person(name: &str) -> SeatKind {
    SeatKind::Person { name: name.into() }
}

fn standing(seat: u8, rank: u8) -> Standing {
    Standing {
        seat,
        rank,
        finished: None,
        at_goal: 0,
        out_of_base: 0,
        progress: 0,
    }
}

fn with(names: &[&str]) -> Profiles {
    let mut p = Profiles::default();
    for n in names {
        p.add(n).unwrap();
    }
    p
}

#[test]
fn a_game_is_ranked_with_the_standard_rules_and_a_profile_at_every_seat() {
    let profiles = with(&["Ana", "Ben"]);
    let standard = Rules::default();
    let seats = [person("Ana"), person("Ben"), SeatKind::Cpu(CpuLevel::Hard)];
    assert_eq!(profiles.ranked(&standard, &seats), Ok(()));
    let house = Rules {
        three_sixes: false,
        ..Default::default()
    };
    assert_eq!(profiles.ranked(&house, &seats), Err(Unranked::NotStandard));
    let stranger = [person("Ana"), person("Cy")];
    assert_eq!(
        profiles.ranked(&standard, &stranger),
        Err(Unranked::NoProfile("Cy".into()))
    );
    let twice = [person("Ana"), person("Ana")];
    assert_eq!(
        profiles.ranked(&standard, &twice),
        Err(Unranked::SameSeat("Ana".into()))
    );
    let two_cpus = [SeatKind::Cpu(CpuLevel::Easy), SeatKind::Cpu(CpuLevel::Easy)];
    assert!(profiles.ranked(&standard, &two_cpus).is_err());
}

#[test]
fn profile_names_are_unique_and_not_a_cpus() {
    let mut p = with(&["Ana"]);
    assert!(p.add("ana").is_err());
    assert!(p.add("  ").is_err());
    assert!(p.add("CPU (hard)").is_err());
    assert_eq!(p.add(" Ben "), Ok(()));
    assert!(p.get("Ben").is_some());
}

#[test]
fn a_finished_game_moves_every_rating_pairwise_with_shared_ranks_as_half_wins() {
    let mut p = with(&["Ana", "Ben", "Cy"]);
    let seats = [
        person("Ana"),
        person("Ben"),
        person("Cy"),
        SeatKind::Cpu(CpuLevel::Hard),
    ];
    // Ana first; Ben and the CPU share second; Cy last. All start at 1500, k = 32/3:
    // Ana +16; Ben and CPU (0 + 0.5 + 1 − 1.5) k = 0; Cy −16.
    let ranking = [
        standing(0, 1),
        standing(1, 2),
        standing(3, 2),
        standing(2, 4),
    ];
    let change = p.record_game(&seats, &ranking);
    let after: Vec<f64> = change.iter().map(|c| c.after).collect();
    for (got, want) in after.iter().zip([1516.0, 1500.0, 1484.0, 1500.0]) {
        assert!((got - want).abs() < 1e-9, "{after:?}");
    }
    let cpu = p
        .of_seat(&SeatKind::Cpu(CpuLevel::Hard))
        .expect("a CPU's profile is made when it first plays");
    assert_eq!((cpu.games, cpu.wins, cpu.rank_sum), (1, 0, 2));
    let ana = p.get("Ana").unwrap();
    assert_eq!((ana.games, ana.wins, ana.mean_rank()), (1, 1, Some(1.0)));

    // A second game, two seats: Cy (1484) beats Ana (1516).
    // E(Cy) = 1/(1 + 10^(32/400)) = 0.454078; Cy gains 32 × 0.545922 = 17.4695.
    let change = p.record_game(
        &[person("Ana"), person("Cy")],
        &[standing(1, 1), standing(0, 2)],
    );
    assert!(
        (change[1].after - (1484.0 + 17.4695)).abs() < 1e-3,
        "{change:?}"
    );
    assert!(
        (change[0].after - (1516.0 - 17.4695)).abs() < 1e-3,
        "{change:?}"
    );
    let cy = p.get("Cy").unwrap();
    assert_eq!((cy.games, cy.wins, cy.rank_sum), (2, 1, 5));
    assert_eq!(cy.mean_rank(), Some(2.5));
}

#[test]
fn profiles_round_trip_and_a_bad_file_is_reported_and_kept_aside() {
    let dir = common::scratch("files");
    assert_eq!(load_profiles(&dir), Ok(None));
    let mut p = with(&["Ana", "Ben"]);
    p.record_game(
        &[person("Ana"), person("Ben")],
        &[standing(0, 1), standing(1, 2)],
    );
    save_profiles(&dir, &p).unwrap();
    assert_eq!(load_profiles(&dir), Ok(Some(p.clone())));
    let good = std::fs::read_to_string(dir.join("profiles.ron")).unwrap();

    for (name, text, expect) in [
        ("cut", good[..good.len() / 2].to_string(), "profiles.ron:"),
        (
            "newer",
            good.replacen("version: 1", "version: 9", 1),
            "newer",
        ),
        (
            "wins",
            good.replacen("wins: 1", "wins: 7", 1),
            "do not add up",
        ),
    ] {
        let dir = common::scratch(name);
        std::fs::write(dir.join("profiles.ron"), &text).unwrap();
        let err = load_profiles(&dir).unwrap_err();
        assert!(err.contains(expect), "{name}: {err}");
        assert!(!dir.join("profiles.ron").exists(), "{name}");
        assert_eq!(
            std::fs::read_to_string(dir.join("profiles.ron.broken")).unwrap(),
            text,
            "{name}: the bad file is kept as it was"
        );
    }
}

#[test]
fn a_ranked_game_played_to_the_end_updates_and_saves_the_ratings() {
    let dir = common::scratch("app");
    let config = TableConfig {
        seats: vec![person("Ana"), person("Ben"), SeatKind::Cpu(CpuLevel::Hard)],
        seed: 12,
        ..Default::default()
    };
    let mut app = common::headless_app(config, |app| {
        app.insert_resource(with(&["Ana", "Ben"]))
            .insert_resource(DataDir(Some(dir.to_path_buf())));
    });
    app.update();
    // Ana and Ben let the CPU play for them, so the game runs by itself.
    app.world_mut().resource_mut::<Table>().autopilot = vec![true, true, false];
    for _ in 0..20_000 {
        if app.world().resource::<Table>().game.is_over() {
            break;
        }
        app.update();
    }
    app.update();
    let table = app.world().resource::<Table>();
    let ranking = table.game.ranking().expect("the game ended").to_vec();
    let last = app.world().resource::<LastRatings>().0.clone();
    assert_eq!(last.len(), 3);
    let sum: f64 = last.iter().map(|c| c.after - c.before).sum();
    assert!(sum.abs() < 1e-9);
    let winner = ranking[0].seat as usize;
    assert!(last[winner].after > last[winner].before);
    let on_disk = load_profiles(&dir).unwrap().expect("saved");
    assert_eq!(on_disk, *app.world().resource::<Profiles>());
    assert_eq!(on_disk.profiles.len(), 3, "Ana, Ben and the hard CPU");
    assert!(on_disk.profiles.iter().all(|p| p.games == 1));
}

#[test]
fn a_cpu_profile_is_known_by_its_level_and_an_old_files_are_marked() {
    let hard = SeatKind::Cpu(CpuLevel::Hard);
    let mut profiles = with(&["Ana"]);
    profiles.record_game(
        &[person("Ana"), hard.clone()],
        &[standing(1, 1), standing(0, 2)],
    );
    let cpu = profiles
        .of_seat(&hard)
        .expect("made for the CPU's first ranked game");
    assert_eq!(cpu.cpu, Some(CpuLevel::Hard));
    assert_eq!((cpu.games, cpu.wins), (1, 1));
    // A person's profile is never taken for the CPU's, whatever it is called.
    assert!(profiles.get(&cpu.name).is_none());
    assert!(
        profiles.add("cpu (HARD)").is_err(),
        "a person may not look like a CPU"
    );
    // A file from before profiles were marked: the CPU's profile by its label alone.
    let dir = common::scratch("old-cpu-profile");
    let old = format!(
        "(version: {}, profiles: [(name: \"CPU (easy)\", rating: 1510.0, games: 2, wins: 1, rank_sum: 3)])",
        ludo::testing::PROFILES_VERSION
    );
    std::fs::write(dir.join("profiles.ron"), old).unwrap();
    let read = load_profiles(&dir).unwrap().unwrap();
    let easy = read.of_seat(&SeatKind::Cpu(CpuLevel::Easy)).unwrap();
    assert_eq!((easy.cpu, easy.games), (Some(CpuLevel::Easy), 2));
    assert!(read.get("CPU (easy)").is_none());
}
