//! `ludo-load`: a load generator for the room server, on loopback only. It starts the server
//! binary beside it on 127.0.0.1 with a scratch database, fills N rooms with four bot clients
//! each (`--seats` two to six), lets them play whole games (and rematches) for a bounded time, and prints rooms,
//! sockets, events a second, the latency from a request to its first event (p50, p99, max),
//! and the server's memory per room and per socket (its resident size before and after).
//!
//! `cargo run --release -p ludo-server --bin ludo-load -- --rooms 2000 --seconds 30`
//!
//! `--nodes N` starts N servers sharing a PostgreSQL of its own (a scratch folder, loopback):
//! each room is made on one node and joined through the next (which sends the devices to the
//! room's node), and the database's commits and rows written a second are printed too.
//! `--store postgres` runs one node on PostgreSQL.
//!
//! `--quick N` instead connects N sockets that ask for quick play at four seats at once (each
//! a new profile, so every rating is the same and the band seats them at once), and prints how
//! long until each was seated (p50, p99, the last) and the rooms opened.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use clap::Parser;
use ludo_proto::{ClientMsg, SeatSpec, ServerMsg, Stage, TableSpec};
use ludo_server_tools::client::Player;
use ludo_server_tools::scratch_postgres::ScratchPostgres;
use tokio::sync::Semaphore;
use tokio::time::Instant;

#[derive(Parser)]
struct Args {
    /// Rooms of bot clients.
    #[arg(long, default_value_t = 100)]
    rooms: usize,
    /// Bots at each room's table (2 to 6).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(2..=6))]
    seats: u8,
    /// How long the bots play once every room is full (seconds, at most 600).
    #[arg(long, default_value_t = 10)]
    seconds: u64,
    /// Milliseconds a bot waits before each request (0: full speed).
    #[arg(long, default_value_t = 0)]
    think_ms: u64,
    /// The server binary [default: ludo-server beside this program].
    #[arg(long)]
    server: Option<PathBuf>,
    /// Instead of rooms: this many sockets asking for quick play at four seats at once.
    #[arg(long)]
    quick: Option<usize>,
    /// Nodes sharing the database (more than one needs PostgreSQL, started here).
    #[arg(long, default_value_t = 1)]
    nodes: usize,
    /// The database: `sqlite` (a scratch file) or `postgres` (a scratch server).
    #[arg(long, default_value = "sqlite")]
    store: String,
}

/// The servers under load, killed when dropped, and the database they share.
struct Nodes {
    children: Vec<std::process::Child>,
    addrs: Vec<String>,
    postgres: Option<(ScratchPostgres, String)>,
    dir: PathBuf,
}

