//! Tunes the constants of the `normal` level's score by coordinate descent against three
//! `random` players: each constant in turn is scaled up and down (coarsely for two rounds,
//! then finely), and a change is kept when it wins more games over the same dice.
//!
//! It starts from the constants `normal` had before it was tuned. `normal` itself takes the
//! first four steps the descent keeps (no bonus for reaching the goal, entering ×1.5, the
//! home column ×0.5, danger ×1.5); the descent's end is `hard`'s second opinion
//! (`HardWeights::local`), which plays better against `random` players than `hard` alone.
//!
//! `cargo run --release -p ludo-core --example tune_normal -- [games per trial] [rounds]`

#[path = "common/descent.rs"]
mod descent;

use ludo_core::tournament;
use ludo_core::{Chooser, Cpu, CpuLevel, NormalWeights, Rules};

fn win_rate(w: NormalWeights, games: u64, seed: u64) -> f64 {
    let mut players: Vec<(String, Box<dyn Chooser>)> =
        vec![("normal".into(), Box::new(Cpu::normal_with(w, seed)))];
    for i in 1..4 {
        players.push((
            format!("random{i}"),
            Box::new(Cpu::new(CpuLevel::Random, seed + i)),
        ));
    }
    tournament::run(&Rules::default(), &mut players, games, seed, |_| {}).unwrap()[0].win_rate()
}

/// Constant `k` of the descent.
fn constant(w: &mut NormalWeights, k: usize) -> &mut f32 {
    match k {
        0 => &mut w.capture_roll,
        1 => &mut w.capture,
        2 => &mut w.capture_progress,
        3 => &mut w.goal,
        4 => &mut w.enter,
        5 => &mut w.home,
        6 => &mut w.danger,
        7 => &mut w.stake_base,
        8 => &mut w.stake_step,
        9 => &mut w.safe,
        10 => &mut w.block,
        _ => &mut w.progress,
    }
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
    let (w, _) = descent::descend(
        before,
        constant,
        12,
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
