//! `--strip KIND`: a frame strip of one moment of play — a roll, a move of five squares, a
//! capture, a piece reaching the goal — for a person to look at how it feels. The table is
//! played forward (seeded, by the engine) to the first position where the moment can happen;
//! a press makes it happen; ten frames of the board from the press on, at fixed times (the
//! clock steps from one to the next, however slowly the frames are drawn), each labelled with
//! its time, are laid side by side in one PNG. On the desktop it is written to
//! the path given (`--screenshot`, else `strip-KIND.png`), with a report beside it (the game's
//! update time a frame); in the browser it is downloaded.

use std::path::PathBuf;
use std::time::Duration;

use bevy::asset::RenderAssetUsages;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::time::TimeUpdateStrategy;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use ludo_core::{Awaiting, Pos};

use super::StripKind;
use super::metrics::{Metrics, note_theme_ready, start_update_timer, stop_update_timer};
use crate::board::camera::{MainCamera, Stage};
use crate::board::pieces::Selected;
use crate::board::shapes::cell_pos;
use crate::board::squares::yard_centre;
use crate::table::flow::{GameStarted, MoveChosen, RollRequested, TableOpened};
use crate::table::settings::Settings;
use crate::table::{GameSet, Table};

impl StripKind {
    fn name(self) -> &'static str {
        match self {
            StripKind::Roll => "roll",
            StripKind::Move => "move",
            StripKind::Capture => "capture",
            StripKind::Goal => "goal",
        }
    }

    /// How long after the press the strip looks, in seconds (the moment and its landing).
    fn span(self) -> f32 {
        match self {
            StripKind::Roll => 0.8,
            StripKind::Move => 0.99,
            StripKind::Capture => 1.62,
            StripKind::Goal => 1.44,
        }
    }
}

/// Frames in a strip, and the width each is drawn at.
const FRAMES: usize = 10;
const FRAME_WIDTH: u32 = 300;
/// The clock's step before the press: a frame of a 60 Hz screen.
const STEP: Duration = Duration::from_nanos(16_666_667);
/// Frames drawn before the press (the table drawn again, the pieces at rest).
const SETTLE_FRAMES: u32 = 20;

#[derive(Resource)]
pub struct StripRun {
    kind: StripKind,
    path: PathBuf,
    /// Frames since the theme was ready; the press comes at `SETTLE_FRAMES`.
    frame: u32,
    press: Option<Request>,
    shots: Vec<Option<Image>>,
    /// Where the moment happens, in logical pixels: what each frame shows.
    focus: Rect,
    saved: bool,
}

#[derive(Clone, Copy, Debug)]
enum Request {
    Roll(u8),
    Move(u8, u8),
}

pub(crate) fn plugin(app: &mut App, kind: StripKind, path: Option<PathBuf>) {
    let path = path.unwrap_or_else(|| format!("strip-{}.png", kind.name()).into());
    app.insert_resource(TimeUpdateStrategy::ManualDuration(STEP))
        .insert_resource(StripRun {
            kind,
            path,
            frame: 0,
            press: None,
            shots: vec![None; FRAMES],
            focus: Rect::default(),
            saved: false,
        })
        .init_resource::<Metrics>()
        .add_systems(Update, start_update_timer.before(GameSet::Ask))
        .add_systems(Update, stop_update_timer.after(GameSet::React))
        .add_systems(Last, (note_theme_ready, run).chain())
        .add_systems(EguiPrimaryContextPass, label);
}

/// The time between the strip's pictures: from the press on, the clock steps this much a
/// frame, so each frame drawn is one of the strip's (the motions are functions of the time
/// passed, landings and hits included, so they reach the same places as at 60 Hz; a browser
/// drawing in software takes a quarter of the time).
fn interval(kind: StripKind) -> Duration {
    Duration::from_secs_f32(kind.span() / (FRAMES - 1) as f32)
}

