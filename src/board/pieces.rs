//! Pieces as entities that follow the engine's state: built from the table, at rest on their
//! squares (easing there, side by side or in rows when they share one, a block on a plate),
//! each with materials of its own so it can fade while a person chooses among the others.
//! Their motions are in `hops`; where their parts go, in `piece_shape`.

use std::collections::HashMap;

use bevy::prelude::*;
use ludo_core::Cell;

use crate::board::clock::BoardClock;
use crate::board::motion::{AtRest, Squash};
use crate::board::piece_shape::{PieceShape, depth, place_in_stack};
use crate::board::shapes::{Shapes, cell_pos, spawn_mark};
use crate::board::{BoardSet, OnTable};
use crate::table::Table;
use crate::theme::ActiveTheme;

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub seat: u8,
    pub index: u8,
}

/// The highlight ring of a piece that can move, and its size at rest.
#[derive(Component)]
pub struct Halo(pub Vec2);

/// A piece's own materials and their full colours: `choosing` fades them.
#[derive(Component, Clone, Debug)]
pub struct PieceLook {
    pub materials: Vec<(Handle<ColorMaterial>, Color)>,
}

/// How a piece stands out while a person chooses: `pulse` swells a piece that can move,
/// `fade` (0 to the theme's `dim`) the others. `choosing` sets it; rest and materials follow.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq)]
pub struct Emphasis {
    pub pulse: bool,
    pub fade: f32,
}

/// How faded a piece is drawn now (its `Emphasis::fade`, eased).
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Faded(pub f32);

/// How high a piece is above the board, in squares (its shadow falls that far below it).
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Lift(pub f32);

/// A piece's shadow (a child of the piece).
#[derive(Component)]
struct Shadow;

/// The scale a piece at rest eases to: smaller when it shares its square.
#[derive(Component, Clone, Copy, Debug)]
pub struct RestScale(pub f32);

/// The keyboard's current pick among the legal moves (the pointer's, when it hovers one).
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct Selected(pub usize);

pub const PIECE_Z: f32 = 10.0;
/// The depths of a piece's parts under its body, and of its mark over it: the parts of one
/// piece stay between those of the pieces in front of it and behind it (`piece_shape::depth`).
const SHADOW_Z: f32 = -1.0;
const HALO_Z: f32 = -0.5;
const OUTLINE_Z: f32 = -0.01;
const MARK_Z: f32 = 0.005;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        spawn_pieces
            .run_if(crate::board::squares::table_redrawn)
            .in_set(crate::board::squares::DrawTable::OnBoard),
    )
    .add_plugins(rest);
}

/// Pieces at rest and their shadows, without anything drawn: what a headless test runs.
pub fn rest(app: &mut App) {
    app.add_systems(Update, rest_pieces.in_set(BoardSet::Animate))
        .add_systems(Update, cast_shadows.in_set(BoardSet::Show));
}

