//! Pieces as entities that follow the engine's state: they hop square by square along the
//! path of each move, fly back to base when captured, fan out when they share a square, and
//! show a halo when they can move.

use std::collections::HashMap;

use bevy::prelude::*;
use ludo_core::{Cell, Event, Pos};

use crate::board::OnTable;
use crate::board::dice::Tumble;
use crate::board::shapes::{Shapes, cell_pos, spawn_mark};
use crate::table::GameSet;
use crate::table::Table;
use crate::table::flow::Busy;
use crate::table::flow::{GameStarted, Happened, piece_moved};
use crate::table::settings::Settings;
use crate::theme::ActiveTheme;

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub seat: u8,
    pub index: u8,
}

/// The highlight ring of a piece that can move.
#[derive(Component)]
pub struct Halo;

/// Where a legal move would land.
#[derive(Component)]
pub struct MoveHint(pub usize);

/// A piece walking its path, one square per step, each step a little hop.
#[derive(Component, Debug)]
pub struct Hop {
    pub path: Vec<Vec2>,
    pub step: usize,
    pub t: f32,
    pub step_secs: f32,
    pub start: Vec2,
}

/// A captured piece flying back to its base after the capturer lands.
#[derive(Component, Debug)]
pub struct FlyHome {
    pub delay: f32,
    pub t: f32,
    pub secs: f32,
    pub from: Vec2,
}

/// A piece finished one step of its walk (for the step sound).
#[derive(Message, Clone, Copy, Debug)]
pub struct HopLanded {
    pub seat: u8,
}

/// The keyboard's current pick among the legal moves.
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct Selected(pub usize);

/// Pieces that are walking or flying.
pub type Moving = Or<(With<Hop>, With<FlyHome>)>;
/// Pieces standing still (or easing onto their square).
pub type AtRest = (Without<Hop>, Without<FlyHome>);
/// What the halo and hint systems change on an entity.
type HaloParts = (&'static mut Visibility, &'static mut Transform);
/// Anything still moving on the board (the next roll waits for it).
type Animating = Or<(With<Hop>, With<FlyHome>, With<Tumble>)>;

const PIECE_Z: f32 = 10.0;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<HopLanded>()
        .add_systems(
            OnEnter(crate::table::screen::Screen::Playing),
            spawn_pieces.after(crate::board::squares::spawn_board_done),
        )
        .add_systems(
            Update,
            spawn_pieces
                .after(crate::board::squares::spawn_board_done)
                .run_if(crate::board::squares::table_redrawn)
                .in_set(crate::board::squares::DrawTable),
        )
        .add_systems(
            Update,
            (
                (start_moves, reset_on_new_game).chain(),
                (animate_hops, animate_fly_home, rest_pieces, show_halos),
                update_busy,
            )
                .chain()
                .in_set(GameSet::React),
        );
}

fn spawn_pieces(
    mut commands: Commands,
    shapes: Res<Shapes>,
    table: Res<Table>,
    theme: Res<ActiveTheme>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let look = &theme.look;
    let outline = materials.add(look.outline);
    let halo = materials.add(Color::WHITE);
    let hint = materials.add(look.hint);
    // A theme's piece picture is drawn white and tinted with the seat's colour.
    let size = look.style.piece_size;
    for (seat, &colour) in table.layout.colours.iter().enumerate() {
        let seat_look = look.seat(colour);
        let body = materials.add(ColorMaterial {
            color: seat_look.strong,
            texture: theme.art.piece.clone(),
            ..default()
        });
        let mark = materials.add(seat_look.ink);
        for index in 0..4u8 {
            let pos = rest_cell(&table, seat as u8, index);
            commands
                .spawn((
                    OnTable,
                    Piece {
                        seat: seat as u8,
                        index,
                    },
                    Transform::from_translation(cell_pos(pos).extend(PIECE_Z)),
                    Visibility::default(),
                ))
                .with_children(|p| {
                    p.spawn((
                        Halo,
                        Mesh2d(shapes.ring.clone()),
                        MeshMaterial2d(halo.clone()),
                        Transform::from_xyz(0.0, 0.0, -0.2).with_scale(Vec3::splat(1.0)),
                        Visibility::Hidden,
                    ));
                    if theme.art.piece.is_none() {
                        p.spawn((
                            Mesh2d(shapes.circle.clone()),
                            MeshMaterial2d(outline.clone()),
                            Transform::from_xyz(0.0, 0.0, -0.1)
                                .with_scale(Vec3::splat(size + 0.12)),
                        ));
                    }
                    // A picture fills a square (its corners transparent); a shape, a circle.
                    let body_mesh = if theme.art.piece.is_some() {
                        shapes.square.clone()
                    } else {
                        shapes.circle.clone()
                    };
                    p.spawn((
                        Mesh2d(body_mesh),
                        MeshMaterial2d(body.clone()),
                        Transform::from_xyz(0.0, 0.0, 0.0).with_scale(Vec3::splat(size)),
                    ));
                    spawn_mark(p, &shapes, mark.clone(), seat_look.mark, size * 0.5, 0.1);
                });
        }
    }
    for i in 0..4 {
        commands.spawn((
            OnTable,
            MoveHint(i),
            Mesh2d(shapes.circle.clone()),
            MeshMaterial2d(hint.clone()),
            Transform::from_xyz(0.0, 0.0, 5.0).with_scale(Vec3::splat(0.45)),
            Visibility::Hidden,
        ));
    }
}

