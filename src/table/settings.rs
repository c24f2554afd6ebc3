//! The player's settings: speeds, sound, and whether a single legal move plays itself.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Speed {
    Slow,
    #[default]
    Normal,
    Fast,
    Instant,
}

impl Speed {
    pub const ALL: [Speed; 4] = [Speed::Slow, Speed::Normal, Speed::Fast, Speed::Instant];

    /// How much faster than normal things happen (instant is effectively no delay).
    pub fn factor(self) -> f32 {
        match self {
            Speed::Slow => 0.6,
            Speed::Normal => 1.0,
            Speed::Fast => 2.5,
            Speed::Instant => 1000.0,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Speed::Slow => "slow",
            Speed::Normal => "normal",
            Speed::Fast => "fast",
            Speed::Instant => "instant",
        }
    }

    pub fn parse(s: &str) -> Option<Speed> {
        Speed::ALL.into_iter().find(|v| v.name() == s)
    }
}

/// The folder of `assets/themes/` a first start is drawn with.
pub const DEFAULT_THEME: &str = "classic";

#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// How fast CPU seats think.
    pub cpu_speed: Speed,
    /// How fast pieces hop and the die tumbles.
    pub animation_speed: Speed,
    /// A person's only legal move plays itself.
    pub auto_single_move: bool,
    /// Master volume in decibels (0 = full, -40 = very quiet).
    pub volume_db: f32,
    /// Sound effects, on top of the master volume.
    pub effects_db: f32,
    pub muted: bool,
    /// Desktop only.
    pub fullscreen: bool,
    /// The folder of `assets/themes/` the game is drawn with.
    pub theme: String,
    /// A file of `assets/lang/` (`en`, `ar`, …); none until the first start picks the
    /// system's language.
    pub language: Option<String>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            cpu_speed: Speed::Normal,
            animation_speed: Speed::Normal,
            auto_single_move: true,
            volume_db: -6.0,
            effects_db: 0.0,
            muted: false,
            fullscreen: false,
            theme: DEFAULT_THEME.into(),
            language: None,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Settings>()
        .add_systems(Update, apply_fullscreen);
}

/// Puts the window in or out of fullscreen when the setting changes.
fn apply_fullscreen(
    settings: Res<Settings>,
    mut windows: Query<&mut Window, With<bevy::window::PrimaryWindow>>,
) {
    if !settings.is_changed() {
        return;
    }
    use bevy::window::{MonitorSelection, WindowMode};
    for mut window in &mut windows {
        let mode = if settings.fullscreen {
            WindowMode::BorderlessFullscreen(MonitorSelection::Current)
        } else {
            WindowMode::Windowed
        };
        if window.mode != mode {
            window.mode = mode;
        }
    }
}
