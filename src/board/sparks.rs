//! Bursts: where a piece is hit or lands in the goal, a ring grows and fades and sparks fly
//! out, in the seat's colour and white. A small system of its own (meshes the board already
//! has), so it draws wherever the board does, WebGL2 included. None under reduced motion.

use bevy::prelude::*;

use crate::board::clock::BoardClock;
use crate::board::hops::{Hit, PieceHome};
use crate::board::shapes::Shapes;
use crate::board::{BoardSet, OnTable};
use crate::table::Table;
use crate::table::settings::Settings;
use crate::theme::ActiveTheme;

/// One burst: its ring and sparks are its children and fade with it.
#[derive(Component)]
pub struct Burst {
    t: f32,
    secs: f32,
    /// How far its sparks fly and its ring grows, in squares.
    reach: f32,
    materials: Vec<Handle<ColorMaterial>>,
}

impl Burst {
    /// How far its sparks fly and its ring grows, in squares (the screenshot's pixel check
    /// leaves that much room).
    #[cfg(feature = "dev")]
    pub fn reach(&self) -> f32 {
        self.reach
    }
}

/// A spark, flying out along `dir` (its length: how far, as a share of the burst's reach).
#[derive(Component)]
struct Spark {
    dir: Vec2,
}

/// The ring of a burst.
#[derive(Component)]
struct Ring;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (burst.run_if(in_motion), grow)
            .chain()
            .in_set(BoardSet::Show),
    );
}

/// Under reduced motion nothing bursts.
fn in_motion(settings: Res<Settings>) -> bool {
    !settings.reduced_motion
}

/// A number from 0 to 1 for spark `n`'s property `k`: a hash, not the dice, so a screenshot
/// is the same every run.
pub fn scatter(n: u32, k: u32) -> f32 {
    let mut x = n.wrapping_mul(0x9E37_79B9) ^ k.wrapping_mul(0x85EB_CA6B);
    x ^= x >> 15;
    x = x.wrapping_mul(0x2C1B_3C6D);
    x ^= x >> 12;
    (x % 10_000) as f32 / 10_000.0
}

fn spawn_burst(
    commands: &mut Commands,
    shapes: &Shapes,
    materials: &mut Assets<ColorMaterial>,
    theme: &ActiveTheme,
    at: Vec2,
    colour: Color,
    reach: f32,
) {
    let a = &theme.look.animation;
    let own = materials.add(colour);
    let white = materials.add(Color::WHITE);
    let count = a.sparks as u32;
    commands
        .spawn((
            OnTable,
            Burst {
                t: 0.0,
                secs: a.sparks_secs,
                reach,
                materials: vec![own.clone(), white.clone()],
            },
            Transform::from_translation(at.extend(30.0)),
            Visibility::default(),
        ))
        .with_children(|b| {
            b.spawn((
                Ring,
                Mesh2d(shapes.ring.clone()),
                MeshMaterial2d(own.clone()),
                Transform::from_scale(Vec3::splat(0.2)),
            ));
            for n in 0..count {
                let angle = std::f32::consts::TAU * (n as f32 + scatter(n, 1)) / count as f32;
                let far = 0.6 + 0.4 * scatter(n, 2);
                let material = if n % 3 == 2 { &white } else { &own };
                b.spawn((
                    Spark {
                        dir: Vec2::from_angle(angle) * far,
                    },
                    Mesh2d(shapes.diamond.clone()),
                    MeshMaterial2d(material.clone()),
                    Transform::from_rotation(Quat::from_rotation_z(angle))
                        .with_scale(Vec3::splat(0.0)),
                ));
            }
        });
}

/// A burst where a piece is hit (in its colour) and a larger one where a piece lands in the
/// goal (in its seat's).
fn burst(
    mut commands: Commands,
    mut hits: MessageReader<Hit>,
    mut home: MessageReader<PieceHome>,
    shapes: Res<Shapes>,
    table: Res<Table>,
    theme: Res<ActiveTheme>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let hits = hits.read().map(|h| (h.seat, h.at, 1.6));
    let home = home.read().map(|h| (h.seat, h.at, 2.6));
    for (seat, at, reach) in hits.chain(home) {
        let colour = theme.look.strong(table.layout.colours[seat as usize]);
        spawn_burst(
            &mut commands,
            &shapes,
            &mut materials,
            &theme,
            at,
            colour,
            reach,
        );
    }
}

/// Sparks fly out fast and slow down; the ring grows; everything fades, then is gone.
fn grow(
    mut commands: Commands,
    clock: Res<BoardClock>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut bursts: Query<(Entity, &mut Burst, &Children)>,
    mut parts: Query<(&mut Transform, Option<&Spark>, Has<Ring>)>,
) {
    for (entity, mut burst, children) in &mut bursts {
        burst.t += clock.dt / burst.secs.max(1e-4);
        if burst.t >= 1.0 {
            for m in &burst.materials {
                materials.remove(m);
            }
            commands.entity(entity).despawn();
            continue;
        }
        let u = burst.t;
        let out = EaseFunction::CubicOut.sample_clamped(u);
        for m in &burst.materials {
            if let Some(mut m) = materials.get_mut(m) {
                m.color.set_alpha((1.0 - u * u).max(0.0));
            }
        }
        for child in children.iter() {
            let Ok((mut t, spark, ring)) = parts.get_mut(child) else {
                continue;
            };
            if let Some(spark) = spark {
                t.translation = (spark.dir * burst.reach * out).extend(0.1);
                t.scale = Vec3::new(0.5, 0.2, 1.0) * (1.0 - 0.7 * u);
            } else if ring {
                t.scale = Vec3::splat(0.3 + burst.reach * 0.9 * out);
            }
        }
    }
}
