//! The coordinate descent the tuning examples share.

use std::fmt::Debug;

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
