//! `--screenshot PATH`: renders a number of frames (or waits for the game to end), saves the
//! window to a PNG, checks the picture against the engine, writes a report beside it
//! (`PATH` with `.json`), and exits — with an error when a check fails.
//!
//! The checks are in `pixels`, the figures in `metrics`, the report's shape in `report`.

use std::path::PathBuf;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::window::PrimaryWindow;
use bevy_egui::egui;

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
use crate::table::screen::Screen;
use crate::table::stats::Story;
use crate::theme::ActiveTheme;

pub use super::metrics::LaunchedAt;

/// Where to save the screenshot, and after how many frames.
#[derive(Resource, Debug, Clone)]
pub struct ScreenshotAndExit {
    pub path: PathBuf,
    pub after_frames: u32,
    /// Draw only the last this many of `after_frames` (`--draw-last`).
    pub draw_last: Option<u32>,
    /// Wait for the game to end, then take the shot after `after_frames` more frames.
    pub when_over: bool,
    /// Wait for the game's first capture, then take the shot after `after_frames` more frames.
    pub after_capture: bool,
    /// Count frames only at the table (an online table's game starts when friends join).
    pub when_playing: bool,
    /// Count frames only once the online room is shown (its lobby).
    pub in_lobby: bool,
    /// Count frames only once a review is open (`--review`).
    pub in_review: bool,
    /// Count frames only once the past games are analysed (`--past-games`).
    pub past_analysed: bool,
    /// How long to wait for the assets (theme, pictures, language, fonts) before giving up.
    pub wait_for_assets: std::time::Duration,
}

/// How long a run may wait for its game to end or for an online table's game to begin.
const WAIT_FOR_GAME: std::time::Duration = std::time::Duration::from_secs(600);

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(super::clipping::plugin);
    app.init_resource::<Metrics>()
        .init_resource::<FramesCounted>()
        .add_systems(First, note_first_frame)
        .add_systems(Update, start_update_timer.before(GameSet::Ask))
        .add_systems(Update, stop_update_timer.after(GameSet::React))
        .add_systems(
            Last,
            (
                note_theme_ready,
                give_up_waiting,
                count_frame,
                draw_when_due,
                take_screenshot_when_due,
            )
                .chain(),
        );
}

/// `--away`: the CPU plays for the people here from the start.
pub fn away_from_the_start(
    table: Res<Table>,
    mut autopilot: MessageWriter<crate::table::flow::AutopilotRequested>,
) {
    for seat in 0..table.game.seats() {
        if !table.seat_kind(seat).is_cpu() {
            autopilot.write(crate::table::flow::AutopilotRequested {
                seat,
                cpu_plays: true,
            });
        }
    }
}

/// `--try-again`: the decision shown is played again once the review has its analysis.
pub fn try_again_once_analysed(
    review: Option<Res<crate::table::review::Review>>,
    mut asked: MessageWriter<crate::table::review::TryAgainRequested>,
    mut done: Local<bool>,
) {
    if !*done && review.is_some_and(|r| r.analysis.is_some()) {
        *done = true;
        asked.write(crate::table::review::TryAgainRequested);
    }
}

/// `--hint`: a hint is asked whenever one may be.
pub fn ask_for_hints(
    table: Res<Table>,
    decider: Res<crate::table::flow::Decider>,
    profiles: Res<crate::table::profiles::Profiles>,
    hint: Res<crate::table::hint::Hint>,
    mut asked: MessageWriter<crate::table::hint::HintRequested>,
) {
    if hint.shown.is_none() && crate::table::hint::may_hint(&table, *decider, &profiles) {
        asked.write(crate::table::hint::HintRequested);
    }
}

/// The frames counted towards `after_frames`: those once the wait is over and the assets
/// are in.
#[derive(Resource, Default)]
struct FramesCounted(u32);

