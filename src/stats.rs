//! The game's story in numbers, for the results: captures made and suffered, sixes rolled
//! and turns played, per seat. Counted from the rules' messages.

use bevy::prelude::*;

use crate::GameSet;
use crate::play::{DiceRolled, GameStarted, PieceCaptured, TurnAdvanced};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SeatStory {
    pub captures_made: u32,
    pub captures_suffered: u32,
    pub sixes: u32,
    pub turns: u32,
}

/// One entry per seat of the current game.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Story(pub [SeatStory; 4]);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Story>()
        .add_systems(Update, tell.after(GameSet::Rules).before(GameSet::React));
}

fn tell(
    mut story: ResMut<Story>,
    mut started: MessageReader<GameStarted>,
    mut rolled: MessageReader<DiceRolled>,
    mut captured: MessageReader<PieceCaptured>,
    mut turns: MessageReader<TurnAdvanced>,
) {
    if started.read().last().is_some() {
        *story = Story::default();
    }
    for r in rolled.read().filter(|r| r.value == 6 && !r.roll_off) {
        story.0[r.seat as usize].sixes += 1;
    }
    for c in captured.read() {
        story.0[c.by as usize].captures_made += 1;
        story.0[c.seat as usize].captures_suffered += 1;
    }
    for t in turns.read() {
        story.0[t.from as usize].turns += 1;
    }
}
