//! Who is in the room and where they sit: arrivals (a join takes an open lobby seat, a resume
//! comes back to its seat, a spectator watches), departures, leaving a seat, the away grace
//! running out (a lobby seat opens again and the host's role passes on), and reactions. The
//! table's seats are the room's; what is kept beside each (its connection, since when it is
//! away, its last reaction) is here.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use ludo_proto::{REACTION_GAP_MS, Reaction, Refusal, ServerMsg, Stage};

use super::{Attach, ConnId, Effect, Fx, Refused, Secrets, refuse};
use crate::room::table::{Seat, Table};
use crate::secret;

/// A seat's state beside the table: who is there, and when its player last reacted.
#[derive(Clone, Copy, Debug, Default)]
pub struct SeatState {
    pub conn: Option<ConnId>,
    pub away_since: Option<Instant>,
    /// The away grace ran out and the room has said so (the CPU plays the seat, or in a
    /// lobby the seat opened again).
    pub grace_over: bool,
    reacted: Option<Instant>,
}

impl SeatState {
    fn come(&mut self, conn: ConnId) {
        self.conn = Some(conn);
        self.away_since = None;
        self.grace_over = false;
    }

    fn go(&mut self, now: Instant) {
        self.conn = None;
        self.away_since = Some(now);
        self.grace_over = false;
    }
}

/// What comes to the room's seating.
pub enum SeatingInput {
    Arrive {
        conn: ConnId,
        how: Attach,
    },
    Depart {
        conn: ConnId,
    },
    /// A seated member leaves its seat to the CPU (in a lobby: frees it).
    Leave {
        conn: ConnId,
        seat: u8,
    },
    React {
        seat: u8,
        reaction: String,
    },
    /// The clock: away graces that ran out.
    Tick,
}

/// What the seating did.
pub enum Seated {
    /// An arrival came in: what it came to.
    Arrived(Arrived),
    /// Who sits where, or who is present, changed: everyone hears the room.
    Changed,
    Unchanged,
}

/// What an arrival came to (its first messages that need the room as a whole are the
/// room's to send).
pub enum Arrived {
    /// A spectator: it is sent the room.
    Watching,
    /// A seat of the lobby, taken (told `joined` and `seated`), or taken again by a token
    /// whose seat opened while it was away (told `seated`).
    Seat,
    /// Back at its seat (told `seated`): it is sent the room and the events it missed since
    /// `seen`.
    Back { seen: u64 },
    /// A token whose seat went to another or whose game began without it: it watches, told
    /// why; it is sent the room.
    WatchingInstead,
}

pub struct Seating {
    /// Each member's seat (`None`: watching).
    members: HashMap<ConnId, Option<u8>>,
    /// Beside each of the table's seats, in its order.
    seats: Vec<SeatState>,
    away_grace: Duration,
}

impl Seating {
    /// The seats of `table`, nobody there yet (away since `now`).
    pub fn new(table: &Table, away_grace: Duration, now: Instant) -> Seating {
        let mut seats = vec![SeatState::default(); table.seats.len()];
        for s in &mut seats {
            s.go(now);
        }
        Seating {
            members: HashMap::new(),
            seats,
            away_grace,
        }
    }

