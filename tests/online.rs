//! The game's online side, headless, against a real room server that each test starts on
//! 127.0.0.1 (the binary `make test` builds and names in `LUDO_SERVER`): two game clients and
//! two CPUs play a room to the end through the very messages a local game uses, and a device
//! that drops out mid-game comes back to its seat from the ticket in its data folder; a
//! first connection dropped unanswered is tried again, and a server that never answers is
//! given up on after three tries.

mod common;

use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use ludo::testing::DataDir;
use ludo::testing::{Decider, Happened, MoveChosen, RollRequested};
use ludo::testing::{GameSet, Table, TableConfig};
use ludo::testing::{Online, OnlineRequest, Problem, Status};
use ludo::testing::{OnlineMemory, load_online};
use ludo_core::{Awaiting, CpuLevel, Event};
use ludo_proto::{SeatSpec, TableSpec};

/// A room server of this test's own, killed when dropped.
struct Server {
    child: Child,
    url: String,
    _db: common::Scratch,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn server_binary() -> PathBuf {
    if let Some(bin) = std::env::var_os("LUDO_SERVER") {
        return bin.into();
    }
    // `make test` names it; by hand, the debug build of `cargo build --manifest-path
    // crates/ludo-server/Cargo.toml` in the shared target folder.
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| ludo::testing::manifest_dir().join("target"));
    let bin = target.join("debug/ludo-server");
    assert!(
        bin.exists(),
        "no room server at {}: build it (make test does) or set LUDO_SERVER",
        bin.display()
    );
    bin
}

/// Starts the server quickly paced: CPUs move after 20 ms, an absent person's seat goes to
/// the CPU after 300 ms.
fn server() -> Server {
    server_with(&["--cpu-pace-ms", "20", "--away-grace-ms", "300"])
}

/// Starts the server with `args` (its pace, its grace, its limits).
fn server_with(args: &[&str]) -> Server {
    let db = common::scratch("server");
    let mut child = Command::new(server_binary())
        .args([
            "--addr",
            "127.0.0.1",
            "--port",
            "0",
            "--web",
            "/nonexistent",
        ])
        .args(args)
        .arg("--db")
        .arg(db.join("rooms.sqlite"))
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .spawn()
        .expect("the room server starts");
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    Server {
        child,
        url: format!("ws://{addr}/ws"),
        _db: db,
    }
}

/// What a device heard, in order.
#[derive(Resource, Default)]
struct Heard(Vec<Event>);

fn hear(mut heard: ResMut<Heard>, mut happened: MessageReader<Happened>) {
    heard.0.extend(happened.read().map(|h| h.0.clone()));
}

/// This device's person moves the piece furthest back (long games) rather than the first.
#[derive(Resource)]
struct FurthestBack;

/// The person at this device: rolls when it is their turn, and moves their first legal
/// piece, through the same requests the mouse and keys make.
fn play_my_seat(
    table: Res<Table>,
    decider: Res<Decider>,
    furthest_back: Option<Res<FurthestBack>>,
    mut rolls: MessageWriter<RollRequested>,
    mut moves: MessageWriter<MoveChosen>,
) {
    let seat = table.game.turn();
    if *decider == Decider::Here || !decider.person_here(&table, seat) {
        return;
    }
    match table.game.awaiting() {
        Awaiting::Move => {
            let legal = table.game.legal_moves();
            let i = match furthest_back {
                Some(_) => (0..legal.len())
                    .min_by_key(|&i| (legal[i].from != ludo_core::Pos::BASE, legal[i].from))
                    .unwrap(),
                None => 0,
            };
            moves.write(MoveChosen {
                seat,
                piece: legal[i].piece,
            });
        }
        Awaiting::Over => {}
        _ => {
            rolls.write(RollRequested { seat });
        }
    }
}

