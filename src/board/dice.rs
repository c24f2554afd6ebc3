//! The die: an entity in the yard of the seat to play. Pressed, it tumbles at once (faces
//! flicker as it turns and slows), lands on the engine's number with an overshoot, and
//! settles. At a room server's table the tumble starts on this device's press and lands when
//! the server's roll arrives. The passing faces are for show only: they never touch the dice
//! stream.

use bevy::prelude::*;

use ludo_core::Awaiting;

use crate::board::clock::BoardClock;
use crate::board::shapes::Shapes;
use crate::board::{BoardSet, OnTable};
use crate::table::Table;
use crate::table::flow::{Decider, GameStarted, Happened, RollRequested, dice_rolled};
use crate::table::settings::Settings;
use crate::theme::ActiveTheme;

#[derive(Component, Debug, Default)]
pub struct Die {
    /// The face shown, 0 before the first roll.
    pub face: u8,
}

/// A pip, shown on the faces listed.
#[derive(Component)]
struct Pip {
    faces: &'static [u8],
}

/// The die's face when a theme draws its faces as pictures: one material per face.
#[derive(Component)]
struct FacePictures(Vec<Handle<ColorMaterial>>);

/// The die is tumbling: toward `face`, or, at a server's table, until its roll arrives.
#[derive(Component, Debug)]
pub struct Tumble {
    pub face: Option<u8>,
    /// Seconds since the press.
    pub t: f32,
    /// How long it tumbles at least.
    pub secs: f32,
    /// How far it has turned, in radians.
    angle: f32,
}

/// The die has landed: it overshoots its resting angle and size, and settles.
#[derive(Component, Debug)]
pub struct Settle {
    t: f32,
    secs: f32,
    /// The angle it landed at, from its resting angle.
    from: f32,
}

/// The die started to tumble (its rattle).
#[derive(Message, Clone, Copy, Debug)]
pub struct DieThrown;

/// The die came to rest on its face (its knock).
#[derive(Message, Clone, Copy, Debug)]
pub struct DieLanded;

/// The die when it is neither tumbling nor settling.
type AtRestDie = (With<Die>, Without<Tumble>, Without<Settle>);

/// A press at a server's table that no roll answers in this long stops tumbling.
const WAIT_AT_MOST: f32 = 3.0;

/// The die's size (in cells) with the current theme.
fn die_size(theme: &ActiveTheme) -> f32 {
    theme.look.style.die_size
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(motion).add_systems(
        Update,
        spawn_die
            .run_if(crate::board::squares::table_redrawn)
            .in_set(crate::board::squares::DrawTable::OnBoard),
    );
}

/// The die's motion without anything drawn: what a headless test runs (with a bare `Die`).
pub fn motion(app: &mut App) {
    app.add_message::<DieThrown>()
        .add_message::<DieLanded>()
        .add_systems(Update, start_tumble.in_set(BoardSet::Start))
        .add_systems(
            Update,
            (
                tumble,
                settle,
                follow_turn,
                review_face.run_if(resource_exists::<crate::table::review::Review>),
                show_face,
            )
                .chain()
                .in_set(BoardSet::Animate),
        );
}

fn spawn_die(
    mut commands: Commands,
    shapes: Res<Shapes>,
    table: Res<Table>,
    theme: Res<ActiveTheme>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let look = &theme.look;
    let body = materials.add(look.die);
    let edge = materials.add(look.die_edge);
    let pip = materials.add(look.pips);
    let faces: Vec<_> = theme
        .art
        .die_faces
        .iter()
        .map(|image| materials.add(ColorMaterial::from(image.clone())))
        .collect();
    // Pip places on a 3×3 grid and the faces that show each.
    const PIPS: [(f32, f32, &[u8]); 7] = [
        (0.0, 0.0, &[1, 3, 5]),
        (-1.0, 1.0, &[2, 3, 4, 5, 6]),
        (1.0, -1.0, &[2, 3, 4, 5, 6]),
        (1.0, 1.0, &[4, 5, 6]),
        (-1.0, -1.0, &[4, 5, 6]),
        (-1.0, 0.0, &[6]),
        (1.0, 0.0, &[6]),
    ];
    commands
        .spawn((
            OnTable,
            // Drawn again mid-turn (a new theme), it still shows the roll to be played.
            Die {
                face: table.game.pending_roll().unwrap_or(0),
            },
            Transform::from_xyz(0.0, 0.0, 20.0).with_scale(Vec3::splat(die_size(&theme))),
            Visibility::default(),
        ))
        .with_children(|p| {
            if !faces.is_empty() {
                // Pictures: one square that takes the material of the face shown.
                p.spawn((
                    FacePictures(faces.clone()),
                    Mesh2d(shapes.square.clone()),
                    MeshMaterial2d(faces[0].clone()),
                ));
                return;
            }
            p.spawn((
                Mesh2d(shapes.square.clone()),
                MeshMaterial2d(edge),
                Transform::from_xyz(0.0, 0.0, -0.1).with_scale(Vec3::splat(1.06)),
            ));
            p.spawn((Mesh2d(shapes.square.clone()), MeshMaterial2d(body)));
            for (x, y, faces) in PIPS {
                p.spawn((
                    Pip { faces },
                    Mesh2d(shapes.circle.clone()),
                    MeshMaterial2d(pip.clone()),
                    Transform::from_xyz(x * 0.27, y * 0.27, 0.1).with_scale(Vec3::splat(0.18)),
                    Visibility::Hidden,
                ));
            }
        });
}

