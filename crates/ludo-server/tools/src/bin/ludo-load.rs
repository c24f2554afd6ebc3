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
//! `--procs N` spreads the bots over N processes of this program (one process may open
//! 20,000 files here, so 10,000 rooms of four take three); each node's open-file limit is
//! printed (`--files N` raises them, as root). `--kill-after S` kills the first node (SIGKILL) S seconds into the play: its
//! rooms' bots come back through the other nodes, and the time from the kill until each of
//! its rooms is played again (its first event heard after) is printed (p50, p99, the last).
//!
//! `--roll-after S` restarts every node in turn S seconds into the play, as a deploy does
//! (SIGTERM: the node answers 503 at `/readyz`, hands its rooms to another node and exits;
//! a new one starts): how long each device sent on took to play again (p50, p99, the last)
//! is printed, and a device that never did fails the run.
//!
//! Each node serves `/metrics` on a port of its own: while loaded, its sockets and rooms must
//! be the bots', and at the end (no node killed or restarted) the steps it applied those
//! the bots asked for, less those refused or still on their way; else the run fails.
//!
//! `--quick N` instead connects N sockets that ask for quick play at four seats at once (each
//! a new profile, so every rating is the same and the band seats them at once), spread over
//! the nodes, and prints how long until each was seated (p50, p99, the last) and the rooms
//! opened.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use clap::Parser;
use ludo_server_tools::bots::{self, Counts, Plan, Tally};
use ludo_server_tools::client::{Player, scrape, sum_of};
use ludo_server_tools::scratch_postgres::ScratchPostgres;
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
    /// Processes the bots are spread over.
    #[arg(long, default_value_t = 1)]
    procs: usize,
    /// Kills the first node this many seconds into the play (two nodes or more).
    #[arg(long)]
    kill_after: Option<u64>,
    /// Restarts every node in turn, the way a deploy does (SIGTERM, the node drains and
    /// exits, a new one starts), this many seconds into the play (two nodes or more).
    #[arg(long)]
    roll_after: Option<u64>,
    /// The nodes' lease, in milliseconds [default: the server's].
    #[arg(long)]
    lease_ms: Option<u64>,
    /// Raises this program's open-file limit, and so the nodes' and the bots', to this many
    /// (past the hard limit only as root) [default: the hard limit].
    #[arg(long)]
    files: Option<u64>,
    /// A process of the bots of a run (`--procs`): the nodes' addresses, comma-separated.
    #[arg(long, hide = true)]
    worker: Option<String>,
}

