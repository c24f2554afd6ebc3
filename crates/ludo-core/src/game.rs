//! The game as a small state machine: roll-off, waiting for a roll, waiting for a move, over.
//!
//! Every input is checked and an illegal one is refused with a typed error, leaving the game
//! unchanged. Each accepted input appends the events it caused, in order, to a caller's buffer,
//! so a simulation reuses one buffer and allocates nothing per step.

use serde::{Deserialize, Serialize};

use crate::board::{MAX_SEATS, Track};
use crate::dice::Dice;
use crate::event::{Event, ExtraRollReasons};
use crate::occupancy::Occupancy;
use crate::pos::Pos;
use crate::ranking::{Standing, rank, rank_pairs};
use crate::rules::{Impassable, NoPieceInPlay, PiecesToWin, Rules, RulesRefusal, TeamWins, Teams};

mod movegen;
pub(crate) mod state;

use movegen::MoveGen;

/// One input to the game, as records and the network carry it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// A roll of the die (in the roll-off or a turn).
    Roll(u8),
    /// A press of the die that released a piece without rolling.
    Release,
    /// The chosen piece for the pending roll.
    Move(u8),
}

/// What a player does at its turn: presses the die, or moves a piece by the pending roll.
/// Behind a press is a roll (in the roll-off or a turn) or, under *release without rolling*,
/// a release: that is the engine's to know (`Game::act`), never a caller's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Press,
    Move(u8),
}

pub use crate::rules::PIECES;

/// Rows of per-seat arrays: the most seats rounded up to a power of two.
const SEAT_SLOTS: usize = 8;

/// Where the game reports what happened. A `Vec<Event>` collects everything; a simulation
/// may pass a sink that keeps only what it counts, and the unused events are never built.
pub trait EventSink {
    fn push(&mut self, event: Event);
}

impl EventSink for Vec<Event> {
    #[inline]
    fn push(&mut self, event: Event) {
        Vec::push(self, event)
    }
}

/// A legal move: the seat's `piece` walks from `from` to `to`. Pieces that share a square
/// (or all wait in base) make one move, named by the lowest piece index among them.
///
/// Four bytes wide (one of them padding) so that a move is written and read as one word: the
/// simulator reads a move soon after writing it, and a wide read of narrow writes stalls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[repr(C, align(4))]
pub struct Move {
    pub piece: u8,
    pub from: Pos,
    pub to: Pos,
}

/// Up to four distinct moves, without allocating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveList {
    moves: [Move; PIECES],
    len: u8,
}

impl MoveList {
    const EMPTY: MoveList = MoveList {
        moves: [Move {
            piece: 0,
            from: Pos::BASE,
            to: Pos::BASE,
        }; PIECES],
        len: 0,
    };

    /// Writes `m` in the next place and keeps it only when `keep`: no branch to mispredict.
    #[inline]
    fn push_if(&mut self, m: Move, keep: bool) {
        self.moves[self.len as usize & (PIECES - 1)] = m;
        self.len += keep as u8;
    }

    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }
}

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The first-player roll-off: `contenders` (a bit per seat) roll in seat order; `rolls`
    /// holds this round's rolls so far (0 = not yet rolled).
    RollOff {
        contenders: u8,
        rolls: [u8; MAX_SEATS as usize],
    },
    /// The seat to play rolls (or, under *release without rolling*, presses the die).
    Roll,
    /// The seat to play chooses one of `Game::legal_moves` for `roll`.
    Move { roll: u8 },
    /// Finished; `Game::ranking` has the final ranking.
    Over,
}

/// The kind of input the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Awaiting {
    RollOff,
    Roll,
    /// Pressing the die releases a piece without rolling.
    Release,
    Move,
    Over,
}

/// An input the game refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("a die shows 1 to 6, not {0}")]
    BadRoll(u8),
    #[error("the game waits for {expected:?}, not for {got}")]
    OutOfTurn {
        expected: Awaiting,
        got: &'static str,
    },
    #[error("piece {0} does not exist (pieces are 0 to 3)")]
    NoSuchPiece(u8),
    #[error("piece {piece} has no legal move for a roll of {roll}")]
    IllegalMove { piece: u8, roll: u8 },
}

