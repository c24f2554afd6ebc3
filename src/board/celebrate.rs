//! The win: confetti in the seats' colours (the winner's most) rains over the board when the
//! game ends (not under reduced motion; the winner's plate glows either way).

use bevy::prelude::*;

use crate::board::BoardSet;
use crate::board::shapes::Shapes;
use crate::board::sparks::scatter;
use crate::table::Table;
use crate::table::flow::{Busy, GameStarted, Happened};
use crate::table::settings::Settings;
use ludo_core::Event;

/// Confetti keeps falling from the board's top for a while after the game ends.
#[derive(Component)]
struct Shower {
    /// It starts once the board is still: the winning piece has landed in the goal.
    waiting: bool,
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
            crown_winner.run_if(in_motion),
            (rain_confetti, fall).chain(),
            clear_on_new_game,
        )
            .in_set(BoardSet::Show),
    );
}

/// Under reduced motion nothing bursts or flashes.
fn in_motion(settings: Res<Settings>) -> bool {
    !settings.reduced_motion
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
            waiting: true,
            left: SHOWER_SECS,
            made: 0,
            colours: colours.into_iter().map(|c| materials.add(c)).collect(),
        });
    }
}

fn rain_confetti(
    mut commands: Commands,
    time: Res<Time>,
    shapes: Res<Shapes>,
    busy: Res<Busy>,
    mut showers: Query<(Entity, &mut Shower)>,
) {
    for (entity, mut shower) in &mut showers {
        if shower.waiting {
            shower.waiting = busy.0;
            continue;
        }
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
