//! A room server on 127.0.0.1 and clients over real WebSockets: whole games, people who leave
//! and come back, the turn clock, ranked games, spectators, and the dice anyone can check.

mod common;

use std::time::Duration;

use common::*;
use ludo_core::Event;
use ludo_proto::{ClientMsg, Refusal, SeatKind, SeatSpec, ServerMsg, Stage, TableSpec};
use ludo_server_tools::client::{Client, Player};

/// Four people from four devices play a whole game; the seed revealed at the end has the
/// hash published at the start, and the record replays to the same ranking.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_people_play_a_whole_game_whose_dice_can_be_checked() {
    let t = start(fast()).await;
    within(60, async {
        let mut host = Player::create(&t.addr, table(&[OPEN; 4]), "Ana")
            .await
            .unwrap();
        host.keep_log = true;
        let mut others = Vec::new();
        for name in ["Budi", "Chen", "Dalia"] {
            others.push(Player::join(&t.addr, &host.code, name, None).await.unwrap());
        }
        assert_eq!(host.seat, 0);
        let seats: Vec<u8> = others.iter().map(|p| p.seat).collect();
        assert_eq!(seats, vec![1, 2, 3]);
        let tasks: Vec<_> = others
            .into_iter()
            .map(|mut p| tokio::spawn(async move { p.play_to_end().await.map(|v| (v, p)) }))
            .collect();
        let end = host.play_to_end().await.unwrap();
        let mut views = vec![end.clone()];
        let mut secrets = vec![(host.seat, host.share.unwrap().1)];
        for task in tasks {
            let (v, p) = task.await.unwrap().unwrap();
            assert!(p.refusals.is_empty(), "{:?}", p.refusals);
            secrets.push((p.seat, p.share.unwrap().1));
            views.push(v);
        }
        assert!(host.refusals.is_empty(), "{:?}", host.refusals);
        // Everyone saw the same end, and it is a game the engine plays.
        let game = end.game.clone().unwrap();
        for v in &views {
            assert_eq!(v.game.as_ref().unwrap().state, game.state);
        }
        let result = game.result.clone().unwrap();
        // The hash of the start (in the first snapshot of the game) is the seed's.
        let first = host
            .log
            .iter()
            .find_map(|m| match m {
                ServerMsg::Room(v) if v.stage == Stage::Playing => v.game.clone(),
                _ => None,
            })
            .unwrap();
        // The server promised its secret at the start, before any device promised a share.
        let server = ludo_core::bytes32(&result.secret).expect("a secret of 32 bytes");
        assert_eq!(first.dice.promised, ludo_proto::promise(&server));
        assert_eq!(first.dice.phase, ludo_proto::DicePhase::Promising);
        assert!(first.dice.shares.iter().all(|s| s.promised.is_none()));
        assert_eq!(first.seq, 0);
        assert!(
            first.result.is_none(),
            "the server's secret is not shown before the end"
        );
        // Every device's share is in, each the secret that device drew; every roll follows
        // from the derivation.
        let dice = &game.dice;
        assert!(dice.sealed() && dice.left_out().is_empty(), "{dice:?}");
        for (seat, secret) in &secrets {
            let share = dice.shares.iter().find(|s| s.seat == *seat).unwrap();
            assert_eq!(
                share.secret.as_deref(),
                Some(ludo_core::hex(secret).as_str())
            );
            assert_eq!(share.promised, Some(ludo_proto::promise(secret)));
        }
        let seed = ludo_proto::dice_seed(game.number, &server, &secrets);
        assert_eq!(result.record.seed, Some(ludo_core::Seed::Bytes(seed)));
        let file = ludo_proto::GameFile {
            record: result.record.clone(),
            finished: None,
            served: None,
            sealed: dice.seal(game.number, &result.secret),
            id: Some(format!("{}-{}", host.code, game.number)),
            hints: Vec::new(),
        };
        assert_eq!(file.check_dice(), Some(ludo_proto::DiceCheck::Fair));
        keep_game_file("online", &file);
        let replayed = result.record.replay().unwrap();
        assert_eq!(replayed.ranking().unwrap(), &result.ranking[..]);
        assert_eq!(replayed.state(), game.state);
        // The events came numbered 0, 1, 2, … with none missing.
        let mut next = 0;
        for m in &host.log {
            if let ServerMsg::Events { events } = m {
                for e in events {
                    assert_eq!(e.seq, next);
                    next += 1;
                }
            }
        }
        assert_eq!(next, game.seq);
        assert!(matches!(
            host.log.iter().rev().find_map(|m| match m {
                ServerMsg::Events { events } => events.last().map(|e| e.event.clone()),
                _ => None,
            }),
            Some(Event::GameOver { .. })
        ));
        // The finished game is in the database.
        assert_eq!(
            t.server
                .store()
                .finished_games(&host.code)
                .await
                .unwrap()
                .len(),
            1
        );
        // For `make test` to replay with `ludo-cli replay`, as a player would.
        keep_for_replay("online", &result);
    })
    .await;
}