/// A roll starts the tumble; so does this device's press at a server's table, before the
/// server's roll comes back (which then gives the tumble its face).
fn start_tumble(
    mut commands: Commands,
    mut happened: MessageReader<Happened>,
    mut pressed: MessageReader<RollRequested>,
    mut thrown: MessageWriter<DieThrown>,
    (settings, theme, table, decider): (Res<Settings>, Res<ActiveTheme>, Res<Table>, Res<Decider>),
    mut die: Single<(Entity, Option<&mut Tumble>), With<Die>>,
) {
    let secs = theme.look.animation.tumble_secs / settings.animation_factor();
    let (entity, tumbling) = &mut *die;
    let rolled = happened.read().filter_map(|h| dice_rolled(&h.0)).last();
    // Here the roll follows the press within the frame; a server's comes later.
    let waiting = matches!(*decider, Decider::Server { .. })
        && matches!(table.game.awaiting(), Awaiting::Roll | Awaiting::RollOff)
        && pressed.read().count() > 0;
    match (rolled, tumbling) {
        (Some((_, value, _)), Some(tumble)) if tumble.face.is_none() => {
            tumble.face = Some(value);
        }
        (Some((_, value, _)), _) => {
            commands
                .entity(*entity)
                .try_remove::<Settle>()
                .try_insert(Tumble {
                    face: Some(value),
                    t: 0.0,
                    secs,
                    angle: 0.0,
                });
            thrown.write(DieThrown);
        }
        (None, None) if waiting && !settings.reduced_motion => {
            commands
                .entity(*entity)
                .try_remove::<Settle>()
                .try_insert(Tumble {
                    face: None,
                    t: 0.0,
                    secs,
                    angle: 0.0,
                });
            thrown.write(DieThrown);
        }
        _ => {}
    }
}

/// The die turns, slowing to a stop at its face; its faces flicker as it turns.
fn tumble(
    mut commands: Commands,
    clock: Res<BoardClock>,
    settings: Res<Settings>,
    theme: Res<ActiveTheme>,
    mut landed: MessageWriter<DieLanded>,
    mut die: Query<(Entity, &mut Die, &mut Tumble, &mut Transform)>,
) {
    let size = die_size(&theme);
    let a = &theme.look.animation;
    for (entity, mut die, mut tumble, mut transform) in &mut die {
        tumble.t += clock.dt;
        let p = (tumble.t / tumble.secs.max(1e-4)).min(1.0);
        let done = tumble.face.is_some() && p >= 1.0;
        if done || tumble.t > WAIT_AT_MOST {
            if let Some(face) = tumble.face {
                die.face = face;
            }
            // The nearest resting angle: a square looks the same a quarter turn round.
            let quarter = std::f32::consts::FRAC_PI_2;
            let from = tumble.angle - (tumble.angle / quarter).round() * quarter;
            transform.rotation = Quat::from_rotation_z(from);
            let mut landing = commands.entity(entity);
            landing.remove::<Tumble>();
            if !settings.reduced_motion && a.settle_secs > 0.0 {
                landing.insert(Settle {
                    t: 0.0,
                    secs: a.settle_secs / settings.animation_factor(),
                    from,
                });
            } else {
                transform.rotation = Quat::IDENTITY;
                transform.scale = Vec3::splat(size);
            }
            landed.write(DieLanded);
            continue;
        }
        // Waiting for a server's roll it keeps turning, at the pace it had halfway.
        let pace = if tumble.face.is_none() { p.min(0.5) } else { p };
        let speed = a.tumble_turns * std::f32::consts::TAU * 2.0 * (1.0 - pace) / tumble.secs;
        tumble.angle += speed * clock.dt;
        // A new face every eighth of a turn: fast at first, slower as it stops.
        let eighth = (tumble.angle / (std::f32::consts::TAU / 8.0)) as u32;
        die.face = ((eighth.wrapping_mul(5) + 2) % 6 + 1) as u8;
        transform.rotation = Quat::from_rotation_z(tumble.angle);
        // Lifted toward the eye mid-tumble, down again as it stops.
        let lift = 0.22 * (std::f32::consts::PI * pace.min(1.0)).sin();
        transform.scale = Vec3::splat(size * (1.0 + lift));
    }
}

