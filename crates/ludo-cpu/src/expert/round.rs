//! `expert` at a table of `random` players: a search through the rounds to come. After each
//! legal move it plays the opponents' turns as `random` plays them (a face, then any legal
//! move alike), then its own next roll and its best move by `hard`'s network, then the
//! opponents' turns again; at its roll after that it weighs every face and its best move, and
//! `hard`'s network rates the position. It does so [`SAMPLES`] times for each legal move. So the
//! network only ever rates what it learned to rate, the position just after the seat's own
//! move at a table of `random` players, and the search adds what two rounds of dice do to it.
//!
//! The samples are the same for every legal move (the same dice, the same picks where the
//! moves allow), so the moves are told apart by what they change, not by luck; the first two
//! opponents' rolls are spread evenly over the six faces rather than drawn. They are drawn from
//! fixed seeds: the same position gets the same move on every machine.
//!
//! Under *rank all players* at a table of CPUs, `expert` searches the same way
//! ([`choose_seeing`]), each `easy`, `normal` or `hard` seat expected to pick as its level does,
//! with its own network for those rules at the leaves, which places better there than its
//! search by the dice (figures in docs/CPU_PLAYERS.md).

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use crate::value_net::{self, Features, ValueNet};
use crate::{Cpu, CpuLevel, Policy};
use ludo_core::Discard;
use ludo_core::SeatLevels;
use ludo_core::{Awaiting, Game, Move};

/// How many rounds the search plays past the move: its own rolls up to the one weighed face by
/// face. One round gained two to three points on `hard`'s network alone, two rounds three and
/// a half (docs/CPU_PLAYERS.md).
pub const ROUNDS: u8 = 2;

/// How many times the rounds are played out after each legal move. A multiple of 36, so that
/// the first two opponents' rolls take each pair of faces equally often.
pub const SAMPLES: u32 = 216;

/// The first rolls of the opponents whose faces are spread over the samples rather than drawn.
const SPREAD_ROLLS: u32 = 2;

/// The network that rates the positions the search reaches, and picks the seat's own moves.
#[derive(Clone, Copy)]
pub enum Leaf<'a> {
    /// `hard`'s: the chance to win, under the standard rules.
    Hard(&'a ValueNet),
    /// `expert`'s: any rules, and under *rank all players* the expected place.
    Expert(&'a ValueNet),
}

/// One decision's search.
struct Round<'a> {
    leaf: Leaf<'a>,
    me: usize,
    /// How each other seat is expected to pick: as its level does, or (`None`) as `random`.
    models: [Option<Cpu>; ludo_core::MAX_SEATS as usize],
    x: Features,
    /// The sample being played: its number, its draws, how many of the opponents' rolls it has
    /// played, and how many of its own rolls are still to be drawn rather than weighed.
    k: u32,
    rng: Xoshiro256PlusPlus,
    rolls: u32,
    drawn_rolls: u8,
}

impl<'a> Round<'a> {
    fn new(leaf: Leaf<'a>, me: usize) -> Round<'a> {
        Round {
            leaf,
            me,
            models: std::array::from_fn(|_| None),
            x: Features::new(),
            k: 0,
            rng: Xoshiro256PlusPlus::seed_from_u64(0),
            rolls: 0,
            drawn_rolls: 0,
        }
    }

    /// Starts sample `k` of a search `rounds` deep.
    fn start(&mut self, k: u32, rounds: u8) {
        (self.k, self.rolls, self.drawn_rolls) = (k, 0, rounds.saturating_sub(1));
        self.rng = Xoshiro256PlusPlus::seed_from_u64(u64::from(k));
    }

    /// Expects each other seat of `table` whose level picks by a known policy (`easy`, `normal`,
    /// `hard`) to play as it does; the others as `random`.
    fn seeing(mut self, table: &SeatLevels) -> Round<'a> {
        for (seat, level) in table.iter().enumerate() {
            self.models[seat] = match level {
                Some(level @ (CpuLevel::Easy | CpuLevel::Normal | CpuLevel::Hard))
                    if seat != self.me =>
                {
                    Some(Cpu::new(*level, 0))
                }
                _ => None,
            };
        }
        self
    }

