//! Who was winning: each seat's chance to win after every turn of a recorded game, as
//! `expert`'s network rates the position from each seat's side, normalised so the seats'
//! chances sum to one (under *rank all players* at three or four seats, each seat's expected
//! place instead). At five and six seats a race between the seats' squares left to go rates
//! it instead. A review draws it as a chart, and the turns where a chance moved most as its
//! moments.

use ludo_core::{Awaiting, Game, Position};

use crate::value_net::{self, Features, Kind, NetId, ValueNet, expert_features};

/// What rates a position: a network, or the race of squares left.
#[derive(Clone, Copy)]
enum Rater<'a> {
    Net(&'a ValueNet),
    Race,
}

/// What a chart's values are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// Each seat's chance to win, 0 to 1; the seats' chances sum to 1.
    Win,
    /// Each seat's expected place, 1 (first) to the number of seats; they sum to
    /// 1 + 2 + … + seats.
    Place,
}

/// The chart of one game: a point at the start and after every turn.
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    pub measure: Measure,
    pub points: Vec<Point>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    /// The position it rates (an index into the game's positions: 0 is the start).
    pub at: usize,
    /// The seat whose turn ended here (`None` at the start).
    pub played: Option<u8>,
    /// One value per seat (see [`Measure`]).
    pub values: Vec<f32>,
}

/// A turn that moved a seat's chance (or expected place) the most.
#[derive(Clone, Debug, PartialEq)]
pub struct Moment {
    /// The point the turn ended at (its turn number).
    pub point: usize,
    /// The seat whose value moved most, and its value before and after the turn.
    pub seat: u8,
    pub before: f32,
    pub after: f32,
}

/// The network a game's chart is rated by: `expert`'s for its number of seats, its network
/// for the aims where the seats play for fewer pieces, a capture first or as partners (whose
/// pair wins or loses together whatever *rank all* says), or its network under *rank all
/// players* at three or four seats. At five and six seats none: the chart is the race of
/// squares left, which is smooth; `expert`'s networks for those seats learned to pick moves,
/// and no chart of theirs has been judged (docs/CPU_PLAYERS.md).
pub fn network_for(game: &Game) -> Option<NetId> {
    let ranks_all = game.rules().rank_all && game.rules().partner(0).is_none();
    match game.seats() {
        5.. => None,
        seats if value_net::has_aims(game.rules()) => Some(NetId::aims(seats)),
        3.. if ranks_all => Some(NetId::rank_all(game.seats())),
        seats => Some(NetId::new(Kind::Expert, seats)),
    }
}

impl Chart {
    /// Rates every turn of `positions` (a record's, from `GameRecord::positions`). Fails with
    /// the network it needs when that one is not loaded yet (the browser fetches it).
    pub fn of(positions: &[Position]) -> Result<Chart, NetId> {
        let Some(first) = positions.first() else {
            return Ok(Chart {
                measure: Measure::Win,
                points: Vec::new(),
            });
        };
        let id = network_for(&first.game);
        let net = match id {
            Some(id) => Rater::Net(value_net::shipped(id).ok_or(id)?),
            None => Rater::Race,
        };
        let ranks_all = first.game.rules().rank_all && first.game.rules().partner(0).is_none();
        let measure = if ranks_all && first.game.seats() >= 3 {
            Measure::Place
        } else {
            Measure::Win
        };
        let mut x = Features::new();
        let mut points = vec![Point {
            at: 0,
            played: None,
            values: rate(&first.game, net, measure, &mut x),
        }];
        for (at, pair) in positions.windows(2).enumerate() {
            let (before, after) = (&pair[0].game, &pair[1].game);
            let rolling_off = after.awaiting() == Awaiting::RollOff;
            if !rolling_off && (after.is_over() || after.turn() != before.turn()) {
                points.push(Point {
                    at: at + 1,
                    played: Some(before.turn()),
                    values: rate(after, net, measure, &mut x),
                });
            }
        }
        Ok(Chart { measure, points })
    }

    /// The `most` turns that moved one seat's value the most (by 3% of the scale at least:
    /// less is the network's noise), in the order they were played.
    pub fn moments(&self, most: usize) -> Vec<Moment> {
        let scale = match self.measure {
            Measure::Win => 1.0,
            Measure::Place => self
                .points
                .first()
                .map_or(1.0, |p| (p.values.len() as f32 - 1.0).max(1.0)),
        };
        let mut moments: Vec<(f32, Moment)> = self
            .points
            .windows(2)
            .enumerate()
            .filter_map(|(k, pair)| {
                let (seat, change) = pair[0]
                    .values
                    .iter()
                    .zip(&pair[1].values)
                    .map(|(b, a)| (a - b).abs() / scale)
                    .enumerate()
                    // The first seat of a tie: under partners, the pair's first partner.
                    .reduce(|best, x| if x.1 > best.1 { x } else { best })?;
                (change >= 0.03).then(|| {
                    let moment = Moment {
                        point: k + 1,
                        seat: seat as u8,
                        before: pair[0].values[seat],
                        after: pair[1].values[seat],
                    };
                    (change, moment)
                })
            })
            .collect();
        moments.sort_by(|a, b| b.0.total_cmp(&a.0));
        moments.truncate(most);
        let mut moments: Vec<Moment> = moments.into_iter().map(|(_, m)| m).collect();
        moments.sort_by_key(|m| m.point);
        moments
    }
}