#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    /// The board, shared by every game on it (`Track::shared`).
    track: &'static Track,
    /// Each seat's pieces, in eight rows so that a masked seat index needs no bounds check.
    pieces: [[Pos; PIECES]; SEAT_SLOTS],
    /// Who stands on each track square.
    occupancy: Occupancy,
    turn: u8,
    phase: Phase,
    /// The legal moves in `Phase::Move`. Kept beside the phase, not in it, so that a roll
    /// writes the moves once, in place, and the phase stays a few bytes to copy.
    moves: MoveList,
    /// Sixes in a row within this turn.
    sixes: u8,
    /// Rolls without an exit number this turn under *up to three rolls*.
    tries: u8,
    /// Seats in the order they finished.
    finished: Vec<u8>,
    /// A bit per seat that has captured, kept under *capture before home* only.
    captured: u8,
    first_seat: u8,
    /// The final ranking, once the game is over.
    ranking: Vec<Standing>,
}

impl Game {
    /// A new game for `seats` (2 to 6) where `first_seat` starts, unless the rules ask for a
    /// roll-off. Every piece starts in base.
    pub fn new(rules: Rules, seats: u8, first_seat: u8) -> Result<Game, StateError> {
        if !(2..=MAX_SEATS).contains(&seats) {
            return Err(StateError::Seats(seats));
        }
        if first_seat >= seats {
            return Err(StateError::FirstSeat(first_seat, seats));
        }
        if let Some(why) = rules.refusal(seats) {
            return Err(StateError::Rules(why));
        }
        let track = Track::shared(&rules, seats);
        let phase = match rules.first_player {
            crate::rules::FirstPlayer::FirstSeat => Phase::Roll,
            crate::rules::FirstPlayer::RollOff => Phase::RollOff {
                contenders: (1 << seats) - 1,
                rolls: [0; MAX_SEATS as usize],
            },
        };
        Ok(Game {
            occupancy: Occupancy::empty(&rules, seats),
            rules,
            track,
            pieces: [[Pos::BASE; PIECES]; SEAT_SLOTS],
            turn: if phase == Phase::Roll { first_seat } else { 0 },
            phase,
            moves: MoveList::EMPTY,
            sixes: 0,
            tries: 0,
            finished: Vec::new(),
            captured: 0,
            first_seat,
            ranking: Vec::new(),
        })
    }

    /// The same table from the start again, with `first_seat` to start: cheaper than `new`,
    /// which builds the board.
    pub fn restart(&mut self, first_seat: u8) {
        let seats = self.track.seats;
        self.pieces = [[Pos::BASE; PIECES]; SEAT_SLOTS];
        self.occupancy = Occupancy::empty(&self.rules, seats);
        self.sixes = 0;
        self.tries = 0;
        self.finished.clear();
        self.captured = 0;
        self.ranking.clear();
        self.first_seat = first_seat % seats;
        self.phase = match self.rules.first_player {
            crate::rules::FirstPlayer::FirstSeat => Phase::Roll,
            crate::rules::FirstPlayer::RollOff => Phase::RollOff {
                contenders: (1 << seats) - 1,
                rolls: [0; MAX_SEATS as usize],
            },
        };
        self.turn = if self.phase == Phase::Roll {
            self.first_seat
        } else {
            0
        };
    }

