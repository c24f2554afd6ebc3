//! The theme's music: a quiet loop under the effects, on a channel of its own. It starts once
//! the game may make a sound of its own accord (in the browser after the first tap or key,
//! the browsers' autoplay rule; the file is fetched only then, never with the first menu),
//! follows the music volume (at its lowest, off) and the mute, gives way to the results'
//! fanfare for a few seconds, and changes with the theme. A file that cannot be played is said
//! once, naming the theme, and the game goes on without music.

use bevy::asset::LoadState;
use bevy::prelude::*;
use bevy_kira_audio::{AudioApp, AudioChannel, AudioControl, AudioSource, AudioTween};
use ludo_core::Event;

use crate::board::BoardSet;
use crate::table::flow::Happened;
use crate::table::settings::{MUSIC_OFF, Settings};
use crate::theme::ActiveTheme;

/// The music's channel.
#[derive(Resource)]
pub struct MusicChannel;

/// How far the music falls while the results' fanfare plays, and for how long.
const DUCK_DB: f32 = -14.0;
const DUCK_SECS: f32 = 4.0;

/// The music as it stands.
#[derive(Resource, Default)]
struct Music {
    /// The theme's music asked for, and its handle once it may be fetched.
    path: Option<String>,
    handle: Option<Handle<AudioSource>>,
    playing: bool,
    /// Whether the player has pressed anything yet (the browser's autoplay rule).
    heard_input: bool,
    /// The volume last set, and when the fanfare's ducking ends.
    volume_db: Option<f32>,
    duck_until: f32,
    /// A file that could not be played: not asked for again until the theme names another.
    failed: Option<String>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_audio_channel::<MusicChannel>()
        .init_resource::<Music>()
        .add_systems(
            Update,
            (hear_first_input, play_music)
                .chain()
                .in_set(BoardSet::Show),
        );
}

/// The first press of a key, a button or a finger: from then the browser lets the page play
/// sound. A desktop may play at once.
fn hear_first_input(
    mut music: ResMut<Music>,
    keys: Res<ButtonInput<KeyCode>>,
    mouse: Res<ButtonInput<MouseButton>>,
    touches: Res<Touches>,
) {
    if music.heard_input {
        return;
    }
    let pressed = keys.get_just_pressed().next().is_some()
        || mouse.get_just_pressed().next().is_some()
        || touches.iter_just_pressed().next().is_some();
    if pressed || !cfg!(target_arch = "wasm32") {
        music.heard_input = true;
    }
}

fn play_music(
    mut music: ResMut<Music>,
    channel: Res<AudioChannel<MusicChannel>>,
    theme: Res<ActiveTheme>,
    settings: Res<Settings>,
    server: Res<AssetServer>,
    time: Res<Time>,
    mut happened: MessageReader<Happened>,
) {
    let now = time.elapsed_secs();
    if happened
        .read()
        .any(|h| matches!(h.0, Event::GameOver { .. }))
    {
        music.duck_until = now + DUCK_SECS;
    }
    let on = !settings.muted && settings.music_db > MUSIC_OFF;
    let wanted = (theme.music.clone()).filter(|p| on && music.failed.as_ref() != Some(p));
    if wanted != music.path {
        if music.playing {
            channel.stop().fade_out(AudioTween::linear(half_second()));
        }
        *music = Music {
            path: wanted,
            heard_input: music.heard_input,
            duck_until: music.duck_until,
            failed: music.failed.take(),
            ..default()
        };
    }
    let Some(path) = music.path.clone() else {
        return;
    };
    if !music.heard_input {
        return;
    }
    let handle = music
        .handle
        .get_or_insert_with(|| server.load(path.clone()))
        .clone();
    let duck = if now < music.duck_until { DUCK_DB } else { 0.0 };
    let volume = settings.volume_db + settings.music_db + duck;
    if !music.playing {
        match server.load_state(&handle) {
            LoadState::Loaded => {
                channel
                    .play(handle)
                    .looped()
                    .with_volume(volume)
                    .fade_in(AudioTween::linear(half_second()));
                music.playing = true;
                music.volume_db = Some(volume);
            }
            LoadState::Failed(e) => {
                error!(
                    "assets/themes/{}/theme.ron: music: {path} cannot be played: {e}",
                    theme.folder
                );
                music.failed = Some(path);
            }
            _ => {}
        }
        return;
    }
    if music.volume_db != Some(volume) {
        channel
            .set_volume(volume)
            .fade_in(AudioTween::linear(half_second()));
        music.volume_db = Some(volume);
    }
}

fn half_second() -> std::time::Duration {
    std::time::Duration::from_millis(500)
}
