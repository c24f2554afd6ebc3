//! The board's clock: the time the board's motions advance by this frame. A hit freezes it
//! for a moment (the capture's impact lands with weight); the game's own clock, the CPU's
//! pace and input go on.

use bevy::prelude::*;

use crate::board::BoardSet;

/// This frame's step of the board's motions, in seconds (0 while frozen).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct BoardClock {
    pub dt: f32,
    /// How long the board stays frozen.
    frozen: f32,
}

impl BoardClock {
    /// Stops the board's motions for `secs` (the longer of this and a freeze under way).
    pub fn freeze(&mut self, secs: f32) {
        self.frozen = self.frozen.max(secs);
    }

    pub fn is_frozen(&self) -> bool {
        self.frozen > 0.0
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<BoardClock>()
        .add_systems(Update, tick.in_set(BoardSet::Clock));
}

fn tick(time: Res<Time>, mut clock: ResMut<BoardClock>) {
    let dt = time.delta_secs();
    if clock.frozen > 0.0 {
        // The rest of this frame's step after the freeze ends moves the board on.
        let left = clock.frozen - dt;
        clock.frozen = left.max(0.0);
        clock.dt = (-left).max(0.0);
    } else {
        clock.dt = dt;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_freeze_stops_the_board_then_gives_back_the_rest_of_the_frame() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins).add_plugins(plugin);
        app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
            std::time::Duration::from_millis(40),
        ));
        app.update();
        app.update();
        assert!((app.world().resource::<BoardClock>().dt - 0.04).abs() < 1e-4);
        app.world_mut().resource_mut::<BoardClock>().freeze(0.065);
        app.update();
        assert_eq!(app.world().resource::<BoardClock>().dt, 0.0);
        app.update();
        let clock = *app.world().resource::<BoardClock>();
        assert!((clock.dt - 0.015).abs() < 1e-4, "{clock:?}");
        assert!(!clock.is_frozen());
    }
}
