//! `--screenshot PATH`: renders a number of frames (or waits for the game to end), saves the
//! window to a PNG, checks the picture against the engine, writes a report beside it
//! (`PATH` with `.json`), and exits — with an error when a check fails.
//!
//! The checks look at what a player would: every track square the engine says is empty
//! shows a square's colour, every piece the engine says stands alone on a square shows its
//! seat's colour there, and every window lies wholly on the screen (a button past the edge
//! cannot be pressed, as can happen in a longer language or a small window). The report adds
//! what a player feels: time from launch to the first frame, resident memory, and the time
//! the game's own systems take per frame.

use std::path::PathBuf;
use std::time::Duration;

use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::window::PrimaryWindow;
use ludo_core::{Pos, SquareKind};

use crate::GameSet;
use crate::camera::MainCamera;
use crate::celebrate::Burst;
use crate::dice::Die;
use crate::pieces::{Moving, Piece};
use crate::shapes::cell_pos;
use crate::table::Table;
use crate::theme::{ActiveTheme, Look};

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

/// When the process started, set by `main` as early as it can.
#[derive(Resource, Clone, Copy)]
pub struct LaunchedAt(pub Instant);

#[derive(Resource, Default)]
struct Metrics {
    first_frame: Option<Duration>,
    frames: u32,
    update_started: Option<Instant>,
    update_total: Duration,
    update_worst: Duration,
    updates: u32,
    /// The chosen theme and all its pictures are in use (or it failed and was reported).
    theme_ready: bool,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Metrics>()
        .add_systems(First, note_first_frame)
        .add_systems(Update, start_update_timer.before(GameSet::Ask))
        .add_systems(Update, stop_update_timer.after(GameSet::React))
        .add_systems(Last, (note_theme_ready, take_screenshot_when_due).chain());
}

/// Frames are counted once the chosen theme and language are in: they load asynchronously,
/// and the theme's pictures and the language fonts after them.
fn note_theme_ready(
    settings: Res<crate::settings::Settings>,
    theme: Res<ActiveTheme>,
    problem: Res<crate::theme::ThemeProblem>,
    server: Res<AssetServer>,
    texts: Res<crate::i18n::Texts>,
    languages: Res<crate::i18n::Languages>,
    mut metrics: ResMut<Metrics>,
) {
    let art = &theme.art;
    let pictures = [&art.piece, &art.backdrop, &art.goal]
        .into_iter()
        .flatten()
        .chain(&art.die_faces);
    let mut loaded = true;
    for image in pictures {
        loaded &= server.is_loaded_with_dependencies(image);
    }
    for font in &languages.fonts {
        loaded &= server.is_loaded_with_dependencies(font);
    }
    metrics.theme_ready = texts.ready(&settings)
        && (problem.0.is_some() || (theme.folder == settings.theme && loaded));
}

fn note_first_frame(launched: Option<Res<LaunchedAt>>, mut metrics: ResMut<Metrics>) {
    metrics.frames += 1;
    // The first frame is on screen once the second update begins.
    if metrics.frames == 2
        && let Some(l) = launched
    {
        metrics.first_frame = Some(l.0.elapsed());
    }
}

fn start_update_timer(mut metrics: ResMut<Metrics>) {
    metrics.update_started = Some(Instant::now());
}

fn stop_update_timer(mut metrics: ResMut<Metrics>) {
    if let Some(started) = metrics.update_started.take() {
        let d = started.elapsed();
        metrics.update_total += d;
        metrics.update_worst = metrics.update_worst.max(d);
        metrics.updates += 1;
    }
}

/// A pixel the picture must show, and why.
#[derive(Clone, Debug)]
struct Expect {
    what: String,
    at: Vec2,
    colours: Vec<Color>,
}

/// Resident memory of this process in MiB (Linux), or 0 where it cannot be read.
fn resident_mib() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<f64>().ok())
        })
        .map_or(0.0, |kb| kb / 1024.0)
}