impl Drop for Nodes {
    fn drop(&mut self) {
        for c in &mut self.children {
            let _ = c.kill();
            let _ = c.wait();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl Nodes {
    fn start(bin: &std::path::Path, args: &Args) -> Result<Nodes, String> {
        let dir = std::env::temp_dir().join(format!("ludo-load-{}", std::process::id()));
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let mut nodes = Nodes {
            children: Vec::new(),
            addrs: Vec::new(),
            postgres: None,
            dir,
        };
        let store = if args.nodes > 1 || args.store == "postgres" {
            let pg = ScratchPostgres::start()?;
            let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
            let url = runtime.block_on(pg.database())?;
            nodes.postgres = Some((pg, url.clone()));
            url
        } else if args.store == "sqlite" {
            nodes.dir.join("load.sqlite").display().to_string()
        } else {
            return Err(format!(
                "--store {}: expected sqlite or postgres",
                args.store
            ));
        };
        for _ in 0..args.nodes.max(1) {
            let server_args: Vec<&std::ffi::OsStr> = [
                "--cpu-pace-ms",
                "0",
                "--rate",
                "1000",
                "--burst",
                "1000",
                "--max-rooms",
                "100000",
                "--store",
                store.as_str(),
            ]
            .into_iter()
            .map(std::ffi::OsStr::new)
            .collect();
            let (child, addr) = ludo_server_tools::client::spawn_server(bin, &server_args)?;
            nodes.children.push(child);
            nodes.addrs.push(addr);
        }
        Ok(nodes)
    }

    fn rss_kib(&self) -> u64 {
        self.children.iter().map(|c| rss_kib(c.id())).sum()
    }

    fn cpu_secs(&self) -> f64 {
        self.children.iter().map(|c| cpu_secs(c.id())).sum()
    }

    /// The database server's CPU time (the postmaster and its backends), if it is ours.
    fn db_cpu_secs(&self) -> f64 {
        let Some((pg, _)) = &self.postgres else {
            return 0.0;
        };
        let parent = pg.pid();
        let mut total = cpu_secs(parent);
        for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
            let Some(pid) = entry
                .file_name()
                .to_str()
                .and_then(|p| p.parse::<u32>().ok())
            else {
                continue;
            };
            let ppid = std::fs::read_to_string(format!("/proc/{pid}/stat"))
                .ok()
                .and_then(|s| {
                    s.rsplit_once(')')?
                        .1
                        .split_whitespace()
                        .nth(1)?
                        .parse::<u32>()
                        .ok()
                });
            if ppid == Some(parent) {
                total += cpu_secs(pid);
            }
        }
        total
    }

    /// The database's commits and rows written so far (PostgreSQL's statistics).
    async fn db_writes(&self) -> Option<(f64, f64)> {
        let (_, url) = self.postgres.as_ref()?;
        let one = |sql: &'static str| async move {
            ScratchPostgres::query(url, sql)
                .await
                .ok()?
                .first()?
                .parse::<f64>()
                .ok()
        };
        let commits =
            one("SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()")
                .await?;
        let rows = one(
            "SELECT coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0) FROM pg_stat_user_tables",
        )
        .await?;
        Some((commits, rows))
    }
}

/// What `--quick N` measured.
fn report_quick(n: usize, result: Result<(Vec<u32>, usize), String>) -> ExitCode {
    match result {
        Ok((times, rooms)) => {
            let at = |p: f64| times[((times.len() as f64 - 1.0) * p).round() as usize];
            println!(
                "quick play: {n} sockets asked for four seats at once; seated in {rooms} rooms; \
                 waited p50 {} ms, p99 {} ms, the last {} ms",
                at(0.5),
                at(0.99),
                times.last().copied().unwrap_or(0)
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("ludo-load: quick play: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `--quick N`: N sockets ask for a table of four at once; how long each waits to be seated
/// (milliseconds, sorted), and the rooms they were seated in.
async fn quick(addr: &str, n: usize) -> Result<(Vec<u32>, usize), String> {
    use ludo_proto::PlayerSpec;
    use ludo_server_tools::client::Client;
    let mut clients = Vec::with_capacity(n);
    for _ in 0..n {
        clients.push(Client::connect(addr).await?);
    }
    let asked = Instant::now();
    let mut waits = Vec::with_capacity(n);
    for c in &mut clients {
        let player = PlayerSpec {
            name: "bot".into(),
            profile: None,
        };
        c.send(&ClientMsg::QuickPlay { seats: 4, player }).await?;
    }
    for c in clients {
        waits.push(tokio::spawn(async move {
            let mut c = c;
            loop {
                match c.recv_within(Duration::from_secs(60)).await? {
                    ServerMsg::Joined { code, .. } => {
                        return Ok::<_, String>((asked.elapsed(), code));
                    }
                    ServerMsg::Refused { detail, .. } => return Err(detail),
                    _ => {}
                }
            }
        }));
    }
    let mut times = Vec::with_capacity(n);
    let mut rooms = std::collections::HashSet::new();
    for w in waits {
        let (t, code) = w.await.map_err(|e| e.to_string())??;
        times.push(t.as_millis() as u32);
        rooms.insert(code);
    }
    times.sort_unstable();
    Ok((times, rooms.len()))
}

#[derive(Default)]
struct Counts {
    requests: AtomicU64,
    deliveries: AtomicU64,
    events: AtomicU64,
    games: AtomicU64,
    errors: AtomicU64,
}

fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse().ok())
        })
        .unwrap_or(0)
}

/// The CPU time the process has used, in seconds (user + system, from /proc at 100 ticks/s).
fn cpu_secs(pid: u32) -> f64 {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| {
            let after = s.rsplit_once(')')?.1;
            let f: Vec<&str> = after.split_whitespace().collect();
            let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
            Some(ticks / 100.0)
        })
        .unwrap_or(0.0)
}

fn raise_file_limit() {
    // SAFETY: getrlimit/setrlimit only read and write the struct passed.
    unsafe {
        let mut lim = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) == 0 {
            lim.rlim_cur = lim.rlim_max;
            libc::setrlimit(libc::RLIMIT_NOFILE, &lim);
        }
    }
}

