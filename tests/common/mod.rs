//! What the game's integration tests share: a headless app of the rules side, and a scratch
//! folder for files.

use std::path::Path;

use bevy::prelude::*;
use ludo::testing::TableConfig;
use ludo::testing::{Settings, Speed};

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
    app.add_plugins(ludo::testing::rules_plugin)
        .insert_state(ludo::testing::Screen::Playing);
    app
}

/// A fresh, empty folder for one test's files, removed when dropped; reads as its `Path`.
#[allow(dead_code)] // Not every test file writes files.
pub struct Scratch(tempfile::TempDir);

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        self.0.path()
    }
}

#[allow(dead_code)]
pub fn scratch(name: &str) -> Scratch {
    let dir = tempfile::Builder::new()
        .prefix(&format!("ludo-{name}-"))
        .tempdir()
        .expect("a scratch folder");
    Scratch(dir)
}

/// Updates until `done` holds, for at most `secs` seconds (assets load on other threads);
/// whether it did.
#[allow(dead_code)]
pub fn update_until(app: &mut App, secs: f32, done: impl Fn(&World) -> bool) -> bool {
    let start = std::time::Instant::now();
    while start.elapsed() < std::time::Duration::from_secs_f32(secs) {
        app.update();
        if done(app.world()) {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    false
}

/// Runs the app until the game ends (or gives up after many frames); whether it ended.
#[allow(dead_code)]
pub fn play_to_the_end(app: &mut App) -> bool {
    for _ in 0..20_000 {
        app.update();
        if app
            .world()
            .resource::<ludo::testing::Table>()
            .game
            .is_over()
        {
            return true;
        }
    }
    false
}

/// A key pressed for one frame, then let go, as a person taps it.
#[allow(dead_code)]
pub fn press(app: &mut App, key: KeyCode) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(key);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release(key);
    keys.clear();
}
