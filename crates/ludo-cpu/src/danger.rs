//! What a move leads to (its events on a copy of the game) and how exposed a square is: the
//! counts `easy`, `normal`, `hard` and the networks' inputs share.

use ludo_core::{Event, EventSink, Game, Impassable, Move};

/// What a move leads to, collected from its events.
#[derive(Default)]
pub(crate) struct Outcome {
    pub(crate) captured_progress: u32,
    pub(crate) captures: u32,
    pub(crate) extra_roll: bool,
    pub(crate) reached_goal: bool,
    pub(crate) won: bool,
}

impl EventSink for Outcome {
    fn push(&mut self, event: Event) {
        match event {
            Event::Captured { .. } => self.captures += 1,
            Event::ExtraRoll { .. } => self.extra_roll = true,
            Event::ReachedGoal { .. } => self.reached_goal = true,
            Event::GameOver { ranking } => self.won = ranking.first().is_some_and(|s| s.rank == 1),
            _ => {}
        }
    }
}

/// Plays `m` on a copy of the game and reports the result.
pub(crate) fn try_move(game: &Game, m: &Move) -> (Game, Outcome) {
    let mut after = game.clone();
    let mut outcome = Outcome::default();
    let roll = game.pending_roll().unwrap_or(0);
    // Progress of the pieces a capture would send home, before they go.
    let mover = game.mover() as usize;
    if let Some(sq) = m.to.progress().and_then(|q| game.track().square(mover, q)) {
        for o in foes(game, mover) {
            {
                for p in game.pieces(o as u8) {
                    if p.progress().and_then(|q| game.track().square(o, q)) == Some(sq) {
                        outcome.captured_progress += game.track().walked(p.raw()) as u32;
                    }
                }
            }
        }
    }
    after.play_move(*m, roll, &mut outcome);
    (after, outcome)
}

/// The chance that a piece of `seat` standing on track square `sq` is captured before `seat`
/// moves again: each opponent piece that one roll (or a six and another roll) would bring
/// exactly there, unless the square is safe or the seat holds a block there.
pub(crate) fn threat(game: &Game, seat: usize, sq: u8) -> f32 {
    let track = &game.track();
    if track.is_safe(sq) {
        return 0.0;
    }
    let blocks = game.rules().impassable == Impassable::BlocksOfTwo;
    if blocks && game.occupancy().blocks(seat) & (1 << sq) != 0 {
        return 0.0;
    }
    let mut safe = 1.0f32;
    for o in foes(game, seat) {
        if game.finished().contains(&(o as u8)) {
            continue;
        }
        let target = track.progress_at(o, sq);
        if target > track.last_track() {
            continue;
        }
        let mut base_counted = false;
        for p in game.pieces(o as u8) {
            let chance = match p.progress() {
                None if target == 0 && !base_counted => {
                    base_counted = true;
                    game.rules().exit_numbers.count() as f32 / 6.0
                }
                Some(q) if q < target => match target - q {
                    1..=6 => 1.0 / 6.0,
                    7..=12 => 1.0 / 36.0,
                    _ => 0.0,
                },
                _ => 0.0,
            };
            safe *= 1.0 - chance;
        }
    }
    1.0 - safe
}

/// Where the moved piece lands on the track, if it does: the piece is the mover's (the seat
/// to act's, or under partners its partner's once its own are home).
pub(crate) fn landing_square(game: &Game, m: &Move) -> Option<u8> {
    game.track().square(game.mover() as usize, m.to.raw())
}

/// The seats that play against `seat`: every other, or under partners the two beside it.
pub(crate) fn foes(game: &Game, seat: usize) -> impl Iterator<Item = usize> + '_ {
    let partner = game.rules().partner(seat as u8).map(usize::from);
    (0..game.seats() as usize).filter(move |&o| o != seat && Some(o) != partner)
}
