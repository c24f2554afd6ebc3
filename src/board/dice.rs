//! The die: an entity in the yard of the seat to play. It tumbles when rolled, then shows the
//! face the engine rolled. The tumble's passing faces are for show only: they never touch the
//! dice stream.

use bevy::prelude::*;

use crate::board::OnTable;
use crate::board::shapes::Shapes;
use crate::board::squares::yard_centre;
use crate::table::GameSet;
use crate::table::Table;
use crate::table::flow::{GameStarted, Happened, dice_rolled};
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

/// The die is tumbling toward `face`.
#[derive(Component, Debug)]
pub struct Tumble {
    pub face: u8,
    pub t: f32,
    pub secs: f32,
}

/// The die's size (in cells) with the current theme.
fn die_size(theme: &ActiveTheme) -> f32 {
    theme.look.style.die_size
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(crate::table::screen::Screen::Playing),
        spawn_die.after(crate::board::squares::spawn_board_done),
    )
    .add_systems(
        Update,
        spawn_die
            .after(crate::board::squares::spawn_board_done)
            .run_if(crate::board::squares::table_redrawn)
            .in_set(crate::board::squares::DrawTable),
    )
    .add_systems(
        Update,
        (start_tumble, tumble, follow_turn, show_face)
            .chain()
            .in_set(GameSet::React),
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

fn start_tumble(
    mut commands: Commands,
    mut happened: MessageReader<Happened>,
    settings: Res<Settings>,
    theme: Res<ActiveTheme>,
    die: Single<Entity, With<Die>>,
) {
    if let Some((_, value, _)) = happened.read().filter_map(|h| dice_rolled(&h.0)).last() {
        commands.entity(*die).try_insert(Tumble {
            face: value,
            t: 0.0,
            secs: theme.look.animation.tumble_secs / settings.animation_factor(),
        });
    }
}

fn tumble(
    mut commands: Commands,
    time: Res<Time>,
    theme: Res<ActiveTheme>,
    mut die: Query<(Entity, &mut Die, &mut Tumble, &mut Transform)>,
) {
    let size = die_size(&theme);
    let turns = theme.look.animation.tumble_turns;
    for (entity, mut die, mut tumble, mut transform) in &mut die {
        tumble.t += time.delta_secs() / tumble.secs.max(1e-4);
        if tumble.t >= 1.0 {
            die.face = tumble.face;
            transform.rotation = Quat::IDENTITY;
            transform.scale = Vec3::splat(size);
            commands.entity(entity).remove::<Tumble>();
            continue;
        }
        // Passing faces: a fixed sequence, not the dice stream.
        die.face = ((tumble.t * 11.0) as u8 + tumble.face) % 6 + 1;
        let spin = (1.0 - tumble.t) * turns * std::f32::consts::TAU;
        transform.rotation = Quat::from_rotation_z(spin);
        transform.scale =
            Vec3::splat(size * (1.0 + 0.25 * (tumble.t * std::f32::consts::PI).sin()));
    }
}

/// The die sits in the yard of the seat to play.
fn follow_turn(
    time: Res<Time>,
    table: Res<Table>,
    mut started: MessageReader<GameStarted>,
    mut die: Query<&mut Transform, With<Die>>,
) {
    let jump = started.read().last().is_some();
    let Some(base) = table.layout.bases.get(table.game.turn() as usize) else {
        return;
    };
    let target = yard_centre(base);
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
