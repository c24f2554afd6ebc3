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
//!   with a learned value at the leaves that knows every house rule (`expert`); at a table of
//!   `random` players, two sampled rounds with `hard`'s network (`expert::round`).

pub mod expert;
pub mod tournament;
pub mod value_net;

pub use ludo_core::CpuLevel;

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use ludo_core::Chooser;
use ludo_core::Event;
use ludo_core::{EventSink, Game, Move};
use ludo_core::{Impassable, SafeSquares};

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
    table: [Option<CpuLevel>; 4],
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
            table: [None; 4],
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
        match self.level {
            CpuLevel::Hard if self.learned && value_net::knows(game.rules()) => {
                Some(NetId::new(Kind::Hard, game.seats()))
            }
            CpuLevel::Expert if self.at_random_table(game) => {
                Some(NetId::new(Kind::Hard, game.seats()))
            }
            CpuLevel::Expert if game.rules().rank_all && game.seats() > 2 => {
                Some(NetId::rank_all(game.seats()))
            }
            CpuLevel::Expert => Some(NetId::new(Kind::Expert, game.seats())),
            _ => None,
        }
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
        self.rounds && others <= 1 && value_net::knows(game.rules()) && !game.rules().rank_all
    }

    /// Whether `expert` plays `game` through the rounds to come with its own network under
    /// *rank all players* (`expert::round::choose_seeing`): at three or four seats, every other
    /// seat a CPU whose pick the search models (`random`, `easy`, `normal`, `hard`; not a
    /// person). Against three `normal` players it placed 2.05 on average over 20,000 games; with
    /// the network's first training, 2.08 over 2,500 where the search by the dice placed 2.18
    /// (docs/CPU_PLAYERS.md).
    fn ranking_rounds(&self, game: &Game) -> bool {
        use CpuLevel::{Easy, Hard, Normal, Random};
        let seats = game.seats() as usize;
        let others = (0..seats)
            .filter(|&s| !matches!(self.table[s], Some(Random | Easy | Normal | Hard)))
            .count();
        self.rounds && game.rules().rank_all && seats > 2 && others <= 1
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
    pub fn seeing(mut self, table: [Option<CpuLevel>; 4]) -> Cpu {
        self.table = table;
        self
    }
}

impl Chooser for Cpu {
    fn cpu_level(&self) -> Option<CpuLevel> {
        Some(self.level)
    }

