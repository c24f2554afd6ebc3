//! Requests a game should never send, and clients that misbehave: each is refused with a
//! reason (or its socket closed), the game is unharmed, and other rooms go on.

mod common;

use std::time::Duration;

use common::*;
use ludo_proto::{ClientMsg, PlayerSpec, Refusal, ServerMsg, Stage};
use ludo_server_tools::client::{Client, Player};

async fn refusal(c: &mut Client) -> Refusal {
    match c
        .until(|m| matches!(m, ServerMsg::Refused { .. }))
        .await
        .unwrap()
    {
        ServerMsg::Refused { reason, .. } => reason,
        _ => unreachable!(),
    }
}

/// Wrong seat, wrong phase, stale, illegal and malformed requests change nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_are_refused_and_the_game_is_unharmed() {
    let t = start(fast()).await;
    within(30, async {
        let mut a = Player::create(&t.addr, table(&[OPEN, OPEN, OPEN]), "Ana")
            .await
            .unwrap();
        let mut b = Player::join(&t.addr, &a.code, "Budi", None).await.unwrap();
        // Only the host starts.
        b.client.send(&ClientMsg::Start).await.unwrap();
        assert_eq!(refusal(&mut b.client).await, Refusal::NotHost);
        // A seat that is not open cannot be taken.
        let mut c = Client::connect(&t.addr).await.unwrap();
        let code = a.code.clone();
        let join = |seat| ClientMsg::Join {
            code: code.clone(),
            player: PlayerSpec {
                name: "Chen".into(),
                profile: None,
            },
            seat,
        };
        c.send(&join(Some(1))).await.unwrap();
        assert_eq!(refusal(&mut c).await, Refusal::RoomFull);
        a.client.send(&ClientMsg::Start).await.unwrap();
        for p in [&mut a, &mut b] {
            let m = p
                .client
                .until(|m| matches!(m, ServerMsg::Room(v) if v.stage == Stage::Playing))
                .await
                .unwrap();
            p.hear(&m).unwrap();
        }
        // The open seat nobody took is gone; no one joins a game under way.
        assert_eq!(a.view.as_ref().unwrap().seats.len(), 2);
        c.send(&join(None)).await.unwrap();
        assert_eq!(refusal(&mut c).await, Refusal::GameStarted);
        // Seat 0 is to roll.
        assert_eq!(a.mirror.as_ref().unwrap().game.turn(), 0);
        let before = a.view.as_ref().unwrap().game.clone().unwrap().state;
        b.client.send(&ClientMsg::Roll { at: 0 }).await.unwrap();
        assert_eq!(refusal(&mut b.client).await, Refusal::NotYourTurn);
        a.client
            .send(&ClientMsg::Move { at: 0, piece: 0 })
            .await
            .unwrap();
        assert_eq!(refusal(&mut a.client).await, Refusal::WrongPhase);
        a.client.send(&ClientMsg::Roll { at: 7 }).await.unwrap();
        assert_eq!(refusal(&mut a.client).await, Refusal::Stale);
        for bad in [
            "not json",
            r#"{"type":"roll"}"#,
            r#"{"type":"move","at":0,"piece":-1}"#,
            r#"{"type":"teleport","piece":0}"#,
            r#"{"type":"roll","at":0,"extra":"x"#,
        ] {
            a.client.send_text(bad).await.unwrap();
            assert_eq!(refusal(&mut a.client).await, Refusal::Malformed, "{bad}");
        }
        // A watcher sees the game as it was.
        let mut w = spectator(&t.addr, &a.code).await;
        let ServerMsg::Room(v) = w.recv().await.unwrap() else {
            panic!("a snapshot")
        };
        let g = v.game.unwrap();
        assert_eq!(g.state, before);
        assert_eq!(g.seq, 0);
        // Roll until a move is due, then name a piece that does not exist and a stale move.
        loop {
            let at = a.mirror.as_ref().unwrap().seq;
            let m = a.mirror.as_ref().unwrap();
            if m.game.turn() == a.seat && m.game.awaiting() == ludo_core::Awaiting::Move {
                a.client
                    .send(&ClientMsg::Move { at, piece: 9 })
                    .await
                    .unwrap();
                assert_eq!(refusal(&mut a.client).await, Refusal::Illegal);
                a.client
                    .send(&ClientMsg::Move {
                        at: at + 1,
                        piece: 0,
                    })
                    .await
                    .unwrap();
                assert_eq!(refusal(&mut a.client).await, Refusal::Stale);
                break;
            }
            // Both answer for their seats until Ana has a move to make.
            for p in [&mut a, &mut b] {
                if let Some(req) = p.request() {
                    let req = match req {
                        ClientMsg::Move { .. } if p.seat == 0 => continue,
                        r => r,
                    };
                    p.client.send(&req).await.unwrap();
                }
            }
            // What comes next: events, or the dice's sealing going on.
            for p in [&mut a, &mut b] {
                let m = p
                    .client
                    .until(|m| matches!(m, ServerMsg::Events { .. } | ServerMsg::Room(_)))
                    .await
                    .unwrap();
                p.hear(&m).unwrap();
            }
        }
    })
    .await;
}

