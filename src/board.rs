//! The board as entities, drawn from the engine's layout alone: track squares, starts,
//! stars, home columns, base yards and the goal. Works for the cross, horizontal and T boards.

use bevy::prelude::*;
use ludo_core::{BaseArea, Cell, Colour, SquareKind};

use crate::palette;
use crate::screen::Screen;
use crate::shapes::{Shapes, cell_pos, spawn_mark};
use crate::table::{OnTable, Table};

/// A square of the board and what it is.
#[derive(Component, Clone, Copy, Debug)]
pub struct BoardSquare(pub SquareKind);

/// A seat's base yard.
#[derive(Component, Clone, Copy, Debug)]
pub struct BaseYard {
    pub colour: Colour,
}

/// The glow behind the yard of the seat to play.
#[derive(Component)]
pub struct TurnGlow {
    pub seat: u8,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Shapes>()
        .add_systems(
            OnEnter(Screen::Playing),
            (spawn_board, spawn_board_done).chain(),
        )
        .add_systems(OnExit(Screen::Playing), clear_table)
        .add_systems(
            Update,
            (clear_table, spawn_board, spawn_board_done)
                .chain()
                .run_if(on_message::<crate::play::TableOpened>)
                .in_set(crate::GameSet::React),
        )
        .add_systems(Update, glow_current_seat);
}

/// Marks the end of the board's setup, for systems that place things on it.
pub fn spawn_board_done() {}

/// Clears what the last table put on screen.
fn clear_table(mut commands: Commands, on_table: Query<Entity, With<OnTable>>) {
    for e in &on_table {
        commands.entity(e).despawn();
    }
}

/// Centre of a base yard in world units.
pub fn yard_centre(base: &BaseArea) -> Vec2 {
    let corner = cell_pos(base.corner);
    corner + Vec2::new(base.size as f32 - 1.0, -(base.size as f32 - 1.0)) / 2.0
}

