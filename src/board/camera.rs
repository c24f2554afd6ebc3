//! The camera and the stage: the board is the largest square the window holds, with each
//! seat's plate at its corner, a bar of buttons and the prompt in the room left beside it
//! (a wide window) or above and below it (an upright one, a phone held upright).

use bevy::camera::visibility::RenderLayers;
use bevy::camera::{CameraOutputMode, ScalingMode, Viewport};
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiGlobalSettings, PrimaryEguiContext};

use ludo_core::MAX_SEATS;

use crate::table::Table;
use crate::table::screen::Screen;

/// Where the table's things go, in logical pixels from the window's top-left: the board,
/// each corner's plate, the bar of buttons, the prompt and the toasts. A pure function of
/// the window's size, so the board's camera and the HUD agree without asking each other.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Stage {
    pub window: Vec2,
    pub board: Rect,
    /// Each seat's plate, beside its yard: `seats` of them.
    pub plates: [Rect; MAX_SEATS as usize],
    pub seats: usize,
    pub bar: Rect,
    pub prompt: Rect,
    pub toasts: Rect,
    pub upright: bool,
    /// The plates are too narrow for names (a nearly square window): mark, pips and clock.
    pub compact: bool,
    /// A review's panel (its controls, chart and moments); empty at play.
    pub panel: Rect,
}

impl Default for Stage {
    fn default() -> Self {
        Stage::of(Vec2::new(1280.0, 720.0))
    }
}

/// The yards of the four-seat cross, by seat: where the plates go when no table is open.
const CROSS_YARDS: [Vec2; 4] = [
    Vec2::new(-4.5, 4.5),
    Vec2::new(4.5, 4.5),
    Vec2::new(4.5, -4.5),
    Vec2::new(-4.5, -4.5),
];

/// How far from the board's middle line a yard must be to count as above it, or right of it.
const LEVEL: f32 = 0.01;

/// The seats whose plates go in one column (wide) or one row (upright), in two groups: those
/// at the start of the line (the column's top, the upper row) and those at its end.
struct Line {
    near: Vec<usize>,
    far: Vec<usize>,
}

impl Line {
    /// Splits `seats` into those `near` the start and the rest, each group sorted by `order`.
    fn of(seats: Vec<usize>, near: impl Fn(usize) -> bool, order: impl Fn(usize) -> f32) -> Line {
        let (mut near, mut far): (Vec<usize>, Vec<usize>) =
            seats.into_iter().partition(|&s| near(s));
        near.sort_by(|&a, &b| order(a).total_cmp(&order(b)));
        far.sort_by(|&a, &b| order(a).total_cmp(&order(b)));
        Line { near, far }
    }
}

/// The narrowest a plate with a name may be, and the narrowest a compact one may be.
const PLATE_MIN: f32 = 120.0;
const COMPACT_MIN: f32 = 56.0;
/// A bar of 44-pixel buttons with a margin.
const BAR_HEIGHT: f32 = 48.0;
const PROMPT_MIN: f32 = 64.0;

/// The least height that holds a toast of two lines.
const TOAST_MIN: f32 = 64.0;

impl Stage {
    /// The stage of the four-seat cross.
    pub fn of(window: Vec2) -> Stage {
        Stage::seated(window, &CROSS_YARDS)
    }

    /// The stage of a table whose seats' yards are at `yards` (board coordinates, the
    /// board's centre at 0, y up): each plate beside its yard.
    pub fn seated(window: Vec2, yards: &[Vec2]) -> Stage {
        let (w, h) = (window.x.max(1.0), window.y.max(1.0));
        if upright(w, h) {
            Stage::tall(w, h, yards)
        } else {
            Stage::wide(w, h, yards)
        }
    }