/// Versions, hellos, codes, sizes: the first message must be a hello of this version; a
/// message past the size limit closes the socket; guessing codes closes it too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn misbehaving_connections_are_refused_and_closed() {
    let t = start(fast()).await;
    within(30, async {
        let mut c = Client::raw(&t.addr).await.unwrap();
        c.send(&ClientMsg::Hello { protocol: 99 }).await.unwrap();
        let ServerMsg::Refused { reason, detail } = c.recv().await.unwrap() else {
            panic!("a refusal")
        };
        assert_eq!(reason, Refusal::Version);
        let speaks = format!("protocol {}", ludo_proto::PROTOCOL_VERSION);
        assert!(detail.contains(&speaks), "{detail}");
        assert!(c.recv().await.is_err(), "closed after a wrong version");

        let mut c = Client::raw(&t.addr).await.unwrap();
        c.send(&ClientMsg::Ping).await.unwrap();
        assert_eq!(refusal(&mut c).await, Refusal::NoHello);

        let mut c = Client::connect(&t.addr).await.unwrap();
        c.send(&ClientMsg::Start).await.unwrap();
        assert_eq!(refusal(&mut c).await, Refusal::NotSeated);
        let mut closed = false;
        for i in 0..20 {
            let code = format!("ZZZZ{i:04}");
            if c.send(&ClientMsg::Watch { code }).await.is_err() {
                closed = true;
                break;
            }
            match c.recv().await {
                Ok(ServerMsg::Refused { reason, .. }) => assert_eq!(reason, Refusal::NoSuchRoom),
                Ok(other) => panic!("{other:?}"),
                Err(_) => {
                    closed = true;
                    break;
                }
            }
        }
        assert!(closed, "a connection that guesses codes is closed");

        let mut c = Client::connect(&t.addr).await.unwrap();
        let huge = format!(r#"{{"type":"ping","pad":"{}"}}"#, "x".repeat(100_000));
        let _ = c.send_text(&huge).await;
        let mut saw_too_large = false;
        loop {
            match c.recv().await {
                Ok(ServerMsg::Refused {
                    reason: Refusal::TooLarge,
                    ..
                }) => saw_too_large = true,
                Ok(_) => {}
                Err(_) => break,
            }
        }
        assert!(saw_too_large, "the server says why it closes");
        // The server is fine.
        let mut c = Client::connect(&t.addr).await.unwrap();
        c.send(&ClientMsg::Ping).await.unwrap();
        assert_eq!(c.recv().await.unwrap(), ServerMsg::Pong);
    })
    .await;
}

