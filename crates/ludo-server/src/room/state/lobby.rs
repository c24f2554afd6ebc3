//! The lobby: a game starts when the host asks (two players or more), when the lobby is full
//! (at a quick-play table: and its people are all here), or, at a quick-play table, when the
//! people it was opened for have had their time to come (the seats nobody took go to CPUs).
//! Starting closes up the seats nobody took.

use std::time::{Duration, Instant};

use ludo_core::CpuLevel;
use ludo_proto::{Refusal, Stage};

use super::seating::Seating;
use super::{Fx, Refused, refuse};
use crate::room::table::{Seat, Table};

/// How long a quick-play table keeps a seat for the person it was matched to.
const QUICK_SEAT_GRACE: Duration = Duration::from_secs(10);

/// What comes to the lobby.
pub enum LobbyInput {
    /// The host asks to start.
    Start,
    /// Someone sat: a full lobby starts.
    Sat,
    /// The clock: a quick-play table's time for its people.
    Tick,
}

/// Whether the game is to start now.
#[derive(Debug, PartialEq)]
pub enum Started {
    Now,
    Not,
}

pub struct Lobby {
    /// A quick-play lobby's seats nobody has taken by then go to CPUs, and it starts.
    deadline: Option<Instant>,
}

impl Lobby {
    pub fn new(table: &Table, now: Instant) -> Lobby {
        Lobby {
            deadline: (table.quick && table.stage == Stage::Lobby)
                .then_some(now + QUICK_SEAT_GRACE),
        }
    }

    pub fn apply(
        &mut self,
        input: LobbyInput,
        table: &mut Table,
        seating: &mut Seating,
        fx: &mut Fx,
    ) -> Result<Started, Refused> {
        match input {
            LobbyInput::Start => {
                if table.stage != Stage::Lobby {
                    return refuse(Refusal::GameStarted, "the game has started");
                }
                self.start(table, seating, fx)
            }
            LobbyInput::Sat => {
                // A quick-play table keeps seats for people sent from other nodes: it starts
                // when they are here too (or at its deadline), so that each device adds its
                // share to the dice.
                let here = !table.quick
                    || (0..table.seats.len() as u8)
                        .all(|s| !table.is_person(s) || seating.seat(s).conn.is_some());
                if table.stage == Stage::Lobby && !table.seats.contains(&Seat::Open) && here {
                    // A full lobby has two players or more: it starts.
                    return Ok(self.start(table, seating, fx).unwrap_or(Started::Not));
                }
                Ok(Started::Not)
            }
            LobbyInput::Tick => Ok(self.deadline_passed(table, seating, fx)),
        }
    }

    /// When the lobby next needs the clock.
    pub fn next_wake(&self, table: &Table) -> Option<Instant> {
        self.deadline.filter(|_| table.stage == Stage::Lobby)
    }

    fn start(
        &mut self,
        table: &mut Table,
        seating: &mut Seating,
        fx: &mut Fx,
    ) -> Result<Started, Refused> {
        let playing = table
            .seats
            .iter()
            .filter(|s| matches!(s, Seat::Person { .. } | Seat::Cpu { .. }))
            .count();
        if playing < 2 {
            return refuse(
                Refusal::NotEnoughPlayers,
                "a game needs two players or more",
            );
        }
        // Seats nobody took close up: the game is for those seated, and the rules must fit
        // them (partners play at four). The lobby stays as it is, for more to sit.
        if let Some(why) = table.rules.refusal(playing as u8) {
            return refuse(Refusal::NotEnoughPlayers, why.to_string());
        }
        // Seats nobody took go; the rest are numbered again, and what is kept beside each
        // moves with it. Each device learns its seat's new number before the game's first
        // snapshot.
        let moved = table.close_up();
        seating.close_up(&moved, fx);
        Ok(Started::Now)
    }