/// A device with its own data folder (where its seat ticket is kept).
fn device(data: &Path) -> App {
    let data = data.to_path_buf();
    let mut app = common::headless_app(TableConfig::default(), move |app| {
        if let Ok(Some(memory)) = load_online(&data) {
            app.insert_resource(memory);
        }
        app.insert_resource(DataDir(Some(data)));
    });
    app.init_resource::<Heard>().add_systems(
        Update,
        (
            play_my_seat.in_set(GameSet::Ask),
            hear.after(GameSet::Rules),
        ),
    );
    app
}

fn online(app: &App) -> Option<&Online> {
    app.world().get_resource::<Online>()
}

/// Updates the devices until `done`, for at most `secs`; whether it came.
fn pump(apps: &mut [&mut App], secs: u64, done: impl Fn(&[&mut App]) -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(secs) {
        for app in apps.iter_mut() {
            app.update();
        }
        if done(apps) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    false
}

/// Where a device stands, for a failure's message.
fn describe(app: &App) -> String {
    let table = app.world().resource::<Table>();
    format!(
        "heard {} events, awaiting {:?} of seat {}, autopilot {:?}, {:?}, online {:?}",
        app.world().resource::<Heard>().0.len(),
        table.game.awaiting(),
        table.game.turn(),
        table.autopilot,
        app.world().resource::<Decider>(),
        online(app).map(|o| (&o.status, o.seq, &o.problem))
    )
}

fn over(app: &App) -> bool {
    app.world().resource::<Table>().game.is_over()
}

/// Ana opens a room of two open seats and two CPUs; Budi joins it by its code (typed in
/// lower case with a dash); the full lobby starts by itself.
fn two_devices_at_a_room(server: &Server, a: &Path, b: &Path) -> (App, App) {
    let mut ana = device(a);
    ana.world_mut().write_message(OnlineRequest::Create {
        server: server.url.clone(),
        name: "Ana".into(),
        table: TableSpec {
            rules: Default::default(),
            seats: vec![
                SeatSpec::Open,
                SeatSpec::Open,
                SeatSpec::Cpu(CpuLevel::Normal),
                SeatSpec::Cpu(CpuLevel::Easy),
            ],
            turn_limit_secs: None,
        },
    });
    assert!(
        pump(&mut [&mut ana], 10, |a| online(a[0])
            .is_some_and(|o| o.code.is_some())),
        "the room opens: {:?}",
        online(&ana)
    );
    let code = online(&ana).unwrap().code.clone().unwrap();
    let typed = format!("{}-{}", &code[..4], &code[4..]).to_lowercase();
    let mut budi = device(b);
    budi.world_mut().write_message(OnlineRequest::Join {
        server: server.url.clone(),
        name: "Budi".into(),
        code: typed,
    });
    assert!(
        pump(&mut [&mut ana, &mut budi], 10, |apps| apps
            .iter()
            .all(|a| a.world().resource::<Table>().game.seats() == 4
                && online(a).is_some_and(|o| o.number == 1))),
        "the game starts on both devices"
    );
    (ana, budi)
}

/// Every event of the server's record of the game, replayed on the engine.
fn record_events(app: &App) -> Vec<Event> {
    let room = online(app).unwrap().room.as_ref().unwrap();
    let result = room
        .game
        .as_ref()
        .unwrap()
        .result
        .as_ref()
        .expect("a result");
    let mut game = result.record.start().unwrap();
    let mut events = Vec::new();
    for &step in &result.record.steps {
        game.play(step, &mut events).unwrap();
    }
    events
}

#[test]
fn two_devices_and_two_cpus_play_a_room_to_the_end() {
    let server = server();
    let (a, b) = (common::scratch("ana"), common::scratch("budi"));
    let (mut ana, mut budi) = two_devices_at_a_room(&server, &a, &b);
    assert_eq!(
        *ana.world().resource::<Decider>(),
        Decider::Server { seat: Some(0) }
    );
    assert_eq!(
        *budi.world().resource::<Decider>(),
        Decider::Server { seat: Some(1) }
    );
    let seats = &ana.world().resource::<Table>().seats;
    assert_eq!(
        ludo::testing::SeatKind::Person {
            name: "Budi".into()
        },
        seats[1]
    );
    assert!(
        pump(&mut [&mut ana, &mut budi], 120, |apps| apps.iter().all(
            |a| over(a)
                && online(a).is_some_and(|o| o
                    .room
                    .as_ref()
                    .is_some_and(|r| r.game.as_ref().is_some_and(|g| g.result.is_some())))
        )),
        "the game ends on both devices: {} / {}",
        describe(&ana),
        describe(&budi)
    );
    let (ta, tb) = (
        ana.world().resource::<Table>(),
        budi.world().resource::<Table>(),
    );
    assert_eq!(ta.game.state(), tb.game.state());
    let (ha, hb) = (
        &ana.world().resource::<Heard>().0,
        &budi.world().resource::<Heard>().0,
    );
    assert_eq!(
        ha, hb,
        "both devices heard the same events in the same order"
    );
    assert_eq!(
        *ha,
        record_events(&ana),
        "what the devices showed is the server's record, event for event"
    );
    assert!(matches!(ha.last(), Some(Event::GameOver { .. })));
    // Each device kept the finished game among its past games: the server's record, the hash
    // heard before the first roll and the seed revealed, which check out; and its ID there.
    for device in [&ana, &budi] {
        let past = &device.world().resource::<ludo::testing::PastGames>().games;
        assert_eq!(
            past.len(),
            1,
            "kept once, though heard in more than one snapshot"
        );
        let file = &past[0].file;
        let g = online(device)
            .unwrap()
            .room
            .as_ref()
            .unwrap()
            .game
            .clone()
            .unwrap();
        assert_eq!(file.record, g.result.as_ref().unwrap().record);
        assert_eq!(file.check_dice(), Some(ludo_proto::DiceCheck::Fair));
        // Sealed by the server and both devices' shares, each revealed.
        let sealed = file.sealed.as_ref().expect("a sealed game");
        let seats: Vec<u8> = sealed.shares.iter().map(|s| s.seat).collect();
        assert_eq!(seats, [0, 1]);
        assert!(
            sealed.shares.iter().all(|s| s.secret.is_some()),
            "{sealed:?}"
        );
        let code = online(device).unwrap().code.clone().unwrap();
        assert_eq!(file.id, Some(format!("{code}-1")));
    }
    // Each device kept its seat ticket in its data folder.
    for (dir, seat_of) in [(&a, "Ana"), (&b, "Budi")] {
        let memory: OnlineMemory = load_online(dir).unwrap().expect("online.ron");
        assert_eq!(memory.name, seat_of);
        assert_eq!(memory.tickets.len(), 1);
    }
}

#[test]
fn a_device_that_drops_out_comes_back_to_its_seat() {
    let server = server();
    let (a, b) = (common::scratch("ana"), common::scratch("budi"));
    let (mut ana, mut budi) = two_devices_at_a_room(&server, &a, &b);
    assert!(
        pump(&mut [&mut ana, &mut budi], 30, |apps| apps[1]
            .world()
            .resource::<Heard>()
            .0
            .len()
            > 40),
        "the game gets going"
    );
    // Budi closes the game: the socket goes with it.
    drop(budi);
    assert!(
        pump(&mut [&mut ana], 10, |apps| apps[0]
            .world()
            .resource::<Table>()
            .autopilot[1]),
        "Ana sees the CPU play for Budi"
    );
    let events_while_away = ana.world().resource::<Heard>().0.len();
    assert!(
        pump(&mut [&mut ana], 10, |apps| apps[0]
            .world()
            .resource::<Heard>()
            .0
            .len()
            > events_while_away + 10
            || over(apps[0])),
        "the game goes on without Budi"
    );
    // Budi opens the game again on the same device: the ticket in the data folder takes
    // the seat back.
    let mut back = device(&b);
    let code = online(&ana).unwrap().code.clone().unwrap();
    back.world_mut().write_message(OnlineRequest::Join {
        server: server.url.clone(),
        name: "Budi".into(),
        code,
    });
    assert!(
        pump(&mut [&mut ana, &mut back], 10, |apps| {
            let (ta, tb) = (
                apps[0].world().resource::<Table>(),
                apps[1].world().resource::<Table>(),
            );
            online(apps[1]).is_some_and(|o| o.seat == Some(1) && o.status == Status::Connected)
                && ta.game.state() == tb.game.state()
                && !ta.autopilot[1]
        }),
        "Budi is back in seat 1, at the game as it is now, and plays it himself"
    );
    assert!(
        pump(&mut [&mut ana, &mut back], 120, |apps| apps
            .iter()
            .all(|a| over(a))),
        "the game ends on both devices"
    );
    assert_eq!(
        ana.world().resource::<Table>().game.state(),
        back.world().resource::<Table>().game.state()
    );
}

/// A stand-in in front of `server` on 127.0.0.1: it drops the first `drop_first` connections
/// unanswered and passes the rest through. How many connections it has seen.
fn dropping_door(server: &Server, drop_first: usize) -> (String, std::sync::Arc<AtomicUsize>) {
    use std::io::copy;
    use std::net::{TcpListener, TcpStream};
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let door = format!("ws://{}/ws", listener.local_addr().unwrap());
    let behind = server
        .url
        .trim_start_matches("ws://")
        .trim_end_matches("/ws")
        .to_string();
    let seen = std::sync::Arc::new(AtomicUsize::new(0));
    let count = seen.clone();
    std::thread::spawn(move || {
        for client in listener.incoming().flatten() {
            if count.fetch_add(1, Ordering::SeqCst) < drop_first {
                drop(client);
                continue;
            }
            let Ok(upstream) = TcpStream::connect(&behind) else {
                continue;
            };
            let (mut c2, mut u2) = (client.try_clone().unwrap(), upstream.try_clone().unwrap());
            let (mut client, mut upstream) = (client, upstream);
            std::thread::spawn(move || copy(&mut c2, &mut u2));
            std::thread::spawn(move || copy(&mut upstream, &mut client));
        }
    });
    (door, seen)
}

#[test]
fn a_first_connection_that_drops_is_tried_again() {
    let server = server();
    let (door, seen) = dropping_door(&server, 1);
    let data = common::scratch("cleo");
    let mut cleo = device(&data);
    cleo.world_mut().write_message(OnlineRequest::Create {
        server: door,
        name: "Cleo".into(),
        table: TableSpec {
            rules: Default::default(),
            seats: vec![SeatSpec::Open, SeatSpec::Cpu(CpuLevel::Easy)],
            turn_limit_secs: None,
        },
    });
    assert!(
        pump(&mut [&mut cleo], 10, |a| online(a[0])
            .is_some_and(
                |o| o.seat == Some(0) && o.status == Status::Connected
            )),
        "the second connection opens the room: {:?}",
        online(&cleo)
    );
    assert_eq!(seen.load(Ordering::SeqCst), 2, "one dropped, one through");
}

#[test]
fn a_server_that_never_answers_is_given_up_on() {
    let server = server();
    let (door, seen) = dropping_door(&server, usize::MAX);
    let data = common::scratch("dewi");
    let mut dewi = device(&data);
    dewi.world_mut().write_message(OnlineRequest::Join {
        server: door,
        name: "Dewi".into(),
        code: "K7X9PQTA".into(),
    });
    assert!(
        pump(&mut [&mut dewi], 20, |a| online(a[0])
            .is_some_and(|o| o.status == Status::Failed)),
        "the device gives up: {:?}",
        online(&dewi)
    );
    let problem = online(&dewi).unwrap().problem.clone();
    assert!(
        matches!(problem, Some(Problem::Unreachable(_))),
        "{problem:?}"
    );
    assert_eq!(
        seen.load(Ordering::SeqCst),
        3,
        "three tries, then the player is told"
    );
}

/// Four people at a long game (*rank all players*; they move the piece furthest back, and
/// the server's dice are seeded: 3,693 events): Budi closes the game after 2,000 events and
/// opens it again on the same data folder. His ticket resumes the seat with `seen: 0`, the
/// catch-up comes in messages of bounded size, he is at the game as it is, and it finishes
/// with every device at the same state.
#[test]
fn a_device_reopened_late_in_a_long_game_comes_back_to_its_seat() {
    let server = server_with(&[
        "--fixed-seed",
        "858",
        "--cpu-pace-ms",
        "0",
        "--away-grace-ms",
        "30000",
        "--rate",
        "10000",
        "--burst",
        "10000",
    ]);
    let dirs: Vec<_> = ["ana", "budi", "chen", "dewi"]
        .map(common::scratch)
        .into_iter()
        .collect();
    let mut ana = device(&dirs[0]);
    ana.world_mut().insert_resource(FurthestBack);
    ana.world_mut().write_message(OnlineRequest::Create {
        server: server.url.clone(),
        name: "Ana".into(),
        table: TableSpec {
            rules: ludo_core::Rules {
                rank_all: true,
                ..Default::default()
            },
            seats: vec![SeatSpec::Open; 4],
            turn_limit_secs: None,
        },
    });
    assert!(
        pump(&mut [&mut ana], 10, |a| online(a[0])
            .is_some_and(|o| o.code.is_some())),
        "the room opens"
    );
    let code = online(&ana).unwrap().code.clone().unwrap();
    let mut others: Vec<App> = ["Budi", "Chen", "Dewi"]
        .iter()
        .zip(&dirs[1..])
        .map(|(name, dir)| {
            let mut app = device(dir);
            app.world_mut().insert_resource(FurthestBack);
            app.world_mut().write_message(OnlineRequest::Join {
                server: server.url.clone(),
                name: (*name).into(),
                code: code.clone(),
            });
            // One at a time, so the seats go in order.
            assert!(
                pump(&mut [&mut app], 10, |a| online(a[0])
                    .is_some_and(|o| o.seat.is_some())),
                "{name} sits"
            );
            app
        })
        .collect();
    let [budi, chen, dewi] = &mut others[..] else {
        unreachable!()
    };
    assert!(
        pump(&mut [&mut ana, budi, chen, dewi], 120, |apps| apps[1]
            .world()
            .resource::<Heard>()
            .0
            .len()
            >= 2_000),
        "2,000 events: {}",
        describe(budi)
    );
    assert!(!over(budi), "the game (seed 858) goes on past 2,000 events");
    // Budi closes the game, and opens it again on the same data folder.
    let budi = others.remove(0);
    drop(budi);
    let [chen, dewi] = &mut others[..] else {
        unreachable!()
    };
    let mut back = device(&dirs[1]);
    back.world_mut().insert_resource(FurthestBack);
    back.world_mut().write_message(OnlineRequest::Join {
        server: server.url.clone(),
        name: "Budi".into(),
        code,
    });
    assert!(
        pump(&mut [&mut ana, &mut back, chen, dewi], 20, |apps| {
            let (ta, tb) = (
                apps[0].world().resource::<Table>(),
                apps[1].world().resource::<Table>(),
            );
            online(apps[1]).is_some_and(|o| {
                o.seat == Some(1) && o.status == Status::Connected && o.seq >= 2_000
            }) && ta.game.state() == tb.game.state()
        }),
        "Budi is back in seat 1, at the game as it is: {}",
        describe(&back)
    );
    assert!(
        pump(&mut [&mut ana, &mut back, chen, dewi], 120, |apps| apps
            .iter()
            .all(|a| over(a))),
        "the game ends on every device: {}",
        describe(&back)
    );
    let state = ana.world().resource::<Table>().game.state();
    for app in [&back, &*chen, &*dewi] {
        assert_eq!(app.world().resource::<Table>().game.state(), state);
    }
}

/// A node of a cluster that holds no room: it welcomes each device and sends it, whatever it
/// asks, to `to` (as a node sends a device to the node holding its room). How many came.
fn sending_node(to: &str) -> (String, std::sync::Arc<AtomicUsize>) {
    stand_in_node(vec![ludo_proto::ServerMsg::Moved { url: to.into() }])
}

/// A node that welcomes each device and answers its request with `answers[n]` (its `n`th
/// connection; the last answer for all after). How many came.
fn stand_in_node(answers: Vec<ludo_proto::ServerMsg>) -> (String, std::sync::Arc<AtomicUsize>) {
    use ludo_proto::{ClientMsg, PROTOCOL_VERSION, ServerMsg};
    use tungstenite::Message;
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("ws://{}/ws", listener.local_addr().unwrap());
    let seen = std::sync::Arc::new(AtomicUsize::new(0));
    let count = seen.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let n = count.fetch_add(1, Ordering::SeqCst);
            let answer = answers[n.min(answers.len() - 1)].clone();
            let Ok(mut ws) = tungstenite::accept(stream) else {
                continue;
            };
            let welcome = ServerMsg::Welcome {
                protocol: PROTOCOL_VERSION,
            };
            let _ = ws.send(Message::text(ludo_proto::encode(&welcome)));
            // Hello, then the request: answered.
            let mut heard = 0;
            while heard < 2 {
                let Ok(Message::Text(t)) = ws.read() else {
                    break;
                };
                let msg: ClientMsg = ludo_proto::decode(t.as_str()).unwrap();
                heard += 1;
                if !matches!(msg, ClientMsg::Hello { .. }) {
                    let _ = ws.send(Message::text(ludo_proto::encode(&answer)));
                }
            }
            let _ = ws.flush();
        }
    });
    (url, seen)
}

