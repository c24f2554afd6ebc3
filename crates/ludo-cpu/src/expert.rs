//! `expert`: a search over the dice with a learned value at its leaves. For each legal move it
//! plays the move on a copy of the game and looks further: every face of the next roll (each
//! 1/6), the seat's own extra rolls as its own best choice, and each opponent's reply: a
//! `normal` or `hard` seat's as that level picks (the table shows each CPU's level), any other
//! seat's as its best choice by the same network seen from its side (each seat plays for
//! itself, as in max^n). After `depth` rolls it rates the position from its own side with the
//! network (`value_net`, `expert` kind: any seat's side, any house rule; under *rank all
//! players* the expected place, by a network of its own at three and four seats, which learned
//! under those rules alone). It looks three rolls deep: with one, that is its own extra
//! rolls and the next opponent's reply; with two, also the roll after that (the next seat's, or
//! its own again); with three, one more, at about seven times the cost of two. Where three
//! rolls rated fewer than [`DEEPEN_BELOW`] positions, it searches again four rolls deep: a
//! budget of positions, so a seed replays (what each depth wins and costs: docs/CPU_PLAYERS.md).
//! At a table of `random` players, and under *rank all players* at a table of CPUs, it
//! searches by [`round`] instead.

pub mod round;

use super::value_net::{self, Features, ValueNet};
use super::{Cpu, CpuLevel, Policy};
use ludo_core::Discard;
use ludo_core::SeatLevels;
use ludo_core::{Awaiting, Game, Move};

/// How many rolls `expert` looks past its move.
pub const DEPTH: u8 = 3;

/// Where the search `DEPTH` rolls deep rated fewer positions than this, `expert` searches again
/// one roll deeper. A budget of positions, not of time, so a seed replays the same game on
/// every machine; against three `normal` players four decisions in five go deeper.
pub const DEEPEN_BELOW: u32 = 1000;

/// What the game's end is worth to `me`: the chance to win is 1 or 0; under *rank all
/// players* a place, first 1 … last 0. A seat that has finished already knows its place,
/// unless it plays on for its partner: a pair's worth is known at the end.
fn score(game: &Game, me: usize) -> Option<f32> {
    let n = game.seats() as f32;
    let rank_all = game.rules().rank_all;
    if let Some(ranking) = game.ranking() {
        let rank = ranking
            .iter()
            .find(|s| s.seat as usize == me)
            .map_or(n, |s| s.rank as f32);
        return Some(if rank_all {
            (n - rank) / (n - 1.0)
        } else {
            (rank == 1.0) as u8 as f32
        });
    }
    if game.rules().partner(0).is_some() {
        return None;
    }
    let place = game.finished().iter().position(|&s| s as usize == me)?;
    Some((n - 1.0 - place as f32) / (n - 1.0))
}

/// One decision's search.
pub struct Search<'a> {
    net: &'a ValueNet,
    me: usize,
    x: Features,
    /// How each other seat is expected to pick: as a `normal` or `hard` seat does, where the
    /// table shows one (both pick one move for sure); otherwise (`None`: a person, `random`,
    /// `easy`, another `expert`) as the network rates the moves from that seat's side.
    /// Expecting `random`'s every move alike measured no better and cost three times the time
    /// (docs/CPU_PLAYERS.md); searching inside the search would cost too much.
    models: [Option<Cpu>; ludo_core::MAX_SEATS as usize],
    /// Positions rated, for the figures.
    pub rated: u32,
}

impl<'a> Search<'a> {
    pub fn new(net: &'a ValueNet, me: usize) -> Search<'a> {
        Search {
            net,
            me,
            x: Features::new(),
            models: std::array::from_fn(|_| None),
            rated: 0,
        }
    }

    /// A search that expects each `normal` and `hard` seat of `table` to play as it does.
    pub fn seeing(mut self, table: &SeatLevels) -> Search<'a> {
        for (seat, level) in table.iter().enumerate() {
            self.models[seat] = match level {
                Some(level @ (CpuLevel::Normal | CpuLevel::Hard)) if seat != self.me => {
                    Some(Cpu::new(*level, 0))
                }
                _ => None,
            };
        }
        self
    }

    /// The network's rating (a chance, 0 to 1) of `game` for `seat`, or the end's worth.
    fn value(&mut self, game: &Game, seat: usize) -> f32 {
        if let Some(s) = score(game, seat) {
            return s;
        }
        self.rated += 1;
        value_net::expert_features(game, seat, &mut self.x);
        value_net::chance(self.net.logit(&self.x))
    }

    /// The index of the move the seat to play rates best for itself, one move deep.
    fn greedy(&mut self, game: &Game, moves: &[Move]) -> usize {
        let seat = game.turn() as usize;
        let roll = game.pending_roll().unwrap_or(0);
        let mut best = (0, f32::NEG_INFINITY);
        for (i, m) in moves.iter().enumerate() {
            let mut after = game.clone();
            after.play_move(*m, roll, &mut Discard);
            let v = self.value(&after, seat);
            if v > best.1 {
                best = (i, v);
            }
        }
        best.0
    }

