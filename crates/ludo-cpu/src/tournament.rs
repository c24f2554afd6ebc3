//! Tournaments: many games between players with seats rotated, so each player sits in each
//! seat equally often, and the figures to compare them.

use ludo_core::Chooser;
use ludo_core::Dice;
use ludo_core::Rules;
use ludo_core::{Game, GameRecord, Step};

/// One player's results over a tournament.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerStats {
    pub name: String,
    pub games: u64,
    pub wins: u64,
    pub rank_sum: u64,
    /// The squares of the places, for the spread of the mean place.
    pub rank_square_sum: u64,
    /// Rolls and turns of the games this player took part in (every game).
    pub rolls: u64,
    pub turns: u64,
    /// How long each of this player's decisions took, in nanoseconds.
    pub decision_ns: Vec<u32>,
    /// Its place in each game, in order: to compare two players game by game on the same dice.
    pub places: Vec<u8>,
}

impl PlayerStats {
    pub fn win_rate(&self) -> f64 {
        self.wins as f64 / self.games.max(1) as f64
    }

    /// The 95% Wilson score interval of the win rate.
    pub fn win_rate_ci95(&self) -> (f64, f64) {
        let n = self.games.max(1) as f64;
        let p = self.win_rate();
        let z = 1.96f64;
        let denom = 1.0 + z * z / n;
        let centre = (p + z * z / (2.0 * n)) / denom;
        let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
        (centre - half, centre + half)
    }

    pub fn mean_rank(&self) -> f64 {
        self.rank_sum as f64 / self.games.max(1) as f64
    }

    /// The 95% interval of the mean place (normal approximation, the places' spread as
    /// sampled over these games).
    pub fn mean_rank_ci95(&self) -> (f64, f64) {
        let n = self.games.max(1) as f64;
        let mean = self.mean_rank();
        let spread =
            (self.rank_square_sum as f64 / n - mean * mean).max(0.0) * n / (n - 1.0).max(1.0);
        let half = 1.96 * (spread / n).sqrt();
        (mean - half, mean + half)
    }

    pub fn mean_rolls(&self) -> f64 {
        self.rolls as f64 / self.games.max(1) as f64
    }

    pub fn mean_turns(&self) -> f64 {
        self.turns as f64 / self.games.max(1) as f64
    }

    /// The `q` quantile (0 to 1) of decision time in microseconds.
    pub fn decision_us(&self, q: f64) -> f64 {
        if self.decision_ns.is_empty() {
            return 0.0;
        }
        let mut v = self.decision_ns.clone();
        v.sort_unstable();
        let i = ((v.len() - 1) as f64 * q).round() as usize;
        v[i] as f64 / 1000.0
    }
}

/// Where a tournament game stands, for the chooser that is asked: which game and turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    pub game: u64,
    pub turn: u64,
}