/// A person who drops mid-turn: the CPU plays for them and the others see it; back with the
/// seat token, they get their seat, the game as it is and the events they missed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_drops_mid_turn_comes_back_to_the_seat() {
    let t = start(fast()).await;
    within(60, async {
        let mut a = Player::create(&t.addr, table(&[OPEN, CPU, OPEN, CPU]), "Ana")
            .await
            .unwrap();
        let mut b = Player::join(&t.addr, &a.code, "Budi", None).await.unwrap();
        b.keep_log = true;
        let b_task = tokio::spawn(async move { b.play_to_end().await.map(|v| (v, b)) });
        // Ana plays a while, then drops when it is her turn to roll.
        a.play_until(|p| {
            let m = p.mirror.as_ref();
            m.is_some_and(|m| m.seq > 30 && m.game.turn() == p.seat && p.request_is_roll())
        })
        .await
        .unwrap();
        let seat = a.seat;
        let seen = a.mirror.as_ref().unwrap().seq;
        let a_state = a.mirror.as_ref().unwrap().game.state();
        let fresh = Client::connect(&t.addr).await.unwrap();
        std::mem::replace(&mut a.client, fresh).close().await;
        a.mirror = None;
        tokio::time::sleep(Duration::from_millis(1500)).await;

        let client = &mut a.client;
        client
            .send(&ClientMsg::Resume {
                code: a.code.clone(),
                token: a.token.clone(),
                seen,
            })
            .await
            .unwrap();
        assert_eq!(client.recv().await.unwrap(), ServerMsg::Seated { seat });
        let ServerMsg::Room(view) = client.recv().await.unwrap() else {
            panic!("a snapshot after resuming")
        };
        assert!(view.seats[seat as usize].present);
        assert!(!view.seats[seat as usize].cpu_plays);
        let now = view.game.as_ref().unwrap().seq;
        assert!(now > seen, "the game went on while Ana was away");
        // The missed events, in messages of bounded size.
        let mut events = Vec::new();
        while events.last().is_none_or(|n: &ludo_proto::Numbered| n.seq + 1 < now) {
            let ServerMsg::Events { events: more } = client.recv().await.unwrap() else {
                panic!("the missed events")
            };
            events.extend(more);
        }
        assert_eq!(events.first().unwrap().seq, seen);
        assert_eq!(events.last().unwrap().seq + 1, now);
        assert!(
            events
                .iter()
                .any(|e| matches!(e.event, Event::Rolled { seat: s, .. } if s == seat)),
            "the CPU rolled for the absent seat"
        );
        // The missed events lead from what Ana had to the snapshot.
        let mut mirror = ludo_proto::Mirror {
            game: ludo_core::Game::from_state(view.rules.clone(), &a_state).unwrap(),
            seq: seen,
            number: 1,
        };
        mirror.apply(&events).unwrap();
        assert_eq!(mirror.game.state(), view.game.as_ref().unwrap().state);
        a.hear(&ServerMsg::Room(view)).unwrap();
        let end = a.play_to_end().await.unwrap();
        let (b_end, b) = b_task.await.unwrap().unwrap();
        // Others saw that the CPU played for her while she was away.
        assert_eq!(
            end.game.unwrap().result.unwrap().ranking,
            b_end.game.unwrap().result.unwrap().ranking
        );
        assert!(b.log.iter().any(|m| matches!(m,
            ServerMsg::Room(v) if !v.seats[seat as usize].present && v.seats[seat as usize].cpu_plays)));
    })
    .await;
}

/// The turn clock runs on the server: a person who does nothing has the CPU play the turn.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expired_turn_is_played_by_the_cpu() {
    let t = start(fast()).await;
    within(30, async {
        let spec = TableSpec {
            turn_limit_secs: Some(1),
            ..table(&[OPEN, CPU])
        };
        let mut a = Player::create(&t.addr, spec, "Ana").await.unwrap();
        let started = tokio::time::Instant::now();
        let mut clock = None;
        let mut expired = false;
        loop {
            let m = a.client.recv().await.unwrap();
            a.hear(&m).unwrap();
            match &m {
                ServerMsg::Clock { seat: 0, ms_left } if clock.is_none() => clock = Some(*ms_left),
                ServerMsg::Room(v) if v.stage == Stage::Playing && v.seats[0].cpu_plays => {
                    expired = true
                }
                ServerMsg::Events { events }
                    if events
                        .iter()
                        .any(|e| matches!(e.event, Event::Rolled { seat: 0, .. })) =>
                {
                    break;
                }
                _ => {}
            }
        }
        let ms = clock.expect("the clock started for the person's turn");
        assert!((900..=1000).contains(&ms), "{ms}");
        assert!(
            expired,
            "everyone is told the CPU plays the rest of the turn"
        );
        assert!(started.elapsed() >= Duration::from_millis(900));
    })
    .await;
}

