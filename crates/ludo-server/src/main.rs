//! `ludo-server`: the room server. `make server` starts it on 127.0.0.1:8080 with the browser
//! build; `--help` lists the rest.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::OnceLock;
use std::time::Duration;

use clap::Parser;
use ludo_server::{Config, Place, Server};

/// The Ludo room server: friends join a table from their own devices.
#[derive(Parser)]
#[command(version)]
struct Args {
    /// The address to listen on (0.0.0.0 to take devices on the network).
    #[arg(long, default_value = "127.0.0.1")]
    addr: IpAddr,
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The SQLite database [default: $XDG_DATA_HOME/ludo/server.sqlite].
    #[arg(long)]
    db: Option<PathBuf>,
    /// The database: a SQLite file's path, or a PostgreSQL server shared with other nodes
    /// (`postgres://USER@HOST:PORT/DB`) [default: --db's].
    #[arg(long)]
    store: Option<String>,
    /// Where devices reach this node, told to devices another node sends here
    /// [default: ws://ADDR:PORT/ws].
    #[arg(long)]
    public_address: Option<String>,
    /// Milliseconds a room stays this node's without a renewal (PostgreSQL); renewed every
    /// third of it.
    #[arg(long, default_value_t = 10_000)]
    lease_ms: u64,
    /// The browser build to serve.
    #[arg(long, default_value = "web/dist")]
    web: PathBuf,
    /// Milliseconds a CPU waits before each step.
    #[arg(long, default_value_t = 700)]
    cpu_pace_ms: u64,
    /// Milliseconds a person may be away before the CPU plays for them.
    #[arg(long, default_value_t = 3000)]
    away_grace_ms: u64,
    /// Seconds between heartbeats; a connection silent for two is closed.
    #[arg(long, default_value_t = 20)]
    ping_secs: u64,
    /// Seconds a room with nobody in it lives on.
    #[arg(long, default_value_t = 1800)]
    room_ttl_secs: u64,
    /// The most rooms this server holds.
    #[arg(long, default_value_t = 20_000)]
    max_rooms: usize,
    /// Messages a second one connection may send (more are refused, and then closed).
    #[arg(long, default_value_t = 20.0)]
    rate: f64,
    /// Messages one connection may send at once.
    #[arg(long, default_value_t = 40.0)]
    burst: f64,
    /// Milliseconds a connection has to send a request's head (the WebSocket upgrade's too);
    /// an idle HTTP connection is closed after as long.
    #[arg(long, default_value_t = 5000)]
    header_timeout_ms: u64,
    /// The most connections open at once [default: the open-file limit less 64].
    #[arg(long)]
    max_connections: Option<usize>,
    /// The most connections open at once from one client address.
    #[arg(long, default_value_t = 64)]
    max_connections_per_addr: usize,
    /// Proxies in front of the server, comma-separated: all their clients share their address,
    /// so it is not capped (limit clients at the proxy).
    #[arg(long, value_delimiter = ',', default_value = "127.0.0.1,::1")]
    proxies: Vec<IpAddr>,
    /// Tests only: every game's dice from this seed instead of a secret one.
    #[arg(long)]
    fixed_seed: Option<u64>,
    /// Milliseconds a person waits for quick play before the open seats go to CPUs.
    #[arg(long, default_value_t = 20_000)]
    quick_wait_ms: u64,
    /// Serve `/metrics` (Prometheus's text format) on this address, e.g. 127.0.0.1:9464
    /// [default: not served].
    #[arg(long)]
    metrics_addr: Option<SocketAddr>,
    /// Log lines as text, or as JSON (one object a line, with the node and the room).
    #[arg(long, value_enum, default_value = "text")]
    log_format: LogFormat,
    /// On SIGTERM: milliseconds `/readyz` says 503 before the rooms are handed on, for the
    /// proxy in front to stop sending devices here.
    #[arg(long, default_value_t = 2000)]
    drain_notice_ms: u64,
    /// On SIGTERM: the most milliseconds to wait for the rooms to be handed on.
    #[arg(long, default_value_t = 10_000)]
    drain_bound_ms: u64,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum LogFormat {
    Text,
    Json,
}

/// This node's name, once the server has started: each JSON log line carries it.
static NODE: OnceLock<String> = OnceLock::new();

/// Hands each JSON log line to standard error with the node's name put first.
struct NodeLines;

impl std::io::Write for NodeLines {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut err = std::io::stderr().lock();
        match (NODE.get(), buf.first()) {
            (Some(node), Some(b'{')) => {
                write!(
                    err,
                    "{{\"node\":{},",
                    serde_json::Value::from(node.as_str())
                )?;
                err.write_all(&buf[1..])?;
            }
            _ => err.write_all(buf)?,
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        std::io::stderr().flush()
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| "ludo_server=info".into());
    match args.log_format {
        LogFormat::Text => tracing_subscriber::fmt()
            .with_env_filter(filter)
            .with_writer(std::io::stderr)
            .init(),
        LogFormat::Json => tracing_subscriber::fmt()
            .json()
            .flatten_event(true)
            .with_current_span(false)
            .with_span_list(false)
            .with_env_filter(filter)
            .with_writer(|| NodeLines)
            .init(),
    }
    raise_file_limit();
    let web = args
        .web
        .join("index.html")
        .is_file()
        .then(|| args.web.clone());
    if web.is_none() {
        tracing::warn!(
            "{} has no browser build (make web): serving rooms only",
            args.web.display()
        );
    }
    let db = args.db.unwrap_or_else(ludo_server::default_db);
    let place = args
        .store
        .as_deref()
        .map_or(Place::Sqlite(db), Place::parse);
    let config = Config {
        store: place.clone(),
        public_address: args.public_address,
        lease: Duration::from_millis(args.lease_ms.max(300)),
        web,
        cpu_pace: Duration::from_millis(args.cpu_pace_ms),
        away_grace: Duration::from_millis(args.away_grace_ms),
        ping_interval: Duration::from_secs(args.ping_secs.max(1)),
        room_ttl: Duration::from_secs(args.room_ttl_secs),
        max_rooms: args.max_rooms,
        rate: args.rate,
        burst: args.burst,
        header_timeout: Duration::from_millis(args.header_timeout_ms.max(1)),
        max_connections: args.max_connections,
        max_connections_per_addr: args.max_connections_per_addr.max(1),
        proxies: args.proxies,
        fixed_seed: args.fixed_seed,
        quick_wait: Duration::from_millis(args.quick_wait_ms),
        metrics_addr: args.metrics_addr,
    };
    let runtime = tokio::runtime::Runtime::new().expect("a tokio runtime");
    runtime.block_on(async {
        let listener = match tokio::net::TcpListener::bind((args.addr, args.port)).await {
            Ok(l) => l,
            Err(e) => {
                eprintln!(
                    "ludo-server: cannot listen on {}:{}: {e}",
                    args.addr, args.port
                );
                return ExitCode::from(2);
            }
        };
        let server = match Server::start(config, listener).await {
            Ok(s) => s,
            Err(e) => {
                eprintln!("ludo-server: {e}");
                return ExitCode::from(2);
            }
        };
        // The tests and scripts read this line to learn the port.
        let metrics = server
            .metrics_addr
            .map(|at| format!("; metrics http://{at}/metrics"))
            .unwrap_or_default();
        println!(
            "ludo-server listening on http://{} (database {place}{metrics})",
            server.addr,
        );
        let _ = NODE.set(server.node().to_string());
        tracing::info!("node {}", server.node());
        stopped().await;
        // Nobody at a table notices: no new rooms, then the rooms handed to other nodes.
        tracing::info!("stopping: draining");
        let notice = Duration::from_millis(args.drain_notice_ms);
        match server
            .drain(notice, Duration::from_millis(args.drain_bound_ms))
            .await
        {
            Ok(0) => {}
            Ok(n) => tracing::info!("{n} rooms handed on to other nodes"),
            Err(e) => tracing::error!("the rooms were not handed on: {e}"),
        }
        ExitCode::SUCCESS
    })
}

/// Until Ctrl-C (SIGINT) or SIGTERM (a service manager's stop).
async fn stopped() {
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        .expect("a SIGTERM handler");
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = term.recv() => {}
    }
}

/// Each socket is a file: take the most the system allows.
fn raise_file_limit() {
    // SAFETY: getrlimit/setrlimit only read and write the struct passed.
    unsafe {
        let mut lim = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) == 0 && lim.rlim_cur < lim.rlim_max {
            lim.rlim_cur = lim.rlim_max;
            libc::setrlimit(libc::RLIMIT_NOFILE, &lim);
        }
    }
}
