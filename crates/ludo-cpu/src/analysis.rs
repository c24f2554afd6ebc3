//! Luck or skill: a finished game's record in, how lucky every throw was for every seat and
//! how much each decision gave away, and a summary per seat out (docs/ANALYSIS.md).
//!
//! `V_i(s)` is seat i's chance to win from position s as the game's chart rates it
//! (`chances::Rating`: `expert`'s network for the seats and rules, the race where there is
//! none; under *rank all players* the expected place rescaled, under partners the pair's
//! chance). For a throw by seat r at s and each face f, `Q(s, f)` is `V` after r's best move
//! for f by `V_r` (after the pass where nothing can move, or the third six's lost turn).
//!
//! - The luck of a throw of d, for every seat: `Q_i(s, d) − mean_f Q_i(s, f)`; the seats'
//!   luck sums to zero on every throw.
//! - The loss of a decision: `Q_r(s, d) − V_r(after the move played)`, counted where two or
//!   more moves differ in value by at least [`DECISION_FLOOR`].

use ludo_core::{Awaiting, Discard, Game, GameRecord, ReplayError, Step};
use serde::Serialize;

use crate::chances::{Measure, Rating};
use crate::value_net::NetId;

/// Moves whose values differ by less than this (a tenth of a point of win chance) are the
/// same to the player: choosing among them is no decision.
pub const DECISION_FLOOR: f32 = 0.001;

/// A decision's class by its loss in points of win chance (GNU Backgammon's thresholds, as
/// win chance): below 0.5 best, below 1.5 good, below 3 an inaccuracy, below 6 a mistake.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Class {
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Class {
    pub const ALL: [Class; 5] = [
        Class::Best,
        Class::Good,
        Class::Inaccuracy,
        Class::Mistake,
        Class::Blunder,
    ];

    /// The upper bounds of the classes but the last, in points (hundredths of win chance).
    pub const BOUNDS: [f32; 4] = [0.5, 1.5, 3.0, 6.0];

    /// The class of a loss (a fraction of win chance, 0 to 1).
    pub fn of(loss: f32) -> Class {
        let points = loss * 100.0;
        Class::ALL
            .into_iter()
            .zip(Class::BOUNDS)
            .find(|(_, bound)| points < *bound)
            .map_or(Class::Blunder, |(class, _)| class)
    }

    /// The mark a review shows beside the step (none for best and good).
    pub fn mark(self) -> &'static str {
        match self {
            Class::Best | Class::Good => "",
            Class::Inaccuracy => "?!",
            Class::Mistake => "?",
            Class::Blunder => "??",
        }
    }
}

/// One throw of the die in the game (the roll-off for the first turn is not one).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Throw {
    /// The step of the record that rolled it (0-based).
    pub step: usize,
    pub seat: u8,
    pub face: u8,
    /// Each seat's luck, in seat order, as a fraction of win chance.
    pub luck: Vec<f32>,
}

/// One choice among the legal moves.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Decision {
    /// The step of the record that played the move (0-based).
    pub step: usize,
    pub seat: u8,
    pub roll: u8,
    /// The piece moved, and the piece of the best move.
    pub played: u8,
    pub best: u8,
    /// The mover's value after the move played, and after the best move.
    pub played_value: f32,
    pub best_value: f32,
    /// `best_value − played_value`.
    pub loss: f32,
    /// Whether it counts: two or more moves that differ by [`DECISION_FLOOR`] or more.
    pub counted: bool,
    pub class: Class,
}

