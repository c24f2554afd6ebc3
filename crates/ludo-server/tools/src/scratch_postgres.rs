//! A PostgreSQL server of one's own for the tests, the load generator and `ludo-cluster`
//! (Debian's `postgresql-15`): a cluster made with `initdb` in a scratch folder, listening on
//! 127.0.0.1 only, stopped when dropped. As root it runs as the `postgres` user (PostgreSQL
//! refuses root); it dies with the process that started it.

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

pub struct ScratchPostgres {
    child: Child,
    pub port: u16,
    next_db: AtomicU32,
    dir: tempfile::TempDir,
}

/// PostgreSQL's programs: `$LUDO_PG_BIN`, else the newest `/usr/lib/postgresql/*/bin`.
fn bin_dir() -> Result<PathBuf, String> {
    if let Some(dir) = std::env::var_os("LUDO_PG_BIN") {
        return Ok(dir.into());
    }
    let none = || "no PostgreSQL under /usr/lib/postgresql: install postgresql-15".to_string();
    let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .map_err(|_| none())?
        .filter_map(|e| e.ok().map(|e| e.path().join("bin")))
        .filter(|p| p.join("postgres").is_file())
        .collect();
    found.sort_by_key(|p| {
        p.parent()
            .and_then(|v| v.file_name()?.to_str()?.parse::<u32>().ok())
            .unwrap_or(0)
    });
    found.pop().ok_or_else(none)
}

/// The `postgres` user's ids when running as root (PostgreSQL will not run as root).
fn run_as() -> Result<Option<(u32, u32)>, String> {
    // SAFETY: geteuid has no preconditions; getpwnam's result is read before any other call.
    unsafe {
        if libc::geteuid() != 0 {
            return Ok(None);
        }
        let pw = libc::getpwnam(c"postgres".as_ptr());
        if pw.is_null() {
            return Err("running as root needs a postgres user (postgresql-15 makes it)".into());
        }
        Ok(Some(((*pw).pw_uid, (*pw).pw_gid)))
    }
}

fn command(program: PathBuf, ids: Option<(u32, u32)>) -> Command {
    let mut cmd = Command::new(program);
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        cmd.pre_exec(move || {
            if let Some((uid, gid)) = ids
                && (libc::setgid(gid) != 0 || libc::setuid(uid) != 0)
            {
                return Err(std::io::Error::last_os_error());
            }
            // Set after the ids change, which clears it: the server dies with its starter.
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            Ok(())
        });
    }
    cmd
}

fn free_port() -> Result<u16, String> {
    let l = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    Ok(l.local_addr().map_err(|e| e.to_string())?.port())
}

fn give(path: &Path, ids: Option<(u32, u32)>) -> Result<(), String> {
    match ids {
        Some((uid, gid)) => std::os::unix::fs::chown(path, Some(uid), Some(gid))
            .map_err(|e| format!("{}: {e}", path.display())),
        None => Ok(()),
    }
}

