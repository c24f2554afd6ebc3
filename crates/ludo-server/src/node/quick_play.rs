//! Quick play's work on a node, for as long as it runs: every look over the queue (`quick`),
//! a room opened for each group that matches (its seats kept for them, CPUs in the rest), and
//! each waiting connection told how many wait when that changes. When several nodes share
//! PostgreSQL, the look is over every node's people (`store::SharedQueue`): the node that
//! matches opens the rooms, and people waiting at other nodes are sent there.

use std::sync::Arc;
use std::time::Duration;

use ludo_core::Rules;
use ludo_proto::{QUICK_PLAY_SEATS, SeatSpec, TableSpec};
use tokio::sync::{Mutex, OwnedMutexGuard};

use super::shared::Shared;
use crate::quick::{News, QUICK_TURN_SECS, Waiter, level_for, matches};
use crate::room::{Seat, Table};
use crate::secret;
use crate::store::{QuickTable, SharedQueue, Waiting};

/// How often the queue is looked over.
const TICK: Duration = Duration::from_millis(200);

pub async fn run(shared: Arc<Shared>) {
    let mut told = [u32::MAX; QUICK_PLAY_SEATS.len()];
    let mut tick = tokio::time::interval(TICK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        if let Some(queue) = &shared.shared_queue {
            shared_look(&shared, queue, &mut told).await;
            continue;
        }
        for (i, &seats) in QUICK_PLAY_SEATS.iter().enumerate() {
            let tables = shared.queue.take_matches(seats, shared.config.quick_wait);
            for (people, cpus) in tables {
                open_table(&shared, seats, people, cpus).await;
            }
            told[i] = shared.queue.tell_waiting(seats, told[i]);
        }
    }
}

/// A quick-play table of `seats` for people of `ratings` (the first seats) and CPUs.
fn spec(seats: u8, ratings: &[f64]) -> TableSpec {
    let level = level_for(ratings);
    TableSpec {
        rules: Rules::default(),
        seats: (0..seats)
            .map(|s| {
                if (s as usize) < ratings.len() {
                    SeatSpec::Open
                } else {
                    SeatSpec::Cpu(level)
                }
            })
            .collect(),
        turn_limit_secs: Some(QUICK_TURN_SECS),
    }
}

/// Opens a room for `people` and `cpus` CPU seats and tells each person their seat; if the
/// node cannot hold another room, they wait on.
async fn open_table(shared: &Arc<Shared>, seats: u8, people: Vec<Waiter>, cpus: u8) {
    let ratings: Vec<f64> = people.iter().map(|w| w.rating).collect();
    debug_assert_eq!(seats as usize, people.len() + cpus as usize);
    match shared.open_room(spec(seats, &ratings), true).await {
        Ok(room) => {
            for (seat, w) in people.into_iter().enumerate() {
                let room = room.clone();
                let _ = w.news.send(News::Seated {
                    room,
                    seat: seat as u8,
                });
            }
        }
        Err((_, why)) => {
            tracing::warn!("a quick-play table was not opened: {why}");
            shared.queue.put_back(seats, people);
        }
    }
}

/// A table planned in a look over the shared queue: the table (other nodes' people already
/// in their seats), this node's people by connection and seat, and the lock that keeps
/// devices from claiming the room before it runs here.
struct Planned {
    table: Table,
    here: Vec<(u64, u8)>,
    claim: (Arc<Mutex<()>>, OwnedMutexGuard<()>),
}

