//! Three nodes (the real server binary) sharing a PostgreSQL the test starts: a room plays on
//! the node that made it whichever node a device asks; a node killed mid-game hands its room
//! to another once its lease runs out; a node paused past its lease writes nothing when it
//! wakes and sends its devices on; two finished games at once both move the ratings, once;
//! a step the database did not take is told to nobody; a game whose end was never written is
//! finished once by the node that takes it; a claim waits for a stopped node's locks only so
//! long, holds up no other, and a node starting meanwhile stalls nobody's leases. Quick play
//! across nodes: two who ask at two nodes sit at one table, forty spread over three nodes sit
//! at ten, and people who waited at a node that was killed are seated when they ask again.

mod common;

use std::time::Duration;

use common::*;
use ludo_core::Step;
use ludo_proto::ServerMsg;
use ludo_proto::{ClientMsg, Refusal, Stage};
use ludo_server::{
    Claim, IDLE_IN_TRANSACTION, LOCK_WAIT, Leases, Node, Place, RatingChange, Store, StoreError,
    Write,
};
use ludo_server_tools::client::{Player, http_get, node_addr};
use ludo_server_tools::scratch_postgres::ScratchPostgres as Postgres;

/// How long a node holds a room without renewing, in these tests.
const LEASE_MS: u64 = 1500;

/// A node with the store at `url`.
fn node(url: &str) -> Running {
    server_process(&["--lease-ms", &LEASE_MS.to_string(), "--store", url])
}

/// Past a lease: long enough for any node to take a room whose node stopped renewing.
async fn past_a_lease() {
    tokio::time::sleep(Duration::from_millis(LEASE_MS + 700)).await;
}

/// Two players at a table of two on node `at`; each plays until `far` holds for it.
async fn two_playing(at: &Running, far: fn(&Player) -> bool) -> (Player, Player) {
    let mut a = Player::create(&at.addr, table(&[OPEN, OPEN]), "Ana")
        .await
        .unwrap();
    let mut b = Player::join(&at.addr, &a.code, "Budi", None).await.unwrap();
    let b_task = tokio::spawn(async move { b.play_until(far).await.map(|_| b) });
    a.play_until(far).await.unwrap();
    (a, b_task.await.unwrap().unwrap())
}

/// Plays both to the end; the final snapshot (the same for both).
async fn to_the_end(mut a: Player, mut b: Player) -> ludo_proto::RoomView {
    let b_task = tokio::spawn(async move { b.play_to_end().await });
    let end = a.play_to_end().await.unwrap();
    let b_end = b_task.await.unwrap().unwrap();
    assert_eq!(end.game, b_end.game);
    end
}

