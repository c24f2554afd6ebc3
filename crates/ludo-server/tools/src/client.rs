//! A client of the room server over a real WebSocket: what the tests and the load generator
//! play with. `Player` keeps a copy of the game (`ludo_proto::Mirror`) from the server's
//! events and answers for its seat when asked.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use ludo_core::{Action, Awaiting, Chooser, CpuLevel, Pos, hex};
use ludo_cpu::Cpu;
use ludo_proto::{
    ClientMsg, DicePhase, Mirror, PROTOCOL_VERSION, PlayerSpec, Refusal, RoomView, ServerMsg,
    Stage, TableSpec, decode, encode, promise,
};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// The server binary on a free port of 127.0.0.1 with no browser build, logging warnings,
/// its standard output piped (where it says its addresses): add arguments and spawn.
pub fn server_command(bin: &std::path::Path) -> std::process::Command {
    let mut command = std::process::Command::new(bin);
    command
        .args([
            "--addr",
            "127.0.0.1",
            "--port",
            "0",
            "--web",
            "/nonexistent",
        ])
        .env("RUST_LOG", "warn")
        .stdout(std::process::Stdio::piped());
    command
}

/// The server binary started with `args` (`server_command`): the child and its address.
pub fn spawn_server(
    bin: &std::path::Path,
    args: &[&std::ffi::OsStr],
) -> Result<(std::process::Child, String), String> {
    let mut child = server_command(bin)
        .args(args)
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", bin.display()))?;
    let addr = listening_address(&mut child)?;
    Ok((child, addr))
}

/// `spawn_server` serving `/metrics` too, on a port of its own: the child, the game's
/// address and the metrics'.
pub fn spawn_server_with_metrics(
    bin: &std::path::Path,
    args: &[&std::ffi::OsStr],
) -> Result<(std::process::Child, String, String), String> {
    let mut child = server_command(bin)
        .args(["--metrics-addr", "127.0.0.1:0"])
        .args(args)
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", bin.display()))?;
    match listening(&mut child)? {
        (addr, Some(metrics)) => Ok((child, addr, metrics)),
        (addr, None) => Err(format!(
            "the server at {addr} did not say where its metrics are"
        )),
    }
}

/// The address a server started with its standard output piped says it listens on (its
/// first line).
pub fn listening_address(child: &mut std::process::Child) -> Result<String, String> {
    listening(child).map(|(addr, _)| addr)
}

/// The addresses a server started with its standard output piped says it listens on: the
/// game's, and `/metrics`'s when it serves them (`--metrics-addr`).
pub fn listening(child: &mut std::process::Child) -> Result<(String, Option<String>), String> {
    use std::io::BufRead;
    let mut line = String::new();
    std::io::BufReader::new(
        child
            .stdout
            .take()
            .ok_or("the server's output is not piped")?,
    )
    .read_line(&mut line)
    .map_err(|e| e.to_string())?;
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
        .map(str::to_string)
        .ok_or_else(|| format!("no address in {line:?}"))?;
    let metrics = line
        .split("metrics http://")
        .nth(1)
        .and_then(|s| s.split('/').next())
        .map(str::to_string);
    Ok((addr, metrics))
}

/// A node's figures (`/metrics` at `addr`): each sample's name with its labels, and value.
pub async fn scrape(addr: &str) -> Result<Vec<(String, f64)>, String> {
    let text = http_get(addr, "/metrics").await?;
    Ok(text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .filter_map(|l| {
            let (name, value) = l.rsplit_once(' ')?;
            Some((name.to_string(), value.parse().ok()?))
        })
        .collect())
}

/// The sum of the samples of `name` (every label).
pub fn sum_of(samples: &[(String, f64)], name: &str) -> f64 {
    samples
        .iter()
        .filter(|(n, _)| n == name || n.starts_with(&format!("{name}{{")))
        .map(|(_, v)| v)
        .sum()
}

