//! Player ratings: a multi-player Elo, played out pairwise.
//!
//! A game of n seats counts as n·(n−1)/2 two-player results, one per pair of seats, read off
//! the final ranking: the better rank wins the pair, a shared rank is a draw (half a win
//! each). Each pair moves both ratings by the usual Elo step, scaled by 1/(n−1) so a four-seat
//! game swings a rating about as much as a two-seat one.
//!
//! Why Elo and not Glicko-2: the ratings live on one device among a family or a few friends,
//! with a handful of games and no rating periods; Elo's step can be checked by hand and sums
//! to zero within each game, while Glicko-2's deviation and volatility need many games in
//! regular periods to mean anything.

/// The rating of a new profile.
pub const START_RATING: f64 = 1500.0;
/// The largest change one two-seat game can make.
pub const K: f64 = 32.0;

/// The chance that a player rated `a` beats one rated `b`, by the Elo curve.
pub fn expected(a: f64, b: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((b - a) / 400.0))
}

/// The change to each rating after one game. `ratings[i]` and `ranks[i]` belong to the same
/// player; rank 1 is first, and equal ranks are shared. The changes sum to zero.
///
/// # Panics
/// When the slices differ in length.
pub fn changes(ratings: &[f64], ranks: &[u8]) -> Vec<f64> {
    assert_eq!(ratings.len(), ranks.len(), "one rank per rating");
    let n = ratings.len();
    if n < 2 {
        return vec![0.0; n];
    }
    let k = K / (n - 1) as f64;
    (0..n)
        .map(|i| {
            let mut sum = 0.0;
            for j in (0..n).filter(|&j| j != i) {
                let score = match ranks[i].cmp(&ranks[j]) {
                    std::cmp::Ordering::Less => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Greater => 0.0,
                };
                sum += score - expected(ratings[i], ratings[j]);
            }
            k * sum
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn near(a: &[f64], b: &[f64]) {
        assert_eq!(a.len(), b.len());
        for (x, y) in a.iter().zip(b) {
            assert!((x - y).abs() < 1e-3, "{a:?} vs {b:?}");
        }
    }

    #[test]
    fn two_equal_players_win_and_lose_half_of_k() {
        near(&changes(&[1500.0, 1500.0], &[1, 2]), &[16.0, -16.0]);
        near(&changes(&[1500.0, 1500.0], &[2, 1]), &[-16.0, 16.0]);
    }

    #[test]
    fn a_shared_rank_is_half_a_win() {
        near(&changes(&[1500.0, 1500.0], &[1, 1]), &[0.0, 0.0]);
        // 1600 v 1400: the favourite expects 1/(1 + 10^(-0.5)) = 0.759747 of a win.
        near(&changes(&[1600.0, 1400.0], &[1, 1]), &[-8.311_9, 8.311_9]);
    }

    #[test]
    fn the_favourite_gains_little_and_the_outsider_much() {
        // 32 × (1 − 0.759747) = 7.6881; 32 × (1 − 0.240253) = 24.3119.
        near(&changes(&[1600.0, 1400.0], &[1, 2]), &[7.688_1, -7.688_1]);
        near(&changes(&[1600.0, 1400.0], &[2, 1]), &[-24.311_9, 24.311_9]);
    }

    #[test]
    fn three_seats() {
        // Equal ratings, k = 16: first 16 × (1 + 1 − 1) = 16, second 16 × (0 + 1 − 1) = 0.
        near(&changes(&[1500.0; 3], &[1, 2, 3]), &[16.0, 0.0, -16.0]);
        // Two share first: each 16 × (0.5 + 1 − 1) = 8.
        near(&changes(&[1500.0; 3], &[1, 1, 3]), &[8.0, 8.0, -16.0]);
    }

    #[test]
    fn four_seats() {
        // k = 32/3 per pair; with equal ratings each pair expects 0.5.
        // first: (3 − 1.5) k = 16; second: (2 − 1.5) k = 5.3333.
        near(
            &changes(&[1500.0; 4], &[1, 2, 3, 4]),
            &[16.0, 5.333_3, -5.333_3, -16.0],
        );
        // Ranks 1, 2, 2, 4 (two share second): second gets (1.5 − 1.5) k = 0.
        near(
            &changes(&[1500.0; 4], &[1, 2, 2, 4]),
            &[16.0, 0.0, 0.0, -16.0],
        );
        // Unequal: 1700 first, 1500 second, 1500 third, 1300 fourth.
        // E(1700 v 1500) = 0.759747, E(1700 v 1300) = 0.909091, E(1500 v 1300) = 0.759747.
        // first: k (3 − 0.759747 − 0.759747 − 0.909091) = k × 0.571415 = 6.0951
        // second: k (0 + 1 + 1 − 0.240253 − 0.5 − 0.759747) = k × 0.5 = 5.3333
        // third: k (0 + 0 + 1 − 0.240253 − 0.5 − 0.759747) = k × (−0.5) = −5.3333
        // fourth: k (0 − 0.090909 − 0.240253 − 0.240253) = k × (−0.571415) = −6.0951
        near(
            &changes(&[1700.0, 1500.0, 1500.0, 1300.0], &[1, 2, 3, 4]),
            &[6.095_1, 5.333_3, -5.333_3, -6.095_1],
        );
    }

    #[test]
    fn changes_sum_to_zero() {
        let ratings = [1432.0, 1611.5, 1500.0, 1288.25];
        for ranks in [[1, 2, 3, 4], [4, 3, 2, 1], [1, 1, 3, 3], [2, 1, 2, 4]] {
            let sum: f64 = changes(&ratings, &ranks).iter().sum();
            assert!(sum.abs() < 1e-9, "{ranks:?}: {sum}");
        }
    }
}