/// The servers under load, killed when dropped, and the database they share.
struct Nodes {
    /// The server binary and each node's arguments, to start one again.
    bin: PathBuf,
    node_args: Vec<String>,
    children: Vec<std::process::Child>,
    addrs: Vec<String>,
    /// Where each node serves `/metrics`.
    metrics: Vec<String>,
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
            bin: bin.to_path_buf(),
            node_args: Vec::new(),
            children: Vec::new(),
            addrs: Vec::new(),
            metrics: Vec::new(),
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
        let mut node_args: Vec<String> = [
            "--cpu-pace-ms",
            "0",
            "--rate",
            "1000",
            "--burst",
            "1000",
            "--max-rooms",
            "100000",
            "--drain-notice-ms",
            "500",
            "--store",
            store.as_str(),
        ]
        .map(str::to_string)
        .to_vec();
        if let Some(ms) = args.lease_ms {
            node_args.extend(["--lease-ms".to_string(), ms.to_string()]);
        }
        nodes.node_args = node_args;
        for _ in 0..args.nodes.max(1) {
            let (child, addr, metrics) = nodes.spawn()?;
            nodes.children.push(child);
            nodes.addrs.push(addr);
            nodes.metrics.push(metrics);
        }
        Ok(nodes)
    }

    /// A node started with the run's arguments: the process, its address and its metrics'.
    fn spawn(&self) -> Result<(std::process::Child, String, String), String> {
        let args: Vec<&std::ffi::OsStr> = self.node_args.iter().map(|a| a.as_ref()).collect();
        ludo_server_tools::client::spawn_server_with_metrics(&self.bin, &args)
    }

    /// Node `i` stopped as a deploy stops it (SIGTERM: it drains, hands its rooms on and
    /// exits) and a new one started in its place. How long the old one took to exit.
    fn restart(&mut self, i: usize) -> Result<Duration, String> {
        let stopping = Instant::now();
        // SAFETY: kill with our child's pid.
        unsafe {
            libc::kill(self.children[i].id() as i32, libc::SIGTERM);
        }
        let status = self.children[i].wait().map_err(|e| e.to_string())?;
        let took = stopping.elapsed();
        if !status.success() {
            return Err(format!("node {} exited with {status} on SIGTERM", i + 1));
        }
        let (child, addr, metrics) = self.spawn()?;
        (self.children[i], self.addrs[i], self.metrics[i]) = (child, addr, metrics);
        Ok(took)
    }

    /// Every live node's figures, together (a killed node's are gone).
    async fn scrape(&mut self) -> Result<Vec<(String, f64)>, String> {
        let mut all = Vec::new();
        for (i, at) in self.metrics.iter().enumerate() {
            if matches!(self.children[i].try_wait(), Ok(Some(_))) {
                continue;
            }
            all.extend(scrape(at).await?);
        }
        Ok(all)
    }

    /// Each node's resident size, KiB.
    fn each_rss_kib(&self) -> Vec<u64> {
        self.children.iter().map(|c| rss_kib(c.id())).collect()
    }

    /// Each node's CPU time so far (0 for a node killed).
    fn each_cpu_secs(&self) -> Vec<f64> {
        self.children.iter().map(|c| cpu_secs(c.id())).collect()
    }

    /// The database server's memory (the postmaster and its backends, each sharing the
    /// buffers counted once: their proportional sizes), KiB.
    fn db_rss_kib(&self) -> u64 {
        self.db_pids().into_iter().map(pss_kib).sum()
    }

    /// The database server's CPU time (the postmaster and its backends), if it is ours.
    fn db_cpu_secs(&self) -> f64 {
        self.db_pids().into_iter().map(cpu_secs).sum()
    }

    /// The database server's processes: the postmaster and its children.
    fn db_pids(&self) -> Vec<u32> {
        let Some((pg, _)) = &self.postgres else {
            return Vec::new();
        };
        let parent = pg.pid();
        let mut pids = vec![parent];
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
                pids.push(pid);
            }
        }
        pids
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

/// `--quick N`: N sockets ask for a table of four at once, spread over the nodes; how long
/// each waits to be seated (milliseconds, sorted; at another node, once it sits there), and
/// the rooms they were seated in.
async fn quick(addrs: &[String], n: usize) -> Result<(Vec<u32>, usize), String> {
    let asked = Instant::now();
    let asks: Vec<_> = (0..n)
        .map(|i| {
            let addr = addrs[i % addrs.len()].clone();
            tokio::spawn(async move {
                let (p, _) = Player::quick(&addr, 4, "bot", None).await?;
                Ok::<_, String>((asked.elapsed(), p))
            })
        })
        .collect();
    let mut times = Vec::with_capacity(n);
    let mut rooms = std::collections::HashSet::new();
    let mut seated = Vec::with_capacity(n);
    for a in asks {
        let (t, p) = a.await.map_err(|e| e.to_string())??;
        times.push(t.as_millis() as u32);
        rooms.insert(p.code.clone());
        seated.push(p);
    }
    times.sort_unstable();
    Ok((times, rooms.len()))
}

/// A size in KiB that /proc's `file` of process `pid` gives on its line `name:` (0 if gone).
fn proc_kib(pid: u32, file: &str, name: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/{file}"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with(name))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse().ok())
        })
        .unwrap_or(0)
}

/// A process's proportional set size (its shared pages divided among their sharers), KiB.
fn pss_kib(pid: u32) -> u64 {
    proc_kib(pid, "smaps_rollup", "Pss:")
}

fn rss_kib(pid: u32) -> u64 {
    proc_kib(pid, "status", "VmRSS:")
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

/// Raises the open-file limit to `files`, or to the hard limit; the processes started after
/// (the nodes, the bots) have it too.
fn raise_file_limit(files: Option<u64>) {
    // SAFETY: getrlimit/setrlimit only read and write the struct passed.
    unsafe {
        let mut lim = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) == 0 {
            if let Some(files) = files {
                lim.rlim_max = lim.rlim_max.max(files as libc::rlim_t);
            }
            lim.rlim_cur = lim.rlim_max;
            if libc::setrlimit(libc::RLIMIT_NOFILE, &lim) != 0 {
                eprintln!(
                    "ludo-load: the open-file limit was not raised to {}",
                    lim.rlim_max
                );
            }
        }
    }
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize] as f64
}

