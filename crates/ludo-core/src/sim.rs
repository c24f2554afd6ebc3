//! Playing whole games quickly: the loop the simulator, tournaments and tests share.

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use crate::dice::Dice;
use crate::event::Event;
use crate::game::{Awaiting, EventSink, Game, Move, Phase};
use crate::level::CpuLevel;

/// Each seat's CPU level as a table shows it (`None`: a person, a program, an empty seat).
pub type SeatLevels = [Option<CpuLevel>; crate::board::MAX_SEATS as usize];

/// Anything that picks a move: a CPU level, a bot, a test script.
pub trait Chooser {
    /// Picks the index of one of `moves` (never empty) for the seat to play in `game`.
    fn choose(&mut self, game: &Game, moves: &[Move]) -> usize;

    /// A failure that should stop a tournament (an outside program that exited, say).
    fn failure(&self) -> Option<String> {
        None
    }

    /// The CPU level this player plays at, if it is a CPU: what the table shows the others.
    fn cpu_level(&self) -> Option<CpuLevel> {
        None
    }

    /// Who sits where in the coming game: each seat's CPU level (`None`: a person, a program).
    fn see_table(&mut self, _table: &SeatLevels) {}
}

/// Picks a uniformly random legal move from its own stream, never the die's.
#[derive(Clone, Debug)]
pub struct RandomChooser(Xoshiro256PlusPlus);

impl RandomChooser {
    pub fn new(seed: u64) -> Self {
        RandomChooser(Xoshiro256PlusPlus::seed_from_u64(seed))
    }
}

impl Chooser for RandomChooser {
    #[inline]
    fn choose(&mut self, _game: &Game, moves: &[Move]) -> usize {
        if moves.len() == 1 {
            0
        } else {
            self.0.random_range(0..moves.len())
        }
    }
}

/// Figures of one finished game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameStats {
    pub rolls: u32,
    pub turns: u32,
}

/// Counts the turns while passing every event on.
struct CountTurns<'a, S> {
    turns: u32,
    inner: &'a mut S,
}

impl<S: EventSink> EventSink for CountTurns<'_, S> {
    #[inline]
    fn push(&mut self, event: Event) {
        if let Event::TurnPassed { .. } = event {
            self.turns += 1;
        }
        self.inner.push(event);
    }
}

/// Drops every event: for simulations that only want the result.
pub struct Discard;

impl EventSink for Discard {
    #[inline]
    fn push(&mut self, _: Event) {}
}

/// Plays `game` to the end with `dice`, asking `choosers[seat]` for every move and reporting
/// every event to `sink`.
pub fn play_out(
    game: &mut Game,
    dice: &mut Dice,
    choosers: &mut [&mut dyn Chooser],
    sink: &mut impl EventSink,
) -> GameStats {
    let mut rolls = 0;
    let mut events = CountTurns {
        turns: 1,
        inner: sink,
    };
    let events = &mut events;
    loop {
        // The game's own fast path: the phase was just read, so the checks the public
        // methods make are already known to pass.
        match *game.phase() {
            Phase::Over => {
                return GameStats {
                    rolls,
                    turns: events.turns,
                };
            }
            Phase::Move { roll } => {
                // Only the chosen move is copied out: copying the list would wait for the
                // writes that just filled it.
                let moves = game.moves_of_the_roll();
                let i = choosers[game.turn() as usize].choose(game, moves);
                let m = moves[i.min(moves.len() - 1)];
                game.play_move(m, roll, events);
            }
            Phase::Roll if game.awaiting() == Awaiting::Release => {
                game.release(events).expect("a release is due");
            }
            Phase::Roll => {
                rolls += 1;
                game.play_roll(dice.roll(), events);
            }
            Phase::RollOff { .. } => {
                rolls += 1;
                game.roll(dice.roll(), events)
                    .expect("a roll-off roll is due");
            }
        }
    }
}
