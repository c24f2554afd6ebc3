//! Named player profiles and their ratings, kept on the device.
//!
//! A game is ranked when the rules are the standard game and every seat is a profile: a
//! person whose name is a profile, or a CPU (each CPU level is a profile of its own, marked
//! with its level and made the first time it plays a ranked game, so a person alone against
//! CPUs is rated too). When a
//! ranked game ends, every seat's rating moves by `ludo_core::rating` (a pairwise Elo where a
//! shared rank is half a win); `files::profiles` keeps them.

use bevy::prelude::*;
use ludo_core::rating::{START_RATING, changes};
use ludo_core::{CpuLevel, Rules, Standing};
use serde::{Deserialize, Serialize};

use crate::table::GameSet;
use crate::table::flow::{GameStarted, Happened};
use crate::table::{SeatKind, Table};

/// The profiles format this build writes and reads.
pub const PROFILES_VERSION: u32 = 1;

/// One player's record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    pub name: String,
    /// A CPU level's profile (its `name` is only what is shown); none: a person's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu: Option<CpuLevel>,
    pub rating: f64,
    /// Ranked games played.
    pub games: u32,
    /// Ranked games won (first place, shared or not).
    pub wins: u32,
    /// The sum of the ranks of those games, for the mean rank.
    pub rank_sum: u32,
}

impl Profile {
    pub fn new(name: &str) -> Profile {
        Profile {
            name: name.to_string(),
            cpu: None,
            rating: START_RATING,
            games: 0,
            wins: 0,
            rank_sum: 0,
        }
    }

    pub fn mean_rank(&self) -> Option<f64> {
        (self.games > 0).then(|| f64::from(self.rank_sum) / f64::from(self.games))
    }
}

/// Every profile on this device.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profiles {
    pub version: u32,
    pub profiles: Vec<Profile>,
}

impl Default for Profiles {
    fn default() -> Self {
        Profiles {
            version: PROFILES_VERSION,
            profiles: Vec::new(),
        }
    }
}

/// A seat's rating before and after a ranked game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingChange {
    pub before: f64,
    pub after: f64,
}

/// The rating changes of the game just finished, by seat (empty when it was not ranked).
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct LastRatings(pub Vec<RatingChange>);

/// Why a profile cannot be added.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProfileError {
    Empty,
    /// The name is a CPU level's ("CPU (hard)").
    CpuName(String),
    Taken(String),
}

/// Why a game does not count for ratings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unranked {
    NotStandard,
    /// Two seats have the same player.
    SameSeat(String),
    NoProfile(String),
}

impl Profile {
    /// A CPU level's profile, named as its seats are.
    fn cpu(level: CpuLevel) -> Profile {
        Profile {
            cpu: Some(level),
            ..Profile::new(&SeatKind::Cpu(level).label())
        }
    }

    /// Whether this is the profile of `seat`: a person's by name, a CPU's by level.
    fn is_for(&self, seat: &SeatKind) -> bool {
        match seat {
            SeatKind::Person { name } => self.cpu.is_none() && self.name == *name,
            SeatKind::Cpu(level) => self.cpu == Some(*level),
        }
    }
}

impl Profiles {
    /// A person's profile, by name.
    pub fn get(&self, name: &str) -> Option<&Profile> {
        self.profiles
            .iter()
            .find(|p| p.cpu.is_none() && p.name == name)
    }

    /// The profile of whoever sits in `seat`, if there is one.
    pub fn of_seat(&self, seat: &SeatKind) -> Option<&Profile> {
        self.profiles.iter().find(|p| p.is_for(seat))
    }

    /// Files written before profiles were marked by kind named a CPU's profile by its label
    /// alone ("CPU (hard)"): such a profile is marked as that level's.
    pub fn mark_cpu_profiles(&mut self) {
        for p in self.profiles.iter_mut().filter(|p| p.cpu.is_none()) {
            p.cpu = CpuLevel::ALL
                .into_iter()
                .find(|&level| SeatKind::Cpu(level).label() == p.name);
        }
    }