fn count(rows: Vec<String>) -> i64 {
    rows[0].parse().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_made_on_one_node_plays_there_when_joined_through_another() {
    let pg = Postgres::shared().unwrap();
    let url = pg.database().await.unwrap();
    let nodes = [node(&url), node(&url), node(&url)];
    within(60, async {
        let mut a = Player::create(&nodes[0].addr, table(&[OPEN, OPEN]), "Ana")
            .await
            .unwrap();
        // Asked through node 2, which says where the room is.
        let mut c = ludo_server_tools::client::Client::connect(&nodes[1].addr)
            .await
            .unwrap();
        c.send(&ludo_proto::ClientMsg::Watch {
            code: a.code.clone(),
        })
        .await
        .unwrap();
        match c.recv().await.unwrap() {
            ServerMsg::Moved { url } => assert_eq!(node_addr(&url), nodes[0].addr),
            other => panic!("expected moved, got {other:?}"),
        }
        // The test client follows it, as the game does.
        let b = Player::join(&nodes[1].addr, &a.code, "Budi", None)
            .await
            .unwrap();
        a.answer().await.unwrap();
        let end = to_the_end(a, b).await;
        let result = end.game.unwrap().result.unwrap();
        assert!(result.record.replay().is_ok());
        // One game, counted once, on every node's view of the database.
        let games = Postgres::query(&url, "SELECT count(*) FROM games")
            .await
            .unwrap();
        assert_eq!(count(games), 1);
        let played = Postgres::query(&url, "SELECT sum(games) FROM profiles")
            .await
            .unwrap();
        assert_eq!(count(played), 2);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_nodes_room_goes_on_through_another_after_its_lease() {
    let pg = Postgres::shared().unwrap();
    let url = pg.database().await.unwrap();
    let mut nodes = vec![node(&url), node(&url), node(&url)];
    let (a, b) = within(
        60,
        two_playing(&nodes[0], |p| {
            p.mirror.as_ref().is_some_and(|m| m.seq >= 40)
        }),
    )
    .await;
    let (seq, state) = {
        let m = a.mirror.as_ref().unwrap();
        (m.seq, m.game.state())
    };
    let promised = a
        .view
        .as_ref()
        .unwrap()
        .game
        .as_ref()
        .unwrap()
        .dice
        .promised
        .clone();
    let code = a.code.clone();
    nodes[0].signal(libc::SIGKILL);
    let _ = nodes.remove(0).child.wait();

    // Before its lease runs out, node 3 sends a device to the dead node.
    let mut early = ludo_server_tools::client::Client::connect(&nodes[1].addr)
        .await
        .unwrap();
    early
        .send(&ludo_proto::ClientMsg::Watch { code: code.clone() })
        .await
        .unwrap();
    assert!(matches!(
        early.recv().await.unwrap(),
        ServerMsg::Moved { .. }
    ));
    past_a_lease().await;
    let end = within(60, async {
        let mut a = Player::resume(&nodes[1].addr, a).await.unwrap();
        let mut b = Player::resume(&nodes[1].addr, b).await.unwrap();
        for p in [&mut a, &mut b] {
            let m = p.client.recv().await.unwrap();
            let ServerMsg::Room(view) = &m else {
                panic!("a snapshot, got {m:?}")
            };
            let g = view.game.as_ref().unwrap();
            assert_eq!(g.seq, seq, "the room goes on at the same event");
            assert_eq!(g.state, state);
            assert_eq!(
                g.dice.promised, promised,
                "with the same promise of its dice"
            );
            p.hear(&m).unwrap();
            p.answer().await.unwrap();
        }
        to_the_end(a, b).await
    })
    .await;
    let result = end.game.unwrap().result.unwrap();
    let secret = ludo_core::bytes32(&result.secret).unwrap();
    assert_eq!(ludo_proto::promise(&secret), promised);
    let replayed = result.record.replay().unwrap();
    assert_eq!(replayed.ranking().unwrap(), &result.ranking[..]);
    let games = Postgres::query(&url, "SELECT count(*) FROM games")
        .await
        .unwrap();
    assert_eq!(count(games), 1, "the game is kept once");
    // For `make test` to replay with `ludo-cli replay`.
    keep_for_replay("cluster", &result);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paused_node_writes_nothing_when_it_wakes_and_sends_its_devices_on() {
    let pg = Postgres::shared().unwrap();
    let url = pg.database().await.unwrap();
    let nodes = [node(&url), node(&url)];
    // Both play until it is Budi's turn to roll; Budi has not asked yet.
    let (a, mut b) = within(
        60,
        two_playing(&nodes[0], |p| {
            p.mirror
                .as_ref()
                .is_some_and(|m| m.seq >= 20 && m.game.turn() == 1 && !m.game.is_over())
                && p.view
                    .as_ref()
                    .is_some_and(|v| v.stage == ludo_proto::Stage::Playing)
        }),
    )
    .await;
    assert_eq!(b.seat, 1);
    let seq = a.mirror.as_ref().unwrap().seq;
    let code = a.code.clone();
    let steps = format!("SELECT count(*) FROM steps WHERE code = '{code}'");
    let saved = count(Postgres::query(&url, &steps).await.unwrap());

    nodes[0].signal(libc::SIGSTOP);
    past_a_lease().await;
    // Ana comes back through node 2, which takes the room.
    let mut a = within(20, Player::resume(&nodes[1].addr, a)).await.unwrap();
    let m = within(10, a.client.recv()).await.unwrap();
    let ServerMsg::Room(view) = &m else {
        panic!("a snapshot, got {m:?}")
    };
    assert_eq!(view.game.as_ref().unwrap().seq, seq);
    a.hear(&m).unwrap();
    let epoch = Postgres::query(
        &url,
        &format!("SELECT epoch FROM rooms WHERE code = '{code}'"),
    )
    .await
    .unwrap();
    assert_eq!(epoch, ["2"]);

    // Budi, still on the paused node, rolls: the request waits in the socket until it wakes.
    b.answer().await.unwrap();
    nodes[0].signal(libc::SIGCONT);
    let moved = within(20, async {
        loop {
            match b.client.recv().await.unwrap() {
                ServerMsg::Moved { url } => break url,
                ServerMsg::Events { .. } => panic!("the paused node played a step"),
                _ => {}
            }
        }
    })
    .await;
    assert_eq!(node_addr(&moved), nodes[1].addr);
    assert_eq!(
        count(Postgres::query(&url, &steps).await.unwrap()),
        saved,
        "the woken node wrote nothing"
    );
    // Budi follows and the game ends on node 2.
    let end = within(60, async {
        let mut b = Player::resume(&node_addr(&moved), b).await.unwrap();
        let m = b.client.recv().await.unwrap();
        b.hear(&m).unwrap();
        assert_eq!(b.mirror.as_ref().unwrap().seq, seq);
        b.answer().await.unwrap();
        to_the_end(a, b).await
    })
    .await;
    let result = end.game.unwrap().result.unwrap();
    assert!(result.record.replay().is_ok());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_stopped_for_a_deploy_hands_its_rooms_on_and_the_game_goes_on() {
    let pg = Postgres::shared().unwrap();
    let url = pg.database().await.unwrap();
    let lease = LEASE_MS.to_string();
    let mut stopping = server_process(&[
        "--lease-ms",
        &lease,
        "--store",
        &url,
        "--drain-notice-ms",
        "800",
    ]);
    let other = node(&url);
    let ready = |addr: String| async move { http_get(&addr, "/readyz").await };
    assert_eq!(ready(stopping.addr.clone()).await.unwrap(), "ready\n");
    let (a, b) = within(
        60,
        two_playing(&stopping, |p| {
            p.mirror
                .as_ref()
                .is_some_and(|m| m.seq >= 10 && !m.game.is_over())
        }),
    )
    .await;
    let seq = a
        .mirror
        .as_ref()
        .unwrap()
        .seq
        .max(b.mirror.as_ref().unwrap().seq);

    // A deploy stops the node: it says it is not ready at once, and takes no new room.
    stopping.signal(libc::SIGTERM);
    let said = within(5, async {
        loop {
            match ready(stopping.addr.clone()).await {
                Err(e) => break e,
                Ok(_) => tokio::time::sleep(Duration::from_millis(20)).await,
            }
        }
    })
    .await;
    assert!(said.contains("503"), "{said}");
    let refused = Player::create(&stopping.addr, table(&[OPEN, OPEN]), "Cyd").await;
    assert!(refused.is_err(), "a new room on a stopping node");

    // Then both players are sent to the other node, which takes the room on where it was.
    let follow = |mut p: Player| async move {
        let to = loop {
            match p.client.recv().await.unwrap() {
                ServerMsg::Moved { url } => break url,
                m => p.hear(&m).unwrap(),
            }
        };
        let mut p = Player::resume(&node_addr(&to), p).await.unwrap();
        let m = p.client.recv().await.unwrap();
        p.hear(&m).unwrap();
        (to, p)
    };
    let b_task = tokio::spawn(follow(b));
    let (to_a, a) = within(20, follow(a)).await;
    let (to_b, b) = within(20, b_task).await.unwrap();
    assert_eq!(node_addr(&to_a), other.addr);
    assert_eq!(node_addr(&to_b), other.addr);
    assert!(a.mirror.as_ref().unwrap().seq >= seq, "no step lost");
    // The stopped node is gone, having handed its room on, and the game ends on the other.
    let status = within(20, async {
        loop {
            if let Some(status) = stopping.child.try_wait().unwrap() {
                break status;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await;
    assert!(status.success(), "{status}");
    let (mut a, mut b) = (a, b);
    a.answer().await.unwrap();
    b.answer().await.unwrap();
    let end = within(60, to_the_end(a, b)).await;
    assert!(end.game.unwrap().result.unwrap().record.replay().is_ok());
}

/// A store and its leases as node `id` would open them.
async fn store(url: &str, id: &str) -> (Store, Leases) {
    let node = Node {
        id: id.into(),
        address: format!("ws://{id}/ws"),
        lease: Duration::from_secs(10),
    };
    let opened = Store::open(&Place::Postgres(url.into()), node)
        .await
        .unwrap();
    (opened.store, opened.leases.expect("PostgreSQL's leases"))
}

/// Room `R{i}` made and its ranked game between the two profiles finished at once (the
/// winner first, or second when `flip`).
async fn finish_room(
    (store, leases): &(Store, Leases),
    ids: &[i64],
    i: usize,
    flip: bool,
) -> Result<i64, StoreError> {
    let code = format!("R{i}");
    let epoch = leases.claim_new(&code, "{}").await.unwrap().unwrap();
    let (x, y) = if flip {
        (ids[1], ids[0])
    } else {
        (ids[0], ids[1])
    };
    let w = Write::Finished {
        code,
        epoch,
        number: 1,
        ending: None,
        ranked: true,
        record: "{}".into(),
        ratings: vec![
            RatingChange {
                profile: x,
                change: 1.0,
                won: true,
            },
            RatingChange {
                profile: y,
                change: -1.0,
                won: false,
            },
        ],
        room: "{}".into(),
    };
    store.write(w).await
}

/// Two stores as two nodes' (the same database): rooms finishing on both at once, their
/// players the same profiles in opposite orders, each count once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_finishing_at_once_on_two_nodes_each_move_the_ratings_once() {
    let pg = Postgres::shared().unwrap();
    let url = pg.database().await.unwrap();
    let (one_node, two_node) = (store(&url, "one").await, store(&url, "two").await);
    let ((one, one_leases), (two, two_leases)) = (&one_node, &two_node);
    let mut ids = Vec::new();
    for name in ["Ana", "Budi"] {
        let w = Write::NewProfile {
            key_hash: format!("key {name}"),
            name: name.into(),
        };
        ids.push(one.write(w).await.unwrap());
    }
    const ROOMS: usize = 40;
    let (a, b) = tokio::join!(
        futures_util::future::join_all((0..ROOMS).map(|i| finish_room(
            &one_node,
            &ids,
            2 * i,
            false
        ))),
        futures_util::future::join_all((0..ROOMS).map(|i| finish_room(
            &two_node,
            &ids,
            2 * i + 1,
            true
        ))),
    );
    assert!(a.iter().chain(&b).all(|r| r.is_ok()), "{a:?} {b:?}");
    for id in &ids {
        let p = one.profile(*id).await.unwrap().unwrap();
        assert_eq!(p.games, 2 * ROOMS as i64, "every game counted once");
        assert!((p.rating - ludo_core::rating::START_RATING).abs() < 1e-9);
    }
    let games = Postgres::query(&url, "SELECT count(*) FROM games")
        .await
        .unwrap();
    assert_eq!(count(games), 2 * ROOMS as i64);

    // A room taken by node two: node one's writes at the old epoch change nothing.
    let epoch = one_leases.claim_new("FENCE", "{}").await.unwrap().unwrap();
    let step = |epoch| Write::Step {
        code: "FENCE".into(),
        epoch,
        game: 1,
        idx: 0,
        step: Step::Roll(6),
    };
    assert_eq!(one.write(step(epoch)).await, Ok(0));
    // Node one's lease runs out: every room it holds is free at once.
    Postgres::query(
        &url,
        "UPDATE nodes SET lease_until = now() - interval '1 second' WHERE id = 'one'",
    )
    .await
    .unwrap();
    let Ok(Claim::Taken(saved)) = two_leases.claim("FENCE").await else {
        panic!("node two takes a room whose lease ran out")
    };
    assert_eq!(saved.epoch, epoch + 1);
    assert_eq!(saved.steps[&1], [Step::Roll(6)]);
    assert_eq!(one.write(step(epoch)).await, Err(StoreError::Fenced));
    let finish = Write::Finished {
        code: "FENCE".into(),
        epoch,
        number: 1,
        ending: Some((1, Step::Roll(3))),
        ranked: true,
        record: "{}".into(),
        ratings: vec![RatingChange {
            profile: ids[0],
            change: 50.0,
            won: true,
        }],
        room: "{}".into(),
    };
    assert_eq!(one.write(finish).await, Err(StoreError::Fenced));
    let p = one.profile(ids[0]).await.unwrap().unwrap();
    assert_eq!(p.games, 2 * ROOMS as i64, "a fenced finish moves no rating");
    // The rooms of a node gone for a room's time to live end (it died, nobody came).
    let ones = "SELECT count(*) FROM rooms WHERE owner = 'one'";
    let held = count(Postgres::query(&url, ones).await.unwrap());
    assert!(held >= 1, "node one still holds the rooms nobody took");
    Postgres::query(
        &url,
        "UPDATE nodes SET lease_until = now() - interval '2 hours' WHERE id = 'one'",
    )
    .await
    .unwrap();
    assert_eq!(
        one_leases.sweep(Duration::from_secs(3600)).await,
        Ok(held as u64)
    );
    assert_eq!(count(Postgres::query(&url, ones).await.unwrap()), 0);
    let fence = "SELECT count(*) FROM rooms WHERE code = 'FENCE'";
    assert_eq!(count(Postgres::query(&url, fence).await.unwrap()), 1);
    // Node one is told where the room is; node two's own writes go in.
    assert!(
        matches!(one_leases.claim("FENCE").await, Ok(Claim::Elsewhere { address }) if address == "ws://two/ws")
    );
    assert_eq!(two.write(step(saved.epoch)).await, Ok(0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_step_the_database_cannot_take_is_told_to_nobody() {
    // A PostgreSQL of this test's own: it goes down mid-game.
    let pg = Postgres::start().unwrap();
    let url = pg.database().await.unwrap();
    let n = node(&url);
    let (a, mut b) = within(
        60,
        two_playing(&n, |p| {
            p.mirror
                .as_ref()
                .is_some_and(|m| m.seq >= 10 && m.game.turn() == 1 && !m.game.is_over())
        }),
    )
    .await;
    drop(pg);
    b.answer().await.unwrap();
    let heard = within(20, async {
        loop {
            match b.client.recv().await {
                Ok(ServerMsg::Moved { url }) => break Some(url),
                Ok(ServerMsg::Events { .. }) => {
                    panic!("a step the database does not have was told")
                }
                Ok(_) => {}
                Err(_) => break None,
            }
        }
    })
    .await;
    assert!(heard.is_some(), "the device is sent to find the room again");
    drop(a);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_whose_end_its_node_never_wrote_is_finished_once_by_the_node_that_takes_it() {
    let pg = Postgres::shared().unwrap();
    let url = pg.database().await.unwrap();
    let mut nodes = vec![node(&url), node(&url)];
    let (a, b) = within(
        60,
        two_playing(&nodes[0], |p| p.stage() == Some(Stage::Over)),
    )
    .await;
    let code = a.code.clone();
    nodes[0].signal(libc::SIGKILL);
    let _ = nodes.remove(0).child.wait();
    drop(b);
    // The database as a node killed between a game's last step and its end left it, before the
    // two were one commit: every step of the game, the table still playing, no record, no
    // rating moved.
    let room = Postgres::query(
        &url,
        &format!("SELECT room FROM rooms WHERE code = '{code}'"),
    )
    .await
    .unwrap();
    let mut table: serde_json::Value = serde_json::from_str(&room[0]).unwrap();
    table["stage"] = "playing".into();
    table["game"]["rating_changes"] = serde_json::Value::Null;
    let start = ludo_core::rating::START_RATING;
    for seat in table["seats"].as_array_mut().unwrap() {
        seat["rating"] = start.into();
    }
    Postgres::query(
        &url,
        &format!(
            "UPDATE rooms SET room = '{table}' WHERE code = '{code}'; \
             UPDATE nodes SET lease_until = now() - interval '1 second' \
             WHERE id = (SELECT owner FROM rooms WHERE code = '{code}'); DELETE FROM games; \
             UPDATE profiles SET rating = {start}, games = 0, wins = 0"
        ),
    )
    .await
    .unwrap();

    // Ana comes back through the other node, which takes the room and finishes the game.
    let mut a = within(20, Player::resume(&nodes[0].addr, a)).await.unwrap();
    let over = within(
        20,
        a.client
            .until(|m| matches!(m, ServerMsg::Room(v) if v.stage == Stage::Over)),
    )
    .await
    .unwrap();
    let ServerMsg::Room(view) = over else {
        unreachable!()
    };
    let result = view.game.as_ref().unwrap().result.as_ref().unwrap();
    let changes = result.rating_changes.as_ref().expect("ranked, scored");
    assert!(changes[0] != 0.0 && (changes[0] + changes[1]).abs() < 1e-9);
    let games = Postgres::query(&url, "SELECT count(*) FROM games").await;
    assert_eq!(count(games.unwrap()), 1, "recorded once");
    let played = Postgres::query(&url, "SELECT sum(games) FROM profiles").await;
    assert_eq!(count(played.unwrap()), 2, "ratings moved once");
    let moved = Postgres::query(
        &url,
        &format!("SELECT count(*) FROM profiles WHERE rating <> {start}"),
    )
    .await;
    assert_eq!(count(moved.unwrap()), 2);
    // The host starts the rematch there.
    a.client.send(&ClientMsg::Rematch).await.unwrap();
    within(
        20,
        a.client.until(|m| {
            matches!(m, ServerMsg::Room(v) if v.stage == Stage::Playing
                && v.game.as_ref().is_some_and(|g| g.number == 2))
        }),
    )
    .await
    .unwrap();
}

/// A session of the test's own that holds room `code`'s row as a node's batch of writes
/// does (`FOR SHARE`, in a transaction left open): a node stopped in the middle of a write.
/// `as_a_node`: with the nodes' session settings, so the database ends it as it would a
/// node's; else it is held until the test lets go.
async fn hold_row(url: &str, code: &str, as_a_node: bool) -> tokio_postgres::Client {
    let mut config: tokio_postgres::Config = url.parse().unwrap();
    if as_a_node {
        config.options(ludo_server::session_options());
    }
    let (client, conn) = config.connect(tokio_postgres::NoTls).await.unwrap();
    tokio::spawn(conn);
    client
        .batch_execute(&format!(
            "BEGIN; SELECT 1 FROM rooms WHERE code = '{code}' FOR SHARE"
        ))
        .await
        .unwrap();
    client
}

/// Asks node `addr` for `player`'s seat: its first answer, and how long it took.
async fn ask_for_seat(addr: &str, player: &Player) -> (ServerMsg, Duration) {
    let asked = std::time::Instant::now();
    let mut c = ludo_server_tools::client::Client::connect(addr)
        .await
        .unwrap();
    let resume = ClientMsg::Resume {
        code: player.code.clone(),
        token: player.token.clone(),
        seen: 0,
    };
    c.send(&resume).await.unwrap();
    let first = c.recv_within(LOCK_WAIT * 3).await.unwrap();
    (first, asked.elapsed())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_claim_waits_for_a_stopped_nodes_locks_only_so_long_and_holds_up_nothing_else() {
    let pg = Postgres::shared().unwrap();
    let url = pg.database().await.unwrap();
    let nodes = [node(&url), node(&url)];
    let mut players = Vec::new();
    for name in ["Ana", "Budi", "Citra"] {
        let p = Player::create(&nodes[0].addr, table(&[OPEN, OPEN]), name);
        players.push(within(20, p).await.unwrap());
    }
    // Node 1 stops while two of its rooms' rows are held in open transactions: one by a
    // session the database ends as it ends a node's, one by a session it never ends.
    nodes[0].signal(libc::SIGSTOP);
    let never = hold_row(&url, &players[0].code, false).await;
    past_a_lease().await;
    let cut = hold_row(&url, &players[1].code, true).await;

    // Node 2 is asked for all three rooms at once; meanwhile a third node starts, and node 2's
    // lease on the free room (taken at once) is watched.
    let lease = format!(
        "SELECT count(*) FROM rooms r JOIN nodes n ON n.id = r.owner \
         WHERE r.code = '{}' AND n.lease_until < now()",
        players[2].code
    );
    let watch = async {
        let mut lapsed = 0;
        for _ in 0..30 {
            tokio::time::sleep(Duration::from_millis(100)).await;
            lapsed += count(Postgres::query(&url, &lease).await.unwrap());
        }
        lapsed
    };
    let third = async {
        tokio::time::sleep(Duration::from_millis(300)).await;
        let url = url.clone();
        let started = std::time::Instant::now();
        let n = tokio::task::spawn_blocking(move || node(&url))
            .await
            .unwrap();
        (n, started.elapsed())
    };
    let ((held, held_took), (cut_room, cut_took), (free, free_took), lapsed, (_third, start_took)) =
        within(
            30,
            futures_util::future::join5(
                ask_for_seat(&nodes[1].addr, &players[0]),
                ask_for_seat(&nodes[1].addr, &players[1]),
                ask_for_seat(&nodes[1].addr, &players[2]),
                watch,
                third,
            ),
        )
        .await;
    eprintln!(
        "claims: a free room {free_took:?}, one the database cut free {cut_took:?}, \
         one held {held_took:?} (busy); a node started in {start_took:?}"
    );
    let slack = Duration::from_millis(1500);
    assert!(
        matches!(free, ServerMsg::Seated { .. }) && free_took < slack,
        "a free room is not held up by another's claim: {free:?} after {free_took:?}"
    );
    assert!(
        matches!(cut_room, ServerMsg::Seated { .. }) && cut_took < IDLE_IN_TRANSACTION + slack,
        "a room whose holder the database cut is taken: {cut_room:?} after {cut_took:?}"
    );
    assert!(
        matches!(
            held,
            ServerMsg::Refused {
                reason: Refusal::Busy,
                ..
            }
        ) && held_took < LOCK_WAIT + slack,
        "a room still held is answered busy in time: {held:?} after {held_took:?}"
    );
    assert_eq!(
        lapsed, 0,
        "node 2's lease never lapsed while a node started"
    );
    assert!(
        start_took < Duration::from_secs(2),
        "a node started in {start_took:?}"
    );
    // The stopped node's transaction was ended: it writes nothing when it goes on.
    let late = cut
        .batch_execute(&format!(
            "UPDATE rooms SET room = 'late' WHERE code = '{}'; COMMIT",
            players[1].code
        ))
        .await;
    assert!(late.is_err(), "the cut session still wrote");
    // Let go, the held room is taken when asked again.
    never.batch_execute("ROLLBACK").await.unwrap();
    let (again, _) = ask_for_seat(&nodes[1].addr, &players[0]).await;
    assert!(matches!(again, ServerMsg::Seated { .. }), "{again:?}");
    // Node 1 wakes: it holds none of them, writes nothing, and sends its devices on.
    nodes[0].signal(libc::SIGCONT);
    for p in &mut players {
        let moved = within(20, p.client.until(|m| matches!(m, ServerMsg::Moved { .. }))).await;
        assert!(moved.is_ok(), "{moved:?}");
    }
    let epochs = Postgres::query(&url, "SELECT DISTINCT epoch FROM rooms").await;
    assert_eq!(
        epochs.unwrap(),
        ["2"],
        "each room taken once, written by nobody else"
    );
}

/// Asks for quick play at each of `at` (a node's address and a name) at once: each player and
/// the node it sits at.
async fn all_ask(at: &[(String, String)], seats: u8) -> Vec<(Player, String)> {
    let asks = at.iter().map(|(addr, name)| {
        let (addr, name) = (addr.clone(), name.clone());
        tokio::spawn(async move { Player::quick(&addr, seats, &name, None).await })
    });
    let mut seated = Vec::new();
    for ask in futures_util::future::join_all(asks).await {
        seated.push(ask.unwrap().unwrap());
    }
    seated
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_asking_for_quick_play_at_two_nodes_sit_at_one_table_and_play_it() {
    let pg = Postgres::shared().unwrap();
    let url = pg.database().await.unwrap();
    let nodes = [node(&url), node(&url)];
    let at = [
        (nodes[0].addr.clone(), "Ana".to_string()),
        (nodes[1].addr.clone(), "Budi".to_string()),
    ];
    let mut seated = within(20, all_ask(&at, 2)).await;
    let (b, b_node) = seated.pop().unwrap();
    let (a, a_node) = seated.pop().unwrap();
    assert_eq!(a.code, b.code, "one table");
    assert_eq!(a_node, b_node, "both at the node that holds it");
    assert_ne!(a.seat, b.seat);
    let end = within(60, to_the_end(a, b)).await;
    let result = end.game.unwrap().result.expect("the game ended");
    assert!(result.rating_changes.is_some(), "a ranked game");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forty_asking_at_three_nodes_sit_at_ten_tables_of_four_each_once() {
    let pg = Postgres::shared().unwrap();
    let url = pg.database().await.unwrap();
    let nodes = [node(&url), node(&url), node(&url)];
    let at: Vec<(String, String)> = (0..40)
        .map(|i| (nodes[i % 3].addr.clone(), format!("P{i}")))
        .collect();
    let seated = within(30, all_ask(&at, 4)).await;
    let mut tables: std::collections::HashMap<String, Vec<u8>> = Default::default();
    for (p, _) in &seated {
        tables.entry(p.code.clone()).or_default().push(p.seat);
    }
    assert_eq!(tables.len(), 10, "{tables:?}");
    for (code, mut seats) in tables {
        seats.sort_unstable();
        assert_eq!(seats, [0, 1, 2, 3], "room {code}: four people, no CPU");
    }
    let waiting = Postgres::query(&url, "SELECT count(*) FROM quick_waiting").await;
    assert_eq!(count(waiting.unwrap()), 0, "nobody left in the queue");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn people_waiting_at_a_killed_node_are_seated_when_they_ask_again() {
    let pg = Postgres::shared().unwrap();
    let url = pg.database().await.unwrap();
    let mut nodes = vec![node(&url), node(&url), node(&url)];
    // Three wait at node 1 for a table of four.
    let mut waiting = Vec::new();
    for name in ["Ana", "Budi", "Citra"] {
        let mut c = ludo_server_tools::client::Client::connect(&nodes[0].addr)
            .await
            .unwrap();
        let player = ludo_proto::PlayerSpec {
            name: name.into(),
            profile: None,
        };
        c.send(&ClientMsg::QuickPlay { seats: 4, player })
            .await
            .unwrap();
        let queued = within(10, c.until(|m| matches!(m, ServerMsg::Queued { .. }))).await;
        assert!(queued.is_ok(), "{queued:?}");
        waiting.push(c);
    }
    within(10, async {
        while count(
            Postgres::query(&url, "SELECT count(*) FROM quick_waiting")
                .await
                .unwrap(),
        ) < 3
        {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await;
    nodes[0].signal(libc::SIGKILL);
    let _ = nodes.remove(0).child.wait();
    drop(waiting);
    // Once its lease has run out, its rows are nobody's: their devices ask again at the
    // others (as a game does on reconnecting), and a fourth person asks. The four sit at one
    // table, none of them beside the killed node's rows.
    past_a_lease().await;
    let at: Vec<(String, String)> = ["Ana", "Budi", "Citra", "Dewi"]
        .iter()
        .enumerate()
        .map(|(i, name)| (nodes[i % 2].addr.clone(), name.to_string()))
        .collect();
    let seated = within(30, all_ask(&at, 4)).await;
    let codes: std::collections::HashSet<&str> =
        seated.iter().map(|(p, _)| p.code.as_str()).collect();
    assert_eq!(codes.len(), 1, "one table for the four");
    let mut seats: Vec<u8> = seated.iter().map(|(p, _)| p.seat).collect();
    seats.sort_unstable();
    assert_eq!(seats, [0, 1, 2, 3]);
}
