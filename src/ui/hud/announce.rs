//! What a screen reader says: each thing that happens as a sentence in the player's language
//! (the log's lines, and every move), what the player is asked to do when that changes, and,
//! when a person here is to move, the legal moves as a numbered choice. The browser hands
//! them to the page's live region (`launch::web`).

use bevy::prelude::*;
use ludo_core::{Awaiting, Event, Move, Pos};

use super::log::line;
use crate::i18n::{Arg, Texts, Words};
use crate::table::Table;
use crate::table::flow::{Decider, GameStarted, Happened};
use crate::table::settings::Settings;
use crate::table::signal::Signal;

/// Sentences to say, oldest first, until someone takes them (`take`).
#[derive(Resource, Default)]
pub struct Announcements {
    fresh: Vec<Announcement>,
    /// What happened while the player's language was still on its way, to be said in it.
    waiting: Vec<Told>,
    /// The engine's events of this game so far.
    events: u64,
    /// The last prompt and move choice said, so each is said once.
    prompt: String,
    choice: String,
    /// What the latest frame that said anything said (but the prompt): the desktop's HUD
    /// shows it as one live line that AccessKit hands to the screen reader.
    pub recent: Vec<String>,
    frame: Vec<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Announcement {
    pub text: String,
    /// The engine event it tells, counted from 0 at the game's start.
    pub event: Option<u64>,
}

impl Announcements {
    /// The sentences said since last taken (the browser's live region takes them).
    #[cfg(target_arch = "wasm32")]
    pub fn take(&mut self) -> Vec<Announcement> {
        std::mem::take(&mut self.fresh)
    }

    fn say(&mut self, text: String, event: Option<u64>) {
        if !text.is_empty() {
            self.frame.push(text.clone());
        }
        self.say_only(text, event);
    }

    /// A sentence the player should hear now (a review's step).
    pub fn say_now(&mut self, text: String) {
        self.say(text, None);
        self.recent = std::mem::take(&mut self.frame);
    }

    /// Said, but not in `recent` (the prompt: the HUD shows it already).
    fn say_only(&mut self, text: String, event: Option<u64>) {
        if !text.is_empty() {
            self.fresh.push(Announcement { text, event });
        }
        // Where nobody takes them (the desktop, for now), only the latest are kept.
        if self.fresh.len() > 400 {
            self.fresh.drain(..200);
        }
    }
}

enum Told {
    NewGame,
    Event(u64, Event),
}

/// Tell every engine event on the log (`Signal::Event`, `--print-events`): what the browser
/// test checks the live region's sentences against.
#[derive(Resource)]
pub struct PrintEvents;

/// Each event in words, in the engine's order, once the player's language is in.
pub(super) fn announce_events(
    mut said: ResMut<Announcements>,
    mut happened: MessageReader<Happened>,
    mut started: MessageReader<GameStarted>,
    table: Res<Table>,
    (texts, settings): (Res<Texts>, Res<Settings>),
    (print, mut signals): (Option<Res<PrintEvents>>, MessageWriter<Signal>),
) {
    said.frame.clear();
    if started.read().last().is_some() {
        said.events = 0;
        said.prompt.clear();
        said.choice.clear();
        said.waiting.push(Told::NewGame);
    }
    for Happened(event) in happened.read() {
        let n = said.events;
        said.events += 1;
        if print.is_some() {
            signals.write(Signal::Event {
                n,
                event: event.clone(),
            });
        }
        said.waiting.push(Told::Event(n, event.clone()));
    }
    if !texts.ready(&settings) {
        return;
    }
    for told in std::mem::take(&mut said.waiting) {
        match told {
            Told::NewGame => said.say(texts.get("log-new-game").into_string(), None),
            Told::Event(n, event) => {
                said.say(sentence(&event, &table, &texts), Some(n));
            }
        }
    }
}

/// An event in words, as the log writes it or, for a piece that moved, where it went.
pub fn sentence(event: &Event, table: &Table, texts: &Texts) -> String {
    match line(event) {
        Some(line) => line.text(texts, table),
        None => moved(event, table, texts).into_string(),
    }
}

/// A piece that left base or walked: "Red Ana moves piece 2 from square 14 to square 20".
fn moved(event: &Event, table: &Table, texts: &Texts) -> Words {
    match *event {
        Event::Entered { seat, piece } => texts.fmt(
            "say-enters",
            &[
                ("who", texts.seat(table, seat).into()),
                ("piece", u32::from(piece + 1).into()),
            ],
        ),
        Event::Moved {
            seat,
            piece,
            from,
            to,
        } => texts.fmt(
            "say-moves",
            &[
                ("who", texts.seat(table, seat).into()),
                ("piece", u32::from(piece + 1).into()),
                ("from", place(from, table, texts).into()),
                ("to", place(to, table, texts).into()),
            ],
        ),
        _ => Words::default(),
    }
}

/// Where a piece stands, in its owner's own steps: base, square 1 (its start) to the last
/// track square, home column 1…, goal.
fn place(pos: Pos, table: &Table, texts: &Texts) -> Words {
    let track = table.game.track();
    match pos.progress() {
        None => texts.get("say-base"),
        Some(p) if Pos::at(p) == table.game.goal() => texts.get("say-goal"),
        Some(p) if p <= track.last_track() => {
            texts.fmt("say-square", &[("n", u32::from(p + 1).into())])
        }
        // Going round again: the square behind its start, its own steps' last.
        Some(p) if p == track.behind_start() => {
            texts.fmt("say-square", &[("n", u32::from(track.len).into())])
        }
        Some(p) => texts.fmt(
            "say-home-column",
            &[("n", u32::from(p - track.last_track()).into())],
        ),
    }
}

/// What the player is asked to do, when it changes; and the legal moves as a choice.
pub(super) fn announce_prompt(
    mut said: ResMut<Announcements>,
    table: Res<Table>,
    texts: Res<Texts>,
    decider: Res<Decider>,
    fingers: Res<crate::board::input::Fingers>,
    settings: Res<Settings>,
) {
    if !texts.ready(&settings) {
        return;
    }
    let prompt = texts.prompt(&table, *decider, fingers.0).into_string();
    if prompt != said.prompt {
        said.prompt = prompt.clone();
        said.say_only(prompt, None);
    }
    let game = &table.game;
    let choice = if game.awaiting() == Awaiting::Move && decider.person_here(&table, game.turn()) {
        choices(&table, &texts, game.legal_moves()).into_string()
    } else {
        String::new()
    };
    if choice != said.choice {
        said.choice = choice.clone();
        said.say(choice, None);
    }
    if !said.frame.is_empty() {
        said.recent = said.frame.clone();
    }
}

/// "Moves to choose from, 1 to 2: 1: piece 1, square 3 to square 8, capturing blue Bea; 2:
/// piece 2, base to square 1." Whether a move captures, the engine says (on a copy of the
/// game).
fn choices(table: &Table, texts: &Texts, legal: &[Move]) -> Words {
    let options: Vec<String> = legal
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let mut after = table.game.clone();
            let mut events = Vec::new();
            let _ = after.choose(m.piece, &mut events);
            let victims: Vec<Words> = events
                .iter()
                .filter_map(|e| match e {
                    Event::Captured { seat, .. } => Some(texts.seat(table, *seat)),
                    _ => None,
                })
                .collect();
            let mut args: Vec<(&str, Arg)> = vec![
                ("n", (i + 1).into()),
                ("piece", u32::from(m.piece + 1).into()),
                ("from", place(m.from, table, texts).into()),
                ("to", place(m.to, table, texts).into()),
            ];
            let key = if victims.is_empty() {
                "say-option"
            } else {
                args.push(("victim", texts.list(&victims).into()));
                "say-option-capture"
            };
            texts.fmt(key, &args).into_string()
        })
        .collect();
    texts.fmt(
        "say-choose",
        &[
            ("count", legal.len().into()),
            ("moves", options.join("; ").into()),
        ],
    )
}