    /// Adds a person's profile; names are unique (ignoring case) and CPU names are taken.
    pub fn add(&mut self, name: &str) -> Result<(), ProfileError> {
        let name = name.trim();
        if name.is_empty() {
            return Err(ProfileError::Empty);
        }
        // A person may not look like a CPU at the table.
        if CpuLevel::ALL
            .into_iter()
            .any(|level| SeatKind::Cpu(level).label().eq_ignore_ascii_case(name))
        {
            return Err(ProfileError::CpuName(name.into()));
        }
        if self
            .profiles
            .iter()
            .any(|p| p.cpu.is_none() && p.name.to_lowercase() == name.to_lowercase())
        {
            return Err(ProfileError::Taken(name.into()));
        }
        self.profiles.push(Profile::new(name));
        Ok(())
    }

    /// Whether a game with these rules and seats counts for ratings, or why not.
    pub fn ranked(&self, rules: &Rules, seats: &[SeatKind]) -> Result<(), Unranked> {
        if !rules.non_standard().is_empty() {
            return Err(Unranked::NotStandard);
        }
        for (i, seat) in seats.iter().enumerate() {
            if seats[..i].contains(seat) {
                return Err(Unranked::SameSeat(seat.label()));
            }
            if let SeatKind::Person { name } = seat
                && self.get(name).is_none()
            {
                return Err(Unranked::NoProfile(name.clone()));
            }
        }
        Ok(())
    }

    /// Counts a finished ranked game: every seat's profile (made for a CPU the first time)
    /// gets its game, win and rank, and its rating moves. Returns each seat's change.
    pub fn record_game(&mut self, seats: &[SeatKind], ranking: &[Standing]) -> Vec<RatingChange> {
        for seat in seats {
            if let SeatKind::Cpu(level) = seat
                && self.of_seat(seat).is_none()
            {
                self.profiles.push(Profile::cpu(*level));
            }
        }
        let rank_of = |seat: usize| {
            ranking
                .iter()
                .find(|s| usize::from(s.seat) == seat)
                .map_or(seats.len() as u8, |s| s.rank)
        };
        let ranks: Vec<u8> = (0..seats.len()).map(rank_of).collect();
        let before: Vec<f64> = seats
            .iter()
            .map(|s| self.of_seat(s).map_or(START_RATING, |p| p.rating))
            .collect();
        let delta = changes(&before, &ranks);
        let mut out = Vec::new();
        for (i, seat) in seats.iter().enumerate() {
            let Some(p) = self.profiles.iter_mut().find(|p| p.is_for(seat)) else {
                continue;
            };
            p.rating = before[i] + delta[i];
            p.games += 1;
            p.wins += u32::from(ranks[i] == 1);
            p.rank_sum += u32::from(ranks[i]);
            out.push(RatingChange {
                before: before[i],
                after: p.rating,
            });
        }
        out
    }

    /// Whether the profiles add up (a file read back is checked with it).
    pub fn check(&self) -> Result<(), String> {
        for (i, p) in self.profiles.iter().enumerate() {
            if !p.rating.is_finite() {
                return Err(format!("{}'s rating is not a number", p.name));
            }
            if self.profiles[..i]
                .iter()
                .any(|q| q.name == p.name && q.cpu == p.cpu)
            {
                return Err(format!("{:?} is listed twice", p.name));
            }
            if p.wins > p.games || p.rank_sum < p.games {
                return Err(format!("{}'s games, wins and ranks do not add up", p.name));
            }
        }
        Ok(())
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Profiles>()
        .init_resource::<LastRatings>()
        .add_systems(
            Update,
            (
                forget_last_ratings,
                // A server's table is rated by the server.
                rate_finished_game.run_if(crate::table::flow::decided_here),
            )
                .chain()
                .in_set(GameSet::React),
        );
}

fn forget_last_ratings(mut started: MessageReader<GameStarted>, mut last: ResMut<LastRatings>) {
    if started.read().last().is_some() {
        last.0.clear();
    }
}

/// A ranked game's end moves the ratings (the files layer saves them at once).
fn rate_finished_game(
    mut happened: MessageReader<Happened>,
    table: Res<Table>,
    mut profiles: ResMut<Profiles>,
    mut last: ResMut<LastRatings>,
) {
    let Some(ranking) = happened.read().find_map(|h| match &h.0 {
        ludo_core::Event::GameOver { ranking } => Some(ranking),
        _ => None,
    }) else {
        return;
    };
    if !table.ranked(&profiles) {
        return;
    }
    last.0 = profiles.record_game(&table.seats, ranking);
}