    /// The board in the middle, a column either side: the bar, the left plates and the
    /// toasts on the left, the prompt and the right plates on the right. A column's plates
    /// for yards above the middle stack down from its top, the others up from its bottom.
    fn wide(w: f32, h: f32, yards: &[Vec2]) -> Stage {
        let gap = (0.02 * h).clamp(4.0, 16.0);
        let side = (h - 2.0 * gap)
            .min(w - 2.0 * (COMPACT_MIN + 2.0 * gap))
            .max(1.0);
        let board = Rect::from_center_size(Vec2::new(w, h) / 2.0, Vec2::splat(side));
        let column = ((w - side) / 2.0 - 2.0 * gap).max(0.0);
        let plate = Vec2::new(column.min(320.0), (0.14 * h).clamp(64.0, 120.0));
        let left = board.min.x - gap;
        let right = board.max.x + gap;
        let seats = yards.len().min(MAX_SEATS as usize);
        let on_right = |s: usize| {
            let y = yards[s];
            y.x > LEVEL || (y.x.abs() <= LEVEL && y.y > 0.0)
        };
        let (right_seats, left_seats): (Vec<usize>, Vec<usize>) =
            (0..seats).partition(|&s| on_right(s));
        let mut plates = [Rect::default(); MAX_SEATS as usize];
        // Returns the room left between the column's top and bottom plates.
        let mut stack = |seats: Vec<usize>, x: f32| {
            let line = Line::of(seats, |s| yards[s].y > LEVEL, |s| -yards[s].y);
            let step = plate.y + gap;
            for (i, &s) in line.near.iter().enumerate() {
                let top = board.min.y + i as f32 * step;
                plates[s] = Rect::new(x, top, x + plate.x, top + plate.y);
            }
            let n = line.far.len();
            for (i, &s) in line.far.iter().enumerate() {
                let bottom = board.max.y - (n - 1 - i) as f32 * step;
                plates[s] = Rect::new(x, bottom - plate.y, x + plate.x, bottom);
            }
            (
                board.min.y + line.near.len().max(1) as f32 * step,
                board.max.y - n.max(1) as f32 * step,
            )
        };
        let (middle_top, middle_bottom) = stack(left_seats, left - plate.x);
        let (prompt_top, prompt_bottom) = stack(right_seats, right);
        // Five buttons in a row, or in two rows when the column is narrow.
        let rows = if column >= 5.0 * BAR_HEIGHT { 1.0 } else { 2.0 };
        let bar = Rect::new(
            left - plate.x,
            middle_top,
            left,
            middle_top + rows * BAR_HEIGHT,
        );
        let toasts = Rect::new(left - plate.x, bar.max.y + gap, left, middle_bottom);
        let prompt = Rect::new(right, prompt_top, right + plate.x, prompt_bottom);
        Stage {
            window: Vec2::new(w, h),
            board,
            plates,
            seats,
            bar,
            prompt,
            toasts,
            upright: false,
            compact: column < PLATE_MIN,
            panel: Rect::default(),
        }
    }