/// A ranked table (standard rules, people in every seat) moves ratings in the database, and a
/// rematch keeps the room.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ranked_game_moves_ratings_in_the_database() {
    let t = start(fast()).await;
    within(60, async {
        let mut a = Player::create(&t.addr, table(&[OPEN, OPEN]), "Ana")
            .await
            .unwrap();
        let mut b = Player::join(&t.addr, &a.code, "Budi", None).await.unwrap();
        for game in 1..=2u32 {
            let b_task = tokio::spawn(async move { b.play_to_end().await.map(|v| (v, b)) });
            let end = a.play_to_end().await.unwrap();
            let (_, b2) = b_task.await.unwrap().unwrap();
            b = b2;
            let g = end.game.clone().unwrap();
            assert_eq!(g.number, game);
            assert!(g.ranked);
            let result = g.result.unwrap();
            let changes = result.rating_changes.unwrap();
            assert!((changes[0] + changes[1]).abs() < 1e-9);
            let winner = result.ranking[0].seat as usize;
            assert!(changes[winner] > 0.0);
            // The database holds the new ratings and counts the games.
            let names = t.sql("SELECT name FROM profiles ORDER BY id").await;
            let games = t.sql("SELECT games FROM profiles ORDER BY id").await;
            let ratings: Vec<f64> = t
                .sql("SELECT rating FROM profiles ORDER BY id")
                .await
                .iter()
                .map(|r| r.parse().unwrap())
                .collect();
            assert_eq!(names, ["Ana", "Budi"]);
            assert_eq!(games[0], game.to_string());
            assert!((ratings[0] + ratings[1] - 3000.0).abs() < 1e-6);
            assert!((ratings[0] - end.seats[0].rating.unwrap()).abs() < 1e-9);
            if game == 1 {
                assert!((ratings[winner] - 1500.0 - changes[winner]).abs() < 1e-9);
                // Only the host starts the rematch.
                b.client.send(&ClientMsg::Rematch).await.unwrap();
                let r = b
                    .client
                    .until(|m| matches!(m, ServerMsg::Refused { .. }))
                    .await
                    .unwrap();
                assert!(matches!(
                    r,
                    ServerMsg::Refused {
                        reason: ludo_proto::Refusal::NotHost,
                        ..
                    }
                ));
                a.client.send(&ClientMsg::Rematch).await.unwrap();
            }
        }
        // The profile key brings the same profile (and rating) to a new room.
        let key = a.profile.clone();
        let mut c = Player::create(&t.addr, table(&[OPEN, CPU, OPEN]), "Ana M.")
            .await
            .unwrap();
        let d = Player::join(&t.addr, &c.code, "Ana again", Some(key))
            .await
            .unwrap();
        let view = c
            .client
            .until(|m| matches!(m, ServerMsg::Room(v) if v.stage == Stage::Playing))
            .await
            .unwrap();
        let ServerMsg::Room(view) = view else {
            unreachable!()
        };
        assert_ne!(view.seats[d.seat as usize].rating, Some(1500.0));
        assert!(
            !view.game.unwrap().ranked,
            "a table with a CPU is not ranked"
        );
    })
    .await;
}

/// A spectator sees the room and the events, and cannot play.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_watches_and_cannot_play() {
    let t = start(fast()).await;
    within(30, async {
        let mut a = Player::create(&t.addr, table(&[OPEN, OPEN]), "Ana")
            .await
            .unwrap();
        let mut w = spectator(&t.addr, &a.code.to_lowercase()).await;
        let ServerMsg::Room(v) = w.recv().await.unwrap() else {
            panic!("a snapshot")
        };
        assert_eq!(v.stage, Stage::Lobby);
        assert_eq!(v.seats[0].kind, SeatKind::Person);
        assert_eq!(v.seats[1].kind, SeatKind::Open);
        let b = Player::join(&t.addr, &a.code, "Budi", None).await.unwrap();
        w.until(|m| matches!(m, ServerMsg::Room(v) if v.stage == Stage::Playing))
            .await
            .unwrap();
        w.send(&ClientMsg::Roll { at: 0 }).await.unwrap();
        let r = w
            .until(|m| matches!(m, ServerMsg::Refused { .. }))
            .await
            .unwrap();
        assert!(matches!(
            r,
            ServerMsg::Refused {
                reason: ludo_proto::Refusal::NotSeated,
                ..
            }
        ));
        // The spectator hears the game's events.
        let mut b = b;
        let task = tokio::spawn(async move { b.play_to_end().await });
        a.play_to_end().await.unwrap();
        task.await.unwrap().unwrap();
        w.until(|m| matches!(m, ServerMsg::Events { .. }))
            .await
            .unwrap();
    })
    .await;
}

/// A room nobody is in expires, from memory and from the database.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_empty_room_expires() {
    let t = start(ludo_server::Config {
        room_ttl: Duration::from_millis(300),
        ..fast()
    })
    .await;
    within(30, async {
        let a = Player::create(&t.addr, table(&[OPEN, OPEN]), "Ana")
            .await
            .unwrap();
        let code = a.code.clone();
        assert_eq!(t.server.rooms(), 1);
        a.client.close().await;
        tokio::time::sleep(Duration::from_millis(2000)).await;
        assert_eq!(t.server.rooms(), 0);
        let mut c = Client::connect(&t.addr).await.unwrap();
        c.send(&ClientMsg::Watch { code }).await.unwrap();
        assert!(matches!(
            c.recv().await.unwrap(),
            ServerMsg::Refused {
                reason: ludo_proto::Refusal::NoSuchRoom,
                ..
            }
        ));
        assert_eq!(t.sql("SELECT count(*) FROM rooms").await, ["0"]);
    })
    .await;
}