#[allow(clippy::too_many_arguments)]
fn take_screenshot_when_due(
    mut commands: Commands,
    shot: Res<ScreenshotAndExit>,
    table: Res<Table>,
    metrics: Res<Metrics>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<MainCamera>>,
    moving: Query<(&Piece, &Transform), Moving>,
    bursts: Query<&Transform, With<Burst>>,
    dice: Query<&Transform, With<Die>>,
    mut contexts: bevy_egui::EguiContexts,
    screen: Res<State<crate::screen::Screen>>,
    theme: Res<ActiveTheme>,
    problem: Res<crate::theme::ThemeProblem>,
    mut frame: Local<u32>,
) {
    let playing = *screen.get() == crate::screen::Screen::Playing;
    if (shot.when_over && !table.game.is_over()) || !metrics.theme_ready {
        return;
    }
    *frame += 1;
    if *frame != shot.after_frames {
        return;
    }
    if let Some(dir) = shot.path.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    let scale = window.scale_factor();
    let (cam, cam_transform) = *camera;
    let to_pixel = |world: Vec2| {
        cam.world_to_viewport(cam_transform, world.extend(0.0))
            .ok()
            .map(|v| v * scale)
    };
    let expects = if playing {
        expectations(&table, &theme.look, &moving)
    } else {
        Vec::new()
    };
    // Points under a window (the results), a celebration, a moving piece or the die (drawn
    // above the board, and crossing it on its way to the next yard) are not the board's to
    // show.
    let ctx = contexts.ctx_mut().ok().cloned();
    let covered = |world: Vec2, pixel: Vec2| {
        // A window casts a shadow about 20 points wide: look around the point too.
        let over_window = ctx.as_ref().is_some_and(|ctx| {
            // egui's points are pixels over the scale factor *and* egui's zoom.
            let ppp = ctx.pixels_per_point();
            [
                (0.0, 0.0),
                (24.0, 0.0),
                (-24.0, 0.0),
                (0.0, 24.0),
                (0.0, -24.0),
            ]
            .iter()
            .any(|(dx, dy)| {
                let p = bevy_egui::egui::pos2(pixel.x / ppp + dx, pixel.y / ppp + dy);
                ctx.layer_id_at(p)
                    .is_some_and(|l| l.order != bevy_egui::egui::Order::Background)
            })
        });
        let under_burst = bursts
            .iter()
            .any(|t| t.translation.truncate().distance(world) < 0.5 * t.scale.x + 0.5);
        // The die is a square with an outline: reach its corners, however it is turned.
        // A walking or flying piece crosses squares the engine already calls empty.
        let under_moving_piece = moving
            .iter()
            .any(|(_, t)| t.translation.truncate().distance(world) < 0.5 * t.scale.x + 0.1);
        let under_die = dice
            .iter()
            .any(|t| t.translation.truncate().distance(world) < 0.78 * t.scale.x + 0.1);
        over_window || under_burst || under_die || under_moving_piece
    };
    let checks: Vec<(Expect, Vec2)> = expects
        .into_iter()
        .filter_map(|e| to_pixel(e.at).map(|p| (e, p)))
        .filter(|(e, p)| !covered(e.at, *p))
        .collect();
    let (windows, off_screen) = ctx
        .as_ref()
        .map_or_else(Default::default, windows_off_screen);
    let report_path = shot.path.with_extension("json");
    let update_mean_ms = if metrics.updates > 0 {
        metrics.update_total.as_secs_f64() * 1000.0 / metrics.updates as f64
    } else {
        0.0
    };
    let summary = serde_json_like(&[
        (
            "first_frame_ms",
            metrics.first_frame.map_or("null".into(), |d| {
                format!("{:.0}", d.as_secs_f64() * 1000.0)
            }),
        ),
        ("resident_mib", format!("{:.1}", resident_mib())),
        ("frames", metrics.frames.to_string()),
        ("theme", format!("{:?}", theme.folder)),
        ("game_update_mean_ms", format!("{update_mean_ms:.3}")),
        (
            "game_update_worst_ms",
            format!("{:.3}", metrics.update_worst.as_secs_f64() * 1000.0),
        ),
    ]);
    let theme_problem = problem.0.clone();
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(shot.path.clone()))
        .observe(
            move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                let image = &captured.image;
                // A theme the run asked for and could not use is a failure too.
                let mut failures: Vec<String> = theme_problem
                    .iter()
                    .map(|p| format!("theme problem: {}", p.replace(['\n', '"'], " ")))
                    .chain(off_screen.iter().cloned())
                    .collect();
                for (e, p) in &checks {
                    let (x, y) = (p.x.round() as u32, p.y.round() as u32);
                    let Ok(got) = image.get_color_at(x, y) else {
                        continue;
                    };
                    if !e.colours.iter().any(|&c| close(c, got)) {
                        failures.push(format!(
                            "{} at pixel ({x}, {y}): got {}, expected one of {}",
                            e.what,
                            hex(got),
                            e.colours
                                .iter()
                                .map(|&c| hex(c))
                                .collect::<Vec<_>>()
                                .join(" ")
                        ));
                    }
                }
                let report = format!(
                    "{{\n  {summary},\n  \"pixels_checked\": {},\n  \"windows_checked\": {},\n  \"failures\": [{}]\n}}\n",
                    checks.len(),
                    windows,
                    failures
                        .iter()
                        .map(|f| format!("\n    \"{f}\""))
                        .collect::<Vec<_>>()
                        .join(",")
                );
                let _ = std::fs::write(&report_path, &report);
                info!("screenshot report: {}", report.replace('\n', " "));
                // At the table there is always something to check; the menu has no board.
                if failures.is_empty() && (!playing || !checks.is_empty()) {
                    exit.write(AppExit::Success);
                } else {
                    error!("the screenshot does not show what the engine says: {failures:?}");
                    exit.write(AppExit::error());
                }
            },
        );
}