    /// The bar along the top; the top plates, the board and the bottom plates in the
    /// middle; the prompt below. The board keeps the window's width less its margins while
    /// the rest fits, and gives up height only on a very short window. The plates of yards
    /// above the middle go above, the rest below, each row in the yards' order left to right.
    fn tall(w: f32, h: f32, yards: &[Vec2]) -> Stage {
        let gap = (0.02 * w).clamp(4.0, 16.0);
        let mut side = w - 2.0 * gap;
        let mut plate_h = (0.2 * w).clamp(56.0, 100.0);
        let fixed = |side: f32, plate_h: f32| {
            gap + BAR_HEIGHT + gap + plate_h + gap + side + gap + plate_h + gap + PROMPT_MIN + gap
        };
        if fixed(side, plate_h) > h {
            plate_h = 56.0;
            side = (side - (fixed(side, plate_h) - h).max(0.0)).max(1.0);
        }
        // What is left over goes around the block of plates and board, a third above.
        let spare = (h - fixed(side, plate_h)).max(0.0);
        let top = gap + BAR_HEIGHT + gap + spare / 3.0 + plate_h + gap;
        let board = Rect::new((w - side) / 2.0, top, (w + side) / 2.0, top + side);
        let (above, below) = (board.min.y - gap - plate_h, board.max.y + gap);
        let seats = yards.len().min(MAX_SEATS as usize);
        let rows = Line::of((0..seats).collect(), |s| yards[s].y > LEVEL, |s| yards[s].x);
        let mut plates = [Rect::default(); MAX_SEATS as usize];
        let mut narrowest = f32::MAX;
        for (row, y) in [(rows.near, above), (rows.far, below)] {
            // At least two to a row; one alone keeps to its yard's side.
            let places = row.len().max(2);
            let width = (side - (places - 1) as f32 * gap) / places as f32;
            narrowest = narrowest.min(width);
            for (i, &s) in row.iter().enumerate() {
                let place = if row.len() == 1 && yards[s].x > 0.0 {
                    1
                } else {
                    i
                };
                let x = board.min.x + place as f32 * (width + gap);
                plates[s] = Rect::new(x, y, x + width, y + plate_h);
            }
        }
        let bar = Rect::new(board.min.x, gap, board.max.x, gap + BAR_HEIGHT);
        let prompt = Rect::new(board.min.x, below + plate_h + gap, board.max.x, h - gap);
        // Under the prompt when a tall window leaves room for a toast there; else over the
        // board's lower half, in front: they fade in a moment.
        let under = Rect::new(
            board.min.x,
            prompt.min.y + PROMPT_MIN + gap,
            board.max.x,
            h - gap,
        );
        let toasts = if under.height() >= TOAST_MIN {
            under
        } else {
            Rect::new(
                board.min.x + side * 0.1,
                board.center().y + side * 0.1,
                board.max.x - side * 0.1,
                board.max.y - side * 0.1,
            )
        };
        Stage {
            window: Vec2::new(w, h),
            board,
            plates,
            seats,
            bar,
            prompt,
            toasts,
            upright: true,
            compact: narrowest < PLATE_MIN,
            panel: Rect::default(),
        }
    }

    /// A review: the board and, beside it (below it when upright), the review's panel; no
    /// plates, bar or prompt.
    pub fn reviewing(window: Vec2) -> Stage {
        let (w, h) = (window.x.max(1.0), window.y.max(1.0));
        let tall = upright(w, h);
        let gap = (0.02 * w.min(h)).clamp(4.0, 16.0);
        let (board, panel) = if tall {
            // The panel keeps at least a third of the height.
            let side = (w - 2.0 * gap).min(h * 0.62).max(1.0);
            let board = Rect::new((w - side) / 2.0, gap, (w + side) / 2.0, gap + side);
            (board, Rect::new(gap, board.max.y + gap, w - gap, h - gap))
        } else {
            // The panel keeps at least 40% of the width.
            let side = (h - 2.0 * gap).min(w * 0.6 - 2.0 * gap).max(1.0);
            let top = (h - side) / 2.0;
            let board = Rect::new(gap, top, gap + side, top + side);
            (board, Rect::new(board.max.x + gap, gap, w - gap, h - gap))
        };
        let none = Rect::from_center_size(board.center(), Vec2::ZERO);
        Stage {
            window: Vec2::new(w, h),
            board,
            plates: [none; MAX_SEATS as usize],
            seats: 0,
            bar: none,
            prompt: none,
            toasts: none,
            upright: tall,
            compact: true,
            panel,
        }
    }

    /// A seat's plate (an empty rect at the board's centre for a seat not at the table).
    pub fn plate(&self, seat: u8) -> Rect {
        match self.plates.get(seat as usize) {
            Some(&plate) if (seat as usize) < self.seats => plate,
            _ => Rect::from_center_size(self.board.center(), Vec2::ZERO),
        }
    }