/// Reads a resumed seat's answer: `seated`, the snapshot, then the catch-up's `events` up to
/// the snapshot's count. Every message is within the protocol's bounds.
async fn resumed(
    client: &mut Client,
    seat: u8,
) -> (ludo_proto::RoomView, Vec<ludo_proto::Numbered>) {
    assert_eq!(client.recv().await.unwrap(), ServerMsg::Seated { seat });
    let ServerMsg::Room(view) = client.recv().await.unwrap() else {
        panic!("a snapshot after resuming")
    };
    let now = view.game.as_ref().unwrap().seq;
    let mut caught = Vec::new();
    let mut messages = 0;
    while caught
        .last()
        .is_none_or(|n: &ludo_proto::Numbered| n.seq + 1 < now)
    {
        let ServerMsg::Events { events } = client.recv().await.unwrap() else {
            panic!("the missed events, in order, before anything else")
        };
        caught.extend(events);
        messages += 1;
    }
    assert!(
        client.largest_heard <= ludo_proto::EVENTS_MESSAGE_BYTES.max(4096),
        "a catch-up message of {} bytes",
        client.largest_heard
    );
    eprintln!(
        "caught up {} events in {messages} messages, the largest {} bytes",
        caught.len(),
        client.largest_heard
    );
    (*view, caught)
}

/// The events `caught` played from the game's start (`seen` = 0) or from `before` lead to the
/// snapshot's state.
fn leads_to(
    view: &ludo_proto::RoomView,
    before: ludo_core::GameState,
    seen: u64,
    caught: &[ludo_proto::Numbered],
) {
    let g = view.game.as_ref().unwrap();
    assert_eq!(caught.first().unwrap().seq, seen);
    assert_eq!(caught.last().unwrap().seq + 1, g.seq);
    let mut mirror = ludo_proto::Mirror {
        game: ludo_core::Game::from_state(view.rules.clone(), &before).unwrap(),
        seq: seen,
        number: g.number,
    };
    mirror.apply(caught).unwrap();
    assert_eq!(mirror.game.state(), g.state);
}

/// A four-seat game under *rank all players* played past 2,500 events: a device reopened
/// with `seen: 0` and one 2,000 events behind each get their seat, the game as it is and
/// every event they missed, in messages of at most 16 KiB; a `seen` past the game's count
/// gets the snapshot alone; the game then finishes with every device at the same state.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_game_is_caught_up_in_bounded_messages() {
    let t = start(ludo_server::Config {
        // With players who move the piece furthest back, seed 858's game lasts 3,798 events.
        fixed_seed: Some(858),
        away_grace: Duration::from_secs(30),
        ..fast()
    })
    .await;
    within(120, async {
        let spec = TableSpec {
            rules: ludo_core::Rules {
                rank_all: true,
                ..Default::default()
            },
            seats: vec![OPEN; 4],
            turn_limit_secs: None,
        };
        let mut a = Player::create(&t.addr, spec, "Ana").await.unwrap();
        let mut others = Vec::new();
        for name in ["Budi", "Chen", "Dewi"] {
            others.push(Player::join(&t.addr, &a.code, name, None).await.unwrap());
        }
        a.furthest_back = true;
        for p in &mut others {
            p.furthest_back = true;
        }
        let mut d = others.pop().unwrap();
        let c = others.pop().unwrap();
        let b = others.pop().unwrap();
        // Budi and Chen play on their own; Ana and Dewi are driven here.
        let b_task = tokio::spawn(async move {
            let mut b = b;
            b.play_to_end().await.map(|v| (v, b))
        });
        let c_task = tokio::spawn(async move {
            let mut c = c;
            c.play_to_end().await.map(|v| (v, c))
        });
        let d_task = tokio::spawn(async move {
            d.play_until(|p| {
                p.mirror
                    .as_ref()
                    .is_some_and(|m| m.seq >= 2_600 || m.game.is_over())
            })
            .await
            .map(|()| d)
        });
        // Ana plays past 2,500 events and drops; the game waits for her when her turn comes
        // (the away grace is long).
        a.play_until(|p| p.mirror.as_ref().is_some_and(|m| m.seq >= 2_500 || m.game.is_over()))
            .await
            .unwrap();
        let seq = a.mirror.as_ref().unwrap().seq;
        assert!(
            !a.mirror.as_ref().unwrap().game.is_over(),
            "the game (seed 858) lasts past 2,500 events, not {seq}"
        );
        // Reopened: the device has nothing but its ticket (`seen: 0`).
        let fresh = Client::connect(&t.addr).await.unwrap();
        std::mem::replace(&mut a.client, fresh).close().await;
        a.client
            .send(&ClientMsg::Resume { code: a.code.clone(), token: a.token.clone(), seen: 0 })
            .await
            .unwrap();
        let (view, caught) = resumed(&mut a.client, a.seat).await;
        assert!(view.game.as_ref().unwrap().seq >= seq);
        assert!(caught.len() >= 2_500);
        let first = ludo_core::Game::new(view.rules.clone(), 4, 0).unwrap().state();
        leads_to(&view, first, 0, &caught);

        // A count past the game's (a device that heard another game) gets the snapshot
        // alone: what comes before the answer to a ping is only new events.
        let fresh = Client::connect(&t.addr).await.unwrap();
        std::mem::replace(&mut a.client, fresh).close().await;
        a.client
            .send(&ClientMsg::Resume { code: a.code.clone(), token: a.token.clone(), seen: 1_000_000 })
            .await
            .unwrap();
        assert_eq!(a.client.recv().await.unwrap(), ServerMsg::Seated { seat: a.seat });
        let ServerMsg::Room(view) = a.client.recv().await.unwrap() else {
            panic!("a snapshot")
        };
        let now = view.game.as_ref().unwrap().seq;
        a.mirror = None;
        a.hear(&ServerMsg::Room(view)).unwrap();
        a.client.send(&ClientMsg::Ping).await.unwrap();
        loop {
            match a.client.recv().await.unwrap() {
                ServerMsg::Pong => break,
                ServerMsg::Events { events } => {
                    assert!(events[0].seq >= now, "no catch-up for a count past the game's");
                    a.hear(&ServerMsg::Events { events }).unwrap();
                }
                other => a.hear(&other).unwrap(),
            }
        }
        a.answer().await.unwrap();
        let a_task = tokio::spawn(async move { a.play_to_end().await.map(|v| (v, a)) });

        // Dewi misses 2,000 events: she resumes from a count that far back.
        let mut d = d_task.await.unwrap().unwrap();
        let d_seq = d.mirror.as_ref().unwrap().seq;
        assert!(
            !d.mirror.as_ref().unwrap().game.is_over(),
            "the game (seed 858) lasts past 2,600 events"
        );
        let fresh = Client::connect(&t.addr).await.unwrap();
        std::mem::replace(&mut d.client, fresh).close().await;
        let seen = d_seq - 2_000;
        d.client
            .send(&ClientMsg::Resume { code: d.code.clone(), token: d.token.clone(), seen })
            .await
            .unwrap();
        let (view, caught) = resumed(&mut d.client, d.seat).await;
        assert_eq!(caught.first().unwrap().seq, seen);
        assert!(caught.len() as u64 >= d_seq - seen);
        assert_eq!(caught.last().unwrap().seq + 1, view.game.as_ref().unwrap().seq);
        d.mirror = None;
        d.hear(&ServerMsg::Room(Box::new(view))).unwrap();
        d.answer().await.unwrap();

        let d_task = tokio::spawn(async move { d.play_to_end().await.map(|v| (v, d)) });
        let (end, a) = a_task.await.unwrap().unwrap();
        let (b_end, b) = b_task.await.unwrap().unwrap();
        let (c_end, c) = c_task.await.unwrap().unwrap();
        let (d_end, d) = d_task.await.unwrap().unwrap();
        let state = |v: &ludo_proto::RoomView| v.game.as_ref().unwrap().state.clone();
        assert_eq!(state(&end), state(&b_end));
        assert_eq!(state(&end), state(&c_end));
        assert_eq!(state(&end), state(&d_end));
        let seqs = [&a, &b, &c, &d].map(|p| p.mirror.as_ref().unwrap().seq);
        assert!(seqs.iter().all(|&s| s == seqs[0]), "{seqs:?}");
        let largest = [&a, &b, &c, &d].map(|p| p.client.largest_heard);
        eprintln!(
            "a game of {} events; the largest message heard at the end {} bytes (a finished game's snapshot); the largest sent {} bytes",
            seqs[0],
            largest.iter().max().unwrap(),
            [&a, &b, &c, &d].map(|p| p.client.largest_sent).iter().max().unwrap()
        );
        assert!(largest.iter().all(|&l| l <= ludo_proto::MAX_SERVER_MESSAGE_BYTES));
    })
    .await;
}