    /// What `game` (over, or just after `me` moved) is worth to `me`: its chance to win, or
    /// under *rank all players* (`expert`'s network) its expected place.
    fn rate(&mut self, game: &Game) -> f32 {
        match self.leaf {
            Leaf::Hard(net) => {
                if let Some(ranking) = game.ranking() {
                    let won = ranking
                        .iter()
                        .any(|s| s.rank == 1 && s.seat as usize == self.me);
                    return won as u8 as f32;
                }
                value_net::features(game, self.me, &mut self.x);
                value_net::chance(net.logit(&self.x))
            }
            Leaf::Expert(net) => {
                if let Some(s) = super::score(game, self.me) {
                    return s;
                }
                value_net::expert_features(game, self.me, &mut self.x);
                value_net::chance(net.logit(&self.x))
            }
        }
    }

    /// The index of the move an opponent picks in `game` by its model, from one draw `u`.
    fn opponent_pick(&self, game: &Game, u: f64) -> usize {
        let moves = game.legal_moves();
        let any = |u: f64| ((u * moves.len() as f64) as usize).min(moves.len() - 1);
        match &self.models[game.turn() as usize] {
            None => any(u),
            Some(_) if moves.len() == 1 => 0,
            Some(cpu) => match cpu.policy(game, moves) {
                Policy::Move(i) => i,
                Policy::Any => any(u),
                Policy::Mixed { any: p, .. } if u < p => any(u / p),
                Policy::Mixed { otherwise, .. } => otherwise,
            },
        }
    }

    /// A face drawn from `u` (one draw, uniform in 0..1).
    fn face(u: f64) -> u8 {
        ((u * 6.0) as u8).min(5) + 1
    }

    /// The worth to `me` of `game` through one sample of the others' turns and its own next
    /// rolls.
    fn until_mine(&mut self, game: &Game) -> f32 {
        let mut game = game.clone();
        loop {
            if let Leaf::Expert(_) = self.leaf
                && let Some(s) = super::score(&game, self.me)
            {
                // Its place is settled (under *rank all players* the game goes on).
                return s;
            }
            match game.awaiting() {
                Awaiting::Roll if game.turn() as usize == self.me => {
                    if self.drawn_rolls == 0 {
                        return self.weigh_mine(&game);
                    }
                    self.drawn_rolls -= 1;
                    let face = Self::face(self.rng.random());
                    game.play_roll(face, &mut Discard);
                    if game.awaiting() == Awaiting::Move {
                        let m = self.best(&game, face).0;
                        game.play_move(m, face, &mut Discard);
                    }
                }
                Awaiting::Roll => {
                    let drawn = self.rng.random_range(1..=6u8);
                    let face = if self.rolls < SPREAD_ROLLS {
                        ((self.k / 6u32.pow(self.rolls)) % 6 + 1) as u8
                    } else {
                        drawn
                    };
                    self.rolls += 1;
                    game.play_roll(face, &mut Discard);
                    if game.awaiting() == Awaiting::Move {
                        // One draw whatever the number of moves, so the samples stay the same
                        // from one legal move of the root to the next.
                        let u: f64 = self.rng.random();
                        let m = game.legal_moves()[self.opponent_pick(&game, u)];
                        game.play_move(m, face, &mut Discard);
                    }
                }
                Awaiting::Release => {
                    let _ = game.release(&mut Discard);
                }
                _ => return self.rate(&game),
            }
        }
    }

    /// `me`'s best move in `game` (awaiting its move for `face`) by the network, and its worth.
    fn best(&mut self, game: &Game, face: u8) -> (Move, f32) {
        let moves = game.legal_moves().to_vec();
        let mut best = (moves[0], f32::NEG_INFINITY);
        for m in moves {
            let mut after = game.clone();
            after.play_move(m, face, &mut Discard);
            let v = self.rate(&after);
            if v > best.1 {
                best = (m, v);
            }
        }
        best
    }