fn spawn_board(
    mut commands: Commands,
    shapes: Res<Shapes>,
    table: Res<Table>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let layout = &table.layout;
    let mut mat = |c: Color| materials.add(c);
    let board = mat(palette::BOARD);
    let track = mat(palette::TRACK);
    let safe = mat(palette::SAFE);
    let star = mat(palette::MARK_ON_LIGHT.with_alpha(0.55));
    let white = mat(Color::WHITE);
    let glow = mat(Color::srgba(1.0, 1.0, 0.85, 0.9));
    let strong: Vec<_> = Colour::ALL
        .iter()
        .map(|&c| mat(palette::strong(c)))
        .collect();
    let light: Vec<_> = Colour::ALL
        .iter()
        .map(|&c| mat(palette::light(c)))
        .collect();
    let marks: Vec<_> = Colour::ALL
        .iter()
        .map(|&c| mat(palette::mark_on(c)))
        .collect();
    let dark_marks: Vec<_> = Colour::ALL
        .iter()
        .map(|_| mat(palette::MARK_ON_LIGHT))
        .collect();

    let at = |cell: Cell, z: f32, size: f32| {
        Transform::from_translation(cell_pos(cell).extend(z)).with_scale(Vec3::splat(size))
    };
    // The backdrop the squares sit on; the gaps between squares show it as grid lines.
    commands.spawn((
        OnTable,
        Mesh2d(shapes.square.clone()),
        MeshMaterial2d(board),
        Transform::from_xyz(0.0, 0.0, 0.0).with_scale(Vec3::new(15.2, 15.2, 1.0)),
    ));

    for square in layout.squares() {
        let kind = square.kind;
        let cell = square.cell;
        match kind {
            SquareKind::Track {
                start,
                star: is_star,
                ..
            } => {
                let fill = match start {
                    Some(c) => strong[c.index()].clone(),
                    None if is_star => safe.clone(),
                    None => track.clone(),
                };
                commands
                    .spawn((
                        OnTable,
                        BoardSquare(kind),
                        Mesh2d(shapes.square.clone()),
                        MeshMaterial2d(fill),
                        at(cell, 1.0, 0.94),
                    ))
                    .with_children(|p| {
                        if let Some(c) = start {
                            spawn_mark(p, &shapes, marks[c.index()].clone(), c, 0.45, 0.1);
                        } else if is_star {
                            // Two triangles make a six-pointed star.
                            for turn in [0.0, std::f32::consts::PI] {
                                p.spawn((
                                    Mesh2d(shapes.triangle.clone()),
                                    MeshMaterial2d(star.clone()),
                                    Transform::from_xyz(0.0, 0.0, 0.1)
                                        .with_rotation(Quat::from_rotation_z(turn))
                                        .with_scale(Vec3::splat(0.7)),
                                ));
                            }
                        }
                    });
            }
            // Home columns and yards are drawn below for every arm, seated or not.
            SquareKind::Home { .. } => {}
            SquareKind::Goal => {
                for &g in &layout.goal_cells {
                    commands.spawn((
                        OnTable,
                        Mesh2d(shapes.square.clone()),
                        MeshMaterial2d(track.clone()),
                        at(g, 0.9, 1.0),
                    ));
                }
                commands.spawn((
                    OnTable,
                    BoardSquare(kind),
                    Transform::from_translation(cell_pos(cell).extend(1.0)),
                ));
            }
            SquareKind::BaseSlot { .. } => {}
        }
    }

    for colour in layout.arm_colours() {
        for (step, cell) in layout.home_of(colour).into_iter().enumerate() {
            commands
                .spawn((
                    OnTable,
                    BoardSquare(SquareKind::Home {
                        colour,
                        step: step as u8,
                    }),
                    Mesh2d(shapes.square.clone()),
                    MeshMaterial2d(strong[colour.index()].clone()),
                    at(cell, 1.0, 0.94),
                ))
                .with_children(|p| {
                    spawn_mark(p, &shapes, marks[colour.index()].clone(), colour, 0.3, 0.1);
                });
        }
    }

    // The goal: one triangle per arm, from its home column's end to the centre.
    let centre = cell_pos(layout.goal);
    for colour in layout.arm_colours() {
        let home = layout.home_of(colour);
        let end = cell_pos(home[home.len() - 1]);
        let dir = (centre - end).normalize();
        // On the cross the goal is the whole 3×3 centre; on the smaller boards the track runs
        // beside it, so each triangle keeps to its own row or column.
        let half = if layout.kind == ludo_core::BoardKind::Cross {
            1.5
        } else {
            0.5
        };
        let side = dir.perp() * half;
        let base = end + dir * 0.5;
        commands.spawn((
            OnTable,
            Mesh2d(meshes.add(Triangle2d::new(base + side, base - side, centre))),
            MeshMaterial2d(strong[colour.index()].clone()),
            Transform::from_xyz(0.0, 0.0, 1.5),
        ));
    }

    // Base yards with their four waiting places, for every arm; the glow only for seats.
    for colour in layout.arm_colours() {
        let base = &layout.base_of(colour);
        let seat = layout.colours.iter().position(|&c| c == colour);
        let c = base.colour;
        let centre = yard_centre(base);
        let size = base.size as f32;
        if let Some(seat) = seat {
            commands.spawn((
                OnTable,
                TurnGlow { seat: seat as u8 },
                Mesh2d(shapes.square.clone()),
                MeshMaterial2d(glow.clone()),
                Transform::from_translation(centre.extend(0.5)).with_scale(Vec3::splat(size + 0.3)),
                Visibility::Hidden,
            ));
        }
        commands
            .spawn((
                OnTable,
                BaseYard { colour: c },
                Mesh2d(shapes.square.clone()),
                MeshMaterial2d(strong[c.index()].clone()),
                Transform::from_translation(centre.extend(1.0))
                    .with_scale(Vec3::splat(size - 0.06)),
            ))
            .with_children(|p| {
                p.spawn((
                    Mesh2d(shapes.square.clone()),
                    MeshMaterial2d(white.clone()),
                    Transform::from_xyz(0.0, 0.0, 0.1).with_scale(Vec3::splat(4.6 / size)),
                ));
            });
        for (slot, &cell) in base.slots.iter().enumerate() {
            commands
                .spawn((
                    OnTable,
                    BoardSquare(SquareKind::BaseSlot {
                        colour: c,
                        slot: slot as u8,
                    }),
                    Mesh2d(shapes.circle.clone()),
                    MeshMaterial2d(light[c.index()].clone()),
                    at(cell, 1.3, 1.0),
                ))
                .with_children(|p| {
                    spawn_mark(p, &shapes, dark_marks[c.index()].clone(), c, 0.35, 0.1);
                });
        }
    }
}

fn glow_current_seat(
    time: Res<Time>,
    table: Res<Table>,
    mut glows: Query<(&TurnGlow, &mut Visibility, &mut Transform)>,
) {
    let pulse = 1.0 + 0.03 * (time.elapsed_secs() * 4.0).sin();
    for (glow, mut vis, mut transform) in &mut glows {
        let on = !table.game.is_over() && glow.seat == table.game.turn();
        vis.set_if_neq(if on {
            Visibility::Visible
        } else {
            Visibility::Hidden
        });
        if on {
            transform.scale = Vec3::splat(6.3 * pulse);
        }
    }
}
