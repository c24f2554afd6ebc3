//! Every rule of a room, driven through its state machine by hand: no sockets, no database,
//! the clock moved by the test.

use std::time::{Duration, Instant};

use ludo_core::CpuLevel;
use ludo_proto::{ClientMsg, Refusal, RoomView, SeatKind, SeatSpec, ServerMsg, Stage, TableSpec};

use super::state::{Attach, ConnId, Effect, Input, Joining, RoomConfig, RoomState, Secrets, To};
use super::table::{Seat, Table};
use crate::store::Write;

/// Tokens `token-1`, `token-2`, …; game `n`'s dice from the server's secret of 32 bytes
/// `40 + n`, sealed by the server alone (the machine's sealing by shares is its own test).
struct Counted(u32);

impl Secrets for Counted {
    fn token(&mut self) -> String {
        self.0 += 1;
        format!("token-{}", self.0)
    }
    fn dice(&mut self, number: u32) -> ([u8; 32], bool) {
        ([40 + number as u8; 32], false)
    }
}

const GRACE: Duration = Duration::from_secs(3);
const TTL: Duration = Duration::from_secs(60);

struct Room {
    state: RoomState,
    now: Instant,
    secrets: Counted,
}

const OPEN: SeatSpec = SeatSpec::Open;
const CPU: SeatSpec = SeatSpec::Cpu(CpuLevel::Easy);

impl Room {
    fn new(seats: &[SeatSpec], turn_limit_secs: Option<u16>) -> Room {
        let spec = TableSpec {
            rules: Default::default(),
            seats: seats.to_vec(),
            turn_limit_secs,
        };
        Room::of(Table::new("TESTROOM".into(), spec).unwrap())
    }

    fn of(table: Table) -> Room {
        Room::from_steps(table, &[])
    }

    /// A room brought back from its table and the steps of its game.
    fn from_steps(table: Table, steps: &[ludo_core::Step]) -> Room {
        let config = RoomConfig {
            cpu_pace: Duration::ZERO,
            away_grace: GRACE,
            room_ttl: TTL,
        };
        let now = Instant::now();
        Room {
            state: RoomState::new(config, table, steps, now).unwrap(),
            now,
            secrets: Counted(0),
        }
    }

    fn later(&mut self, by: Duration) {
        self.now += by;
    }

    fn apply(&mut self, input: Input) -> Vec<Effect> {
        self.state.apply(input, self.now, &mut self.secrets)
    }

    fn join(&mut self, conn: ConnId, name: &str, seat: Option<u8>) -> Vec<Effect> {
        let person = Joining {
            name: name.into(),
            profile: conn as i64,
            rating: 1500.0,
            key: format!("key-{name}"),
        };
        let how = Attach::Join { person, seat };
        self.apply(Input::Attach { conn, how })
    }

    fn ask(&mut self, conn: ConnId, msg: ClientMsg) -> Vec<Effect> {
        self.apply(Input::Request { conn, msg })
    }

    fn tick(&mut self) -> Vec<Effect> {
        self.apply(Input::Tick)
    }

    /// Ticks at each wake the room asks for until `done` (at most `n` ticks).
    fn run_until(&mut self, n: usize, done: impl Fn(&RoomView) -> bool) -> Vec<Effect> {
        let mut all = Vec::new();
        for _ in 0..n {
            if done(&self.state.view()) {
                break;
            }
            self.now = self.now.max(self.state.next_wake());
            all.extend(self.tick());
        }
        all
    }

    /// The seat to play and the game's event count.
    fn turn(&self) -> (u8, u64) {
        let m = ludo_proto::Mirror::from_view(&self.state.view())
            .unwrap()
            .expect("a game");
        (m.game.turn(), m.seq)
    }
}

/// The messages sent to `to` (a member, or everyone).
fn sent(effects: &[Effect], to: To) -> Vec<&ServerMsg> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Send(t, m) if *t == to || *t == To::All => Some(m),
            _ => None,
        })
        .collect()
}

fn refusal(effects: &[Effect]) -> Option<Refusal> {
    effects.iter().find_map(|e| match e {
        Effect::Send(_, ServerMsg::Refused { reason, .. }) => Some(*reason),
        Effect::Answer {
            result: Err((reason, _)),
            ..
        } => Some(*reason),
        _ => None,
    })
}

