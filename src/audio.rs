//! Sound through bevy_kira_audio: the die, each step, captures, the goal, the win, extra
//! rolls. With no sound device kira logs it once and the game runs silently.

use bevy::prelude::*;
use bevy_kira_audio::{Audio, AudioControl, AudioSource};

use crate::GameSet;
use crate::pieces::HopLanded;
use crate::play::{
    DiceRolled, ExtraRoll, GameOver, MoveChosen, PieceCaptured, PieceReachedGoal, RematchRequested,
    ThreeSixes,
};
use crate::settings::Settings;

#[derive(Resource)]
struct Sounds {
    roll: Handle<AudioSource>,
    step: Handle<AudioSource>,
    capture: Handle<AudioSource>,
    goal: Handle<AudioSource>,
    win: Handle<AudioSource>,
    extra_roll: Handle<AudioSource>,
    three_sixes: Handle<AudioSource>,
    click: Handle<AudioSource>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, load_sounds)
        .add_systems(Update, play_sounds.in_set(GameSet::React));
}

fn load_sounds(mut commands: Commands, assets: Res<AssetServer>) {
    commands.insert_resource(Sounds {
        roll: assets.load("sounds/roll.wav"),
        step: assets.load("sounds/step.wav"),
        capture: assets.load("sounds/capture.wav"),
        goal: assets.load("sounds/goal.wav"),
        win: assets.load("sounds/win.wav"),
        extra_roll: assets.load("sounds/extra_roll.wav"),
        three_sixes: assets.load("sounds/three_sixes.wav"),
        click: assets.load("sounds/click.wav"),
    });
}

#[allow(clippy::too_many_arguments)]
fn play_sounds(
    audio: Res<Audio>,
    sounds: Res<Sounds>,
    settings: Res<Settings>,
    mut rolled: MessageReader<DiceRolled>,
    mut steps: MessageReader<HopLanded>,
    mut captured: MessageReader<PieceCaptured>,
    mut goal: MessageReader<PieceReachedGoal>,
    mut over: MessageReader<GameOver>,
    mut extra: MessageReader<ExtraRoll>,
    mut sixes: MessageReader<ThreeSixes>,
    mut clicks: MessageReader<MoveChosen>,
    mut rematch: MessageReader<RematchRequested>,
) {
    let mut queue = Vec::new();
    // A click for every choice made and every button that starts something.
    if clicks.read().count() + rematch.read().count() > 0 {
        queue.push(&sounds.click);
    }
    if rolled.read().count() > 0 {
        queue.push(&sounds.roll);
    }
    if steps.read().count() > 0 {
        queue.push(&sounds.step);
    }
    if captured.read().count() > 0 {
        queue.push(&sounds.capture);
    }
    if goal.read().count() > 0 {
        queue.push(&sounds.goal);
    }
    if over.read().count() > 0 {
        queue.push(&sounds.win);
    }
    if extra.read().count() > 0 {
        queue.push(&sounds.extra_roll);
    }
    if sixes.read().count() > 0 {
        queue.push(&sounds.three_sixes);
    }
    if settings.muted {
        return;
    }
    for sound in queue {
        audio
            .play(sound.clone())
            .with_volume(settings.volume_db + settings.effects_db);
    }
}
