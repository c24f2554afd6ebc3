//! Quick play: people who asked for a table of 2, 4 or 6 under the standard rules wait here and
//! are seated with the nearest ratings first, each accepting a wider gap the longer they
//! wait; whoever has waited `Config::quick_wait` gets a table at once, the open seats given to
//! CPUs of a level near the people's ratings. A quick-play room is an ordinary room after
//! that: it starts when its people have sat down (a full lobby starts), with a turn clock.
//!
//! On one node the queue here is the whole queue. When several nodes share PostgreSQL, it
//! holds this node's waiting people and their way to hear news, and the database's queue
//! (`store::SharedQueue`) is matched: each person here is written there once, and taken off
//! there when they stop waiting.

use std::sync::Mutex;
use std::time::Duration;

use ludo_core::CpuLevel;
use ludo_proto::QUICK_PLAY_SEATS;
use tokio::sync::mpsc;
use tokio::time::Instant;

use crate::room::{ConnId, RoomMsg};
use crate::store::Waiting;

/// The turn clock of a quick-play table, in seconds.
pub const QUICK_TURN_SECS: u16 = 30;

/// What the queue tells a waiting connection.
pub enum News {
    /// How many wait for a table of this size now.
    Waiting(u32),
    /// A table: the room, and the seat kept for this connection.
    Seated {
        room: mpsc::Sender<RoomMsg>,
        seat: u8,
    },
    /// A table another node opened, where a seat is kept for `token` (this waiter's): the
    /// device goes there and resumes it.
    SentOn {
        code: String,
        address: String,
        token: String,
    },
}

/// One person waiting.
pub struct Waiter {
    pub conn: ConnId,
    pub rating: f64,
    pub name: String,
    pub profile: i64,
    /// The token of the seat another node's table keeps for them, if they are matched there.
    pub token: String,
    pub since: Instant,
    pub news: mpsc::UnboundedSender<News>,
}

/// The people waiting, for each table size (`QUICK_PLAY_SEATS`), and what the shared queue
/// has not heard yet.
#[derive(Default)]
pub struct Queue {
    waiting: Mutex<Lines>,
}

#[derive(Default)]
struct Lines {
    by_size: [Vec<Waiter>; QUICK_PLAY_SEATS.len()],
    /// Connections written to the shared queue.
    written: std::collections::HashSet<ConnId>,
    /// Connections written there that stopped waiting here.
    gone: Vec<ConnId>,
}

impl Lines {
    fn remove(&mut self, conn: ConnId) -> Option<(u8, Waiter)> {
        for (i, q) in self.by_size.iter_mut().enumerate() {
            if let Some(at) = q.iter().position(|w| w.conn == conn) {
                return Some((QUICK_PLAY_SEATS[i], q.remove(at)));
            }
        }
        None
    }

    /// `conn` stopped waiting here: the shared queue hears it if it heard them come.
    fn forget(&mut self, conn: ConnId) {
        if self.written.remove(&conn) {
            self.gone.push(conn);
        }
    }
}

fn index(seats: u8) -> Option<usize> {
    QUICK_PLAY_SEATS.iter().position(|&s| s == seats)
}

impl Queue {
    /// Puts a person in the queue for `seats`; how many wait for that size now (them
    /// included), or `None` for a size quick play does not seat.
    pub fn join(&self, seats: u8, waiter: Waiter) -> Option<u32> {
        let i = index(seats)?;
        let mut lines = self.waiting.lock().expect("not poisoned");
        lines.remove(waiter.conn);
        lines.by_size[i].push(waiter);
        Some(lines.by_size[i].len() as u32)
    }

    /// Takes a connection out of the queue (it cancelled, or closed); whether it was there.
    pub fn leave(&self, conn: ConnId) -> bool {
        let mut lines = self.waiting.lock().expect("not poisoned");
        lines.forget(conn);
        lines.remove(conn).is_some()
    }

    /// Takes a matched person out of the queue: the size they waited for, and them.
    pub fn take(&self, conn: ConnId) -> Option<(u8, Waiter)> {
        let mut lines = self.waiting.lock().expect("not poisoned");
        lines.written.remove(&conn);
        lines.remove(conn)
    }

    pub fn len(&self) -> usize {
        let lines = self.waiting.lock().expect("not poisoned");
        lines.by_size.iter().map(Vec::len).sum()
    }

    /// The people the shared queue has not heard of yet (they are written now), and the
    /// connections it heard of that stopped waiting.
    pub fn unshared(&self) -> (Vec<Waiting>, Vec<ConnId>) {
        let mut lines = self.waiting.lock().expect("not poisoned");
        let lines = &mut *lines;
        let mut new = Vec::new();
        for (i, q) in lines.by_size.iter().enumerate() {
            for w in q {
                if lines.written.insert(w.conn) {
                    // The store writes them as this node's, waiting from now.
                    new.push(Waiting {
                        node: String::new(),
                        conn: w.conn,
                        seats: QUICK_PLAY_SEATS[i],
                        rating: w.rating,
                        name: w.name.clone(),
                        profile: w.profile,
                        token_hash: crate::secret::hash(&w.token),
                        waited: Duration::ZERO,
                    });
                }
            }
        }
        (new, std::mem::take(&mut lines.gone))
    }