/// A widget the keyboard reaches (Tab) or whose value changes, in words: what a screen reader
/// says in the menus and windows. The browser only: on the desktop AccessKit hands egui's
/// widgets to the screen reader itself.
#[cfg(target_arch = "wasm32")]
pub(super) fn announce_focus(
    mut said: ResMut<Announcements>,
    outputs: Query<Ref<bevy_egui::EguiOutput>, With<bevy_egui::PrimaryEguiContext>>,
    texts: Res<Texts>,
) {
    use bevy_egui::egui::output::OutputEvent;
    for output in &outputs {
        if !output.is_changed() {
            continue;
        }
        for event in &output.platform_output.events {
            if let OutputEvent::FocusGained(info) | OutputEvent::ValueChanged(info) = event {
                said.say(widget(info, &texts), None);
            }
        }
    }
}

/// "New table, button", "Mute, checkbox, checked", "fast, chosen".
#[cfg(target_arch = "wasm32")]
fn widget(info: &bevy_egui::egui::WidgetInfo, texts: &Texts) -> String {
    use bevy_egui::egui::WidgetType;
    let label = info
        .label
        .clone()
        .or_else(|| info.current_text_value.clone())
        .unwrap_or_default();
    let state = |on: Option<bool>, yes: &str, no: &str| {
        on.map(|on| texts.get(if on { yes } else { no }).into_string())
            .unwrap_or_default()
    };
    let (key, state) = match info.typ {
        WidgetType::Button | WidgetType::Link => ("say-widget-button", String::new()),
        WidgetType::Checkbox => (
            "say-widget-checkbox",
            state(info.selected, "say-checked", "say-unchecked"),
        ),
        WidgetType::SelectableLabel | WidgetType::RadioButton => (
            "say-widget-choice",
            state(info.selected, "say-chosen", "say-not-chosen"),
        ),
        WidgetType::ComboBox => ("say-widget-list", String::new()),
        WidgetType::Slider | WidgetType::DragValue => (
            "say-widget-slider",
            info.value.map(|v| format!("{v:.0}")).unwrap_or_default(),
        ),
        WidgetType::TextEdit => ("say-widget-text", String::new()),
        WidgetType::CollapsingHeader => ("say-widget-section", String::new()),
        _ => ("say-widget", String::new()),
    };
    texts
        .fmt(key, &[("label", label.into()), ("state", state.into())])
        .into_string()
}
