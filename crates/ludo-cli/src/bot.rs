//! Outside players: a program started once and spoken to in JSON lines (docs/BOT_PROTOCOL.md).
//!
//! A bad answer, no legal move named, or no answer within the time limit is a fault: it is
//! reported (bot, game, turn, what was sent) and the first legal move is played instead. A bot
//! that exits stops the tournament with an error. Whatever a bot does, the tournament neither
//! hangs nor grows: requests are written by a thread of their own (a bot that does not read
//! cannot block the run), answers are read in lines of at most `MAX_LINE` bytes into a queue
//! of `QUEUE` lines, and the bot runs in a process group of its own that ends with the run.

use std::cell::{Cell, RefCell};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::rc::Rc;
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TrySendError, sync_channel};
use std::time::{Duration, Instant};

use ludo_core::{Chooser, Game, Move, Rules};
use ludo_cpu::tournament::Progress;
use serde::Serialize;

use crate::moves::{MoveResult, move_results};

/// The longest answer line read; a longer one is a fault and is skipped.
const MAX_LINE: usize = 64 * 1024;
/// Answer lines waiting to be read; past that the bot waits (its output pipe fills).
const QUEUE: usize = 16;
/// How much of a bad answer a fault message quotes.
const QUOTE: usize = 120;
/// Faults printed in full; later ones are counted.
const SHOWN: u64 = 20;

/// What a bot is sent for each decision.
#[derive(Serialize)]
struct Request<'a> {
    /// Echo this in the answer.
    id: u64,
    game: u64,
    turn: u64,
    seat: u8,
    roll: u8,
    rules: &'a Rules,
    state: ludo_core::GameState,
    moves: Vec<MoveResult>,
}

/// Faults seen in a run, shared by every bot: the first few are printed, all are counted.
#[derive(Default)]
pub struct Faults {
    pub count: u64,
}

pub type FaultLog = Rc<RefCell<Faults>>;

/// One line of a bot's output.
enum Line {
    Text(String),
    TooLong,
    NotUtf8,
}

pub struct Bot {
    name: String,
    child: Child,
    /// To the writer thread; holds one request while another is being written.
    requests: Option<SyncSender<String>>,
    lines: Receiver<Line>,
    rules: Rules,
    timeout: Duration,
    next_id: u64,
    progress: Rc<Cell<Progress>>,
    faults: FaultLog,
    failure: Option<String>,
}

/// `text` cut to `max` characters, saying how much was left out.
pub fn quote(text: &str, max: usize) -> String {
    let count = text.chars().count();
    if count <= max {
        format!("{text:?}")
    } else {
        let cut: String = text.chars().take(max).collect();
        format!("{cut:?}… ({} more characters)", count - max)
    }
}

fn read_lines(stdout: impl Read, tx: SyncSender<Line>) {
    let mut r = BufReader::new(stdout);
    loop {
        let mut buf = Vec::new();
        let n = match (&mut r)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buf)
        {
            Ok(n) => n,
            Err(_) => return,
        };
        if n == 0 {
            return;
        }
        let line = if buf.last() == Some(&b'\n') {
            buf.pop();
            match String::from_utf8(buf) {
                Ok(s) => Line::Text(s),
                Err(_) => Line::NotUtf8,
            }
        } else if buf.len() > MAX_LINE {
            // Skip the rest of the line without keeping it.
            if r.skip_until(b'\n').is_err() {
                return;
            }
            Line::TooLong
        } else {
            match String::from_utf8(buf) {
                Ok(s) => Line::Text(s),
                Err(_) => Line::NotUtf8,
            }
        };
        if tx.send(line).is_err() {
            return;
        }
    }
}

impl Bot {
    pub fn start(
        name: &str,
        command: &str,
        rules: Rules,
        timeout_ms: u64,
        progress: Rc<Cell<Progress>>,
        faults: FaultLog,
    ) -> Result<Bot, String> {
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            // Its own group, so that everything the command starts ends with the run.
            cmd.process_group(0);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", quote(command, QUOTE)))?;
        let mut stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let (tx, rx) = sync_channel(QUEUE);
        std::thread::spawn(move || read_lines(stdout, tx));
        let (requests, to_write) = sync_channel::<String>(1);
        std::thread::spawn(move || {
            for line in to_write {
                if stdin
                    .write_all(line.as_bytes())
                    .and_then(|_| stdin.write_all(b"\n"))
                    .and_then(|_| stdin.flush())
                    .is_err()
                {
                    return;
                }
            }
        });
        Ok(Bot {
            name: name.to_string(),
            child,
            requests: Some(requests),
            lines: rx,
            rules,
            timeout: Duration::from_millis(timeout_ms),
            next_id: 0,
            progress,
            faults,
            failure: None,
        })
    }