    /// Whether `seat`'s piece `piece` stands in a block that no opponent may pass or land on
    /// (under the rule that makes blocks): what the board draws as one.
    pub fn in_block(&self, seat: u8, piece: u8) -> bool {
        let Some(progress) = self.pieces(seat)[piece as usize % PIECES].progress() else {
            return false;
        };
        let Some(square) = self.track.square(seat as usize, progress) else {
            return false;
        };
        self.rules.impassable == Impassable::BlocksOfTwo
            && self.occupancy.holds_block(seat as usize, square)
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    pub fn track(&self) -> &Track {
        self.track
    }

    /// Who stands on each track square, as bit masks.
    pub fn occupancy(&self) -> &Occupancy {
        &self.occupancy
    }
    pub fn seats(&self) -> u8 {
        self.track.seats
    }
    /// The seat to act.
    pub fn turn(&self) -> u8 {
        self.turn
    }
    /// Whose pieces the seat to act moves: its own, or under partners, once its own are home,
    /// its partner's.
    #[inline]
    pub fn mover(&self) -> u8 {
        match self.rules.partner(self.turn) {
            Some(partner) if self.has_won(self.turn) => partner,
            _ => self.turn,
        }
    }
    pub fn phase(&self) -> &Phase {
        &self.phase
    }
    pub fn pieces(&self, seat: u8) -> [Pos; PIECES] {
        self.pieces[seat as usize]
    }
    /// Seats in the order they finished.
    pub fn finished(&self) -> &[u8] {
        &self.finished
    }
    /// Whether `seat` has captured in this game, as *capture before home* counts it (always
    /// false under other rules).
    pub fn has_captured(&self, seat: u8) -> bool {
        self.captured & (1 << seat) != 0
    }
    pub fn sixes_in_a_row(&self) -> u8 {
        self.sixes
    }
    /// The seat that started this game (after any roll-off), for *rotate the first player*.
    pub fn first_seat(&self) -> u8 {
        self.first_seat
    }
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }
    pub fn goal(&self) -> Pos {
        Pos::at(self.track.goal())
    }

    pub fn awaiting(&self) -> Awaiting {
        match self.phase {
            Phase::RollOff { .. } => Awaiting::RollOff,
            Phase::Roll if self.releases_without_rolling() => Awaiting::Release,
            Phase::Roll => Awaiting::Roll,
            Phase::Move { .. } => Awaiting::Move,
            Phase::Over => Awaiting::Over,
        }
    }

    /// The legal moves while waiting for a move; empty otherwise.
    pub fn legal_moves(&self) -> &[Move] {
        match self.phase {
            Phase::Move { .. } => self.moves.as_slice(),
            _ => &[],
        }
    }

    /// The moves the last roll gave, without asking the phase: `play_out`'s fast path, which
    /// has just read it.
    #[inline]
    pub(crate) fn moves_of_the_roll(&self) -> &[Move] {
        self.moves.as_slice()
    }

    /// The roll waiting to be played, while waiting for a move.
    pub fn pending_roll(&self) -> Option<u8> {
        match self.phase {
            Phase::Move { roll } => Some(roll),
            _ => None,
        }
    }

    pub fn ranking(&self) -> Option<&[Standing]> {
        self.is_over().then_some(&self.ranking[..])
    }

    /// Where every seat stands now, ranked as if the game ended here.
    pub fn standings(&self) -> Vec<Standing> {
        let seats = (0..self.seats())
            .map(|seat| {
                let ps = &self.pieces[seat as usize];
                let out = ps.iter().filter(|p| !p.is_base());
                Standing {
                    seat,
                    rank: 0,
                    finished: self
                        .finished
                        .iter()
                        .position(|&f| f == seat)
                        .map(|i| i as u8 + 1),
                    at_goal: ps.iter().filter(|&&p| p == self.goal()).count() as u8,
                    out_of_base: out.clone().count() as u8,
                    progress: out.map(|p| self.track.walked(p.raw()) as u16).sum(),
                }
            })
            .collect();
        match self.rules.teams {
            Teams::None => rank(seats),
            Teams::Pairs => rank_pairs(seats, |seat| self.team_done(seat)),
        }
    }

    /// Under partners: whether `seat`'s pair has done what wins.
    fn team_done(&self, seat: u8) -> bool {
        let done = |s: u8| self.finished.contains(&s);
        let partner = (seat + 2) & 3;
        match self.rules.team_wins {
            TeamWins::BothHome => done(seat) && done(partner),
            TeamWins::OneHome => done(seat) || done(partner),
        }
    }

    /// True when every piece of the seat that is still in the game waits in base.
    pub fn has_no_piece_in_play(&self, seat: u8) -> bool {
        let goal = self.goal();
        self.pieces[seat as usize]
            .iter()
            .all(|&p| p.is_base() || p == goal)
    }

