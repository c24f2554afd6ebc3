//! While a person here chooses a move: the pieces that can move wear a halo and pulse, the
//! others fade; the move in focus (the keyboard's pick, or the one under the pointer) shows
//! its path as dots, the square it lands on, and a ring on each piece it would capture (as
//! the engine says, on a copy of the game). Every legal move's landing square keeps its dot.

use bevy::prelude::*;

use crate::board::motion::AtRest;
use crate::board::pieces::{Emphasis, Faded, Halo, Piece, PieceLook, Selected};
use crate::board::shapes::{Shapes, cell_pos};
use crate::board::{BoardSet, OnTable};
use crate::table::Table;
use crate::table::flow::Decider;
use crate::theme::ActiveTheme;

/// Where a legal move would land.
#[derive(Component)]
pub struct MoveHint(pub usize);

/// A dot on the path of the move in focus (the `n`th square before the last).
#[derive(Component)]
struct PathDot(usize);

/// A ring on a piece the move in focus would capture.
#[derive(Component)]
struct ThreatMark(usize);

/// What the engine says each legal move would capture, kept while the moves are the same.
#[derive(Resource, Default)]
struct Preview {
    moves: Vec<ludo_core::Move>,
    steps: usize,
    captures: Vec<Vec<(u8, u8)>>,
}

/// The longest path drawn (a roll of six; longer moves under house rules show their last).
const PATH_DOTS: usize = 12;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Preview>()
        .add_systems(
            Update,
            spawn_marks
                .run_if(crate::board::squares::table_redrawn)
                .in_set(crate::board::squares::DrawTable::OnBoard),
        )
        .add_systems(
            Update,
            (
                preview,
                (emphasise, show_halos, show_hints, show_path, show_threats),
                fade,
            )
                .chain()
                .in_set(BoardSet::Show),
        );
}

fn spawn_marks(
    mut commands: Commands,
    shapes: Res<Shapes>,
    theme: Res<ActiveTheme>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let look = &theme.look;
    let hint = materials.add(look.hint);
    let path = materials.add(look.path);
    let threat = materials.add(look.threat);
    let hidden = |z: f32, size: f32| {
        (
            OnTable,
            Transform::from_xyz(0.0, 0.0, z).with_scale(Vec3::splat(size)),
            Visibility::Hidden,
        )
    };
    for i in 0..4 {
        commands.spawn((
            MoveHint(i),
            Mesh2d(shapes.circle.clone()),
            MeshMaterial2d(hint.clone()),
            hidden(5.0, 0.45),
        ));
        commands.spawn((
            ThreatMark(i),
            Mesh2d(shapes.ring.clone()),
            MeshMaterial2d(threat.clone()),
            hidden(15.0, 1.0),
        ));
    }
    for i in 0..PATH_DOTS {
        commands.spawn((
            PathDot(i),
            Mesh2d(shapes.circle.clone()),
            MeshMaterial2d(path.clone()),
            hidden(5.0, 0.2),
        ));
    }
}

/// The legal moves a person here chooses among (none while a CPU or another device plays).
fn choosing<'a>(table: &'a Table, decider: &Decider) -> &'a [ludo_core::Move] {
    if decider.person_here(table, table.game.turn()) && !table.game.is_over() {
        table.game.legal_moves()
    } else {
        &[]
    }
}

/// The legal move in focus.
fn focus(moves: &[ludo_core::Move], selected: &Selected) -> Option<usize> {
    (!moves.is_empty()).then(|| selected.0 % moves.len())
}

fn preview(table: Res<Table>, decider: Res<Decider>, mut preview: ResMut<Preview>) {
    let moves = choosing(&table, &decider);
    let steps = table.record.steps.len();
    if preview.moves == moves && preview.steps == steps {
        return;
    }
    preview.captures = moves.iter().map(|m| table.captures_if(m.piece)).collect();
    preview.moves = moves.to_vec();
    preview.steps = steps;
}

/// Which pieces pulse (they can move) and which fade (the rest, while a person chooses).
fn emphasise(
    table: Res<Table>,
    decider: Res<Decider>,
    theme: Res<ActiveTheme>,
    mut pieces: Query<(&Piece, &mut Emphasis)>,
) {
    let moves = choosing(&table, &decider);
    let seat = table.game.mover();
    for (piece, mut emphasis) in &mut pieces {
        let pos = table.game.pieces(piece.seat)[piece.index as usize];
        let movable = piece.seat == seat && moves.iter().any(|m| m.from == pos);
        let want = Emphasis {
            pulse: movable,
            fade: if !moves.is_empty() && !movable {
                theme.look.animation.dim
            } else {
                0.0
            },
        };
        emphasis.set_if_neq(want);
    }
}

