//! Pieces in motion. A move hops square by square on a small arc and squashes as it lands on
//! each; a long move hops faster, never longer than the theme's `move_max_secs`. A piece
//! leaving its base jumps to its start square in one high arc. A captured piece is hit when
//! the capturer lands on it (`Hit`: the board freezes a moment, shakes and sparks), then
//! flies home on an arc. Under reduced motion there are no arcs and no squash, and every
//! motion is over within its frame.

use bevy::prelude::*;
use ludo_core::{Cell, Event};

use crate::board::BoardSet;
use crate::board::clock::BoardClock;
use crate::board::dice::{Settle, Tumble};
pub use crate::board::motion::{FlyHome, Hop, SQUASH_SECS, Squash};
use crate::board::pieces::{Lift, PIECE_Z, Piece, rest_cell};
use crate::board::shapes::cell_pos;
use crate::table::Table;
use crate::table::flow::{Busy, GameStarted, Happened, piece_moved};
use crate::table::settings::Settings;
use crate::theme::ActiveTheme;

/// A piece landed on the `step`th square of its move (for the tick, higher each square).
#[derive(Message, Clone, Copy, Debug)]
pub struct HopLanded {
    pub step: u8,
    pub enter: bool,
}

/// A piece landed in the goal.
#[derive(Message, Clone, Copy, Debug)]
pub struct PieceHome {
    pub seat: u8,
    pub at: Vec2,
}

/// A captured piece is hit: the capturer has landed on it.
#[derive(Message, Clone, Copy, Debug)]
pub struct Hit {
    pub seat: u8,
    pub at: Vec2,
}

/// Anything still moving on the board (a CPU's next step waits for it).
type Animating = Or<(With<Hop>, With<FlyHome>, With<Tumble>, With<Settle>)>;

/// The motions without anything drawn: what a headless test runs (with bare `Piece`s).
pub fn plugin(app: &mut App) {
    app.add_message::<HopLanded>()
        .add_message::<PieceHome>()
        .add_message::<Hit>()
        .add_systems(
            Update,
            (stop_on_new_game, start_moves)
                .chain()
                .in_set(BoardSet::Start),
        )
        .add_systems(
            Update,
            (animate_hops, animate_fly_home).in_set(BoardSet::Animate),
        )
        .add_systems(Update, update_busy.in_set(BoardSet::Show));
}

/// Each move starts a hop along its path; each capture waits for the capturing piece to
/// land. Both in the engine's order.
fn start_moves(
    mut commands: Commands,
    mut happened: MessageReader<Happened>,
    table: Res<Table>,
    settings: Res<Settings>,
    theme: Res<ActiveTheme>,
    hops: Query<&Hop>,
    pieces: Query<(Entity, &Piece, &Transform)>,
) {
    let motion = Motion {
        a: &theme.look.animation,
        layout: &table.layout,
        factor: settings.animation_factor(),
        moves: !settings.reduced_motion,
    };
    // When the longest hop under way, or started in this batch, lands.
    let mut landing = hops
        .iter()
        .map(|h| (h.path.len() - h.step) as f32 * h.step_secs)
        .fold(0.0, f32::max);
    let find = |seat: u8, piece: u8| {
        pieces
            .iter()
            .find(|(_, p, _)| p.seat == seat && p.index == piece)
    };
    for Happened(event) in happened.read() {
        if let Some((seat, piece, from, to)) = piece_moved(event) {
            let path = table.layout.path(seat as usize, piece as usize, from, to);
            let hop = motion.hop(&path, from.is_base(), to == table.game.goal());
            landing = landing.max(hop.path.len() as f32 * hop.step_secs);
            if let Some((entity, _, transform)) = find(seat, piece) {
                let start = transform.translation.truncate();
                commands
                    .entity(entity)
                    .try_remove::<(FlyHome, Squash)>()
                    .try_insert(Hop { start, ..hop });
            }
        } else if let Event::Captured { seat, piece, .. } = *event
            && let Some((entity, _, transform)) = find(seat, piece)
        {
            let from = transform.translation.truncate();
            commands
                .entity(entity)
                .try_insert(motion.fly_home(landing, from));
        }
    }
}

/// How pieces move with this theme and these settings.
struct Motion<'a> {
    a: &'a crate::theme::file::Animation,
    layout: &'a ludo_core::Layout,
    /// The animation speed's factor.
    factor: f32,
    /// Arcs, squashes and freezes: not with reduced motion.
    moves: bool,
}

impl Motion<'_> {
    /// A hop along `path` (from where the piece is drawn: `start`, set by the caller): out of
    /// the base one jump, higher; along the track a hop a square, the whole move no longer
    /// than the theme allows.
    fn hop(&self, path: &[Cell], enter: bool, goal: bool) -> Hop {
        let a = self.a;
        let step_secs = if enter {
            a.enter_secs
        } else {
            a.hop_secs.min(a.move_max_secs / path.len().max(1) as f32)
        } / self.factor;
        let height = match (self.moves, enter) {
            (false, _) => 0.0,
            (true, true) => a.hop_height * 2.5,
            (true, false) => a.hop_height,
        };
        Hop {
            path: path.iter().map(|&c| cell_pos(self.layout, c)).collect(),
            step: 0,
            t: 0.0,
            step_secs,
            start: Vec2::ZERO,
            height,
            squash: if self.moves { a.squash } else { 0.0 },
            factor: self.factor,
            enter,
            goal,
        }
    }

    /// A captured piece's flight home, once the capturer lands (`delay`).
    fn fly_home(&self, delay: f32, from: Vec2) -> FlyHome {
        FlyHome {
            delay,
            t: 0.0,
            secs: self.a.fly_home_secs / self.factor,
            from,
            hit: false,
            arcs: self.moves,
            freeze: if self.moves {
                self.a.freeze_secs / self.factor
            } else {
                0.0
            },
        }
    }
}

