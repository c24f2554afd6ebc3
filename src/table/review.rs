//! A finished game looked back at: its record replayed on `ludo-core` position by position,
//! the table showing the chosen one (the board, pieces and die follow `Table` as in play),
//! who was winning after every turn (`ludo_cpu::chances`), its moments, and the dice checked.
//! The table in play is set aside while a review is open and comes back when it closes.

use bevy::prelude::*;
use ludo_core::{Event, Position, ReplayError};
use ludo_cpu::analysis::{Analysis, Class, Decision};
use ludo_cpu::chances::{Chart, Moment};
use ludo_cpu::value_net::NetId;
use ludo_proto::{DiceCheck, GameFile};

use crate::table::analysing::Analysing;
use crate::table::flow::{Decider, GameStarted, TableOpened};
use crate::table::screen::Screen;
use crate::table::settings::Settings;
use crate::table::signal::Signal;
use crate::table::{GameSet, Table};

/// How many moments a review lists.
const MOMENTS: usize = 6;

/// A throw's luck for its roller worth a mark on the chart: ten points of win chance.
const VERY_LUCKY: f32 = 0.10;

/// The marks along a review's chart (`Review::chart_marks`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ChartMarks {
    /// (the chart's point, the seat, the class) of each mistake and blunder.
    pub classes: Vec<(usize, u8, Class)>,
    /// (the chart's point, the roller, lucky or not) of each very lucky or unlucky throw.
    pub dice: Vec<(usize, u8, bool)>,
}

/// What made a moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    Dice,
    Play,
}

/// A player asks to play the decision shown again (`Review::try_again`): a local game from
/// that position starts.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct TryAgainRequested;

/// What a player asks of an open review.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewStep {
    Back,
    Forward,
    /// To the position after this many steps.
    To(usize),
    NextCapture,
    NextSix,
    /// The next decision marked an inaccuracy or worse.
    NextMistake,
    /// Play or pause: the steps follow each other at the CPU's pace.
    PlayPause,
    Close,
}

#[derive(Resource)]
pub struct Review {
    pub file: GameFile,
    /// The start, then the game after each step.
    pub positions: Vec<Position>,
    /// The position shown.
    pub at: usize,
    /// Who was winning; `None` until the network it is rated by is loaded (`wanted`).
    pub chart: Option<Chart>,
    pub wanted: Option<NetId>,
    pub moments: Vec<Moment>,
    /// Luck or skill (docs/ANALYSIS.md), rated with the chart; `None` for a game not over
    /// and while it runs, a slice a frame (`analysing`).
    pub analysis: Option<Analysis>,
    analysing: Option<Analysing>,
    /// The dice checked (against a server's promise, or the record's own seed); `None`: the
    /// record has no seed.
    pub dice: Option<DiceCheck>,
    /// Each seat's faces.
    pub faces: Vec<ludo_core::fairness::Faces>,
    pub playing: bool,
    /// The screen the review was opened from, and returns to.
    pub back_to: Screen,
    since_step: f32,
    /// The table in play, set aside.
    live: Option<Table>,
    /// How long the chart took to rate, in microseconds.
    chart_micros: u64,
}

impl Review {
    /// Replays `file`'s record (whatever its dice: their check is said apart); fails naming
    /// the first step that cannot be played.
    pub fn open(file: GameFile) -> Result<Review, ReplayError> {
        let positions = file.steps_only().positions()?;
        let dice = file.check_dice();
        let faces = file.steps_only().faces_by_seat()?;
        let mut review = Review {
            file,
            positions,
            at: 0,
            chart: None,
            wanted: None,
            moments: Vec::new(),
            analysis: None,
            analysing: None,
            dice,
            faces,
            playing: false,
            back_to: Screen::Menu,
            since_step: 0.0,
            live: None,
            chart_micros: 0,
        };
        review.rate();
        Ok(review)
    }

    /// Rates the game's turns, if the network is there.
    pub fn rate(&mut self) {
        let start = bevy::platform::time::Instant::now();
        match Chart::of(&self.positions) {
            Ok(chart) => {
                self.chart_micros = start.elapsed().as_micros() as u64;
                self.moments = chart.moments(MOMENTS);
                self.chart = Some(chart);
                self.wanted = None;
                // The same rating: its network is in. A game not over has none.
                self.analysing = Analysing::start(&self.file.steps_only()).ok();
            }
            Err(id) => self.wanted = Some(id),
        }
    }

    /// What the log tells its watchers of the chart, once rated.
    pub fn chart_signal(&self) -> Option<Signal> {
        self.chart.as_ref().map(|chart| Signal::ReviewChart {
            turns: chart.points.len() - 1,
            micros: self.chart_micros,
        })
    }

