//! Sound through bevy_kira_audio: the die, each step, captures, the goal, the win, extra
//! rolls, a person's turn, each from the theme. With no sound device kira logs it once and the game runs silently.

use bevy::prelude::*;
use bevy_kira_audio::{Audio, AudioControl};

use crate::board::pieces::HopLanded;
use crate::table::GameSet;
use crate::table::Table;
use crate::table::flow::{Decider, Happened, MoveChosen, RematchRequested};
use crate::table::settings::Settings;
use crate::theme::{ActiveTheme, Sound};
use ludo_core::Event;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, play_sounds.in_set(GameSet::React));
}

fn play_sounds(
    audio: Res<Audio>,
    theme: Res<ActiveTheme>,
    settings: Res<Settings>,
    mut happened: MessageReader<Happened>,
    mut steps: MessageReader<HopLanded>,
    mut clicks: MessageReader<MoveChosen>,
    mut rematch: MessageReader<RematchRequested>,
    (table, decider): (Res<Table>, Res<Decider>),
) {
    let mut queue = Vec::new();
    // A click for every choice made and every button that starts something.
    if clicks.read().count() + rematch.read().count() > 0 {
        queue.push(Sound::Click);
    }
    if steps.read().count() > 0 {
        queue.push(Sound::Step);
    }
    // One sound of each kind a frame, in the engine's order.
    for Happened(event) in happened.read() {
        let sound = match event {
            Event::RollOff { .. } | Event::Rolled { .. } => Sound::Roll,
            Event::Captured { .. } => Sound::Capture,
            Event::ReachedGoal { .. } => Sound::Goal,
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
        if !queue.contains(&sound) {
            queue.push(sound);
        }
    }
    if settings.muted {
        return;
    }
    for sound in queue {
        audio
            .play(theme.sound(sound))
            .with_volume(settings.volume_db + settings.effects_db);
    }
}
