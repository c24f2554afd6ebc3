//! The game's story in numbers, for the results: captures made and suffered, sixes rolled
//! and turns played, per seat. Counted from the rules' messages.

use bevy::prelude::*;

use crate::table::GameSet;
use crate::table::flow::{GameStarted, Happened};
use ludo_core::Event;

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
    mut happened: MessageReader<Happened>,
) {
    if started.read().last().is_some() {
        *story = Story::default();
    }
    for Happened(event) in happened.read() {
        match *event {
            Event::Rolled { seat, value: 6 } => story.0[seat as usize].sixes += 1,
            Event::Captured { seat, by, .. } => {
                story.0[by as usize].captures_made += 1;
                story.0[seat as usize].captures_suffered += 1;
            }
            Event::TurnPassed { from, .. } => story.0[from as usize].turns += 1,
            _ => {}
        }
    }
}
