//! `--screenshot PATH`: renders a number of frames (or waits for the game to end), saves the
//! window to a PNG, checks the picture against the engine, writes a report beside it
//! (`PATH` with `.json`), and exits — with an error when a check fails.
//!
//! The checks are in `pixels`, the figures in `metrics`, the report's shape in `report`.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::window::PrimaryWindow;

use super::metrics::{
    Metrics, note_first_frame, note_theme_ready, start_update_timer, stop_update_timer,
};
use super::pixels::{Expect, PieceViews, close, expectations, hex, windows_off_screen};
use super::report::Report;
use crate::board::camera::MainCamera;
use crate::board::celebrate::Confetti;
use crate::board::dice::Die;
use crate::board::sparks::Burst;
use crate::table::GameSet;
use crate::table::Table;
use crate::theme::ActiveTheme;

pub use super::metrics::LaunchedAt;

/// Where to save the screenshot, and after how many frames.
#[derive(Resource, Debug, Clone)]
pub struct ScreenshotAndExit {
    pub path: PathBuf,
    pub after_frames: u32,
    /// Wait for the game to end, then take the shot after `after_frames` more frames.
    pub when_over: bool,
    /// Count frames only at the table (an online table's game starts when friends join).
    pub when_playing: bool,
    /// Count frames only once the online room is shown (its lobby).
    pub in_lobby: bool,
    /// Count frames only once a review is open (`--review`).
    pub in_review: bool,
    /// How long to wait for the assets (theme, pictures, language, fonts) before giving up.
    pub wait_for_assets: std::time::Duration,
}

/// How long a run may wait for its game to end or for an online table's game to begin.
const WAIT_FOR_GAME: std::time::Duration = std::time::Duration::from_secs(600);

pub fn plugin(app: &mut App) {
    app.add_plugins(super::clipping::plugin);
    app.init_resource::<Metrics>()
        .add_systems(First, note_first_frame)
        .add_systems(Update, start_update_timer.before(GameSet::Ask))
        .add_systems(Update, stop_update_timer.after(GameSet::React))
        .add_systems(
            Last,
            (
                note_theme_ready,
                give_up_waiting,
                draw_once_over,
                take_screenshot_when_due,
            )
                .chain(),
        );
}

/// A run that waits for the game to end plays it without drawing, then draws its last frames:
/// a whole game drawn in software costs minutes, and what it shows is the end.
fn draw_once_over(
    shot: Res<ScreenshotAndExit>,
    table: Res<Table>,
    mut cameras: Query<&mut Camera>,
) {
    if !shot.when_over {
        return;
    }
    let draw = table.game.is_over();
    for mut camera in &mut cameras {
        if camera.is_active != draw {
            camera.is_active = draw;
        }
    }
}

/// The shot waits for the game to end, for an online table's game to begin, or for its
/// room to be shown.
fn game_pending(
    shot: &ScreenshotAndExit,
    table: &Table,
    screen: &State<crate::table::screen::Screen>,
    online: Option<&crate::online::Online>,
) -> bool {
    (shot.when_over && !table.game.is_over())
        || (shot.when_playing && *screen.get() != crate::table::screen::Screen::Playing)
        || (shot.in_lobby && online.is_none_or(|o| o.room.is_none()))
        || (shot.in_review && *screen.get() != crate::table::screen::Screen::Review)
}

/// Never a hang: a run that waits too long says what did not come, and fails.
fn give_up_waiting(
    shot: Res<ScreenshotAndExit>,
    table: Res<Table>,
    screen: Res<State<crate::table::screen::Screen>>,
    metrics: Res<Metrics>,
    time: Res<Time<Real>>,
    mut exit: MessageWriter<AppExit>,
    online: Option<Res<crate::online::Online>>,
) {
    let waited = time.elapsed();
    if !metrics.theme_ready && waited > shot.wait_for_assets {
        error!(
            "gave up after {} s waiting for {}",
            waited.as_secs(),
            metrics.waiting.join(", ")
        );
        exit.write(AppExit::from_code(3));
    } else if game_pending(&shot, &table, &screen, online.as_deref()) && waited > WAIT_FOR_GAME {
        let what = if shot.when_over {
            "the game to end"
        } else if shot.in_lobby {
            "the online room"
        } else if shot.in_review {
            "the review"
        } else {
            "the game to start"
        };
        error!("gave up after {} s waiting for {what}", waited.as_secs());
        exit.write(AppExit::from_code(3));
    }
}

/// Where celebrations cover the board: bursts and confetti.
type Celebrations<'w, 's> = (
    Query<'w, 's, (&'static Transform, &'static Burst)>,
    Query<'w, 's, &'static Transform, With<Confetti>>,
);