fn count_frame(
    shot: Res<ScreenshotAndExit>,
    waits: Waits,
    metrics: Res<Metrics>,
    mut counted: ResMut<FramesCounted>,
) {
    if !waits.pending(&shot) && metrics.theme_ready {
        counted.0 += 1;
    }
}

/// A run that waits for the game to end (or for its first capture) plays it without drawing,
/// then draws its last frames: a whole game drawn in software costs minutes, and what it shows
/// is the end (or the capture). With `--draw-last`, only the last frames counted are drawn.
fn draw_when_due(
    shot: Res<ScreenshotAndExit>,
    waits: Waits,
    counted: Res<FramesCounted>,
    mut cameras: Query<&mut Camera>,
) {
    let waits_undrawn = shot.when_over || shot.after_capture;
    if !waits_undrawn && shot.draw_last.is_none() {
        return;
    }
    let due = shot
        .draw_last
        .is_none_or(|last| counted.0 + last > shot.after_frames);
    let draw = due && !(waits_undrawn && waits.pending(&shot));
    for mut camera in &mut cameras {
        if camera.is_active != draw {
            camera.is_active = draw;
        }
    }
}

/// Whether the game has had a capture.
fn captured(story: &Story) -> bool {
    story.0.iter().any(|s| s.captures_made > 0)
}

/// What a shot may wait for before it counts frames: the game's end or first capture, an
/// online table's game to begin, its room to be shown, a review to open.
#[derive(SystemParam)]
struct Waits<'w> {
    table: Res<'w, Table>,
    story: Res<'w, Story>,
    screen: Res<'w, State<Screen>>,
    online: Option<Res<'w, crate::online::Online>>,
    past: Res<'w, crate::files::past_games::PastGames>,
    past_analysis: Res<'w, crate::files::past_games::PastAnalysis>,
}

impl Waits<'_> {
    fn pending(&self, shot: &ScreenshotAndExit) -> bool {
        let screen = self.screen.get();
        (shot.when_over && !self.table.game.is_over())
            || (shot.after_capture && !captured(&self.story))
            || (shot.when_playing && *screen != Screen::Playing)
            || (shot.in_lobby
                && self
                    .online
                    .as_deref()
                    .is_none_or(|o| o.room.is_none() && !o.waits_for_quick_play()))
            || (shot.in_review && *screen != Screen::Review)
            || (shot.past_analysed && self.past_analysis.busy(&self.past))
    }
}

/// Never a hang: a run that waits too long says what did not come, and fails.
fn give_up_waiting(
    shot: Res<ScreenshotAndExit>,
    waits: Waits,
    metrics: Res<Metrics>,
    time: Res<Time<Real>>,
    mut exit: MessageWriter<AppExit>,
) {
    let waited = time.elapsed();
    if !metrics.theme_ready && waited > shot.wait_for_assets {
        error!(
            "gave up after {} s waiting for {}",
            waited.as_secs(),
            metrics.waiting.join(", ")
        );
        exit.write(AppExit::from_code(3));
    } else if waits.pending(&shot) && waited > WAIT_FOR_GAME {
        let what = if shot.when_over {
            "the game to end"
        } else if shot.after_capture {
            "a capture"
        } else if shot.in_lobby {
            "the online room"
        } else if shot.in_review {
            "the review"
        } else if shot.past_analysed {
            "the past games' analyses"
        } else {
            "the game to start"
        };
        error!("gave up after {} s waiting for {what}", waited.as_secs());
        exit.write(AppExit::from_code(3));
    }
}

/// Whether this is the frame to take the shot: the run's wait is over, the assets are in,
/// and the frames asked for have been drawn.
#[derive(SystemParam)]
struct Due<'w> {
    shot: Res<'w, ScreenshotAndExit>,
    waits: Waits<'w>,
    metrics: Res<'w, Metrics>,
    counted: Res<'w, FramesCounted>,
}

