//! The game's story in numbers, for the results: captures made and suffered, sixes rolled
//! and turns played, per seat. Counted from the rules' messages.

use bevy::prelude::*;

use crate::table::GameSet;
use crate::table::flow::{GameStarted, Happened};
use ludo_core::{Event, MAX_SEATS};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SeatStory {
    pub captures_made: u32,
    pub captures_suffered: u32,
    pub sixes: u32,
    pub turns: u32,
}

/// One entry per seat of the current game, room for six. A save from the days of four seats
/// lists four, and loads.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Story(pub [SeatStory; MAX_SEATS as usize]);

impl<'de> serde::Deserialize<'de> for Story {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Story, D::Error> {
        use serde::de::{Deserializer, Error, SeqAccess, Visitor};
        struct Seats;
        impl<'de> Visitor<'de> for Seats {
            type Value = Story;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("the stories of up to six seats")
            }
            fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Story, D::Error> {
                d.deserialize_tuple(MAX_SEATS as usize, Seats)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Story, A::Error> {
                let mut story = Story::default();
                let mut n = 0;
                while let Some(seat) = seq.next_element::<SeatStory>()? {
                    *story
                        .0
                        .get_mut(n)
                        .ok_or_else(|| A::Error::invalid_length(n + 1, &self))? = seat;
                    n += 1;
                }
                Ok(story)
            }
        }
        d.deserialize_newtype_struct("Story", Seats)
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_story_of_four_seats_loads_and_six_round_trip() {
        #[derive(serde::Serialize)]
        struct Story4([SeatStory; 4]);
        let seat = SeatStory {
            captures_made: 2,
            sixes: 5,
            ..SeatStory::default()
        };
        let four = ron::to_string(&Story4([seat; 4])).unwrap();
        let story: Story = ron::from_str(&four).unwrap();
        assert_eq!(story.0[..4], [seat; 4]);
        assert_eq!(story.0[4..], [SeatStory::default(); 2]);
        let mut six = Story::default();
        six.0[5] = seat;
        let text = ron::to_string(&six).unwrap();
        assert_eq!(ron::from_str::<Story>(&text).unwrap(), six);
        let seven = ron::to_string(&[seat; 7]).unwrap();
        assert!(ron::from_str::<Story>(&seven).is_err());
    }
}