/// One seat's game, summed.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SeatSummary {
    pub seat: u8,
    /// Decisions counted, and the moves that were no decision (one move, or all alike).
    pub decisions: u32,
    pub forced: u32,
    /// Counted decisions per class, in [`Class::ALL`]'s order.
    pub classes: [u32; 5],
    /// 1000 × the mean loss over the counted decisions (lower is better; 0 without any).
    pub error_rate: f32,
    /// The seat's luck summed over its own throws, and over the other seats' throws.
    pub luck_own: f32,
    pub luck_others: f32,
    /// The seat's value at the start and at the end (1 a win, 0 a loss; the pair's under
    /// partners; the place rescaled under *rank all players*).
    pub start: f32,
    pub result: f32,
    /// The result less the luck: what the play earned.
    pub luck_adjusted: f32,
    /// What `result − start` leaves after the luck and the moves' changes: the rating's own
    /// inconsistency (zero for a perfect one).
    pub residual: f32,
}

impl SeatSummary {
    pub fn luck(&self) -> f32 {
        self.luck_own + self.luck_others
    }

    pub fn count(&self, class: Class) -> u32 {
        self.classes[class as usize]
    }
}

/// A whole game analysed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Analysis {
    /// `win`, or `place` under *rank all players* (values are then the place rescaled).
    pub measure: &'static str,
    pub throws: Vec<Throw>,
    pub decisions: Vec<Decision>,
    pub seats: Vec<SeatSummary>,
}

#[derive(Debug, thiserror::Error)]
pub enum AnalysisError {
    #[error("{0}")]
    Replay(#[from] ReplayError),
    #[error("the game is not over: only a finished game is analysed")]
    NotOver,
    #[error("the rating needs network {0:?}, not loaded yet")]
    Network(NetId),
    #[error("the position does not wait for a turn's roll of 1 to 6")]
    NotARoll,
    #[error("the position does not wait for a move")]
    NotAMove,
}

/// What one face of a throw leads to: the values after each legal move (none: the throw
/// passes), and the values after the best move for the roller.
struct Face {
    moves: Vec<(u8, Vec<f32>)>,
    best: Vec<f32>,
    best_piece: Option<u8>,
}

/// The faces of the throw at `game` (awaiting a turn's roll), each played out.
fn faces(game: &Game, rating: &mut Rating) -> Vec<Face> {
    (1..=6).map(|face| play_face(game, face, rating)).collect()
}

/// A throw of `face` at `game`, played out: every legal move, or the pass.
fn play_face(game: &Game, face: u8, rating: &mut Rating) -> Face {
    let mut rolled = game.clone();
    rolled.play_roll(face, &mut Discard);
    if rolled.awaiting() != Awaiting::Move {
        let mut best = Vec::new();
        rating.values(&rolled, &mut best);
        return Face {
            moves: Vec::new(),
            best,
            best_piece: None,
        };
    }
    play_moves(&rolled, rating)
}

/// Every legal move of `rolled` (awaiting a move) played out, and the best for its roller.
fn play_moves(rolled: &Game, rating: &mut Rating) -> Face {
    let roller = rolled.turn() as usize;
    let moves: Vec<(u8, Vec<f32>)> = rolled
        .legal_moves()
        .iter()
        .map(|m| {
            let mut moved = rolled.clone();
            moved
                .choose(m.piece, &mut Discard)
                .expect("a legal move plays");
            let mut values = Vec::new();
            rating.values(&moved, &mut values);
            (m.piece, values)
        })
        .collect();
    // The first of equal moves, as the engine lists them.
    let (piece, best) = moves
        .iter()
        .reduce(|a, b| if b.1[roller] > a.1[roller] { b } else { a })
        .map(|(p, v)| (*p, v.clone()))
        .expect("a move is due only with legal moves");
    Face {
        moves,
        best,
        best_piece: Some(piece),
    }
}

/// One move a throw offers, judged: the roller's value after it, and what it gives away
/// against the best.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Choice {
    pub piece: u8,
    pub value: f32,
    pub loss: f32,
    pub class: Class,
}

/// The moves a throw of `face` gives the seat to roll at `game` (awaiting a turn's roll),
/// best first: what a review shows beside a mistake, and a hint. Empty when the throw
/// passes.
pub fn choices(game: &Game, face: u8) -> Result<Vec<Choice>, AnalysisError> {
    if game.awaiting() != Awaiting::Roll || !(1..=6).contains(&face) {
        return Err(AnalysisError::NotARoll);
    }
    let mut rating = Rating::of(game).map_err(AnalysisError::Network)?;
    let face = play_face(game, face, &mut rating);
    Ok(judged(&face, game.turn()))
}

