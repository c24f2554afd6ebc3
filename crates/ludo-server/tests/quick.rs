//! Quick play at a room server on 127.0.0.1: people who ask for a table are seated with the
//! nearest ratings, one alone gets CPUs after the wait, and whoever cancels or drops while
//! waiting leaves the queue.

mod common;

use std::time::Duration;

use common::*;
use ludo_proto::{ClientMsg, PlayerSpec, SeatKind, ServerMsg, Stage};
use ludo_server_tools::client::Client;
use sha2::{Digest, Sha256};

/// Profiles named `name` with `rating`, whose device key is `key-NAME`, as if they had played.
async fn profiles(t: &TestServer, rated: &[(&str, f64)]) {
    for (name, rating) in rated {
        let hash: String = Sha256::digest(format!("key-{name}").as_bytes())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        t.sql(&format!(
            "INSERT INTO profiles(key_hash, name, rating, games, created) \
             VALUES('{hash}', '{name}', {rating}, 9, 0)"
        ))
        .await;
    }
}

/// A device asking for a table of `seats`, told it waits.
async fn ask(addr: &str, name: &str, seats: u8) -> Client {
    let mut c = Client::connect(addr).await.unwrap();
    let player = PlayerSpec {
        name: name.into(),
        profile: Some(format!("key-{name}")),
    };
    c.send(&ClientMsg::QuickPlay { seats, player })
        .await
        .unwrap();
    match c.recv().await.unwrap() {
        ServerMsg::Queued { seats: s, waiting } => {
            assert_eq!(s, seats);
            assert!(waiting >= 1);
        }
        other => panic!("{name}: expected queued, got {other:?}"),
    }
    c
}