/// The die of game `g`: every game can be replayed alone from the tournament's seed.
pub fn game_seed(seed: u64, g: u64) -> u64 {
    seed ^ g.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Plays `games` games under `rules`. In game `g`, seat `s` is played by player
/// `(s + g) % n`. Stops early with the failure a chooser reports.
pub fn run(
    rules: &Rules,
    players: &mut [(String, Box<dyn Chooser + '_>)],
    games: u64,
    seed: u64,
    before_move: impl FnMut(Progress),
) -> Result<Vec<PlayerStats>, String> {
    run_with(rules, players, games, seed, before_move, |_, _| {})
}

/// `run`, showing `after_game` each game's record and which player sat in each seat (to
/// analyse the games as they end).
pub fn run_with(
    rules: &Rules,
    players: &mut [(String, Box<dyn Chooser + '_>)],
    games: u64,
    seed: u64,
    mut before_move: impl FnMut(Progress),
    mut after_game: impl FnMut(&GameRecord, &[usize]),
) -> Result<Vec<PlayerStats>, String> {
    let n = players.len();
    if !(2..=ludo_core::MAX_SEATS as usize).contains(&n) {
        return Err(format!("a table has 2 to 6 seats, not {n}"));
    }
    let mut stats: Vec<PlayerStats> = players
        .iter()
        .map(|(name, _)| PlayerStats {
            name: name.clone(),
            ..Default::default()
        })
        .collect();
    let mut game = Game::new(rules.clone(), n as u8, 0).map_err(|e| e.to_string())?;
    let mut events = Vec::new();
    for g in 0..games {
        game.restart(0);
        let mut dice = Dice::new(game_seed(seed, g));
        let player_of = |seat: usize| (seat + g as usize) % n;
        let mut table = [None; ludo_core::MAX_SEATS as usize];
        for (seat, level) in table.iter_mut().enumerate().take(n) {
            *level = players[player_of(seat)].1.cpu_level();
        }
        for (_, chooser) in players.iter_mut() {
            chooser.see_table(&table);
        }
        let (mut rolls, mut turns) = (0u64, 1u64);
        let mut record = GameRecord::new(
            rules.clone(),
            (0..n).map(|s| players[player_of(s)].0.clone()).collect(),
            Some(game_seed(seed, g).into()),
            0,
        );
        while !game.is_over() {
            events.clear();
            let p = player_of(game.turn() as usize);
            let mut decided = None;
            let action = game
                .due(|game, moves| {
                    before_move(Progress {
                        game: g,
                        turn: turns,
                    });
                    let started = std::time::Instant::now();
                    let i = players[p].1.choose(game, moves);
                    decided = Some(started.elapsed().as_nanos().min(u32::MAX as u128) as u32);
                    i
                })
                .expect("the game goes on");
            if let Some(ns) = decided {
                stats[p].decision_ns.push(ns);
                if let Some(failure) = players[p].1.failure() {
                    return Err(failure);
                }
            }
            let step = game
                .act(action, &mut dice, &mut events)
                .expect("the tournament only sends what the game awaits");
            record.steps.push(step);
            rolls += matches!(step, Step::Roll(_)) as u64;
            turns += events
                .iter()
                .filter(|e| matches!(e, crate::Event::TurnPassed { .. }))
                .count() as u64;
        }
        for standing in game.ranking().expect("over") {
            let s = &mut stats[player_of(standing.seat as usize)];
            s.games += 1;
            s.wins += (standing.rank == 1) as u64;
            s.rank_sum += standing.rank as u64;
            s.rank_square_sum += (standing.rank as u64).pow(2);
            s.places.push(standing.rank);
            s.rolls += rolls;
            s.turns += turns;
        }
        let seated: Vec<usize> = (0..n).map(player_of).collect();
        after_game(&record, &seated);
    }
    Ok(stats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludo_core::RandomChooser;

    #[test]
    fn the_mean_places_interval_comes_from_the_places_spread() {
        // Places 1, 2, 3, 4: mean 2.5, sample variance 5/3, so 2.5 ± 1.96·√(5/12).
        let s = PlayerStats {
            games: 4,
            rank_sum: 10,
            rank_square_sum: 30,
            ..Default::default()
        };
        let (lo, hi) = s.mean_rank_ci95();
        let half = 1.96 * (5.0f64 / 12.0).sqrt();
        assert!((lo - (2.5 - half)).abs() < 1e-9 && (hi - (2.5 + half)).abs() < 1e-9);
        // The same place every game: no spread.
        let same = PlayerStats {
            games: 3,
            rank_sum: 6,
            rank_square_sum: 12,
            ..Default::default()
        };
        assert_eq!(same.mean_rank_ci95(), (2.0, 2.0));
    }

    #[test]
    fn a_tournament_sums_the_squares_of_the_places_and_keeps_each_games() {
        let mut players: Vec<(String, Box<dyn Chooser>)> = (0..2)
            .map(|i| {
                let p: Box<dyn Chooser> = Box::new(RandomChooser::new(i));
                (format!("p{i}"), p)
            })
            .collect();
        let stats = run(&Rules::default(), &mut players, 12, 5, |_| {}).unwrap();
        for s in &stats {
            // At two seats the place is 1 for a win and 2 otherwise.
            assert_eq!(s.rank_square_sum, s.wins + 4 * (s.games - s.wins));
            assert_eq!(s.rank_sum, s.wins + 2 * (s.games - s.wins));
        }
        // Game by game, one player's place is the other's other place.
        assert_eq!(stats[0].places.len(), 12);
        for (a, b) in stats[0].places.iter().zip(&stats[1].places) {
            assert_eq!(a + b, 3);
        }
        let firsts = stats[0].places.iter().filter(|&&p| p == 1).count();
        assert_eq!(firsts as u64, stats[0].wins);
    }
}