/// One look over the shared queue: this node's news written, its people seated elsewhere
/// sent on, every node's people matched if no other node is matching, and the numbers told.
async fn shared_look(shared: &Arc<Shared>, queue: &SharedQueue, told: &mut [u32]) {
    let (new, gone) = shared.queue.unshared();
    let written = async {
        if !gone.is_empty() {
            queue.leave(&gone).await?;
        }
        if !new.is_empty() {
            queue.join(&new).await?;
        }
        Ok::<_, String>(())
    };
    if let Err(e) = written.await {
        tracing::error!("quick play's shared queue was not written: {e}");
    }
    if shared.queue.len() == 0 {
        return;
    }
    match queue.sent_on().await {
        Ok(sent) => {
            for s in sent {
                if let Some((_, w)) = shared.queue.take(s.conn) {
                    let _ = w.news.send(News::SentOn {
                        code: s.code,
                        address: s.address,
                        token: w.token,
                    });
                }
            }
        }
        Err(e) => tracing::error!("quick play's seats at other nodes were not read: {e}"),
    }
    if shared.queue.len() > 0 && shared.rooms.len() < shared.config.max_rooms {
        match_shared(shared, queue).await;
    }
    match queue.counts().await {
        Ok(counts) => shared.queue.tell_counts(&counts, told),
        Err(e) => tracing::error!("quick play's numbers were not read: {e}"),
    }
}

/// Matches every node's waiting people if no other node is matching, and runs the rooms.
async fn match_shared(shared: &Arc<Shared>, queue: &SharedQueue) {
    let here = queue.node().to_string();
    let mut planned = Vec::new();
    let round = queue
        .round(|waiting| plan(shared, &here, waiting, &mut planned))
        .await;
    let opened = match round {
        Ok(opened) => opened.is_some(),
        Err(e) => {
            tracing::warn!("quick play's look over the shared queue failed: {e}");
            false
        }
    };
    for p in planned {
        let code = p.table.code.clone();
        if opened {
            run_planned(shared, p.table, p.here);
        }
        let (lock, guard) = p.claim;
        drop(guard);
        shared.claims.done(&code, lock);
    }
}

/// Runs a table the shared queue's look opened, and seats this node's people at it.
fn run_planned(shared: &Arc<Shared>, table: Table, here: Vec<(u64, u8)>) {
    let room = match shared.run_new(table, 1) {
        Ok(room) => room,
        Err(e) => {
            tracing::error!("a quick-play table was not opened: {e}");
            return;
        }
    };
    for (conn, seat) in here {
        if let Some((_, w)) = shared.queue.take(conn) {
            let room = room.clone();
            let _ = w.news.send(News::Seated { room, seat });
        }
    }
}

/// The tables to open out of every node's `waiting` people (the same matching as on one
/// node, each size apart); `here` is this node's id.
fn plan(
    shared: &Arc<Shared>,
    here: &str,
    waiting: Vec<Waiting>,
    planned: &mut Vec<Planned>,
) -> Vec<QuickTable> {
    let mut tables = Vec::new();
    for &seats in &QUICK_PLAY_SEATS {
        let line: Vec<&Waiting> = waiting.iter().filter(|w| w.seats == seats).collect();
        let ratings: Vec<f64> = line.iter().map(|w| w.rating).collect();
        let waited: Vec<Duration> = line.iter().map(|w| w.waited).collect();
        for m in matches(&ratings, &waited, seats as usize, shared.config.quick_wait) {
            let people: Vec<&Waiting> = m.people.iter().map(|&p| line[p]).collect();
            let ratings: Vec<f64> = people.iter().map(|w| w.rating).collect();
            let (code, claim) = loop {
                let code = secret::room_code();
                if shared.rooms.get(&code).is_some() {
                    continue;
                }
                // A fresh code's lock is free.
                let lock = shared.claims.of(&code);
                if let Ok(guard) = lock.clone().try_lock_owned() {
                    break (code, (lock, guard));
                }
            };
            let Ok(mut table) = Table::new(code.clone(), spec(seats, &ratings)) else {
                continue;
            };
            table.quick = true;
            let mut mine = Vec::new();
            for (seat, w) in people.iter().enumerate() {
                if w.node == here {
                    mine.push((w.conn, seat as u8));
                } else {
                    table.take_seat(
                        seat as u8,
                        Seat::Person {
                            name: w.name.clone(),
                            token_hash: w.token_hash.clone(),
                            profile: w.profile,
                            rating: w.rating,
                        },
                    );
                }
            }
            tables.push(QuickTable {
                code,
                json: serde_json::to_string(&table).expect("a table serializes"),
                people: people.iter().map(|w| (w.node.clone(), w.conn)).collect(),
            });
            planned.push(Planned {
                table,
                here: mine,
                claim,
            });
        }
    }
    tables
}
