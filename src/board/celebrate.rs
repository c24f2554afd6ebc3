//! Moments: a ring of the seat's colour bursts from the goal when a piece reaches it, and
//! rings keep bursting over the winner's yard when the game ends (neither under reduced
//! motion).

use bevy::prelude::*;

use crate::board::shapes::{Shapes, cell_pos};
use crate::board::squares::yard_centre;
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

/// Over the winner's yard until the next game starts.
#[derive(Component)]
struct Fireworks {
    at: Vec2,
    colour: Color,
    every: Timer,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            burst_at_goal.run_if(in_motion),
            crown_winner,
            fireworks.run_if(in_motion),
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
) {
    for Happened(event) in happened.read() {
        let Event::GameOver { ranking } = event else {
            continue;
        };
        let seat = ranking[0].seat as usize;
        commands.spawn(Fireworks {
            at: yard_centre(&table.layout.bases[seat]),
            colour: theme
                .look
                .strong(table.layout.colours[seat])
                .mix(&Color::WHITE, 0.3),
            every: Timer::from_seconds(0.35, TimerMode::Repeating),
        });
    }
}

fn fireworks(
    mut commands: Commands,
    time: Res<Time>,
    shapes: Res<Shapes>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut shows: Query<&mut Fireworks>,
) {
    for mut f in &mut shows {
        if f.every.tick(time.delta()).just_finished() {
            let (at, colour) = (f.at, f.colour);
            spawn_burst(&mut commands, &shapes, &mut materials, at, colour, 7.0);
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
    shows: Query<Entity, With<Fireworks>>,
) {
    if started.read().last().is_some() {
        for e in &shows {
            commands.entity(e).despawn();
        }
    }
}
