//! Themes: a folder `assets/themes/NAME/` with a `theme.ron` that re-skins the game (colours,
//! marks, sprites, sounds, font, animation timings). The chosen theme (`Settings::theme`) is
//! loaded through the `AssetServer`; on desktop the file watcher reloads it when a file
//! changes. A theme that cannot be used is reported (`ThemeProblem`, and the log) and the game
//! keeps the last good one, or the built-in look.

use std::sync::Arc;

use bevy::asset::AssetLoadFailedEvent;
use bevy::prelude::*;
use bevy_kira_audio::AudioSource;

use crate::table::settings::Settings;

pub mod file;
mod loader;
pub mod look;
pub mod view;

pub use file::ThemeFile;
pub use loader::{Art, Theme, ThemeError, ThemeLoader};
pub use look::Look;

/// What the game draws and plays with now.
#[derive(Resource, Clone, Debug)]
pub struct ActiveTheme {
    /// The folder under `assets/themes/` it came from; empty for the built-in look.
    pub folder: String,
    pub name: String,
    pub look: Look,
    pub art: Art,
    /// One per `Sound`.
    pub sounds: Vec<Handle<AudioSource>>,
    pub font: Option<Arc<Vec<u8>>>,
    /// The music's asset path (`board::music` plays it).
    pub music: Option<String>,
}

/// The game's sounds, in the order of a theme's `sounds`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sound {
    Roll,
    Step,
    Capture,
    Goal,
    Win,
    ExtraRoll,
    ThreeSixes,
    Click,
    /// A person at this device is to play.
    YourTurn,
    /// The die comes to rest.
    Land,
    /// A piece leaves its base.
    Enter,
}

impl ActiveTheme {
    pub fn sound(&self, sound: Sound) -> Handle<AudioSource> {
        self.sounds[sound as usize].clone()
    }

    fn from_theme(folder: &str, theme: &Theme) -> ActiveTheme {
        ActiveTheme {
            folder: folder.into(),
            name: theme.file.name.clone(),
            look: Look::of(&theme.file),
            art: theme.art.clone(),
            sounds: theme.sounds.clone(),
            font: theme.font.clone(),
            music: theme.music.clone(),
        }
    }
}

impl FromWorld for ActiveTheme {
    /// The built-in look: the defaults of every field, and the built-in sounds.
    fn from_world(world: &mut World) -> Self {
        let server = world.resource::<AssetServer>();
        let file = ThemeFile::default();
        ActiveTheme {
            folder: String::new(),
            name: file.name.clone(),
            look: Look::of(&file),
            art: Art::default(),
            sounds: file
                .sounds
                .all()
                .iter()
                .map(|(_, path)| server.load(path.trim_start_matches('/').to_string()))
                .collect(),
            font: None,
            music: file.music.map(|p| p.trim_start_matches('/').to_string()),
        }
    }
}

/// A theme that could not be used, for the player (and the modder) to read.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct ThemeProblem(pub Option<String>);

/// The theme changed: what is on the table is drawn again.
#[derive(Message, Debug, Clone, Copy)]
pub struct Redraw;

/// The theme asked for, kept loaded (and so watched) while it is the choice.
#[derive(Resource)]
struct Requested {
    folder: String,
    handle: Handle<Theme>,
}

/// The asset path of a theme folder's file.
pub fn theme_path(folder: &str) -> String {
    format!("themes/{folder}/theme.ron")
}

/// Taking the chosen theme: before the table is drawn (`crate::frame_order`).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ThemeSet;

pub fn plugin(app: &mut App) {
    app.init_asset::<Theme>()
        .register_asset_loader(ThemeLoader)
        .init_resource::<ActiveTheme>()
        .init_resource::<ThemeProblem>()
        .add_message::<Redraw>()
        .add_systems(
            Update,
            (request_chosen, take_loaded, report_failed, clear_colour)
                .chain()
                .in_set(ThemeSet),
        );
}

fn request_chosen(
    mut commands: Commands,
    settings: Option<Res<Settings>>,
    requested: Option<Res<Requested>>,
    server: Res<AssetServer>,
) {
    let folder = settings.map_or(crate::table::settings::DEFAULT_THEME.to_string(), |s| {
        s.theme.clone()
    });
    if requested.is_some_and(|r| r.folder == folder) {
        return;
    }
    commands.insert_resource(Requested {
        handle: server.load(theme_path(&folder)),
        folder,
    });
}

fn take_loaded(
    mut events: MessageReader<AssetEvent<Theme>>,
    requested: Option<Res<Requested>>,
    themes: Res<Assets<Theme>>,
    mut active: ResMut<ActiveTheme>,
    mut problem: ResMut<ThemeProblem>,
    mut redraw: MessageWriter<Redraw>,
) {
    let Some(requested) = requested else {
        return;
    };
    let mut fresh = false;
    for event in events.read() {
        if let AssetEvent::Added { id } | AssetEvent::Modified { id } = event {
            fresh |= *id == requested.handle.id();
        }
    }
    if !fresh {
        return;
    }
    let Some(theme) = themes.get(&requested.handle) else {
        return;
    };
    info!(
        "theme {:?} from assets/{}",
        theme.file.name,
        theme_path(&requested.folder)
    );
    *active = ActiveTheme::from_theme(&requested.folder, theme);
    problem.0 = None;
    redraw.write(Redraw);
}

fn report_failed(
    mut failed: MessageReader<AssetLoadFailedEvent<Theme>>,
    active: Res<ActiveTheme>,
    mut problem: ResMut<ThemeProblem>,
) {
    for f in failed.read() {
        let why = match &f.error {
            bevy::asset::AssetLoadError::AssetLoaderError(e) => {
                match e.error().downcast_ref::<ThemeError>() {
                    Some(e) => e.to_string(),
                    None => format!("assets/{}: {}", f.path, e.error()),
                }
            }
            other => format!("assets/{}: {other}", f.path),
        };
        let keeping = if active.folder.is_empty() {
            "the built-in look".to_string()
        } else {
            format!("the theme {:?}", active.name)
        };
        let text = format!("{why}\nThe game keeps {keeping}.");
        error!("theme: {text}");
        problem.0 = Some(text);
    }
}

/// The colour around the board (a headless app has none).
fn clear_colour(active: Res<ActiveTheme>, clear: Option<ResMut<ClearColor>>) {
    if let Some(mut clear) = clear
        && active.is_changed()
    {
        clear.0 = active.look.background;
    }
}

/// The theme folders a player can choose: every folder of `assets/themes/` with a
/// `theme.ron`, and (in the browser, which lists the shipped ones) one opened by the page's
/// query (`?theme=…`).
pub fn available(chosen: Option<&str>) -> Vec<String> {
    let mut found = crate::files::asset_list::names("themes", &SHIPPED, |p| {
        p.join("theme.ron")
            .is_file()
            .then(|| p.file_name()?.to_str().map(str::to_string))
            .flatten()
    });
    if let Some(chosen) = chosen
        && !found.iter().any(|s| s == chosen)
        && cfg!(target_arch = "wasm32")
    {
        found.push(chosen.to_string());
    }
    found
}

/// The themes shipped in `assets/themes/` (the browser's list).
pub const SHIPPED: [&str; 2] = ["classic", "night"];
