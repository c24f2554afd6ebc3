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

/// What the board's motions report this frame.
#[derive(bevy::ecs::system::SystemParam)]
struct Moments<'w, 's> {
    thrown: MessageReader<'w, 's, DieThrown>,
    landed: MessageReader<'w, 's, DieLanded>,
    steps: MessageReader<'w, 's, HopLanded>,
    hits: MessageReader<'w, 's, Hit>,
    home: MessageReader<'w, 's, PieceHome>,
}

fn play_sounds(
    audio: Res<Audio>,
    theme: Res<ActiveTheme>,
    settings: Res<Settings>,
    mut happened: MessageReader<Happened>,
    mut moments: Moments,
    mut clicks: MessageReader<MoveChosen>,
    mut rematch: MessageReader<RematchRequested>,
    (table, decider): (Res<Table>, Res<Decider>),
) {
    // Each sound once a frame at most; the step's tick at the pitch of its square.
    let mut queue: Vec<(Sound, f64)> = Vec::new();
    let mut add = |sound: Sound, rate: f64| {
        if !queue.iter().any(|(s, _)| *s == sound) {
            queue.push((sound, rate));
        }
    };
    // A click for every choice made and every button that starts something.
    if clicks.read().count() + rematch.read().count() > 0 {
        add(Sound::Click, 1.0);
    }
    if moments.thrown.read().count() > 0 {
        add(Sound::Roll, 1.0);
    }
    if moments.landed.read().count() > 0 {
        add(Sound::Land, 1.0);
    }
    let pitch = theme.look.animation.step_pitch as f64;
    if let Some(step) = moments
        .steps
        .read()
        .filter(|s| !s.enter)
        .map(|s| s.step)
        .max()
    {
        add(Sound::Step, 1.0 + pitch * f64::from(step.saturating_sub(1)));
    }
    if moments.hits.read().count() > 0 {
        add(Sound::Capture, 1.0);
    }
    if moments.home.read().count() > 0 {
        add(Sound::Goal, 1.0);
    }
    for Happened(event) in happened.read() {
        let sound = match event {
            Event::Entered { .. } => Sound::Enter,
            Event::GameOver { .. } => Sound::Win,
            Event::ExtraRoll { .. } => Sound::ExtraRoll,
            Event::ThreeSixes { .. } => Sound::ThreeSixes,
            // The first turn, and each one after.
            Event::FirstPlayer { seat } | Event::TurnPassed { to: seat, .. }
                if decider.person_here(&table, *seat) =>
            {
                Sound::YourTurn
            }
            _ => continue,
        };
        add(sound, 1.0);
    }
    if settings.muted {
        return;
    }
    for (sound, rate) in queue {
        audio
            .play(theme.sound(sound))
            .with_volume(settings.volume_db + settings.effects_db)
            .with_playback_rate(rate);
    }
}