    pub fn apply(
        &mut self,
        input: SeatingInput,
        table: &mut Table,
        fx: &mut Fx,
        secrets: &mut dyn Secrets,
    ) -> Result<Seated, Refused> {
        match input {
            SeatingInput::Arrive { conn, how } => self
                .arrive(conn, how, table, fx, secrets)
                .map(Seated::Arrived),
            SeatingInput::Depart { conn } => Ok(self.depart(conn, fx.now)),
            SeatingInput::Leave { conn, seat } => {
                self.leave(conn, seat, table, fx);
                Ok(Seated::Changed)
            }
            SeatingInput::React { seat, reaction } => {
                self.react(seat, &reaction, fx)?;
                Ok(Seated::Unchanged)
            }
            SeatingInput::Tick => Ok(self.graces_over(table, fx)),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
    }

    /// The seat `conn` plays, if it sits.
    pub fn seat_of(&self, conn: ConnId) -> Option<u8> {
        self.members.get(&conn).copied().flatten()
    }

    pub fn seat(&self, seat: u8) -> &SeatState {
        &self.seats[seat as usize]
    }

    /// Nobody sits at the table now.
    pub fn nobody_seated(&self) -> bool {
        self.seats.iter().all(|s| s.conn.is_none())
    }

    fn arrive(
        &mut self,
        conn: ConnId,
        how: Attach,
        table: &mut Table,
        fx: &mut Fx,
        secrets: &mut dyn Secrets,
    ) -> Result<Arrived, Refused> {
        match how {
            Attach::Watch => {
                self.members.insert(conn, None);
                Ok(Arrived::Watching)
            }
            Attach::Join { person, seat } => {
                if table.stage != Stage::Lobby {
                    return refuse(
                        Refusal::GameStarted,
                        "the game has started: join by code before the start, or watch",
                    );
                }
                if table.seat_of_profile(person.profile).is_some() {
                    return refuse(
                        Refusal::AlreadySeated,
                        "this profile already sits at this table",
                    );
                }
                let open: Vec<u8> = (0..table.seats.len() as u8)
                    .filter(|&s| table.seats[s as usize] == Seat::Open)
                    .collect();
                let seat = match seat {
                    Some(s) if open.contains(&s) => s,
                    Some(s) => return refuse(Refusal::RoomFull, format!("seat {s} is not open")),
                    None => match open.first() {
                        Some(&s) => s,
                        None => return refuse(Refusal::RoomFull, "every seat is taken"),
                    },
                };
                let token = secrets.token();
                let sitting = Seat::Person {
                    name: person.name,
                    token_hash: secret::hash(&token),
                    profile: person.profile,
                    rating: person.rating,
                };
                table.take_seat(seat, sitting);
                fx.save(table);
                self.sit(conn, seat);
                let code = table.code.clone();
                fx.send(
                    conn,
                    ServerMsg::Joined {
                        link: format!("/r/{code}"),
                        code,
                        token,
                        profile: person.key,
                    },
                );
                fx.send(conn, ServerMsg::Seated { seat });
                Ok(Arrived::Seat)
            }
            Attach::Resume { token, seen } => {
                let hash = secret::hash(&token);
                let Some(seat) = table.seat_of_token(&hash) else {
                    return self.resume_gone(conn, &hash, table, fx);
                };
                if let Some(old) = self.seats[seat as usize].conn.take() {
                    // The same device again (a new tab, or a reconnect before the old socket
                    // timed out): the old connection goes.
                    self.members.remove(&old);
                    fx.out.push(Effect::Forget(old));
                }
                self.sit(conn, seat);
                fx.send(conn, ServerMsg::Seated { seat });
                Ok(Arrived::Back { seen })
            }
        }
    }

    /// A token whose lobby seat opened again while its device was gone: it sits again while
    /// the lobby has a free seat, else it watches (and is told why).
    fn resume_gone(
        &mut self,
        conn: ConnId,
        hash: &str,
        table: &mut Table,
        fx: &mut Fx,
    ) -> Result<Arrived, Refused> {
        if !table.is_gone(hash) {
            return refuse(Refusal::BadToken, "no seat of this room has that token");
        }
        let open = (0..table.seats.len() as u8).find(|&s| table.seats[s as usize] == Seat::Open);
        match open {
            Some(seat) if table.stage == Stage::Lobby => {
                let gone = table.take_gone(hash).expect("gone, as just seen");
                table.take_seat(seat, gone.into());
                fx.save(table);
                self.sit(conn, seat);
                fx.send(conn, ServerMsg::Seated { seat });
                Ok(Arrived::Seat)
            }
            _ => {
                self.members.insert(conn, None);
                let (reason, detail) = if table.stage == Stage::Lobby {
                    (
                        Refusal::RoomFull,
                        "your seat went to another player while you were away: you watch",
                    )
                } else {
                    (
                        Refusal::GameStarted,
                        "the game started without you while you were away: you watch",
                    )
                };
                fx.send(conn, ServerMsg::refused(reason, detail));
                Ok(Arrived::WatchingInstead)
            }
        }
    }

    /// `conn` plays `seat` from now on, and is present.
    fn sit(&mut self, conn: ConnId, seat: u8) {
        self.members.insert(conn, Some(seat));
        self.seats[seat as usize].come(conn);
    }

    fn depart(&mut self, conn: ConnId, now: Instant) -> Seated {
        let Some(seat) = self.members.remove(&conn) else {
            return Seated::Unchanged;
        };
        if let Some(seat) = seat
            && self.seats[seat as usize].conn == Some(conn)
        {
            self.seats[seat as usize].go(now);
            return Seated::Changed;
        }
        Seated::Unchanged
    }

    fn leave(&mut self, conn: ConnId, seat: u8, table: &mut Table, fx: &mut Fx) {
        self.members.insert(conn, None);
        self.seats[seat as usize].go(fx.now);
        if table.stage == Stage::Lobby {
            table.seats[seat as usize] = Seat::Open;
            if table.host == Some(seat) {
                table.host = self.next_host(table, seat);
            }
            fx.save(table);
        }
    }

    /// The away grace ran out for seats whose device is gone: in a lobby their seats open
    /// again (and the host's role passes on), in a game the CPU now plays them.
    fn graces_over(&mut self, table: &mut Table, fx: &mut Fx) -> Seated {
        let mut changed = false;
        let mut save = false;
        for seat in 0..self.seats.len() as u8 {
            let s = &mut self.seats[seat as usize];
            if s.grace_over || s.away_since.is_none_or(|t| fx.now < t + self.away_grace) {
                continue;
            }
            s.grace_over = true;
            if !table.is_person(seat) {
                continue;
            }
            changed = true;
            let hosted = table.host == Some(seat);
            if table.stage == Stage::Lobby {
                table.open_seat(seat);
                if hosted {
                    table.host = self.next_host(table, seat);
                }
                save = true;
            } else if hosted && let Some(next) = self.next_present(table, seat) {
                // The seat stays the person's; the host's role (start, rematch) goes to
                // someone who is here to use it.
                table.host = Some(next);
                save = true;
            }
        }
        if save {
            fx.save(table);
        }
        if changed {
            Seated::Changed
        } else {
            Seated::Unchanged
        }
    }

    /// A seated player's reaction, for everyone in the room (spectators too); one every
    /// `REACTION_GAP_MS` a seat.
    fn react(&mut self, seat: u8, id: &str, fx: &mut Fx) -> Result<(), Refused> {
        let Some(reaction) = Reaction::from_id(id) else {
            let shown: String = id.chars().take(24).collect();
            return refuse(
                Refusal::UnknownReaction,
                format!("{shown:?} is not a reaction"),
            );
        };
        let gap = Duration::from_millis(REACTION_GAP_MS);
        let s = &mut self.seats[seat as usize];
        if s.reacted
            .is_some_and(|last| fx.now.saturating_duration_since(last) < gap)
        {
            return refuse(Refusal::TooFast, "one reaction every three seconds");
        }
        s.reacted = Some(fx.now);
        fx.broadcast(ServerMsg::Reacted { seat, reaction });
        Ok(())
    }

    /// The seats closed up at the start (`moved`: each old seat's new number): what is kept
    /// beside each moves with it (its reactions start afresh), and each seated device learns
    /// its seat's new number.
    pub fn close_up(&mut self, moved: &[Option<u8>], fx: &mut Fx) {
        let mut seats = vec![SeatState::default(); moved.iter().flatten().count()];
        for (old, new) in moved.iter().enumerate() {
            if let Some(new) = *new {
                seats[new as usize] = SeatState {
                    reacted: None,
                    ..self.seats[old]
                };
            }
        }
        self.seats = seats;
        for seat in self.members.values_mut() {
            *seat = seat.and_then(|s| moved[s as usize]);
        }
        let mut seated: Vec<(ConnId, u8)> = self
            .members
            .iter()
            .filter_map(|(&c, s)| s.map(|s| (c, s)))
            .collect();
        seated.sort_unstable();
        for (conn, seat) in seated {
            fx.send(conn, ServerMsg::Seated { seat });
        }
    }

    /// The people after `old` in seat order.
    fn people_after<'a>(&self, table: &'a Table, old: u8) -> impl Iterator<Item = u8> + 'a {
        let n = table.seats.len() as u8;
        (1..=n)
            .map(move |i| (old + i) % n)
            .filter(|&s| table.is_person(s))
    }

    /// The next person present after `old`.
    fn next_present(&self, table: &Table, old: u8) -> Option<u8> {
        self.people_after(table, old)
            .find(|&s| self.seats[s as usize].conn.is_some())
    }

    /// Who hosts after `old`: the next person present in seat order, else the next person.
    fn next_host(&self, table: &Table, old: u8) -> Option<u8> {
        self.next_present(table, old)
            .or_else(|| self.people_after(table, old).next())
    }

    /// When the next away grace runs out, if one is running.
    pub fn next_grace(&self, table: &Table) -> Option<Instant> {
        self.seats
            .iter()
            .enumerate()
            .filter(|&(s, p)| !p.grace_over && table.is_person(s as u8))
            .filter_map(|(_, p)| p.away_since.map(|t| t + self.away_grace))
            .min()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::room::state::Joining;
    use crate::store::Write;
    use ludo_proto::{SeatSpec, TableSpec};

    struct Tokens(u32);

    impl Secrets for Tokens {
        fn token(&mut self) -> String {
            self.0 += 1;
            format!("token-{}", self.0)
        }
        fn dice(&mut self, _: u32) -> ([u8; 32], bool) {
            ([0; 32], false)
        }
    }

    fn lobby(seats: usize) -> (Table, Seating, Fx) {
        let spec = TableSpec {
            rules: Default::default(),
            seats: vec![SeatSpec::Open; seats],
            turn_limit_secs: None,
        };
        let table = Table::new("SEATING".into(), spec).unwrap();
        let now = Instant::now();
        let seating = Seating::new(&table, Duration::from_secs(3), now);
        let fx = Fx {
            now,
            out: Vec::new(),
        };
        (table, seating, fx)
    }

    fn join(conn: ConnId, name: &str) -> SeatingInput {
        let person = Joining {
            name: name.into(),
            profile: conn as i64,
            rating: 1500.0,
            key: format!("key-{name}"),
        };
        SeatingInput::Arrive {
            conn,
            how: Attach::Join { person, seat: None },
        }
    }

    #[test]
    fn seats_are_taken_in_order_written_first_and_a_profile_sits_once() {
        let (mut table, mut seating, mut fx) = lobby(3);
        let mut tokens = Tokens(0);
        for (conn, name) in [(1, "Ana"), (2, "Budi")] {
            let r = seating.apply(join(conn, name), &mut table, &mut fx, &mut tokens);
            assert!(matches!(r, Ok(Seated::Arrived(Arrived::Seat))));
        }
        assert_eq!((seating.seat_of(1), seating.seat_of(2)), (Some(0), Some(1)));
        // Each seat's table written before its device hears `joined`.
        assert!(matches!(fx.out[0], Effect::Write(Write::Room { .. })));
        let again = seating.apply(join(1, "Ana"), &mut table, &mut fx, &mut tokens);
        assert_eq!(again.err().map(|e| e.0), Some(Refusal::AlreadySeated));
    }

    #[test]
    fn a_gone_hosts_lobby_seat_opens_after_the_grace_and_the_role_passes_on() {
        let (mut table, mut seating, mut fx) = lobby(3);
        let mut tokens = Tokens(0);
        for (conn, name) in [(1, "Ana"), (2, "Budi")] {
            seating
                .apply(join(conn, name), &mut table, &mut fx, &mut tokens)
                .unwrap();
        }
        table.host = Some(0);
        let gone = seating.apply(
            SeatingInput::Depart { conn: 1 },
            &mut table,
            &mut fx,
            &mut tokens,
        );
        assert!(matches!(gone, Ok(Seated::Changed)));
        fx.now += Duration::from_secs(2);
        let early = seating.apply(SeatingInput::Tick, &mut table, &mut fx, &mut tokens);
        assert!(matches!(early, Ok(Seated::Unchanged)), "within the grace");
        assert_eq!(
            seating.next_grace(&table),
            Some(fx.now + Duration::from_secs(1))
        );
        fx.now += Duration::from_secs(1);
        let over = seating.apply(SeatingInput::Tick, &mut table, &mut fx, &mut tokens);
        assert!(matches!(over, Ok(Seated::Changed)));
        assert_eq!(table.seats[0], Seat::Open);
        assert_eq!(table.host, Some(1), "Budi, present, hosts");
    }

    #[test]
    fn one_reaction_a_seat_every_gap() {
        let (mut table, mut seating, mut fx) = lobby(2);
        let mut tokens = Tokens(0);
        seating
            .apply(join(1, "Ana"), &mut table, &mut fx, &mut tokens)
            .unwrap();
        let react = |r: &str| SeatingInput::React {
            seat: 0,
            reaction: r.into(),
        };
        assert!(
            seating
                .apply(react("wow"), &mut table, &mut fx, &mut tokens)
                .is_ok()
        );
        let again = seating.apply(react("wow"), &mut table, &mut fx, &mut tokens);
        assert_eq!(again.err().map(|e| e.0), Some(Refusal::TooFast));
        fx.now += Duration::from_millis(REACTION_GAP_MS);
        let unknown = seating.apply(react("rude"), &mut table, &mut fx, &mut tokens);
        assert_eq!(unknown.err().map(|e| e.0), Some(Refusal::UnknownReaction));
        assert!(
            seating
                .apply(react("wow"), &mut table, &mut fx, &mut tokens)
                .is_ok()
        );
    }
}
