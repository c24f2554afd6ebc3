//! The board as entities, drawn from the engine's layout alone: track squares, starts,
//! stars, home columns, base yards and the goal. Works for every board: the cross, the
//! horizontal and T boards, and the radial boards of five and six arms, whose squares are
//! turned with their arm.

use bevy::prelude::*;
use ludo_core::{BoardKind, Cell, Colour, Layout, SquareKind};

use crate::board::OnTable;
use crate::board::shapes::{Shapes, band, cell_pos, polygon, spawn_mark, star};
use crate::table::Table;
use crate::table::screen::Screen;
use crate::theme::{ActiveTheme, Redraw};

/// A square of the board and what it is.
#[derive(Component, Clone, Copy, Debug)]
pub struct BoardSquare(pub SquareKind);

/// The glow on the yard of the seat to play: a band inside the yard's edge (grown past the
/// yard, it ran off the radial boards' hexagon, and on the cross it showed only on the yard's
/// outer sides, the track covering the others).
#[derive(Component)]
pub struct TurnGlow {
    pub seat: u8,
}

/// Where the table's entities are built again: at the start of a frame, before anyone asks or
/// anything reacts, so this frame's animations and sounds find the new entities (never one
/// about to be despawned). The board first, then what stands on it.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawTable {
    Board,
    OnBoard,
}

/// Whether the table's entities are built again this frame: the screen just became the
/// table (sitting down, or the first frame of a run that starts there), a new table was
/// opened, or a new theme came while at the table. The one trigger every drawer of the table
/// runs on.
pub fn table_redrawn(
    mut opened: MessageReader<crate::table::flow::TableOpened>,
    mut redraw: MessageReader<Redraw>,
    screen: Option<Res<State<Screen>>>,
) -> bool {
    let opened = opened.read().count() > 0;
    let redraw = redraw.read().count() > 0;
    let at_table = screen
        .as_ref()
        .is_some_and(|s| matches!(s.get(), Screen::Playing | Screen::Review));
    let sat_down = at_table && screen.is_some_and(|s| s.is_changed());
    opened || sat_down || (redraw && at_table)
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Shapes>()
        .add_systems(OnExit(Screen::Playing), clear_table)
        .add_systems(OnExit(Screen::Review), clear_table)
        .add_systems(
            Update,
            (
                clear_table,
                mix_paint,
                (
                    draw_backing,
                    draw_track,
                    draw_home_columns,
                    draw_goal,
                    draw_yards,
                ),
            )
                .chain()
                .run_if(table_redrawn)
                .in_set(DrawTable::Board),
        )
        // After the rules: the glow moves to the next seat in the frame the turn passes.
        .add_systems(
            Update,
            glow_current_seat.in_set(crate::board::BoardSet::Show),
        );
}

/// Clears what the last table put on screen.
fn clear_table(mut commands: Commands, on_table: Query<Entity, With<OnTable>>) {
    for e in &on_table {
        commands.entity(e).despawn();
    }
}

/// Centre of a colour's base yard in world units.
pub fn yard_centre(layout: &Layout, colour: Colour) -> Vec2 {
    Vec2::from(layout.yard_centre(colour))
}

/// What the board is painted with for this table and theme: each part's drawer takes its
/// colours from here (built first when the table is drawn).
#[derive(Resource)]
struct Paint {
    board: Handle<ColorMaterial>,
    track: Handle<ColorMaterial>,
    goal_fill: Handle<ColorMaterial>,
    safe: Handle<ColorMaterial>,
    star_ink: Handle<ColorMaterial>,
    yard_inner: Handle<ColorMaterial>,
    glow: Handle<ColorMaterial>,
    /// By colour: the seat's colour, its home column, its yard, its waiting circles, its mark.
    strong: [Handle<ColorMaterial>; 6],
    home: [Handle<ColorMaterial>; 6],
    bases: [Handle<ColorMaterial>; 6],
    light: [Handle<ColorMaterial>; 6],
    marks: [Handle<ColorMaterial>; 6],
    yard_marks: Handle<ColorMaterial>,
    star_mesh: Handle<Mesh>,
    square_size: f32,
    bevel: f32,
    /// Each square colour's edge: the colour in shadow.
    edges: Vec<(AssetId<ColorMaterial>, Handle<ColorMaterial>)>,
}

/// A cell's place at depth `z`, `size` squares wide, turned with its arm.
fn at(layout: &Layout, cell: Cell, z: f32, size: f32) -> Transform {
    Transform::from_translation(cell_pos(layout, cell).extend(z))
        .with_rotation(Quat::from_rotation_z(layout.turn(cell)))
        .with_scale(Vec3::splat(size))
}

