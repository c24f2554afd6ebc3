//! Tunes the `hard` level's weights by coordinate descent: each weight in turn is scaled up
//! and down, and a change is kept when it wins more games against three `random` players,
//! three `normal` ones, both (the sum of the two win rates), one `random` player at a
//! two-seat table (two), or all three, over the same dice (common random numbers, so the
//! comparison is not drowned in luck).
//!
//! `cargo run --release -p ludo-cpu --example tune -- [games per trial] [rounds] [random|normal|both|two|all] [local]`

#[path = "common/tuning.rs"]
mod tuning;

use ludo_core::CpuLevel;
use ludo_cpu::{Cpu, HardWeights};

fn win_rate_against(w: HardWeights, level: CpuLevel, games: u64, seed: u64) -> f64 {
    win_rate_at(w, level, 4, games, seed)
}

fn win_rate_at(w: HardWeights, level: CpuLevel, seats: u64, games: u64, seed: u64) -> f64 {
    tuning::win_rate(Cpu::hard_with(w, seed), level, seats, games, seed)
}

/// What the descent maximises, for the opponents named on the command line.
fn objective(w: HardWeights, against: &str, games: u64, seed: u64) -> f64 {
    let random = || win_rate_against(w, CpuLevel::Random, games, seed);
    let normal = || win_rate_against(w, CpuLevel::Normal, games, seed);
    match against {
        "normal" => normal(),
        "both" => random() + normal(),
        // One `random` player at a two-seat table alone.
        "two" => win_rate_at(w, CpuLevel::Random, 2, games, seed),
        // Also the two-seat table, where the target is nearest to 100%.
        "all" => random() + normal() + win_rate_at(w, CpuLevel::Random, 2, games, seed),
        _ => random(),
    }
}

/// How many of the descent's numbers are `hard`'s own; the second opinion's follow.
const HARD_OWN: usize = 13;

/// Weight `k` of the descent: `hard`'s own, then (with `local`) the second opinion's.
fn weight(w: &mut HardWeights, k: usize) -> &mut f32 {
    match k {
        0 => &mut w.capture,
        1 => &mut w.capture_progress,
        2 => &mut w.extra_roll,
        3 => &mut w.enter,
        4 => &mut w.home,
        5 => &mut w.goal,
        6 => &mut w.progress,
        7 => &mut w.risk,
        8 => &mut w.piece_worth,
        9 => &mut w.pressure,
        10 => &mut w.lookahead,
        11 => &mut w.escape,
        12 => &mut w.local_weight,
        k => tuning::normal_constant(&mut w.local, k - HARD_OWN),
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let rounds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(2);
    let against = args.next().unwrap_or_else(|| "random".into());
    // `local` also tunes the constants of the second opinion (`HardWeights::local`).
    let count = if args.next().as_deref() == Some("local") {
        HARD_OWN + tuning::NORMAL_CONSTANTS
    } else {
        HARD_OWN
    };
    let seed = 77;
    let (w, _) = tuning::descend(
        HardWeights::default(),
        weight,
        count,
        rounds,
        |_| [0.5, 1.5, 0.0, 2.5],
        |w| objective(w, &against, games, seed),
    );
    for level in [CpuLevel::Random, CpuLevel::Normal] {
        println!(
            "check on other dice against three {level}: {:.2}%",
            100.0 * win_rate_against(w, level, games * 2, seed + 1000)
        );
    }
}