    /// The board's side over the window's short side (what the screenshots report).
    #[cfg(any(test, feature = "dev"))]
    pub fn board_share(&self) -> f32 {
        self.board.width() / self.window.x.min(self.window.y)
    }
}

/// A window held upright (taller than wide, as a phone usually is): the board takes the full
/// width and the plates sit above and below it.
pub fn upright(width: f32, height: f32) -> bool {
    height > width * 1.15
}

#[derive(Component)]
pub struct MainCamera;

/// The camera egui draws the HUD and the windows with, over the whole window.
#[derive(Component)]
struct HudCamera;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Stage>()
        .insert_resource(ClearColor(crate::theme::Look::default().background))
        .add_systems(Startup, spawn_camera)
        .add_systems(
            PostUpdate,
            (
                (place_stage, fit_viewport).chain(),
                frame_board
                    .run_if(resource_exists_and_changed::<Table>)
                    .before(TransformSystems::Propagate),
                smooth_edges,
                board_hidden_by_menu.run_if(state_changed::<Screen>),
            ),
        );
}

fn spawn_camera(mut commands: Commands, mut egui_settings: ResMut<EguiGlobalSettings>) {
    // The HUD gets a camera of its own over the whole window, so shrinking the board's
    // viewport to make room for the HUD does not shrink the HUD too.
    egui_settings.auto_create_primary_context = false;
    commands.spawn((
        PrimaryEguiContext,
        HudCamera,
        Camera2d,
        RenderLayers::none(),
        Camera {
            order: 1,
            output_mode: hud_output(false),
            clear_color: ClearColorConfig::Custom(Color::NONE),
            ..default()
        },
    ));
    commands.spawn((
        MainCamera,
        Camera2d,
        Projection::from(OrthographicProjection {
            // 15 cells and a margin, whatever the window's size and pixel density.
            scaling_mode: ScalingMode::AutoMin {
                min_width: 15.8,
                min_height: 15.8,
            },
            ..OrthographicProjection::default_2d()
        }),
    ));
}

/// The board's camera frames the board in the table's layout: the box round its outline (the
/// cross's 15 squares, the radial boards' polygon) and a margin, centred.
fn frame_board(
    table: Res<Table>,
    camera: Single<(&mut Projection, &mut Transform), With<MainCamera>>,
) {
    let (mut projection, mut transform) = camera.into_inner();
    let outline: Vec<Vec2> = table.layout.outline().into_iter().map(Vec2::from).collect();
    let (min, max) = crate::board::squares::bounds(&outline);
    let side = (max - min).max_element() + 0.8;
    let centre = ((min + max) / 2.0).extend(transform.translation.z);
    if let Projection::Orthographic(ortho) = &*projection
        && !matches!(ortho.scaling_mode, ScalingMode::AutoMin { min_width, .. } if min_width == side)
        && let Projection::Orthographic(ortho) = &mut *projection
    {
        ortho.scaling_mode = ScalingMode::AutoMin {
            min_width: side,
            min_height: side,
        };
    }
    if transform.translation != centre {
        transform.translation = centre;
    }
}

/// Edges are smoothed (4× multisampling) on screens of one pixel to a point, and not where a
/// point is two or three pixels (phones, high-density laptops): there the steps are too small
/// to see and multisampling would cost four samples for each of four to nine times the pixels.
fn smooth_edges(
    window: Single<&Window, (With<PrimaryWindow>, Changed<Window>)>,
    mut cameras: Query<&mut Msaa, With<Camera>>,
) {
    let msaa = if window.scale_factor() >= 2.0 {
        Msaa::Off
    } else {
        Msaa::Sample4
    };
    for mut current in &mut cameras {
        if *current != msaa {
            *current = msaa;
        }
    }
}

/// The HUD's camera draws over the board's, or, alone, over a cleared window.
fn hud_output(alone: bool) -> CameraOutputMode {
    CameraOutputMode::Write {
        blend_state: Some(BlendState::ALPHA_BLENDING),
        clear_color: if alone {
            ClearColorConfig::Default
        } else {
            ClearColorConfig::None
        },
    }
}

