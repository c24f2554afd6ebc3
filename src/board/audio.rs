//! Sound through bevy_kira_audio, each from the theme, each when the player sees its moment:
//! the die's rattle on the press and its knock as it lands, a tick per square (each a little
//! higher along the move), a pop out of the base, the thump as a captured piece is hit, a
//! chime as a piece lands in the goal, the win, extra rolls, a person's turn. With no sound
//! device kira logs it once and the game runs silently.

use bevy::prelude::*;
use bevy_kira_audio::{Audio, AudioControl};

use crate::board::BoardSet;
use crate::board::dice::{DieLanded, DieThrown};
use crate::board::hops::{Hit, HopLanded, PieceHome};
use crate::table::Table;
use crate::table::flow::{Decider, Happened, MoveChosen, RematchRequested};
use crate::table::settings::Settings;
use crate::theme::{ActiveTheme, Sound};
use ludo_core::Event;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, play_sounds.in_set(BoardSet::Show));
}

/// What the board's motions and the player's presses report this frame.
#[derive(bevy::ecs::system::SystemParam)]
struct Moments<'w, 's> {
    thrown: MessageReader<'w, 's, DieThrown>,
    landed: MessageReader<'w, 's, DieLanded>,
    steps: MessageReader<'w, 's, HopLanded>,
    hits: MessageReader<'w, 's, Hit>,
    home: MessageReader<'w, 's, PieceHome>,
    clicks: MessageReader<'w, 's, MoveChosen>,
    rematch: MessageReader<'w, 's, RematchRequested>,
    reactions: MessageReader<'w, 's, crate::online::ReactionHeard>,
}

/// The sounds of a frame: each once at most, the step's tick at the pitch of its square.
#[derive(Default)]
struct Queue(Vec<(Sound, f64)>);

impl Queue {
    fn add(&mut self, sound: Sound, rate: f64) {
        if !self.0.iter().any(|(s, _)| *s == sound) {
            self.0.push((sound, rate));
        }
    }
}

impl Moments<'_, '_> {
    /// The sounds of what moved: a click for every choice made and every button that starts
    /// something, the die, the highest step of a move, a hit, a piece home.
    fn heard(&mut self, queue: &mut Queue, step_pitch: f64) {
        if self.clicks.read().count() + self.rematch.read().count() > 0 {
            queue.add(Sound::Click, 1.0);
        }
        if self.thrown.read().count() > 0 {
            queue.add(Sound::Roll, 1.0);
        }
        if self.landed.read().count() > 0 {
            queue.add(Sound::Land, 1.0);
        }
        let step = self.steps.read().filter(|s| !s.enter).map(|s| s.step).max();
        if let Some(step) = step {
            queue.add(
                Sound::Step,
                1.0 + step_pitch * f64::from(step.saturating_sub(1)),
            );
        }
        if self.hits.read().count() > 0 {
            queue.add(Sound::Capture, 1.0);
        }
        if self.home.read().count() > 0 {
            queue.add(Sound::Goal, 1.0);
        }
        // A reaction: the click, higher and so softer to the ear.
        if self.reactions.read().count() > 0 {
            queue.add(Sound::Click, 1.6);
        }
    }
}

/// The sound of an engine event, if it has one: a piece out, the win, an extra roll, three
/// sixes, and the turn of a person here (the first, and each one after).
fn event_sound(event: &Event, table: &Table, decider: &Decider) -> Option<Sound> {
    Some(match event {
        Event::Entered { .. } => Sound::Enter,
        Event::GameOver { .. } => Sound::Win,
        Event::ExtraRoll { .. } => Sound::ExtraRoll,
        Event::ThreeSixes { .. } => Sound::ThreeSixes,
        Event::FirstPlayer { seat } | Event::TurnPassed { to: seat, .. }
            if decider.person_here(table, *seat) =>
        {
            Sound::YourTurn
        }
        _ => return None,
    })
}

fn play_sounds(
    audio: Res<Audio>,
    theme: Res<ActiveTheme>,
    settings: Res<Settings>,
    mut happened: MessageReader<Happened>,
    mut moments: Moments,
    (table, decider): (Res<Table>, Res<Decider>),
) {
    let mut queue = Queue::default();
    moments.heard(&mut queue, theme.look.animation.step_pitch as f64);
    for Happened(event) in happened.read() {
        if let Some(sound) = event_sound(event, &table, &decider) {
            queue.add(sound, 1.0);
        }
    }
    if settings.muted {
        return;
    }
    for (sound, rate) in queue.0 {
        audio
            .play(theme.sound(sound))
            .with_volume(settings.volume_db + settings.effects_db)
            .with_playback_rate(rate);
    }
}