    fn see_table(&mut self, table: &[Option<CpuLevel>; 4]) {
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

/// What a move leads to, collected from its events.
#[derive(Default)]
struct Outcome {
    captured_progress: u32,
    captures: u32,
    extra_roll: bool,
    reached_goal: bool,
    won: bool,
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
fn try_move(game: &Game, m: &Move) -> (Game, Outcome) {
    let mut after = game.clone();
    let mut outcome = Outcome::default();
    let roll = game.pending_roll().unwrap_or(0);
    // Progress of the pieces a capture would send home, before they go.
    if let Some(sq) =
        m.to.progress()
            .and_then(|q| game.track().square(game.turn() as usize, q))
    {
        for o in 0..game.seats() as usize {
            if o != game.turn() as usize {
                for p in game.pieces(o as u8) {
                    if p.progress().and_then(|q| game.track().square(o, q)) == Some(sq) {
                        outcome.captured_progress += p.raw() as u32;
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
fn threat(game: &Game, seat: usize, sq: u8) -> f32 {
    let track = &game.track();
    if track.is_safe(sq) {
        return 0.0;
    }
    let blocks = game.rules().impassable == Impassable::BlocksOfTwo;
    if blocks && game.occupancy().blocks(seat) & (1 << sq) != 0 {
        return 0.0;
    }
    let mut safe = 1.0f32;
    for o in 0..game.seats() as usize {
        if o == seat || game.finished().contains(&(o as u8)) {
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

fn landing_square(game: &Game, m: &Move) -> Option<u8> {
    game.track().square(game.turn() as usize, m.to.raw())
}

fn easy_score(game: &Game, m: &Move) -> f32 {
    let (_, out) = try_move(game, m);
    let mut s = m.to.raw() as f32 * 0.05;
    s += out.captures as f32 * 30.0;
    if m.from.is_base() {
        s += 20.0;
    }
    if out.reached_goal {
        s += 25.0;
    }
    s
}

/// The constants of the `normal` level's score: what a move earns (a capture, leaving base,
/// the home column, a safe square, a block) and what its danger costs. The defaults are the
/// first steps of a coordinate descent against `random` players
/// (`cargo run --release -p ludo-core --example tune_normal`), stopped there so that `normal`
/// stays a step below `hard`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NormalWeights {
    /// Per capture, when a capture earns another roll and when it does not.
    pub capture_roll: f32,
    pub capture: f32,
    pub capture_progress: f32,
    pub goal: f32,
    pub enter: f32,
    pub home: f32,
    /// Danger left behind minus danger walked into, times what is at stake: `stake_base`
    /// plus `stake_step` per step of the piece's progress.
    pub danger: f32,
    pub stake_base: f32,
    pub stake_step: f32,
    pub safe: f32,
    pub block: f32,
    pub progress: f32,
}

impl Default for NormalWeights {
    /// `normal`'s constants.
    fn default() -> Self {
        NormalWeights {
            capture_roll: 60.0,
            capture: 45.0,
            capture_progress: 0.5,
            goal: 0.0,
            enter: 52.5,
            home: 12.5,
            danger: 2.25,
            stake_base: 10.0,
            stake_step: 0.6,
            safe: 8.0,
            block: 6.0,
            progress: 0.1,
        }
    }
}

/// Scores a move for `normal` under the given constants.
pub fn normal_score_with(w: &NormalWeights, game: &Game, m: &Move) -> f32 {
    let (after, out) = try_move(game, m);
    let danger = move_danger(game, m, &after);
    normal_score_after(w, game, m, &after, &out, danger)
}

/// The moved piece's chance of capture where it stands and where it lands (each 0 off the
/// track), before its owner moves again.
#[derive(Clone, Copy)]
struct MoveDanger {
    from: f32,
    to: f32,
}

fn move_danger(game: &Game, m: &Move, after: &Game) -> MoveDanger {
    let seat = game.turn() as usize;
    MoveDanger {
        from: m
            .from
            .progress()
            .and_then(|q| game.track().square(seat, q))
            .map_or(0.0, |sq| threat(game, seat, sq)),
        to: landing_square(game, m).map_or(0.0, |sq| threat(after, seat, sq)),
    }
}

fn normal_score_after(
    w: &NormalWeights,
    game: &Game,
    m: &Move,
    after: &Game,
    out: &Outcome,
    danger: MoveDanger,
) -> f32 {
    let seat = game.turn() as usize;
    let last = game.track().last_track();
    let mut s = 0.0;
    if out.won {
        return 10_000.0;
    }
    // Captures are worth more when they also earn a roll.
    let capture_worth = if game.rules().extra_roll_on_capture {
        w.capture_roll
    } else {
        w.capture
    };
    s += out.captures as f32 * capture_worth + out.captured_progress as f32 * w.capture_progress;
    if out.reached_goal {
        s += w.goal;
    }
    if m.from.is_base() {
        s += w.enter;
    }
    // Into the home column: safe for good.
    if m.from.raw() <= last && m.to.raw() > last && !m.from.is_base() {
        s += w.home;
    }
    let at_stake = w.stake_base + m.to.raw() as f32 * w.stake_step;
    s += (danger.from - danger.to) * at_stake * w.danger;
    if let Some(sq) = landing_square(game, m) {
        if game.track().is_safe(sq) && game.rules().safe_squares != SafeSquares::None {
            s += w.safe;
        }
        if game.rules().impassable == Impassable::BlocksOfTwo
            && after.occupancy().blocks(seat) & (1 << sq) != 0
        {
            s += w.block;
        }
    }
    s + m.to.raw() as f32 * w.progress
}

/// The weights of the `hard` level's evaluation. The defaults were tuned by coordinate
/// descent on tournaments against both `random` and `normal` players
/// (`cargo run --release -p ludo-core --example tune -- 6000 2 both`, then
/// `… tune -- 6000 1 both local`, which also tunes `local`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HardWeights {
    /// Per captured piece, plus the captured piece's progress times `capture_progress`.
    pub capture: f32,
    pub capture_progress: f32,
    /// For a move that earns another roll.
    pub extra_roll: f32,
    /// For bringing a piece out of base.
    pub enter: f32,
    /// For a piece entering its home column (safe for good).
    pub home: f32,
    pub goal: f32,
    /// Per step of progress made.
    pub progress: f32,
    /// Times the expected loss of all own pieces after the move (chance × what is at stake).
    pub risk: f32,
    /// What a piece on the track is worth, before its progress.
    pub piece_worth: f32,
    /// Times the expected loss of the opponents' pieces to our own pieces' next roll.
    pub pressure: f32,
    /// Weight of the look-ahead: for a move that earns another roll, the average over the
    /// six faces of the best score of the next move.
    pub lookahead: f32,
    /// For leaving a square where the piece was in danger (chance × stake).
    pub escape: f32,
    /// Weight of a second opinion: the moved piece's own score, shaped like `normal`'s
    /// (entering, captures, danger left and walked into, safe squares) with `local`'s
    /// constants. It weighs the one piece's danger far more than the whole-position terms do.
    pub local_weight: f32,
    pub local: NormalWeights,
}

impl Default for HardWeights {
    fn default() -> Self {
        HardWeights {
            capture: 1.875,
            capture_progress: 0.9,
            extra_roll: 0.0,
            enter: 30.0,
            home: 0.0,
            goal: 6.25,
            progress: 0.1125,
            risk: 1.2,
            piece_worth: 6.0,
            pressure: 0.2,
            lookahead: 0.9,
            escape: 1.5,
            local_weight: 0.3,
            // `normal`'s shape tuned alone against three `random` players
            // (`cargo run --release -p ludo-core --example tune_normal`); `safe` then by
            // `tune -- 6000 1 both local`.
            local: NormalWeights {
                capture_roll: 60.0,
                capture: 45.0,
                capture_progress: 0.5,
                goal: 0.0,
                enter: 78.75,
                home: 0.0,
                danger: 5.625,
                stake_base: 15.0,
                stake_step: 0.6,
                safe: 18.0,
                block: 0.0,
                progress: 0.1,
            },
        }
    }
}

/// Expected loss of `seat`'s pieces on the track: each piece's chance of capture times its
/// worth.
fn exposure(game: &Game, seat: usize, worth: f32) -> f32 {
    let last = game.track().last_track();
    let mut loss = 0.0;
    for p in game.pieces(seat as u8) {
        if let Some(q) = p.progress().filter(|&q| q <= last) {
            let sq = game.track().square(seat, q).expect("on the track");
            loss += threat(game, seat, sq) * (worth + q as f32);
        }
    }
    loss
}

/// Scores a move for `hard` under the given weights, looking one roll ahead when the move
/// earns another roll.
pub fn hard_score_with(w: &HardWeights, game: &Game, m: &Move) -> f32 {
    let (after, out) = try_move(game, m);
    let mut s = hard_score_after(w, game, m, &after, &out);
    if out.extra_roll && !out.won && w.lookahead != 0.0 {
        let mut total = 0.0;
        for face in 1..=6 {
            let mut next = after.clone();
            next.play_roll(face, &mut ludo_core::Discard);
            let best = next
                .legal_moves()
                .iter()
                .map(|m2| {
                    let (a2, o2) = try_move(&next, m2);
                    hard_score_after(w, &next, m2, &a2, &o2)
                })
                .fold(None, |acc: Option<f32>, v| {
                    Some(acc.map_or(v, |a| a.max(v)))
                });
            total += best.unwrap_or(0.0);
        }
        s += w.lookahead * total / 6.0;
    }
    s
}

fn hard_score_after(w: &HardWeights, game: &Game, m: &Move, after: &Game, out: &Outcome) -> f32 {
    let me = game.turn() as usize;
    if out.won {
        return 1.0e6;
    }
    let last = game.track().last_track();
    let mut s = 0.0;
    s += out.captures as f32 * w.capture + out.captured_progress as f32 * w.capture_progress;
    if out.extra_roll {
        s += w.extra_roll;
    }
    if m.from.is_base() {
        s += w.enter;
    }
    if !m.from.is_base() && m.from.raw() <= last && m.to.raw() > last {
        s += w.home;
    }
    if out.reached_goal {
        s += w.goal;
    }
    let gained = m.to.raw() as f32 - m.from.progress().map_or(0.0, |q| q as f32);
    s += gained * w.progress;
    s -= w.risk * exposure(after, me, w.piece_worth);
    // Worked out once for both the escape term and the second opinion.
    let danger = move_danger(game, m, after);
    if !m.from.is_base() {
        s += w.escape * danger.from * (w.piece_worth + m.from.raw() as f32);
    }
    if w.local_weight != 0.0 {
        s += w.local_weight * normal_score_after(&w.local, game, m, after, out, danger);
    }
    if w.pressure != 0.0 {
        let n = game.seats() as usize;
        let pressure: f32 = (0..n)
            .filter(|&o| o != me)
            .map(|o| exposure(after, o, w.piece_worth))
            .sum();
        s += w.pressure * pressure;
    }
    s
}