/// How many windows are on show (egui's middle layer: menus, setup, results, pause, rule
/// book), and a description of each that reaches past the screen's edge.
fn windows_off_screen(ctx: &bevy_egui::egui::Context) -> (usize, Vec<String>) {
    let s = ctx.content_rect();
    let windows: Vec<_> = ctx.memory(|m| {
        m.areas()
            .visible_layer_ids()
            .into_iter()
            .filter(|l| l.order == bevy_egui::egui::Order::Middle)
            .filter_map(|l| m.area_rect(l.id))
            .collect()
    });
    let off = windows
        .iter()
        // Half a point for rounding.
        .filter(|w| !s.expand(0.5).contains_rect(**w))
        .map(|w| {
            format!(
                "a window at ({:.0}, {:.0})-({:.0}, {:.0}) reaches past the screen ({:.0}, {:.0})-({:.0}, {:.0})",
                w.min.x, w.min.y, w.max.x, w.max.y, s.min.x, s.min.y, s.max.x, s.max.y
            )
        })
        .collect();
    (windows.len(), off)
}

/// What the engine says the picture must show.
fn expectations(
    table: &Table,
    look: &Look,
    moving: &Query<(&Piece, &Transform), Moving>,
) -> Vec<Expect> {
    let layout = &table.layout;
    let game = &table.game;
    let mut occupied = std::collections::HashMap::new();
    for seat in 0..game.seats() {
        for (index, pos) in game.pieces(seat).into_iter().enumerate() {
            let cell = layout.cell(seat as usize, index, pos);
            occupied
                .entry(cell)
                .or_insert_with(Vec::new)
                .push((seat, index, pos));
        }
    }
    let mut out = Vec::new();
    for square in layout.squares() {
        if let SquareKind::Track { start, .. } = square.kind
            && !occupied.contains_key(&square.cell)
        {
            let mut colours = vec![look.track, look.safe];
            if let Some(c) = start {
                colours.push(look.strong(c));
            }
            out.push(Expect {
                what: format!("empty track square {:?}", square.cell),
                // A corner of the square, clear of any star or mark drawn in its middle.
                at: cell_pos(square.cell) + Vec2::new(0.36, 0.36),
                colours,
            });
        }
    }
    for (cell, here) in &occupied {
        let [(seat, index, pos)] = here[..] else {
            continue;
        };
        let is_moving = moving
            .iter()
            .any(|(p, _)| p.seat == seat && p.index == index as u8);
        if is_moving || pos == Pos::at(game.track().goal()) {
            continue;
        }
        out.push(Expect {
            what: format!("seat {seat} piece {index} at {pos}"),
            // In the body of the piece, between its mark and its outline.
            at: cell_pos(*cell) + Vec2::new(0.26, 0.0),
            colours: vec![look.strong(layout.colours[seat as usize])],
        });
    }
    out
}

fn close(a: Color, b: Color) -> bool {
    let (a, b) = (a.to_srgba(), b.to_srgba());
    (a.red - b.red).abs() < 0.08
        && (a.green - b.green).abs() < 0.08
        && (a.blue - b.blue).abs() < 0.08
}

fn hex(c: Color) -> String {
    c.to_srgba().to_hex()
}

fn serde_json_like(pairs: &[(&str, String)]) -> String {
    pairs
        .iter()
        .map(|(k, v)| format!("\"{k}\": {v}"))
        .collect::<Vec<_>>()
        .join(",\n  ")
}