impl Paint {
    /// A square stands up from the board by the theme's bevel: its face a little smaller and
    /// up to the left, over an edge of its own colour in shadow.
    fn face(&self, layout: &Layout, cell: Cell) -> Transform {
        let shift = Vec2::new(-self.bevel, self.bevel) / 2.0;
        at(layout, cell, 1.0, self.square_size - self.bevel)
            .with_translation((cell_pos(layout, cell) + shift).extend(1.0))
    }

    /// The shadowed edge under a square of `fill` (none on a flat board).
    fn edge_under(
        &self,
        commands: &mut Commands,
        shapes: &Shapes,
        layout: &Layout,
        cell: Cell,
        fill: &Handle<ColorMaterial>,
    ) {
        let Some((_, edge)) = self.edges.iter().find(|(id, _)| *id == fill.id()) else {
            return;
        };
        if self.bevel <= 0.0 {
            return;
        }
        commands.spawn((
            OnTable,
            Mesh2d(shapes.square.clone()),
            MeshMaterial2d(edge.clone()),
            at(layout, cell, 0.95, self.square_size),
        ));
    }
}

fn mix_paint(
    mut commands: Commands,
    theme: Res<ActiveTheme>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let look = &theme.look;
    let mut mat = |c: Color| materials.add(c);
    let per_seat = |f: &dyn Fn(&crate::theme::look::SeatColours) -> Color| {
        Colour::ALL.map(|c| f(look.seat(c)))
    };
    let [strong, home, bases, light, marks] = [
        per_seat(&|s| s.strong),
        per_seat(&|s| s.home_column),
        per_seat(&|s| s.base),
        per_seat(&|s| s.light),
        per_seat(&|s| s.ink),
    ]
    .map(|colours| colours.map(&mut mat));
    let mut paint = Paint {
        board: mat(look.lines),
        track: mat(look.track),
        goal_fill: mat(look.goal),
        safe: mat(look.safe),
        star_ink: mat(look.star),
        yard_inner: mat(look.yard_inner),
        glow: mat(look.glow),
        yard_marks: mat(look.outline),
        strong,
        home,
        bases,
        light,
        marks,
        star_mesh: meshes.add(star(look.style.star_points)),
        square_size: look.style.square_size,
        bevel: look.style.bevel,
        edges: Vec::new(),
    };
    let fills: Vec<Handle<ColorMaterial>> = [&paint.track, &paint.safe]
        .into_iter()
        .chain(paint.strong.iter())
        .chain(paint.home.iter())
        .cloned()
        .collect();
    paint.edges = fills
        .iter()
        .map(|fill| {
            let colour = materials.get(fill).map_or(Color::BLACK, |m| m.color);
            (fill.id(), materials.add(colour.mix(&Color::BLACK, 0.35)))
        })
        .collect();
    commands.insert_resource(paint);
}

/// The board the squares sit on (the gaps between squares show it as grid lines), and the
/// theme's backdrop over it.
fn draw_backing(
    mut commands: Commands,
    table: Res<Table>,
    theme: Res<ActiveTheme>,
    paint: Res<Paint>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    // A margin of 0.3 of a square beyond the outermost squares' edges: a standing pawn's
    // head on the outermost row, and a movable piece's halo, stay on the board.
    let outline: Vec<Vec2> = table.layout.outline().into_iter().map(Vec2::from).collect();
    let margin = 1.0 + 0.3 / outline[0].length().max(1.0) * std::f32::consts::SQRT_2;
    let backing = meshes.add(polygon(&outline));
    let scale = Vec3::new(margin, margin, 1.0);
    commands.spawn((
        OnTable,
        Mesh2d(backing.clone()),
        MeshMaterial2d(paint.board.clone()),
        Transform::from_xyz(0.0, 0.0, 0.0).with_scale(scale),
    ));
    // The picture fills the board's box, cut to its outline.
    if let Some(image) = &theme.art.backdrop {
        commands.spawn((
            OnTable,
            Mesh2d(backing),
            MeshMaterial2d(materials.add(ColorMaterial::from(image.clone()))),
            Transform::from_xyz(0.0, 0.0, 0.2).with_scale(scale),
        ));
    }
}

/// The smallest and largest corner of the box around `points`.
pub fn bounds(points: &[Vec2]) -> (Vec2, Vec2) {
    points.iter().fold(
        (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)),
        |(lo, hi), &p| (lo.min(p), hi.max(p)),
    )
}