/// One bot: plays its seat until `stop`; the host asks for a rematch after each game.
/// Returns its latencies in microseconds.
async fn bot(mut p: Player, think: Duration, stop: Instant, counts: Arc<Counts>) -> Vec<u32> {
    let mut latencies = Vec::new();
    let mut pending: Option<(u64, Instant)> = None;
    let host = p.seat == 0;
    while Instant::now() < stop {
        let left = stop.saturating_duration_since(Instant::now());
        let msg = match p
            .client
            .recv_within(left.max(Duration::from_millis(1)))
            .await
        {
            Ok(m) => m,
            Err(_) => break,
        };
        if let ServerMsg::Events { events } = &msg {
            counts
                .deliveries
                .fetch_add(events.len() as u64, Ordering::Relaxed);
            if host {
                counts
                    .events
                    .fetch_add(events.len() as u64, Ordering::Relaxed);
            }
            if let (Some((at, sent)), Some(first)) = (pending, events.first())
                && first.seq == at
            {
                latencies.push(sent.elapsed().as_micros() as u32);
                pending = None;
            }
        }
        if p.hear(&msg).is_err() {
            counts.errors.fetch_add(1, Ordering::Relaxed);
        }
        if let ServerMsg::Room(v) = &msg
            && v.stage == Stage::Over
            && host
        {
            counts.games.fetch_add(1, Ordering::Relaxed);
            if p.client.send(&ClientMsg::Rematch).await.is_err() {
                break;
            }
        }
        if let Some(req) = p.request() {
            if !think.is_zero() {
                tokio::time::sleep(think).await;
            }
            let at = match req {
                ClientMsg::Roll { at } | ClientMsg::Move { at, .. } => at,
                _ => 0,
            };
            pending = Some((at, Instant::now()));
            counts.requests.fetch_add(1, Ordering::Relaxed);
            if p.client.send(&req).await.is_err() {
                break;
            }
        }
    }
    p.client.close().await;
    latencies
}