/// A node's limit on open files, as /proc says.
fn open_file_limit(pid: u32) -> String {
    std::fs::read_to_string(format!("/proc/{pid}/limits"))
        .ok()
        .and_then(|s| {
            let line = s.lines().find(|l| l.starts_with("Max open files"))?;
            line.split_whitespace().nth(3).map(str::to_string)
        })
        .unwrap_or_else(|| "unknown".into())
}

fn main() -> ExitCode {
    let args = Args::parse();
    raise_file_limit(args.files);
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    if let Some(addrs) = &args.worker {
        let addrs: Vec<String> = addrs.split(',').map(str::to_string).collect();
        return runtime.block_on(worker(addrs, &args));
    }
    if (args.kill_after.is_some() || args.roll_after.is_some()) && args.nodes < 2 {
        eprintln!("ludo-load: --kill-after and --roll-after need two nodes or more (--nodes)");
        return ExitCode::from(2);
    }
    let bin = args.server.clone().unwrap_or_else(|| {
        std::env::current_exe()
            .expect("this program's path")
            .with_file_name("ludo-server")
    });
    let mut nodes = match Nodes::start(&bin, &args) {
        Ok(n) => n,
        Err(e) => {
            eprintln!("ludo-load: {e}");
            return ExitCode::from(2);
        }
    };
    let limits: Vec<String> = nodes
        .children
        .iter()
        .map(|c| open_file_limit(c.id()))
        .collect();
    println!("nodes' open-file limits: {}", limits.join(", "));
    if let Some(n) = args.quick {
        let result = runtime.block_on(async {
            tokio::time::sleep(Duration::from_millis(200)).await;
            quick(&nodes.addrs, n).await
        });
        return report_quick(n, result);
    }
    let code = runtime.block_on(async {
        tokio::time::sleep(Duration::from_millis(200)).await;
        match run(&mut nodes, &args).await {
            Ok(run) => run.report(&args, &nodes),
            Err(e) => {
                eprintln!("ludo-load: {e}");
                ExitCode::FAILURE
            }
        }
    });
    drop(nodes);
    code
}