/// A flood from one connection is cut off by the rate limit and does not hold up a game in
/// another room.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_from_one_client_does_not_slow_another_room() {
    // A limit of 100 messages a second, and a CPU at a pace that keeps Ana's bot inside it.
    let t = start(ludo_server::Config {
        rate: 100.0,
        burst: 100.0,
        cpu_pace: Duration::from_millis(10),
        ..fast()
    })
    .await;
    within(60, async {
        // A game of one person and a CPU.
        let mut a = Player::create(&t.addr, table(&[OPEN, CPU]), "Ana")
            .await
            .unwrap();
        let flood = tokio::spawn({
            let addr = t.addr.clone();
            async move {
                let mut c = Client::connect(&addr).await.unwrap();
                let mut sent = 0;
                let mut refused = 0;
                for _ in 0..20_000 {
                    if c.send(&ClientMsg::Ping).await.is_err() {
                        break;
                    }
                    sent += 1;
                }
                let end = loop {
                    match c.recv_within(Duration::from_secs(5)).await {
                        Ok(ServerMsg::Refused {
                            reason: Refusal::TooFast,
                            ..
                        }) => refused += 1,
                        Ok(_) => {}
                        Err(e) => break e,
                    }
                };
                (sent, refused, end)
            }
        });
        // Ana plays her own seat; the CPUs theirs.
        let started = tokio::time::Instant::now();
        let end = a.play_to_end().await.unwrap();
        let took = started.elapsed();
        assert_eq!(end.stage, Stage::Over);
        let (sent, refused, end) = flood.await.unwrap();
        // The server closed the flooding socket (what the kernel took of the flood before
        // that, up to all 20,000 on loopback, is read or reset, never answered).
        assert_ne!(end, "no message in time", "the flood was cut off");
        assert!(refused <= 160, "{refused} refusals before closing");
        eprintln!("a flood of {sent} messages sent; {refused} refusals, then: {end}");
        eprintln!("a whole game beside a flood of {sent} messages took {took:?}");
    })
    .await;
}

/// A socket that answers no heartbeat is closed, and its seat shows as away.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_silent_socket_is_closed_by_the_heartbeat() {
    let t = start(ludo_server::Config {
        ping_interval: Duration::from_millis(200),
        ..fast()
    })
    .await;
    within(30, async {
        let a = Player::create(&t.addr, table(&[OPEN, OPEN]), "Ana")
            .await
            .unwrap();
        let mut w = spectator(&t.addr, &a.code).await;
        // Ana's device goes quiet: it neither reads nor answers pings.
        let Player { client: silent, .. } = a;
        let view = w
            .until(|m| matches!(m, ServerMsg::Room(v) if !v.seats[0].present))
            .await;
        assert!(view.is_ok(), "the watcher sees Ana's seat go away");
        drop(silent);
    })
    .await;
}

/// Wrong seat tokens count as misses, like wrong codes: the tenth is answered and the
/// connection closed. A second hello is refused; the fiftieth malformed message is answered
/// and the connection closed (docs/PROTOCOL.md, Limits).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_tokens_second_hellos_and_strikes_are_counted() {
    let t = start(fast()).await;
    within(30, async {
        let a = Player::create(&t.addr, table(&[OPEN, OPEN]), "Ana")
            .await
            .unwrap();
        let mut c = Client::connect(&t.addr).await.unwrap();
        for i in 0..10 {
            c.send(&ClientMsg::Resume {
                code: a.code.clone(),
                token: format!("{i:032x}"),
                seen: 0,
            })
            .await
            .unwrap();
            assert_eq!(refusal(&mut c).await, Refusal::BadToken, "try {i}");
        }
        assert!(c.recv().await.is_err(), "closed after ten wrong tokens");

        let mut c = Client::connect(&t.addr).await.unwrap();
        c.send(&ClientMsg::Hello { protocol: 1 }).await.unwrap();
        assert_eq!(refusal(&mut c).await, Refusal::Malformed);
        c.send(&ClientMsg::Ping).await.unwrap();
        assert_eq!(c.recv().await.unwrap(), ServerMsg::Pong, "still open");

        let mut c = Client::connect(&t.addr).await.unwrap();
        for _ in 0..50 {
            c.send_text("not json").await.unwrap();
        }
        let mut refused = 0;
        while let Ok(m) = c.recv().await {
            assert!(
                matches!(
                    m,
                    ServerMsg::Refused {
                        reason: Refusal::Malformed,
                        ..
                    }
                ),
                "{m:?}"
            );
            refused += 1;
        }
        assert_eq!(refused, 50, "each strike answered, the fiftieth closes");
    })
    .await;
}