/// The cell a piece stands on in the engine's state.
fn rest_cell(table: &Table, seat: u8, index: u8) -> Cell {
    let pos = table.game.pieces(seat)[index as usize];
    table.layout.cell(seat as usize, index as usize, pos)
}

fn anim_factor(settings: &Settings) -> f32 {
    settings.animation_factor()
}

/// Each move starts a hop along its path; each capture sends the captured piece home once
/// the capturing piece has landed. Both in the engine's order.
fn start_moves(
    mut commands: Commands,
    mut happened: MessageReader<Happened>,
    table: Res<Table>,
    settings: Res<Settings>,
    theme: Res<ActiveTheme>,
    hops: Query<&Hop>,
    pieces: Query<(Entity, &Piece, &Transform)>,
) {
    let step_secs = theme.look.animation.hop_secs / anim_factor(&settings);
    // The longest hop under way, or started in this batch.
    let mut landing = hops
        .iter()
        .map(|h| h.path.len() as f32 * h.step_secs)
        .fold(0.0, f32::max);
    let find = |seat: u8, piece: u8| {
        pieces
            .iter()
            .find(|(_, p, _)| p.seat == seat && p.index == piece)
    };
    for Happened(event) in happened.read() {
        if let Some((seat, piece, from, to)) = piece_moved(event) {
            let path = table.layout.path(seat as usize, piece as usize, from, to);
            landing = landing.max(path.len() as f32 * step_secs);
            if let Some((entity, _, transform)) = find(seat, piece) {
                commands
                    .entity(entity)
                    .try_remove::<FlyHome>()
                    .try_insert(Hop {
                        path: path.iter().map(|&c| cell_pos(c)).collect(),
                        step: 0,
                        t: 0.0,
                        step_secs,
                        start: transform.translation.truncate(),
                    });
            }
        } else if let Event::Captured { seat, piece, .. } = *event
            && let Some((entity, _, transform)) = find(seat, piece)
        {
            commands.entity(entity).try_insert(FlyHome {
                delay: landing,
                t: 0.0,
                secs: theme.look.animation.fly_home_secs / anim_factor(&settings),
                from: transform.translation.truncate(),
            });
        }
    }
}

fn reset_on_new_game(
    mut commands: Commands,
    mut started: MessageReader<GameStarted>,
    table: Res<Table>,
    mut pieces: Query<(Entity, &Piece, &mut Transform)>,
) {
    if started.read().last().is_none() {
        return;
    }
    for (entity, piece, mut transform) in &mut pieces {
        // A new table may have despawned this piece in the same frame.
        commands.entity(entity).try_remove::<(Hop, FlyHome)>();
        let cell = rest_cell(&table, piece.seat, piece.index);
        transform.translation = cell_pos(cell).extend(PIECE_Z);
    }
}

fn animate_hops(
    mut commands: Commands,
    time: Res<Time>,
    theme: Res<ActiveTheme>,
    mut landed: MessageWriter<HopLanded>,
    mut hops: Query<(Entity, &Piece, &mut Hop, &mut Transform)>,
) {
    let animation = &theme.look.animation;
    for (entity, piece, mut hop, mut transform) in &mut hops {
        hop.t += time.delta_secs() / hop.step_secs.max(1e-4);
        while hop.t >= 1.0 && hop.step < hop.path.len() {
            hop.t -= 1.0;
            hop.start = hop.path[hop.step];
            hop.step += 1;
            landed.write(HopLanded { seat: piece.seat });
        }
        if hop.step >= hop.path.len() {
            transform.translation = hop.start.extend(PIECE_Z);
            transform.scale = Vec3::ONE;
            commands.entity(entity).remove::<Hop>();
            continue;
        }
        let target = hop.path[hop.step];
        let k = animation.easing.apply(hop.t);
        let lift = (hop.t * std::f32::consts::PI).sin();
        transform.translation = hop.start.lerp(target, k).extend(PIECE_Z + 2.0);
        transform.scale = Vec3::splat(1.0 + animation.hop_lift * lift);
    }
}