#[test]
fn a_device_told_its_room_is_between_nodes_asks_again_and_takes_its_seat() {
    let server = server();
    let busy = ludo_proto::ServerMsg::refused(ludo_proto::Refusal::Busy, "between two nodes");
    let moved = ludo_proto::ServerMsg::Moved {
        url: server.url.clone(),
    };
    let (node, seen) = stand_in_node(vec![busy.clone(), busy, moved]);
    let data = common::scratch("fara");
    let mut fara = device(&data);
    fara.world_mut().write_message(OnlineRequest::Create {
        server: node,
        name: "Fara".into(),
        table: TableSpec {
            rules: Default::default(),
            seats: vec![SeatSpec::Open, SeatSpec::Cpu(CpuLevel::Easy)],
            turn_limit_secs: None,
        },
    });
    assert!(
        pump(&mut [&mut fara], 30, |a| online(a[0])
            .is_some_and(|o| o.number == 1 && o.seq > 0)),
        "asked again after each busy, then sent on, the room opens: {:?}",
        online(&fara)
    );
    assert_eq!(
        seen.load(Ordering::SeqCst),
        3,
        "two busy answers, then moved"
    );
    let o = online(&fara).unwrap();
    assert_eq!(
        (o.seat, &o.status, &o.problem),
        (Some(0), &Status::Connected, &None)
    );
}

#[test]
fn a_device_sent_to_another_node_takes_its_seat_there() {
    let server = server();
    let (node, seen) = sending_node(&server.url);
    let data = common::scratch("eko");
    let mut eko = device(&data);
    eko.world_mut().write_message(OnlineRequest::Create {
        server: node.clone(),
        name: "Eko".into(),
        table: TableSpec {
            rules: Default::default(),
            seats: vec![SeatSpec::Open, SeatSpec::Cpu(CpuLevel::Easy)],
            turn_limit_secs: None,
        },
    });
    assert!(
        pump(&mut [&mut eko], 20, |a| online(a[0])
            .is_some_and(|o| o.number == 1 && o.seq > 0)),
        "the room opens where the node said, and its game starts: {:?}",
        online(&eko)
    );
    assert_eq!(seen.load(Ordering::SeqCst), 1, "asked once, then sent on");
    let o = online(&eko).unwrap();
    assert_eq!((o.seat, &o.status), (Some(0), &Status::Connected));
    // The seat is remembered under the address the player gave.
    let memory = eko.world().resource::<OnlineMemory>();
    assert!(memory.ticket(&node, o.code.as_ref().unwrap()).is_some());
}
