//! What the server's tests share: a server of their own on 127.0.0.1 with a database in a
//! scratch folder, and tables to play.

#![allow(dead_code)]

use std::path::PathBuf;
use std::time::Duration;

use ludo_core::{CpuLevel, Rules};
use ludo_proto::{SeatSpec, TableSpec};
use ludo_server::{Config, Server};

pub struct TestServer {
    pub server: Server,
    pub addr: String,
    pub db: PathBuf,
    pub dir: tempfile::TempDir,
}

/// A quick config: CPUs and absent people play at once, and bots may answer as fast as
/// they like.
pub fn fast() -> Config {
    Config {
        cpu_pace: Duration::ZERO,
        away_grace: Duration::from_millis(100),
        rate: 10_000.0,
        burst: 10_000.0,
        ..Config::default()
    }
}

pub async fn start(config: Config) -> TestServer {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("server.sqlite");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let server = Server::start(
        Config {
            db: db.clone(),
            ..config
        },
        listener,
    )
    .await
    .unwrap();
    TestServer {
        addr: server.addr.to_string(),
        server,
        db,
        dir,
    }
}

pub fn table(seats: &[SeatSpec]) -> TableSpec {
    TableSpec {
        rules: Rules::default(),
        seats: seats.to_vec(),
        turn_limit_secs: None,
    }
}

pub const OPEN: SeatSpec = SeatSpec::Open;
pub const CPU: SeatSpec = SeatSpec::Cpu(CpuLevel::Normal);

/// Runs `f` and fails the test if it takes longer than `secs`.
pub async fn within<T>(secs: u64, f: impl std::future::Future<Output = T>) -> T {
    tokio::time::timeout(Duration::from_secs(secs), f)
        .await
        .unwrap_or_else(|_| panic!("not done within {secs} s"))
}

/// A spectator of room `code`: connected, and asked to watch (its first answer unread).
pub async fn spectator(addr: &str, code: &str) -> ludo_server::client::Client {
    let mut w = ludo_server::client::Client::connect(addr).await.unwrap();
    w.send(&ludo_proto::ClientMsg::Watch { code: code.into() })
        .await
        .unwrap();
    w
}