    /// The worth to `me` of `game`, waiting for a roll, searched `depth` rolls deep.
    fn expand(&mut self, game: &Game, depth: u8) -> f32 {
        if depth == 0 || game.is_over() || score(game, self.me).is_some() {
            return self.value(game, self.me);
        }
        match game.awaiting() {
            Awaiting::Roll => {
                let mut total = 0.0;
                for face in 1..=6 {
                    let mut next = game.clone();
                    next.play_roll(face, &mut Discard);
                    total += self.after_roll(&next, depth);
                }
                total / 6.0
            }
            Awaiting::Release => {
                let mut next = game.clone();
                let _ = next.release(&mut Discard);
                self.expand(&next, depth - 1)
            }
            _ => self.value(game, self.me),
        }
    }

    fn after_roll(&mut self, game: &Game, depth: u8) -> f32 {
        if game.awaiting() != Awaiting::Move {
            // No legal move: the turn passed or the seat rolls again.
            return self.expand(game, depth - 1);
        }
        let moves = game.legal_moves().to_vec();
        let roll = game.pending_roll().unwrap_or(0);
        if game.turn() as usize == self.me {
            moves
                .iter()
                .map(|m| {
                    let mut after = game.clone();
                    after.play_move(*m, roll, &mut Discard);
                    self.expand(&after, depth - 1)
                })
                .fold(f32::NEG_INFINITY, f32::max)
        } else {
            let seat = game.turn() as usize;
            let i = match &self.models[seat] {
                _ if moves.len() == 1 => 0,
                Some(cpu) => match cpu.policy(game, &moves) {
                    Policy::Move(i) => i,
                    Policy::Any | Policy::Mixed { .. } => self.greedy(game, &moves),
                },
                None => self.greedy(game, &moves),
            };
            let mut after = game.clone();
            after.play_move(moves[i], roll, &mut Discard);
            self.expand(&after, depth - 1)
        }
    }

    /// The worth to `me` (the seat to play) of playing `m` now.
    pub fn rate(&mut self, game: &Game, m: &Move, depth: u8) -> f32 {
        let mut after = game.clone();
        after.play_move(*m, game.pending_roll().unwrap_or(0), &mut Discard);
        self.expand(&after, depth)
    }
}

/// The index of `expert`'s move among `moves`, searched `depth` rolls deep (one more where
/// that rated fewer than `deepen_below` positions), each `normal` and `hard` seat of `table`
/// expected to play as it does; and how many rolls deep the move was searched.
pub fn choose(
    net: &ValueNet,
    game: &Game,
    moves: &[Move],
    depth: u8,
    deepen_below: u32,
    table: &SeatLevels,
) -> (usize, u8) {
    let (i, rated) = choose_counted(net, game, moves, depth, table);
    if rated >= deepen_below {
        return (i, depth);
    }
    (
        choose_counted(net, game, moves, depth + 1, table).0,
        depth + 1,
    )
}

/// The index of the move searched exactly `depth` rolls deep, and how many positions the search
/// rated.
pub fn choose_counted(
    net: &ValueNet,
    game: &Game,
    moves: &[Move],
    depth: u8,
    table: &SeatLevels,
) -> (usize, u32) {
    let mut search = Search::new(net, game.turn() as usize).seeing(table);
    let mut best = (0, f32::NEG_INFINITY);
    for (i, m) in moves.iter().enumerate() {
        let v = search.rate(game, m, depth);
        if v > best.1 {
            best = (i, v);
        }
    }
    (best.0, search.rated)
}

/// The worth to `seat` of `game` (waiting for a roll, or for a release), searched `depth` rolls
/// deep: what `distill_expert` teaches the network.
pub fn value_at(net: &ValueNet, game: &Game, seat: usize, depth: u8) -> f32 {
    Search::new(net, seat).expand(game, depth)
}

/// The index of the move the seat to play rates best with the network alone, one move deep
/// (how `train_expert` plays).
pub fn greedy(net: &ValueNet, game: &Game, moves: &[Move]) -> usize {
    Search::new(net, game.turn() as usize).greedy(game, moves)
}

/// What the end of `game` is worth to `seat` (see [`score`]), for training.
pub fn final_score(game: &Game, seat: usize) -> f32 {
    score(game, seat).unwrap_or(0.0)
}

