//! Sound through bevy_kira_audio: the die, each step, captures, the goal, the win, extra
//! rolls, each from the theme. With no sound device kira logs it once and the game runs silently.

use bevy::prelude::*;
use bevy_kira_audio::{Audio, AudioControl};

use crate::GameSet;
use crate::pieces::HopLanded;
use crate::play::{
    DiceRolled, ExtraRoll, GameOver, MoveChosen, PieceCaptured, PieceReachedGoal, RematchRequested,
    ThreeSixes,
};
use crate::settings::Settings;
use crate::theme::{ActiveTheme, Sound};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, play_sounds.in_set(GameSet::React));
}

#[allow(clippy::too_many_arguments)]
fn play_sounds(
    audio: Res<Audio>,
    theme: Res<ActiveTheme>,
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
        queue.push(Sound::Click);
    }
    if rolled.read().count() > 0 {
        queue.push(Sound::Roll);
    }
    if steps.read().count() > 0 {
        queue.push(Sound::Step);
    }
    if captured.read().count() > 0 {
        queue.push(Sound::Capture);
    }
    if goal.read().count() > 0 {
        queue.push(Sound::Goal);
    }
    if over.read().count() > 0 {
        queue.push(Sound::Win);
    }
    if extra.read().count() > 0 {
        queue.push(Sound::ExtraRoll);
    }
    if sixes.read().count() > 0 {
        queue.push(Sound::ThreeSixes);
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
