//! `ludo-cluster`: several room servers (nodes) sharing one PostgreSQL on this machine, for
//! trying the cluster out (`make cluster`). It starts a PostgreSQL of its own in a scratch
//! folder (Debian's `postgresql-15`, listening on 127.0.0.1 only) unless `--store` names one,
//! then `--nodes` servers on loopback ports from `--port`, each told the others' rooms are
//! theirs to hand devices to. Ctrl-C stops the nodes cleanly (they let go of their rooms) and
//! then the database. A device may use any node's address; kill one (`kill -9 PID`) and its
//! rooms go on through another once their lease runs out.

use std::path::PathBuf;
use std::process::{Child, Command, ExitCode, Stdio};

use clap::Parser;
use ludo_server_tools::client::listening_address;
use ludo_server_tools::scratch_postgres::ScratchPostgres;

#[derive(Parser)]
#[command(version)]
struct Args {
    /// How many nodes.
    #[arg(long, default_value_t = 3)]
    nodes: u16,
    /// The first node's port; the others follow it (0: each node takes a free one).
    #[arg(long, default_value_t = 8081)]
    port: u16,
    /// A PostgreSQL to share (`postgres://…`) [default: one of its own in a scratch folder].
    #[arg(long)]
    store: Option<String>,
    /// The browser build the nodes serve.
    #[arg(long, default_value = "web/dist")]
    web: PathBuf,
    /// The server binary [default: ludo-server beside this program].
    #[arg(long)]
    server: Option<PathBuf>,
}

/// The nodes, stopped with SIGTERM (a clean shutdown) when dropped.
struct Nodes(Vec<Child>);

impl Drop for Nodes {
    fn drop(&mut self) {
        for child in &self.0 {
            // SAFETY: kill with our child's pid.
            unsafe {
                libc::kill(child.id() as i32, libc::SIGTERM);
            }
        }
        for child in &mut self.0 {
            let _ = child.wait();
        }
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    let bin = args.server.clone().unwrap_or_else(|| {
        std::env::current_exe()
            .expect("this program's path")
            .with_file_name("ludo-server")
    });
    let (_pg, url) = match &args.store {
        Some(url) => (None, url.clone()),
        None => match ScratchPostgres::start() {
            Ok(pg) => {
                let runtime = tokio::runtime::Runtime::new().expect("a runtime");
                match runtime.block_on(pg.database()) {
                    Ok(url) => {
                        eprintln!(
                            "ludo-cluster: PostgreSQL (pid {}) at {url}, data in {}",
                            pg.pid(),
                            pg.dir().display()
                        );
                        (Some(pg), url)
                    }
                    Err(e) => {
                        eprintln!("ludo-cluster: {e}");
                        return ExitCode::from(2);
                    }
                }
            }
            Err(e) => {
                eprintln!("ludo-cluster: {e}");
                return ExitCode::from(2);
            }
        },
    };
    let mut nodes = Nodes(Vec::new());
    for i in 0..args.nodes {
        let port = if args.port == 0 { 0 } else { args.port + i };
        let child = Command::new(&bin)
            .args([
                "--addr",
                "127.0.0.1",
                "--port",
                &port.to_string(),
                "--store",
                &url,
            ])
            .arg("--web")
            .arg(&args.web)
            .stdout(Stdio::piped())
            .spawn();
        let mut child = match child {
            Ok(c) => c,
            Err(e) => {
                eprintln!("ludo-cluster: cannot start {}: {e}", bin.display());
                return ExitCode::from(2);
            }
        };
        match listening_address(&mut child) {
            Ok(addr) => println!("node {} (pid {}): http://{addr}", i + 1, child.id()),
            Err(e) => {
                eprintln!("ludo-cluster: node {} did not start: {e}", i + 1);
                nodes.0.push(child);
                return ExitCode::from(2);
            }
        }
        nodes.0.push(child);
    }
    println!("ludo-cluster: Ctrl-C stops the nodes and the database");
    // Until Ctrl-C or SIGTERM; the nodes then let go of their rooms, and the database stops.
    let mut set: libc::sigset_t = unsafe { std::mem::zeroed() };
    // SAFETY: a sigset on our stack, then a blocking wait for one of its signals.
    unsafe {
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, libc::SIGINT);
        libc::sigaddset(&mut set, libc::SIGTERM);
        libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
        let mut sig = 0;
        libc::sigwait(&set, &mut sig);
    }
    drop(nodes);
    ExitCode::SUCCESS
}
