//! The game as plain data for files and the CLI, and the checks that turn such data back
//! into a game.

use serde::{Deserialize, Serialize};

use super::{Game, MoveList, PIECES, Phase, StateError};
use crate::board::MAX_SEATS;
use crate::pos::Pos;
use crate::rules::Rules;

/// What the game waits for, as written in a state file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PhaseState {
    /// Seats roll for first player (see `GameState::roll_off`).
    RollOff,
    /// The seat to play rolls (or presses the die).
    Roll,
    /// The seat to play chooses a move for `GameState::roll`.
    Move,
    /// The game is over.
    Over,
}

/// The first-player roll-off in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RollOffState {
    /// Seats still in the roll-off, in seat order.
    pub contenders: Vec<u8>,
    /// This round's rolls so far, one per contender in order.
    pub rolls: Vec<u8>,
}

/// A game's whole state as plain data. Rules are kept beside it, not in it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameState {
    /// Number of seats, 2 to 6.
    pub seats: u8,
    /// The seat to act.
    pub turn: u8,
    /// Each seat's four pieces: `"base"` or progress from its start (goal = 56 on the cross).
    pub pieces: Vec<Vec<Pos>>,
    pub phase: PhaseState,
    /// The roll waiting for a move, in the `move` phase.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll: Option<u8>,
    /// The roll-off, in the `roll_off` phase.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll_off: Option<RollOffState>,
    /// Sixes rolled in a row in this turn.
    #[serde(default)]
    pub sixes: u8,
    /// Rolls spent without an exit number this turn, under *up to three rolls*.
    #[serde(default)]
    pub tries: u8,
    /// Seats in the order they finished.
    #[serde(default)]
    pub finished: Vec<u8>,
    /// The seat that started the game.
    #[serde(default)]
    pub first_seat: u8,
    /// Seats that have captured, in seat order: kept under *capture before home* only.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub captured: Vec<u8>,
}

impl Game {
    /// This game as plain data.
    pub fn state(&self) -> GameState {
        let seats = self.seats();
        GameState {
            seats,
            turn: self.turn(),
            pieces: (0..seats).map(|s| self.pieces(s).to_vec()).collect(),
            phase: match self.phase() {
                Phase::RollOff { .. } => PhaseState::RollOff,
                Phase::Roll => PhaseState::Roll,
                Phase::Move { .. } => PhaseState::Move,
                Phase::Over => PhaseState::Over,
            },
            roll: self.pending_roll(),
            roll_off: match *self.phase() {
                Phase::RollOff { contenders, rolls } => {
                    let seats: Vec<u8> =
                        (0..seats).filter(|s| contenders & (1 << s) != 0).collect();
                    Some(RollOffState {
                        rolls: seats
                            .iter()
                            .map(|&s| rolls[s as usize])
                            .take_while(|&r| r != 0)
                            .collect(),
                        contenders: seats,
                    })
                }
                _ => None,
            },
            sixes: self.sixes_in_a_row(),
            tries: self.tries,
            finished: self.finished().to_vec(),
            first_seat: self.first_seat(),
            captured: (0..seats).filter(|&s| self.has_captured(s)).collect(),
        }
    }

    /// Rebuilds a game from plain data, checking that it is a position the rules allow: each
    /// check below in turn, the first that fails named.
    pub fn from_state(rules: Rules, st: &GameState) -> Result<Game, StateError> {
        let mut game = Game::new(rules, st.seats, 0)?;
        check_seats(st)?;
        game.take_captures(st)?;
        game.place_pieces(st)?;
        game.check_blocks(st)?;
        game.check_shared_squares()?;
        game.check_finished(st)?;
        game.finished = st.finished.clone();
        if game.rules.partner(0).is_some() {
            for &seat in &game.finished {
                game.occupancy.retire(seat as usize);
            }
        }
        game.turn = st.turn;
        game.first_seat = st.first_seat;
        game.take_counters(st)?;
        game.check_end(st)?;
        game.phase = game.phase_of(st)?;
        Ok(game)
    }

    /// The seats that captured, under *capture before home* only, each once.
    fn take_captures(&mut self, st: &GameState) -> Result<(), StateError> {
        if !st.captured.is_empty() && !self.rules.capture_before_home {
            return Err(StateError::Captured(
                "only *capture before home* (`capture_before_home: true`) keeps who captured"
                    .into(),
            ));
        }
        for &seat in &st.captured {
            if seat >= st.seats || self.captured & (1 << seat) != 0 {
                return Err(StateError::Captured(format!(
                    "seat {seat} is listed wrongly"
                )));
            }
            self.captured |= 1 << seat;
        }
        Ok(())
    }

