//! What the rules make the aim of a game, for the levels' scores: a race of the few pieces
//! that win a shorter game (*pieces to win*), and a first capture where a seat needs one to
//! go home (*capture before home*).

use ludo_core::{Game, PiecesToWin};

/// What a step of the winning pieces (`race_gain`) and a seat's first capture under *capture
/// before home* add to `normal`'s and to `hard`'s scores, each on its own level's scale.
pub(crate) const NORMAL_RACE: f32 = 20.0;
pub(crate) const NORMAL_FIRST_CAPTURE: f32 = 60.0;
pub(crate) const HARD_RACE: f32 = 2.0;
pub(crate) const HARD_FIRST_CAPTURE: f32 = 30.0;

/// How far `seat`'s pieces that can win have walked: the sum of the progress of its
/// `pieces_to_win` most advanced pieces (a piece going round again as if on the last track
/// square). Zero under the standard game, where every piece counts alike.
pub(crate) fn lead(game: &Game, seat: usize) -> u32 {
    let rules = game.rules();
    if rules.pieces_to_win == PiecesToWin::ALL {
        return 0;
    }
    let (last, behind) = (game.track().last_track(), game.track().behind_start());
    let mut walked = game.pieces(seat as u8).map(|p| match p.progress() {
        None => 0,
        Some(q) if q == behind => u32::from(last),
        Some(q) => u32::from(q) + 1,
    });
    walked.sort_unstable_by(|a, b| b.cmp(a));
    walked[..rules.pieces_to_win.get() as usize].iter().sum()
}

/// Steps the winning pieces gained with a move (see `lead`).
pub(crate) fn race_gain(game: &Game, after: &Game, seat: usize) -> f32 {
    lead(after, seat) as f32 - lead(game, seat) as f32
}

/// Whether `seat` still needs a capture before its pieces may go home.
pub(crate) fn needs_capture(game: &Game, seat: usize) -> bool {
    game.rules().capture_before_home && !game.has_captured(seat as u8)
}