/// The moves of `rolled` (a throw made, a move awaited), best first: a hint.
pub fn choices_now(rolled: &Game) -> Result<Vec<Choice>, AnalysisError> {
    if rolled.awaiting() != Awaiting::Move {
        return Err(AnalysisError::NotAMove);
    }
    let mut rating = Rating::of(rolled).map_err(AnalysisError::Network)?;
    Ok(judged(&play_moves(rolled, &mut rating), rolled.turn()))
}

/// A face's moves as choices, best first.
fn judged(face: &Face, seat: u8) -> Vec<Choice> {
    let me = seat as usize;
    let best = face.best[me];
    let mut choices: Vec<Choice> = face
        .moves
        .iter()
        .map(|(piece, v)| Choice {
            piece: *piece,
            value: v[me],
            loss: (best - v[me]).max(0.0),
            class: Class::of((best - v[me]).max(0.0)),
        })
        .collect();
    choices.sort_by(|a, b| a.loss.total_cmp(&b.loss));
    choices
}

/// A game's analysis under way, a throw at a time: the game's window analyses a long game
/// over several frames (at six seats one throw rates a few hundred positions), so that it
/// never stands still. [`Analysis::of`] runs one to the end.
pub struct Analyser {
    steps: Vec<Step>,
    /// The next step to play.
    next: usize,
    game: Game,
    rating: Rating,
    throws: Vec<Throw>,
    decisions: Vec<Decision>,
    summary: Vec<SeatSummary>,
    /// Each seat's change by the moves played (their part of the identity).
    changes: Vec<f32>,
    first_value: Option<Vec<f32>>,
    /// The face thrown last, played out: the decision that follows reads it.
    thrown: Option<Face>,
}

impl Analyser {
    /// Starts on a finished game's record; fails with the network the rating needs when it
    /// is not loaded yet.
    pub fn new(record: &GameRecord) -> Result<Analyser, AnalysisError> {
        let start = record.start()?;
        let rating = Rating::of(&start).map_err(AnalysisError::Network)?;
        let seats = start.seats() as usize;
        Ok(Analyser {
            steps: record.steps.clone(),
            next: 0,
            game: start,
            rating,
            throws: Vec::new(),
            decisions: Vec::new(),
            summary: (0..seats)
                .map(|s| SeatSummary {
                    seat: s as u8,
                    ..SeatSummary::default()
                })
                .collect(),
            changes: vec![0.0; seats],
            first_value: None,
            thrown: None,
        })
    }

    /// The steps analysed and the record's steps.
    pub fn progress(&self) -> (usize, usize) {
        (self.next, self.steps.len())
    }

    /// Plays on through the record until `throws` more throws are rated or the record ends;
    /// at its end, the analysis (once: the analyser is spent).
    pub fn advance(&mut self, throws: usize) -> Result<Option<Analysis>, AnalysisError> {
        let mut rated = 0;
        while self.next < self.steps.len() {
            if rated == throws && matches!(self.steps[self.next], Step::Roll(_)) {
                return Ok(None);
            }
            let (index, step) = (self.next, self.steps[self.next]);
            rated += usize::from(self.analyse(index, step));
            self.game
                .play(step, &mut Discard)
                .map_err(|error| ReplayError::Illegal { index, step, error })?;
            self.next += 1;
        }
        self.finish().map(Some)
    }