/// The track: plain squares, stars, and each seat's start with its mark and an arrowhead the
/// way out of the yard; the goal's cells and its square.
fn draw_track(
    mut commands: Commands,
    shapes: Res<Shapes>,
    table: Res<Table>,
    theme: Res<ActiveTheme>,
    paint: Res<Paint>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let layout = &table.layout;
    for square in layout.squares() {
        let (kind, cell) = (square.kind, square.cell);
        match kind {
            SquareKind::Track { start, star, .. } => {
                let fill = match start {
                    Some(c) => paint.strong[c.index()].clone(),
                    None if star => paint.safe.clone(),
                    None => paint.track.clone(),
                };
                paint.edge_under(&mut commands, &shapes, layout, cell, &fill);
                let arrow = start
                    .filter(|_| theme.look.style.start_arrows)
                    .and_then(|_| way_out(layout, cell))
                    .map(|mesh| meshes.add(mesh));
                let mut square = commands.spawn((
                    OnTable,
                    BoardSquare(kind),
                    Mesh2d(shapes.square.clone()),
                    MeshMaterial2d(fill),
                    paint.face(layout, cell),
                ));
                if let Some(c) = start {
                    let ink = paint.marks[c.index()].clone();
                    square.with_children(|p| {
                        spawn_mark(p, &shapes, ink.clone(), theme.look.seat(c).mark, 0.4, 0.1);
                        if let Some(arrow) = arrow {
                            p.spawn((
                                Mesh2d(arrow),
                                MeshMaterial2d(ink),
                                Transform::from_xyz(0.0, 0.0, 0.1),
                            ));
                        }
                    });
                } else if star {
                    square.with_child((
                        Mesh2d(paint.star_mesh.clone()),
                        MeshMaterial2d(paint.star_ink.clone()),
                        Transform::from_xyz(0.0, 0.0, 0.1).with_scale(Vec3::splat(0.8)),
                    ));
                }
            }
            SquareKind::Goal => {
                for &g in &layout.goal_cells {
                    commands.spawn((
                        OnTable,
                        Mesh2d(shapes.square.clone()),
                        MeshMaterial2d(paint.goal_fill.clone()),
                        at(layout, g, 0.9, 1.0),
                    ));
                }
                commands.spawn((
                    OnTable,
                    BoardSquare(kind),
                    Transform::from_translation(cell_pos(layout, cell).extend(1.0)),
                ));
            }
            // Home columns and yards are drawn by their own drawers, for every arm.
            SquareKind::Home { .. } | SquareKind::BaseSlot { .. } => {}
        }
    }
}

/// The way out of the yard from a start square: a small arrowhead at the square's leading
/// edge, toward the next square of the track.
fn way_out(layout: &ludo_core::Layout, cell: Cell) -> Option<Triangle2d> {
    let i = layout.track.iter().position(|&t| t == cell)?;
    let next = layout.track[(i + 1) % layout.track.len()];
    // In the square's own turned frame, as the arrowhead is its child.
    let dir = (cell_pos(layout, next) - cell_pos(layout, cell)).normalize_or_zero();
    let dir = Vec2::from_angle(-layout.turn(cell)).rotate(dir);
    let (tip, back, side) = (dir * 0.46, dir * 0.3, dir.perp() * 0.12);
    Some(Triangle2d::new(tip, back + side, back - side))
}

/// Every arm's home column, seated or not, each square with its seat's mark.
fn draw_home_columns(
    mut commands: Commands,
    shapes: Res<Shapes>,
    table: Res<Table>,
    theme: Res<ActiveTheme>,
    paint: Res<Paint>,
) {
    let layout = &table.layout;
    for colour in layout.arm_colours() {
        let fill = &paint.home[colour.index()];
        for (step, cell) in layout.home_of(colour).into_iter().enumerate() {
            paint.edge_under(&mut commands, &shapes, layout, cell, fill);
            commands
                .spawn((
                    OnTable,
                    BoardSquare(SquareKind::Home {
                        colour,
                        step: step as u8,
                    }),
                    Mesh2d(shapes.square.clone()),
                    MeshMaterial2d(fill.clone()),
                    paint.face(layout, cell),
                ))
                .with_children(|p| {
                    let mark = theme.look.seat(colour).mark;
                    spawn_mark(
                        p,
                        &shapes,
                        paint.marks[colour.index()].clone(),
                        mark,
                        0.3,
                        0.1,
                    );
                });
        }
    }
}

