//! Meshes shared by the board, pieces and die, and the owner marks ○ □ △ ✚ drawn as shapes
//! (not text), so they are crisp at every size and need no font.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use ludo_core::{Cell, Layout};

use crate::theme::file::Mark;

#[derive(Resource, Clone)]
pub struct Shapes {
    pub square: Handle<Mesh>,
    pub circle: Handle<Mesh>,
    pub ring: Handle<Mesh>,
    pub triangle: Handle<Mesh>,
    pub bar: Handle<Mesh>,
    pub diamond: Handle<Mesh>,
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
        diamond: meshes.add(Rhombus::new(0.85, 0.85)),
    }
}

/// A star of `points` points, 1 unit across, centred on 0: its outer and inner corners in turn.
pub fn star(points: u8) -> Mesh {
    let n = points.max(3) as usize;
    let inner = if n == 6 { 0.29 } else { 0.22 };
    let corners: Vec<Vec2> = (0..2 * n)
        .map(|i| {
            let r = if i % 2 == 0 { 0.5 } else { inner };
            let a = std::f32::consts::FRAC_PI_2 + i as f32 * std::f32::consts::PI / n as f32;
            Vec2::from_angle(a) * r
        })
        .collect();
    polygon(&corners)
}

/// A polygon that each ray from its centre of corners leaves once (convex, or a star) as a
/// fan of triangles about that centre; a picture on it fills the box round it (as on a
/// rectangle), cut to the polygon.
pub fn polygon(corners: &[Vec2]) -> Mesh {
    let centre = corners.iter().sum::<Vec2>() / corners.len().max(1) as f32;
    let mut points = vec![centre];
    points.extend_from_slice(corners);
    let (min, max) = points.iter().fold(
        (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)),
        |(lo, hi), &p| (lo.min(p), hi.max(p)),
    );
    let size = (max - min).max(Vec2::splat(f32::EPSILON));
    let uvs: Vec<[f32; 2]> = points
        .iter()
        .map(|p| [(p.x - min.x) / size.x, (max.y - p.y) / size.y])
        .collect();
    let n = corners.len() as u32;
    let indices = (0..n).flat_map(|i| [0, 1 + i, 1 + (i + 1) % n]).collect();
    flat_mesh(&points, uvs, indices)
}

/// A band along the inside of a polygon: from its corners to the same corners scaled by
/// `inner` (0 to 1) about the origin.
pub fn band(corners: &[Vec2], inner: f32) -> Mesh {
    let n = corners.len() as u32;
    let mut points = corners.to_vec();
    points.extend(corners.iter().map(|c| c * inner));
    let indices = (0..n)
        .flat_map(|i| {
            let (a, b) = (i, (i + 1) % n);
            [a, b, n + b, a, n + b, n + a]
        })
        .collect();
    flat_mesh(&points, vec![[0.0, 0.0]; points.len()], indices)
}

/// Triangles of `points` in the board's plane.
fn flat_mesh(points: &[Vec2], uvs: Vec<[f32; 2]>, indices: Vec<u32>) -> Mesh {
    let positions: Vec<[f32; 3]> = points.iter().map(|p| p.extend(0.0).to_array()).collect();
    let count = positions.len();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 0.0, 1.0]; count])
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
    .with_inserted_indices(Indices::U32(indices))
}

/// World position of a cell's centre: one world unit per square, the board's centre on 0.
pub fn cell_pos(layout: &Layout, cell: Cell) -> Vec2 {
    Vec2::from(layout.point(cell))
}

/// Spawns an owner mark as children of `parent`, `size` world units across.
pub fn spawn_mark(
    parent: &mut ChildSpawnerCommands,
    shapes: &Shapes,
    material: Handle<ColorMaterial>,
    mark: Mark,
    size: f32,
    z: f32,
) {
    let at = |s: f32| Transform::from_xyz(0.0, 0.0, z).with_scale(Vec3::splat(s));
    match mark {
        Mark::Ring => {
            parent.spawn((
                Mesh2d(shapes.ring.clone()),
                MeshMaterial2d(material),
                at(size),
            ));
        }
        Mark::Square => {
            parent.spawn((
                Mesh2d(shapes.square.clone()),
                MeshMaterial2d(material),
                at(size * 0.78),
            ));
        }
        Mark::Triangle => {
            parent.spawn((
                Mesh2d(shapes.triangle.clone()),
                MeshMaterial2d(material),
                at(size),
            ));
        }
        Mark::Diamond => {
            parent.spawn((
                Mesh2d(shapes.diamond.clone()),
                MeshMaterial2d(material),
                at(size),
            ));
        }
        Mark::Dot => {
            parent.spawn((
                Mesh2d(shapes.circle.clone()),
                MeshMaterial2d(material),
                at(size * 0.6),
            ));
        }
        Mark::Cross => {
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