fn seated(effects: &[Effect], conn: ConnId) -> Option<u8> {
    sent(effects, To::One(conn))
        .into_iter()
        .rev()
        .find_map(|m| match m {
            ServerMsg::Seated { seat } => Some(*seat),
            _ => None,
        })
}

fn last_view(effects: &[Effect]) -> Option<&RoomView> {
    effects.iter().rev().find_map(|e| match e {
        Effect::Send(To::All, ServerMsg::Room(v)) => Some(&**v),
        _ => None,
    })
}

fn token(effects: &[Effect]) -> String {
    effects
        .iter()
        .find_map(|e| match e {
            Effect::Send(_, ServerMsg::Joined { token, .. }) => Some(token.clone()),
            _ => None,
        })
        .expect("joined")
}

fn played(effects: &[Effect]) -> usize {
    effects
        .iter()
        .filter(|e| matches!(e, Effect::Send(To::All, ServerMsg::Events { .. })))
        .count()
}

fn kinds(view: &RoomView) -> Vec<&'static str> {
    view.seats
        .iter()
        .map(|s| match s.kind {
            SeatKind::Open => "open",
            SeatKind::Person => "person",
            SeatKind::Cpu(_) => "cpu",
            SeatKind::Empty => "empty",
        })
        .collect()
}

#[test]
fn a_join_takes_the_first_open_seat_or_the_one_asked_for_and_one_profile_sits_once() {
    let mut r = Room::new(&[OPEN, CPU, OPEN, OPEN], None);
    let e = r.join(1, "Ana", None);
    assert_eq!(seated(&e, 1), Some(0));
    assert!(matches!(
        e.iter().find(|e| matches!(e, Effect::Answer { .. })),
        Some(Effect::Answer { result: Ok(()), .. })
    ));
    assert_eq!(r.state.view().host, 0, "the first to sit hosts");
    assert_eq!(seated(&r.join(2, "Budi", Some(3)), 2), Some(3));
    assert_eq!(
        refusal(&r.join(3, "Cy", Some(1))),
        Some(Refusal::RoomFull),
        "a CPU's seat"
    );
    assert_eq!(
        refusal(&r.join(4, "Dee", Some(3))),
        Some(Refusal::RoomFull),
        "a taken seat"
    );
    // Ana's profile again (the tests' profile is the connection's number).
    assert_eq!(
        refusal(&r.join(1, "Ana", None)),
        Some(Refusal::AlreadySeated)
    );
    // The last open seat: the lobby is full, and starts by itself.
    let e = r.join(5, "Eko", None);
    assert_eq!(seated(&e, 5), Some(2));
    assert_eq!(last_view(&e).unwrap().stage, Stage::Playing);
    assert_eq!(refusal(&r.join(6, "Fay", None)), Some(Refusal::GameStarted));
}

#[test]
fn a_seat_taken_is_written_before_anyone_hears_of_it() {
    let mut r = Room::new(&[OPEN, OPEN], None);
    let e = r.join(1, "Ana", None);
    let write = e
        .iter()
        .position(|e| matches!(e, Effect::Write(Write::Room { .. })));
    let joined = e
        .iter()
        .position(|e| matches!(e, Effect::Send(_, ServerMsg::Joined { .. })));
    assert!(write.unwrap() < joined.unwrap());
}

#[test]
fn only_the_host_starts_and_a_game_needs_two_players() {
    let mut r = Room::new(&[OPEN, OPEN, OPEN], None);
    r.join(1, "Ana", None);
    assert_eq!(
        refusal(&r.ask(1, ClientMsg::Start)),
        Some(Refusal::NotEnoughPlayers)
    );
    r.join(2, "Budi", None);
    assert_eq!(refusal(&r.ask(2, ClientMsg::Start)), Some(Refusal::NotHost));
    let e = r.ask(1, ClientMsg::Start);
    assert_eq!(refusal(&e), None);
    assert_eq!(last_view(&e).unwrap().stage, Stage::Playing);
    assert_eq!(
        refusal(&r.ask(1, ClientMsg::Start)),
        Some(Refusal::GameStarted)
    );
}

