//! # ludo-cpu
//!
//! CPU players. Each only ever picks among the engine's legal moves, sees the rules it plays
//! under, and draws its randomness from its own stream, never from the die's.
//!
//! - `random`: a uniformly random legal move.
//! - `easy`: a casual player: likes captures, leaving base and reaching the goal, does not
//!   watch for danger, and now and then just moves something.
//! - `normal`: weighs captures, leaving base, danger (opponent pieces that could land on a
//!   square with one roll, minding safe squares and blocks), safety and progress.
//! - `hard`: under the standard rules, picks the move whose resulting position a learned
//!   network rates most likely to win (`value_net`). Under any other rules it scores the whole
//!   position after each move for every seat — progress, safety in the home column, the
//!   chance each piece is captured before its owner moves again — adds a second opinion on the
//!   moved piece shaped like `normal`'s score, and looks one roll ahead for the extra rolls it
//!   earns.
//! - `expert`: searches the dice past its move (its own extra rolls, the next opponent's reply)
//!   with a learned value at the leaves that knows every house rule (`expert`; where the seats
//!   play for fewer pieces, a capture first or as partners, a network of its own for those
//!   aims); at a table of
//!   `random` players, two sampled rounds with `hard`'s network (`expert::round`).

mod aim;
pub mod analysis;
pub mod chances;
mod danger;
mod easy;
pub mod expert;
mod hard;
mod normal;
pub mod tournament;
pub mod value_net;

#[cfg(test)]
mod networks_asked;

pub use hard::{HardWeights, hard_score_with};
pub use normal::{NormalWeights, normal_score_with};

use easy::easy_score;

pub use ludo_core::CpuLevel;

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use ludo_core::SeatLevels;
use ludo_core::{Chooser, Event, Game, Move};

/// A CPU player of some level with its own random stream.
#[derive(Clone, Debug)]
pub struct Cpu {
    level: CpuLevel,
    rng: Xoshiro256PlusPlus,
    weights: HardWeights,
    normal: NormalWeights,
    /// Whether `hard` uses the learned network where it knows the rules (off only for tuning
    /// the evaluation it falls back to).
    learned: bool,
    /// How many rolls `expert` searches past its move ...
    depth: u8,
    /// ... and one more where that rated fewer positions than this.
    deepen_below: u32,
    /// Whether `expert` searches the rounds to come (`expert::round`) where that plays better
    /// than its search by the dice: at a table of `random` players, and under *rank all
    /// players* at a table of CPUs (off for a search of a set depth).
    rounds: bool,
    /// Each seat's CPU level as the table shows it (`None`: a person, or not known), for
    /// `expert`'s search.
    table: SeatLevels,
}

impl Cpu {
    pub fn new(level: CpuLevel, seed: u64) -> Cpu {
        Cpu {
            level,
            rng: Xoshiro256PlusPlus::seed_from_u64(
                seed ^ 0x5EED_C0DE_u64.wrapping_mul(level as u64 + 1),
            ),
            weights: HardWeights::default(),
            normal: NormalWeights::default(),
            learned: true,
            depth: expert::DEPTH,
            deepen_below: expert::DEEPEN_BELOW,
            rounds: true,
            table: [None; ludo_core::MAX_SEATS as usize],
        }
    }

    /// An `expert` player that searches exactly `depth` rolls past its move (0: the network
    /// alone) with its own network, whatever the table.
    pub fn expert_with(depth: u8, seed: u64) -> Cpu {
        Cpu {
            depth,
            deepen_below: 0,
            rounds: false,
            ..Cpu::new(CpuLevel::Expert, seed)
        }
    }

    /// A `hard` player that always uses its tuned evaluation, with these weights: for tuning,
    /// and to compare with the learned network.
    pub fn hard_with(weights: HardWeights, seed: u64) -> Cpu {
        Cpu {
            weights,
            learned: false,
            ..Cpu::new(CpuLevel::Hard, seed)
        }
    }

    /// A `normal` player with other constants, for tuning.
    pub fn normal_with(normal: NormalWeights, seed: u64) -> Cpu {
        Cpu {
            normal,
            ..Cpu::new(CpuLevel::Normal, seed)
        }
    }

    pub fn level(&self) -> CpuLevel {
        self.level
    }

    /// The learned network this player plays by in `game` that the engine does not have yet
    /// (built without its networks, before the caller [`value_net::provide`]s it). A caller
    /// waits for it rather than let the player decide otherwise: the same game then replays
    /// the same everywhere.
    pub fn missing_network(&self, game: &Game) -> Option<value_net::NetId> {
        self.network_id(game)
            .filter(|id| value_net::shipped(*id).is_none())
    }

    /// Which learned network this player plays by in `game`, if any.
    fn network_id(&self, game: &Game) -> Option<value_net::NetId> {
        use value_net::{Kind, NetId};
        let id = match self.level {
            CpuLevel::Hard if self.learned && value_net::knows(game.rules()) => {
                Some(NetId::new(Kind::Hard, game.seats()))
            }
            CpuLevel::Expert if value_net::has_aims(game.rules()) => {
                Some(NetId::aims(game.seats()))
            }
            CpuLevel::Expert if self.at_random_table(game) => {
                Some(NetId::new(Kind::Hard, game.seats()))
            }
            CpuLevel::Expert
                if game.rules().rank_all && NetId::rank_all(game.seats()).is_made() =>
            {
                Some(NetId::rank_all(game.seats()))
            }
            CpuLevel::Expert => Some(NetId::new(Kind::Expert, game.seats())),
            _ => None,
        };
        id.filter(|id| id.is_made())
    }