/// Halos on the pieces a person may move; the one in focus larger.
fn show_halos(
    table: Res<Table>,
    decider: Res<Decider>,
    selected: Res<Selected>,
    pieces: Query<(&Piece, &Children)>,
    mut halos: Query<(&Halo, &mut Visibility, &mut Transform)>,
) {
    let moves = choosing(&table, &decider);
    let seat = table.game.mover();
    let focus = focus(moves, &selected);
    for (piece, children) in &pieces {
        let pos = table.game.pieces(piece.seat)[piece.index as usize];
        let which = moves.iter().position(|m| m.from == pos);
        let movable = piece.seat == seat && which.is_some();
        for child in children.iter() {
            if let Ok((halo, mut vis, mut t)) = halos.get_mut(child) {
                vis.set_if_neq(if movable {
                    Visibility::Visible
                } else {
                    Visibility::Hidden
                });
                let grow = if which == focus { 1.08 } else { 0.92 };
                t.scale = (halo.0 * grow).extend(1.0);
            }
        }
    }
}

fn show_hints(
    table: Res<Table>,
    decider: Res<Decider>,
    mut hints: Query<(&MoveHint, &mut Visibility, &mut Transform)>,
) {
    let moves = choosing(&table, &decider);
    let seat = table.game.mover() as usize;
    for (hint, vis, t) in &mut hints {
        let at = moves.get(hint.0).map(|m| {
            cell_pos(
                &table.layout,
                table.layout.cell(seat, m.piece as usize, m.to),
            )
        });
        place(vis, t, at);
    }
}

/// A mark shown at `at` (keeping its depth), or hidden.
fn place(mut vis: Mut<Visibility>, mut t: Mut<Transform>, at: Option<Vec2>) {
    match at {
        Some(at) => {
            t.translation = at.extend(t.translation.z);
            vis.set_if_neq(Visibility::Visible);
        }
        None => {
            vis.set_if_neq(Visibility::Hidden);
        }
    }
}

/// Dots on the squares the move in focus passes over.
fn show_path(
    table: Res<Table>,
    decider: Res<Decider>,
    selected: Res<Selected>,
    mut dots: Query<(&PathDot, &mut Visibility, &mut Transform)>,
) {
    let moves = choosing(&table, &decider);
    let seat = table.game.mover() as usize;
    let path = focus(moves, &selected)
        .map(|i| {
            let m = moves[i];
            table.layout.path(seat, m.piece as usize, m.from, m.to)
        })
        .unwrap_or_default();
    // The squares passed over, the landing square (its own dot) left out.
    let passed = &path[..path.len().saturating_sub(1)];
    let shown = &passed[passed.len().saturating_sub(PATH_DOTS)..];
    for (dot, vis, t) in &mut dots {
        place(
            vis,
            t,
            shown.get(dot.0).map(|&cell| cell_pos(&table.layout, cell)),
        );
    }
}

/// A ring on each piece the move in focus would capture, beating with the pulse.
fn show_threats(
    time: Res<Time>,
    table: Res<Table>,
    decider: Res<Decider>,
    selected: Res<Selected>,
    preview: Res<Preview>,
    pieces: Query<(&Piece, &Transform), AtRest>,
    mut marks: Query<(&ThreatMark, &mut Visibility, &mut Transform), Without<Piece>>,
) {
    let moves = choosing(&table, &decider);
    let victims = focus(moves, &selected)
        .and_then(|i| preview.captures.get(i))
        .map(Vec::as_slice)
        .unwrap_or_default();
    let beat = 1.0 + 0.08 * (time.elapsed_secs() * 8.0).sin();
    for (mark, vis, mut t) in &mut marks {
        let victim = victims.get(mark.0).and_then(|&(seat, index)| {
            pieces
                .iter()
                .find(|(p, _)| p.seat == seat && p.index == index)
                .map(|(_, t)| t)
        });
        if let Some(piece) = victim {
            t.scale = Vec3::splat(piece.scale.x.max(0.6) * 1.1 * beat);
        }
        place(vis, t, victim.map(|piece| piece.translation.truncate()));
    }
}

/// Each piece's materials follow its fade (quickly, never with a jump).
fn fade(
    time: Res<Time>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut pieces: Query<(&Emphasis, &PieceLook, &mut Faded)>,
) {
    let k = 1.0 - (-12.0 * time.delta_secs()).exp();
    for (emphasis, look, mut faded) in &mut pieces {
        if (faded.0 - emphasis.fade).abs() < 0.005 {
            continue;
        }
        faded.0 += (emphasis.fade - faded.0) * k;
        if (faded.0 - emphasis.fade).abs() < 0.01 {
            faded.0 = emphasis.fade;
        }
        for (handle, full) in &look.materials {
            if let Some(mut m) = materials.get_mut(handle) {
                m.color = full.with_alpha(full.alpha() * (1.0 - faded.0));
            }
        }
    }
}