    /// What step `index` of the record tells, before it is played; whether it was a throw.
    fn analyse(&mut self, index: usize, step: Step) -> bool {
        let game = &self.game;
        let seats = self.summary.len();
        match step {
            Step::Roll(face) if game.awaiting() == Awaiting::Roll => {
                if self.first_value.is_none() {
                    let mut v = Vec::new();
                    self.rating.values(game, &mut v);
                    self.first_value = Some(v);
                }
                let mut all = faces(game, &mut self.rating);
                let seat = game.turn();
                let luck: Vec<f32> = (0..seats)
                    .map(|i| {
                        let mean = all.iter().map(|f| f.best[i]).sum::<f32>() / 6.0;
                        all[face as usize - 1].best[i] - mean
                    })
                    .collect();
                for (i, l) in luck.iter().enumerate() {
                    if i == seat as usize {
                        self.summary[i].luck_own += l;
                    } else {
                        self.summary[i].luck_others += l;
                    }
                }
                self.throws.push(Throw {
                    step: index,
                    seat,
                    face,
                    luck,
                });
                self.thrown = Some(all.swap_remove(face as usize - 1));
                true
            }
            Step::Move(piece) if game.awaiting() == Awaiting::Move => {
                let seat = game.turn();
                let roll = game.pending_roll().unwrap_or(0);
                let face = self.thrown.take().filter(|f| !f.moves.is_empty());
                if let Some(face) = face {
                    let decision = decide(index, seat, roll, piece, &face);
                    // An illegal move is the replay's error, said when it is played.
                    if let Some((_, played)) = face.moves.iter().find(|(p, _)| *p == piece) {
                        for (i, change) in self.changes.iter_mut().enumerate() {
                            *change += played[i] - face.best[i];
                        }
                    }
                    let s = &mut self.summary[seat as usize];
                    if decision.counted {
                        s.decisions += 1;
                        s.classes[decision.class as usize] += 1;
                        s.error_rate += decision.loss;
                    } else {
                        s.forced += 1;
                    }
                    self.decisions.push(decision);
                }
                false
            }
            _ => false,
        }
    }

    /// The summary, once the record has been played to its end.
    fn finish(&mut self) -> Result<Analysis, AnalysisError> {
        if !self.game.is_over() {
            return Err(AnalysisError::NotOver);
        }
        let mut result = Vec::new();
        self.rating.values(&self.game, &mut result);
        let start_value = self.first_value.take().unwrap_or_else(|| result.clone());
        let mut summary = std::mem::take(&mut self.summary);
        for (i, s) in summary.iter_mut().enumerate() {
            s.error_rate = if s.decisions > 0 {
                1000.0 * s.error_rate / s.decisions as f32
            } else {
                0.0
            };
            s.start = start_value[i];
            s.result = result[i];
            s.luck_adjusted = s.result - s.luck();
            s.residual = s.result - s.start - s.luck() - self.changes[i];
        }
        Ok(Analysis {
            measure: match self.rating.measure() {
                Measure::Win => "win",
                Measure::Place => "place",
            },
            throws: std::mem::take(&mut self.throws),
            decisions: std::mem::take(&mut self.decisions),
            seats: summary,
        })
    }
}

impl Analysis {
    /// Analyses a finished game's record, all at once.
    pub fn of(record: &GameRecord) -> Result<Analysis, AnalysisError> {
        let mut analyser = Analyser::new(record)?;
        Ok(analyser
            .advance(usize::MAX)?
            .expect("an unbounded advance reaches the end"))
    }

    /// The decision a player did worst at (the largest loss among those counted).
    pub fn worst(&self, seat: u8) -> Option<&Decision> {
        self.decisions
            .iter()
            .filter(|d| d.seat == seat && d.counted)
            .reduce(|a, b| if b.loss > a.loss { b } else { a })
    }
}