/// The landing: squashed flat as it hits, then springing back past its shape and angle.
fn settle(
    mut commands: Commands,
    clock: Res<BoardClock>,
    theme: Res<ActiveTheme>,
    mut die: Query<(Entity, &mut Settle, &mut Transform)>,
) {
    let size = die_size(&theme);
    let squash = theme.look.animation.squash;
    for (entity, mut settle, mut transform) in &mut die {
        settle.t += clock.dt;
        let u = (settle.t / settle.secs.max(1e-4)).min(1.0);
        if u >= 1.0 {
            transform.rotation = Quat::IDENTITY;
            transform.scale = Vec3::splat(size);
            commands.entity(entity).remove::<Settle>();
            continue;
        }
        // BackOut passes 1 and comes back: the die turns past its face and back.
        let turn = EaseFunction::BackOut.sample_clamped(u);
        transform.rotation = Quat::from_rotation_z(settle.from * (1.0 - turn));
        let q = squash * (1.0 - u) * (std::f32::consts::PI * 2.0 * u).cos();
        transform.scale = Vec3::new(size * (1.0 + q), size * (1.0 - q), 1.0);
    }
}

/// The die sits in the yard of the seat to play; it moves on once it has landed.
fn follow_turn(
    time: Res<Time>,
    table: Res<Table>,
    mut started: MessageReader<GameStarted>,
    mut die: Query<&mut Transform, AtRestDie>,
) {
    let jump = started.read().last().is_some();
    let Some(&colour) = table.layout.colours.get(table.game.turn() as usize) else {
        return;
    };
    let target = Vec2::from(table.layout.die_spot(colour));
    let k = if jump {
        1.0
    } else {
        1.0 - (-8.0 * time.delta_secs()).exp()
    };
    for mut t in &mut die {
        let now = t.translation.truncate();
        t.translation = now.lerp(target, k).extend(20.0);
    }
}

/// Before the first roll the die rests on this face: a die, not a blank square, to tap.
const RESTING_FACE: u8 = 5;

impl Die {
    /// The face drawn: the roll's, or the resting face before any.
    pub fn shown(&self) -> u8 {
        if (1..=6).contains(&self.face) {
            self.face
        } else {
            RESTING_FACE
        }
    }
}

/// In a review the die shows the last roll made by the position shown.
fn review_face(review: Res<crate::table::review::Review>, mut die: Query<&mut Die>) {
    let last = review.positions[..=review.at]
        .iter()
        .rev()
        .flat_map(|p| p.events.iter().rev())
        .find_map(|e| crate::table::flow::dice_rolled(e).map(|(_, value, _)| value))
        .unwrap_or(0);
    for mut die in &mut die {
        if die.face != last {
            die.face = last;
        }
    }
}

fn show_face(
    die: Query<(&Die, &Children)>,
    mut pips: Query<(&Pip, &mut Visibility)>,
    mut pictures: Query<(&FacePictures, &mut MeshMaterial2d<ColorMaterial>)>,
) {
    for (die, children) in &die {
        for child in children.iter() {
            if let Ok((faces, mut material)) = pictures.get_mut(child) {
                let face = &faces.0[die.shown() as usize - 1];
                if material.0 != *face {
                    material.0 = face.clone();
                }
            }
            if let Ok((pip, mut vis)) = pips.get_mut(child) {
                let on = pip.faces.contains(&die.shown());
                vis.set_if_neq(if on {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                });
            }
        }
    }
}