/// The room a waiting device is seated in, and the room as it starts.
async fn seated(c: &mut Client) -> (String, ludo_proto::RoomView) {
    let code = match c
        .until(|m| matches!(m, ServerMsg::Joined { .. }))
        .await
        .unwrap()
    {
        ServerMsg::Joined { code, .. } => code,
        _ => unreachable!(),
    };
    let started = c
        .until(|m| matches!(m, ServerMsg::Room(v) if v.stage == Stage::Playing))
        .await
        .unwrap();
    let ServerMsg::Room(view) = started else {
        unreachable!()
    };
    (code, *view)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn eight_asking_for_four_seats_sit_at_two_tables_of_the_nearest_ratings() {
    let t = start(fast()).await;
    let rated = [
        ("Ana", 1000.0),
        ("Bea", 2000.0),
        ("Cy", 1010.0),
        ("Dee", 2030.0),
        ("Eko", 1030.0),
        ("Fai", 2010.0),
        ("Gus", 1020.0),
        ("Hal", 2020.0),
    ];
    profiles(&t, &rated).await;
    within(30, async {
        let mut waiting = Vec::new();
        for (name, _) in rated {
            waiting.push((name, ask(&t.addr, name, 4).await));
        }
        let mut tables: std::collections::BTreeMap<String, Vec<&str>> = Default::default();
        for (name, c) in &mut waiting {
            let (code, view) = seated(c).await;
            // Four people, a ranked game with a turn clock.
            assert!(view.seats.iter().all(|s| s.kind == SeatKind::Person));
            assert!(view.game.as_ref().unwrap().ranked);
            assert_eq!(view.turn_limit_secs, Some(30));
            tables.entry(code).or_default().push(name);
        }
        let mut groups: Vec<Vec<&str>> = tables
            .into_values()
            .map(|mut g| {
                g.sort();
                g
            })
            .collect();
        groups.sort();
        assert_eq!(
            groups,
            [["Ana", "Cy", "Eko", "Gus"], ["Bea", "Dee", "Fai", "Hal"]]
        );
        assert_eq!(t.server.waiting(), 0);
    })
    .await;
}

/// Six who ask for six seats sit at one table, every seat a person: a ranked game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn six_asking_for_six_seats_sit_at_one_ranked_table() {
    let t = start(fast()).await;
    let rated = [
        ("Ana", 1000.0),
        ("Bea", 1010.0),
        ("Cy", 1020.0),
        ("Dee", 1030.0),
        ("Eko", 1040.0),
        ("Fai", 1050.0),
    ];
    profiles(&t, &rated).await;
    within(30, async {
        let mut devices = Vec::new();
        for (name, _) in rated {
            devices.push(ask(&t.addr, name, 6).await);
        }
        let mut codes = Vec::new();
        for c in &mut devices {
            let (code, view) = seated(c).await;
            assert_eq!(view.seats.len(), 6);
            assert!(view.seats.iter().all(|s| s.kind == SeatKind::Person));
            assert!(
                view.game.unwrap().ranked,
                "six people under the standard rules"
            );
            codes.push(code);
        }
        codes.dedup();
        assert_eq!(codes.len(), 1, "one table: {codes:?}");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_waiting_alone_gets_three_cpus_after_the_wait() {
    let t = start(ludo_server::Config {
        quick_wait: Duration::from_millis(300),
        ..fast()
    })
    .await;
    within(30, async {
        let mut c = ask(&t.addr, "Ana", 4).await;
        let (_, view) = seated(&mut c).await;
        let kinds: Vec<SeatKind> = view.seats.iter().map(|s| s.kind).collect();
        assert_eq!(kinds[0], SeatKind::Person);
        assert!(
            kinds[1..].iter().all(|k| matches!(k, SeatKind::Cpu(_))),
            "{kinds:?}"
        );
        assert!(!view.game.unwrap().ranked, "not every seat is a person");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancel_or_a_dropped_device_leaves_the_queue() {
    let t = start(ludo_server::Config {
        quick_wait: Duration::from_secs(60),
        ..fast()
    })
    .await;
    // Ratings far apart: nobody here is seated by the band within the test.
    profiles(&t, &[("Ana", 1000.0), ("Bea", 2000.0), ("Cy", 3000.0)]).await;
    within(30, async {
        let mut a = ask(&t.addr, "Ana", 2).await;
        a.send(&ClientMsg::CancelQuickPlay).await.unwrap();
        a.until(|m| *m == ServerMsg::Unqueued).await.unwrap();
        assert_eq!(t.server.waiting(), 0);
        // A cancel from a device that waits for nothing is answered all the same.
        a.send(&ClientMsg::CancelQuickPlay).await.unwrap();
        assert_eq!(a.recv().await.unwrap(), ServerMsg::Unqueued);
        let mut idle = ludo_server_tools::client::Client::connect(&t.addr)
            .await
            .unwrap();
        idle.send(&ClientMsg::CancelQuickPlay).await.unwrap();
        assert_eq!(idle.recv().await.unwrap(), ServerMsg::Unqueued);
        let mut b = ask(&t.addr, "Bea", 2).await;
        assert_eq!(t.server.waiting(), 1, "Ana, who cancelled, is not waiting");
        let cy = ask(&t.addr, "Cy", 2).await;
        assert_eq!(t.server.waiting(), 2);
        // Bea hears that two wait, then one once Cy's device is gone.
        b.until(|m| matches!(m, ServerMsg::Queued { waiting: 2, .. }))
            .await
            .unwrap();
        cy.close().await;
        b.until(|m| matches!(m, ServerMsg::Queued { waiting: 1, .. }))
            .await
            .unwrap();
        assert_eq!(t.server.waiting(), 1, "the dropped device left the queue");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_leaderboard_comes_over_the_socket_with_ones_own_place() {
    let t = start(fast()).await;
    profiles(
        &t,
        &[
            ("Ana", 1600.0),
            ("Bea", 1700.0),
            ("<script>Cy</script>", 1500.0),
        ],
    )
    .await;
    within(10, async {
        let mut c = Client::connect(&t.addr).await.unwrap();
        c.send(&ClientMsg::Leaderboard {
            profile: Some("key-Ana".into()),
        })
        .await
        .unwrap();
        let ServerMsg::Leaderboard {
            leaders,
            you,
            min_games,
        } = c.recv().await.unwrap()
        else {
            panic!("a leaderboard")
        };
        let names: Vec<&str> = leaders.iter().map(|l| l.name.as_str()).collect();
        assert_eq!(names, ["Bea", "Ana", "<script>Cy</script>"]);
        assert_eq!(you.map(|l| (l.place, l.games)), Some((2, 9)));
        assert_eq!(min_games, 5);
        // The page shows the same names as text.
        let page = http_get(&t.addr, "/leaderboard").await;
        assert!(page.contains("&lt;script&gt;Cy&lt;/script&gt;"), "{page}");
        assert!(!page.contains("<script>Cy"), "{page}");
        let order = ["Bea", "Ana", "Cy"].map(|n| page.find(n).unwrap());
        assert!(order[0] < order[1] && order[1] < order[2], "{page}");
    })
    .await;
}

/// A plain HTTP GET's body.
async fn http_get(addr: &str, path: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut all = Vec::new();
    s.read_to_end(&mut all).await.unwrap();
    String::from_utf8_lossy(&all).into_owned()
}