/// The body of a plain HTTP GET of `path` at `addr` (loopback, no keep-alive).
pub async fn http_get(addr: &str, path: &str) -> Result<String, String> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr)
        .await
        .map_err(|e| format!("{addr}: {e}"))?;
    let ask = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(ask.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&out).to_string();
    let (head, body) = text.split_once("\r\n\r\n").ok_or("no HTTP answer")?;
    if !head.starts_with("HTTP/1.1 200") {
        return Err(format!("{path}: {}", head.lines().next().unwrap_or("")));
    }
    Ok(body.to_string())
}

/// A WebSocket to the server.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// The longest message heard and sent, in bytes.
    pub largest_heard: usize,
    pub largest_sent: usize,
}

impl Client {
    /// Connects to `ws://ADDR/ws` without saying hello.
    pub async fn raw(addr: &str) -> Result<Client, String> {
        // Reads what a game reads: nothing over the protocol's limit.
        let config = WebSocketConfig::default()
            .read_buffer_size(4096)
            .write_buffer_size(0)
            .max_message_size(Some(ludo_proto::MAX_SERVER_MESSAGE_BYTES));
        let (ws, _) = tokio_tungstenite::connect_async_with_config(
            format!("ws://{addr}/ws"),
            Some(config),
            true,
        )
        .await
        .map_err(|e| format!("cannot connect to {addr}: {e}"))?;
        Ok(Client {
            ws,
            largest_heard: 0,
            largest_sent: 0,
        })
    }

    /// Connects and says hello.
    pub async fn connect(addr: &str) -> Result<Client, String> {
        let mut c = Client::raw(addr).await?;
        c.send(&ClientMsg::Hello {
            protocol: PROTOCOL_VERSION,
        })
        .await?;
        match c.recv().await? {
            ServerMsg::Welcome { .. } => Ok(c),
            other => Err(format!("expected welcome, got {other:?}")),
        }
    }

    /// Connects to `addr` and sends `msg`, following `moved` to another node and asking
    /// again a moment after `busy` (a few times at most): the connection and its first
    /// answer.
    pub async fn ask(addr: &str, msg: &ClientMsg) -> Result<(Client, ServerMsg), String> {
        let mut addr = addr.to_string();
        for _ in 0..6 {
            let mut client = Client::connect(&addr).await?;
            client.send(msg).await?;
            match client.recv().await? {
                ServerMsg::Moved { url } => {
                    client.close().await;
                    addr = node_addr(&url);
                }
                ServerMsg::Refused {
                    reason: Refusal::Busy,
                    ..
                } => {
                    client.close().await;
                    tokio::time::sleep(Duration::from_millis(500)).await;
                }
                first => return Ok((client, first)),
            }
        }
        Err(format!("moved or busy six times, last at {addr}"))
    }

    pub async fn send(&mut self, msg: &ClientMsg) -> Result<(), String> {
        self.send_text(&encode(msg)).await
    }

    pub async fn send_text(&mut self, text: &str) -> Result<(), String> {
        self.largest_sent = self.largest_sent.max(text.len());
        self.ws
            .send(Message::Text(text.into()))
            .await
            .map_err(|e| e.to_string())
    }

    /// The next message, or why there is none (closed, or ten seconds of silence).
    pub async fn recv(&mut self) -> Result<ServerMsg, String> {
        self.recv_within(Duration::from_secs(10)).await
    }

    pub async fn recv_within(&mut self, limit: Duration) -> Result<ServerMsg, String> {
        let deadline = tokio::time::Instant::now() + limit;
        loop {
            let frame = tokio::time::timeout_at(deadline, self.ws.next())
                .await
                .map_err(|_| "no message in time".to_string())?;
            match frame {
                Some(Ok(Message::Text(t))) => {
                    self.largest_heard = self.largest_heard.max(t.len());
                    if std::env::var_os("LUDO_CLIENT_TRACE").is_some() {
                        eprintln!("<- {}", &t[..t.len().min(300)]);
                    }
                    return decode(&t);
                }
                Some(Ok(Message::Close(_))) | None => return Err("closed".into()),
                Some(Ok(_)) => continue,
                Some(Err(e)) => return Err(e.to_string()),
            }
        }
    }