    /// Whether `expert` plays `game` through the opponents' round with `hard`'s network
    /// (`expert::round`): every other seat is `random` as the table shows, and the rules are
    /// the standard game's (the network's), played for the win. `hard`'s network learned from
    /// tables of `random` players, and there it rates positions better than `expert`'s, which
    /// learned from every kind of table (docs/CPU_PLAYERS.md).
    fn at_random_table(&self, game: &Game) -> bool {
        let others = (0..game.seats() as usize)
            .filter(|&s| self.table[s] != Some(CpuLevel::Random))
            .count();
        self.rounds
            && others <= 1
            && value_net::knows(game.rules())
            && !game.rules().rank_all
            && value_net::NetId::new(value_net::Kind::Hard, game.seats()).is_made()
    }

    /// Whether `expert` plays `game` through the rounds to come with its own network under
    /// *rank all players* (`expert::round::choose_seeing`): at three or four seats, every other
    /// seat a CPU whose pick the search models (`random`, `easy`, `normal`, `hard`; not a
    /// person): there it places better than its search by the dice (figures in
    /// docs/CPU_PLAYERS.md).
    fn ranking_rounds(&self, game: &Game) -> bool {
        use CpuLevel::{Easy, Hard, Normal, Random};
        let seats = game.seats() as usize;
        let others = (0..seats)
            .filter(|&s| !matches!(self.table[s], Some(Random | Easy | Normal | Hard)))
            .count();
        self.rounds
            && game.rules().rank_all
            && !value_net::has_aims(game.rules())
            && seats > 2
            && others <= 1
            && value_net::NetId::rank_all(game.seats()).is_made()
    }

    /// The learned network this player plays by in this game, if it has one.
    fn network(&self, game: &Game) -> Option<&'static value_net::ValueNet> {
        value_net::shipped(self.network_id(game)?)
    }
}

/// How a CPU picks among legal moves, its randomness not yet drawn: what [`Cpu::choose`] plays
/// by, and what `expert` expects of a CPU seat whose level the table shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Policy {
    /// This move.
    Move(usize),
    /// Any move, each as likely.
    Any,
    /// Any move (each as likely) with chance `any`, else `otherwise`.
    Mixed { any: f64, otherwise: usize },
}

impl Cpu {
    /// How this player picks among `moves` (at least two) in `game`.
    pub fn policy(&self, game: &Game, moves: &[Move]) -> Policy {
        match self.level {
            CpuLevel::Random => Policy::Any,
            // A casual player: a quarter of the time, any move will do.
            CpuLevel::Easy => Policy::Mixed {
                any: 0.25,
                otherwise: best(moves, |m| easy_score(game, m)),
            },
            CpuLevel::Normal => {
                Policy::Move(best(moves, |m| normal_score_with(&self.normal, game, m)))
            }
            CpuLevel::Hard => Policy::Move(match self.network(game) {
                Some(net) => {
                    let mut x = value_net::Features::new();
                    best(moves, |m| net.rate(game, m, &mut x))
                }
                None => best(moves, |m| hard_score_with(&self.weights, game, m)),
            }),
            CpuLevel::Expert => Policy::Move(match self.network(game) {
                Some(net) if self.at_random_table(game) => expert::round::choose(net, game, moves),
                Some(net) if self.ranking_rounds(game) => {
                    let leaf = expert::round::Leaf::Expert(net);
                    expert::round::choose_seeing(leaf, &self.table, game, moves)
                }
                Some(net) => {
                    expert::choose(net, game, moves, self.depth, self.deepen_below, &self.table).0
                }
                None => best(moves, |m| hard_score_with(&self.weights, game, m)),
            }),
        }
    }

    /// Tells an `expert` player who sits where: each seat's CPU level, `None` for a person (or
    /// a seat it knows nothing of). It then expects each CPU seat to play as that level does,
    /// and a person as its own network would.
    pub fn seeing(mut self, table: SeatLevels) -> Cpu {
        self.table = table;
        self
    }
}

impl Chooser for Cpu {
    fn cpu_level(&self) -> Option<CpuLevel> {
        Some(self.level)
    }

    fn see_table(&mut self, table: &SeatLevels) {
        self.table = *table;
    }

    fn choose(&mut self, game: &Game, moves: &[Move]) -> usize {
        if moves.len() <= 1 {
            return 0;
        }
        match self.policy(game, moves) {
            Policy::Move(i) => i,
            Policy::Any => self.rng.random_range(0..moves.len()),
            Policy::Mixed { any, otherwise } => {
                if self.rng.random_bool(any) {
                    self.rng.random_range(0..moves.len())
                } else {
                    otherwise
                }
            }
        }
    }
}

/// The index of the highest-scoring move (the first among equals).
fn best(moves: &[Move], mut score: impl FnMut(&Move) -> f32) -> usize {
    let mut best = (0, f32::NEG_INFINITY);
    for (i, m) in moves.iter().enumerate() {
        let s = score(m);
        if s > best.1 {
            best = (i, s);
        }
    }
    best.0
}
