//! Measures an `expert` network file before it ships: its win rate (and mean place) at a
//! table with `seats - 1` players of one level, seats rotated.
//!
//! ```sh
//! cargo run --release -p ludo-cpu --example expert_trial -- NET DEPTH LEVEL GAMES SEED [RULES]
//! ```
//!
//! RULES is a rules file (`assets/rules/…`); the standard game without it. With `SEEING=1` in
//! the environment, `expert` knows the other seats' level (as at a table that shows it). With
//! `DEEPEN=N`, a decision whose search rated fewer than N positions is searched again one roll
//! deeper, as `expert` does with N = 1000 (`expert::DEEPEN_BELOW`) at DEPTH 3; without it, the
//! search is exactly DEPTH rolls deep. With `ROUNDS=R` it searches R rounds through the
//! opponents' turns with NET at the leaves (`expert::round`; DEPTH is then not used), with
//! `SAMPLES=N` samples (216 without it): as `expert` does, with R = 2, at a table of `random`
//! players (a `hard` network) and, with `SEEING=1`, under *rank all players* at a table of
//! CPUs (its rank-all network). With `CHECK_SAMPLES=N` as well, each decision of the rounds is
//! searched again with N samples, and the trial prints how often the two pick apart and what
//! the picks cost by the N samples' worths: the most more samples could gain. With
//! `FINISH=D,R` as well, a decision where the seat's pieces have D steps or fewer still to go
//! searches R rounds instead (R large: played out to the seat's place). With `PLACES=FILE`,
//! `expert`'s place in each game is written to FILE, a line a game: two trials on the same
//! SEED play the same dice, so they can be compared game by game.

use std::sync::atomic::{AtomicU64, Ordering};

use ludo_core::SeatLevels;
use ludo_core::{Chooser, CpuLevel, Game, Move, Rules};
use ludo_cpu::expert::round;
use ludo_cpu::value_net::{self, Kind};
use ludo_cpu::{Cpu, expert, tournament};

/// Decisions searched again one roll deeper (`DEEPEN`), and all decisions searched.
static DEEPENED: AtomicU64 = AtomicU64::new(0);
static SEARCHED: AtomicU64 = AtomicU64::new(0);
/// `CHECK_SAMPLES`: decisions where the check picked another move, and the worth the picks lost
/// by the check's samples (in millionths of the leaf's unit: a win, or a place over seats - 1).
static APART: AtomicU64 = AtomicU64::new(0);
static LOST: AtomicU64 = AtomicU64::new(0);

struct Expert {
    net: value_net::ValueNet,
    depth: u8,
    /// Below this many positions rated, search one roll deeper (`DEEPEN`; 0: never).
    deepen: u32,
    /// Whether it looks at who sits where (`SEEING=1`).
    seeing: bool,
    table: SeatLevels,
    /// `ROUNDS=R`: the network, searched R rounds deep with this many samples.
    round: Option<(value_net::ValueNet, u8, u32)>,
    /// `CHECK_SAMPLES=N`: this many samples to check each pick of the rounds against.
    check: Option<u32>,
    /// `FINISH=D,R`: where the seat's pieces have D steps or fewer to go, R rounds.
    finish: Option<(u32, u8)>,
}

/// The steps `seat`'s pieces have still to go (a piece in base counts the whole way and one).
fn to_go(game: &Game, seat: u8) -> u32 {
    let goal = game.goal().progress().unwrap_or(0) as u32;
    game.pieces(seat)
        .iter()
        .map(|p| p.progress().map_or(goal + 1, |q| goal - q as u32))
        .sum()
}

impl Chooser for Expert {
    fn see_table(&mut self, table: &SeatLevels) {
        if self.seeing {
            self.table = *table;
        }
    }

