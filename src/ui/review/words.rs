//! A review in words: the step shown, a chart's value, a moment, the dice check.

use ludo_core::Event;
use ludo_cpu::chances::{Measure, Moment};
use ludo_proto::DiceCheck;

use crate::i18n::{Texts, Words};
use crate::table::Table;
use crate::table::review::{Cause, Review};
use crate::ui::hud::announce::sentence;

/// What the step shown did, in sentences ("Red Ana rolls 6. Red Ana moves piece 1 …").
pub fn step_sentence(review: &Review, table: &Table, texts: &Texts) -> Words {
    if review.at == 0 {
        return texts.get("review-start");
    }
    let said: Vec<String> = review
        .events()
        .iter()
        .map(|e| sentence(e, table, texts))
        .filter(|s| !s.is_empty())
        .collect();
    texts.line(said.join(" · ")).capitalised()
}

/// A seat's value on the chart: "38%", or an expected place "2.4".
pub fn value(measure: Measure, v: f32, texts: &Texts) -> Words {
    match measure {
        Measure::Win => texts.line(format!("{:.0}%", v * 100.0)),
        Measure::Place => texts.fmt("review-place", &[("place", format!("{v:.1}").into())]),
    }
}

/// The event that tells a turn best: a capture, a seat finishing, a piece home, three sixes,
/// a piece out of its base, a six, else its first move.
fn telling(events: &[&Event]) -> Option<Event> {
    let rank = |e: &Event| match e {
        Event::Captured { .. } => 0,
        Event::SeatFinished { .. } => 1,
        Event::ReachedGoal { .. } => 2,
        Event::ThreeSixes { .. } => 3,
        Event::Entered { .. } => 4,
        Event::Rolled { value: 6, .. } => 5,
        Event::Moved { .. } => 6,
        Event::NoLegalMove { .. } => 7,
        _ => 8,
    };
    events
        .iter()
        .filter(|e| rank(e) < 8)
        .min_by_key(|e| rank(e))
        .map(|e| (*e).clone())
}

/// "Turn 41: red Ana captures blue Bea — blue Bea 38% → 12%".
pub fn moment_sentence(review: &Review, moment: &Moment, table: &Table, texts: &Texts) -> Words {
    let Some(chart) = &review.chart else {
        return Words::default();
    };
    let from = chart.points[moment.point - 1].at + 1;
    let to = chart.points[moment.point].at;
    let events: Vec<&Event> = review.positions[from..=to]
        .iter()
        .flat_map(|p| &p.events)
        .collect();
    let what = telling(&events).map_or_else(String::new, |e| sentence(&e, table, texts));
    // Under partners the chance is the pair's: both are named.
    let mut who = texts.seat(table, moment.seat).into_string();
    if let Some(p) = table.game.rules().partner(moment.seat) {
        let colour = texts.colour(table.layout.colours[p as usize]);
        let with = texts.fmt("plate-with-partner", &[("partner", colour.into())]);
        who = format!("{who} {with}");
    }
    let sentence = texts.fmt(
        "review-moment",
        &[
            ("turn", moment.point.into()),
            ("what", what.into()),
            ("who", who.into()),
            ("before", value(chart.measure, moment.before, texts).into()),
            ("after", value(chart.measure, moment.after, texts).into()),
        ],
    );
    let Some(cause) = review.moment_cause(moment) else {
        return sentence;
    };
    let cause = match cause {
        Cause::Dice => texts.get("review-cause-dice"),
        Cause::Play => texts.get("review-cause-play"),
    };
    texts.fmt(
        "review-moment-cause",
        &[
            ("moment", sentence.into_string().into()),
            ("cause", cause.into_string().into()),
        ],
    )
}

/// The dice check in words, and whether it failed.
pub fn dice_sentence(review: &Review, texts: &Texts) -> (Words, bool) {
    let rolls = review
        .file
        .record
        .steps
        .iter()
        .filter(|s| matches!(s, ludo_core::Step::Roll(_)))
        .count();
    let served = review.file.served.is_some() || review.file.sealed.is_some();
    let shares = review
        .file
        .sealed
        .as_ref()
        .map(|s| s.shares.iter().filter(|s| s.secret.is_some()).count());
    match &review.dice {
        None => (texts.get("review-dice-no-seed"), false),
        Some(DiceCheck::Fair) if !served => (
            texts.fmt(
                "review-dice-local",
                &[
                    (
                        "seed",
                        review
                            .file
                            .record
                            .seed
                            .map(|s| s.to_string())
                            .unwrap_or_default()
                            .into(),
                    ),
                    ("rolls", rolls.into()),
                ],
            ),
            false,
        ),
        Some(DiceCheck::Fair) => match shares {
            Some(shares) => (
                texts.fmt(
                    "review-dice-sealed-fair",
                    &[("shares", shares.into()), ("rolls", rolls.into())],
                ),
                false,
            ),
            None => (
                texts.fmt("review-dice-fair", &[("rolls", rolls.into())]),
                false,
            ),
        },
        Some(DiceCheck::ShareNotPromised { seat }) => (
            texts.fmt(
                "review-dice-bad-share",
                &[("seat", u32::from(*seat + 1).into())],
            ),
            true,
        ),
        Some(DiceCheck::NotASecret { .. }) => (texts.get("review-dice-not-a-secret"), true),
        Some(DiceCheck::SeedNotPromised { .. }) => (texts.get("review-dice-bad-seed"), true),
        Some(DiceCheck::RollNotTheDie {
            step,
            expected,
            got,
        }) => (
            texts.fmt(
                "review-dice-bad-roll",
                &[
                    ("step", (*step).into()),
                    ("got", u32::from(*got).into()),
                    ("expected", u32::from(*expected).into()),
                ],
            ),
            true,
        ),
        Some(DiceCheck::Unplayable(e)) => (
            texts.fmt("review-dice-unplayable", &[("error", e.clone().into())]),
            true,
        ),
    }
}