/// The request that makes the moment happen, once the table is where it can.
fn moment(kind: StripKind, table: &Table) -> Option<Request> {
    let game = &table.game;
    let seat = game.turn();
    match (kind, game.awaiting()) {
        // Far enough into a game that pieces are out.
        (StripKind::Roll, Awaiting::Roll) if table.record.steps.len() >= 60 => {
            Some(Request::Roll(seat))
        }
        (StripKind::Roll, _) => None,
        (_, Awaiting::Move) => game
            .legal_moves()
            .iter()
            .find(|m| {
                let captures = !table.captures_if(m.piece).is_empty();
                let goal = m.to == game.goal();
                match kind {
                    StripKind::Move => {
                        !m.from.is_base()
                            && game.pending_roll() == Some(5)
                            && !captures
                            && !goal
                            && m.to.progress().is_some_and(|p| p < 50)
                    }
                    StripKind::Capture => captures && !m.from.is_base(),
                    StripKind::Goal => goal,
                    StripKind::Roll => false,
                }
            })
            .map(|m| Request::Move(seat, m.piece)),
        _ => None,
    }
}

/// Plays the table forward, the engine choosing as a CPU would, to the strip's moment.
fn play_to_moment(kind: StripKind, table: &mut Table) -> Result<Request, String> {
    let mut events = Vec::new();
    for _ in 0..20_000 {
        if let Some(request) = moment(kind, table) {
            return Ok(request);
        }
        events.clear();
        let Some(action) = table.cpu_action() else {
            return Err("the game ended first".into());
        };
        table.act(action, &mut events).map_err(|e| e.to_string())?;
    }
    Err("not within 20,000 steps".into())
}

/// The stage, the window and the board's camera: where the moment is on screen.
#[derive(SystemParam)]
struct OnScreen<'w, 's> {
    stage: Res<'w, Stage>,
    window: Single<'w, 's, &'static Window, With<PrimaryWindow>>,
    camera: Single<'w, 's, (&'static Camera, &'static GlobalTransform), With<MainCamera>>,
}

/// What the strip tells the game: the table opened, the press, the end of the run.
#[derive(SystemParam)]
struct Said<'w> {
    opened: MessageWriter<'w, TableOpened>,
    started: MessageWriter<'w, GameStarted>,
    rolls: MessageWriter<'w, RollRequested>,
    moves: MessageWriter<'w, MoveChosen>,
    exit: MessageWriter<'w, AppExit>,
}

fn run(
    mut commands: Commands,
    mut strip: ResMut<StripRun>,
    mut metrics: ResMut<Metrics>,
    mut table: ResMut<Table>,
    on_screen: OnScreen,
    (mut selected, mut settings): (ResMut<Selected>, ResMut<Settings>),
    mut said: Said,
) {
    if !metrics.theme_ready {
        return;
    }
    strip.frame += 1;
    if strip.frame == 1 {
        // The strip's press makes the move, even a seat's only one.
        settings.auto_single_move = false;
        set_up(&mut strip, &mut table, &mut said);
        return;
    }
    // The move about to be made is the one in focus: its path and victims show.
    if let Some(Request::Move(_, piece)) = strip.press
        && let Some(i) = table
            .game
            .legal_moves()
            .iter()
            .position(|m| m.piece == piece)
    {
        selected.0 = i;
    }
    if strip.frame <= SETTLE_FRAMES {
        aim(&mut strip, &table, &on_screen);
    }
    if strip.frame == SETTLE_FRAMES {
        commands.insert_resource(TimeUpdateStrategy::ManualDuration(interval(strip.kind)));
        press(&strip, &mut metrics, &mut said);
    }
    let Some(after) = strip.frame.checked_sub(SETTLE_FRAMES) else {
        return;
    };
    let i = after as usize;
    if i < FRAMES {
        commands.spawn(Screenshot::primary_window()).observe(
            move |shot: On<ScreenshotCaptured>, mut strip: ResMut<StripRun>| {
                strip.shots[i] = Some(shot.image.clone());
            },
        );
    }
    if strip.saved {
        // A few frames for the file (or the download) to be written.
        if i > FRAMES + 10 {
            said.exit.write(AppExit::Success);
        }
    } else if strip.shots.iter().all(Option::is_some) {
        save(
            &mut commands,
            &strip,
            &metrics,
            on_screen.window.scale_factor(),
            &mut said,
        );
        strip.saved = true;
    }
}

