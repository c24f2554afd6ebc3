//! Preset reactions: a handful of emoji and short phrases a player sends to the table. Only
//! ids travel, so each reader sees them in their own language, and nothing free-typed reaches
//! another player.

use serde::{Deserialize, Serialize};

/// The least time between two reactions of one seat; the server refuses faster ones.
pub const REACTION_GAP_MS: u64 = 3000;

/// How long a reaction shows by its sender's plate.
pub const REACTION_SHOWN_MS: u64 = 2000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reaction {
    ThumbsUp,
    Laugh,
    Wow,
    Sad,
    Heart,
    GoodGame,
    NiceRoll,
    Oops,
    HurryUp,
    WellPlayed,
    Thanks,
}

impl Reaction {
    /// Every reaction, in the order the game offers them: the emoji, then the phrases.
    pub const ALL: [Reaction; 11] = [
        Reaction::ThumbsUp,
        Reaction::Laugh,
        Reaction::Wow,
        Reaction::Sad,
        Reaction::Heart,
        Reaction::GoodGame,
        Reaction::NiceRoll,
        Reaction::Oops,
        Reaction::HurryUp,
        Reaction::WellPlayed,
        Reaction::Thanks,
    ];

    /// The id it travels as (`good_game`).
    pub fn id(self) -> &'static str {
        match self {
            Reaction::ThumbsUp => "thumbs_up",
            Reaction::Laugh => "laugh",
            Reaction::Wow => "wow",
            Reaction::Sad => "sad",
            Reaction::Heart => "heart",
            Reaction::GoodGame => "good_game",
            Reaction::NiceRoll => "nice_roll",
            Reaction::Oops => "oops",
            Reaction::HurryUp => "hurry_up",
            Reaction::WellPlayed => "well_played",
            Reaction::Thanks => "thanks",
        }
    }

    pub fn from_id(id: &str) -> Option<Reaction> {
        Reaction::ALL.into_iter().find(|r| r.id() == id)
    }

    /// The emoji it shows as, for the emoji reactions (the phrases are words).
    pub fn emoji(self) -> Option<&'static str> {
        Some(match self {
            Reaction::ThumbsUp => "👍",
            Reaction::Laugh => "😂",
            Reaction::Wow => "😮",
            Reaction::Sad => "😢",
            Reaction::Heart => "❤",
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_reaction_travels_as_its_id() {
        for r in Reaction::ALL {
            assert_eq!(Reaction::from_id(r.id()), Some(r));
            assert_eq!(crate::encode(&r), format!("\"{}\"", r.id()));
        }
        assert_eq!(Reaction::from_id("insult"), None);
        assert_eq!(
            Reaction::ALL.iter().filter(|r| r.emoji().is_some()).count(),
            5
        );
    }
}
