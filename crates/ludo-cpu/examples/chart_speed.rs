//! What a review's chart costs: a game of at least 400 turns replayed from its record and
//! every turn rated for every seat by `expert`'s network, timed over repeated runs.
//!
//! `cargo run --release -p ludo-cpu --example chart_speed`

use std::time::Instant;

use ludo_core::{GameRecord, RandomChooser, Rules};
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
}