#[test]
fn at_the_start_open_seats_close_up_and_each_seats_state_moves_with_it() {
    let mut r = Room::new(&[OPEN, OPEN, CPU, OPEN], None);
    r.join(1, "Ana", Some(0));
    r.join(2, "Budi", Some(3));
    // Budi goes (away), Ana reacts: then Ana starts with seat 1 open.
    r.apply(Input::Detach { conn: 2 });
    r.ask(
        1,
        ClientMsg::React {
            reaction: "thumbs_up".into(),
        },
    );
    let e = r.ask(1, ClientMsg::Start);
    let view = last_view(&e).unwrap();
    assert_eq!(kinds(view), ["person", "cpu", "person"]);
    assert_eq!(seated(&e, 1), Some(0));
    // Budi's seat is now 2, away as before; Ana's reactions start afresh.
    assert!(view.seats[0].present && !view.seats[2].present);
    assert_eq!(view.seats[2].name.as_deref(), Some("Budi"));
    let e = r.ask(
        1,
        ClientMsg::React {
            reaction: "thumbs_up".into(),
        },
    );
    assert_eq!(
        refusal(&e),
        None,
        "seat numbers changed: the gap starts afresh"
    );
}

#[test]
fn one_who_goes_comes_back_to_the_seat_with_the_events_missed() {
    let mut r = Room::new(&[OPEN, OPEN], None);
    let ana = token(&r.join(1, "Ana", None));
    r.join(2, "Budi", None);
    let seq = r.turn().1;
    let e = r.apply(Input::Detach { conn: 1 });
    assert!(!last_view(&e).unwrap().seats[0].present);
    // Budi plays on; Ana's seat waits for its grace (the CPU plays it after).
    r.later(GRACE / 2);
    let e = r.tick();
    assert_eq!(played(&e), 0, "not before the grace");
    let e = r.run_until(200, |v| v.game.as_ref().unwrap().seq >= seq + 10);
    assert!(played(&e) > 0);
    let e = r.apply(Input::Attach {
        conn: 3,
        how: Attach::Resume {
            token: ana,
            seen: seq,
        },
    });
    assert_eq!(seated(&e, 3), Some(0));
    let to_ana = sent(&e, To::One(3));
    let caught: usize = to_ana
        .iter()
        .filter_map(|m| match m {
            ServerMsg::Events { events } => Some(events.len()),
            _ => None,
        })
        .sum();
    assert_eq!(
        caught as u64,
        r.turn().1 - seq,
        "every event missed, and no more"
    );
    assert!(last_view(&e).unwrap().seats[0].present);
    // A token the room never gave is refused.
    let e = r.apply(Input::Attach {
        conn: 4,
        how: Attach::Resume {
            token: "nobody's".into(),
            seen: 0,
        },
    });
    assert_eq!(refusal(&e), Some(Refusal::BadToken));
}

#[test]
fn the_same_seat_resumed_again_lets_the_older_connection_go() {
    let mut r = Room::new(&[OPEN, OPEN], None);
    let ana = token(&r.join(1, "Ana", None));
    let e = r.apply(Input::Attach {
        conn: 2,
        how: Attach::Resume {
            token: ana,
            seen: 0,
        },
    });
    assert!(e.iter().any(|e| matches!(e, Effect::Forget(1))));
    assert_eq!(seated(&e, 2), Some(0));
}

#[test]
fn a_lobby_seat_whose_device_is_gone_opens_after_the_grace_and_the_host_role_moves_on() {
    let mut r = Room::new(&[OPEN, OPEN, OPEN], None);
    let ana = token(&r.join(1, "Ana", None));
    r.join(2, "Budi", None);
    r.apply(Input::Detach { conn: 1 });
    r.later(GRACE);
    let e = r.tick();
    let view = last_view(&e).unwrap();
    assert_eq!(kinds(view)[0], "open");
    assert_eq!(view.host, 1);
    assert!(
        e.iter()
            .any(|e| matches!(e, Effect::Write(Write::Room { .. })))
    );
    // Back while a seat is free: Ana sits again.
    let e = r.apply(Input::Attach {
        conn: 3,
        how: Attach::Resume {
            token: ana,
            seen: 0,
        },
    });
    assert_eq!(seated(&e, 3), Some(0));
}

