//! Renders a number of frames, saves the primary window to a PNG and exits, so tests under
//! Xvfb (and people) can look at exactly what a player would see.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

/// Where to save the screenshot, and after how many frames.
#[derive(Resource, Debug, Clone)]
pub struct ScreenshotAndExit {
    pub path: PathBuf,
    pub after_frames: u32,
    /// Wait for the game to end, then take the shot after `after_frames` more frames.
    pub when_over: bool,
}

/// Reads `--screenshot PATH [--frames N] [--when-over]`; `Ok(None)` when no screenshot is
/// asked for.
pub fn from_args(args: impl Iterator<Item = String>) -> Result<Option<ScreenshotAndExit>, String> {
    let mut path = None;
    let mut frames = 30;
    let mut when_over = false;
    let mut args = args;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--screenshot" => {
                path = Some(PathBuf::from(
                    args.next().ok_or("--screenshot needs a file path")?,
                ))
            }
            "--frames" => {
                let n = args.next().ok_or("--frames needs a number")?;
                frames = n
                    .parse()
                    .map_err(|_| format!("--frames: expected a whole number, got {n:?}"))?;
            }
            "--when-over" => when_over = true,
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(path.map(|path| ScreenshotAndExit {
        path,
        after_frames: frames,
        when_over,
    }))
}

pub fn plugin(app: &mut App) {
    app.add_systems(Last, take_screenshot_when_due);
}

fn take_screenshot_when_due(
    mut commands: Commands,
    shot: Res<ScreenshotAndExit>,
    table: Res<crate::table::Table>,
    mut frame: Local<u32>,
) {
    if shot.when_over && !table.game.is_over() {
        return;
    }
    *frame += 1;
    if *frame != shot.after_frames {
        return;
    }
    if let Some(dir) = shot.path.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(shot.path.clone()))
        .observe(
            |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                exit.write(AppExit::Success);
            },
        );
}