    /// The worth to `me` of its own roll from `game`: each face, then its best move.
    fn weigh_mine(&mut self, game: &Game) -> f32 {
        let mut total = 0.0;
        for face in 1..=6 {
            let mut next = game.clone();
            next.play_roll(face, &mut Discard);
            total += if next.awaiting() == Awaiting::Move {
                self.best(&next, face).1
            } else {
                self.rate(&next)
            };
        }
        total / 6.0
    }
}

/// The index of the move among `moves` (the seat to play's) worth most to it through the
/// rounds to come, by `net` (`hard`'s for this many seats), each opponent playing as `random`
/// does: [`ROUNDS`] rounds, [`SAMPLES`] samples.
pub fn choose(net: &ValueNet, game: &Game, moves: &[Move]) -> usize {
    choose_with(net, game, moves, ROUNDS, SAMPLES)
}

/// As [`choose`], `rounds` deep (at least one) with `samples` samples: to measure others.
pub fn choose_with(net: &ValueNet, game: &Game, moves: &[Move], rounds: u8, samples: u32) -> usize {
    first_best(&worths(
        Leaf::Hard(net),
        &[None; ludo_core::MAX_SEATS as usize],
        game,
        moves,
        rounds,
        samples,
    ))
}

/// As [`choose`], rated by `leaf`, each `easy`, `normal` and `hard` seat of `table` expected to
/// play as it does (the others as `random`): how `expert` plays under *rank all players* at a
/// table of CPUs, with its network for those rules.
pub fn choose_seeing(leaf: Leaf, table: &SeatLevels, game: &Game, moves: &[Move]) -> usize {
    first_best(&worths(leaf, table, game, moves, ROUNDS, SAMPLES))
}

/// The index of the first of the best `worths` (of [`worths`]): the move the search picks.
pub fn first_best(worths: &[f32]) -> usize {
    let mut best = 0;
    for (i, w) in worths.iter().enumerate() {
        if *w > worths[best] {
            best = i;
        }
    }
    best
}

