//! A count on a square three or more pieces share, on its upper right corner: drawn that
//! small, a stack is counted at a glance by its number, not its pieces.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::board::camera::MainCamera;
use crate::board::pieces::stacks;
use crate::board::shapes::cell_pos;
use crate::table::Table;
use crate::theme::ActiveTheme;

/// From how many pieces on a square the count shows.
const COUNTED_FROM: usize = 3;

pub(super) fn stack_counts(
    mut contexts: EguiContexts,
    table: Res<Table>,
    theme: Res<ActiveTheme>,
    camera: Single<(&Camera, &GlobalTransform), With<MainCamera>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let zoom = ctx.zoom_factor();
    let (camera, at) = *camera;
    let to_points = |world: Vec2| {
        camera
            .world_to_viewport(at, world.extend(0.0))
            .ok()
            .map(|p| egui::pos2(p.x, p.y) / zoom)
    };
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("stack-counts"),
    ));
    let look = &theme.look;
    let ink = crate::theme::look::egui(look.outline);
    for (cell, group) in stacks(&table) {
        if group.len() < COUNTED_FROM {
            continue;
        }
        let middle = cell_pos(&table.layout, cell);
        let (Some(corner), Some(side)) = (
            to_points(middle + Vec2::new(0.48, 0.48)),
            to_points(middle + Vec2::new(1.48, 0.48)),
        ) else {
            continue;
        };
        // Two fifths of a square across, and never under 14 points (a phone's squares are
        // about 20).
        let radius = ((side.x - corner.x).abs() * 0.2).max(7.0);
        painter.circle(
            corner,
            radius,
            ink,
            egui::Stroke::new(1.5, egui::Color32::WHITE),
        );
        painter.text(
            corner,
            egui::Align2::CENTER_CENTER,
            group.len().to_string(),
            egui::FontId::proportional(radius * 1.3),
            egui::Color32::WHITE,
        );
    }
    Ok(())
}