    fn releases_without_rolling(&self) -> bool {
        self.rules.no_piece_in_play == NoPieceInPlay::ReleaseWithoutRolling
            && self.has_no_piece_in_play(self.mover())
    }

    /// The moves `seat` would have for `roll` in the current position.
    pub fn moves_for(&self, seat: u8, roll: u8) -> MoveList {
        let mut list = MoveList::EMPTY;
        MoveGen::of(self).fill(seat, roll, &mut list);
        list
    }
}

impl Game {
    /// Whether an opponent's block stands on absolute track square `square`.
    #[inline]
    fn blocked(&self, seat: usize, square: u8) -> bool {
        self.rules.impassable == Impassable::BlocksOfTwo
            && self.occupancy.opponent_blocks(seat) & (1 << square) != 0
    }

    fn check_awaiting(&self, want: Awaiting, got: &'static str) -> Result<(), PlayError> {
        let expected = self.awaiting();
        if expected == want {
            Ok(())
        } else {
            Err(PlayError::OutOfTurn { expected, got })
        }
    }

    /// Plays `action` for the seat to act: a press (whatever it means now, `dice` drawn
    /// from only when a roll is due) or a move. The step it played, for the record.
    pub fn act(
        &mut self,
        action: Action,
        dice: &mut Dice,
        out: &mut impl EventSink,
    ) -> Result<Step, PlayError> {
        match action {
            Action::Press => self.press(dice, out),
            Action::Move(piece) => {
                self.choose(piece, out)?;
                Ok(Step::Move(piece))
            }
        }
    }

    /// The action due now: a press, or, when a move is due, the move `choose` picks of the
    /// legal ones (an index past the last picks the last); none once the game is over.
    pub fn due(&self, choose: impl FnOnce(&Game, &[Move]) -> usize) -> Option<Action> {
        match self.awaiting() {
            Awaiting::Over => None,
            Awaiting::Move => {
                let moves = self.legal_moves();
                let i = choose(self, moves).min(moves.len() - 1);
                Some(Action::Move(moves[i].piece))
            }
            Awaiting::Roll | Awaiting::RollOff | Awaiting::Release => Some(Action::Press),
        }
    }

    /// Rolls the die or, when the rules say so, presses it to release a piece: whichever the
    /// game waits for. Draws from `dice` only when a roll is due. The step it played.
    pub fn press(&mut self, dice: &mut Dice, out: &mut impl EventSink) -> Result<Step, PlayError> {
        match self.awaiting() {
            Awaiting::Release => self.release(out).map(|()| Step::Release),
            _ => {
                self.check_roll_due()?;
                let value = dice.roll();
                self.roll(value, out).map(|()| Step::Roll(value))
            }
        }
    }

    fn check_roll_due(&self) -> Result<(), PlayError> {
        match self.awaiting() {
            Awaiting::Roll | Awaiting::RollOff => Ok(()),
            expected => Err(PlayError::OutOfTurn {
                expected,
                got: "a roll",
            }),
        }
    }

    /// Plays one recorded input: the one place a `Step` turns into an engine call (records,
    /// resumed games, the server and a device's mirror of it all replay through here).
    pub fn play(&mut self, step: Step, out: &mut impl EventSink) -> Result<(), PlayError> {
        match step {
            Step::Roll(value) => self.roll(value, out),
            Step::Release => self.release(out),
            Step::Move(piece) => self.choose(piece, out),
        }
    }

    /// Plays a roll of `value` for the seat to act (in the roll-off, or its turn).
    pub fn roll(&mut self, value: u8, out: &mut impl EventSink) -> Result<(), PlayError> {
        if !(1..=6).contains(&value) {
            return Err(PlayError::BadRoll(value));
        }
        self.check_roll_due()?;
        if let Phase::RollOff { .. } = self.phase {
            self.roll_off(value, out);
        } else {
            self.play_roll(value, out);
        }
        Ok(())
    }