/// What each of `moves` is worth to the seat to play through the rounds, `rounds` deep (at
/// least one) with `samples` samples: the sum over the samples of the worth each reached
/// (infinity for a move that ends the game, and the moves after it are not searched). With
/// [`first_best`], what [`choose_seeing`] picks, at other depths and samples to measure them.
pub fn worths(
    leaf: Leaf,
    table: &SeatLevels,
    game: &Game,
    moves: &[Move],
    rounds: u8,
    samples: u32,
) -> Vec<f32> {
    let mut round = Round::new(leaf, game.turn() as usize).seeing(table);
    let roll = game.pending_roll().unwrap_or(0);
    let mut worths = Vec::with_capacity(moves.len());
    for m in moves {
        let mut after = game.clone();
        after.play_move(*m, roll, &mut Discard);
        if after.is_over() {
            worths.push(f32::INFINITY);
            break;
        }
        let mut total = 0.0;
        for k in 0..samples {
            round.start(k, rounds);
            total += round.until_mine(&after);
        }
        worths.push(total);
    }
    worths
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value_net::{Kind, NetId};
    use crate::{Cpu, CpuLevel};
    use ludo_core::{Chooser, Dice, RandomChooser, Rules};

    fn hard_net(seats: u8) -> &'static ValueNet {
        value_net::shipped(NetId::new(Kind::Hard, seats)).expect("the shipped network")
    }

    /// Plays what `game` awaits: a roll of `dice`, a release, or a random move.
    fn step(game: &mut Game, dice: &mut Dice, pick: &mut RandomChooser) {
        let action = game
            .due(|game, moves| pick.choose(game, moves))
            .expect("the game goes on");
        game.act(action, dice, &mut Discard).unwrap();
    }

    /// The chance of each legal move of the seat to play in `game` under its model.
    fn chances(round: &Round, game: &Game) -> Vec<f32> {
        let moves = game.legal_moves();
        let even = vec![1.0 / moves.len() as f32; moves.len()];
        let only = |i: usize, p: f32| {
            let mut c: Vec<f32> = even.iter().map(|e| e * (1.0 - p)).collect();
            c[i] += p;
            c
        };
        match &round.models[game.turn() as usize] {
            None => even.clone(),
            Some(_) if moves.len() == 1 => vec![1.0],
            Some(cpu) => match cpu.policy(game, moves) {
                Policy::Move(i) => only(i, 1.0),
                Policy::Any => even.clone(),
                Policy::Mixed { any, otherwise } => only(otherwise, 1.0 - any as f32),
            },
        }
    }

    /// The worth to `me` of `game` through the others' turns, every face and every move of
    /// theirs weighed exactly by its chance: what the samples estimate. `None` past `budget`
    /// positions.
    fn exact(round: &mut Round, game: &Game, budget: &mut u32) -> Option<f32> {
        *budget = budget.checked_sub(1)?;
        Some(match game.awaiting() {
            Awaiting::Roll if game.turn() as usize == round.me => round.weigh_mine(game),
            Awaiting::Roll => {
                let mut total = 0.0;
                for face in 1..=6 {
                    let mut next = game.clone();
                    next.play_roll(face, &mut Discard);
                    total += if next.awaiting() == Awaiting::Move {
                        let moves = next.legal_moves().to_vec();
                        let mut each = 0.0;
                        for (m, chance) in moves.iter().zip(chances(round, &next)) {
                            let mut after = next.clone();
                            after.play_move(*m, face, &mut Discard);
                            each += chance * exact(round, &after, budget)?;
                        }
                        each
                    } else {
                        exact(round, &next, budget)?
                    };
                }
                total / 6.0
            }
            _ => round.rate(game),
        })
    }

    /// One round deep, the samples' mean is close to the exact worth: the opponents play as
    /// `random` does, on fair dice.
    #[test]
    fn the_samples_estimate_the_rounds_exact_worth() {
        // 0.0006 as shipped; a sampler whose opponents always took their first move was off by
        // 0.0023, one whose opponents never rolled a six by 0.012.
        let worst = sampled_against_exact(
            Leaf::Hard(hard_net(3)),
            &[None; ludo_core::MAX_SEATS as usize],
        );
        assert!(worst < 0.0015, "sampled and exact differ by {worst}");
    }

    /// The same where the table shows a `normal` and an `easy` player, each expected to pick
    /// as it does, rated by `expert`'s network.
    #[test]
    fn the_samples_estimate_the_rounds_exact_worth_with_each_seat_picking_as_its_level_does() {
        let net = value_net::shipped(NetId::new(Kind::Expert, 3)).expect("the shipped network");
        let table = [
            Some(CpuLevel::Expert),
            Some(CpuLevel::Normal),
            Some(CpuLevel::Easy),
            None,
            None,
            None,
        ];
        // 0.0005 as it is; a sampler that took every opponent for `random` was off by 0.0014.
        let worst = sampled_against_exact(Leaf::Expert(net), &table);
        assert!(worst < 0.0009, "sampled and exact differ by {worst}");
    }

    /// The largest difference between the samples' mean and the exact worth of one round after
    /// seat 0's moves in seeded games at three seats, the others modelled as `table` shows.
    fn sampled_against_exact(leaf: Leaf, table: &SeatLevels) -> f32 {
        // Three seats, so that weighing every branch stays cheap.
        let (mut checked, mut worst) = (0, 0f32);
        // After seat 0's moves in seeded games at random, where the opponents have pieces out.
        let mut seed = 5;
        let mut game = Game::new(Rules::default(), 3, 0).unwrap();
        let mut dice = Dice::new(seed);
        let mut pick = RandomChooser::new(seed);
        while checked < 12 {
            if game.is_over() {
                seed += 1;
                game = Game::new(Rules::default(), 3, 0).unwrap();
                (dice, pick) = (Dice::new(seed), RandomChooser::new(seed));
            }
            let mover = game.turn();
            let moved = game.awaiting() == Awaiting::Move;
            step(&mut game, &mut dice, &mut pick);
            if !(moved && mover == 0) || game.awaiting() != Awaiting::Roll || game.turn() == 0 {
                continue;
            }
            let mut round = Round::new(leaf, 0).seeing(table);
            let out: usize = (1..3)
                .map(|s| game.pieces(s).iter().filter(|p| !p.is_base()).count())
                .sum();
            if out < 3 {
                continue;
            }
            let Some(want) = exact(&mut round, &game, &mut 20_000) else {
                continue;
            };
            let mut total = 0.0;
            for k in 0..SAMPLES {
                round.start(k, 1);
                total += round.until_mine(&game);
            }
            let got = total / SAMPLES as f32;
            worst = worst.max((got - want).abs());
            checked += 1;
        }
        worst
    }

    /// Under *rank all players* the level plays this search with its own network where every
    /// other seat is a CPU it models, and its search by the dice where one is a person.
    #[test]
    fn expert_under_rank_all_players_at_a_table_of_cpus_searches_the_rounds() {
        let rules = Rules {
            rank_all: true,
            ..Rules::default()
        };
        let net = value_net::shipped(NetId::rank_all(4)).expect("the shipped network");
        let normal = Some(CpuLevel::Normal);
        let cpus = [
            Some(CpuLevel::Expert),
            normal,
            Some(CpuLevel::Hard),
            normal,
            None,
            None,
        ];
        let with_person = [Some(CpuLevel::Expert), normal, None, normal, None, None];
        let differ = plays_the_rounds_at(rules, 3, cpus, with_person, 2, |game, moves| {
            choose_seeing(Leaf::Expert(net), &cpus, game, moves)
        });
        // With a person at the table it searches by the dice, and that shows.
        assert_eq!(differ, 2, "the two searches never differed");
    }

    /// The level plays this search where the table shows only `random` players, and its
    /// other search as soon as one of them is not.
    #[test]
    fn expert_at_a_table_of_random_players_searches_the_rounds_with_hards_network() {
        let net = hard_net(4);
        let random = Some(CpuLevel::Random);
        let at_random = [Some(CpuLevel::Expert), random, random, random, None, None];
        let with_normal = [
            Some(CpuLevel::Expert),
            random,
            Some(CpuLevel::Normal),
            random,
            None,
            None,
        ];
        let differ = plays_the_rounds_at(Rules::default(), 7, at_random, with_normal, 3, |g, m| {
            choose(net, g, m)
        });
        // With a `normal` seat at the table it searches as before, and that shows.
        assert_eq!(differ, 3, "the two searches never differed");
    }

    /// Plays a seeded game; at each of seat 0's choices `expert` seeing `rounds_table` must
    /// pick as `round` does. Returns how often, seeing `other_table`, it picked otherwise
    /// (counting stops at `enough`).
    fn plays_the_rounds_at(
        rules: Rules,
        seed: u64,
        rounds_table: SeatLevels,
        other_table: SeatLevels,
        enough: u32,
        round: impl Fn(&Game, &[Move]) -> usize,
    ) -> u32 {
        let mut game = Game::new(rules, 4, 0).unwrap();
        let mut dice = Dice::new(seed);
        let mut pick = RandomChooser::new(seed);
        let mut differ = 0;
        while !game.is_over() && differ < enough {
            if game.awaiting() == Awaiting::Move && game.turn() == 0 {
                let moves = game.legal_moves().to_vec();
                if moves.len() > 1 {
                    let picked = round(&game, &moves);
                    let played = Cpu::new(CpuLevel::Expert, 1)
                        .seeing(rounds_table)
                        .choose(&game, &moves);
                    assert_eq!(played, picked);
                    let searched = Cpu::new(CpuLevel::Expert, 1)
                        .seeing(other_table)
                        .choose(&game, &moves);
                    differ += (searched != picked) as u32;
                }
            }
            step(&mut game, &mut dice, &mut pick);
        }
        differ
    }
}