    /// A quick-play lobby whose people have not all come: CPUs in their seats, and the game.
    fn deadline_passed(
        &mut self,
        table: &mut Table,
        seating: &mut Seating,
        fx: &mut Fx,
    ) -> Started {
        if table.stage != Stage::Lobby || self.deadline.is_none_or(|d| fx.now < d) {
            return Started::Not;
        }
        self.deadline = None;
        // Nobody came: the room waits for its end.
        if !table.seats.iter().any(|s| matches!(s, Seat::Person { .. })) {
            return Started::Not;
        }
        let level = table
            .seats
            .iter()
            .find_map(|s| match s {
                Seat::Cpu { level } => Some(*level),
                _ => None,
            })
            .unwrap_or(CpuLevel::Normal);
        for seat in table.seats.iter_mut().filter(|s| **s == Seat::Open) {
            *seat = Seat::Cpu { level };
        }
        self.start(table, seating, fx).unwrap_or(Started::Not)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludo_proto::{SeatSpec, TableSpec};

    fn table(seats: &[SeatSpec], quick: bool) -> (Table, Seating, Fx) {
        table_under(Default::default(), seats, quick)
    }

    fn table_under(
        rules: ludo_core::Rules,
        seats: &[SeatSpec],
        quick: bool,
    ) -> (Table, Seating, Fx) {
        let spec = TableSpec {
            rules,
            seats: seats.to_vec(),
            turn_limit_secs: None,
        };
        let mut table = Table::new("LOBBY".into(), spec).unwrap();
        table.quick = quick;
        let now = Instant::now();
        let seating = Seating::new(&table, Duration::from_secs(3), now);
        let fx = Fx {
            now,
            out: Vec::new(),
        };
        (table, seating, fx)
    }

    fn person(name: &str) -> Seat {
        Seat::Person {
            name: name.into(),
            token_hash: format!("hash of {name}"),
            profile: 1,
            rating: 1500.0,
        }
    }

    #[test]
    fn a_game_needs_two_players_and_the_seats_nobody_took_close_up() {
        let (mut table, mut seating, mut fx) = table(&[SeatSpec::Open; 4], false);
        let mut lobby = Lobby::new(&table, fx.now);
        table.take_seat(1, person("Ana"));
        let alone = lobby.apply(LobbyInput::Start, &mut table, &mut seating, &mut fx);
        assert_eq!(alone.err().map(|e| e.0), Some(Refusal::NotEnoughPlayers));
        assert_eq!(
            lobby.apply(LobbyInput::Sat, &mut table, &mut seating, &mut fx),
            Ok(Started::Not),
            "not full"
        );
        table.take_seat(3, person("Budi"));
        let started = lobby.apply(LobbyInput::Start, &mut table, &mut seating, &mut fx);
        assert_eq!(started, Ok(Started::Now));
        assert_eq!(table.seats, [person("Ana"), person("Budi")]);
    }

    /// Partners play at four: a start with fewer seated is refused with the reason and the
    /// lobby stays open for more; four seated start, an empty fifth seat closed up.
    #[test]
    fn a_partners_lobby_starts_at_four_and_refuses_fewer_with_the_reason() {
        let rules = ludo_core::Rules {
            teams: ludo_core::Teams::Pairs,
            ..Default::default()
        };
        let mut seats = vec![SeatSpec::Open; 4];
        seats.push(SeatSpec::Empty);
        let (mut table, mut seating, mut fx) = table_under(rules, &seats, false);
        let mut lobby = Lobby::new(&table, fx.now);
        table.take_seat(0, person("Ana"));
        table.take_seat(1, person("Budi"));
        let early = lobby.apply(LobbyInput::Start, &mut table, &mut seating, &mut fx);
        let (reason, why) = early.unwrap_err();
        assert_eq!(reason, Refusal::NotEnoughPlayers);
        assert!(why.contains("four seats, not 2"), "{why}");
        assert_eq!(table.stage, Stage::Lobby);
        assert_eq!(table.seats.len(), 5, "nothing closed up");
        table.take_seat(2, person("Chen"));
        table.take_seat(3, person("Dina"));
        let full = lobby.apply(LobbyInput::Sat, &mut table, &mut seating, &mut fx);
        assert_eq!(full, Ok(Started::Now));
        assert_eq!(table.seats.len(), 4);
    }

    #[test]
    fn a_quick_lobby_gives_the_seats_nobody_took_to_cpus_at_its_deadline() {
        let cpu = SeatSpec::Cpu(CpuLevel::Hard);
        let (mut table, mut seating, mut fx) = table(&[SeatSpec::Open, SeatSpec::Open, cpu], true);
        let mut lobby = Lobby::new(&table, fx.now);
        table.take_seat(0, person("Ana"));
        let deadline = lobby
            .next_wake(&table)
            .expect("a quick lobby waits so long");
        let early = lobby.apply(LobbyInput::Tick, &mut table, &mut seating, &mut fx);
        assert_eq!(early, Ok(Started::Not));
        fx.now = deadline;
        let due = lobby.apply(LobbyInput::Tick, &mut table, &mut seating, &mut fx);
        assert_eq!(due, Ok(Started::Now));
        let hard = Seat::Cpu {
            level: CpuLevel::Hard,
        };
        assert_eq!(table.seats, [person("Ana"), hard.clone(), hard]);
        assert_eq!(lobby.next_wake(&table), None, "once");
    }
}