/// One process of the bots (`--worker`): fills its rooms, says `filled N`, plays when its
/// standard input says `go` (and marks the kill when it says `killed`), then prints its tally.
async fn worker(addrs: Vec<String>, args: &Args) -> ExitCode {
    let plan = Plan {
        addrs,
        rooms: args.rooms,
        seats: args.seats,
        think: Duration::from_millis(args.think_ms),
        play_for: Duration::from_secs(args.seconds.min(600)),
        kill: args.kill_after.is_some(),
        roll: args.roll_after.is_some(),
    };
    let counts = Arc::new(Counts::default());
    let tables = bots::fill(&plan, &counts).await;
    println!("filled {}", tables.len());
    // Standard input, a line at a time, read on a thread of its own.
    let (tx, mut lines) = tokio::sync::mpsc::unbounded_channel();
    std::thread::spawn(move || {
        for line in std::io::stdin().lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    if !matches!(lines.recv().await, Some(l) if l == "go") {
        eprintln!("ludo-load: a worker was not told to go");
        return ExitCode::FAILURE;
    }
    let killed = Arc::new(OnceLock::new());
    let marks = killed.clone();
    let nodes: bots::Nodes = Arc::new(std::sync::RwLock::new(plan.addrs.clone()));
    let told = nodes.clone();
    tokio::spawn(async move {
        while let Some(l) = lines.recv().await {
            if l == "killed" {
                let _ = marks.set(Instant::now());
            } else if let Some(addrs) = l.strip_prefix("nodes ") {
                *told.write().expect("not poisoned") =
                    addrs.split(',').map(str::to_string).collect();
            }
        }
    });
    let cpu = cpu_secs(std::process::id());
    let mut tally = bots::play(tables, &plan, &counts, killed, nodes).await;
    tally.cpu_ms = ((cpu_secs(std::process::id()) - cpu) * 1000.0) as u64;
    print!("{}", tally.to_lines());
    ExitCode::SUCCESS
}

/// A worker process of this run, its rooms filled.
struct Worker {
    child: tokio::process::Child,
    stdin: tokio::process::ChildStdin,
    out: tokio::io::Lines<tokio::io::BufReader<tokio::process::ChildStdout>>,
}

impl Worker {
    fn start(args: &Args, addrs: &[String], rooms: usize) -> Result<Worker, String> {
        let exe = std::env::current_exe().map_err(|e| e.to_string())?;
        let mut command = tokio::process::Command::new(exe);
        command
            .args(["--worker", &addrs.join(",")])
            .args([
                "--rooms",
                &rooms.to_string(),
                "--seats",
                &args.seats.to_string(),
            ])
            .args(["--seconds", &args.seconds.to_string()])
            .args(["--think-ms", &args.think_ms.to_string()])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .kill_on_drop(true);
        if let Some(k) = args.kill_after {
            command.args(["--kill-after", &k.to_string()]);
        }
        if let Some(r) = args.roll_after {
            command.args(["--roll-after", &r.to_string()]);
        }
        let mut child = command.spawn().map_err(|e| format!("a worker: {e}"))?;
        let stdin = child.stdin.take().ok_or("a worker's input")?;
        let stdout = child.stdout.take().ok_or("a worker's output")?;
        use tokio::io::AsyncBufReadExt;
        Ok(Worker {
            child,
            stdin,
            out: tokio::io::BufReader::new(stdout).lines(),
        })
    }

    async fn tell(&mut self, word: &str) -> Result<(), String> {
        use tokio::io::AsyncWriteExt;
        self.stdin
            .write_all(format!("{word}\n").as_bytes())
            .await
            .map_err(|e| format!("a worker's input: {e}"))?;
        self.stdin.flush().await.map_err(|e| e.to_string())
    }

    /// Its next line.
    async fn line(&mut self) -> Result<String, String> {
        self.out
            .next_line()
            .await
            .map_err(|e| e.to_string())?
            .ok_or_else(|| "a worker ended early".to_string())
    }

    /// The rest of its output, as its tally.
    async fn tally(mut self) -> Result<Tally, String> {
        let mut text = String::new();
        while let Some(l) = self.out.next_line().await.map_err(|e| e.to_string())? {
            text.push_str(&l);
            text.push('\n');
        }
        let _ = self.child.wait().await;
        Tally::parse(&text)
    }
}

/// What a run measured.
struct Run {
    tally: Tally,
    played: f64,
    fill_secs: f64,
    base_kib: Vec<u64>,
    loaded_kib: Vec<u64>,
    db_kib: (u64, u64),
    node_cpu: Vec<f64>,
    db_cpu: f64,
    /// The database's commits and rows written before and after, if it keeps statistics.
    db_writes: Option<((f64, f64), (f64, f64))>,
    /// The nodes' figures while loaded: sockets and rooms, and the rooms the bots filled.
    scraped_loaded: (f64, f64, u64),
    /// The nodes' figures at the end: steps applied, requests refused.
    scraped_end: (f64, f64),
}

/// Starts the workers, lets them fill their rooms, then play for `args.seconds` (at most
/// 600), killing the first node on time if asked, and measures the nodes meanwhile.
async fn run(nodes: &mut Nodes, args: &Args) -> Result<Run, String> {
    let base_kib = nodes.each_rss_kib();
    let db_base = nodes.db_rss_kib();
    let procs = args.procs.clamp(1, args.rooms.max(1));
    let started = Instant::now();
    let mut workers = Vec::new();
    for i in 0..procs {
        let rooms = args.rooms / procs + usize::from(i < args.rooms % procs);
        workers.push(Worker::start(args, &nodes.addrs, rooms)?);
    }
    let mut filled_rooms = 0;
    for w in &mut workers {
        let filled = w.line().await?;
        let Some(n) = filled.strip_prefix("filled ") else {
            return Err(format!("a worker said {filled:?}"));
        };
        filled_rooms += n
            .trim()
            .parse::<u64>()
            .map_err(|e| format!("{filled:?}: {e}"))?;
    }
    let fill_secs = started.elapsed().as_secs_f64();
    let seconds = args.seconds.min(600);
    let mut cpu_start = nodes.each_cpu_secs();
    // The CPU of nodes restarted meanwhile (their first process's).
    let mut carried = vec![0.0; nodes.children.len()];
    let db_cpu_start = nodes.db_cpu_secs();
    let db_start = nodes.db_writes().await;
    let play_start = Instant::now();
    for w in &mut workers {
        w.tell("go").await?;
    }
    // Memory with every socket open and every game under way.
    tokio::time::sleep(Duration::from_secs(seconds.min(5) / 2 + 1)).await;
    let loaded_kib = nodes.each_rss_kib();
    let db_loaded = nodes.db_rss_kib();
    // What the nodes say with every room under way, against what the bots made.
    let loaded = nodes.scrape().await?;
    let scraped_loaded = (
        sum_of(&loaded, "ludo_sockets"),
        sum_of(&loaded, "ludo_rooms"),
        filled_rooms,
    );
    let mut cpu_end = vec![None; nodes.children.len()];
    if let Some(k) = args.kill_after {
        tokio::time::sleep_until(play_start + Duration::from_secs(k)).await;
        cpu_end[0] = Some(cpu_secs(nodes.children[0].id()));
        nodes.children[0].kill().map_err(|e| e.to_string())?;
        for w in &mut workers {
            w.tell("killed").await?;
        }
        let _ = nodes.children[0].wait();
        println!("killed node 1 ({}) {k} s into the play", nodes.addrs[0]);
    }
    if let Some(r) = args.roll_after {
        tokio::time::sleep_until(play_start + Duration::from_secs(r)).await;
        for i in 0..nodes.children.len() {
            carried[i] += cpu_secs(nodes.children[i].id()) - cpu_start[i];
            cpu_start[i] = 0.0;
            let took = nodes.restart(i)?;
            // The bots come back through the nodes there are now (a proxy's part).
            // A worker whose play is over no longer reads: nothing to tell it.
            for w in &mut workers {
                let _ = w.tell(&format!("nodes {}", nodes.addrs.join(","))).await;
            }
            println!(
                "node {} restarted {:.1} s into the play: it drained and exited in {:.1} s",
                i + 1,
                play_start.elapsed().as_secs_f64(),
                took.as_secs_f64()
            );
            tokio::time::sleep(Duration::from_secs(2)).await;
        }
    }
    let mut tally = Tally::default();
    for w in workers {
        tally.merge(&w.tally().await?);
    }
    // Steps the bots asked for and the nodes applied, once the last request has been
    // answered (a killed node's are not in its figures).
    tokio::time::sleep(Duration::from_millis(300)).await;
    let end = nodes.scrape().await?;
    let scraped_end = (
        sum_of(&end, "ludo_steps_total"),
        sum_of(&end, "ludo_refused_total") + 0.0,
    );
    let played = play_start.elapsed().as_secs_f64();
    let now = nodes.each_cpu_secs();
    let node_cpu = (0..now.len())
        .map(|i| cpu_end[i].unwrap_or(now[i]) - cpu_start[i] + carried[i])
        .collect();
    let db_cpu = nodes.db_cpu_secs() - db_cpu_start;
    // PostgreSQL's statistics reach its views within a second of a commit.
    if db_start.is_some() {
        tokio::time::sleep(Duration::from_millis(1500)).await;
    }
    let db_writes = db_start.zip(nodes.db_writes().await);
    Ok(Run {
        tally,
        played,
        fill_secs,
        base_kib,
        loaded_kib,
        db_kib: (db_base, db_loaded),
        node_cpu,
        db_cpu,
        db_writes,
        scraped_loaded,
        scraped_end,
    })
}

impl Run {
    /// Whether the nodes' `/metrics` agree with what the bots counted: every bot's socket and
    /// every room open while loaded; each step asked for applied once, or refused, or (one a
    /// room at most) still on its way at the end. A killed node's figures went with it.
    fn metrics_agree(&self, args: &Args) -> bool {
        let (sockets, rooms, filled) = self.scraped_loaded;
        let (steps, refused) = self.scraped_end;
        let asked = self.tally.steps as f64;
        let expected_sockets = (filled * u64::from(args.seats)) as f64;
        println!(
            "metrics: sockets {sockets} (the bots opened {expected_sockets}), rooms {rooms} (filled {filled}); steps applied {steps} of {asked} asked ({refused} requests refused)"
        );
        let mut agree = sockets == expected_sockets && rooms == filled as f64;
        if args.kill_after.is_none() && args.roll_after.is_none() {
            agree &= steps <= asked && steps + refused + filled as f64 >= asked;
        }
        if !agree {
            eprintln!("ludo-load: the nodes' metrics do not agree with what the bots counted");
        }
        agree
    }

    /// Prints the figures; fails on any error, a run with no latency measured, or a room of a
    /// killed node never played again.
    fn report(&self, args: &Args, nodes: &Nodes) -> ExitCode {
        let t = &self.tally;
        let played = self.played;
        let rooms = t.sockets / args.seats as u64;
        println!(
            "rooms {rooms} of {} seats, sockets {}, think {} ms, {played:.1} s of play (filled in {:.1} s by {} process(es)); {} node(s) on {}",
            args.seats,
            t.sockets,
            args.think_ms,
            self.fill_secs,
            args.procs.max(1),
            nodes.addrs.len(),
            if nodes.postgres.is_some() {
                "PostgreSQL"
            } else {
                "SQLite"
            },
        );
        println!(
            "events: {} played ({:.0}/s), {} delivered ({:.0}/s); {} requests ({:.0}/s); {} games finished",
            t.events,
            t.events as f64 / played,
            t.deliveries,
            t.deliveries as f64 / played,
            t.requests,
            t.requests as f64 / played,
            t.games,
        );
        println!(
            "latency request -> first event: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({} samples)",
            t.latency.percentile(0.5),
            t.latency.percentile(0.99),
            t.latency.percentile(1.0),
            t.latency.count()
        );
        let cpu: Vec<String> = self
            .node_cpu
            .iter()
            .map(|c| format!("{:.0}%", 100.0 * c / played))
            .collect();
        let total: f64 = self.node_cpu.iter().sum();
        println!(
            "server CPU: {total:.1} s in {played:.1} s ({:.0}% of one core; by node {}); this machine has 2 cores, shared with the bots and the database",
            100.0 * total / played,
            cpu.join(", ")
        );
        println!(
            "the bots' CPU: {:.1} s ({:.0}% of one core)",
            t.cpu_ms as f64 / 1000.0,
            t.cpu_ms as f64 / 10.0 / played
        );
        if let Some(((c0, r0), (c1, r1))) = self.db_writes {
            println!(
                "database: {:.0} commits/s, {:.0} rows written/s, CPU {:.1} s ({:.0}% of one core), memory {:.0} MiB at rest, {:.0} MiB loaded",
                (c1 - c0) / played,
                (r1 - r0) / played,
                self.db_cpu,
                100.0 * self.db_cpu / played,
                self.db_kib.0 as f64 / 1024.0,
                self.db_kib.1 as f64 / 1024.0,
            );
        }
        let base: u64 = self.base_kib.iter().sum();
        let loaded: u64 = self.loaded_kib.iter().sum();
        let each: Vec<String> = self
            .loaded_kib
            .iter()
            .map(|k| format!("{:.0}", *k as f64 / 1024.0))
            .collect();
        let grown = loaded.saturating_sub(base);
        println!(
            "server memory (all nodes): {:.1} MiB at rest, {:.1} MiB loaded (by node {} MiB): {:.1} KiB per room, {:.1} KiB per socket",
            base as f64 / 1024.0,
            loaded as f64 / 1024.0,
            each.join(", "),
            grown as f64 / rooms.max(1) as f64,
            grown as f64 / t.sockets.max(1) as f64
        );
        let mut failed = t.errors > 0 || t.latency.count() == 0;
        failed |= !self.metrics_agree(args);
        if args.kill_after.is_some() {
            let r = &t.recovered;
            println!(
                "the killed node's rooms: {} played again on the others (from the kill: p50 {:.0} ms, p99 {:.0} ms, the last {:.0} ms), {} not",
                r.len(),
                percentile(r, 0.5),
                percentile(r, 0.99),
                percentile(r, 1.0),
                t.unrecovered
            );
            failed |= t.unrecovered > 0 || r.is_empty();
        }
        if args.roll_after.is_some() {
            let b = &t.back;
            println!(
                "the rolling restart: {} devices sent on and playing again (from being sent on: p50 {:.0} ms, p99 {:.0} ms, the last {:.0} ms), {} never; {} errors (a step lost or played twice is an error of the bots' mirrors)",
                b.len(),
                percentile(b, 0.5),
                percentile(b, 0.99),
                percentile(b, 1.0),
                t.unrecovered,
                t.errors
            );
            failed |= t.unrecovered > 0 || b.is_empty();
        }
        if failed {
            eprintln!(
                "ludo-load: {} errors, {} latencies, {} rooms not played again",
                t.errors,
                t.latency.count(),
                t.unrecovered
            );
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        }
    }
}
