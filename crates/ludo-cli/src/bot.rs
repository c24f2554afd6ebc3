//! Outside players: a program started once and spoken to in JSON lines (docs/BOT_PROTOCOL.md).
//!
//! A bad answer, no legal move named, or no answer within the time limit is a fault: it is
//! reported (bot, game, turn, what was sent) and the first legal move is played instead. A bot
//! that exits stops the tournament with an error.

use std::cell::{Cell, RefCell};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::rc::Rc;
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use ludo_core::tournament::Progress;
use ludo_core::{Chooser, Game, Move, Rules};
use serde::Serialize;

use crate::moves::{MoveResult, move_results};

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

/// Faults seen in a run, shared by every bot and printed by the tournament.
pub type FaultLog = Rc<RefCell<Vec<String>>>;

pub struct Bot {
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    rules: Rules,
    timeout: Duration,
    next_id: u64,
    progress: Rc<Cell<Progress>>,
    faults: FaultLog,
    failure: Option<String>,
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
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start {command:?}: {e}"))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let (tx, rx) = channel();
        // A reader thread, so a silent bot cannot hang the tournament.
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Bot {
            name: name.to_string(),
            child,
            stdin,
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
        let sent: String = sent.chars().take(300).collect();
        let msg = format!(
            "bot {}: game {} turn {}: {what}; played the first legal move instead. Sent: {sent}…",
            self.name, p.game, p.turn
        );
        eprintln!("{msg}");
        self.faults.borrow_mut().push(msg);
    }

    fn exited(&mut self) -> String {
        let status = self
            .child
            .try_wait()
            .ok()
            .flatten()
            .map_or("still running, output closed".to_string(), |s| {
                s.to_string()
            });
        format!("bot {} exited ({status})", self.name)
    }

    /// Reads answers until one for `id` arrives, the time runs out, or the bot is gone.
    fn answer(&mut self, id: u64, moves: usize, sent: &str) -> usize {
        let deadline = Instant::now() + self.timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(line) => line,
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
                    self.fault(&format!("answer {line:?} is not JSON ({e})"), sent);
                    return 0;
                }
            };
            // `{"id": N, "move": I}`, or a bare index for the current decision.
            let (answer_id, index) = match &value {
                serde_json::Value::Number(n) => (Some(id), n.as_u64()),
                serde_json::Value::Object(o) => (
                    o.get("id").and_then(|v| v.as_u64()),
                    o.get("move").and_then(|v| v.as_u64()),
                ),
                _ => (None, None),
            };
            if answer_id.is_some_and(|a| a < id) {
                continue; // a late answer to an earlier decision
            }
            match index {
                Some(i) if (i as usize) < moves => return i as usize,
                _ => {
                    self.fault(
                        &format!("answer {line:?} names no legal move (0 to {})", moves - 1),
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
        if writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .is_err()
        {
            self.failure = Some(self.exited());
            return 0;
        }
        self.answer(id, moves.len(), &line)
    }

    fn failure(&self) -> Option<String> {
        self.failure.clone()
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