fn animate_fly_home(
    mut commands: Commands,
    time: Res<Time>,
    table: Res<Table>,
    theme: Res<ActiveTheme>,
    mut flying: Query<(Entity, &Piece, &mut FlyHome, &mut Transform)>,
) {
    for (entity, piece, mut fly, mut transform) in &mut flying {
        if fly.delay > 0.0 {
            fly.delay -= time.delta_secs();
            continue;
        }
        fly.t += time.delta_secs() / fly.secs.max(1e-4);
        let home = cell_pos(rest_cell(&table, piece.seat, piece.index));
        let k = theme.look.animation.easing.apply(fly.t);
        let lift = (fly.t.min(1.0) * std::f32::consts::PI).sin();
        transform.translation = fly.from.lerp(home, k).extend(PIECE_Z + 3.0);
        transform.scale = Vec3::splat(1.0 + 0.6 * lift);
        if fly.t >= 1.0 {
            transform.scale = Vec3::ONE;
            commands.entity(entity).remove::<FlyHome>();
        }
    }
}

/// Pieces at rest ease to their square; pieces sharing a square fan out around it.
fn rest_pieces(
    time: Res<Time>,
    table: Res<Table>,
    mut pieces: Query<(&Piece, &mut Transform), AtRest>,
) {
    let mut sharing: HashMap<Cell, Vec<(u8, u8)>> = HashMap::new();
    for seat in 0..table.game.seats() {
        for index in 0..4u8 {
            let pos = table.game.pieces(seat)[index as usize];
            if pos.is_base() {
                continue;
            }
            sharing
                .entry(rest_cell(&table, seat, index))
                .or_default()
                .push((seat, index));
        }
    }
    let k = 1.0 - (-14.0 * time.delta_secs()).exp();
    for (piece, mut transform) in &mut pieces {
        let cell = rest_cell(&table, piece.seat, piece.index);
        let mut target = cell_pos(cell);
        let mut scale = 1.0;
        if let Some(group) = sharing.get(&cell).filter(|g| g.len() > 1) {
            let i = group
                .iter()
                .position(|&g| g == (piece.seat, piece.index))
                .unwrap_or(0);
            let angle = std::f32::consts::TAU * i as f32 / group.len() as f32 + 0.8;
            target += Vec2::from_angle(angle) * 0.24;
            scale = 0.68;
        }
        let now = transform.translation.truncate();
        transform.translation = now.lerp(target, k).extend(PIECE_Z);
        transform.scale = transform.scale.lerp(Vec3::splat(scale), k);
    }
}

/// Halos on the pieces a person may move, and hints where each would land.
fn show_halos(
    time: Res<Time>,
    table: Res<Table>,
    selected: Res<Selected>,
    pieces: Query<(&Piece, &Children)>,
    mut halos: Query<HaloParts, (With<Halo>, Without<MoveHint>)>,
    mut hints: Query<(&MoveHint, HaloParts), Without<Halo>>,
) {
    let person = !table.cpu_to_act();
    let moves = if person {
        table.game.legal_moves()
    } else {
        &[]
    };
    let seat = table.game.turn();
    let pulse = 1.0 + 0.08 * (time.elapsed_secs() * 6.0).sin();
    for (piece, children) in &pieces {
        let pos: Pos = table.game.pieces(piece.seat)[piece.index as usize];
        let which = moves.iter().position(|m| m.from == pos);
        let movable = piece.seat == seat && which.is_some();
        for child in children.iter() {
            if let Ok((mut vis, mut t)) = halos.get_mut(child) {
                vis.set_if_neq(if movable {
                    Visibility::Visible
                } else {
                    Visibility::Hidden
                });
                let chosen = which == Some(selected.0 % moves.len().max(1));
                t.scale = Vec3::splat(if chosen { 1.05 * pulse } else { 0.92 });
            }
        }
    }
    for (hint, (mut vis, mut t)) in &mut hints {
        match moves.get(hint.0) {
            Some(m) => {
                let cell = table.layout.cell(seat as usize, m.piece as usize, m.to);
                t.translation = cell_pos(cell).extend(5.0);
                vis.set_if_neq(Visibility::Visible);
            }
            None => {
                vis.set_if_neq(Visibility::Hidden);
            }
        }
    }
}

fn update_busy(mut busy: ResMut<Busy>, hops: Query<(), Animating>) {
    busy.set_if_neq(Busy(!hops.is_empty()));
}