    fn fault(&mut self, what: &str, sent: &str) {
        let p = self.progress.get();
        let mut faults = self.faults.borrow_mut();
        faults.count += 1;
        if faults.count <= SHOWN {
            let sent: String = sent.chars().take(200).collect();
            eprintln!(
                "bot {}: game {} turn {}: {what}; played the first legal move instead. Sent: {sent}…",
                self.name, p.game, p.turn
            );
        }
        if faults.count == SHOWN {
            eprintln!("(further faults are counted, not shown)");
        }
    }

    /// Why the bot is gone: its exit status, once it has one (waited for briefly).
    fn exited(&mut self) -> String {
        let deadline = Instant::now() + Duration::from_secs(1);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return format!("bot {} exited ({status})", self.name),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(10))
                }
                _ => {
                    return format!(
                        "bot {} closed its input or output but is still running",
                        self.name
                    );
                }
            }
        }
    }

    /// Reads answers until one for `id` arrives, the time runs out, or the bot is gone.
    fn answer(&mut self, id: u64, moves: usize, sent: &str) -> usize {
        let deadline = Instant::now() + self.timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(Line::Text(line)) => line,
                Ok(Line::TooLong) => {
                    self.fault(&format!("an answer longer than {MAX_LINE} bytes"), sent);
                    return 0;
                }
                Ok(Line::NotUtf8) => {
                    self.fault("an answer that is not UTF-8 text", sent);
                    return 0;
                }
                Err(RecvTimeoutError::Timeout) => {
                    self.fault(
                        &format!("no answer within {} ms", self.timeout.as_millis()),
                        sent,
                    );
                    return 0;
                }
                Err(RecvTimeoutError::Disconnected) => {
                    self.failure = Some(self.exited());
                    return 0;
                }
            };
            let value: serde_json::Value = match serde_json::from_str(&line) {
                Ok(v) => v,
                Err(e) => {
                    self.fault(
                        &format!("answer {} is not JSON ({e})", quote(&line, QUOTE)),
                        sent,
                    );
                    return 0;
                }
            };
            // `{"id": N, "move": I}`, or a bare index for the current decision.
            let (answer_id, index) = match &value {
                serde_json::Value::Number(n) => (Some(Some(id)), n.as_u64()),
                serde_json::Value::Object(o) => (
                    o.get("id").map(|v| v.as_u64()),
                    o.get("move").and_then(|v| v.as_u64()),
                ),
                _ => (None, None),
            };
            match answer_id {
                Some(Some(a)) if a < id => continue, // a late answer to an earlier decision
                Some(Some(a)) if a > id => {
                    self.fault(
                        &format!(
                            "answer {} has id {a}, but this request's id is {id}",
                            quote(&line, QUOTE)
                        ),
                        sent,
                    );
                    return 0;
                }
                Some(None) => {
                    self.fault(
                        &format!(
                            "answer {} has an id that is not the request's ({id})",
                            quote(&line, QUOTE)
                        ),
                        sent,
                    );
                    return 0;
                }
                _ => {}
            }
            match index {
                Some(i) if (i as usize) < moves => return i as usize,
                _ => {
                    self.fault(
                        &format!(
                            "answer {} names no legal move (0 to {})",
                            quote(&line, QUOTE),
                            moves - 1
                        ),
                        sent,
                    );
                    return 0;
                }
            }
        }
    }
}

impl Chooser for Bot {
    fn choose(&mut self, game: &Game, moves: &[Move]) -> usize {
        if self.failure.is_some() {
            return 0;
        }
        let id = self.next_id;
        self.next_id += 1;
        let p = self.progress.get();
        let request = Request {
            id,
            game: p.game,
            turn: p.turn,
            seat: game.turn(),
            roll: game.pending_roll().unwrap_or(0),
            rules: &self.rules,
            state: game.state(),
            moves: move_results(game),
        };
        let line = serde_json::to_string(&request).expect("requests serialise");
        let sent = self.requests.as_ref().map(|r| r.try_send(line.clone()));
        match sent {
            Some(Ok(())) => self.answer(id, moves.len(), &line),
            Some(Err(TrySendError::Full(_))) => {
                // The writer still waits for the bot to read an earlier request.
                self.fault("the bot has not read its earlier requests", &line);
                0
            }
            Some(Err(TrySendError::Disconnected(_))) | None => {
                self.requests = None;
                self.failure = Some(self.exited());
                0
            }
        }
    }

    fn failure(&self) -> Option<String> {
        self.failure.clone()
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        // The writer thread may be blocked on the bot's full input: ending the bot frees it.
        self.requests = None;
        #[cfg(unix)]
        // SAFETY: kill() with the bot's own process group (its pid, see `process_group(0)`).
        unsafe {
            libc::kill(-(self.child.id() as i32), libc::SIGKILL);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