    /// Messages until `want` says yes to one (which is returned).
    pub async fn until(
        &mut self,
        mut want: impl FnMut(&ServerMsg) -> bool,
    ) -> Result<ServerMsg, String> {
        loop {
            let m = self.recv().await?;
            if want(&m) {
                return Ok(m);
            }
        }
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// A seated player that plays its own seat like a CPU of `level`.
pub struct Player {
    pub client: Client,
    pub code: String,
    pub token: String,
    pub profile: String,
    pub seat: u8,
    pub view: Option<RoomView>,
    pub mirror: Option<Mirror>,
    cpu: Cpu,
    /// The event count of the last request sent, so each position is answered once.
    asked: Option<(u32, u64)>,
    /// Refusals heard.
    pub refusals: Vec<ServerMsg>,
    /// Every message heard, when `keep_log` is set.
    pub log: Vec<ServerMsg>,
    pub keep_log: bool,
    /// Moves the piece furthest back instead of a random one: slow, long games (a test's
    /// way to a game of thousands of events).
    pub furthest_back: bool,
    /// Where the server said the room went (another node), if it did: it stops playing.
    pub moved: Option<String>,
    /// Whether this device adds a share to each game's dice, as a game does (a test's silent
    /// device does not).
    pub shares: bool,
    /// This device's share of a game's dice: the game, the secret, and what was sent of it
    /// (0 nothing, 1 the promise, 2 the secret too).
    pub share: Option<(u32, [u8; 32], u8)>,
}

/// The `HOST:PORT` of a node's address as `moved` gives it (`ws://HOST:PORT/ws`).
pub fn node_addr(url: &str) -> String {
    let rest = url.split("://").nth(1).unwrap_or(url);
    rest.split('/').next().unwrap_or(rest).to_string()
}

impl Player {
    /// Creates a room for `table` and sits in it.
    pub async fn create(addr: &str, table: TableSpec, name: &str) -> Result<Player, String> {
        let mut client = Client::connect(addr).await?;
        client
            .send(&ClientMsg::Create {
                table,
                player: PlayerSpec {
                    name: name.into(),
                    profile: None,
                },
            })
            .await?;
        let first = client.recv().await?;
        Player::seated(client, first).await
    }

    /// Joins room `code` (with a profile key, if the device has one), following the server
    /// to the node that holds the room if it says so.
    pub async fn join(
        addr: &str,
        code: &str,
        name: &str,
        profile: Option<String>,
    ) -> Result<Player, String> {
        let join = ClientMsg::Join {
            code: code.into(),
            player: PlayerSpec {
                name: name.into(),
                profile,
            },
            seat: None,
        };
        let (client, first) = Client::ask(addr, &join).await?;
        Player::seated(client, first).await
    }

    /// Asks node `addr` for quick play at a table of `seats` and waits to be seated: at this
    /// node, or (another node opened the table) at that one, where the seat is resumed by the
    /// token this node gave. The player, and the node it sits at.
    pub async fn quick(
        addr: &str,
        seats: u8,
        name: &str,
        profile: Option<String>,
    ) -> Result<(Player, String), String> {
        let mut client = Client::connect(addr).await?;
        let player = PlayerSpec {
            name: name.into(),
            profile,
        };
        client.send(&ClientMsg::QuickPlay { seats, player }).await?;
        let (code, token, profile) = loop {
            match client.recv().await? {
                ServerMsg::Joined {
                    code,
                    token,
                    profile,
                    ..
                } => break (code, token, profile),
                ServerMsg::Queued { .. } => {}
                other => return Err(format!("expected queued or joined, got {other:?}")),
            }
        };
        match client.recv().await? {
            ServerMsg::Seated { seat } => {
                let player = Player::new(client, code, token, profile, seat);
                Ok((player, addr.to_string()))
            }
            ServerMsg::Moved { url } => {
                client.close().await;
                let there = node_addr(&url);
                let player = Player::resume_token(&there, code, token, profile).await?;
                Ok((player, there))
            }
            other => Err(format!("expected seated or moved, got {other:?}")),
        }
    }

    async fn seated(mut client: Client, first: ServerMsg) -> Result<Player, String> {
        let (code, token, profile) = match first {
            ServerMsg::Joined {
                code,
                token,
                profile,
                ..
            } => (code, token, profile),
            other => return Err(format!("expected joined, got {other:?}")),
        };
        let seat = match client.recv().await? {
            ServerMsg::Seated { seat } => seat,
            other => return Err(format!("expected seated, got {other:?}")),
        };
        Ok(Player::new(client, code, token, profile, seat))
    }

    fn new(client: Client, code: String, token: String, profile: String, seat: u8) -> Player {
        Player {
            client,
            code,
            token,
            profile,
            seat,
            view: None,
            mirror: None,
            cpu: Cpu::new(CpuLevel::Random, seat as u64 + 1),
            asked: None,
            refusals: Vec::new(),
            log: Vec::new(),
            keep_log: false,
            furthest_back: false,
            moved: None,
            shares: true,
            share: None,
        }
    }

    /// Takes the seat of room `code` that `token` holds, having heard nothing yet.
    async fn resume_token(
        addr: &str,
        code: String,
        token: String,
        profile: String,
    ) -> Result<Player, String> {
        let resume = ClientMsg::Resume {
            code: code.clone(),
            token: token.clone(),
            seen: 0,
        };
        let (client, first) = Client::ask(addr, &resume).await?;
        match first {
            ServerMsg::Seated { seat } => Ok(Player::new(client, code, token, profile, seat)),
            other => Err(format!("expected seated, got {other:?}")),
        }
    }

    /// Comes back to the seat on a new connection, having heard `seen` events.
    pub async fn resume(addr: &str, mut old: Player) -> Result<Player, String> {
        old.reconnect(addr).await?;
        Ok(old)
    }

    /// Comes back to the seat through node `addr` (following `moved` and `busy`) on a new
    /// connection, having heard the events its mirror has; the old connection closes. On an
    /// error the player is as it was, to try again.
    pub async fn reconnect(&mut self, addr: &str) -> Result<(), String> {
        let seen = self.mirror.as_ref().map_or(0, |m| m.seq);
        let resume = ClientMsg::Resume {
            code: self.code.clone(),
            token: self.token.clone(),
            seen,
        };
        let (client, first) = Client::ask(addr, &resume).await?;
        match first {
            ServerMsg::Seated { seat } if seat == self.seat => {}
            other => return Err(format!("expected seated {}, got {other:?}", self.seat)),
        }
        let old = std::mem::replace(&mut self.client, client);
        old.close().await;
        self.asked = None;
        self.moved = None;
        Ok(())
    }

    pub fn stage(&self) -> Option<Stage> {
        self.view.as_ref().map(|v| v.stage)
    }

    /// Takes in one message: the room's snapshot, events (checked against the engine), or a
    /// refusal (kept).
    pub fn hear(&mut self, msg: &ServerMsg) -> Result<(), String> {
        if self.keep_log {
            self.log.push(msg.clone());
        }
        match msg {
            ServerMsg::Room(view) => {
                self.mirror = Mirror::from_view(view)?;
                self.view = Some((**view).clone());
            }
            ServerMsg::Events { events } => {
                if let Some(m) = self.mirror.as_mut() {
                    m.apply(events)?;
                }
            }
            ServerMsg::Seated { seat } => self.seat = *seat,
            ServerMsg::Refused { .. } => self.refusals.push(msg.clone()),
            ServerMsg::Moved { url } => self.moved = Some(url.clone()),
            _ => {}
        }
        Ok(())
    }

    /// True when the game waits for this seat to roll (or press the die).
    pub fn request_is_roll(&self) -> bool {
        self.mirror.as_ref().is_some_and(|m| {
            m.game.turn() == self.seat
                && matches!(
                    m.game.awaiting(),
                    Awaiting::Roll | Awaiting::RollOff | Awaiting::Release
                )
        })
    }

    /// This device's share of the dice, while they are being sealed: its promise, then its
    /// secret, each once.
    fn share_due(&mut self) -> Option<ClientMsg> {
        let g = self.view.as_ref()?.game.as_ref()?;
        let mine = g.dice.shares.iter().find(|s| s.seat == self.seat)?;
        if !self.shares {
            return None;
        }
        if self.share.is_none_or(|(game, ..)| game != g.number) {
            let mut secret = [0u8; 32];
            getrandom::fill(&mut secret).ok()?;
            self.share = Some((g.number, secret, 0));
        }
        let (game, secret, sent) = self.share.as_mut()?;
        match g.dice.phase {
            DicePhase::Promising if mine.promised.is_none() && *sent == 0 => {
                *sent = 1;
                Some(ClientMsg::Commit {
                    game: *game,
                    promise: promise(secret),
                })
            }
            DicePhase::Revealing if mine.promised.is_some() && *sent == 1 => {
                *sent = 2;
                Some(ClientMsg::Reveal {
                    game: *game,
                    secret: hex(secret),
                })
            }
            _ => None,
        }
    }

    /// The request this seat should send now: its share of the dice while they are being
    /// sealed, or, if it is its turn and it has not asked yet, its step.
    pub fn request(&mut self) -> Option<ClientMsg> {
        let sealing = self
            .view
            .as_ref()?
            .game
            .as_ref()
            .is_some_and(|g| !g.dice.sealed());
        if sealing {
            return self.share_due();
        }
        let view = self.view.as_ref()?;
        let m = self.mirror.as_ref()?;
        if view.stage != Stage::Playing || m.game.is_over() || m.game.turn() != self.seat {
            return None;
        }
        if self.asked == Some((m.number, m.seq)) {
            return None;
        }
        self.asked = Some((m.number, m.seq));
        let at = m.seq;
        let (furthest_back, cpu) = (self.furthest_back, &mut self.cpu);
        let action = m.game.due(|game, moves| {
            if furthest_back {
                (0..moves.len())
                    .min_by_key(|&i| (moves[i].from != Pos::BASE, moves[i].from))
                    .expect("a move is due")
            } else {
                cpu.choose(game, moves)
            }
        })?;
        Some(match action {
            Action::Press => ClientMsg::Roll { at },
            Action::Move(piece) => ClientMsg::Move { at, piece },
        })
    }

    /// Sends this seat's request if one is due now (after taking a snapshot by hand).
    pub async fn answer(&mut self) -> Result<(), String> {
        if let Some(req) = self.request() {
            self.client.send(&req).await?;
        }
        Ok(())
    }

    /// Hears one message and answers it if it is this seat's turn.
    pub async fn step(&mut self) -> Result<ServerMsg, String> {
        let msg = self.client.recv().await?;
        self.hear(&msg)?;
        if let Some(req) = self.request() {
            self.client.send(&req).await?;
        }
        Ok(msg)
    }

    /// Plays until the game is over; the final snapshot.
    pub async fn play_to_end(&mut self) -> Result<RoomView, String> {
        self.play_until(|p| p.stage() == Some(Stage::Over)).await?;
        Ok(self.view.clone().expect("a snapshot came"))
    }

    /// Hears messages and answers for its seat until `stop` holds after a message; then it
    /// asks nothing more.
    pub async fn play_until(&mut self, stop: impl Fn(&Player) -> bool) -> Result<(), String> {
        loop {
            let msg = self.client.recv().await?;
            self.hear(&msg)?;
            if stop(self) || self.moved.is_some() {
                return Ok(());
            }
            if let ServerMsg::Refused {
                reason: Refusal::TooFast,
                ..
            } = msg
            {
                // Asked faster than the server takes: ask again a little later.
                tokio::time::sleep(Duration::from_millis(100)).await;
                self.asked = None;
            }
            if let Some(req) = self.request() {
                self.client.send(&req).await?;
            }
        }
    }
}