    fn choose(&mut self, game: &Game, moves: &[Move]) -> usize {
        if moves.len() <= 1 {
            return 0;
        }
        SEARCHED.fetch_add(1, Ordering::Relaxed);
        if let Some((net, rounds, samples)) = &self.round {
            let leaf = match net.kind() {
                Kind::Hard => round::Leaf::Hard(net),
                Kind::Expert => round::Leaf::Expert(net),
            };
            let rounds = match self.finish {
                Some((d, r)) if to_go(game, game.turn()) <= d => r,
                _ => *rounds,
            };
            let i = round::first_best(&round::worths(
                leaf,
                &self.table,
                game,
                moves,
                rounds,
                *samples,
            ));
            if let Some(n) = self.check {
                let worths = round::worths(leaf, &self.table, game, moves, rounds, n);
                let best =
                    (0..worths.len()).fold(0, |b, j| if worths[j] > worths[b] { j } else { b });
                if best != i {
                    APART.fetch_add(1, Ordering::Relaxed);
                    let lost = match worths.get(i) {
                        Some(w) if worths[best].is_finite() => (worths[best] - w) / n as f32,
                        _ => 1.0,
                    };
                    LOST.fetch_add((lost * 1e6) as u64, Ordering::Relaxed);
                }
            }
            return i;
        }
        let (i, depth) =
            expert::choose(&self.net, game, moves, self.depth, self.deepen, &self.table);
        if depth > self.depth {
            DEEPENED.fetch_add(1, Ordering::Relaxed);
        }
        i
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 5 {
        eprintln!("usage: expert_trial NET DEPTH LEVEL GAMES SEED [RULES]");
        std::process::exit(2);
    }
    let net = value_net::parse(&std::fs::read_to_string(&args[0]).expect("a net file"))
        .expect("a network");
    let number = |name: &str| {
        std::env::var(name)
            .ok()
            .map(|v| v.parse().expect("a number"))
    };
    let round = number("ROUNDS").map(|rounds| {
        (
            net.clone(),
            rounds as u8,
            number("SAMPLES").unwrap_or(round::SAMPLES),
        )
    });
    let net = match net.kind() {
        Kind::Hard => net.widened(),
        Kind::Expert => net,
    };
    let seats = net.seats as u64;
    let depth: u8 = args[1].parse().expect("a depth");
    let level: CpuLevel = args[2].parse().expect("a level");
    let games: u64 = args[3].parse().expect("a number of games");
    let seed: u64 = args[4].parse().expect("a seed");
    let rules: Rules = args.get(5).map_or_else(Rules::default, |p| {
        ron::from_str(&std::fs::read_to_string(p).expect("a rules file")).expect("rules")
    });
    let seeing = std::env::var("SEEING").is_ok_and(|v| v == "1");
    let check: Option<u32> = number("CHECK_SAMPLES");
    let deepen = std::env::var("DEEPEN").map_or(0, |v| v.parse().expect("DEEPEN is a number"));
    let finish = std::env::var("FINISH").ok().map(|v| {
        let (d, r) = v.split_once(',').expect("FINISH=D,R");
        (d.parse().expect("D"), r.parse().expect("R"))
    });
    let expert = Expert {
        finish,
        net,
        depth,
        deepen,
        seeing,
        table: [None; ludo_core::MAX_SEATS as usize],
        round,
        check,
    };
    let mut players: Vec<(String, Box<dyn Chooser>)> = vec![("expert".into(), Box::new(expert))];
    for i in 1..seats {
        players.push((format!("{level}{i}"), Box::new(Cpu::new(level, seed + i))));
    }
    let started = std::time::Instant::now();
    let stats = tournament::run(&rules, &mut players, games, seed, |_| {}).unwrap();
    let (lo, hi) = stats[0].win_rate_ci95();
    let (place_lo, place_hi) = stats[0].mean_rank_ci95();
    println!(
        "{} depth {depth} against {level}: wins {:.2}% ({:.2}-{:.2}%), mean place {:.3} \
         ({place_lo:.3}-{place_hi:.3}), \
         a decision {:.0} µs median, {:.0} µs p99, {:.0} µs max, {:.1} s",
        args[0],
        100.0 * stats[0].win_rate(),
        100.0 * lo,
        100.0 * hi,
        stats[0].mean_rank(),
        stats[0].decision_us(0.5),
        stats[0].decision_us(0.99),
        stats[0].decision_us(1.0),
        started.elapsed().as_secs_f64()
    );
    if let Ok(path) = std::env::var("PLACES") {
        let places: String = stats[0].places.iter().map(|p| format!("{p}\n")).collect();
        std::fs::write(&path, places).expect("PLACES: a file to write");
    }
    if let Some(n) = check {
        let lost = LOST.load(Ordering::Relaxed) as f64 / 1e6;
        println!(
            "with {n} samples: {} of {} decisions picked apart, worth {:.4} a game by them \
             ({:.4} of a place a game under rank all players)",
            APART.load(Ordering::Relaxed),
            SEARCHED.load(Ordering::Relaxed),
            lost / games as f64,
            lost * (seats - 1) as f64 / games as f64
        );
    }
    if deepen > 0 {
        println!(
            "searched one roll deeper: {} of {} decisions",
            DEEPENED.load(Ordering::Relaxed),
            SEARCHED.load(Ordering::Relaxed)
        );
    }
}