    /// Each seat's pieces where the state puts them (none past the goal but behind the start
    /// under *capture before home*; none in the home column before the seat captured), on the
    /// board.
    fn place_pieces(&mut self, st: &GameState) -> Result<(), StateError> {
        let goal = self.track().goal();
        let last = self.track().last_track();
        let behind = self
            .rules
            .capture_before_home
            .then(|| self.track().behind_start());
        for (seat, ps) in st.pieces.iter().enumerate() {
            if ps.len() != PIECES {
                return Err(StateError::PieceCount {
                    seat: seat as u8,
                    count: ps.len(),
                });
            }
            for (piece, p) in ps.iter().enumerate() {
                if let Some(progress) = p.progress().filter(|&q| q > goal && Some(q) != behind) {
                    return Err(StateError::PastGoal {
                        seat: seat as u8,
                        piece: piece as u8,
                        progress,
                        goal,
                    });
                }
                let home_column = p.progress().is_some_and(|q| q > last && q <= goal);
                if behind.is_some() && home_column && !self.has_captured(seat as u8) {
                    return Err(StateError::Captured(format!(
                        "seat {seat} piece {piece} is past its home entry, but seat {seat} has not captured"
                    )));
                }
                self.pieces[seat][piece] = *p;
                if let Some(sq) = p.progress().and_then(|q| self.track.square(seat, q)) {
                    self.occupancy.add(seat, sq);
                }
            }
        }
        Ok(())
    }

    /// Under *blocks of two*, a block is never landed on, so two seats never both hold one on
    /// a square.
    fn check_blocks(&self, st: &GameState) -> Result<(), StateError> {
        if self.rules.impassable != crate::rules::Impassable::BlocksOfTwo {
            return Ok(());
        }
        let mut count = [[0u8; MAX_SEATS as usize]; 128];
        for (seat, ps) in st.pieces.iter().enumerate() {
            for p in ps {
                if let Some(sq) = p.progress().and_then(|q| self.track.square(seat, q)) {
                    count[sq as usize][seat] += 1;
                }
            }
        }
        for (sq, c) in count.iter().enumerate() {
            // A partner who has won makes no block (`Occupancy::retire`).
            let retired = |s: u8| self.rules.partner(s).is_some() && st.finished.contains(&s);
            let blocks: Vec<u8> = (0..st.seats)
                .filter(|&s| c[s as usize] >= 2 && !retired(s))
                .collect();
            let foes = |a: u8, b: u8| self.rules.partner(a) != Some(b);
            let pair = blocks
                .iter()
                .flat_map(|&a| blocks.iter().map(move |&b| (a, b)))
                .find(|&(a, b)| a < b && foes(a, b));
            if let Some((a, b)) = pair {
                return Err(StateError::TwoBlocks {
                    a,
                    b,
                    square: sq as u8,
                });
            }
        }
        Ok(())
    }

    /// Two opponents share only a safe square (a piece landing on another's captures it);
    /// partners may share any.
    fn check_shared_squares(&self) -> Result<(), StateError> {
        for sq in 0..self.track.len {
            if self.track.is_safe(sq) {
                continue;
            }
            for a in 0..self.seats() {
                let here = self.occupancy.present(a as usize) & (1 << sq) != 0;
                if here && self.occupancy.opponents(a as usize) & (1 << sq) != 0 {
                    let b = (0..self.seats())
                        .find(|&b| {
                            b != a
                                && self.occupancy.present(b as usize) & (1 << sq) != 0
                                && self.rules.partner(a) != Some(b)
                        })
                        .unwrap_or(a);
                    return Err(StateError::SharedSquare { a, b, square: sq });
                }
            }
        }
        Ok(())
    }

    /// The finished seats are listed once each, and are exactly those with every piece home.
    fn check_finished(&self, st: &GameState) -> Result<(), StateError> {
        let n = st.seats;
        for &f in &st.finished {
            if f >= n || st.finished.iter().filter(|&&g| g == f).count() > 1 {
                return Err(StateError::Finished(format!("seat {f} is listed wrongly")));
            }
        }
        let wins = self.rules.pieces_to_win.get();
        for seat in 0..n {
            let done = self.has_won(seat);
            if done != st.finished.contains(&seat) {
                return Err(StateError::Finished(format!(
                    "seat {seat} {} {wins} pieces at the goal",
                    if done { "has" } else { "does not have" }
                )));
            }
        }
        Ok(())
    }

    /// The turn's counters: tries only under *up to three rolls* (at most 4 with three
    /// sixes), fewer than three sixes in a row when a third ends the turn.
    fn take_counters(&mut self, st: &GameState) -> Result<(), StateError> {
        if st.tries > 0
            && self.rules.no_piece_in_play != crate::rules::NoPieceInPlay::UpToThreeRolls
        {
            return Err(StateError::Tries(
                st.tries,
                "only *up to three rolls* (`no_piece_in_play: up_to_three_rolls`) counts tries",
            ));
        }
        // Past the third miss only sixes roll again, and the third six ends the turn.
        if self.rules.three_sixes && st.tries > 4 {
            return Err(StateError::Tries(
                st.tries,
                "the third roll without an exit number ends the turn unless it was a six, and the third six ends it too, so it is at most 4",
            ));
        }
        self.tries = st.tries;
        if self.rules.three_sixes && st.sixes >= 3 {
            return Err(StateError::Sixes(st.sixes));
        }
        self.sixes = st.sixes;
        Ok(())
    }