    /// A turn's roll, already checked to be due and on the die: the engine's fast path
    /// without `roll`'s checks, for a search that knows the phase (the CPU players). A roll
    /// that is not due leaves the game in a state no check would have allowed.
    #[inline]
    pub fn play_roll(&mut self, value: u8, out: &mut impl EventSink) {
        let seat = self.turn;
        out.push(Event::Rolled { seat, value });
        let mover = self.mover();
        let retries = self.rules.no_piece_in_play == NoPieceInPlay::UpToThreeRolls
            && self.has_no_piece_in_play(mover);
        self.sixes = if value == 6 {
            self.sixes.saturating_add(1)
        } else {
            0
        };
        if self.rules.three_sixes && self.sixes >= 3 {
            out.push(Event::ThreeSixes { seat });
            self.pass_turn(out);
            return;
        }
        self.moves.len = 0;
        let generator = MoveGen {
            rules: &self.rules,
            track: self.track,
            occupancy: &self.occupancy,
            pieces: &self.pieces,
            captured: self.captured,
        };
        generator.fill(mover, value, &mut self.moves);
        if self.moves.len > 0 {
            self.phase = Phase::Move { roll: value };
            return;
        }
        out.push(Event::NoLegalMove { seat });
        let mut reasons = ExtraRollReasons {
            six: value == 6,
            ..Default::default()
        };
        if retries {
            self.tries = self.tries.saturating_add(1);
            reasons.retry = self.tries < 3;
        }
        self.extra_roll_or_pass(reasons, out);
    }

    fn roll_off(&mut self, value: u8, out: &mut impl EventSink) {
        let seat = self.turn;
        out.push(Event::RollOff { seat, value });
        let Phase::RollOff { contenders, rolls } = &mut self.phase else {
            unreachable!("roll_off is only called in the roll-off")
        };
        rolls[seat as usize] = value;
        let contenders = *contenders;
        let rolls = *rolls;
        let next = (seat + 1..self.track.seats).find(|s| contenders & (1 << s) != 0);
        if let Some(next) = next {
            self.turn = next;
            return;
        }
        let best = rolls.iter().copied().max().unwrap_or(0);
        let tied: u8 = (0..self.track.seats)
            .filter(|&s| contenders & (1 << s) != 0 && rolls[s as usize] == best)
            .fold(0, |m, s| m | (1 << s));
        if tied.count_ones() == 1 {
            let first = tied.trailing_zeros() as u8;
            out.push(Event::FirstPlayer { seat: first });
            self.first_seat = first;
            self.turn = first;
            self.phase = Phase::Roll;
        } else {
            self.turn = tied.trailing_zeros() as u8;
            self.phase = Phase::RollOff {
                contenders: tied,
                rolls: [0; MAX_SEATS as usize],
            };
        }
    }

    /// Under *release without rolling*: brings one piece from base to the start square and
    /// ends the turn, with no roll and no extra roll. A block on the start stops it.
    pub fn release(&mut self, out: &mut impl EventSink) -> Result<(), PlayError> {
        self.check_awaiting(Awaiting::Release, "a release")?;
        let seat = self.mover();
        let s = seat as usize;
        let piece = self.pieces[s].iter().position(|p| p.is_base());
        match piece {
            Some(piece) if !self.blocked(s, self.track.starts[s]) => {
                let m = Move {
                    piece: piece as u8,
                    from: Pos::BASE,
                    to: Pos::at(0),
                };
                self.apply(seat, m, out);
            }
            _ => out.push(Event::NoLegalMove { seat: self.turn }),
        }
        self.pass_turn(out);
        Ok(())
    }

    /// Moves `piece` of the seat to play by the pending roll. Any piece standing where a legal
    /// move starts may be named (pieces in base, or stacked, are interchangeable).
    pub fn choose(&mut self, piece: u8, out: &mut impl EventSink) -> Result<(), PlayError> {
        self.check_awaiting(Awaiting::Move, "a move")?;
        if piece as usize >= PIECES {
            return Err(PlayError::NoSuchPiece(piece));
        }
        let Phase::Move { roll } = self.phase else {
            unreachable!("checked above")
        };
        let from = self.pieces[self.mover() as usize][piece as usize];
        let Some(&m) = self.moves.as_slice().iter().find(|m| m.from == from) else {
            return Err(PlayError::IllegalMove { piece, roll });
        };
        // Move the named piece itself, so the player's click moves the piece they clicked.
        self.play_move(Move { piece, ..m }, roll, out);
        Ok(())
    }

