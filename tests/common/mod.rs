//! What the game's integration tests share: a headless app of the rules side, and a scratch
//! folder for files.

use std::path::PathBuf;

use bevy::prelude::*;
use ludo::table::TableConfig;
use ludo::table::settings::{Settings, Speed};

/// A headless app with the game's rules, a table from `config`, instant CPUs and animations,
/// at the table. `before` adds resources the plugins must find when they are built (a saved
/// game, a data folder, profiles). Not updated yet.
pub fn headless_app(config: TableConfig, before: impl FnOnce(&mut App)) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(config)
        .insert_resource(Settings {
            cpu_speed: Speed::Instant,
            animation_speed: Speed::Instant,
            ..Default::default()
        });
    before(&mut app);
    app.add_plugins(ludo::rules_plugin)
        .insert_state(ludo::table::screen::Screen::Playing);
    app
}

/// A fresh, empty folder for one test's files.
#[allow(dead_code)] // Not every test file writes files.
pub fn scratch(name: &str) -> PathBuf {
    let test = std::env::current_exe()
        .ok()
        .and_then(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .unwrap_or_default();
    let dir = std::env::temp_dir().join(format!("ludo-{test}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
