//! Bots under load, as one process of `ludo-load` runs them: rooms filled through the nodes,
//! each bot playing its seat (the host asking for a rematch after each game) until a deadline,
//! coming back through the other nodes when its own is killed; and what they measured, as a
//! few lines of text for the process that started them.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use ludo_proto::{ClientMsg, SeatSpec, ServerMsg, Stage, TableSpec};
use tokio::sync::Semaphore;
use tokio::time::Instant;

use crate::client::Player;

/// What one process's bots are to do.
pub struct Plan {
    /// The nodes: each room is made at one and joined through the next; a bot whose node is
    /// killed (the first) comes back through the others.
    pub addrs: Vec<String>,
    pub rooms: usize,
    pub seats: u8,
    /// A bot's wait before each request.
    pub think: Duration,
    /// How long they play once told to.
    pub play_for: Duration,
    /// Whether the first node will be killed: bots come back rather than stop.
    pub kill: bool,
    /// Whether the nodes restart in turn (a deploy): a bot sent on follows, else comes back
    /// through the others, rather than stop.
    pub roll: bool,
}

/// What the bots count as they play.
#[derive(Default)]
pub struct Counts {
    pub requests: AtomicU64,
    /// The requests that are steps of a game (rolls, moves, releases).
    pub steps: AtomicU64,
    pub deliveries: AtomicU64,
    pub events: AtomicU64,
    pub games: AtomicU64,
    pub errors: AtomicU64,
}

/// Latencies in buckets: 0.1 ms wide below 100 ms, then 10 ms wide up to 10 s.
#[derive(Clone, Debug, PartialEq)]
pub struct Hist(Vec<u64>);

const FINE: u64 = 1000;
const BUCKETS: usize = 2000;

impl Default for Hist {
    fn default() -> Hist {
        Hist(vec![0; BUCKETS])
    }
}

impl Hist {
    pub fn add(&mut self, micros: u64) {
        let b = if micros < FINE * 100 {
            micros / 100
        } else {
            (FINE + (micros - FINE * 100) / 10_000).min(BUCKETS as u64 - 1)
        };
        self.0[b as usize] += 1;
    }

    pub fn count(&self) -> u64 {
        self.0.iter().sum()
    }

    /// The latency below which a share `p` of the samples lie, in milliseconds (the bucket's
    /// upper edge).
    pub fn percentile(&self, p: f64) -> f64 {
        let n = self.count();
        if n == 0 {
            return 0.0;
        }
        let want = ((n as f64 - 1.0) * p).round() as u64 + 1;
        let mut seen = 0;
        for (b, &c) in self.0.iter().enumerate() {
            seen += c;
            if seen >= want {
                let b = b as u64;
                return if b < FINE {
                    (b + 1) as f64 / 10.0
                } else {
                    100.0 + (b - FINE + 1) as f64 * 10.0
                };
            }
        }
        f64::INFINITY
    }

    fn merge(&mut self, other: &Hist) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a += b;
        }
    }
}

/// What a process's bots measured.
#[derive(Debug, Default, PartialEq)]
pub struct Tally {
    pub events: u64,
    pub deliveries: u64,
    pub requests: u64,
    /// The requests that are steps of a game (rolls, moves, releases).
    pub steps: u64,
    pub games: u64,
    pub errors: u64,
    pub sockets: u64,
    pub latency: Hist,
    /// For each room of the killed node played again: milliseconds from the kill to its
    /// first event heard after.
    pub recovered: Vec<u32>,
    /// Rooms of the killed node not played again before the end (in a rolling restart,
    /// devices that never played again).
    pub unrecovered: u64,
    /// In a rolling restart: for each time a device was sent on (or lost its node),
    /// milliseconds until its first event after.
    pub back: Vec<u32>,
    /// The CPU time the bots' process took while they played, milliseconds.
    pub cpu_ms: u64,
}

