//! What a review's chart costs: a game of at least 400 turns replayed from its record and
//! every turn rated for every seat by `expert`'s network, timed over repeated runs; then what
//! the luck-or-skill analysis of that game costs, and of a long six-seat game (rated by the
//! race of squares left).
//!
//! `cargo run --release -p ludo-cpu --example chart_speed`

use std::time::Instant;

use ludo_core::{GameRecord, RandomChooser, Rules};
use ludo_cpu::analysis::Analysis;
use ludo_cpu::chances::Chart;

fn main() {
    // Random players at four seats play long games; the first of 400 turns or more is timed.
    let (seed, record) = (1..)
        .map(|seed| {
            let players = (0..4).map(|s| format!("random:{s}")).collect();
            let record = GameRecord::played(
                Rules::default(),
                players,
                seed,
                &mut RandomChooser::new(seed),
            )
            .expect("random players play legal moves");
            (seed, record)
        })
        .find(|(_, record)| {
            let positions = record.positions().expect("the record replays");
            Chart::of(&positions)
                .expect("built-in networks")
                .points
                .len()
                > 400
        })
        .expect("some game is long");
    let mut times = Vec::new();
    let mut turns = 0;
    for _ in 0..21 {
        let start = Instant::now();
        let positions = record.positions().expect("the record replays");
        let chart = Chart::of(&positions).expect("built-in networks");
        times.push(start.elapsed().as_secs_f64() * 1000.0);
        turns = chart.points.len() - 1;
    }
    times.sort_by(f64::total_cmp);
    println!(
        "chart of a {turns}-turn game ({} steps, 4 seats, seed {seed}): median {:.1} ms, slowest {:.1} ms over {} runs (replay and rating)",
        record.steps.len(),
        times[times.len() / 2],
        times[times.len() - 1],
        times.len()
    );
    analyse(&record, "4 seats");
    let six = (1..)
        .map(|seed| {
            let players = (0..6).map(|s| format!("random:{s}")).collect();
            GameRecord::played(
                Rules::default(),
                players,
                seed,
                &mut RandomChooser::new(seed),
            )
            .expect("random players play legal moves")
        })
        .find(|record| record.steps.len() > 1200)
        .expect("some game is long");
    analyse(&six, "6 seats");
}

/// Times the analysis of `record`, median and slowest of a few runs.
fn analyse(record: &GameRecord, what: &str) {
    let mut times = Vec::new();
    let mut throws = 0;
    for _ in 0..5 {
        let start = Instant::now();
        let analysis = Analysis::of(record).expect("a finished game analyses");
        times.push(start.elapsed().as_secs_f64() * 1000.0);
        throws = analysis.throws.len();
    }
    times.sort_by(f64::total_cmp);
    println!(
        "analysis of a {}-step game ({what}, {throws} throws): median {:.1} ms, slowest {:.1} ms over {} runs",
        record.steps.len(),
        times[times.len() / 2],
        times[times.len() - 1],
        times.len()
    );
}