    /// Tells everyone waiting how many wait for their size (`counts`, by `QUICK_PLAY_SEATS`)
    /// when it is not what they were told last (`told`).
    pub fn tell_counts(&self, counts: &[u32], told: &mut [u32]) {
        let lines = self.waiting.lock().expect("not poisoned");
        for (i, q) in lines.by_size.iter().enumerate() {
            if counts[i] != told[i] {
                for w in q {
                    let _ = w.news.send(News::Waiting(counts[i]));
                }
                told[i] = counts[i];
            }
        }
    }

    /// The groups to seat now out of the queue for tables of `seats` (people and CPU seats),
    /// a person who waited `cpu_after` seated with CPUs.
    pub fn take_matches(&self, seats: u8, cpu_after: Duration) -> Vec<(Vec<Waiter>, u8)> {
        let Some(i) = index(seats) else {
            return Vec::new();
        };
        let mut lines = self.waiting.lock().expect("not poisoned");
        let queue = &mut lines.by_size[i];
        let now = Instant::now();
        let ratings: Vec<f64> = queue.iter().map(|w| w.rating).collect();
        let waited: Vec<Duration> = queue.iter().map(|w| now.duration_since(w.since)).collect();
        let found = matches(&ratings, &waited, seats as usize, cpu_after);
        if found.is_empty() {
            return Vec::new();
        }
        let mut slots: Vec<Option<Waiter>> = queue.drain(..).map(Some).collect();
        let tables = found
            .into_iter()
            .map(|m| {
                let people = m.people.iter().filter_map(|&p| slots[p].take()).collect();
                (people, m.cpus)
            })
            .collect();
        queue.extend(slots.into_iter().flatten());
        tables
    }

    /// People whose table could not be opened wait on.
    pub fn put_back(&self, seats: u8, people: Vec<Waiter>) {
        let mut lines = self.waiting.lock().expect("not poisoned");
        if let Some(i) = index(seats) {
            lines.by_size[i].extend(people);
        }
    }

    /// Tells everyone waiting for `seats` how many wait, when it is not `told` (what they were
    /// told last); the number now.
    pub fn tell_waiting(&self, seats: u8, told: u32) -> u32 {
        let lines = self.waiting.lock().expect("not poisoned");
        let Some(queue) = index(seats).map(|i| &lines.by_size[i]) else {
            return told;
        };
        let n = queue.len() as u32;
        if n != told {
            for w in queue {
                let _ = w.news.send(News::Waiting(n));
            }
        }
        n
    }
}

/// The widest rating gap a person accepts after waiting `waited`: 100 at once, 25 more
/// each second.
pub fn band(waited: Duration) -> f64 {
    100.0 + 25.0 * waited.as_secs_f64()
}

/// A table to open: the people (by their place in the queue) and how many CPU seats.
#[derive(Debug, PartialEq)]
pub struct Match {
    pub people: Vec<usize>,
    pub cpus: u8,
}

/// The tables to open now from one size's queue (`ratings` and `waited` by place in the
/// queue). First every group of `seats` people next to each other in rating whose gap
/// each of them accepts, the closest groups first; then, for each person who waited
/// `cpu_after`, the nearest others in rating still waiting (whatever their gap) and CPUs in
/// the seats left.
pub fn matches(
    ratings: &[f64],
    waited: &[Duration],
    seats: usize,
    cpu_after: Duration,
) -> Vec<Match> {
    let mut order: Vec<usize> = (0..ratings.len()).collect();
    order.sort_by(|&a, &b| ratings[a].total_cmp(&ratings[b]).then(a.cmp(&b)));
    let mut taken = vec![false; ratings.len()];
    let mut found = Vec::new();
    if order.len() >= seats {
        let mut groups: Vec<(f64, usize)> = (0..=order.len() - seats)
            .map(|start| {
                let group = &order[start..start + seats];
                let spread = ratings[group[seats - 1]] - ratings[group[0]];
                (spread, start)
            })
            .filter(|&(spread, start)| {
                order[start..start + seats]
                    .iter()
                    .all(|&p| spread <= band(waited[p]))
            })
            .collect();
        groups.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        for (_, start) in groups {
            let group = &order[start..start + seats];
            if group.iter().any(|&p| taken[p]) {
                continue;
            }
            group.iter().for_each(|&p| taken[p] = true);
            found.push(Match {
                people: group.to_vec(),
                cpus: 0,
            });
        }
    }
    // The longest waiting first.
    let mut oldest: Vec<usize> = (0..ratings.len())
        .filter(|&p| waited[p] >= cpu_after)
        .collect();
    oldest.sort_by(|&a, &b| waited[b].cmp(&waited[a]).then(a.cmp(&b)));
    for p in oldest {
        if taken[p] {
            continue;
        }
        let mut others: Vec<usize> = (0..ratings.len())
            .filter(|&o| o != p && !taken[o])
            .collect();
        others.sort_by(|&a, &b| {
            let (da, db) = (
                (ratings[a] - ratings[p]).abs(),
                (ratings[b] - ratings[p]).abs(),
            );
            da.total_cmp(&db).then(a.cmp(&b))
        });
        let mut people = vec![p];
        people.extend(others.into_iter().take(seats - 1));
        people.iter().for_each(|&q| taken[q] = true);
        let cpus = (seats - people.len()) as u8;
        found.push(Match { people, cpus });
    }
    found
}