#[test]
fn the_turn_clock_runs_out_and_the_cpu_plays_the_rest_of_the_turn() {
    let mut r = Room::new(&[OPEN, OPEN], Some(5));
    r.join(1, "Ana", None);
    let e = r.join(2, "Budi", None);
    let (seat, seq) = r.turn();
    assert!(
        sent(&e, To::All)
            .iter()
            .any(|m| matches!(m, ServerMsg::Clock { seat: s, ms_left: 5000 } if *s == seat))
    );
    let conn = seat as ConnId + 1;
    r.later(Duration::from_secs(5));
    let e = r.tick();
    assert_eq!(played(&e), 0, "the deadline says so first");
    let view = last_view(&e).unwrap();
    assert!(view.seats[seat as usize].cpu_plays);
    let e = r.ask(conn, ClientMsg::Roll { at: seq });
    assert_eq!(refusal(&e), Some(Refusal::NotYourTurn));
    let e = r.tick();
    assert_eq!(played(&e), 1, "the CPU plays");
}

#[test]
fn a_request_for_another_position_is_stale_and_a_step_is_written_before_it_is_told() {
    let mut r = Room::new(&[OPEN, OPEN], None);
    r.join(1, "Ana", None);
    r.join(2, "Budi", None);
    let (seat, seq) = r.turn();
    let conn = seat as ConnId + 1;
    let other = 3 - conn;
    assert_eq!(
        refusal(&r.ask(conn, ClientMsg::Roll { at: seq + 1 })),
        Some(Refusal::Stale)
    );
    assert_eq!(
        refusal(&r.ask(other, ClientMsg::Roll { at: seq })),
        Some(Refusal::NotYourTurn)
    );
    let e = r.ask(conn, ClientMsg::Roll { at: seq });
    assert_eq!(refusal(&e), None);
    let write = e
        .iter()
        .position(|e| matches!(e, Effect::Write(Write::Step { .. })));
    let told = e
        .iter()
        .position(|e| matches!(e, Effect::Send(To::All, ServerMsg::Events { .. })));
    assert!(write.unwrap() < told.unwrap());
    // The same request again answers a position gone by.
    let again = refusal(&r.ask(conn, ClientMsg::Roll { at: seq }));
    assert!(
        matches!(again, Some(Refusal::Stale | Refusal::NotYourTurn)),
        "{again:?}"
    );
}

#[test]
fn a_ranked_game_reads_the_ratings_then_scores_and_the_host_starts_the_rematch() {
    let mut r = Room::new(&[OPEN, OPEN], None);
    r.join(1, "Ana", None);
    r.join(2, "Budi", None);
    assert_eq!(
        refusal(&r.ask(1, ClientMsg::Rematch)),
        Some(Refusal::NotOver)
    );
    let e = ana_plays_to_the_end(&mut r);
    let Some(Effect::ReadRatings(asked)) = e.last() else {
        panic!("the ratings are read at the end: {:?}", e.last())
    };
    assert_eq!(asked, &[1, 2], "the players' profiles, in seat order");
    // The step that ended the game is neither written nor told before the game's end.
    let steps = r
        .state
        .view()
        .game
        .unwrap()
        .result
        .unwrap()
        .record
        .steps
        .len() as u32;
    let written = e.iter().filter_map(|e| match e {
        Effect::Write(Write::Step { idx, .. }) => Some(*idx),
        _ => None,
    });
    assert_eq!(
        written.max(),
        Some(steps - 2),
        "all but the last step written"
    );
    let told_over = e.iter().any(|e| {
        matches!(e, Effect::Send(_, ServerMsg::Events { events })
            if events.iter().any(|n| matches!(n.event, ludo_core::Event::GameOver { .. })))
    });
    assert!(!told_over, "the game's end is told after it is written");
    // Budi's rating moved in another room meanwhile: the change is computed from it.
    let e = r.apply(Input::Ratings(vec![Some(1500.0), Some(1700.0)]));
    let finished = e
        .iter()
        .position(|e| matches!(e, Effect::Write(Write::Finished { .. })))
        .expect("the game is kept");
    let Effect::Write(Write::Finished {
        ratings,
        ranked,
        ending,
        ..
    }) = &e[finished]
    else {
        unreachable!()
    };
    assert!(ending.is_some(), "the last step is written with the end");
    let told = e
        .iter()
        .position(|e| matches!(e, Effect::Send(To::All, ServerMsg::Events { .. })));
    assert!(told.unwrap() > finished, "and told after it is committed");
    assert!(ranked);
    assert_eq!(ratings.len(), 2);
    assert!((ratings[0].change + ratings[1].change).abs() < 1e-9);
    let view = last_view(&e).unwrap();
    assert_eq!(view.stage, Stage::Over);
    let budi = view.seats[1].rating.unwrap();
    assert!((budi - 1700.0 - ratings[1].change).abs() < 1e-9);
    // Budi back: only the host starts the next game, whose number follows.
    r.apply(Input::Attach {
        conn: 3,
        how: Attach::Resume {
            token: "token-2".into(),
            seen: 0,
        },
    });
    assert_eq!(
        refusal(&r.ask(3, ClientMsg::Rematch)),
        Some(Refusal::NotHost)
    );
    let e = r.ask(1, ClientMsg::Rematch);
    let view = last_view(&e).unwrap();
    assert_eq!(
        (view.stage, view.game.as_ref().unwrap().number),
        (Stage::Playing, 2)
    );
}