/// A lobby seat whose device is gone longer than the away grace opens again: four joiners
/// drop without `leave` (two at a time), their seats open, and new joiners take every open
/// seat (the lobby fills and starts); a gone joiner's token, once the game has started,
/// watches and is told why.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lobby_seats_of_devices_that_are_gone_open_again() {
    let t = start(fast()).await;
    within(30, async {
        let mut a = Player::create(&t.addr, table(&[OPEN; 4]), "Ana")
            .await
            .unwrap();
        let open_after_ana = |m: &ServerMsg| {
            matches!(m, ServerMsg::Room(v)
                if v.seats[1..].iter().all(|s| s.kind == SeatKind::Open) && v.host == 0)
        };
        let mut gone = Vec::new();
        for round in 0..2 {
            for i in 0..2 {
                let j = Player::join(&t.addr, &a.code, &format!("J{round}{i}"), None)
                    .await
                    .unwrap();
                assert_eq!(j.seat, 1 + i as u8);
                gone.push(j.token.clone());
                // The device goes: its socket closes without a word.
                drop(j);
            }
            let both = |m: &ServerMsg| {
                matches!(m, ServerMsg::Room(v) if v.seats[2].kind == SeatKind::Person)
            };
            a.client.until(both).await.unwrap();
            a.client.until(open_after_ana).await.unwrap();
        }
        // New joiners take the three open seats; the full lobby starts.
        let mut fresh = Vec::new();
        for name in ["Budi", "Chen", "Dewi"] {
            fresh.push(Player::join(&t.addr, &a.code, name, None).await.unwrap());
        }
        assert_eq!(fresh.iter().map(|p| p.seat).collect::<Vec<_>>(), [1, 2, 3]);
        let started =
            |m: &ServerMsg| matches!(m, ServerMsg::Room(v) if v.stage == Stage::Playing);
        let ServerMsg::Room(v) = a.client.until(started).await.unwrap() else {
            unreachable!()
        };
        let names: Vec<_> = v.seats.iter().map(|s| s.name.clone().unwrap()).collect();
        assert_eq!(names, ["Ana", "Budi", "Chen", "Dewi"]);
        // A gone joiner's token, now that the game has started, watches and is told why.
        let mut late = Client::connect(&t.addr).await.unwrap();
        late.send(&ClientMsg::Resume {
            code: a.code.clone(),
            token: gone[0].clone(),
            seen: 0,
        })
        .await
        .unwrap();
        let ServerMsg::Refused { reason, .. } = late.recv().await.unwrap() else {
            panic!("told why")
        };
        assert_eq!(reason, ludo_proto::Refusal::GameStarted);
        assert!(
            matches!(late.recv().await.unwrap(), ServerMsg::Room(v) if v.stage == Stage::Playing)
        );
    })
    .await;
}