/// The CPU level for a table whose people have `ratings`: near their mean.
pub fn level_for(ratings: &[f64]) -> CpuLevel {
    let mean = ratings.iter().sum::<f64>() / ratings.len().max(1) as f64;
    match mean {
        m if m < 1350.0 => CpuLevel::Easy,
        m if m < 1600.0 => CpuLevel::Normal,
        m if m < 1800.0 => CpuLevel::Hard,
        _ => CpuLevel::Expert,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: &[u64]) -> Vec<Duration> {
        s.iter().map(|&s| Duration::from_secs(s)).collect()
    }

    fn waiter(conn: ConnId) -> Waiter {
        Waiter {
            conn,
            rating: 1500.0,
            name: format!("P{conn}"),
            profile: conn as i64,
            token: format!("token {conn}"),
            since: Instant::now(),
            news: mpsc::unbounded_channel().0,
        }
    }

    #[test]
    fn the_shared_queue_hears_each_arrival_once_and_of_those_who_left_after_it_heard() {
        let q = Queue::default();
        q.join(4, waiter(1));
        q.join(2, waiter(2));
        let (new, gone) = q.unshared();
        let heard: Vec<(u64, u8)> = new.iter().map(|w| (w.conn, w.seats)).collect();
        assert_eq!(heard, [(2, 2), (1, 4)]);
        assert_eq!(new[1].token_hash, crate::secret::hash("token 1"));
        assert!(gone.is_empty());
        q.join(4, waiter(3));
        assert!(q.leave(1), "1 cancels");
        assert!(q.take(2).is_some(), "2 is seated");
        assert!(
            q.leave(3),
            "3 cancels before the shared queue heard of them"
        );
        let (new, gone) = q.unshared();
        assert!(new.is_empty());
        assert_eq!(
            gone,
            [1],
            "only 1 is taken off the shared queue: 2 was matched there"
        );
        assert_eq!(q.unshared().1, Vec::<ConnId>::new());
    }

    #[test]
    fn the_nearest_ratings_sit_together() {
        let ratings = [
            2000.0, 1000.0, 2030.0, 1010.0, 1030.0, 2010.0, 1020.0, 2020.0,
        ];
        let found = matches(&ratings, &secs(&[0; 8]), 4, Duration::from_secs(20));
        let mut tables: Vec<Vec<usize>> = found
            .into_iter()
            .map(|m| {
                assert_eq!(m.cpus, 0);
                let mut p = m.people;
                p.sort();
                p
            })
            .collect();
        tables.sort();
        assert_eq!(tables, [vec![0, 2, 5, 7], vec![1, 3, 4, 6]]);
    }

    #[test]
    fn a_wide_gap_waits_until_the_band_has_grown() {
        let ratings = [1500.0, 1800.0];
        let cpu_after = Duration::from_secs(20);
        assert!(matches(&ratings, &secs(&[0, 0]), 2, cpu_after).is_empty());
        // 300 apart: each accepts it after 8 s.
        assert!(matches(&ratings, &secs(&[10, 7]), 2, cpu_after).is_empty());
        let found = matches(&ratings, &secs(&[10, 8]), 2, cpu_after);
        assert_eq!(
            found,
            [Match {
                people: vec![0, 1],
                cpus: 0
            }]
        );
    }

    #[test]
    fn one_who_waited_long_enough_gets_cpus() {
        let cpu_after = Duration::from_secs(20);
        let found = matches(&[1500.0], &secs(&[20]), 4, cpu_after);
        assert_eq!(
            found,
            [Match {
                people: vec![0],
                cpus: 3
            }]
        );
        // Two far apart: the one who waited takes the other, and two CPUs.
        let found = matches(&[1000.0, 2400.0], &secs(&[21, 1]), 4, cpu_after);
        assert_eq!(
            found,
            [Match {
                people: vec![0, 1],
                cpus: 2
            }]
        );
        assert_eq!(level_for(&[1000.0, 2400.0]), CpuLevel::Hard);
        assert_eq!(level_for(&[1200.0]), CpuLevel::Easy);
    }
}
