//! A block looks like one: the pieces that make it (two of a seat, or under team blocks a
//! partner's beside one's own) stand on a tray in their colours that fills their square,
//! under the pieces. Which pieces make a block is the engine's word (`Game::in_block`).

use bevy::prelude::*;
use ludo_core::Cell;

use crate::board::pieces::{PIECE_Z, stacks};
use crate::board::shapes::{Shapes, cell_pos};
use crate::board::{BoardSet, OnTable};
use crate::table::Table;
use crate::theme::ActiveTheme;

/// A block's tray, on the square it stands on.
#[derive(Component)]
pub struct Tray;

/// Under the pieces (and their shadows), over the squares.
const TRAY_Z: f32 = PIECE_Z - 2.0;
/// The tray's size in cells, and its rim's.
const TRAY: f32 = 0.84;
const RIM: f32 = 0.96;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, show_trays.in_set(BoardSet::Show));
}

/// Each square with a block, and the colours of the seats that make it (one, or two).
fn blocks(table: &Table) -> Vec<(Cell, Vec<u8>)> {
    let mut out: Vec<(Cell, Vec<u8>)> = stacks(table)
        .into_iter()
        .filter_map(|(cell, group)| {
            let mut seats: Vec<u8> = group
                .iter()
                .filter(|&&(seat, index)| table.game.in_block(seat, index))
                .map(|&(seat, _)| seat)
                .collect();
            seats.dedup();
            (!seats.is_empty()).then_some((cell, seats))
        })
        .collect();
    out.sort_by_key(|(cell, _)| (cell.x, cell.y));
    out
}

/// The trays follow the engine's blocks: built again when they change.
fn show_trays(
    mut commands: Commands,
    table: Res<Table>,
    theme: Res<ActiveTheme>,
    shapes: Res<Shapes>,
    trays: Query<Entity, With<Tray>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut shown: Local<Vec<(Cell, Vec<u8>)>>,
) {
    if !table.is_changed() && trays.iter().count() == shown.len() {
        return;
    }
    let now = blocks(&table);
    if now == *shown && trays.iter().count() == shown.len() {
        return;
    }
    for entity in &trays {
        commands.entity(entity).despawn();
    }
    let look = &theme.look;
    for (cell, seats) in &now {
        let at = cell_pos(&table.layout, *cell);
        let turn = table.layout.turn(*cell);
        commands
            .spawn((
                OnTable,
                Tray,
                Transform::from_translation(at.extend(TRAY_Z))
                    .with_rotation(Quat::from_rotation_z(turn)),
                Visibility::default(),
            ))
            .with_children(|p| {
                p.spawn((
                    Mesh2d(shapes.square.clone()),
                    MeshMaterial2d(materials.add(look.outline)),
                    Transform::from_xyz(0.0, 0.0, 0.0).with_scale(Vec3::splat(RIM)),
                ));
                // One colour fills the tray; two share it, half each.
                let halves = seats.len().clamp(1, 2);
                for (i, &seat) in seats.iter().take(2).enumerate() {
                    let colour = look.strong(table.layout.colours[seat as usize]);
                    let width = TRAY / halves as f32;
                    let x = (i as f32 - (halves as f32 - 1.0) / 2.0) * width;
                    p.spawn((
                        Mesh2d(shapes.square.clone()),
                        MeshMaterial2d(materials.add(colour.mix(&Color::BLACK, 0.2))),
                        Transform::from_xyz(x, 0.0, 0.01).with_scale(Vec3::new(width, TRAY, 1.0)),
                    ));
                }
            });
    }
    *shown = now;
}