    /// A legal move for the pending `roll`, already checked: the fast path without
    /// `choose`'s checks, for a search that took `m` from `legal_moves` (the CPU players).
    #[inline]
    pub fn play_move(&mut self, m: Move, roll: u8, out: &mut impl EventSink) {
        let seat = self.mover();
        let (captured, reached_goal) = self.apply(seat, m, out);

        if reached_goal && self.has_won(seat) && !self.finished.contains(&seat) {
            self.finished.push(seat);
            if self.rules.partner(seat).is_some() {
                self.occupancy.retire(seat as usize);
            }
            out.push(Event::SeatFinished {
                seat,
                place: self.finished.len() as u8,
            });
            if self.ends_with_a_finish() {
                self.ranking = self.standings();
                out.push(Event::GameOver {
                    ranking: self.ranking.clone(),
                });
                self.phase = Phase::Over;
                return;
            }
            // Partners play on: the seat rolls on for its partner's pieces.
            if self.rules.partner(seat).is_none() {
                self.pass_turn(out);
                return;
            }
        }
        let reasons = ExtraRollReasons {
            six: roll == 6,
            capture: captured && self.rules.extra_roll_on_capture,
            goal: reached_goal && self.rules.extra_roll_on_goal,
            retry: false,
        };
        self.extra_roll_or_pass(reasons, out);
    }

    /// Whether `seat` has as many pieces home as the rules ask to win.
    #[inline]
    pub(crate) fn has_won(&self, seat: u8) -> bool {
        let home = self.pieces[seat as usize]
            .iter()
            .filter(|&&p| p == self.goal())
            .count();
        home >= self.rules.pieces_to_win.get() as usize
    }

    /// Whether the game is over now that a seat has finished: at once, unless *rank all* plays
    /// on while two seats are left. A shorter game (fewer than four pieces to win) always ends
    /// at its first winner: the others' pieces still stand on the board.
    pub(crate) fn ends_with_a_finish(&self) -> bool {
        if let Some(&last) = self.finished.last()
            && let Some(partner) = self.rules.partner(last)
        {
            return self.rules.team_wins == TeamWins::OneHome || self.finished.contains(&partner);
        }
        let playing = self.track.seats as usize - self.finished.len();
        !self.rules.rank_all || playing <= 1 || self.rules.pieces_to_win != PiecesToWin::ALL
    }

    /// Carries out a legal move: the walk, any captures, reaching the goal.
    #[inline(always)]
    fn apply(&mut self, seat: u8, m: Move, out: &mut impl EventSink) -> (bool, bool) {
        let s = seat as usize;
        // Counted before the piece leaves: reading the four bytes just after writing one of
        // them would wait for that store.
        let left = self.pieces[s].iter().filter(|&&p| p == m.from).count() as u8 - 1;
        self.pieces[s][m.piece as usize] = m.to;
        if let Some(sq) = self.track.square(s, m.from.raw()) {
            self.occupancy.set(s, sq, left);
        }
        out.push(if m.from.is_base() {
            Event::Entered {
                seat,
                piece: m.piece,
            }
        } else {
            Event::Moved {
                seat,
                piece: m.piece,
                from: m.from,
                to: m.to,
            }
        });
        let mut captured = false;
        if let Some(sq) = self.track.square(s, m.to.raw()) {
            if !self.track.is_safe(sq) && self.occupancy.opponents(s) & (1 << sq) != 0 {
                let partner = self.rules.partner(seat).map_or(usize::MAX, usize::from);
                for o in 0..self.track.seats as usize {
                    if o == s || o == partner || self.occupancy.present(o) & (1 << sq) == 0 {
                        continue;
                    }
                    let mut there = Pos::at(self.track.progress_at(o, sq));
                    if there.raw() == self.track.len - 1 {
                        // The square behind its start: a piece going round again.
                        there = Pos::at(self.track.behind_start());
                    }
                    for (piece, p) in self.pieces[o].iter_mut().enumerate() {
                        if *p == there {
                            *p = Pos::BASE;
                            out.push(Event::Captured {
                                seat: o as u8,
                                piece: piece as u8,
                                by: seat,
                                square: sq,
                            });
                        }
                    }
                    self.occupancy.clear(o, sq);
                    captured = true;
                }
                if captured && self.rules.capture_before_home {
                    self.captured |= 1 << s;
                }
            }
            self.occupancy.add(s, sq);
        }
        let reached_goal = m.to == self.goal();
        if reached_goal {
            out.push(Event::ReachedGoal {
                seat,
                piece: m.piece,
            });
        }
        (captured, reached_goal)
    }