/// The menu covers the whole window, so the board is not drawn behind it: a software-rendered
/// browser draws the menu several times as fast, and a phone opens the menu without first
/// preparing the board's shaders.
fn board_hidden_by_menu(
    screen: Res<State<Screen>>,
    mut board: Single<&mut Camera, (With<MainCamera>, Without<HudCamera>)>,
    mut hud: Single<&mut Camera, With<HudCamera>>,
) {
    let menu = *screen.get() == Screen::Menu;
    board.is_active = !menu;
    hud.output_mode = hud_output(menu);
}

/// The stage follows the window's size.
fn place_stage(
    window: Single<&Window, With<PrimaryWindow>>,
    screen: Option<Res<State<Screen>>>,
    table: Option<Res<Table>>,
    mut stage: ResMut<Stage>,
) {
    let size = Vec2::new(window.width(), window.height());
    let yards: Vec<Vec2> = match &table {
        Some(table) => table
            .layout
            .colours
            .iter()
            .map(|&c| Vec2::from(table.layout.yard_centre(c)))
            .collect(),
        None => CROSS_YARDS.to_vec(),
    };
    let placed = match screen.map(|s| *s.get()) {
        Some(Screen::Review) => Stage::reviewing(size),
        _ => Stage::seated(size, &yards),
    };
    if *stage != placed {
        *stage = placed;
    }
}

