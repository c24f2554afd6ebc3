//! The server's door: every TCP connection is counted, in all and per client address, before
//! HTTP reads a byte of it, and one over either cap is answered with a plain HTTP status and
//! closed. A connection must finish each request's head (the WebSocket upgrade's among them)
//! within the header timeout, and an idle HTTP connection goes after the same time: silent
//! and slowloris-style sockets cannot hold the server's files. After the upgrade the room
//! protocol's own heartbeat rules (`conn`).

use std::collections::HashMap;
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

/// How the door counts.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Connections open at once, upgraded or not.
    pub total: usize,
    /// Connections open at once from one client address.
    pub per_addr: usize,
    /// Addresses of proxies in front of the server: every client behind one shares its
    /// address, so they are counted in the total only (the proxy limits its clients).
    pub proxies: Vec<IpAddr>,
    /// The time a connection has for each request's head, and an idle one before it closes.
    pub header_timeout: Duration,
}

/// Connections being turned away at once; past this they are closed without an answer.
const TURNING_AWAY: usize = 64;
/// How long a turned-away connection is given to read its answer.
const TURN_AWAY_TIME: Duration = Duration::from_secs(2);

#[derive(Default)]
struct Counts {
    total: usize,
    per_addr: HashMap<IpAddr, usize>,
}

struct Door {
    limits: Limits,
    counts: Mutex<Counts>,
    turning_away: AtomicUsize,
}

/// Why a connection was turned away.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Full {
    Server,
    Address,
}

impl Door {
    fn admit(self: &Arc<Self>, ip: IpAddr) -> Result<Ticket, Full> {
        let mut c = self.counts.lock().expect("not poisoned");
        if c.total >= self.limits.total {
            return Err(Full::Server);
        }
        if !self.limits.proxies.contains(&ip) {
            let mine = c.per_addr.entry(ip).or_default();
            if *mine >= self.limits.per_addr {
                return Err(Full::Address);
            }
            *mine += 1;
        }
        c.total += 1;
        Ok(Ticket {
            door: self.clone(),
            ip,
        })
    }
}

/// A counted connection's place; given back when the socket closes.
struct Ticket {
    door: Arc<Door>,
    ip: IpAddr,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut c = self.door.counts.lock().expect("not poisoned");
        c.total -= 1;
        if let Some(n) = c.per_addr.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                c.per_addr.remove(&self.ip);
            }
        }
    }
}

/// A TCP stream that holds its ticket: an upgraded WebSocket keeps this very stream, so the
/// count follows the socket to its end.
struct Counted {
    stream: TcpStream,
    _ticket: Ticket,
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }
    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// Serves `app` on `listener` behind the door, until the task is dropped.
pub async fn serve(listener: TcpListener, app: Router, limits: Limits) {
    let door = Arc::new(Door {
        limits,
        counts: Mutex::default(),
        turning_away: AtomicUsize::new(0),
    });
    loop {
        let (stream, addr) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of files, most likely: the door's caps are below the limit, so this
                // passes as connections close.
                tracing::warn!("a connection could not be accepted: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        match door.admit(addr.ip()) {
            Ok(ticket) => {
                let io = TokioIo::new(Counted {
                    stream,
                    _ticket: ticket,
                });
                let service = TowerToHyperService::new(app.clone());
                let timeout = door.limits.header_timeout;
                tokio::spawn(async move {
                    let mut http = hyper::server::conn::http1::Builder::new();
                    http.timer(TokioTimer::new()).header_read_timeout(timeout);
                    if let Err(e) = http.serve_connection(io, service).with_upgrades().await {
                        tracing::debug!("a connection ended: {e}");
                    }
                });
            }
            Err(full) => {
                let reason = match full {
                    Full::Server => "server_full",
                    Full::Address => "address_full",
                };
                crate::metrics::METRICS
                    .door_refused
                    .with_label_values(&[reason])
                    .inc();
                if door.turning_away.fetch_add(1, Ordering::Relaxed) < TURNING_AWAY {
                    let door = door.clone();
                    tokio::spawn(async move {
                        turn_away(stream, full).await;
                        door.turning_away.fetch_sub(1, Ordering::Relaxed);
                    });
                } else {
                    door.turning_away.fetch_sub(1, Ordering::Relaxed);
                }
            }
        }
    }
}

/// Says why, in plain HTTP, and closes.
async fn turn_away(mut stream: TcpStream, full: Full) {
    let (status, body) = match full {
        Full::Server => (
            "503 Service Unavailable",
            "The server has as many connections as it takes: try again in a moment.\n",
        ),
        Full::Address => (
            "429 Too Many Requests",
            "Too many connections from this address: close some and try again.\n",
        ),
    };
    let answer = format!(
        "HTTP/1.1 {status}\r\nContent-Type: text/plain; charset=utf-8\r\nRetry-After: 5\r\n\
         Connection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(TURN_AWAY_TIME, async {
        stream.write_all(answer.as_bytes()).await?;
        stream.shutdown().await?;
        // Read what the client sent until it closes, so that closing sends no reset that
        // could overtake the answer.
        let mut sink = [0u8; 1024];
        while stream.read(&mut sink).await? > 0 {}
        io::Result::Ok(())
    })
    .await;
}

/// The process's limit of open files (each socket is one).
pub fn open_file_limit() -> Option<usize> {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit only writes the struct passed.
    let ok = unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) } == 0;
    ok.then(|| usize::try_from(lim.rlim_cur).unwrap_or(usize::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_door_counts_per_address_and_in_all_and_gives_places_back() {
        let door = Arc::new(Door {
            limits: Limits {
                total: 4,
                per_addr: 2,
                proxies: vec!["127.0.0.1".parse().unwrap()],
                header_timeout: Duration::from_secs(1),
            },
            counts: Mutex::default(),
            turning_away: AtomicUsize::new(0),
        });
        let a: IpAddr = "127.0.0.2".parse().unwrap();
        let b: IpAddr = "127.0.0.3".parse().unwrap();
        let a1 = door.admit(a).unwrap();
        let _a2 = door.admit(a).unwrap();
        assert_eq!(door.admit(a).err(), Some(Full::Address));
        let _b1 = door.admit(b).unwrap();
        // A proxy's clients are counted in all, not by its address.
        let proxy: IpAddr = "127.0.0.1".parse().unwrap();
        let _p1 = door.admit(proxy).unwrap();
        assert_eq!(door.admit(b).err(), Some(Full::Server));
        drop(a1);
        let _a3 = door.admit(a).unwrap();
        assert_eq!(door.counts.lock().unwrap().total, 4);
        assert!(!door.counts.lock().unwrap().per_addr.contains_key(&proxy));
    }
}