impl Due<'_> {
    fn now(&self) -> bool {
        !self.waits.pending(&self.shot)
            && self.metrics.theme_ready
            && self.counted.0 == self.shot.after_frames
    }

    fn table(&self) -> &Table {
        &self.waits.table
    }

    /// The board is checked against the engine at play and in a review (the position shown).
    fn at_table(&self) -> bool {
        matches!(self.waits.screen.get(), Screen::Playing | Screen::Review)
    }
}

/// What is drawn over the board: celebrations, the die, pieces on their way.
#[derive(SystemParam)]
struct BoardView<'w, 's> {
    window: Single<'w, 's, &'static Window, With<PrimaryWindow>>,
    camera: Single<'w, 's, (&'static Camera, &'static GlobalTransform), With<MainCamera>>,
    pieces: PieceViews<'w, 's>,
    bursts: Query<'w, 's, (&'static Transform, &'static Burst)>,
    confetti: Query<'w, 's, &'static Transform, With<Confetti>>,
    dice: Query<'w, 's, &'static Transform, With<Die>>,
    theme: Res<'w, ActiveTheme>,
}

/// The points of the board the engine vouches for, where they fall in the picture.
struct Points {
    /// Those in view and not covered: the ones checked.
    checks: Vec<(Expect, Vec2)>,
    /// Those in view.
    drawn: usize,
}

impl BoardView<'_, '_> {
    fn points(&self, table: &Table, ctx: Option<&egui::Context>) -> Points {
        let scale = self.window.scale_factor();
        let (cam, cam_transform) = *self.camera;
        let on_screen: Vec<(Expect, Vec2)> = expectations(
            table,
            &self.theme.look,
            &crate::board::piece_shape::PieceShape::of(&self.theme),
            &self.pieces,
        )
        .into_iter()
        .filter_map(|e| {
            let pixel = cam
                .world_to_viewport(cam_transform, e.at.extend(0.0))
                .ok()?;
            Some((e, pixel * scale))
        })
        .collect();
        let drawn = on_screen.len();
        let checks = on_screen
            .into_iter()
            .filter(|(e, p)| !self.covered(e.at) && !ctx.is_some_and(|c| over_window(c, *p)))
            .collect();
        Points { checks, drawn }
    }

    /// A celebration, a moving piece or the die (drawn above the board, and crossing it on
    /// its way to the next yard) is not the board's to show.
    fn covered(&self, world: Vec2) -> bool {
        let near = |t: &Transform, reach: f32| t.translation.truncate().distance(world) < reach;
        let under_burst = self
            .bursts
            .iter()
            .any(|(t, b)| near(t, b.reach() * 1.3 + 0.5))
            || self.confetti.iter().any(|t| near(t, 0.5));
        // A walking or flying piece crosses squares the engine already calls empty.
        let under_moving_piece = self
            .pieces
            .0
            .iter()
            .any(|(_, t)| near(t, 0.5 * t.scale.x + 0.1));
        // The die is a square with an outline: reach its corners, however it is turned.
        let under_die = self.dice.iter().any(|t| near(t, 0.78 * t.scale.x + 0.1));
        under_burst || under_die || under_moving_piece
    }
}

/// Whether a pixel lies under a window (the results) or near one: a window casts a shadow
/// about 20 points wide. Every area in front of the board counts, toasts too (which take no
/// clicks).
fn over_window(ctx: &egui::Context, pixel: Vec2) -> bool {
    // egui's points are pixels over the scale factor *and* egui's zoom.
    let ppp = ctx.pixels_per_point();
    let p = egui::pos2(pixel.x / ppp, pixel.y / ppp);
    ctx.memory(|m| {
        m.areas()
            .visible_layer_ids()
            .into_iter()
            .filter(|l| l.order != egui::Order::Background)
            .filter_map(|l| m.area_rect(l.id))
            .any(|r| r.expand(24.0).contains(p))
    })
}