/// `seats` bots at one table, seated: made at `addr`, joined through `join` (another node,
/// which sends them on, when there are several).
async fn room(addr: String, join: String, seats: u8) -> Result<Vec<Player>, String> {
    let table = TableSpec {
        rules: Default::default(),
        seats: vec![SeatSpec::Open; seats as usize],
        turn_limit_secs: None,
    };
    let host = Player::create(&addr, table, "bot").await?;
    let mut players = vec![];
    let code = host.code.clone();
    players.push(host);
    for _ in 1..seats {
        players.push(Player::join(&join, &code, "bot", None).await?);
    }
    Ok(players)
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

fn main() -> ExitCode {
    let args = Args::parse();
    raise_file_limit();
    let bin = args.server.clone().unwrap_or_else(|| {
        std::env::current_exe()
            .expect("this program's path")
            .with_file_name("ludo-server")
    });
    let nodes = match Nodes::start(&bin, &args) {
        Ok(n) => n,
        Err(e) => {
            eprintln!("ludo-load: {e}");
            return ExitCode::from(2);
        }
    };
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    if let Some(n) = args.quick {
        let result = runtime.block_on(async {
            tokio::time::sleep(Duration::from_millis(200)).await;
            quick(&nodes.addrs[0], n).await
        });
        return report_quick(n, result);
    }
    let code = runtime.block_on(async {
        tokio::time::sleep(Duration::from_millis(200)).await;
        let base = nodes.rss_kib();
        let counts = Arc::new(Counts::default());
        let started = Instant::now();
        let tables = fill_rooms(&nodes, args.rooms, args.seats, &counts).await;
        let fill_secs = started.elapsed().as_secs_f64();
        let run = play(&nodes, tables, &args, &counts).await;
        run.report(&args, &nodes, base, fill_secs, &counts)
    });
    drop(nodes);
    code
}

/// Opens `rooms` rooms of `seats` bots, a few hundred connections at a time, each on one node
/// and joined through the next (the others are sent on with `moved`).
async fn fill_rooms(nodes: &Nodes, rooms: usize, seats: u8, counts: &Counts) -> Vec<Vec<Player>> {
    let gate = Arc::new(Semaphore::new(64));
    let n = nodes.addrs.len();
    let filling: Vec<_> = (0..rooms)
        .map(|i| {
            let (addr, join) = (nodes.addrs[i % n].clone(), nodes.addrs[(i + 1) % n].clone());
            let gate = gate.clone();
            tokio::spawn(async move {
                let _permit = gate.acquire_owned().await.expect("open");
                room(addr, join, seats).await
            })
        })
        .collect();
    let mut tables = Vec::new();
    for f in filling {
        match f.await.expect("no panic") {
            Ok(t) => tables.push(t),
            Err(e) => {
                eprintln!("ludo-load: a room could not be filled: {e}");
                counts.errors.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
    tables
}

/// What a run measured while the bots played.
struct Run {
    sockets: usize,
    played: f64,
    latencies: Vec<u32>,
    loaded_kib: u64,
    server_cpu: f64,
    db_cpu: f64,
    /// The database's commits and rows written before and after, if it keeps statistics.
    db_writes: Option<((f64, f64), (f64, f64))>,
}

/// Lets every bot play for `args.seconds` (at most 600), measuring the nodes meanwhile.
async fn play(nodes: &Nodes, tables: Vec<Vec<Player>>, args: &Args, counts: &Arc<Counts>) -> Run {
    let seconds = args.seconds.min(600);
    let sockets = tables.len() * args.seats as usize;
    let stop = Instant::now() + Duration::from_secs(seconds);
    let play_start = Instant::now();
    let cpu_start = nodes.cpu_secs();
    let db_cpu_start = nodes.db_cpu_secs();
    let db_start = nodes.db_writes().await;
    let think = Duration::from_millis(args.think_ms);
    let bots: Vec<_> = tables
        .into_iter()
        .flatten()
        .map(|p| tokio::spawn(bot(p, think, stop, counts.clone())))
        .collect();
    // Memory with every socket open and every game under way.
    tokio::time::sleep(Duration::from_secs(seconds.min(5) / 2 + 1)).await;
    let loaded_kib = nodes.rss_kib();
    let mut latencies = Vec::new();
    for b in bots {
        latencies.extend(b.await.expect("no panic"));
    }
    let played = play_start.elapsed().as_secs_f64();
    let server_cpu = nodes.cpu_secs() - cpu_start;
    let db_cpu = nodes.db_cpu_secs() - db_cpu_start;
    // PostgreSQL's statistics reach its views within a second of a commit.
    if db_start.is_some() {
        tokio::time::sleep(Duration::from_millis(1500)).await;
    }
    let db_writes = db_start.zip(nodes.db_writes().await);
    latencies.sort_unstable();
    Run {
        sockets,
        played,
        latencies,
        loaded_kib,
        server_cpu,
        db_cpu,
        db_writes,
    }
}

impl Run {
    /// Prints the figures; fails on any error or a run with no latency measured.
    fn report(
        &self,
        args: &Args,
        nodes: &Nodes,
        base_kib: u64,
        fill_secs: f64,
        c: &Counts,
    ) -> ExitCode {
        let Run {
            sockets,
            played,
            ref latencies,
            loaded_kib,
            server_cpu,
            db_cpu,
            db_writes,
        } = *self;
        let events = c.events.load(Ordering::Relaxed);
        let deliveries = c.deliveries.load(Ordering::Relaxed);
        let requests = c.requests.load(Ordering::Relaxed);
        let rooms = sockets / args.seats as usize;
        println!(
            "rooms {rooms} of {} seats, sockets {sockets}, think {} ms, {played:.1} s of play (filled in {fill_secs:.1} s); {} node(s) on {}",
            args.seats,
            args.think_ms,
            nodes.addrs.len(),
            if nodes.postgres.is_some() {
                "PostgreSQL"
            } else {
                "SQLite"
            },
        );
        println!(
            "events: {events} played ({:.0}/s), {deliveries} delivered ({:.0}/s); {requests} requests ({:.0}/s); {} games finished",
            events as f64 / played,
            deliveries as f64 / played,
            requests as f64 / played,
            c.games.load(Ordering::Relaxed),
        );
        println!(
            "latency request -> first event: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} samples)",
            percentile(latencies, 0.5),
            percentile(latencies, 0.99),
            percentile(latencies, 1.0),
            latencies.len()
        );
        println!(
            "server CPU (all nodes): {server_cpu:.1} s in {played:.1} s ({:.0}% of one core; this machine has 2, shared with the bots)",
            100.0 * server_cpu / played
        );
        if let Some(((c0, r0), (c1, r1))) = db_writes {
            println!(
                "database: {:.0} commits/s, {:.0} rows written/s, CPU {db_cpu:.1} s ({:.0}% of one core)",
                (c1 - c0) / played,
                (r1 - r0) / played,
                100.0 * db_cpu / played
            );
        }
        let grown = loaded_kib.saturating_sub(base_kib);
        println!(
            "server memory (all nodes): {:.1} MiB at rest, {:.1} MiB loaded: {:.1} KiB per room, {:.1} KiB per socket",
            base_kib as f64 / 1024.0,
            loaded_kib as f64 / 1024.0,
            grown as f64 / rooms.max(1) as f64,
            grown as f64 / sockets.max(1) as f64
        );
        let errors = c.errors.load(Ordering::Relaxed);
        if errors > 0 || latencies.is_empty() {
            eprintln!("ludo-load: {errors} errors, {} latencies", latencies.len());
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        }
    }
}