fn spawn_pieces(
    mut commands: Commands,
    shapes: Res<Shapes>,
    table: Res<Table>,
    theme: Res<ActiveTheme>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let look = &theme.look;
    let shared = Shared {
        halo: materials.add(Color::WHITE),
        shadow: materials.add(look.shadow),
        shape: PieceShape::of(&theme),
    };
    for (seat, &colour) in table.layout.colours.iter().enumerate() {
        let seat_look = look.seat(colour);
        for index in 0..4u8 {
            // A theme's piece picture is drawn white and tinted with the seat's colour.
            let body = materials.add(ColorMaterial {
                color: seat_look.strong,
                texture: theme.art.piece.clone(),
                ..default()
            });
            let mark = materials.add(seat_look.ink);
            let mut own = vec![
                (body.clone(), seat_look.strong),
                (mark.clone(), seat_look.ink),
            ];
            // A drawn disc has an outline; a standing pawn's picture, a white rim behind it,
            // so that it stands out on a square of its own colour.
            let outline = if theme.art.piece.is_none() {
                Some(materials.add(look.outline))
            } else if shared.shape.stands {
                Some(materials.add(ColorMaterial {
                    color: Color::WHITE,
                    texture: theme.art.piece.clone(),
                    ..default()
                }))
            } else {
                None
            };
            if let Some(m) = &outline {
                own.push((
                    m.clone(),
                    materials.get(m).map_or(Color::WHITE, |m| m.color),
                ));
            }
            let pos = rest_cell(&table, seat as u8, index);
            commands
                .spawn((
                    OnTable,
                    Piece {
                        seat: seat as u8,
                        index,
                    },
                    PieceLook { materials: own },
                    Emphasis::default(),
                    Faded::default(),
                    Lift::default(),
                    RestScale(1.0),
                    Transform::from_translation(cell_pos(&table.layout, pos).extend(PIECE_Z)),
                    Visibility::default(),
                ))
                .with_children(|p| {
                    let body_mesh = if theme.art.piece.is_some() {
                        shapes.square.clone()
                    } else {
                        shapes.circle.clone()
                    };
                    spawn_piece_parts(p, &shapes, &shared, (body_mesh, body), outline);
                    let shape = &shared.shape;
                    p.spawn((
                        Transform::from_translation(shape.mark_at.extend(MARK_Z)),
                        Visibility::default(),
                    ))
                    .with_children(|m| {
                        spawn_mark(m, &shapes, mark, seat_look.mark, shape.mark_size, 0.0);
                    });
                });
        }
    }
}

/// What every piece of the table shares: the halo's and the shadow's paint, and the shape.
struct Shared {
    halo: Handle<ColorMaterial>,
    shadow: Handle<ColorMaterial>,
    shape: PieceShape,
}

/// A piece's shadow, its (hidden) halo, its outline (a disc's, or a standing pawn's rim) and
/// its body: a picture fills its box (transparent round the piece); a shape, a circle.
fn spawn_piece_parts(
    p: &mut ChildSpawnerCommands,
    shapes: &Shapes,
    shared: &Shared,
    (body_mesh, body): (Handle<Mesh>, Handle<ColorMaterial>),
    outline: Option<Handle<ColorMaterial>>,
) {
    let shape = &shared.shape;
    p.spawn((
        Shadow,
        Mesh2d(shapes.circle.clone()),
        MeshMaterial2d(shared.shadow.clone()),
        Transform::from_translation(shape.shadow_at.extend(SHADOW_Z))
            .with_scale(shape.shadow_size.extend(1.0)),
    ));
    p.spawn((
        Halo(shape.halo_size),
        Mesh2d(shapes.ring.clone()),
        MeshMaterial2d(shared.halo.clone()),
        Transform::from_translation(shape.halo_at.extend(HALO_Z))
            .with_scale(shape.halo_size.extend(1.0)),
        Visibility::Hidden,
    ));
    if let Some(outline) = outline {
        let (mesh, grow) = if shape.stands {
            (body_mesh.clone(), shape.size * Vec2::new(0.14, 0.07))
        } else {
            (shapes.circle.clone(), Vec2::splat(0.12))
        };
        p.spawn((
            Mesh2d(mesh),
            MeshMaterial2d(outline),
            Transform::from_translation(shape.body_at.extend(OUTLINE_Z))
                .with_scale((shape.size + grow).extend(1.0)),
        ));
    }
    p.spawn((
        Mesh2d(body_mesh),
        MeshMaterial2d(body),
        Transform::from_translation(shape.body_at.extend(0.0)).with_scale(shape.size.extend(1.0)),
    ));
}

/// The cell a piece stands on in the engine's state.
pub fn rest_cell(table: &Table, seat: u8, index: u8) -> Cell {
    let pos = table.game.pieces(seat)[index as usize];
    table.layout.cell(seat as usize, index as usize, pos)
}

