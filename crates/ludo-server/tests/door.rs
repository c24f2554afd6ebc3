//! Connections that never finish their WebSocket upgrade, against the server process started
//! with 256 open files at most (`ulimit -n 256`): 300 silent and slowloris-style sockets from
//! ten loopback addresses are all closed within the header timeout (those past the cap at
//! once, with a 503), a new player then joins and plays a game to its end, and one client
//! address cannot hold more than its cap (the rest get a 429). Loopback only, bounded in count
//! and time.

mod common;

use std::net::{IpAddr, SocketAddr};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use common::*;
use ludo_proto::Stage;
use ludo_server_tools::client::{Player, listening_address};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpSocket;
use tokio::time::Instant;

/// The header timeout the server is started with.
const TIMEOUT: Duration = Duration::from_secs(2);
const PER_ADDR: usize = 40;

struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The server binary under `ulimit -n 256` (soft and hard), on a free port of 127.0.0.1,
/// logging to `log`; its address.
fn server(db: &std::path::Path, log: &std::path::Path) -> (Running, SocketAddr) {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(r#"ulimit -n 256 && exec "$0" "$@""#)
        .arg(env!("CARGO_BIN_EXE_ludo-server"))
        .args([
            "--addr",
            "127.0.0.1",
            "--port",
            "0",
            "--web",
            "/nonexistent",
        ])
        .args(["--cpu-pace-ms", "0", "--rate", "10000", "--burst", "10000"])
        .args(["--header-timeout-ms", &TIMEOUT.as_millis().to_string()])
        .args(["--max-connections-per-addr", &PER_ADDR.to_string()])
        .arg("--db")
        .arg(db)
        .env("RUST_LOG", "ludo_server=info")
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(log).unwrap())
        .spawn()
        .expect("the server starts");
    let addr = listening_address(&mut child).unwrap().parse().unwrap();
    (Running(child), addr)
}

/// How a bad connection ended: when the server closed it, and what it said first.
struct Ended {
    after: Duration,
    answer: String,
}

/// A connection from `from` that says nothing (`partial` false) or sends an upgrade's head a
/// line every 300 ms without ever ending it; it waits for the server to close it.
async fn bad_connection(
    from: IpAddr,
    to: SocketAddr,
    partial: bool,
    limit: Duration,
) -> Result<Ended, String> {
    let socket = TcpSocket::new_v4().map_err(|e| e.to_string())?;
    socket
        .bind(SocketAddr::new(from, 0))
        .map_err(|e| format!("bind {from}: {e}"))?;
    let mut stream = socket
        .connect(to)
        .await
        .map_err(|e| format!("connect from {from}: {e}"))?;
    let start = Instant::now();
    let mut answer = Vec::new();
    let head =
        "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n";
    if partial && stream.write_all(head.as_bytes()).await.is_err() {
        // Closed before a byte was taken: turned away without an answer.
        return Ok(Ended {
            after: start.elapsed(),
            answer: String::new(),
        });
    }
    let mut buf = [0u8; 512];
    let mut trickle = tokio::time::interval(Duration::from_millis(300));
    loop {
        tokio::select! {
            read = stream.read(&mut buf) => match read {
                Ok(0) | Err(_) => break,
                Ok(n) => answer.extend_from_slice(&buf[..n]),
            },
            _ = trickle.tick(), if partial => {
                if stream.write_all(b"X-Slow: 1\r\n").await.is_err() {
                    break;
                }
            }
            _ = tokio::time::sleep_until(start + limit) => return Err(format!("still open after {limit:?}")),
        }
    }
    Ok(Ended {
        after: start.elapsed(),
        answer: String::from_utf8_lossy(&answer).into_owned(),
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sockets_that_never_upgrade_cannot_lock_players_out() {
    let dir = tempfile::tempdir().unwrap();
    let log_file = dir.path().join("server.log");
    let (mut server, addr) = server(&dir.path().join("server.sqlite"), &log_file);
    let log = std::fs::read_to_string(&log_file).unwrap();
    assert!(
        log.contains("open files at most 256") && log.contains("connections at most 192"),
        "the server says its limits at start: {log}"
    );
    within(60, async {
        // 300 bad connections, half silent and half slowloris, from 127.0.0.2 to 127.0.0.11.
        let limit = TIMEOUT * 3;
        let mut bad = Vec::new();
        for i in 0..300u32 {
            let from = IpAddr::from([127, 0, 0, 2 + (i % 10) as u8]);
            bad.push(tokio::spawn(bad_connection(from, addr, i % 2 == 1, limit)));
            // The server keeps up with the accepts (its backlog is small enough on loopback).
            if i % 50 == 49 {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
        let mut ended = Vec::new();
        for task in bad {
            ended.push(task.await.unwrap().unwrap_or_else(|e| panic!("a bad connection: {e}")));
        }
        let turned_away = ended.iter().filter(|e| e.answer.starts_with("HTTP/1.1 503")).count();
        let slowest = ended.iter().map(|e| e.after).max().unwrap();
        eprintln!(
            "300 bad connections: {turned_away} answered 503 at once, all closed within {slowest:?} (timeout {TIMEOUT:?})"
        );
        assert!(
            server.0.try_wait().unwrap().is_none(),
            "the server runs: {}",
            std::fs::read_to_string(&log_file).unwrap()
        );
        assert!(turned_away >= 1, "the connections past the cap were told the server is full");
        assert!(slowest <= TIMEOUT + Duration::from_secs(2), "{slowest:?}");

        // A new player joins and plays a whole game.
        let mut p = Player::create(&addr.to_string(), table(&[OPEN, CPU]), "Ana")
            .await
            .unwrap();
        let end = p.play_to_end().await.unwrap();
        assert_eq!(end.stage, Stage::Over);

        // One address holds at most its cap: the rest are told at once.
        let from = IpAddr::from([127, 0, 0, 20]);
        let extra = 10;
        let tasks: Vec<_> = (0..PER_ADDR + extra)
            .map(|_| tokio::spawn(bad_connection(from, addr, false, limit)))
            .collect();
        let mut at_once = 0;
        let mut too_many = 0;
        for task in tasks {
            let e = task.await.unwrap().unwrap_or_else(|e| panic!("a bad connection: {e}"));
            if e.after < TIMEOUT / 2 {
                at_once += 1;
            }
            if e.answer.starts_with("HTTP/1.1 429") {
                too_many += 1;
            }
        }
        assert_eq!(at_once, extra, "only the connections past the cap are turned away at once");
        assert_eq!(too_many, extra, "each is told why");
    })
    .await;
}
