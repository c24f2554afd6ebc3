//! Tunes the `hard` level's weights by coordinate descent: each weight in turn is scaled up
//! and down, and a change is kept when it wins more games against three `random` players,
//! three `normal` ones, both (the sum of the two win rates), or all (both, and one `random`
//! player at a two-seat table), over the same dice (common random numbers, so the comparison
//! is not drowned in luck).
//!
//! `cargo run --release -p ludo-core --example tune -- [games per trial] [rounds] [random|normal|both|all] [local]`

use ludo_core::tournament;
use ludo_core::{Chooser, Cpu, CpuLevel, HardWeights, Rules};

fn win_rate_against(w: HardWeights, level: CpuLevel, games: u64, seed: u64) -> f64 {
    win_rate_at(w, level, 4, games, seed)
}

fn win_rate_at(w: HardWeights, level: CpuLevel, seats: u64, games: u64, seed: u64) -> f64 {
    let mut players: Vec<(String, Box<dyn Chooser>)> =
        vec![("hard".into(), Box::new(Cpu::hard_with(w, seed)))];
    for i in 1..seats {
        players.push((format!("{level}{i}"), Box::new(Cpu::new(level, seed + i))));
    }
    let stats = tournament::run(&Rules::default(), &mut players, games, seed, |_| {}).unwrap();
    stats[0].win_rate()
}

/// What the descent maximises, for the opponents named on the command line.
fn objective(w: HardWeights, against: &str, games: u64, seed: u64) -> f64 {
    let random = || win_rate_against(w, CpuLevel::Random, games, seed);
    let normal = || win_rate_against(w, CpuLevel::Normal, games, seed);
    match against {
        "normal" => normal(),
        "both" => random() + normal(),
        // Also the two-seat table, where the target is nearest to 100%.
        "all" => random() + normal() + win_rate_at(w, CpuLevel::Random, 2, games, seed),
        _ => random(),
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let rounds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(2);
    let against = args.next().unwrap_or_else(|| "random".into());
    // `local` also tunes the constants of the second opinion (`HardWeights::local`).
    let with_local = args.next().as_deref() == Some("local");
    let win_rate = |w, games, seed| objective(w, &against, games, seed);
    let mut w = HardWeights::default();
    let seed = 77;
    let mut best = win_rate(w, games, seed);
    println!("start: {:.2}% {w:?}", 100.0 * best);
    for round in 0..rounds {
        for k in 0..if with_local { 25 } else { 13 } {
            for factor in [0.5f32, 1.5, 0.0, 2.5] {
                let mut t = w;
                let field = match k {
                    0 => &mut t.capture,
                    1 => &mut t.capture_progress,
                    2 => &mut t.extra_roll,
                    3 => &mut t.enter,
                    4 => &mut t.home,
                    5 => &mut t.goal,
                    6 => &mut t.progress,
                    7 => &mut t.risk,
                    8 => &mut t.piece_worth,
                    9 => &mut t.pressure,
                    10 => &mut t.lookahead,
                    11 => &mut t.escape,
                    12 => &mut t.local_weight,
                    13 => &mut t.local.capture_roll,
                    14 => &mut t.local.capture,
                    15 => &mut t.local.capture_progress,
                    16 => &mut t.local.goal,
                    17 => &mut t.local.enter,
                    18 => &mut t.local.home,
                    19 => &mut t.local.danger,
                    20 => &mut t.local.stake_base,
                    21 => &mut t.local.stake_step,
                    22 => &mut t.local.safe,
                    23 => &mut t.local.block,
                    _ => &mut t.local.progress,
                };
                *field = if *field == 0.0 {
                    factor
                } else {
                    *field * factor
                };
                let r = win_rate(t, games, seed);
                if r > best + 0.002 {
                    best = r;
                    w = t;
                    println!(
                        "round {round} weight {k} x{factor}: {:.2}% {w:?}",
                        100.0 * best
                    );
                }
            }
        }
    }
    println!("final: {:.2}% {w:?}", 100.0 * best);
    for level in [CpuLevel::Random, CpuLevel::Normal] {
        println!(
            "check on other dice against three {level}: {:.2}%",
            100.0 * win_rate_against(w, level, games * 2, seed + 1000)
        );
    }
}