/// What rates the positions of one game for its analysis (`analysis`): its chart's network
/// (or the race), each seat's value as a chance from 0 to 1. Under *rank all players* the
/// expected place rescaled, first 1 and last 0; under partners, the pair's chance.
pub(crate) struct Rating {
    net: Rater<'static>,
    measure: Measure,
    x: Features,
}

impl Rating {
    /// The rating a game's chart uses; fails with the network it needs when that one is not
    /// loaded yet (the browser fetches it).
    pub(crate) fn of(game: &Game) -> Result<Rating, NetId> {
        let net = match network_for(game) {
            Some(id) => Rater::Net(value_net::shipped(id).ok_or(id)?),
            None => Rater::Race,
        };
        let ranks_all = game.rules().rank_all && game.rules().partner(0).is_none();
        let measure = if ranks_all && game.seats() >= 3 {
            Measure::Place
        } else {
            Measure::Win
        };
        Ok(Rating {
            net,
            measure,
            x: Features::new(),
        })
    }

    pub(crate) fn measure(&self) -> Measure {
        self.measure
    }

    /// Each seat's value in `game`, 0 to 1, into `out`.
    pub(crate) fn values(&mut self, game: &Game, out: &mut Vec<f32>) {
        *out = rate(game, self.net, self.measure, &mut self.x);
        if self.measure == Measure::Place {
            // Place p of n: (n − p) / (n − 1). The places sum to 1 + 2 + … + n, so these sum
            // to n / 2; the chart's expected places are clamped to the scale, which can leave
            // them off that sum: the open seats share the difference.
            let n = out.len() as f32;
            for v in out.iter_mut() {
                *v = (n - *v) / (n - 1.0).max(1.0);
            }
            let finished = game.finished();
            let open = out.len() - finished.len();
            if open > 0 {
                let shift = (n / 2.0 - out.iter().sum::<f32>()) / open as f32;
                for (s, v) in out.iter_mut().enumerate() {
                    if !finished.contains(&(s as u8)) {
                        *v += shift;
                    }
                }
            }
        }
    }
}

/// Each seat's value in one position; under partners, its pair's chance (both partners' summed).
fn rate(game: &Game, net: Rater, measure: Measure, x: &mut Features) -> Vec<f32> {
    let values = rate_seats(game, net, measure, x);
    match game.rules().partner(0) {
        Some(_) => (0..values.len())
            .map(|s| values[s] + values[(s + 2) % values.len()])
            .collect(),
        None => values,
    }
}

/// Each seat's value in a finished game: its win (shared among the winners), or its place.
fn outcome(game: &Game, measure: Measure) -> Vec<f32> {
    let mut values = vec![0.0; game.seats() as usize];
    let ranking = game.ranking().unwrap_or(&[]);
    let winners = ranking.iter().filter(|s| s.rank == 1).count().max(1) as f32;
    for s in ranking {
        values[s.seat as usize] = match measure {
            Measure::Win => f32::from(s.rank == 1) / winners,
            Measure::Place => f32::from(s.rank),
        };
    }
    values
}

/// Pips a turn moves on average, sixes' extra rolls counted (3.5 × 6/5), and their variance.
const TURN_MEAN: f32 = 4.2;
const TURN_VARIANCE: f32 = 4.2;
/// Points of the race's time line each seat's finishing turn is integrated over.
const STEPS: usize = 240;

