//! The log: the last things that happened, newest first, from the table's messages.

use std::collections::VecDeque;

use bevy::prelude::*;

use crate::i18n::{Arg, Texts};
use crate::table::Table;
use crate::table::flow::{GameStarted, Happened};
use ludo_core::Event;

/// The last things that happened, newest first: each a message of the language files with
/// its words, put into words when drawn (so a new language applies to them too).
#[derive(Resource, Default)]
pub struct Log(pub VecDeque<LogLine>);

/// One line of the log: a message key and what fills it.
#[derive(Clone, Debug)]
pub struct LogLine {
    pub key: &'static str,
    pub words: Vec<(&'static str, Word)>,
}

/// What fills a log message's variable.
#[derive(Clone, Debug)]
pub enum Word {
    /// A seat, named as "red Ana".
    Seat(u8),
    Number(u32),
    /// Reasons, each a message key, joined as a list.
    Keys(Vec<&'static str>),
}

impl LogLine {
    fn new(key: &'static str, words: Vec<(&'static str, Word)>) -> LogLine {
        LogLine { key, words }
    }

    /// The line in the current language, in reading order.
    pub fn text(&self, texts: &Texts, table: &Table) -> String {
        let args: Vec<(&str, Arg)> = self
            .words
            .iter()
            .map(|(name, word)| {
                let value = match word {
                    Word::Seat(seat) => texts.seat(table, *seat).into(),
                    Word::Number(n) => Arg::from(*n),
                    Word::Keys(keys) => {
                        let words: Vec<_> = keys.iter().map(|k| texts.get(k)).collect();
                        texts.list(&words).into()
                    }
                };
                (*name, value)
            })
            .collect();
        texts.fmt(self.key, &args).into_string()
    }
}

/// One line per engine event worth telling, in the engine's order.
pub(super) fn line(event: &Event) -> Option<LogLine> {
    let who = |seat: u8| ("who", Word::Seat(seat));
    Some(match *event {
        Event::RollOff { seat, value } => LogLine::new(
            "log-rolls-first",
            vec![who(seat), ("value", Word::Number(value.into()))],
        ),
        Event::Rolled { seat, value } => LogLine::new(
            "log-rolls",
            vec![who(seat), ("value", Word::Number(value.into()))],
        ),
        Event::FirstPlayer { seat } => LogLine::new("log-starts", vec![who(seat)]),
        Event::NoLegalMove { seat } => LogLine::new("log-cannot-move", vec![who(seat)]),
        Event::Captured { seat, by, .. } => {
            LogLine::new("log-captures", vec![who(by), ("victim", Word::Seat(seat))])
        }
        Event::ReachedGoal { seat, .. } => LogLine::new("log-home", vec![who(seat)]),
        Event::ThreeSixes { seat } => LogLine::new("log-three-sixes", vec![who(seat)]),
        Event::ExtraRoll { seat, reasons: r } => {
            let why: Vec<&'static str> = [
                (r.six, "why-six"),
                (r.capture, "why-capture"),
                (r.goal, "why-goal"),
                (r.retry, "why-retry"),
            ]
            .into_iter()
            .filter_map(|(on, key)| on.then_some(key))
            .collect();
            LogLine::new("log-extra-roll", vec![who(seat), ("why", Word::Keys(why))])
        }
        Event::SeatFinished { seat, place } => LogLine::new(
            "log-finishes",
            vec![who(seat), ("place", Word::Number(place.into()))],
        ),
        Event::Entered { .. }
        | Event::Moved { .. }
        | Event::TurnPassed { .. }
        | Event::GameOver { .. } => return None,
    })
}

pub(super) fn write_log(
    mut log: ResMut<Log>,
    mut happened: MessageReader<Happened>,
    mut started: MessageReader<GameStarted>,
) {
    let mut lines = Vec::new();
    if started.read().last().is_some() {
        log.0.clear();
        lines.push(LogLine::new("log-new-game", vec![]));
    }
    lines.extend(happened.read().filter_map(|h| line(&h.0)));
    for line in lines {
        log.0.push_front(line);
    }
    log.0.truncate(8);
}