    fn extra_roll_or_pass(&mut self, reasons: ExtraRollReasons, out: &mut impl EventSink) {
        if reasons.any() {
            out.push(Event::ExtraRoll {
                seat: self.turn,
                reasons,
            });
            self.phase = Phase::Roll;
        } else {
            self.pass_turn(out);
        }
    }

    /// Play passes clockwise to the next seat that has not finished.
    fn pass_turn(&mut self, out: &mut impl EventSink) {
        let from = self.turn;
        let n = self.track.seats;
        let mut to = if from + 1 == n { 0 } else { from + 1 };
        // A seat that finished sits out, unless it plays on for its partner.
        if !self.finished.is_empty() && self.rules.teams == Teams::None {
            while self.finished.contains(&to) {
                to = (to + 1) % n;
            }
        }
        self.turn = to;
        self.sixes = 0;
        self.tries = 0;
        self.phase = Phase::Roll;
        out.push(Event::TurnPassed { from, to });
    }
}

/// Why a state cannot be a position of a game under the given rules.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StateError {
    #[error("a table has 2 to 6 seats, not {0}")]
    Seats(u8),
    #[error("`turn` is seat {0}, but a table of {1} has seats 0 to {max}", max = .1.saturating_sub(1))]
    Turn(u8, u8),
    #[error("`first_seat` is seat {0}, but a table of {1} has seats 0 to {max}", max = .1.saturating_sub(1))]
    FirstSeat(u8, u8),
    #[error("`pieces` lists {0} seats but `seats` is {1}")]
    SeatCount(usize, u8),
    #[error("seat {seat} has {count} pieces; every seat has exactly 4")]
    PieceCount { seat: u8, count: usize },
    #[error("seat {seat} piece {piece} is at progress {progress}, past the goal ({goal})")]
    PastGoal {
        seat: u8,
        piece: u8,
        progress: u8,
        goal: u8,
    },
    #[error(
        "seats {a} and {b} share track square {square}, which is not safe: one would have captured the other"
    )]
    SharedSquare { a: u8, b: u8, square: u8 },
    #[error("`finished` does not match the pieces: {0}")]
    Finished(String),
    #[error(
        "`roll` must be a die value (1 to 6) in the `move` phase and absent otherwise (got {0})"
    )]
    Roll(u8),
    #[error("the state waits for a move, but a roll of {0} has no legal move here")]
    NoMoveForRoll(u8),
    #[error("the roll-off is malformed: {0}")]
    RollOff(String),
    #[error("`sixes` is {0}, but the third six in a row ends the turn")]
    Sixes(u8),
    #[error("`tries` is {0}: {1}")]
    Tries(u8, &'static str),
    #[error(
        "`phase` is `roll_off`, but these rules let the first seat start (`first_player: first_seat`)"
    )]
    NoRollOff,
    #[error(
        "`pieces`: seats {a} and {b} both have a block on safe square {square}, but a block cannot be landed on"
    )]
    TwoBlocks { a: u8, b: u8, square: u8 },
    #[error("{0}")]
    Rules(RulesRefusal),
    #[error("`captured`: {0}")]
    Captured(String),
    #[error("the state says the game is over, but it is not: {0}")]
    NotOver(String),
}
