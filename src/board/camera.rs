//! The camera: the board always fits the part of the window the HUD leaves: left of its
//! panel when the window is wide, above it when the window is upright (a phone held upright).

use bevy::camera::visibility::RenderLayers;
use bevy::camera::{CameraOutputMode, ScalingMode, Viewport};
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiGlobalSettings, PrimaryEguiContext};

use crate::table::screen::Screen;

/// What the HUD takes of the window, in egui's points, as egui last laid it out: a panel on
/// the right (wide windows) or at the bottom (upright ones); zero with no HUD.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct HudArea {
    pub right: f32,
    pub bottom: f32,
    /// Logical pixels to a point (egui's zoom: the window's size and the text size).
    pub zoom: f32,
}

impl Default for HudArea {
    fn default() -> Self {
        HudArea {
            right: 0.0,
            bottom: 0.0,
            zoom: 1.0,
        }
    }
}

impl HudArea {
    /// Where a window is anchored from the centre: over the board beside a side panel; on the
    /// whole screen when upright (a window there needs all the height it can get).
    pub fn window_offset(&self) -> bevy_egui::egui::Vec2 {
        bevy_egui::egui::vec2(-self.right / 2.0, 0.0)
    }
}

/// A window held upright (taller than wide, as a phone usually is): the board takes the full
/// width at the top and the HUD sits below it.
pub fn upright(width: f32, height: f32) -> bool {
    height > width * 1.15
}

#[derive(Component)]
pub struct MainCamera;

/// The camera egui draws the HUD and the windows with, over the whole window.
#[derive(Component)]
struct HudCamera;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HudArea>()
        .insert_resource(ClearColor(crate::theme::Look::default().background))
        .add_systems(Startup, spawn_camera)
        .add_systems(
            PostUpdate,
            (
                fit_viewport,
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

fn fit_viewport(
    hud: Res<HudArea>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut camera: Single<&mut Camera, With<MainCamera>>,
) {
    let scale = window.scale_factor() * hud.zoom;
    let size = window.physical_size();
    let width = size.x.saturating_sub((hud.right * scale) as u32).max(1);
    let height = size.y.saturating_sub((hud.bottom * scale) as u32).max(1);
    let viewport = Viewport {
        physical_position: UVec2::ZERO,
        physical_size: UVec2::new(width, height),
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
