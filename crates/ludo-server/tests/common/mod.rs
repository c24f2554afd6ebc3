//! What the server's tests share: a server of their own on 127.0.0.1 with a database in a
//! scratch folder (SQLite; or, with `LUDO_TEST_STORE=postgres`, a database of its own in a
//! PostgreSQL the tests start), and tables to play.

#![allow(dead_code)]

use std::path::PathBuf;
use std::time::Duration;

use ludo_core::{CpuLevel, Rules};
use ludo_proto::{SeatSpec, TableSpec};
use ludo_server::{Config, Place, Server};
use ludo_server_tools::scratch_postgres::ScratchPostgres;

pub struct TestServer {
    pub server: Server,
    pub addr: String,
    pub db: PathBuf,
    /// The PostgreSQL database's URL, when the tests run on PostgreSQL.
    pub postgres: Option<String>,
    pub dir: tempfile::TempDir,
    /// Held while the server runs.
    _cluster: Option<std::sync::Arc<ScratchPostgres>>,
}

/// Whether this run's servers keep their rooms in PostgreSQL.
pub fn on_postgres() -> bool {
    std::env::var("LUDO_TEST_STORE").is_ok_and(|s| s == "postgres")
}

impl TestServer {
    /// Runs `sql` on the server's database (set-up and checks; both stores read it); the
    /// first column of each row, as text.
    pub async fn sql(&self, sql: &str) -> Vec<String> {
        match &self.postgres {
            Some(url) => ScratchPostgres::query(url, sql).await.unwrap(),
            None => {
                let c = rusqlite::Connection::open(&self.db).unwrap();
                let mut q = c.prepare(sql).unwrap();
                let mut rows = q.query([]).unwrap();
                let mut out = Vec::new();
                while let Some(r) = rows.next().unwrap() {
                    let v: rusqlite::types::Value = r.get(0).unwrap();
                    out.push(match v {
                        rusqlite::types::Value::Integer(i) => i.to_string(),
                        rusqlite::types::Value::Real(f) => f.to_string(),
                        rusqlite::types::Value::Text(t) => t,
                        _ => String::new(),
                    });
                }
                out
            }
        }
    }
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
    let (cluster, postgres) = if on_postgres() {
        let pg = ScratchPostgres::shared().unwrap();
        let url = pg.database().await.unwrap();
        (Some(pg), Some(url))
    } else {
        (None, None)
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let server = Server::start(
        Config {
            store: match &postgres {
                Some(url) => Place::Postgres(url.clone()),
                None => Place::Sqlite(db.clone()),
            },
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
        postgres,
        dir,
        _cluster: cluster,
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
pub async fn spectator(addr: &str, code: &str) -> ludo_server_tools::client::Client {
    let mut w = ludo_server_tools::client::Client::connect(addr)
        .await
        .unwrap();
    w.send(&ludo_proto::ClientMsg::Watch { code: code.into() })
        .await
        .unwrap();
    w
}

/// A server process (the real binary) on a free port of 127.0.0.1, killed when dropped.
pub struct Running {
    pub child: std::process::Child,
    pub addr: String,
}

impl Running {
    pub fn kill(self) {}

    pub fn signal(&self, sig: i32) {
        // SAFETY: kill with our child's pid.
        unsafe {
            libc::kill(self.child.id() as i32, sig);
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        // A stopped process takes SIGKILL too.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The server binary with `args` besides these: its CPUs play at once, nobody's seat goes to
/// the CPU while a test looks away (a minute's grace), and bots may answer as fast as they
/// like (a quick moment would otherwise close a connection mid-game).
pub fn server_process(args: &[&str]) -> Running {
    let fast = [
        "--cpu-pace-ms",
        "0",
        "--away-grace-ms",
        "60000",
        "--rate",
        "10000",
        "--burst",
        "10000",
    ];
    let args: Vec<&std::ffi::OsStr> = fast.iter().chain(args).map(std::ffi::OsStr::new).collect();
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_ludo-server"));
    let (child, addr) = ludo_server_tools::client::spawn_server(bin, &args).unwrap();
    Running { child, addr }
}

/// Keeps a finished game's record and ranking as `artifacts/NAME-record.json` and
/// `NAME-ranking.json`, for `make test` to replay with `ludo-cli replay`.
pub fn keep_for_replay(name: &str, result: &ludo_proto::GameResult) {
    if let Some(dir) = std::env::var_os("ARTIFACTS") {
        let dir = std::path::PathBuf::from(dir);
        std::fs::create_dir_all(&dir).unwrap();
        let record = serde_json::to_string_pretty(&result.record).unwrap();
        std::fs::write(dir.join(format!("{name}-record.json")), record).unwrap();
        let ranking = serde_json::to_string_pretty(&result.ranking).unwrap();
        std::fs::write(dir.join(format!("{name}-ranking.json")), ranking).unwrap();
    }
}

/// Keeps a finished game's file as `artifacts/NAME-game.json`, for `make test` to check its
/// dice with `ludo-cli verify`.
pub fn keep_game_file(name: &str, file: &ludo_proto::GameFile) {
    if let Some(dir) = std::env::var_os("ARTIFACTS") {
        let dir = std::path::PathBuf::from(dir);
        std::fs::create_dir_all(&dir).unwrap();
        let text = serde_json::to_string_pretty(file).unwrap();
        std::fs::write(dir.join(format!("{name}-game.json")), text).unwrap();
    }
}