/// The first frame: the table played to the moment, and opened.
fn set_up(strip: &mut StripRun, table: &mut Table, said: &mut Said) {
    match play_to_moment(strip.kind, table) {
        Ok(request) => strip.press = Some(request),
        Err(e) => {
            error!("strip {}: no such moment: {e}", strip.kind.name());
            said.exit.write(AppExit::from_code(4));
            return;
        }
    }
    said.opened.write(TableOpened);
    said.started.write(GameStarted);
}

/// Where the moment happens on screen, within the board's square, as the board settles.
fn aim(strip: &mut StripRun, table: &Table, on_screen: &OnScreen) {
    let (camera, at) = *on_screen.camera;
    let to_screen = |world: Vec2| camera.world_to_viewport(at, world.extend(0.0)).ok();
    let area = focus(table, strip.press);
    if let (Some(a), Some(b)) = (to_screen(area.min), to_screen(area.max)) {
        strip.focus = Rect::from_corners(a, b).intersect(on_screen.stage.board);
    }
}

/// The press that starts the moment; a frame's time is counted from here, not the setting up.
fn press(strip: &StripRun, metrics: &mut Metrics, said: &mut Said) {
    metrics.update_total = Duration::ZERO;
    metrics.update_worst = Duration::ZERO;
    metrics.updates = 0;
    match strip.press {
        Some(Request::Roll(seat)) => {
            said.rolls.write(RollRequested { seat });
        }
        Some(Request::Move(seat, piece)) => {
            said.moves.write(MoveChosen { seat, piece });
        }
        None => {}
    }
}

/// The frames side by side, cut to the moment's area, saved (with the systems' time a frame
/// while the moment played, on the desktop).
fn save(commands: &mut Commands, strip: &StripRun, metrics: &Metrics, scale: f32, said: &mut Said) {
    let kind = strip.kind;
    let frames: Vec<Image> = strip.shots.iter().flatten().cloned().collect();
    let pixels = Rect::from_corners(strip.focus.min * scale, strip.focus.max * scale);
    match side_by_side(&frames, pixels) {
        Ok(image) => {
            let path = strip.path.clone();
            info!(
                "strip {}: {} frames to {}",
                kind.name(),
                FRAMES,
                path.display()
            );
            #[cfg(not(target_arch = "wasm32"))]
            {
                let report = super::report::Report::measured(metrics, kind.name());
                let _ = std::fs::write(path.with_extension("json"), report.to_json());
            }
            #[cfg(target_arch = "wasm32")]
            let _ = metrics;
            let target = commands.spawn_empty().observe(save_to_disk(path)).id();
            commands.trigger(ScreenshotCaptured {
                entity: target,
                image,
            });
        }
        Err(e) => {
            error!("strip {}: {e}", kind.name());
            said.exit.write(AppExit::from_code(4));
        }
    }
}

/// The squares the moment happens on, in world units, with room around: the die's yard for
/// a roll; a move's path, and the bases a capture sends pieces to.
fn focus(table: &Table, press: Option<Request>) -> Rect {
    let seat = table.game.mover() as usize;
    let mut cells: Vec<Vec2> = Vec::new();
    match press {
        Some(Request::Move(_, piece)) => {
            if let Some(m) = table.game.legal_moves().iter().find(|m| m.piece == piece) {
                let path = table.layout.path(seat, piece as usize, m.from, m.to);
                cells.extend(path.iter().map(|&c| cell_pos(&table.layout, c)));
                cells.push(cell_pos(
                    &table.layout,
                    table.layout.cell(seat, piece as usize, m.from),
                ));
            }
            for (victim, index) in table.captures_if(piece) {
                let home = table
                    .layout
                    .cell(victim as usize, index as usize, Pos::BASE);
                cells.push(cell_pos(&table.layout, home));
            }
        }
        _ => {
            if let Some(&colour) = table.layout.colours.get(seat) {
                cells.push(yard_centre(&table.layout, colour));
            }
        }
    }
    let Some(&first) = cells.first() else {
        return Rect::new(-7.9, -7.9, 7.9, 7.9);
    };
    let mut area = cells
        .iter()
        .fold(Rect::from_center_size(first, Vec2::ZERO), |r, &c| {
            r.union_point(c)
        });
    area = area.inflate(1.6);
    // Square, at least six squares a side (bevy's world y is up: screen rects flip it).
    let side = area.width().max(area.height()).max(6.0);
    Rect::from_center_size(area.center(), Vec2::splat(side))
}