/// A new game: every piece stops and stands where the engine has it, at once.
fn stop_on_new_game(
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
        commands
            .entity(entity)
            .try_remove::<(Hop, FlyHome, Squash)>();
        let cell = rest_cell(&table, piece.seat, piece.index);
        *transform = Transform::from_translation(cell_pos(&table.layout, cell).extend(PIECE_Z));
    }
}

/// The height of an arc at `t` (0 to 1) that rises to 1 halfway.
fn arc(t: f32) -> f32 {
    4.0 * t * (1.0 - t)
}

fn animate_hops(
    mut commands: Commands,
    clock: Res<BoardClock>,
    theme: Res<ActiveTheme>,
    mut landed: MessageWriter<HopLanded>,
    mut home: MessageWriter<PieceHome>,
    mut hops: Query<(Entity, &Piece, &mut Hop, &mut Transform, &mut Lift)>,
) {
    let animation = &theme.look.animation;
    for (entity, piece, mut hop, mut transform, mut height) in &mut hops {
        hop.t += clock.dt / hop.step_secs.max(1e-4);
        while hop.t >= 1.0 && hop.step < hop.path.len() {
            hop.t -= 1.0;
            hop.start = hop.path[hop.step];
            hop.step += 1;
            landed.write(HopLanded {
                step: hop.step.min(255) as u8,
                enter: hop.enter,
            });
        }
        if hop.step >= hop.path.len() {
            *transform = Transform::from_translation(hop.start.extend(PIECE_Z));
            let mut done = commands.entity(entity);
            done.remove::<Hop>();
            if hop.squash > 0.0 {
                // The last landing is the heaviest.
                done.insert(Squash::new(hop.squash * 1.4, hop.factor));
            }
            if hop.goal {
                home.write(PieceHome {
                    seat: piece.seat,
                    at: hop.start,
                });
            }
            continue;
        }
        let target = hop.path[hop.step];
        let t = hop.t;
        let k = if hop.enter {
            EaseFunction::QuadraticOut.sample_clamped(t)
        } else {
            animation.easing.apply(t)
        };
        let lift = arc(t);
        height.0 = hop.height * lift;
        let at = hop.start.lerp(target, k) + Vec2::Y * height.0;
        transform.translation = at.extend(PIECE_Z + 2.0);
        // Squashed on the square it just left, stretched as it rises.
        let since = t * hop.step_secs;
        let q = if hop.step > 0 || hop.enter {
            hop.squash * (1.0 - since * hop.factor / SQUASH_SECS).max(0.0)
        } else {
            0.0
        } - hop.squash * 0.5 * lift;
        let grow = 1.0 + animation.hop_lift * lift;
        transform.scale = Vec3::new(grow * (1.0 + q), grow * (1.0 - q), 1.0);
    }
}

fn animate_fly_home(
    mut commands: Commands,
    mut clock: ResMut<BoardClock>,
    table: Res<Table>,
    theme: Res<ActiveTheme>,
    mut hits: MessageWriter<Hit>,
    mut flying: Query<(Entity, &Piece, &mut FlyHome, &mut Transform, &mut Lift)>,
) {
    let animation = &theme.look.animation;
    let dt = clock.dt;
    for (entity, piece, mut fly, mut transform, mut lift) in &mut flying {
        if fly.delay > 0.0 {
            fly.delay -= dt;
            if fly.delay > 0.0 {
                continue;
            }
        }
        if !fly.hit {
            // Struck where it stands: the board stops a moment, then it flies.
            fly.hit = true;
            fly.from = transform.translation.truncate();
            hits.write(Hit {
                seat: piece.seat,
                at: fly.from,
            });
            if fly.freeze > 0.0 {
                clock.freeze(fly.freeze);
                continue;
            }
        }
        fly.t += dt / fly.secs.max(1e-4);
        let home = cell_pos(&table.layout, rest_cell(&table, piece.seat, piece.index));
        let t = fly.t.min(1.0);
        let k = animation.easing.apply(t);
        let (height, spin) = if fly.arcs {
            (
                0.35 * fly.from.distance(home).min(8.0),
                std::f32::consts::TAU * k,
            )
        } else {
            (0.0, 0.0)
        };
        lift.0 = height * arc(t);
        transform.translation = (fly.from.lerp(home, k) + Vec2::Y * lift.0).extend(PIECE_Z + 3.0);
        transform.rotation = Quat::from_rotation_z(spin);
        transform.scale = Vec3::splat(1.0 + if fly.arcs { 0.5 * arc(t) } else { 0.0 });
        if fly.t >= 1.0 {
            transform.rotation = Quat::IDENTITY;
            transform.scale = Vec3::ONE;
            commands.entity(entity).remove::<FlyHome>();
        }
    }
}

fn update_busy(mut busy: ResMut<Busy>, moving: Query<(), Animating>, clock: Res<BoardClock>) {
    busy.set_if_neq(Busy(!moving.is_empty() || clock.is_frozen()));
}