impl ScratchPostgres {
    /// A fresh cluster, started and listening.
    pub fn start() -> Result<ScratchPostgres, String> {
        let bin = bin_dir()?;
        let ids = run_as()?;
        // Run as the postgres user, the folder must be one that user can reach: /tmp, not a
        // $TMPDIR under root's home.
        let base = match ids {
            Some(_) => PathBuf::from("/tmp"),
            None => std::env::temp_dir(),
        };
        let dir = tempfile::Builder::new()
            .prefix("ludo-postgres-")
            .tempdir_in(base)
            .map_err(|e| e.to_string())?;
        let data = dir.path().join("data");
        std::fs::create_dir(&data).map_err(|e| e.to_string())?;
        give(dir.path(), ids)?;
        give(&data, ids)?;
        let out = command(bin.join("initdb"), ids)
            .arg("-D")
            .arg(&data)
            .args(["-A", "trust", "-U", "ludo", "--no-sync", "-E", "UTF8"])
            .stdout(Stdio::null())
            .output()
            .map_err(|e| format!("initdb: {e}"))?;
        if !out.status.success() {
            return Err(format!("initdb: {}", String::from_utf8_lossy(&out.stderr)));
        }
        let port = free_port()?;
        let log_path = dir.path().join("postgres.log");
        let log = std::fs::File::create(&log_path).map_err(|e| e.to_string())?;
        give(&log_path, ids)?;
        let mut cmd = command(bin.join("postgres"), ids);
        cmd.arg("-D")
            .arg(&data)
            .args(["-p", &port.to_string(), "-k"])
            .arg(&data)
            // Loopback only; scratch data needs no durability across a crash of the machine,
            // and three nodes' pools fit easily.
            .args(["-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"])
            .args(["-c", "max_connections=200"])
            .stdout(Stdio::null())
            .stderr(log);
        // The parent-death signal follows the thread that forks: a thread that lives as long
        // as the process starts it (a test's thread ends with the test).
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(cmd.spawn());
            loop {
                std::thread::park();
            }
        });
        let child = rx
            .recv()
            .map_err(|e| e.to_string())?
            .map_err(|e| format!("postgres: {e}"))?;
        let pg = ScratchPostgres {
            child,
            port,
            next_db: AtomicU32::new(0),
            dir,
        };
        let start = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            if start.elapsed() > Duration::from_secs(20) {
                return Err(format!(
                    "PostgreSQL did not start listening on {port} (see {})",
                    log_path.display()
                ));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Ok(pg)
    }

    /// The postmaster's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The scratch folder (data and log).
    pub fn dir(&self) -> &Path {
        self.dir.path()
    }

    pub fn url(&self, db: &str) -> String {
        format!("postgres://ludo@127.0.0.1:{}/{db}", self.port)
    }

    /// A new empty database: its URL.
    pub async fn database(&self) -> Result<String, String> {
        let name = format!("t{}", self.next_db.fetch_add(1, Ordering::Relaxed));
        let start = Instant::now();
        loop {
            match tokio_postgres::connect(&self.url("postgres"), tokio_postgres::NoTls).await {
                Ok((client, conn)) => {
                    let task = tokio::spawn(conn);
                    let made = client
                        .batch_execute(&format!("CREATE DATABASE {name}"))
                        .await;
                    drop(client);
                    let _ = task.await;
                    made.map_err(|e| e.to_string())?;
                    return Ok(self.url(&name));
                }
                // Listening a moment before it takes connections.
                Err(_) if start.elapsed() < Duration::from_secs(20) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                Err(e) => return Err(format!("cannot reach the scratch PostgreSQL: {e}")),
            }
        }
    }

    /// Runs `sql` on database `url` (set-up and checks), the first column of each row as
    /// text.
    pub async fn query(url: &str, sql: &str) -> Result<Vec<String>, String> {
        let (client, conn) = tokio_postgres::connect(url, tokio_postgres::NoTls)
            .await
            .map_err(|e| e.to_string())?;
        let task = tokio::spawn(conn);
        let rows = client.simple_query(sql).await;
        drop(client);
        let _ = task.await;
        Ok(rows
            .map_err(|e| format!("{sql}: {e}"))?
            .into_iter()
            .filter_map(|m| match m {
                tokio_postgres::SimpleQueryMessage::Row(r) => {
                    Some(r.get(0).unwrap_or("").to_string())
                }
                _ => None,
            })
            .collect())
    }

    /// One cluster shared by everyone in the process that asks for it while any holds it
    /// (the tests: one server for a test binary's tests, a database each).
    pub fn shared() -> Result<Arc<ScratchPostgres>, String> {
        static SHARED: Mutex<Weak<ScratchPostgres>> = Mutex::new(Weak::new());
        let mut shared = SHARED.lock().map_err(|e| e.to_string())?;
        if let Some(pg) = shared.upgrade() {
            return Ok(pg);
        }
        let pg = Arc::new(ScratchPostgres::start()?);
        *shared = Arc::downgrade(&pg);
        Ok(pg)
    }
}

impl Drop for ScratchPostgres {
    fn drop(&mut self) {
        // SIGQUIT: stop at once (the data is a scratch folder's, about to go).
        // SAFETY: kill with a child's pid.
        unsafe {
            libc::kill(self.child.id() as i32, libc::SIGQUIT);
        }
        let _ = self.child.wait();
    }
}