    /// What the log tells its watchers of the review: its length and its dice.
    pub fn signal(&self) -> Signal {
        let dice = match &self.dice {
            Some(check) if check.is_fair() => "fair",
            Some(_) => "failed",
            None => "unchecked",
        };
        Signal::Review {
            steps: self.end(),
            dice: dice.into(),
        }
    }

    /// The decision of the position shown: the move it waits for, or the move that led to
    /// it.
    pub fn decision(&self) -> Option<&Decision> {
        let analysis = self.analysis.as_ref()?;
        analysis
            .decisions
            .iter()
            .find(|d| d.counted && (d.step == self.at || d.step + 1 == self.at))
    }

    /// The table on which the decision shown is played again: the position before its move,
    /// the same face thrown, its seat a person's and the others CPUs (`Table::trying_again`).
    pub fn try_again(&self) -> Option<Table> {
        let decision = self.decision()?;
        let position = self.positions.get(decision.step)?.game.clone();
        Some(Table::trying_again(
            &self.file.record,
            position,
            decision.step,
            decision.seat,
        ))
    }

    /// The position of the next decision after the one shown marked an inaccuracy or worse
    /// (before its move).
    fn next_mistake(&self) -> Option<usize> {
        let analysis = self.analysis.as_ref()?;
        analysis
            .decisions
            .iter()
            .find(|d| d.counted && d.class >= Class::Inaccuracy && d.step > self.at)
            .map(|d| d.step)
    }

    /// What made a moment (a turn of the chart): the dice, when the luck of the turn's throws
    /// for the moment's seat weighs at least as much as what the turn's decisions gave away;
    /// else a decision. `None` until the analysis is in.
    pub fn moment_cause(&self, moment: &Moment) -> Option<Cause> {
        let analysis = self.analysis.as_ref()?;
        let chart = self.chart.as_ref()?;
        // The turn went from position `from` to `to`: steps `from..to` (step j leads from
        // position j to j + 1).
        let from = chart.points.get(moment.point.checked_sub(1)?)?.at;
        let to = chart.points.get(moment.point)?.at;
        let within = |step: usize| (from..to).contains(&step);
        let luck: f32 = (analysis.throws.iter())
            .filter(|t| within(t.step))
            .map(|t| t.luck[usize::from(moment.seat)])
            .sum();
        let given_away: f32 = (analysis.decisions.iter())
            .filter(|d| d.counted && within(d.step))
            .map(|d| d.loss)
            .sum();
        Some(if luck.abs() >= given_away {
            Cause::Dice
        } else {
            Cause::Play
        })
    }

    /// Each turn of the chart with a mistake or a blunder (`?`, `??`; the inaccuracies would
    /// crowd the chart's top: the step's own line says them): (the chart's point, the seat,
    /// its class); and each throw that was very lucky or unlucky for its roller (ten
    /// points or more): (the point, the seat, lucky or not).
    pub fn chart_marks(&self) -> ChartMarks {
        let (Some(analysis), Some(chart)) = (&self.analysis, &self.chart) else {
            return Default::default();
        };
        let point = |step: usize| chart.points.iter().position(|p| p.at > step);
        let classes = (analysis.decisions.iter())
            .filter(|d| d.counted && d.class >= Class::Mistake)
            .filter_map(|d| Some((point(d.step)?, d.seat, d.class)))
            .collect();
        let dice = (analysis.throws.iter())
            .filter(|t| t.luck[usize::from(t.seat)].abs() >= VERY_LUCKY)
            .filter_map(|t| Some((point(t.step)?, t.seat, t.luck[usize::from(t.seat)] > 0.0)))
            .collect();
        ChartMarks { classes, dice }
    }

    /// The last position.
    pub fn end(&self) -> usize {
        self.positions.len() - 1
    }

    /// The events of the step that led to the position shown.
    pub fn events(&self) -> &[Event] {
        &self.positions[self.at].events
    }

    /// The first position after the one shown whose step made an event `wanted`.
    fn next_where(&self, wanted: impl Fn(&Event) -> bool) -> Option<usize> {
        (self.at + 1..self.positions.len()).find(|&i| self.positions[i].events.iter().any(&wanted))
    }

    /// The position where moment `k` (from 0) ends.
    pub fn moment_at(&self, k: usize) -> Option<usize> {
        let point = self.moments.get(k)?.point;
        Some(self.chart.as_ref()?.points[point].at)
    }

    /// The chart's point of the turn being shown (the last turn ended at or before it).
    pub fn point(&self) -> Option<usize> {
        let chart = self.chart.as_ref()?;
        chart.points.iter().rposition(|p| p.at <= self.at)
    }