/// The goal: one triangle per arm, from its home column's end to the centre, and the
/// theme's picture over it.
fn draw_goal(
    mut commands: Commands,
    shapes: Res<Shapes>,
    table: Res<Table>,
    theme: Res<ActiveTheme>,
    paint: Res<Paint>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let layout = &table.layout;
    let centre = cell_pos(layout, layout.goal);
    // On the cross and the radial boards the goal is the whole centre, each arm's triangle
    // three squares wide at its home column; on the smaller boards the track runs beside it,
    // so each triangle keeps to its own row or column.
    let cross = matches!(layout.kind, BoardKind::Cross | BoardKind::Radial);
    for colour in layout.arm_colours() {
        let home = layout.home_of(colour);
        let end = cell_pos(layout, home[home.len() - 1]);
        let dir = (centre - end).normalize();
        let side = dir.perp() * if cross { 1.5 } else { 0.5 };
        let base = end + dir * 0.5;
        commands.spawn((
            OnTable,
            Mesh2d(meshes.add(Triangle2d::new(base + side, base - side, centre))),
            MeshMaterial2d(paint.strong[colour.index()].clone()),
            Transform::from_xyz(0.0, 0.0, 1.5),
        ));
    }
    if let Some(image) = &theme.art.goal {
        commands.spawn((
            OnTable,
            Mesh2d(shapes.square.clone()),
            MeshMaterial2d(materials.add(ColorMaterial::from(image.clone()))),
            Transform::from_translation(centre.extend(1.6)).with_scale(Vec3::splat(if cross {
                3.0
            } else {
                1.0
            })),
        ));
    }
}

/// Base yards with their four waiting places, for every arm; the glow only for seats.
/// Each yard is its outline (a square on the grid, a wedge on the radial boards) around its
/// centre, over a smaller copy of itself that the waiting places stand on.
fn draw_yards(
    mut commands: Commands,
    shapes: Res<Shapes>,
    table: Res<Table>,
    theme: Res<ActiveTheme>,
    paint: Res<Paint>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let layout = &table.layout;
    for colour in layout.arm_colours() {
        let base = &layout.base_of(colour);
        let seat = layout.colours.iter().position(|&c| c == colour);
        let c = base.colour;
        let centre = yard_centre(layout, colour);
        let outline: Vec<Vec2> = layout
            .yard_outline(colour)
            .into_iter()
            .map(|p| Vec2::from(p) - centre)
            .collect();
        let shape = meshes.add(polygon(&outline));
        if let Some(seat) = seat {
            // Over the yard's colour, under its inner square.
            commands.spawn((
                OnTable,
                TurnGlow { seat: seat as u8 },
                Mesh2d(meshes.add(band(&outline, GLOW_BAND))),
                MeshMaterial2d(paint.glow.clone()),
                Transform::from_translation(centre.extend(1.05)).with_scale(Vec3::splat(0.99)),
                Visibility::Hidden,
            ));
        }
        commands
            .spawn((
                OnTable,
                Mesh2d(shape.clone()),
                MeshMaterial2d(paint.bases[c.index()].clone()),
                Transform::from_translation(centre.extend(1.0)).with_scale(Vec3::splat(0.99)),
            ))
            .with_children(|p| {
                // The parent's scale scales z too: 0.1 in the world, under the waiting circles.
                p.spawn((
                    Mesh2d(shape),
                    MeshMaterial2d(paint.yard_inner.clone()),
                    Transform::from_xyz(0.0, 0.0, 0.1 / 0.99).with_scale(Vec3::splat(4.6 / 6.0)),
                ));
            });
        for (slot, &cell) in base.slots.iter().enumerate() {
            commands
                .spawn((
                    OnTable,
                    BoardSquare(SquareKind::BaseSlot {
                        colour: c,
                        slot: slot as u8,
                    }),
                    Mesh2d(shapes.circle.clone()),
                    MeshMaterial2d(paint.light[c.index()].clone()),
                    at(layout, cell, 1.3, 1.0),
                ))
                .with_children(|p| {
                    let mark = theme.look.seat(c).mark;
                    spawn_mark(p, &shapes, paint.yard_marks.clone(), mark, 0.35, 0.1);
                });
        }
    }
}

/// The glow's band inside the yard's edge: its inner edge at this share of the way from the
/// yard's centre (the yard's colour reaches 0.77 of it).
const GLOW_BAND: f32 = 0.93;

fn glow_current_seat(table: Res<Table>, mut glows: Query<(&TurnGlow, &mut Visibility)>) {
    for (glow, mut vis) in &mut glows {
        let on = !table.game.is_over() && glow.seat == table.game.turn();
        vis.set_if_neq(if on {
            Visibility::Visible
        } else {
            Visibility::Hidden
        });
    }
}
