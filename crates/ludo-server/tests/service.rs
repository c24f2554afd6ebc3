//! The server as a host runs it: its figures at `/metrics` on an address of their own, its
//! log as JSON lines naming the node and the room, `/readyz` answering 503 from SIGTERM on,
//! and a clean exit. One node on SQLite (the drain among several nodes is in `cluster.rs`);
//! loopback only.

mod common;

use std::time::Duration;

use common::*;
use ludo_server_tools::client::{Player, http_get, listening, scrape, server_command, sum_of};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_shows_its_figures_logs_json_and_drains_on_sigterm() {
    let dir = std::env::temp_dir().join(format!("ludo-service-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("server.log");
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_ludo-server"));
    let mut child = server_command(bin)
        .args(["--cpu-pace-ms", "0", "--rate", "10000", "--burst", "10000"])
        .args(["--metrics-addr", "127.0.0.1:0", "--log-format", "json"])
        .args(["--drain-notice-ms", "1500"])
        .arg("--db")
        .arg(dir.join("rooms.sqlite"))
        .env("RUST_LOG", "ludo_server=info")
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .unwrap();
    let (addr, metrics) = listening(&mut child).unwrap();
    let metrics = metrics.expect("the metrics' address");
    assert_eq!(http_get(&addr, "/readyz").await.unwrap(), "ready\n");
    // Not on the game's address.
    assert!(http_get(&addr, "/metrics").await.is_err());

    // A game of two played to its end: the figures count it.
    let mut a = Player::create(&addr, table(&[OPEN, OPEN]), "Ana")
        .await
        .unwrap();
    let code = a.code.clone();
    let mut b = Player::join(&addr, &code, "Budi", None).await.unwrap();
    a.answer().await.unwrap();
    let b_task = tokio::spawn(async move { b.play_to_end().await.map(|_| b) });
    let end = within(60, a.play_to_end()).await.unwrap();
    let _b = within(60, b_task).await.unwrap().unwrap();
    let after = scrape(&metrics).await.unwrap();
    assert_eq!(sum_of(&after, "ludo_sockets"), 2.0);
    assert_eq!(sum_of(&after, "ludo_rooms{stage=\"over\"}"), 1.0);
    assert_eq!(sum_of(&after, "ludo_rooms"), 1.0);
    assert_eq!(sum_of(&after, "ludo_ready"), 1.0);
    let steps = sum_of(&after, "ludo_steps_total");
    let played = end.game.unwrap().result.unwrap().record.steps.len() as f64;
    assert_eq!(steps, played, "every step of the game, once");
    assert!(sum_of(&after, "ludo_request_seconds_count") >= steps);
    assert!(sum_of(&after, "ludo_db_writes_total{outcome=\"ok\"}") >= steps);
    assert!(sum_of(&after, "ludo_bytes_sent_total") > 0.0);

    // SIGTERM: not ready at once, no new room, then gone with a clean exit.
    // SAFETY: kill with our child's pid.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGTERM);
    }
    let said = within(5, async {
        loop {
            match http_get(&addr, "/readyz").await {
                Err(e) => break e,
                Ok(_) => tokio::time::sleep(Duration::from_millis(20)).await,
            }
        }
    })
    .await;
    assert!(said.contains("503"), "{said}");
    assert!(
        Player::create(&addr, table(&[OPEN, OPEN]), "Cyd")
            .await
            .is_err()
    );
    let status = within(20, async {
        loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await;
    assert!(status.success(), "{status}");

    // Every log line is a JSON object; from the start on each names the node, and the
    // room's lines name the room.
    let text = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l:?}: {e}")))
        .collect();
    let node = lines
        .iter()
        .find_map(|l| l["node"].as_str())
        .expect("a line with the node");
    let created = lines
        .iter()
        .find(|l| l["message"] == "room created")
        .expect("the room's line");
    assert_eq!(created["room"], code.as_str());
    assert_eq!(created["node"], node);
    assert!(lines.iter().any(|l| l["message"] == "stopping: draining"));
    let _ = std::fs::remove_dir_all(&dir);
}