fn take_screenshot_when_due(
    mut commands: Commands,
    shot: Res<ScreenshotAndExit>,
    table: Res<Table>,
    metrics: Res<Metrics>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<MainCamera>>,
    pieces: PieceViews,
    (bursts, confetti): Celebrations,
    dice: Query<&Transform, With<Die>>,
    mut contexts: bevy_egui::EguiContexts,
    screen: Res<State<crate::table::screen::Screen>>,
    theme: Res<ActiveTheme>,
    problem: Res<crate::theme::ThemeProblem>,
    (texts, language_problem): (Res<crate::i18n::Texts>, Res<crate::i18n::LanguageProblem>),
    (cut, stage, online): (
        Res<super::clipping::CutText>,
        Res<crate::board::camera::Stage>,
        Option<Res<crate::online::Online>>,
    ),
    mut frame: Local<u32>,
) {
    // The board is checked against the engine at play and in a review (the position shown).
    let playing = matches!(
        screen.get(),
        crate::table::screen::Screen::Playing | crate::table::screen::Screen::Review
    );
    if game_pending(&shot, &table, &screen, online.as_deref()) || !metrics.theme_ready {
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
        expectations(&table, &theme.look, &pieces)
    } else {
        Vec::new()
    };
    // Points under a window (the results), a celebration, a moving piece or the die (drawn
    // above the board, and crossing it on its way to the next yard) are not the board's to
    // show.
    let ctx = contexts.ctx_mut().ok().cloned();
    let covered = |world: Vec2, pixel: Vec2| {
        // A window casts a shadow about 20 points wide: look a little around it too. Every
        // area in front of the board counts, toasts too (which take no clicks).
        let over_window = ctx.as_ref().is_some_and(|ctx| {
            // egui's points are pixels over the scale factor *and* egui's zoom.
            let ppp = ctx.pixels_per_point();
            let p = bevy_egui::egui::pos2(pixel.x / ppp, pixel.y / ppp);
            ctx.memory(|m| {
                m.areas()
                    .visible_layer_ids()
                    .into_iter()
                    .filter(|l| l.order != bevy_egui::egui::Order::Background)
                    .filter_map(|l| m.area_rect(l.id))
                    .any(|r| r.expand(24.0).contains(p))
            })
        });
        let under_burst = bursts
            .iter()
            .any(|(t, b)| t.translation.truncate().distance(world) < b.reach() * 1.3 + 0.5)
            || confetti
                .iter()
                .any(|t| t.translation.truncate().distance(world) < 0.5);
        // The die is a square with an outline: reach its corners, however it is turned.
        // A walking or flying piece crosses squares the engine already calls empty.
        let under_moving_piece = pieces
            .0
            .iter()
            .any(|(_, t)| t.translation.truncate().distance(world) < 0.5 * t.scale.x + 0.1);
        let under_die = dice
            .iter()
            .any(|t| t.translation.truncate().distance(world) < 0.78 * t.scale.x + 0.1);
        over_window || under_burst || under_die || under_moving_piece
    };
    let on_screen: Vec<(Expect, Vec2)> = expects
        .into_iter()
        .filter_map(|e| to_pixel(e.at).map(|p| (e, p)))
        .collect();
    let drawn = on_screen.len();
    let checks: Vec<(Expect, Vec2)> = on_screen
        .into_iter()
        .filter(|(e, p)| !covered(e.at, *p))
        .collect();
    let (windows, off_screen) = ctx
        .as_ref()
        .map_or_else(Default::default, windows_off_screen);
    // A window over the whole board (the setup on a phone held upright) leaves nothing to
    // check there, but the board must still be where the camera puts it.
    let board_hidden = checks.is_empty() && drawn > 0 && windows > 0;
    let report_path = shot.path.with_extension("json");
    let mut report = Report::measured(&metrics, &theme.folder);
    report.pixels_checked = checks.len();
    report.windows_checked = windows;
    if playing {
        report.board_share = Some((stage.board_share() * 1000.0).round() / 1000.0);
    }
    let cut_text = cut.cut.clone();
    report.texts_checked = cut.lines;
    report.language = texts.code.clone();
    report.language_problem = language_problem.0.clone();
    let theme_problem = problem.0.clone();
    // A key drawn as itself is a word missing from every language file, English included.
    let missing_words = texts.missing();
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(shot.path.clone()))
        .observe(
            move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                let image = &captured.image;
                // A theme the run asked for and could not use is a failure too.
                let mut failures: Vec<String> = theme_problem
                    .iter()
                    .map(|p| format!("theme problem: {}", p.replace('\n', " ")))
                    .chain(off_screen.iter().cloned())
                    .chain(cut_text.iter().cloned())
                    .chain(
                        missing_words
                            .iter()
                            .map(|k| format!("message key drawn as itself: {k}")),
                    )
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
                let mut report = report.clone();
                report.failures = failures.clone();
                let json = report.to_json();
                let _ = std::fs::write(&report_path, &json);
                info!("screenshot report: {}", json.replace('\n', " "));
                // At the table there is always something to check; the menu has no board.
                if failures.is_empty() && (!playing || !checks.is_empty() || board_hidden) {
                    exit.write(AppExit::Success);
                } else {
                    error!("the screenshot does not show what the engine says: {failures:?}");
                    exit.write(AppExit::error());
                }
            },
        );
}
