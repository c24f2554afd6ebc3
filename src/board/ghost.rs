//! A ghost of the better move: in a review at a decision that gave points away, or at the
//! table when a hint was asked. The piece is drawn faint in a ring on the square the move
//! takes it to, with a dot on each square it walks over.

use bevy::prelude::*;
use ludo_core::{Discard, Game, Pos};
use ludo_cpu::analysis::Class;

use crate::board::BoardSet;
use crate::board::piece_shape::PieceShape;
use crate::board::pieces::PIECE_Z;
use crate::board::shapes::{Shapes, cell_pos, spawn_mark};
use crate::table::Table;
use crate::table::hint::Hint;
use crate::table::review::Review;
use crate::theme::ActiveTheme;

/// The ghost of the better move.
#[derive(Component)]
pub struct Ghost;

/// How much of its seat's colour a ghost keeps.
const GHOST_ALPHA: f32 = 0.5;
/// The ring's and the dots' measure, in cells (a little over two thirds of the square).
const RING: f32 = 0.68;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, show_ghost.in_set(BoardSet::Show));
}

/// The better move of the decision shown, for a decision worth a mark (an inaccuracy or
/// worse): its seat, where it would have put its piece and the squares it would have walked
/// over on the way.
#[derive(Clone, Debug, PartialEq)]
pub struct BetterMove {
    pub seat: u8,
    pub to: Vec2,
    pub over: Vec<Vec2>,
}

pub fn better_move(review: &Review, table: &Table) -> Option<BetterMove> {
    let d = review.decision()?;
    if d.best == d.played || d.class < Class::Inaccuracy {
        return None;
    }
    walk(&review.positions.get(d.step)?.game, d.best, table)
}

/// The hint's move, while it holds.
fn hinted_move(hint: &Hint, table: &Table) -> Option<BetterMove> {
    let given = hint.shown?;
    (given.step == table.record.steps.len() && table.game.turn() == given.seat)
        .then(|| walk(&table.game, given.piece, table))?
}

/// The move of `piece` by the roll `before` waits to have played.
fn walk(before: &Game, piece: u8, table: &Table) -> Option<BetterMove> {
    let mover = before.turn();
    let mut game = before.clone();
    game.choose(piece, &mut Discard).ok()?;
    let (seat, piece) = (usize::from(mover), usize::from(piece));
    let at = |pos| cell_pos(&table.layout, table.layout.cell(seat, piece, pos));
    let from = before.pieces(mover)[piece].progress();
    let to = game.pieces(mover)[piece];
    let over = match (from, to.progress()) {
        (Some(a), Some(b)) if b > a => (a + 1..b).map(|p| at(Pos::at(p))).collect(),
        _ => Vec::new(),
    };
    Some(BetterMove {
        seat: mover,
        to: at(to),
        over,
    })
}

fn show_ghost(
    mut commands: Commands,
    review: Option<Res<Review>>,
    hint: Res<Hint>,
    table: Res<Table>,
    theme: Res<ActiveTheme>,
    shapes: Res<Shapes>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    ghosts: Query<Entity, With<Ghost>>,
    mut shown: Local<Option<BetterMove>>,
) {
    let wanted = match review.as_deref() {
        Some(review) => better_move(review, &table),
        None => hinted_move(&hint, &table),
    };
    if wanted == *shown && (wanted.is_none() || !ghosts.is_empty()) {
        return;
    }
    shown.clone_from(&wanted);
    for ghost in &ghosts {
        commands.entity(ghost).despawn();
    }
    let Some(BetterMove { seat, to, over }) = wanted else {
        return;
    };
    let Some(&colour) = table.layout.colours.get(usize::from(seat)) else {
        return;
    };
    let look = &theme.look;
    let seat_look = look.seat(colour);
    let shape = PieceShape::of(&theme);
    let body = materials.add(ColorMaterial {
        color: seat_look.strong.with_alpha(GHOST_ALPHA),
        texture: theme.art.piece.clone(),
        ..default()
    });
    let edge = materials.add(look.outline);
    let light = materials.add(Color::WHITE);
    let mark = materials.add(seat_look.ink.with_alpha(GHOST_ALPHA));
    let dot = materials.add(seat_look.strong);
    let body_mesh = match theme.art.piece {
        Some(_) => shapes.square.clone(),
        None => shapes.circle.clone(),
    };
    commands
        .spawn((
            Ghost,
            // Under the pieces: a piece it would capture stays in sight, inside the ring.
            Transform::from_translation(to.extend(PIECE_Z - 1.0)),
            Visibility::default(),
        ))
        .with_children(|p| {
            // A ring, light inside dark, that no piece of any seat wears, round the square.
            p.spawn((
                Mesh2d(shapes.ring.clone()),
                MeshMaterial2d(edge.clone()),
                Transform::from_xyz(0.0, 0.0, -0.2).with_scale(Vec3::splat(RING * 1.5)),
            ));
            p.spawn((
                Mesh2d(shapes.ring.clone()),
                MeshMaterial2d(light),
                Transform::from_xyz(0.0, 0.0, -0.1).with_scale(Vec3::splat(RING * 1.3)),
            ));
            p.spawn((
                Mesh2d(body_mesh),
                MeshMaterial2d(body),
                Transform::from_translation(shape.body_at.extend(0.0))
                    .with_scale(shape.size.extend(1.0)),
            ));
            p.spawn((
                Transform::from_translation(shape.mark_at.extend(0.1)),
                Visibility::default(),
            ))
            .with_children(|m| {
                spawn_mark(m, &shapes, mark, seat_look.mark, shape.mark_size, 0.0);
            });
        });
    // A dot in the seat's colour with a dark rim on each square walked over.
    for at in over {
        for (paint, scale, z) in [(&dot, 0.3, -1.5), (&edge, 0.38, -1.6)] {
            commands.spawn((
                Ghost,
                Mesh2d(shapes.circle.clone()),
                MeshMaterial2d(paint.clone()),
                Transform::from_translation(at.extend(PIECE_Z + z))
                    .with_scale(Vec3::splat(RING * scale)),
                Visibility::default(),
            ));
        }
    }
}