/// A host whose device goes hands the host's role to the next person present, who can then
/// start the game; everyone hears the new host. The gone host's token sits again while a seat
/// is open.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_host_who_goes_hands_the_role_on() {
    let t = start(fast()).await;
    within(30, async {
        let a = Player::create(&t.addr, table(&[OPEN; 4]), "Ana")
            .await
            .unwrap();
        let (code, token) = (a.code.clone(), a.token.clone());
        let mut b = Player::join(&t.addr, &code, "Budi", None).await.unwrap();
        let _c = Player::join(&t.addr, &code, "Chen", None).await.unwrap();
        drop(a);
        let ServerMsg::Room(v) = b
            .client
            .until(|m| matches!(m, ServerMsg::Room(v) if v.seats[0].kind == SeatKind::Open))
            .await
            .unwrap()
        else {
            unreachable!()
        };
        assert_eq!(v.host, 1, "Budi, the next person present, hosts");
        // Ana's device comes back: a seat is open, so she sits again (not as the host).
        let mut back = Client::connect(&t.addr).await.unwrap();
        back.send(&ClientMsg::Resume {
            code: code.clone(),
            token,
            seen: 0,
        })
        .await
        .unwrap();
        assert_eq!(back.recv().await.unwrap(), ServerMsg::Seated { seat: 0 });
        let ServerMsg::Room(v) = b
            .client
            .until(|m| matches!(m, ServerMsg::Room(v) if v.seats[0].kind == SeatKind::Person))
            .await
            .unwrap()
        else {
            unreachable!()
        };
        assert_eq!(v.seats[0].name.as_deref(), Some("Ana"));
        assert_eq!(v.host, 1);
        b.client.send(&ClientMsg::Start).await.unwrap();
        b.client
            .until(|m| matches!(m, ServerMsg::Room(v) if v.stage == Stage::Playing))
            .await
            .unwrap();
    })
    .await;
}

/// After a game, a host whose device is gone past the grace hands the host's role to the next
/// person present, who can start the next game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_host_gone_after_a_game_hands_the_rematch_on() {
    let t = start(fast()).await;
    within(60, async {
        let mut a = Player::create(&t.addr, table(&[OPEN, OPEN, CPU]), "Ana")
            .await
            .unwrap();
        let mut b = Player::join(&t.addr, &a.code, "Budi", None).await.unwrap();
        let b_task = tokio::spawn(async move { b.play_to_end().await.map(|_| b) });
        a.play_to_end().await.unwrap();
        let mut b = b_task.await.unwrap().unwrap();
        assert_eq!(b.view.as_ref().unwrap().host, 0);
        drop(a);
        b.client
            .until(|m| matches!(m, ServerMsg::Room(v) if v.host == 1))
            .await
            .unwrap();
        b.client.send(&ClientMsg::Rematch).await.unwrap();
        b.client
            .until(|m| {
                matches!(m, ServerMsg::Room(v)
                if v.stage == Stage::Playing && v.game.as_ref().is_some_and(|g| g.number == 2))
            })
            .await
            .unwrap();
    })
    .await;
}

/// A seat whose device goes shows `present: false` at once and `cpu_plays: true` only once
/// the away grace has passed (as docs/PROTOCOL.md says).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cpu_plays_an_absent_seat_after_the_grace_and_says_so_then() {
    let grace = Duration::from_millis(600);
    let t = start(ludo_server::Config {
        away_grace: grace,
        ..fast()
    })
    .await;
    within(30, async {
        let mut a = Player::create(&t.addr, table(&[OPEN, OPEN, CPU]), "Ana")
            .await
            .unwrap();
        let b = Player::join(&t.addr, &a.code, "Budi", None).await.unwrap();
        a.client
            .until(|m| matches!(m, ServerMsg::Room(v) if v.stage == Stage::Playing))
            .await
            .unwrap();
        drop(b);
        let away = |m: &ServerMsg| matches!(m, ServerMsg::Room(v) if !v.seats[1].present);
        let ServerMsg::Room(v) = a.client.until(away).await.unwrap() else {
            unreachable!()
        };
        let left = tokio::time::Instant::now();
        assert!(!v.seats[1].cpu_plays, "not yet: the grace runs");
        let cpu = |m: &ServerMsg| matches!(m, ServerMsg::Room(v) if v.seats[1].cpu_plays);
        a.client.until(cpu).await.unwrap();
        assert!(
            left.elapsed() >= grace - Duration::from_millis(100),
            "{:?}",
            left.elapsed()
        );
    })
    .await;
}

