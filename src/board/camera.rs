//! The camera: the board always fits the part of the window left of the HUD panel.

use bevy::camera::visibility::RenderLayers;
use bevy::camera::{CameraOutputMode, ScalingMode, Viewport};
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiGlobalSettings, PrimaryEguiContext};

/// Width of the HUD panel in logical pixels, as egui last laid it out (0 with no HUD).
#[derive(Resource, Default, Clone, Copy, Debug)]
pub struct HudWidth(pub f32);

impl HudWidth {
    /// Where a window is anchored from the centre so it sits over the board, not the HUD.
    pub fn window_offset(&self) -> bevy_egui::egui::Vec2 {
        bevy_egui::egui::vec2(-self.0 / 2.0, 0.0)
    }
}

#[derive(Component)]
pub struct MainCamera;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HudWidth>()
        .insert_resource(ClearColor(crate::theme::Look::default().background))
        .add_systems(Startup, spawn_camera)
        .add_systems(PostUpdate, fit_viewport);
}

fn spawn_camera(mut commands: Commands, mut egui_settings: ResMut<EguiGlobalSettings>) {
    // The HUD gets a camera of its own over the whole window, so shrinking the board's
    // viewport to make room for the HUD does not shrink the HUD too.
    egui_settings.auto_create_primary_context = false;
    commands.spawn((
        PrimaryEguiContext,
        Camera2d,
        RenderLayers::none(),
        Camera {
            order: 1,
            output_mode: CameraOutputMode::Write {
                blend_state: Some(BlendState::ALPHA_BLENDING),
                clear_color: ClearColorConfig::None,
            },
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

fn fit_viewport(
    hud: Res<HudWidth>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut camera: Single<&mut Camera, With<MainCamera>>,
) {
    let scale = window.scale_factor();
    let size = window.physical_size();
    let hud_px = (hud.0 * scale) as u32;
    let width = size.x.saturating_sub(hud_px).max(1);
    let viewport = Viewport {
        physical_position: UVec2::ZERO,
        physical_size: UVec2::new(width, size.y.max(1)),
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