/// The board's camera draws in the board's square only.
fn fit_viewport(
    stage: Res<Stage>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut camera: Single<&mut Camera, With<MainCamera>>,
) {
    let scale = window.scale_factor();
    let size = window.physical_size().as_vec2();
    let min = (stage.board.min * scale)
        .round()
        .clamp(Vec2::ZERO, size - 1.0);
    let max = (stage.board.max * scale).round().clamp(min + 1.0, size);
    let viewport = Viewport {
        physical_position: min.as_uvec2(),
        physical_size: (max - min).as_uvec2(),
        ..default()
    };
    if camera
        .viewport
        .as_ref()
        .map(|v| (v.physical_position, v.physical_size))
        != Some((viewport.physical_position, viewport.physical_size))
    {
        camera.viewport = Some(viewport);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIZES: [(f32, f32); 7] = [
        (1920.0, 1080.0),
        (1280.0, 720.0),
        (640.0, 360.0),
        (390.0, 844.0),
        (360.0, 640.0),
        (800.0, 600.0),
        (1024.0, 768.0),
    ];

    /// The yards of each table shape: the cross, and the radial boards of five and six.
    fn tables() -> Vec<Vec<Vec2>> {
        let mut tables = vec![CROSS_YARDS.to_vec()];
        for seats in [5, 6] {
            let layout = ludo_core::Layout::new(ludo_core::BoardChoice::ByPlayerCount, seats);
            let yards = layout
                .colours
                .iter()
                .map(|&c| Vec2::from(layout.yard_centre(c)));
            tables.push(yards.collect());
        }
        tables
    }

    #[test]
    fn the_board_takes_most_of_the_short_side_and_nothing_overlaps() {
        for (yards, (w, h)) in tables().iter().flat_map(|y| SIZES.map(|s| (y, s))) {
            let stage = Stage::seated(Vec2::new(w, h), yards);
            assert_eq!(stage.seats, yards.len());
            let screen = Rect::new(0.0, 0.0, w, h);
            // The sizes (wide or upright) at 92% at least; squarish ones less.
            let least = if w / h > 1.7 || h / w > 1.7 {
                0.92
            } else {
                0.8
            };
            assert!(
                stage.board_share() >= least,
                "{w}x{h}: {}",
                stage.board_share()
            );
            let mut parts = vec![
                ("board", stage.board),
                ("bar", stage.bar),
                ("prompt", stage.prompt),
            ];
            parts.extend(stage.plates[..stage.seats].iter().map(|&p| ("plate", p)));
            for (i, (a, ra)) in parts.iter().enumerate() {
                assert!(
                    ra.width() > 0.0 && ra.height() > 0.0,
                    "{w}x{h}: {a} is empty"
                );
                let inside = screen.union(*ra) == screen;
                assert!(inside, "{w}x{h}: {a} {ra:?} leaves the window");
                for (b, rb) in &parts[i + 1..] {
                    let overlap = ra.intersect(*rb);
                    assert!(
                        overlap.is_empty(),
                        "{w}x{h}: {a} {ra:?} and {b} {rb:?} overlap"
                    );
                }
            }
            // A finger's 44 pixels for the bar and the prompt's line.
            assert!(
                stage.bar.height() >= 44.0 && stage.prompt.height() >= 44.0,
                "{w}x{h}"
            );
        }
        // Plates with names where the sizes leave the room.
        for (w, h) in &SIZES[..5] {
            assert!(!Stage::of(Vec2::new(*w, *h)).compact, "{w}x{h}");
        }
    }

    #[test]
    fn upright_toasts_go_under_the_prompt_when_it_leaves_room_else_over_the_board() {
        for yards in &tables() {
            let tall = Stage::seated(Vec2::new(390.0, 844.0), yards);
            let window = Rect::new(0.0, 0.0, 390.0, 844.0);
            assert!(tall.toasts.min.y >= tall.prompt.min.y + PROMPT_MIN);
            assert!(tall.toasts.height() >= TOAST_MIN);
            assert!(window.union(tall.toasts) == window);
            for r in [tall.board].iter().chain(&tall.plates[..tall.seats]) {
                assert!(tall.toasts.intersect(*r).is_empty(), "{r:?}");
            }
            let short = Stage::seated(Vec2::new(360.0, 640.0), yards);
            assert!(
                short.board.contains(short.toasts.center()),
                "no room: over the board"
            );
        }
    }

    #[test]
    fn each_yard_has_the_plate_at_its_corner() {
        let stage = Stage::of(Vec2::new(1280.0, 720.0));
        let (top_left, bottom_right) = (stage.plate(0), stage.plate(2));
        assert!(top_left.max.x <= stage.board.min.x && top_left.min.y == stage.board.min.y);
        assert!(bottom_right.min.x >= stage.board.max.x);
        assert!(bottom_right.max.y == stage.board.max.y);
    }

    /// Every plate is on its yard's side of the board: left or right of it in a wide window
    /// (a yard straight above goes right, straight below left: clockwise), above or below it
    /// in an upright one; and in the upright rows, left to right as the yards are.
    #[test]
    fn each_plate_is_beside_its_yard_at_five_and_six() {
        for yards in &tables()[1..] {
            for (w, h) in SIZES {
                let stage = Stage::seated(Vec2::new(w, h), yards);
                let middle = stage.board.center();
                for (seat, yard) in yards.iter().enumerate() {
                    let plate = stage.plate(seat as u8).center();
                    if stage.upright {
                        assert_eq!(plate.y < middle.y, yard.y > LEVEL, "{w}x{h} seat {seat}");
                    } else {
                        let right = yard.x > LEVEL || (yard.x.abs() <= LEVEL && yard.y > 0.0);
                        assert_eq!(plate.x > middle.x, right, "{w}x{h} seat {seat}");
                    }
                }
                if stage.upright {
                    for a in 0..yards.len() {
                        for b in 0..yards.len() {
                            let (pa, pb) = (stage.plate(a as u8), stage.plate(b as u8));
                            if pa.min.y == pb.min.y && yards[a].x < yards[b].x {
                                assert!(pa.max.x <= pb.min.x, "{w}x{h}: {a} {b}");
                            }
                        }
                    }
                }
            }
        }
    }
}