/// A reaction reaches everyone in the room, the spectator too; a faster one, an unknown one
/// and a spectator's are refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reactions_reach_the_table_at_most_one_every_three_seconds() {
    use ludo_proto::{Reaction, Refusal};
    let t = start(fast()).await;
    within(30, async {
        let mut a = Player::create(&t.addr, table(&[OPEN, OPEN]), "Ana")
            .await
            .unwrap();
        let mut w = spectator(&t.addr, &a.code).await;
        w.until(|m| matches!(m, ServerMsg::Room(_))).await.unwrap();
        let mut b = Player::join(&t.addr, &a.code, "Budi", None).await.unwrap();
        let react = |id: &str| ClientMsg::React {
            reaction: id.into(),
        };
        let reacted = |m: &ServerMsg| matches!(m, ServerMsg::Reacted { .. });
        let refused = |m: &ServerMsg| matches!(m, ServerMsg::Refused { .. });
        b.client.send(&react("good_game")).await.unwrap();
        let heard = ServerMsg::Reacted {
            seat: b.seat,
            reaction: Reaction::GoodGame,
        };
        assert_eq!(a.client.until(reacted).await.unwrap(), heard);
        assert_eq!(w.until(reacted).await.unwrap(), heard);
        assert_eq!(b.client.until(reacted).await.unwrap(), heard);
        // Again at once: too fast; another seat may.
        b.client.send(&react("oops")).await.unwrap();
        let ServerMsg::Refused { reason, .. } = b.client.until(refused).await.unwrap() else {
            unreachable!()
        };
        assert_eq!(reason, Refusal::TooFast);
        a.client.send(&react("thumbs_up")).await.unwrap();
        let heard = ServerMsg::Reacted {
            seat: a.seat,
            reaction: Reaction::ThumbsUp,
        };
        assert_eq!(w.until(reacted).await.unwrap(), heard);
        // Words of one's own are not a reaction; a spectator has no seat to react from.
        a.client.send(&react("<b>rude</b>")).await.unwrap();
        let ServerMsg::Refused { reason, .. } = a.client.until(refused).await.unwrap() else {
            unreachable!()
        };
        assert_eq!(reason, Refusal::UnknownReaction);
        w.send(&react("heart")).await.unwrap();
        let ServerMsg::Refused { reason, .. } = w.until(refused).await.unwrap() else {
            unreachable!()
        };
        assert_eq!(reason, Refusal::NotSeated);
    })
    .await;
}

/// A device that never promises its share is left out once the time runs out: the game goes
/// on, everyone's snapshot shows the share left out, and the dice the others sealed check out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_device_that_never_shares_is_left_out_and_everyone_sees_it() {
    let t = start(fast()).await;
    within(60, async {
        let mut a = Player::create(&t.addr, table(&[OPEN, OPEN]), "Ana")
            .await
            .unwrap();
        let mut b = Player::join(&t.addr, &a.code, "Budi", None).await.unwrap();
        b.shares = false;
        let b_task = tokio::spawn(async move { b.play_to_end().await.map(|v| (v, b)) });
        let end = a.play_to_end().await.unwrap();
        let (b_end, _) = b_task.await.unwrap().unwrap();
        let game = end.game.unwrap();
        assert_eq!(game.dice.left_out(), [1], "{:?}", game.dice);
        assert_eq!(b_end.game.unwrap().dice.left_out(), [1], "Budi is told too");
        let result = game.result.unwrap();
        let sealed = game.dice.seal(game.number, &result.secret).unwrap();
        let revealed: Vec<u8> = sealed
            .shares
            .iter()
            .filter(|s| s.secret.is_some())
            .map(|s| s.seat)
            .collect();
        assert_eq!(revealed, [0], "Ana's share alone, with the server's");
        let file = ludo_proto::GameFile {
            record: result.record,
            finished: None,
            served: None,
            sealed: Some(sealed),
            id: None,
            hints: Vec::new(),
        };
        assert_eq!(file.check_dice(), Some(ludo_proto::DiceCheck::Fair));
    })
    .await;
}

/// Partners online: two people across the table against two of the server's CPUs play to the
/// end; the pair is ranked together and the record replays under the room's rules.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn partners_play_a_whole_game_online() {
    let t = start(fast()).await;
    within(60, async {
        let spec = TableSpec {
            rules: ludo_core::Rules {
                teams: ludo_core::Teams::Pairs,
                ..Default::default()
            },
            seats: vec![OPEN, CPU, OPEN, CPU],
            turn_limit_secs: None,
        };
        let mut ana = Player::create(&t.addr, spec, "Ana").await.unwrap();
        let mut budi = Player::join(&t.addr, &ana.code, "Budi", None)
            .await
            .unwrap();
        assert_eq!((ana.seat, budi.seat), (0, 2));
        let task = tokio::spawn(async move { budi.play_to_end().await.map(|v| (v, budi)) });
        let end = ana.play_to_end().await.unwrap();
        let (other, budi) = task.await.unwrap().unwrap();
        assert!(ana.refusals.is_empty() && budi.refusals.is_empty());
        let game = end.game.clone().unwrap();
        assert_eq!(other.game.unwrap().state, game.state);
        let result = game.result.unwrap();
        let mut ranks: Vec<(u8, u8)> = result.ranking.iter().map(|s| (s.seat, s.rank)).collect();
        ranks.sort_unstable();
        let (a, b) = (ranks[0].1, ranks[1].1);
        assert_ne!(a, b);
        assert_eq!(ranks, [(0, a), (1, b), (2, a), (3, b)]);
        let replayed = result.record.replay().unwrap();
        assert_eq!(replayed.rules().teams, ludo_core::Teams::Pairs);
        assert_eq!(replayed.state(), game.state);
        assert!(!game.ranked, "partners are a house rule: unranked");
    })
    .await;
}