/// The board's square of each frame, scaled to `FRAME_WIDTH`, in a row with a gap between.
fn side_by_side(frames: &[Image], board: Rect) -> Result<Image, String> {
    const GAP: u32 = 6;
    let w = FRAME_WIDTH;
    let h = ((board.height() / board.width().max(1.0)) * w as f32)
        .round()
        .max(1.0) as u32;
    let width = frames.len() as u32 * (w + GAP) - GAP;
    let mut out = vec![24u8; (width * h * 4) as usize];
    for (n, frame) in frames.iter().enumerate() {
        let rgba = frame
            .clone()
            .try_into_dynamic()
            .map_err(|e| format!("a frame could not be read: {e}"))?
            .to_rgba8();
        let (fw, fh) = rgba.dimensions();
        let x0 = n as u32 * (w + GAP);
        for y in 0..h {
            for x in 0..w {
                // The mean of the frame's pixels under this one (a box filter).
                let sx = |x: u32| board.min.x + board.width() * x as f32 / w as f32;
                let sy = |y: u32| board.min.y + board.height() * y as f32 / h as f32;
                let (ax, bx) = (sx(x) as u32, (sx(x + 1) as u32).max(sx(x) as u32 + 1));
                let (ay, by) = (sy(y) as u32, (sy(y + 1) as u32).max(sy(y) as u32 + 1));
                let mut sum = [0u32; 4];
                let mut count = 0;
                for py in ay.min(fh - 1)..by.min(fh) {
                    for px in ax.min(fw - 1)..bx.min(fw) {
                        let p = rgba.get_pixel(px, py).0;
                        for c in 0..4 {
                            sum[c] += p[c] as u32;
                        }
                        count += 1;
                    }
                }
                let at = (((y * width) + x0 + x) * 4) as usize;
                for c in 0..4 {
                    out[at + c] = (sum[c] / count.max(1)) as u8;
                }
                out[at + 3] = 255;
            }
        }
    }
    Ok(Image::new(
        Extent3d {
            width,
            height: h,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        out,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    ))
}

/// Each frame's time since the press, in the top corner of what the strip shows.
fn label(mut contexts: EguiContexts, strip: Res<StripRun>) {
    // Drawn before this frame's `run` counts it: the frame after the press is its first.
    let Some(after) = (strip.frame + 1).checked_sub(SETTLE_FRAMES) else {
        return;
    };
    let Ok(ctx) = contexts.ctx_mut() else { return };
    let ms = after as f32 * interval(strip.kind).as_secs_f32() * 1000.0;
    // egui's points are logical pixels over its zoom (the text size).
    let at = crate::ui::widgets::points(strip.focus, ctx.zoom_factor()).min;
    egui::Area::new(egui::Id::new("strip_label"))
        .fixed_pos(at + egui::vec2(4.0, 4.0))
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(egui::Color32::from_black_alpha(200))
                .inner_margin(egui::Margin::symmetric(8, 3))
                .corner_radius(4.0)
                .show(ui, |ui| {
                    ui.add(
                        egui::Label::new(
                            egui::RichText::new(format!("{} {:.0} ms", strip.kind.name(), ms))
                                .size(20.0)
                                .color(egui::Color32::WHITE),
                        )
                        .wrap_mode(egui::TextWrapMode::Extend),
                    );
                });
        });
}