/// Whether `seat`'s worth in `game` is settled: the game is over, or the seat has finished
/// and plays on for nobody (for training).
pub fn settled(game: &Game, seat: usize) -> bool {
    score(game, seat).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value_net::{Kind, NetId};
    use ludo_core::Chooser;
    use ludo_core::{Dice, Rules};

    /// Plays what `game` awaits: a roll of `dice`, a release, or `pick`'s move.
    fn random_step(game: &mut Game, dice: &mut Dice, pick: &mut ludo_core::RandomChooser) {
        let action = game
            .due(|game, moves| pick.choose(game, moves))
            .expect("the game goes on");
        game.act(action, dice, &mut Discard).unwrap();
    }

    /// Under partners a seat whose pieces are home plays on for its partner: its worth is the
    /// pair's, known only at the end, when both partners share it.
    #[test]
    fn a_partner_home_first_is_not_settled_until_the_pair_is() {
        let rules = Rules {
            teams: ludo_core::Teams::Pairs,
            ..Rules::default()
        };
        let mut game = Game::new(rules, 4, 0).unwrap();
        let (mut dice, mut pick) = (Dice::new(5), ludo_core::RandomChooser::new(5));
        while game.finished().is_empty() {
            random_step(&mut game, &mut dice, &mut pick);
        }
        let first = game.finished()[0] as usize;
        assert!(!game.is_over());
        assert!((0..4).all(|s| !settled(&game, s)), "{first} plays on");
        while !game.is_over() {
            random_step(&mut game, &mut dice, &mut pick);
        }
        let won = |s: usize| final_score(&game, s);
        assert!((0..4).all(|s| settled(&game, s)));
        assert_eq!(won(0), won(2));
        assert_eq!(won(1), won(3));
        assert_eq!(won(0) + won(1), 1.0);
    }

    /// One roll deep from where a `normal` seat rolls next, the search's worth is the mean over
    /// the six faces of the network's rating after `normal`'s own pick (what [`Cpu::choose`]
    /// plays), not after the network's best for that seat.
    #[test]
    fn the_search_expects_a_normal_seat_to_play_as_normal_does() {
        let net = value_net::shipped(NetId::new(Kind::Expert, 4)).expect("the shipped network");
        let me = 0;
        let table = [None, Some(CpuLevel::Normal), None, None, None, None];
        let oracle = |game: &Game| {
            let mut total = 0.0;
            for face in 1..=6 {
                let mut next = game.clone();
                next.play_roll(face, &mut Discard);
                let mut rate = Search::new(net, me);
                total += if next.awaiting() == Awaiting::Move {
                    let moves = next.legal_moves().to_vec();
                    let i = Cpu::new(CpuLevel::Normal, 9).choose(&next, &moves);
                    let mut after = next.clone();
                    after.play_move(moves[i], face, &mut Discard);
                    rate.expand(&after, 0)
                } else {
                    rate.expand(&next, 0)
                };
            }
            total / 6.0
        };
        // A seeded game at random until seat 1 rolls where `normal`'s pick and the network's
        // differ, so that expecting the wrong one would show.
        let mut game = Game::new(Rules::default(), 4, 0).unwrap();
        let mut dice = Dice::new(17);
        let mut pick = ludo_core::RandomChooser::new(17);
        let mut checked = 0;
        while !game.is_over() && checked < 3 {
            if game.turn() == 1 && game.awaiting() == Awaiting::Roll {
                let seeing = Search::new(net, me).seeing(&table).expand(&game, 1);
                let blind = Search::new(net, me).expand(&game, 1);
                if seeing != blind {
                    assert!((seeing - oracle(&game)).abs() < 1e-6);
                    checked += 1;
                }
            }
            random_step(&mut game, &mut dice, &mut pick);
        }
        assert_eq!(checked, 3, "no position where the two expectations differ");
    }

    /// `expert` (the level) searches one roll deeper exactly where three rolls rated fewer
    /// positions than [`DEEPEN_BELOW`], and there plays the deeper search's move.
    #[test]
    fn expert_goes_one_roll_deeper_where_three_rolls_were_cheap() {
        let net = value_net::shipped(NetId::new(Kind::Expert, 4)).expect("the shipped network");
        let table = [Some(CpuLevel::Expert), None, None, None, None, None];
        let mut game = Game::new(Rules::default(), 4, 0).unwrap();
        let mut dice = Dice::new(23);
        let mut pick = ludo_core::RandomChooser::new(23);
        let (mut deeper, mut not) = (0, 0);
        while !game.is_over() && (deeper < 2 || not < 2) {
            if game.awaiting() == Awaiting::Move && game.turn() == 0 {
                let moves = game.legal_moves().to_vec();
                if moves.len() > 1 {
                    let (three, rated) = choose_counted(net, &game, &moves, DEPTH, &table);
                    let four = choose_counted(net, &game, &moves, DEPTH + 1, &table).0;
                    let mut cpu = Cpu::new(CpuLevel::Expert, 1);
                    cpu.see_table(&table);
                    let played = cpu.choose(&game, &moves);
                    if rated < DEEPEN_BELOW {
                        assert_eq!(played, four);
                        deeper += 1;
                    } else {
                        assert_eq!(played, three);
                        not += 1;
                    }
                    // The bound decides: just above and at what was rated.
                    let deep = choose(net, &game, &moves, DEPTH, rated + 1, &table);
                    assert_eq!(deep, (four, DEPTH + 1));
                    assert_eq!(
                        choose(net, &game, &moves, DEPTH, rated, &table),
                        (three, DEPTH)
                    );
                }
            }
            random_step(&mut game, &mut dice, &mut pick);
        }
        assert!(deeper >= 2 && not >= 2, "deeper {deeper}, not {not}");
    }
}