impl Tally {
    /// As lines of text: `tally` with the counts, `latency` with the buckets that have
    /// samples (`bucket:count`), `recovered` with milliseconds.
    pub fn to_lines(&self) -> String {
        let buckets: Vec<String> = (self.latency.0.iter().enumerate())
            .filter(|(_, c)| **c > 0)
            .map(|(b, c)| format!("{b}:{c}"))
            .collect();
        let recovered: Vec<String> = self.recovered.iter().map(u32::to_string).collect();
        let back: Vec<String> = self.back.iter().map(u32::to_string).collect();
        format!(
            "tally {} {} {} {} {} {} {} {} {}\nlatency {}\nrecovered {}\nback {}\n",
            self.events,
            self.deliveries,
            self.requests,
            self.games,
            self.errors,
            self.sockets,
            self.unrecovered,
            self.cpu_ms,
            self.steps,
            buckets.join(" "),
            recovered.join(" "),
            back.join(" ")
        )
    }

    /// Reads what `to_lines` wrote.
    pub fn parse(text: &str) -> Result<Tally, String> {
        let mut t = Tally::default();
        let num = |w: &str| w.parse::<u64>().map_err(|e| format!("{w:?}: {e}"));
        for line in text.lines() {
            let mut words = line.split_whitespace();
            match words.next() {
                Some("tally") => {
                    let n: Vec<u64> = words.map(num).collect::<Result<_, _>>()?;
                    let [
                        events,
                        deliveries,
                        requests,
                        games,
                        errors,
                        sockets,
                        unrecovered,
                        cpu_ms,
                        steps,
                    ] = n[..]
                    else {
                        return Err(format!("expected nine counts: {line:?}"));
                    };
                    t.steps = steps;
                    (t.events, t.deliveries, t.requests, t.games) =
                        (events, deliveries, requests, games);
                    (t.errors, t.sockets, t.unrecovered, t.cpu_ms) =
                        (errors, sockets, unrecovered, cpu_ms);
                }
                Some("latency") => {
                    for w in words {
                        let (b, c) = w.split_once(':').ok_or(format!("expected b:c: {w:?}"))?;
                        let b = num(b)? as usize;
                        *t.latency.0.get_mut(b).ok_or(format!("no bucket {b}"))? = num(c)?;
                    }
                }
                Some("recovered") => {
                    t.recovered = words
                        .map(|w| num(w).map(|n| n as u32))
                        .collect::<Result<_, _>>()?;
                }
                Some("back") => {
                    t.back = words
                        .map(|w| num(w).map(|n| n as u32))
                        .collect::<Result<_, _>>()?;
                }
                _ => {}
            }
        }
        Ok(t)
    }