/// Each seat's value as a race: the squares its pieces have left to go (a piece in base the
/// whole way and its roll out), covered at `TURN_MEAN` a turn, so the turn it finishes is
/// about normal with a spread that grows with the way left; the seats after the one to play
/// start a fraction of a round later. A seat's chance to win is its chance to finish first
/// (its expected place under *rank all*: one more than the seats expected before it). No
/// captures or blocks: a plain, smooth measure of who is ahead.
fn race(game: &Game, measure: Measure) -> Vec<f32> {
    let n = game.seats() as usize;
    let goal = game.goal().progress().unwrap_or(0) as f32;
    let finished = game.finished();
    // Each open seat's finishing turn: mean and standard deviation.
    let runs: Vec<Option<(f32, f32)>> = (0..n)
        .map(|s| {
            if finished.contains(&(s as u8)) {
                return None;
            }
            let left: f32 = game
                .pieces(s as u8)
                .iter()
                .map(|p| match p.progress() {
                    Some(at) if at as f32 <= goal => goal - at as f32,
                    // Behind its start, going round again.
                    Some(_) => goal + 1.0,
                    None => goal + TURN_MEAN,
                })
                .sum();
            let later = ((s + n - game.turn() as usize) % n) as f32 / n as f32;
            let turns = left / TURN_MEAN + later;
            let spread = (left * TURN_VARIANCE).sqrt() / TURN_MEAN + 0.5;
            Some((turns, spread))
        })
        .collect();
    let before =
        |a: (f32, f32), b: (f32, f32)| normal_cdf((b.0 - a.0) / (a.1 * a.1 + b.1 * b.1).sqrt());
    match measure {
        Measure::Place => {
            let done = finished.len() as f32;
            (0..n)
                .map(
                    |s| match (runs[s], finished.iter().position(|&f| f as usize == s)) {
                        (_, Some(k)) => k as f32 + 1.0,
                        (Some(me), None) => {
                            let ahead: f32 = (0..n)
                                .filter(|&r| r != s)
                                .filter_map(|r| runs[r].map(|other| before(other, me)))
                                .sum();
                            1.0 + done + ahead
                        }
                        (None, None) => 0.0,
                    },
                )
                .collect()
        }
        Measure::Win => {
            let open: Vec<(usize, (f32, f32))> =
                (0..n).filter_map(|s| runs[s].map(|r| (s, r))).collect();
            let from = open
                .iter()
                .map(|(_, r)| r.0 - 4.0 * r.1)
                .fold(f32::MAX, f32::min);
            let to = open
                .iter()
                .map(|(_, r)| r.0 + 4.0 * r.1)
                .fold(f32::MIN, f32::max);
            let dt = (to - from) / STEPS as f32;
            let mut win = vec![0.0; n];
            // Each seat's chance to be still going at t, and the products of those before
            // and after it in `open`: the others' product without dividing by one's own.
            let mut later = vec![0.0f32; open.len()];
            let mut after = vec![1.0f32; open.len() + 1];
            for i in 0..STEPS {
                let t = from + (i as f32 + 0.5) * dt;
                for (k, (_, (m, d))) in open.iter().enumerate() {
                    later[k] = 1.0 - normal_cdf((t - m) / d);
                }
                for k in (0..open.len()).rev() {
                    after[k] = after[k + 1] * later[k];
                }
                let mut before = 1.0;
                for (k, &(s, (mean, sd))) in open.iter().enumerate() {
                    let density = (-0.5 * ((t - mean) / sd).powi(2)).exp() / sd;
                    win[s] += density * before * after[k + 1];
                    before *= later[k];
                }
            }
            let sum: f32 = win.iter().sum();
            win.iter().map(|w| w / sum.max(f32::EPSILON)).collect()
        }
    }
}

/// The standard normal distribution's cumulative function (Abramowitz and Stegun 7.1.26,
/// within 1.5e-7).
fn normal_cdf(x: f32) -> f32 {
    let z = x.abs() / std::f32::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * z);
    let poly = t
        * (0.254_829_6
            + t * (-0.284_496_74 + t * (1.421_413_7 + t * (-1.453_152_1 + t * 1.061_405_4))));
    let erf = 1.0 - poly * (-z * z).exp();
    if x >= 0.0 {
        0.5 * (1.0 + erf)
    } else {
        0.5 * (1.0 - erf)
    }
}

/// Each seat's own value in one position.
fn rate_seats(game: &Game, net: Rater, measure: Measure, x: &mut Features) -> Vec<f32> {
    let n = game.seats() as usize;
    if game.ranking().is_some() {
        return outcome(game, measure);
    }
    let net = match net {
        Rater::Net(net) => net,
        Rater::Race => return race(game, measure),
    };
    // Each seat's own rating: its chance to win, or its place as a score (first 1 … last 0).
    let mut score: Vec<f32> = (0..n)
        .map(|seat| {
            expert_features(game, seat, x);
            value_net::chance(net.logit(x))
        })
        .collect();
    match measure {
        Measure::Win => {
            let sum: f32 = score.iter().sum();
            score.iter().map(|p| p / sum.max(f32::EPSILON)).collect()
        }
        Measure::Place => {
            // The places of the seats that finished are known; the others share what is left
            // of the scores' sum (n/2 over all places).
            let last = (n - 1) as f32;
            let mut left = n as f32 / 2.0;
            let finished = game.finished();
            for (k, &seat) in finished.iter().enumerate() {
                score[seat as usize] = (last - k as f32) / last;
                left -= score[seat as usize];
            }
            let open = |s: usize| !finished.contains(&(s as u8));
            let sum: f32 = (0..n).filter(|&s| open(s)).map(|s| score[s]).sum();
            for (s, v) in score.iter_mut().enumerate() {
                if open(s) {
                    *v = (*v * left / sum.max(f32::EPSILON)).clamp(0.0, 1.0);
                }
            }
            score.iter().map(|v| 1.0 + (1.0 - v) * last).collect()
        }
    }
}
