//! Tunes the constants of the `normal` level's score by coordinate descent against three
//! `random` players: each constant in turn is scaled up and down (coarsely for two rounds,
//! then finely), and a change is kept when it wins more games over the same dice.
//!
//! It starts from the constants `normal` had before it was tuned. `normal` itself takes the
//! first four steps the descent keeps (no bonus for reaching the goal, entering ×1.5, the
//! home column ×0.5, danger ×1.5); the descent's end is `hard`'s second opinion
//! (`HardWeights::local`), which plays better against `random` players than `hard` alone.
//!
//! `cargo run --release -p ludo-cpu --example tune_normal -- [games per trial] [rounds]`

#[path = "common/tuning.rs"]
mod tuning;

use ludo_core::CpuLevel;
use ludo_cpu::{Cpu, NormalWeights};

fn win_rate(w: NormalWeights, games: u64, seed: u64) -> f64 {
    tuning::win_rate(Cpu::normal_with(w, seed), CpuLevel::Random, 4, games, seed)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20000);
    let rounds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    let seed = 77;
    let before = NormalWeights {
        goal: 40.0,
        enter: 35.0,
        home: 25.0,
        danger: 1.5,
        ..NormalWeights::default()
    };
    let (w, _) = tuning::descend(
        before,
        tuning::normal_constant,
        tuning::NORMAL_CONSTANTS,
        rounds,
        |round| {
            if round < 2 {
                [0.5, 1.5, 0.0, 2.5]
            } else {
                [0.7, 1.4, 0.0, 2.0]
            }
        },
        |w| win_rate(w, games, seed),
    );
    println!(
        "check on other dice: {:.2}%",
        100.0 * win_rate(w, games, seed + 1000)
    );
}