    /// The game is over exactly when an end condition holds, and a seat that finished does
    /// not act in a game that goes on.
    fn check_end(&self, st: &GameState) -> Result<(), StateError> {
        let over = !self.finished.is_empty() && self.ends_with_a_finish();
        if over != (st.phase == PhaseState::Over) {
            return Err(StateError::NotOver(if over {
                "a seat has finished, so the game is over".into()
            } else {
                "no end condition holds".into()
            }));
        }
        if !over && self.finished.contains(&st.turn) && self.rules.partner(st.turn).is_none() {
            return Err(StateError::Finished(format!(
                "seat {} has finished and cannot be the seat to act",
                st.turn
            )));
        }
        Ok(())
    }

    /// The phase the state names, with what it needs: a roll to move with that moves a
    /// piece, a roll-off the rules hold and whose contenders and rolls agree.
    fn phase_of(&mut self, st: &GameState) -> Result<Phase, StateError> {
        if st.roll.is_some() != (st.phase == PhaseState::Move) {
            return Err(StateError::Roll(st.roll.unwrap_or(0)));
        }
        if st.phase == PhaseState::RollOff
            && self.rules.first_player == crate::rules::FirstPlayer::FirstSeat
        {
            return Err(StateError::NoRollOff);
        }
        if st.roll_off.is_some() != (st.phase == PhaseState::RollOff) {
            return Err(StateError::RollOff(
                "`roll_off` is given exactly in the `roll_off` phase".into(),
            ));
        }
        Ok(match st.phase {
            PhaseState::Roll => Phase::Roll,
            PhaseState::Over => {
                self.ranking = self.standings();
                Phase::Over
            }
            PhaseState::Move => {
                let roll = st.roll.unwrap_or(0);
                if !(1..=6).contains(&roll) {
                    return Err(StateError::Roll(roll));
                }
                let moves: MoveList = self.moves_for(self.mover(), roll);
                if moves.as_slice().is_empty() {
                    return Err(StateError::NoMoveForRoll(roll));
                }
                self.moves = moves;
                Phase::Move { roll }
            }
            PhaseState::RollOff => {
                let roll_off = st.roll_off.as_ref().expect("checked above");
                self.roll_off_of(roll_off, st.turn)?
            }
        })
    }

    /// A roll-off under way: two contenders or more, listed once each in seat order, fewer
    /// rolls than contenders, the next contender to act, every piece in base.
    fn roll_off_of(&self, roll_off: &RollOffState, turn: u8) -> Result<Phase, StateError> {
        let RollOffState { contenders, rolls } = roll_off;
        let mut mask = 0u8;
        for &c in contenders {
            if c >= self.seats() {
                return Err(StateError::RollOff(format!("seat {c} does not exist")));
            }
            mask |= 1 << c;
        }
        if mask.count_ones() < 2 || rolls.len() >= contenders.len() {
            return Err(StateError::RollOff(
                "at least two contenders, and fewer rolls than contenders, are needed".into(),
            ));
        }
        let mut sorted = contenders.clone();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted != *contenders {
            return Err(StateError::RollOff(
                "contenders are listed once each, in seat order".into(),
            ));
        }
        if contenders[rolls.len()] != turn {
            return Err(StateError::RollOff(format!(
                "seat {} rolls next, not seat {}",
                contenders[rolls.len()],
                turn
            )));
        }
        let mut by_seat = [0u8; MAX_SEATS as usize];
        for (&c, &r) in contenders.iter().zip(rolls) {
            if !(1..=6).contains(&r) {
                return Err(StateError::Roll(r));
            }
            by_seat[c as usize] = r;
        }
        if self.pieces.iter().flatten().any(|p| !p.is_base()) {
            return Err(StateError::RollOff(
                "every piece is in base during the roll-off".into(),
            ));
        }
        Ok(Phase::RollOff {
            contenders: mask,
            rolls: by_seat,
        })
    }
}

/// The seat to act and the first seat exist, and every seat has its pieces.
fn check_seats(st: &GameState) -> Result<(), StateError> {
    let n = st.seats;
    if st.turn >= n {
        return Err(StateError::Turn(st.turn, n));
    }
    if st.first_seat >= n {
        return Err(StateError::FirstSeat(st.first_seat, n));
    }
    if st.pieces.len() != n as usize {
        return Err(StateError::SeatCount(st.pieces.len(), n));
    }
    Ok(())
}

impl Serialize for Game {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.state().serialize(s)
    }
}