/// What one burst on one socket brings back, read as it goes: each message's type, and how
/// the socket ended (`close frame`, or the error, a reset among them).
async fn burst_heard(addr: &str, first: &str, burst: &str, count: usize) -> (Vec<String>, String) {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .unwrap();
    let (mut sink, mut stream) = ws.split();
    sink.send(Message::Text(first.into())).await.unwrap();
    let writer = tokio::spawn({
        let burst = burst.to_string();
        async move {
            for _ in 0..count {
                if sink
                    .send(Message::Text(burst.as_str().into()))
                    .await
                    .is_err()
                {
                    break;
                }
            }
            sink
        }
    });
    let mut heard = Vec::new();
    let end = loop {
        match stream.next().await {
            Some(Ok(Message::Text(t))) => {
                let msg: ServerMsg = ludo_proto::decode(&t).unwrap();
                heard.push(match msg {
                    ServerMsg::Refused { reason, .. } => ludo_proto::encode(&reason),
                    other => ludo_proto::encode(&other)
                        .split('"')
                        .nth(3)
                        .unwrap_or_default()
                        .to_string(),
                });
            }
            Some(Ok(Message::Close(_))) => break "close frame".to_string(),
            Some(Ok(_)) => {}
            Some(Err(e)) => break e.to_string(),
            None => break "ended without a close frame".to_string(),
        }
    };
    drop(writer.await);
    (heard, end)
}

/// A socket the server closes for its strikes hears every answer up to the last, and the
/// close frame: what it still sends is read before the socket goes, so no reset overtakes
/// them (docs/PROTOCOL.md, Limits).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_socket_closed_for_its_strikes_hears_every_answer_and_the_close_frame() {
    // The protocol's rate limit: 20 a second, 40 at once.
    let t = start(ludo_server::Config {
        rate: 20.0,
        burst: 40.0,
        ..fast()
    })
    .await;
    let hello = ludo_proto::encode(&ClientMsg::Hello {
        protocol: ludo_proto::PROTOCOL_VERSION,
    });
    let ping = ludo_proto::encode(&ClientMsg::Ping);
    for run in 0..3 {
        let (heard, end) = within(20, burst_heard(&t.addr, &hello, &ping, 300)).await;
        let count = |what: &str| heard.iter().filter(|h| h.contains(what)).count();
        assert_eq!(end, "close frame", "run {run}: {heard:?}");
        assert_eq!(
            count("too_fast"),
            50,
            "run {run}: every refusal, the 50th too"
        );
        // The bucket's 40 less the hello's token (and what it refilled meanwhile) answered.
        assert!(count("pong") >= 39, "run {run}: {} pongs", count("pong"));
        assert_eq!(heard.last().map(String::as_str), Some("\"too_fast\""));
    }
    // The same for the malformed-message limit, at a rate that takes them all.
    let t = start(fast()).await;
    for run in 0..3 {
        let (heard, end) = within(20, burst_heard(&t.addr, &hello, "not json", 300)).await;
        assert_eq!(end, "close frame", "run {run}: {heard:?}");
        let malformed = heard.iter().filter(|h| h.contains("malformed")).count();
        assert_eq!(malformed, 50, "run {run}: {heard:?}");
    }
}