/// Budi goes (the CPU plays his seat after the grace) and Ana plays hers until the game is
/// over: every effect on the way.
fn ana_plays_to_the_end(r: &mut Room) -> Vec<Effect> {
    r.apply(Input::Detach { conn: 2 });
    let mut all = Vec::new();
    for _ in 0..20_000 {
        let m = ludo_proto::Mirror::from_view(&r.state.view())
            .unwrap()
            .unwrap();
        if m.game.is_over() {
            return all;
        }
        let e = if m.game.turn() == 0 {
            let at = m.seq;
            let msg = match m.game.awaiting() {
                ludo_core::Awaiting::Move => ClientMsg::Move {
                    at,
                    piece: m.game.legal_moves()[0].piece,
                },
                _ => ClientMsg::Roll { at },
            };
            r.ask(1, msg)
        } else {
            r.now = r.now.max(r.state.next_wake());
            r.tick()
        };
        all.extend(e);
    }
    panic!("the game did not end")
}

#[test]
fn a_room_brought_back_from_steps_that_end_its_game_finishes_it_once() {
    // The database as a node killed between the last step and the game's end left it (before
    // the two were one commit): the table still playing, every step of the game.
    let mut r = Room::new(&[OPEN, OPEN], None);
    let mut e = r.join(1, "Ana", None);
    e.extend(r.join(2, "Budi", None));
    e.extend(ana_plays_to_the_end(&mut r));
    let table = e
        .iter()
        .rev()
        .find_map(|e| match e {
            Effect::Write(Write::Room { json, .. }) => Some(json.clone()),
            _ => None,
        })
        .expect("the table as written at the start");
    let table: Table = serde_json::from_str(&table).unwrap();
    assert_eq!(table.stage, Stage::Playing);
    let steps = r.state.view().game.unwrap().result.unwrap().record.steps;

    let mut back = Room::from_steps(table, &steps);
    assert_eq!(back.state.view().stage, Stage::Playing);
    assert!(back.state.next_wake() <= back.now, "it wakes at once");
    let e = back.tick();
    let Some(Effect::ReadRatings(ids)) = e.last() else {
        panic!("a ranked game's ratings are read: {e:?}")
    };
    assert_eq!(ids, &[1, 2]);
    let e = back.apply(Input::Ratings(vec![Some(1500.0), Some(1500.0)]));
    let finished: Vec<_> = e
        .iter()
        .filter(|e| matches!(e, Effect::Write(Write::Finished { ending: None, .. })))
        .collect();
    assert_eq!(finished.len(), 1, "kept once, its steps written already");
    assert_eq!(last_view(&e).unwrap().stage, Stage::Over);
    // Nothing more to finish; the host starts the rematch.
    back.now = back.now.max(back.state.next_wake());
    assert!(
        !back
            .tick()
            .iter()
            .any(|e| matches!(e, Effect::Write(_) | Effect::ReadRatings(_)))
    );
    back.apply(Input::Attach {
        conn: 7,
        how: Attach::Resume {
            token: "token-1".into(),
            seen: 0,
        },
    });
    let e = back.ask(7, ClientMsg::Rematch);
    let view = last_view(&e).unwrap();
    assert_eq!(
        (view.stage, view.game.as_ref().unwrap().number),
        (Stage::Playing, 2)
    );
}

