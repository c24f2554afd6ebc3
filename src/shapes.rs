//! Meshes shared by the board, pieces and die, and the owner marks ○ □ △ ✚ drawn as shapes
//! (not text), so they are crisp at every size and need no font.

use bevy::prelude::*;
use ludo_core::{Cell, Colour, GRID};

#[derive(Resource, Clone)]
pub struct Shapes {
    pub square: Handle<Mesh>,
    pub circle: Handle<Mesh>,
    pub ring: Handle<Mesh>,
    pub triangle: Handle<Mesh>,
    pub bar: Handle<Mesh>,
    pub star: Handle<Mesh>,
}

impl FromWorld for Shapes {
    fn from_world(world: &mut World) -> Self {
        make(&mut world.resource_mut::<Assets<Mesh>>())
    }
}

/// Builds the shared meshes once.
pub fn make(meshes: &mut Assets<Mesh>) -> Shapes {
    Shapes {
        square: meshes.add(Rectangle::new(1.0, 1.0)),
        circle: meshes.add(Circle::new(0.5)),
        ring: meshes.add(Annulus::new(0.34, 0.5)),
        triangle: meshes.add(Triangle2d::new(
            Vec2::new(0.0, 0.5),
            Vec2::new(-0.5, -0.4),
            Vec2::new(0.5, -0.4),
        )),
        bar: meshes.add(Rectangle::new(1.0, 0.3)),
        star: meshes.add(RegularPolygon::new(0.5, 5)),
    }
}

/// World position of a grid cell's centre: one world unit per cell, the board centred on 0.
pub fn cell_pos(cell: Cell) -> Vec2 {
    let half = (GRID as f32 - 1.0) / 2.0;
    Vec2::new(cell.x as f32 - half, half - cell.y as f32)
}

/// Spawns the owner mark of `colour` as children of `parent`, `size` world units across.
pub fn spawn_mark(
    parent: &mut ChildSpawnerCommands,
    shapes: &Shapes,
    material: Handle<ColorMaterial>,
    colour: Colour,
    size: f32,
    z: f32,
) {
    let at = |s: f32| Transform::from_xyz(0.0, 0.0, z).with_scale(Vec3::splat(s));
    match colour {
        Colour::Yellow => {
            parent.spawn((
                Mesh2d(shapes.ring.clone()),
                MeshMaterial2d(material),
                at(size),
            ));
        }
        Colour::Blue => {
            parent.spawn((
                Mesh2d(shapes.square.clone()),
                MeshMaterial2d(material),
                at(size * 0.78),
            ));
        }
        Colour::Red => {
            parent.spawn((
                Mesh2d(shapes.triangle.clone()),
                MeshMaterial2d(material),
                at(size),
            ));
        }
        Colour::Green => {
            parent.spawn((
                Mesh2d(shapes.bar.clone()),
                MeshMaterial2d(material.clone()),
                at(size),
            ));
            parent.spawn((
                Mesh2d(shapes.bar.clone()),
                MeshMaterial2d(material),
                at(size).with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_2)),
            ));
        }
    }
}