/// What the report says besides the pixels: the figures, the language, the problems.
#[derive(SystemParam)]
struct Findings<'w> {
    metrics: Res<'w, Metrics>,
    theme: Res<'w, ActiveTheme>,
    theme_problem: Res<'w, crate::theme::ThemeProblem>,
    texts: Res<'w, crate::i18n::Texts>,
    language_problem: Res<'w, crate::i18n::LanguageProblem>,
    cut: Res<'w, super::clipping::CutText>,
    stage: Res<'w, crate::board::camera::Stage>,
}

impl Findings<'_> {
    /// The report before the picture is looked at, and the failures known already: a theme
    /// the run asked for and could not use, windows off screen, text cut, and keys drawn as
    /// themselves (words missing from every language file, English included).
    fn report(&self, at_table: bool, off_screen: Vec<String>) -> (Report, Vec<String>) {
        let mut report = Report::measured(&self.metrics, &self.theme.folder);
        if at_table {
            report.board_share = Some((self.stage.board_share() * 1000.0).round() / 1000.0);
        }
        report.texts_checked = self.cut.lines;
        report.language = self.texts.code.clone();
        report.language_problem = self.language_problem.0.clone();
        let failures = self
            .theme_problem
            .0
            .iter()
            .map(|p| format!("theme problem: {}", p.replace('\n', " ")))
            .chain(off_screen)
            .chain(self.cut.cut.iter().cloned())
            .chain(
                self.texts
                    .missing()
                    .iter()
                    .map(|k| format!("message key drawn as itself: {k}")),
            )
            .collect();
        (report, failures)
    }
}

fn take_screenshot_when_due(
    mut commands: Commands,
    due: Due,
    board: BoardView,
    findings: Findings,
    mut contexts: bevy_egui::EguiContexts,
) {
    if !due.now() {
        return;
    }
    if let Some(dir) = due.shot.path.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    let at_table = due.at_table();
    let ctx = contexts.ctx_mut().ok().cloned();
    let points = if at_table {
        board.points(due.table(), ctx.as_ref())
    } else {
        Points {
            checks: Vec::new(),
            drawn: 0,
        }
    };
    let (windows, off_screen) = ctx
        .as_ref()
        .map_or_else(Default::default, windows_off_screen);
    let (mut report, failures) = findings.report(at_table, off_screen);
    report.pixels_checked = points.checks.len();
    report.windows_checked = windows;
    // A window over the whole board (the setup on a phone held upright) leaves nothing to
    // check there, but the board must still be where the camera puts it; at the table there
    // is always something to check, the menu has no board.
    let board_hidden = points.checks.is_empty() && points.drawn > 0 && windows > 0;
    let enough = !at_table || !points.checks.is_empty() || board_hidden;
    let report_path = due.shot.path.with_extension("json");
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(due.shot.path.clone()))
        .observe(
            move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                let mut report = report.clone();
                report.failures = failures.clone();
                report
                    .failures
                    .extend(wrong_pixels(&captured.image, &points.checks));
                let json = report.to_json();
                let _ = std::fs::write(&report_path, &json);
                info!("screenshot report: {}", json.replace('\n', " "));
                if report.failures.is_empty() && enough {
                    exit.write(AppExit::Success);
                } else {
                    error!(
                        "the screenshot does not show what the engine says: {:?}",
                        report.failures
                    );
                    exit.write(AppExit::error());
                }
            },
        );
}

/// Each point whose pixel is none of the colours the engine expects there.
fn wrong_pixels(image: &Image, checks: &[(Expect, Vec2)]) -> Vec<String> {
    let mut failures = Vec::new();
    for (e, p) in checks {
        let (x, y) = (p.x.round() as u32, p.y.round() as u32);
        let Ok(got) = image.get_color_at(x, y) else {
            continue;
        };
        if !e.colours.iter().any(|&c| close(c, got)) {
            let expected: Vec<String> = e.colours.iter().map(|&c| hex(c)).collect();
            failures.push(format!(
                "{} at pixel ({x}, {y}): got {}, expected one of {}",
                e.what,
                hex(got),
                expected.join(" ")
            ));
        }
    }
    failures
}
