//! Quick play's work on a node, for as long as it runs: every look over the queue (`quick`),
//! a room opened for each group that matches (its seats kept for them, CPUs in the rest), and
//! each waiting connection told how many wait when that changes.

use std::sync::Arc;
use std::time::Duration;

use ludo_core::Rules;
use ludo_proto::{QUICK_PLAY_SEATS, SeatSpec, TableSpec};

use super::shared::Shared;
use crate::quick::{News, QUICK_TURN_SECS, Waiter, level_for};

/// How often the queue is looked over.
const TICK: Duration = Duration::from_millis(200);

pub async fn run(shared: Arc<Shared>) {
    let mut told = [u32::MAX; QUICK_PLAY_SEATS.len()];
    let mut tick = tokio::time::interval(TICK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        for (i, &seats) in QUICK_PLAY_SEATS.iter().enumerate() {
            let tables = shared.queue.take_matches(seats, shared.config.quick_wait);
            for (people, cpus) in tables {
                open_table(&shared, seats, people, cpus).await;
            }
            told[i] = shared.queue.tell_waiting(seats, told[i]);
        }
    }
}

/// Opens a room for `people` and `cpus` CPU seats and tells each person their seat; if the
/// node cannot hold another room, they wait on.
async fn open_table(shared: &Arc<Shared>, seats: u8, people: Vec<Waiter>, cpus: u8) {
    let ratings: Vec<f64> = people.iter().map(|w| w.rating).collect();
    let level = level_for(&ratings);
    let spec = TableSpec {
        rules: Rules::default(),
        seats: (0..seats)
            .map(|s| {
                if (s as usize) < people.len() {
                    SeatSpec::Open
                } else {
                    SeatSpec::Cpu(level)
                }
            })
            .collect(),
        turn_limit_secs: Some(QUICK_TURN_SECS),
    };
    debug_assert_eq!(seats as usize, people.len() + cpus as usize);
    match shared.open_room(spec, true).await {
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
