//! The player's settings: speeds, sound, text size, motion, and whether a single legal move
//! plays itself.

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

/// How large the menus' and the HUD's text is drawn, on top of the size the window gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TextSize {
    #[default]
    Normal,
    Large,
    Larger,
    Largest,
}

impl TextSize {
    pub const ALL: [TextSize; 4] = [
        TextSize::Normal,
        TextSize::Large,
        TextSize::Larger,
        TextSize::Largest,
    ];

    pub fn factor(self) -> f32 {
        match self {
            TextSize::Normal => 1.0,
            TextSize::Large => 1.25,
            TextSize::Larger => 1.5,
            TextSize::Largest => 2.0,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            TextSize::Normal => "normal",
            TextSize::Large => "large",
            TextSize::Larger => "larger",
            TextSize::Largest => "largest",
        }
    }

    pub fn parse(s: &str) -> Option<TextSize> {
        TextSize::ALL.into_iter().find(|v| v.name() == s)
    }

    /// As the settings show it: "125 %".
    pub fn percent(self) -> u32 {
        (self.factor() * 100.0).round() as u32
    }
}

/// The music's volume at which it stops (the slider's lowest).
pub const MUSIC_OFF: f32 = -40.0;

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
    /// The theme's music, on top of the master volume; at `MUSIC_OFF` none plays.
    pub music_db: f32,
    pub muted: bool,
    /// Desktop only.
    pub fullscreen: bool,
    /// The folder of `assets/themes/` the game is drawn with.
    pub theme: String,
    /// A file of `assets/lang/` (`en`, `ar`, …); none until the first start picks the
    /// system's language.
    pub language: Option<String>,
    pub text_size: TextSize,
    /// White text on black panels.
    pub high_contrast: bool,
    /// Nothing tumbles, hops, flies or bursts: pieces and the die show where they end.
    pub reduced_motion: bool,
}

impl Settings {
    /// How much faster than normal pieces and the die move: at once under reduced motion.
    pub fn animation_factor(&self) -> f32 {
        if self.reduced_motion {
            Speed::Instant.factor()
        } else {
            self.animation_speed.factor()
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            cpu_speed: Speed::Normal,
            animation_speed: Speed::Normal,
            auto_single_move: true,
            volume_db: -6.0,
            effects_db: 0.0,
            music_db: -14.0,
            muted: false,
            fullscreen: false,
            theme: DEFAULT_THEME.into(),
            language: None,
            text_size: TextSize::Normal,
            high_contrast: false,
            reduced_motion: false,
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