/// The decision at a move of `piece`, from the face it was thrown with.
fn decide(step: usize, seat: u8, roll: u8, piece: u8, face: &Face) -> Decision {
    let me = seat as usize;
    let value = |p: u8| {
        face.moves
            .iter()
            .find(|(q, _)| *q == p)
            .map_or(0.0, |(_, v)| v[me])
    };
    let best_piece = face.best_piece.unwrap_or(piece);
    let (lo, hi) = face
        .moves
        .iter()
        .map(|(_, v)| v[me])
        .fold((f32::MAX, f32::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let played_value = value(piece);
    let best_value = value(best_piece);
    let loss = (best_value - played_value).max(0.0);
    Decision {
        step,
        seat,
        roll,
        played: piece,
        best: best_piece,
        played_value,
        best_value,
        loss,
        counted: face.moves.len() >= 2 && hi - lo >= DECISION_FLOOR,
        class: Class::of(loss),
    }
}

#[cfg(test)]
mod tests {
    use ludo_core::{GameState, PhaseState, Pos, RandomChooser, Rules, Teams};

    use super::*;
    use crate::Cpu;

    fn played(rules: Rules, seats: usize, seed: u64, level: Option<crate::CpuLevel>) -> GameRecord {
        let players = vec!["cpu".to_string(); seats];
        match level {
            Some(level) => GameRecord::played(rules, players, seed, &mut Cpu::new(level, seed)),
            None => GameRecord::played(rules, players, seed, &mut RandomChooser::new(seed)),
        }
        .expect("a game plays")
    }

    fn partners() -> Rules {
        Rules {
            teams: Teams::Pairs,
            ..Rules::default()
        }
    }

    /// What every analysis must keep, whatever the seats and rules.
    fn check(record: &GameRecord) -> Analysis {
        let a = Analysis::of(record).expect("a finished game analyses");
        let seats = record.players.len();
        assert_eq!(a.seats.len(), seats);
        assert!(!a.throws.is_empty());
        for t in &a.throws {
            let sum: f32 = t.luck.iter().sum();
            assert!(
                sum.abs() < 1e-4,
                "the seats' luck sums to {sum} at step {} of {seats}: {t:?}",
                t.step
            );
        }
        for d in &a.decisions {
            assert!(d.loss >= 0.0 && d.best_value >= d.played_value);
            if d.played == d.best {
                assert_eq!(d.loss, 0.0, "the best move loses nothing: {d:?}");
            }
            assert_eq!(d.class, Class::of(d.loss));
        }
        for s in &a.seats {
            let counted = a
                .decisions
                .iter()
                .filter(|d| d.seat == s.seat && d.counted)
                .count();
            assert_eq!(s.decisions as usize, counted);
            assert_eq!(s.classes.iter().sum::<u32>(), s.decisions);
            assert!((s.luck_adjusted - (s.result - s.luck())).abs() < 1e-5);
        }
        a
    }

    #[test]
    fn luck_sums_to_zero_over_the_seats_of_every_throw_at_every_table() {
        for seats in 2..=6 {
            check(&played(Rules::default(), seats, 7 + seats as u64, None));
        }
        let a = check(&played(partners(), 4, 3, None));
        // Partners win or lose together: their luck and results are the pair's.
        for t in &a.throws {
            assert!((t.luck[0] - t.luck[2]).abs() < 1e-6 && (t.luck[1] - t.luck[3]).abs() < 1e-6);
        }
        assert_eq!(a.seats[0].result, a.seats[2].result);
        let rank_all = Rules {
            rank_all: true,
            ..Rules::default()
        };
        let a = check(&played(rank_all, 4, 5, None));
        assert_eq!(a.measure, "place");
        let mut results: Vec<f32> = a.seats.iter().map(|s| s.result).collect();
        results.sort_by(f32::total_cmp);
        assert_eq!(results, [0.0, 1.0 / 3.0, 2.0 / 3.0, 1.0]);
    }

    /// Over many games a seat's own luck averages zero (each throw's does, the face being
    /// uniform), and the identity leaves a residual that stays small: the rating is consistent
    /// enough for the luck and the moves to add up to the result.
    #[test]
    fn luck_averages_zero_and_the_identity_holds_within_its_residual() {
        let (mut own, mut residual) = (Vec::new(), 0.0f64);
        for seed in 0..40 {
            let a = Analysis::of(&played(Rules::default(), 4, 100 + seed, None)).unwrap();
            for s in &a.seats {
                own.push(f64::from(s.luck_own));
                residual += f64::from(s.residual.abs());
            }
        }
        let n = own.len() as f64;
        let mean = own.iter().sum::<f64>() / n;
        let sd = (own.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
        assert!(
            mean.abs() < 3.0 * sd / n.sqrt(),
            "own luck {mean} a seat and game (sd {sd}, {n} seats)"
        );
        let residual = residual / n;
        assert!(residual < RESIDUAL_BOUND, "the mean residual is {residual}");
    }

    /// The identity's mean residual a seat and game, at most (what is measured:
    /// docs/ANALYSIS.md).
    const RESIDUAL_BOUND: f64 = 0.25;

    /// A window analyses a long game a few throws a frame: the same analysis as at once.
    #[test]
    fn an_analysis_in_slices_is_the_analysis_at_once() {
        let record = played(Rules::default(), 6, 21, None);
        let whole = Analysis::of(&record).unwrap();
        let mut analyser = Analyser::new(&record).unwrap();
        let mut slices = 0;
        let sliced = loop {
            slices += 1;
            let (done, _) = analyser.progress();
            match analyser.advance(7).unwrap() {
                Some(analysis) => break analysis,
                None => assert!(analyser.progress().0 > done, "a slice moves on"),
            }
        };
        assert_eq!(sliced, whole);
        assert!(slices > whole.throws.len() / 7, "{slices} slices");
    }

    #[test]
    fn a_move_with_no_alternative_is_no_decision() {
        let a = check(&played(Rules::default(), 4, 11, None));
        let record = played(Rules::default(), 4, 11, None);
        let positions = record.positions().unwrap();
        let mut forced = 0;
        for d in &a.decisions {
            let at = &positions[d.step].game;
            if at.legal_moves().len() == 1 {
                assert!(!d.counted, "one legal move counted as a decision: {d:?}");
                forced += 1;
            }
        }
        assert!(forced > 0, "the game had no forced move to check");
        let s: u32 = a.seats.iter().map(|s| s.forced).sum();
        assert!(s as usize >= forced);
    }

    /// Seat 0 has thrown a 3: its piece on 14 can capture blue's only piece out (blue's 4,
    /// the square 17 of seat 0) and stand with nothing behind it, or its piece on 20 can walk
    /// to 23, six in front of blue's piece. The capture is best; the walk is at least an
    /// inaccuracy.
    #[test]
    fn a_safe_capture_beats_a_walk_into_danger() {
        let pos = |p: i16| if p < 0 { Pos::BASE } else { Pos::at(p as u8) };
        let pieces: [[i16; 4]; 4] = [[14, 20, -1, -1], [-1, -1, -1, 4], [-1; 4], [-1; 4]];
        let st = GameState {
            seats: 4,
            turn: 0,
            pieces: pieces
                .iter()
                .map(|ps| ps.iter().map(|&p| pos(p)).collect())
                .collect(),
            phase: PhaseState::Roll,
            roll: None,
            roll_off: None,
            sixes: 0,
            tries: 0,
            finished: Vec::new(),
            first_seat: 0,
            captured: Vec::new(),
        };
        let game = Game::from_state(Rules::default(), &st).unwrap();
        let choices = choices(&game, 3).unwrap();
        assert_eq!(choices.len(), 2, "{choices:?}");
        assert_eq!(choices[0].piece, 0, "the capture is best: {choices:?}");
        assert_eq!(choices[0].class, Class::Best);
        assert!(
            matches!(
                choices[1].class,
                Class::Inaccuracy | Class::Mistake | Class::Blunder
            ),
            "walking on instead of capturing: {choices:?}"
        );
        assert!(super::choices(&game, 7).is_err());
        // The same throw made, as a hint judges it.
        let mut rolled = game.clone();
        rolled.play_roll(3, &mut Discard);
        assert_eq!(choices_now(&rolled).unwrap(), choices);
        assert!(choices_now(&game).is_err());
    }
}