    pub fn merge(&mut self, other: &Tally) {
        self.events += other.events;
        self.deliveries += other.deliveries;
        self.requests += other.requests;
        self.steps += other.steps;
        self.games += other.games;
        self.errors += other.errors;
        self.sockets += other.sockets;
        self.latency.merge(&other.latency);
        self.recovered.extend(&other.recovered);
        self.recovered.sort_unstable();
        self.unrecovered += other.unrecovered;
        self.back.extend(&other.back);
        self.back.sort_unstable();
        self.cpu_ms += other.cpu_ms;
    }
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

/// Opens the plan's rooms, 64 at a time, each on one node and joined through the next (the
/// others are sent on with `moved`).
pub async fn fill(plan: &Plan, counts: &Counts) -> Vec<Vec<Player>> {
    let gate = Arc::new(Semaphore::new(64));
    let n = plan.addrs.len();
    let filling: Vec<_> = (0..plan.rooms)
        .map(|i| {
            let (addr, join) = (plan.addrs[i % n].clone(), plan.addrs[(i + 1) % n].clone());
            let gate = gate.clone();
            let seats = plan.seats;
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

/// The nodes a bot may come back through, as the run knows them.
pub type Nodes = Arc<std::sync::RwLock<Vec<String>>>;

/// Lets every bot play for the plan's time; `killed` is set when the first node is killed.
pub async fn play(
    tables: Vec<Vec<Player>>,
    plan: &Plan,
    counts: &Arc<Counts>,
    killed: Arc<OnceLock<Instant>>,
    nodes: Nodes,
) -> Tally {
    let stop = Instant::now() + plan.play_for;
    let sockets = tables.iter().map(Vec::len).sum::<usize>() as u64;
    // Killed, the first node never comes back; restarted in turn, any may be the one down
    // (and the run says where the new ones are).
    if plan.kill {
        *nodes.write().expect("not poisoned") = plan.addrs.iter().skip(1).cloned().collect();
    }
    let others = nodes;
    let bots: Vec<_> = tables
        .into_iter()
        .flatten()
        .enumerate()
        .map(|(i, p)| {
            let back = (plan.kill || plan.roll).then(|| Back {
                others: others.clone(),
                first: i,
                killed: killed.clone(),
            });
            tokio::spawn(bot(p, plan.think, stop, counts.clone(), back))
        })
        .collect();
    let mut latency = Hist::default();
    let mut rooms: HashMap<String, Option<u32>> = HashMap::new();
    let mut back = Vec::new();
    let mut never_back = 0;
    for b in bots {
        let (hist, came_back, backs) = b.await.expect("no panic");
        latency.merge(&hist);
        never_back += u64::from(backs.last().is_some_and(Option::is_none));
        back.extend(backs.into_iter().flatten());
        if let Some((code, ms)) = came_back {
            let best = rooms.entry(code).or_default();
            *best = match (*best, ms) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
    }
    let mut recovered: Vec<u32> = rooms.values().filter_map(|ms| *ms).collect();
    recovered.sort_unstable();
    back.sort_unstable();
    Tally {
        events: counts.events.load(Ordering::Relaxed),
        deliveries: counts.deliveries.load(Ordering::Relaxed),
        requests: counts.requests.load(Ordering::Relaxed),
        steps: counts.steps.load(Ordering::Relaxed),
        games: counts.games.load(Ordering::Relaxed),
        errors: counts.errors.load(Ordering::Relaxed),
        sockets,
        latency,
        unrecovered: if plan.roll {
            never_back
        } else {
            rooms.values().filter(|ms| ms.is_none()).count() as u64
        },
        recovered,
        back,
        cpu_ms: 0,
    }
}

/// How a bot comes back when its node is gone: through the other nodes, starting at its own
/// place among them; when the node was killed.
struct Back {
    others: Nodes,
    first: usize,
    killed: Arc<OnceLock<Instant>>,
}

impl Back {
    /// Resumes `p`'s seat through the other nodes in turn until one takes it (the room's
    /// node's lease must run out first) or `stop`, waiting between tries as a game does
    /// (0.5 s, 1 s, 2 s, … 5 s), each bot a little apart from the others.
    async fn resume(&self, p: &mut Player, stop: Instant) -> bool {
        let spread = 0.75 + 0.5 * ((self.first as f64 * 0.618_034) % 1.0);
        let mut wait = 0.5;
        let mut i = self.first;
        // Sent on by a node that stops: there first.
        if let Some(to) = p.moved.take()
            && p.reconnect(&crate::client::node_addr(&to)).await.is_ok()
        {
            return true;
        }
        while Instant::now() < stop {
            let addr = {
                let others = self.others.read().expect("not poisoned");
                others[i % others.len()].clone()
            };
            let addr = &addr;
            if p.reconnect(addr).await.is_ok() {
                return true;
            }
            i += 1;
            tokio::time::sleep(Duration::from_secs_f64(wait * spread)).await;
            wait = (wait * 2.0).min(5.0);
        }
        false
    }
}

/// One bot: plays its seat until `stop`; the host asks for a rematch after each game. When
/// its connection goes and it may come `back`, it resumes through another node. Its
/// latencies, and, if it came back, its room and the milliseconds from the kill until its
/// first event after (none if the room was not played again).
async fn bot(
    mut p: Player,
    think: Duration,
    stop: Instant,
    counts: Arc<Counts>,
    back: Option<Back>,
) -> (Hist, Option<(String, Option<u32>)>, Vec<Option<u32>>) {
    let mut latency = Hist::default();
    let mut pending: Option<(u64, Instant)> = None;
    let mut came_back: Option<(String, Option<u32>)> = None;
    // Each time it was sent on or lost its node: when, and the milliseconds until it heard
    // an event again (none if it never did).
    let mut backs: Vec<Option<u32>> = Vec::new();
    let mut lost_at: Option<Instant> = None;
    let host = p.seat == 0;
    while Instant::now() < stop {
        let left = stop.saturating_duration_since(Instant::now());
        let heard = p
            .client
            .recv_within(left.max(Duration::from_millis(1)))
            .await;
        let msg = match (heard, &back) {
            (Ok(m), _) if p.moved.is_none() => m,
            (_, Some(back)) if Instant::now() < stop => {
                came_back.get_or_insert((p.code.clone(), None));
                if lost_at.is_none() {
                    lost_at = Some(Instant::now());
                    backs.push(None);
                }
                pending = None;
                if !back.resume(&mut p, stop).await {
                    break;
                }
                continue;
            }
            _ => break,
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
                latency.add(sent.elapsed().as_micros() as u64);
                pending = None;
            }
            if let Some(at) = lost_at.take()
                && let Some(last) = backs.last_mut()
            {
                *last = Some(at.elapsed().as_millis() as u32);
            }
            if let (Some((_, ms @ None)), Some(killed)) =
                (&mut came_back, back.as_ref().and_then(|b| b.killed.get()))
            {
                *ms = Some(killed.elapsed().as_millis() as u32);
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
                continue;
            }
        }
        if let Some(req) = p.request() {
            if !think.is_zero() {
                tokio::time::sleep(think).await;
            }
            // A step's latency: a share of the dice is answered by the game's start, which
            // waits for every seat's share.
            if let ClientMsg::Roll { at } | ClientMsg::Move { at, .. } = req {
                pending = Some((at, Instant::now()));
            }
            counts.requests.fetch_add(1, Ordering::Relaxed);
            if !matches!(req, ClientMsg::Commit { .. } | ClientMsg::Reveal { .. }) {
                counts.steps.fetch_add(1, Ordering::Relaxed);
            }
            // A send that fails is seen at the next read.
            let _ = p.client.send(&req).await;
        }
    }
    p.client.close().await;
    (latency, came_back, backs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tally_goes_through_its_lines_and_its_percentiles_are_the_buckets_edges() {
        let mut t = Tally {
            events: 10,
            deliveries: 40,
            requests: 9,
            games: 1,
            errors: 0,
            sockets: 4,
            recovered: vec![3100, 4200],
            unrecovered: 1,
            back: vec![700, 1900],
            steps: 7,
            cpu_ms: 1234,
            ..Tally::default()
        };
        for micros in [50, 250, 250, 1_500, 250_000] {
            t.latency.add(micros);
        }
        let back = Tally::parse(&t.to_lines()).unwrap();
        assert_eq!(back, t);
        assert_eq!(t.latency.percentile(0.0), 0.1);
        assert_eq!(t.latency.percentile(0.5), 0.3);
        assert_eq!(t.latency.percentile(1.0), 260.0);
        let mut two = Tally::parse(&t.to_lines()).unwrap();
        two.merge(&t);
        assert_eq!(
            (two.events, two.latency.count(), two.recovered.len()),
            (20, 10, 4)
        );
        assert!(Tally::parse("tally 1 2").is_err());
    }
}
