//! The board shakes when a piece is hit: trauma (0 to 1) jumps up and drains away, and the
//! board's camera is moved and turned by its square, along smooth noise ("Juicing your
//! cameras with math"). The theme's `shake` sets how far; reduced motion turns it off.

use bevy::prelude::*;

use crate::board::BoardSet;
use crate::board::camera::MainCamera;
use crate::board::hops::Hit;
use crate::table::settings::Settings;
use crate::theme::ActiveTheme;

/// How shaken the board is, 0 to 1.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct Shake {
    pub trauma: f32,
}

/// What one hit adds, and how much drains a second.
const HIT_TRAUMA: f32 = 0.7;
const DRAIN: f32 = 2.2;
/// The most the board turns at full trauma, in radians.
const MAX_TURN: f32 = 0.025;

pub fn plugin(app: &mut App) {
    app.init_resource::<Shake>().add_systems(
        Update,
        (shake_on_hits, move_camera).chain().in_set(BoardSet::Show),
    );
}

fn shake_on_hits(
    mut hits: MessageReader<Hit>,
    settings: Res<Settings>,
    theme: Res<ActiveTheme>,
    mut shake: ResMut<Shake>,
) {
    let hit = hits.read().count() > 0;
    if hit && !settings.reduced_motion && theme.look.animation.shake > 0.0 {
        shake.trauma = (shake.trauma + HIT_TRAUMA).min(1.0);
    }
}

/// Smooth noise from -1 to 1: three sines of unrelated periods.
fn wobble(t: f32, seed: f32) -> f32 {
    ((t * 37.0 + seed).sin()
        + (t * 53.0 + seed * 2.1).sin() * 0.6
        + (t * 71.0 + seed * 3.7).sin() * 0.3)
        / 1.9
}

fn move_camera(
    time: Res<Time>,
    settings: Res<Settings>,
    theme: Res<ActiveTheme>,
    mut shake: ResMut<Shake>,
    mut camera: Single<&mut Transform, With<MainCamera>>,
) {
    if settings.reduced_motion {
        shake.trauma = 0.0;
    }
    if shake.trauma <= 0.0 {
        if camera.translation.truncate() != Vec2::ZERO || camera.rotation != Quat::IDENTITY {
            camera.translation = Vec3::new(0.0, 0.0, camera.translation.z);
            camera.rotation = Quat::IDENTITY;
        }
        return;
    }
    let t = time.elapsed_secs();
    let power = shake.trauma * shake.trauma;
    let reach = theme.look.animation.shake;
    let offset = Vec2::new(wobble(t, 1.0), wobble(t, 7.0)) * reach * power;
    camera.translation = offset.extend(camera.translation.z);
    camera.rotation = Quat::from_rotation_z(MAX_TURN * power * wobble(t, 13.0));
    // Faster animations shake for less long (instant: a frame).
    let drain = DRAIN * settings.animation_factor();
    shake.trauma = (shake.trauma - drain * time.delta_secs()).max(0.0);
}