/// What resting changes on a piece.
type RestParts = (
    Entity,
    &'static Piece,
    &'static mut Transform,
    &'static mut RestScale,
    &'static Emphasis,
    Option<&'static mut Squash>,
    &'static mut Lift,
);

/// How fast a piece eases onto its square (per second), and how fast the pulse beats.
const EASE_RATE: f32 = 14.0;
const PULSE_RATE: f32 = 5.5;

/// Pieces at rest ease to their square; pieces sharing a square stand side by side or in
/// rows (`place_in_stack`); a piece that just landed springs back from its squash; a piece
/// that can move pulses.
fn rest_pieces(
    mut commands: Commands,
    clock: Res<BoardClock>,
    time: Res<Time>,
    table: Res<Table>,
    theme: Res<ActiveTheme>,
    mut pieces: Query<RestParts, AtRest>,
) {
    let sharing = stacks(&table);
    let dt = clock.dt;
    let k = 1.0 - (-EASE_RATE * dt).exp();
    let animation = &theme.look.animation;
    let beat = (time.elapsed_secs() * PULSE_RATE).sin();
    for (entity, piece, mut transform, mut rest, emphasis, squash, mut lift) in &mut pieces {
        lift.0 = 0.0;
        let cell = rest_cell(&table, piece.seat, piece.index);
        let mut target = cell_pos(&table.layout, cell);
        let mut scale = 1.0;
        if let Some(group) = sharing.get(&cell) {
            let i = group
                .iter()
                .position(|&g| g == (piece.seat, piece.index))
                .unwrap_or(0);
            let (offset, s) = place_in_stack(i, group.len());
            target += offset;
            scale = s;
        }
        let now = transform.translation.truncate();
        let at = now.lerp(target, k);
        transform.translation = at.extend(PIECE_Z + depth(at));
        rest.0 += (scale - rest.0) * k;
        let mut size = Vec2::splat(rest.0);
        if emphasis.pulse {
            size *= 1.0 + animation.pulse * beat;
        }
        if let Some(mut squash) = squash {
            let q = squash.amount_at(dt);
            size *= Vec2::new(1.0 + q, 1.0 - q);
            if squash.done() {
                commands.entity(entity).remove::<Squash>();
            }
        }
        transform.scale = size.extend(1.0);
    }
}

/// The squares on the track that more than one piece stands on, and who stands there (seat
/// and piece, in seat order).
pub fn stacks(table: &Table) -> HashMap<Cell, Vec<(u8, u8)>> {
    let mut sharing: HashMap<Cell, Vec<(u8, u8)>> = HashMap::new();
    for seat in 0..table.game.seats() {
        for index in 0..4u8 {
            if table.game.pieces(seat)[index as usize].is_base() {
                continue;
            }
            sharing
                .entry(rest_cell(table, seat, index))
                .or_default()
                .push((seat, index));
        }
    }
    sharing.retain(|_, group| group.len() > 1);
    sharing
}

/// A piece's shadow stays on the board under it: further below, smaller and fainter the
/// higher the piece is (in the piece's own space, which hops and squashes).
fn cast_shadows(
    pieces: Query<(&Lift, &Transform, &Children), With<Piece>>,
    mut shadows: Query<&mut Transform, (With<Shadow>, Without<Piece>)>,
    theme: Res<ActiveTheme>,
) {
    let shape = PieceShape::of(&theme);
    for (lift, piece, children) in &pieces {
        for child in children.iter() {
            if let Ok(mut t) = shadows.get_mut(child) {
                let scale = piece.scale.truncate().max(Vec2::splat(0.1));
                let at = (shape.shadow_at - Vec2::Y * lift.0) / scale;
                t.translation = at.extend(SHADOW_Z);
                let shrink = 1.0 - 0.3 * lift.0.min(1.0);
                t.scale = (shape.shadow_size * shrink / scale).extend(1.0);
                t.rotation = piece.rotation.inverse();
            }
        }
    }
}