/// Partners need four seats once the empty ones close up: a room of three with them (an
/// empty fourth or not) is refused at `create`, saying why; four open seats and an empty one
/// are a room, whose host's start with two seated is refused with the reason, the lobby
/// staying open; with four seated the game starts.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn partners_need_four_seated_and_a_lobby_never_sticks() {
    let t = start(fast()).await;
    within(30, async {
        let partners = |seats: Vec<SeatSpec>| TableSpec {
            rules: ludo_core::Rules {
                teams: ludo_core::Teams::Pairs,
                ..Default::default()
            },
            seats,
            turn_limit_secs: None,
        };
        for seats in [vec![OPEN, CPU, CPU], vec![OPEN, OPEN, OPEN, SeatSpec::Empty]] {
            let err = Player::create(&t.addr, partners(seats.clone()), "Ana").await.err();
            assert!(
                err.as_deref().is_some_and(|e| e.contains("four seats, not 3")),
                "{seats:?}: {err:?}"
            );
        }
        let seats = vec![OPEN, OPEN, OPEN, OPEN, SeatSpec::Empty];
        let mut ana = Player::create(&t.addr, partners(seats), "Ana").await.unwrap();
        let budi = Player::join(&t.addr, &ana.code, "Budi", None).await.unwrap();
        ana.client.send(&ClientMsg::Start).await.unwrap();
        let refused = ana
            .client
            .until(|m| matches!(m, ServerMsg::Refused { .. }))
            .await
            .unwrap();
        let ServerMsg::Refused { reason, detail } = refused else {
            unreachable!()
        };
        assert_eq!(reason, Refusal::NotEnoughPlayers);
        assert!(detail.contains("four seats, not 2"), "{detail}");
        let mut joined = vec![budi];
        for name in ["Chen", "Dina"] {
            joined.push(Player::join(&t.addr, &ana.code, name, None).await.unwrap());
        }
        ana.client
            .until(|m| matches!(m, ServerMsg::Room(v) if v.stage == Stage::Playing && v.seats.len() == 4))
            .await
            .unwrap();
    })
    .await;
}

/// Six at one table online: three people and three of the server's CPUs play a whole game on
/// the radial board, one of them dropping mid-game and resuming, a spectator watching;
/// everyone saw the same end, every seat is ranked, the record replays and its dice check. A
/// room of seven is refused, saying why.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn six_play_a_whole_game_online_and_seven_are_refused() {
    let t = start(fast()).await;
    within(90, async {
        let mut ana = Player::create(&t.addr, table(&[OPEN, CPU, OPEN, CPU, OPEN, CPU]), "Ana")
            .await
            .unwrap();
        let mut others = Vec::new();
        for name in ["Budi", "Chen"] {
            others.push(Player::join(&t.addr, &ana.code, name, None).await.unwrap());
        }
        let seats: Vec<u8> = others.iter().map(|p| p.seat).collect();
        assert_eq!((ana.seat, seats), (0, vec![2, 4]));
        // Someone watches from the lobby to the end.
        let mut watcher = spectator(&t.addr, &ana.code).await;
        let watched = tokio::spawn(async move {
            watcher
                .until(|m| matches!(m, ServerMsg::Room(v) if v.stage == Stage::Over))
                .await
        });
        let addr = t.addr.clone();
        let tasks: Vec<_> = others
            .into_iter()
            .map(|mut p| {
                let addr = addr.clone();
                tokio::spawn(async move {
                    // Chen's device drops thirty events in and comes back to the seat.
                    if p.seat == 4 {
                        p.play_until(|p| p.mirror.as_ref().is_some_and(|m| m.seq >= 30))
                            .await?;
                        p = Player::resume(&addr, p).await?;
                    }
                    p.play_to_end().await.map(|v| (v, p))
                })
            })
            .collect();
        let end = ana.play_to_end().await.unwrap();
        assert!(ana.refusals.is_empty(), "{:?}", ana.refusals);
        let game = end.game.clone().unwrap();
        for task in tasks {
            let (view, p) = task.await.unwrap().unwrap();
            assert!(p.refusals.is_empty(), "{:?}", p.refusals);
            assert_eq!(view.game.unwrap().state, game.state);
        }
        let ServerMsg::Room(watched) = watched.await.unwrap().unwrap() else {
            unreachable!()
        };
        assert_eq!(
            watched.game.unwrap().state,
            game.state,
            "the spectator saw it all"
        );
        let result = game.result.clone().unwrap();
        let mut ranked: Vec<u8> = result.ranking.iter().map(|s| s.seat).collect();
        ranked.sort_unstable();
        assert_eq!(ranked, [0, 1, 2, 3, 4, 5]);
        let replayed = result.record.replay().unwrap();
        assert_eq!(replayed.seats(), 6);
        assert_eq!(replayed.track().len, 78);
        assert_eq!(replayed.ranking().unwrap(), &result.ranking[..]);
        assert_eq!(replayed.state(), game.state);
        let sealed = game.dice.seal(game.number, &result.secret);
        let file = ludo_proto::GameFile {
            record: result.record.clone(),
            finished: None,
            served: None,
            sealed,
            id: Some(format!("{}-{}", ana.code, game.number)),
            hints: Vec::new(),
        };
        assert_eq!(file.check_dice(), Some(ludo_proto::DiceCheck::Fair));
        keep_game_file("online-six", &file);

        let err = Player::create(&t.addr, table(&[OPEN; 7]), "Ana")
            .await
            .err();
        assert!(
            err.as_deref().is_some_and(|e| e.contains("2 to 6 seats")),
            "{err:?}"
        );
    })
    .await;
}
