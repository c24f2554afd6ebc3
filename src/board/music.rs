//! The theme's music: a quiet loop under the effects, on a channel of its own. On a desktop it
//! starts at once; in the browser with the first table (or review) on screen, after the
//! player has pressed something (the browsers' autoplay rule), so that the file is never part
//! of what a first visit fetches for the menu,
//! follows the music volume (at its lowest, off) and the mute, gives way to the results'
//! fanfare for a few seconds, and changes with the theme. A file that cannot be played is said
//! once, naming the theme, and the game goes on without music.

use bevy::asset::LoadState;
use bevy::prelude::*;
use bevy_kira_audio::{AudioApp, AudioChannel, AudioControl, AudioSource, AudioTween};
use ludo_core::Event;

use crate::board::BoardSet;
use crate::table::flow::Happened;
use crate::table::screen::Screen;
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
    /// Whether the music may begin (see the module's comment); once true, it stays so.
    may_begin: bool,
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
            (may_begin, play_music).chain().in_set(BoardSet::Show),
        );
}

/// A desktop may play at once. The browser lets a page play sound after a press of a key, a
/// button or a finger; a table on screen comes after several.
fn may_begin(
    mut music: ResMut<Music>,
    mut pressed_once: Local<bool>,
    screen: Res<State<Screen>>,
    keys: Res<ButtonInput<KeyCode>>,
    mouse: Res<ButtonInput<MouseButton>>,
    touches: Res<Touches>,
) {
    if music.may_begin {
        return;
    }
    *pressed_once |= keys.get_just_pressed().next().is_some()
        || mouse.get_just_pressed().next().is_some()
        || touches.iter_just_pressed().next().is_some();
    let in_game = *screen.get() != Screen::Menu;
    if (*pressed_once && in_game) || !cfg!(target_arch = "wasm32") {
        music.may_begin = true;
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
            may_begin: music.may_begin,
            duck_until: music.duck_until,
            failed: music.failed.take(),
            ..default()
        };
    }
    let Some(path) = music.path.clone() else {
        return;
    };
    if !music.may_begin {
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
