//! Moments: a ring of the seat's colour bursts from the goal when a piece reaches it, and
//! confetti in the seats' colours (the winner's most) rains over the board when the game
//! ends (neither under reduced motion; the winner's plate glows either way).

use bevy::prelude::*;

use crate::board::shapes::{Shapes, cell_pos};
use crate::table::GameSet;
use crate::table::Table;
use crate::table::flow::{GameStarted, Happened};
use crate::table::settings::Settings;
use ludo_core::Event;

/// An expanding, fading ring.
#[derive(Component)]
pub struct Burst {
    t: f32,
    secs: f32,
    size: f32,
}

/// Confetti keeps falling from the board's top for a while after the game ends.
#[derive(Component)]
struct Shower {
    left: f32,
    /// Pieces made so far: each piece's drift, spin and colour come from its number, so a
    /// screenshot is the same every run.
    made: u32,
    colours: Vec<Handle<ColorMaterial>>,
}

/// One piece of confetti, falling (cells a second) and turning.
#[derive(Component)]
pub struct Confetti {
    velocity: Vec2,
    spin: f32,
}

/// How long confetti falls, and how many pieces a second.
const SHOWER_SECS: f32 = 5.0;
const PIECES_PER_SEC: f32 = 36.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            burst_at_goal.run_if(in_motion),
            crown_winner.run_if(in_motion),
            (rain_confetti, fall).chain(),
            grow_bursts,
            clear_on_new_game,
        )
            .in_set(GameSet::React),
    );
}

/// Under reduced motion nothing bursts or flashes.
fn in_motion(settings: Res<Settings>) -> bool {
    !settings.reduced_motion
}

fn spawn_burst(
    commands: &mut Commands,
    shapes: &Shapes,
    materials: &mut Assets<ColorMaterial>,
    at: Vec2,
    colour: Color,
    size: f32,
) {
    commands.spawn((
        Burst {
            t: 0.0,
            secs: 0.9,
            size,
        },
        Mesh2d(shapes.ring.clone()),
        MeshMaterial2d(materials.add(colour)),
        Transform::from_translation(at.extend(30.0)).with_scale(Vec3::splat(0.2)),
    ));
}

fn burst_at_goal(
    mut commands: Commands,
    mut happened: MessageReader<Happened>,
    shapes: Res<Shapes>,
    table: Res<Table>,
    theme: Res<crate::theme::ActiveTheme>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    for Happened(event) in happened.read() {
        let Event::ReachedGoal { seat, .. } = event else {
            continue;
        };
        let colour = theme.look.strong(table.layout.colours[*seat as usize]);
        spawn_burst(
            &mut commands,
            &shapes,
            &mut materials,
            cell_pos(table.layout.goal),
            colour,
            4.0,
        );
    }
}

fn crown_winner(
    mut commands: Commands,
    mut happened: MessageReader<Happened>,
    table: Res<Table>,
    theme: Res<crate::theme::ActiveTheme>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    for Happened(event) in happened.read() {
        let Event::GameOver { ranking } = event else {
            continue;
        };
        // Every seat's colour once and the winner's three times, with white between.
        let winner = theme
            .look
            .strong(table.layout.colours[ranking[0].seat as usize]);
        let mut colours = vec![winner, winner, winner, Color::WHITE];
        colours.extend(table.layout.colours.iter().map(|&c| theme.look.strong(c)));
        commands.spawn(Shower {
            left: SHOWER_SECS,
            made: 0,
            colours: colours.into_iter().map(|c| materials.add(c)).collect(),
        });
    }
}

/// A number from 0 to 1 for piece `n`'s property `k`: a hash, not the dice.
fn scatter(n: u32, k: u32) -> f32 {
    let mut x = n.wrapping_mul(0x9E37_79B9) ^ k.wrapping_mul(0x85EB_CA6B);
    x ^= x >> 15;
    x = x.wrapping_mul(0x2C1B_3C6D);
    x ^= x >> 12;
    (x % 10_000) as f32 / 10_000.0
}

fn rain_confetti(
    mut commands: Commands,
    time: Res<Time>,
    shapes: Res<Shapes>,
    mut showers: Query<(Entity, &mut Shower)>,
) {
    for (entity, mut shower) in &mut showers {
        shower.left -= time.delta_secs();
        if shower.left <= 0.0 {
            commands.entity(entity).despawn();
            continue;
        }
        let due = ((SHOWER_SECS - shower.left) * PIECES_PER_SEC) as u32;
        while shower.made < due {
            let n = shower.made;
            shower.made += 1;
            let colour = shower.colours
                [(scatter(n, 1) * shower.colours.len() as f32) as usize % shower.colours.len()]
            .clone();
            let x = -7.5 + 15.0 * scatter(n, 2);
            commands.spawn((
                Confetti {
                    velocity: Vec2::new(scatter(n, 3) - 0.5, -(2.5 + 2.5 * scatter(n, 4))),
                    spin: (scatter(n, 5) - 0.5) * 10.0,
                },
                Mesh2d(shapes.square.clone()),
                MeshMaterial2d(colour),
                Transform::from_xyz(x, 8.2, 31.0)
                    .with_rotation(Quat::from_rotation_z(scatter(n, 6) * 6.3))
                    .with_scale(Vec3::new(0.3, 0.15, 1.0)),
            ));
        }
    }
}

/// Confetti falls, swaying and turning, and is gone past the board's foot.
fn fall(
    mut commands: Commands,
    time: Res<Time>,
    mut pieces: Query<(Entity, &Confetti, &mut Transform)>,
) {
    let dt = time.delta_secs();
    let t = time.elapsed_secs();
    for (entity, c, mut transform) in &mut pieces {
        let sway = (t * 3.0 + c.spin).sin() * 0.6;
        transform.translation += (c.velocity + Vec2::new(sway, 0.0)).extend(0.0) * dt;
        transform.rotate_z(c.spin * dt);
        if transform.translation.y < -8.5 {
            commands.entity(entity).despawn();
        }
    }
}

fn grow_bursts(
    mut commands: Commands,
    time: Res<Time>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut bursts: Query<(
        Entity,
        &mut Burst,
        &mut Transform,
        &MeshMaterial2d<ColorMaterial>,
    )>,
) {
    for (entity, mut b, mut t, material) in &mut bursts {
        b.t += time.delta_secs() / b.secs;
        if b.t >= 1.0 {
            materials.remove(&material.0);
            commands.entity(entity).despawn();
            continue;
        }
        t.scale = Vec3::splat(0.2 + b.size * b.t);
        if let Some(mut m) = materials.get_mut(&material.0) {
            m.color.set_alpha(1.0 - b.t);
        }
    }
}

fn clear_on_new_game(
    mut commands: Commands,
    mut started: MessageReader<GameStarted>,
    showers: Query<Entity, With<Shower>>,
    confetti: Query<Entity, With<Confetti>>,
) {
    if started.read().last().is_some() {
        for e in showers.iter().chain(&confetti) {
            commands.entity(e).despawn();
        }
    }
}
