//! What a piece in motion carries: its hop along its path, its flight home after a capture,
//! the squash of a landing; and the queries that tell moving pieces from resting ones. The
//! systems that move them are `hops`; those that rest them, `pieces`.

use bevy::prelude::*;

/// A piece walking its path, one square per step, each step a hop.
#[derive(Component, Debug)]
pub struct Hop {
    pub path: Vec<Vec2>,
    /// Squares landed on so far.
    pub step: usize,
    /// Progress through the current step, 0 to 1.
    pub t: f32,
    pub step_secs: f32,
    /// Where the current step started.
    pub start: Vec2,
    /// The arc's height, in squares.
    pub height: f32,
    pub squash: f32,
    /// The animation speed's factor (the squash springs back that much faster).
    pub factor: f32,
    /// Out of the base: one jump, eased out.
    pub enter: bool,
    /// Into the goal.
    pub goal: bool,
}

/// A captured piece: hit once the capturer lands (`delay`), then flying home.
#[derive(Component, Debug)]
pub struct FlyHome {
    pub delay: f32,
    pub t: f32,
    pub secs: f32,
    pub from: Vec2,
    pub hit: bool,
    pub arcs: bool,
    /// How long the board stands still at the hit.
    pub freeze: f32,
}

/// A piece that just landed: wider and shorter, springing back.
#[derive(Component, Debug, Clone, Copy)]
pub struct Squash {
    amount: f32,
    t: f32,
    secs: f32,
}

/// How long a landing's squash takes to spring back.
pub const SQUASH_SECS: f32 = 0.14;

impl Squash {
    /// A squash of `amount` springing back in its time at the animation speed's `factor`.
    pub fn new(amount: f32, factor: f32) -> Squash {
        Squash {
            amount,
            t: 0.0,
            secs: SQUASH_SECS / factor,
        }
    }

    /// Advances by `dt` and gives the squash now (a damped spring: it overshoots once).
    pub fn amount_at(&mut self, dt: f32) -> f32 {
        self.t += dt;
        let u = (self.t / self.secs.max(1e-6)).min(1.0);
        self.amount * (1.0 - u) * (std::f32::consts::PI * 1.5 * u).cos()
    }

    pub fn done(&self) -> bool {
        self.t >= self.secs
    }
}

/// Pieces that are walking or flying (the screenshot's pixel check leaves them out).
#[cfg(feature = "dev")]
pub type Moving = Or<(With<Hop>, With<FlyHome>)>;
/// Pieces standing still (or easing onto their square).
pub type AtRest = (Without<Hop>, Without<FlyHome>);