#[test]
fn a_spectator_sees_the_room_and_its_reactions_but_plays_nothing() {
    let mut r = Room::new(&[OPEN, OPEN], None);
    r.join(1, "Ana", None);
    let e = r.apply(Input::Attach {
        conn: 5,
        how: Attach::Watch,
    });
    assert!(matches!(sent(&e, To::One(5))[0], ServerMsg::Room(_)));
    assert_eq!(
        refusal(&r.ask(5, ClientMsg::Start)),
        Some(Refusal::NotSeated)
    );
    assert_eq!(
        refusal(&r.ask(
            5,
            ClientMsg::React {
                reaction: "thumbs_up".into()
            }
        )),
        Some(Refusal::NotSeated)
    );
    let e = r.ask(
        1,
        ClientMsg::React {
            reaction: "thumbs_up".into(),
        },
    );
    assert!(matches!(
        sent(&e, To::All)[..],
        [ServerMsg::Reacted { seat: 0, .. }]
    ));
}

#[test]
fn one_reaction_a_seat_every_three_seconds_and_only_known_ones() {
    let mut r = Room::new(&[OPEN, OPEN], None);
    r.join(1, "Ana", None);
    let wave = || ClientMsg::React {
        reaction: "thumbs_up".into(),
    };
    assert_eq!(refusal(&r.ask(1, wave())), None);
    r.later(Duration::from_millis(2999));
    assert_eq!(refusal(&r.ask(1, wave())), Some(Refusal::TooFast));
    r.later(Duration::from_millis(1));
    assert_eq!(refusal(&r.ask(1, wave())), None);
    let e = r.ask(
        1,
        ClientMsg::React {
            reaction: "<b>".into(),
        },
    );
    assert_eq!(refusal(&e), Some(Refusal::UnknownReaction));
}

#[test]
fn a_room_nobody_is_in_ends_after_its_time_to_live() {
    let mut r = Room::new(&[OPEN, OPEN], None);
    r.join(1, "Ana", None);
    r.apply(Input::Detach { conn: 1 });
    r.later(TTL - Duration::from_secs(1));
    assert!(!r.tick().iter().any(|e| matches!(e, Effect::Expired)));
    assert_eq!(r.state.next_wake(), r.now + Duration::from_secs(1));
    r.later(Duration::from_secs(1));
    assert!(r.tick().iter().any(|e| matches!(e, Effect::Expired)));
}

#[test]
fn a_quick_play_lobby_gives_the_seats_nobody_took_to_cpus_and_starts() {
    let spec = TableSpec {
        rules: Default::default(),
        seats: vec![OPEN, OPEN, OPEN, CPU],
        turn_limit_secs: Some(30),
    };
    let mut table = Table::new("QUICKROM".into(), spec).unwrap();
    table.quick = true;
    let mut r = Room::of(table);
    r.join(1, "Ana", None);
    r.join(2, "Budi", None);
    assert_eq!(r.state.next_wake(), r.now + Duration::from_secs(10));
    r.later(Duration::from_secs(10));
    let e = r.tick();
    let view = last_view(&e).unwrap();
    assert_eq!(view.stage, Stage::Playing);
    assert_eq!(kinds(view), ["person", "person", "cpu", "cpu"]);
}

#[test]
fn a_quick_play_table_waits_for_the_person_sent_from_another_node_and_starts_when_they_come() {
    let spec = TableSpec {
        rules: Default::default(),
        seats: vec![OPEN, OPEN],
        turn_limit_secs: Some(30),
    };
    let mut table = Table::new("QUICKROM".into(), spec).unwrap();
    table.quick = true;
    // Budi's seat is kept by the token his node gave him.
    table.take_seat(
        1,
        Seat::Person {
            name: "Budi".into(),
            token_hash: crate::secret::hash("budi's token"),
            profile: 7,
            rating: 1500.0,
        },
    );
    let mut r = Room::of(table);
    let e = r.join(1, "Ana", Some(0));
    assert_eq!(seated(&e, 1), Some(0));
    assert_eq!(
        r.state.view().stage,
        Stage::Lobby,
        "full, but Budi is not here yet"
    );
    let how = Attach::Resume {
        token: "budi's token".into(),
        seen: 0,
    };
    let e = r.apply(Input::Attach { conn: 2, how });
    assert_eq!(seated(&e, 2), Some(1));
    assert_eq!(r.state.view().stage, Stage::Playing, "both here: it starts");
}
