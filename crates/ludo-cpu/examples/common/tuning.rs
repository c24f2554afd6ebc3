//! What the tuning examples share: the coordinate descent, the tournament that scores a
//! trial, and the numbering of `normal`'s constants.

use std::fmt::Debug;

use ludo_core::{Chooser, CpuLevel, Rules};
use ludo_cpu::tournament;
use ludo_cpu::{Cpu, NormalWeights};

/// The win rate of `player` against `seats - 1` players of `level`, seats rotated, under the
/// standard rules.
pub fn win_rate(player: Cpu, level: CpuLevel, seats: u64, games: u64, seed: u64) -> f64 {
    let mut players: Vec<(String, Box<dyn Chooser>)> =
        vec![(player.level().to_string(), Box::new(player))];
    for i in 1..seats {
        players.push((format!("{level}{i}"), Box::new(Cpu::new(level, seed + i))));
    }
    tournament::run(&Rules::default(), &mut players, games, seed, |_| {}).unwrap()[0].win_rate()
}

/// How many constants `normal` has, numbered by `normal_constant`.
pub const NORMAL_CONSTANTS: usize = 12;

/// `normal`'s constant `k`.
pub fn normal_constant(w: &mut NormalWeights, k: usize) -> &mut f32 {
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

/// Starting from `w`, scales each of its `count` numbers in turn (`field(w, k)` names number
/// `k`) by each factor of the round, or sets it to the factor when it is zero, and keeps a
/// change when `objective` rises by more than 0.2 points. Prints every change kept; returns
/// the best `w` and its objective.
pub fn descend<W: Copy + Debug>(
    mut w: W,
    field: fn(&mut W, usize) -> &mut f32,
    count: usize,
    rounds: usize,
    factors: fn(usize) -> [f32; 4],
    objective: impl Fn(W) -> f64,
) -> (W, f64) {
    let mut best = objective(w);
    println!("start: {:.2}% {w:?}", 100.0 * best);
    for round in 0..rounds {
        for k in 0..count {
            for factor in factors(round) {
                let mut t = w;
                let x = field(&mut t, k);
                *x = if *x == 0.0 { factor } else { *x * factor };
                let r = objective(t);
                if r > best + 0.002 {
                    best = r;
                    w = t;
                    println!(
                        "round {round} number {k} x{factor}: {:.2}% {w:?}",
                        100.0 * best
                    );
                }
            }
        }
    }
    println!("final: {:.2}% {w:?}", 100.0 * best);
    (w, best)
}