    fn go(&mut self, step: ReviewStep) {
        let end = self.end();
        let to = match step {
            ReviewStep::Back => self.at.saturating_sub(1),
            ReviewStep::Forward => (self.at + 1).min(end),
            ReviewStep::To(at) => at.min(end),
            ReviewStep::NextCapture => self
                .next_where(|e| matches!(e, Event::Captured { .. }))
                .unwrap_or(self.at),
            ReviewStep::NextSix => self
                .next_where(|e| matches!(e, Event::Rolled { value: 6, .. }))
                .unwrap_or(self.at),
            ReviewStep::NextMistake => self.next_mistake().unwrap_or(self.at),
            ReviewStep::PlayPause => {
                self.playing = !self.playing;
                // Play from the start once the end is reached.
                if self.playing && self.at == end {
                    0
                } else {
                    self.at
                }
            }
            ReviewStep::Close => self.at,
        };
        if !matches!(step, ReviewStep::PlayPause) {
            self.playing = false;
        }
        self.since_step = 0.0;
        self.at = to;
    }
}

/// Shows `review` in place of the table in play (set aside until the review closes, or kept
/// aside when a review replaces the one open, `previous`); the caller says the table was
/// opened, so that it is drawn again.
pub fn begin(
    mut review: Review,
    previous: Option<&mut Review>,
    table: &mut Table,
    screen: Screen,
    commands: &mut Commands,
    next: &mut NextState<Screen>,
) {
    let shown = Table::reviewing(&review.file.record, review.positions[0].game.clone());
    let replaced = std::mem::replace(table, shown);
    match previous {
        Some(open) if screen == Screen::Review => {
            review.live = open.live.take();
            review.back_to = open.back_to;
        }
        _ => {
            review.live = Some(replaced);
            review.back_to = screen;
            next.set(Screen::Review);
        }
    }
    commands.insert_resource(review);
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ReviewStep>()
        .add_message::<TryAgainRequested>()
        .add_systems(
            Update,
            (step_review, show_position, try_again)
                .chain()
                .in_set(GameSet::Rules)
                .run_if(resource_exists::<Review>.and_then(in_state(Screen::Review))),
        )
        .add_systems(
            Update,
            analyse
                .in_set(GameSet::React)
                .run_if(resource_exists::<Review>),
        )
        .add_systems(OnExit(Screen::Review), end_review);
}

/// The player's steps, and the next step when playing.
fn step_review(
    mut steps: MessageReader<ReviewStep>,
    mut review: ResMut<Review>,
    mut next: ResMut<NextState<Screen>>,
    time: Res<Time>,
    settings: Res<Settings>,
) {
    for &step in steps.read() {
        if step == ReviewStep::Close {
            next.set(review.back_to);
        }
        review.go(step);
    }
    if review.playing {
        review.since_step += time.delta_secs();
        let pace = super::cpu::THINK_SECS / settings.cpu_speed.factor();
        if review.since_step >= pace {
            review.since_step = 0.0;
            review.at = (review.at + 1).min(review.end());
            review.playing = review.at < review.end();
        }
    }
}

/// The table shows the position chosen.
fn show_position(review: Res<Review>, mut table: ResMut<Table>, mut shown: Local<usize>) {
    if review.is_added() || *shown != review.at {
        table.game = review.positions[review.at].game.clone();
        *shown = review.at;
    }
}

/// The decision shown is played again at the table: the review closes onto the new game,
/// and the table set aside (a game this device was playing) is not brought back.
fn try_again(
    mut asked: MessageReader<TryAgainRequested>,
    mut review: ResMut<Review>,
    mut table: ResMut<Table>,
    mut next: ResMut<NextState<Screen>>,
    mut decider: ResMut<Decider>,
    mut opened: MessageWriter<TableOpened>,
    mut started: MessageWriter<GameStarted>,
    mut signals: MessageWriter<Signal>,
) {
    if asked.read().last().is_none() {
        return;
    }
    let Some(again) = review.try_again() else {
        return;
    };
    signals.write(Signal::TriedAgain {
        step: again.record.steps.len(),
        seat: again.game.turn(),
    });
    review.live = None;
    *table = again;
    *decider = Decider::Here;
    next.set(Screen::Playing);
    opened.write(TableOpened);
    started.write(GameStarted);
}

/// The review's analysis, a slice a frame.
fn analyse(mut review: ResMut<Review>, mut signals: MessageWriter<Signal>) {
    let Some(running) = review.analysing.as_mut() else {
        return;
    };
    match running.work() {
        Ok(None) => {}
        Ok(Some((analysis, signal))) => {
            review.analysis = Some(analysis);
            review.analysing = None;
            signals.write(signal);
        }
        Err(e) => {
            warn!("the game reviewed was not analysed: {e}");
            review.analysing = None;
        }
    }
}

/// The table in play comes back.
fn end_review(mut commands: Commands, review: Option<ResMut<Review>>, mut table: ResMut<Table>) {
    if let Some(live) = review.and_then(|mut r| r.live.take()) {
        *table = live;
    }
    commands.remove_resource::<Review>();
}
