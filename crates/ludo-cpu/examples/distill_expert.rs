//! Teaches `expert`'s network what its own search sees: positions from games at the training
//! tables of `train_expert` (itself, `normal`, `random` and `hard` players; the standard game,
//! the presets and random house rules), each rated for one seat by the search `DEPTH` rolls
//! deep with the start network at its leaves, mixed with the game's result at weight LAMBDA;
//! then the network learns those ratings (cross-entropy, EPOCHS passes in a shuffled order).
//! The search's rating averages over the dice of the next rolls where TD(0) follows the one
//! roll that came, so the targets vary far less. Positions are made on every core, each game
//! from its own seed, so the same arguments give the same network on any machine.
//!
//! ```sh
//! cargo run --release -p ludo-cpu --example distill_expert -- SEATS GAMES SEED DEPTH EPOCHS ALPHA LAMBDA [OUT [START]]
//! ```
//!
//! OUT and START default to `crates/ludo-cpu/nets/expert-SEATS-seats.json`.

#[path = "common/net_file.rs"]
mod net_file;
#[path = "common/tables.rs"]
mod tables;

use ludo_core::{Action, Chooser, Dice, Discard, Game, Rules};
use ludo_cpu::Cpu;
use ludo_cpu::expert;
use ludo_cpu::tournament::game_seed;
use ludo_cpu::value_net::{self, Features, Kind, ValueNet};
use rand::RngExt;
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

/// The share of positions after a move that are rated (the rest only played through).
const SAMPLE: f64 = 0.5;

/// One rated position: its inputs seen from one seat, and what that seat's search made of it.
struct Example {
    x: Features,
    target: f32,
}

/// Plays training game `g` with the learner choosing by `net` one move deep, and rates some
/// of its positions by the search.
fn game_examples(
    net: &ValueNet,
    presets: &[(String, Rules)],
    seats: u8,
    g: u64,
    seed: u64,
    depth: u8,
    lambda: f32,
) -> Vec<Example> {
    let mut draw = tables::game_rng(seed, g);
    let rules = tables::rules_for(g, presets, &mut draw);
    let mut game = Game::new(rules, seats, 0).expect("2 to 4 seats");
    let me = (g % seats as u64) as usize;
    let kind = (g / seats as u64) as usize % tables::OPPONENTS.len();
    let mut other = tables::OPPONENTS[kind].map(|level| Cpu::new(level, game_seed(seed, g)));
    let mut dice = Dice::new(game_seed(seed, g));
    let mut rated: Vec<(Example, usize)> = Vec::new();
    while let Some(action) = game.due(|game, moves| match &mut other {
        Some(cpu) if game.turn() as usize != me => cpu.choose(game, moves),
        _ if moves.len() == 1 => 0,
        _ => expert::greedy(net, game, moves),
    }) {
        game.act(action, &mut dice, &mut Discard)
            .expect("only what the game awaits");
        if !matches!(action, Action::Move(_)) || game.is_over() || !draw.random_bool(SAMPLE) {
            continue;
        }
        let playing: Vec<usize> = (0..seats as usize)
            .filter(|s| !game.finished().contains(&(*s as u8)))
            .collect();
        let v = playing[draw.random_range(0..playing.len())];
        let mut x = Features::new();
        value_net::expert_features(&game, v, &mut x);
        let target = expert::value_at(net, &game, v, depth);
        rated.push((Example { x, target }, v));
    }
    rated
        .into_iter()
        .map(|(mut e, v)| {
            let result = expert::final_score(&game, v);
            e.target = (1.0 - lambda) * e.target + lambda * result;
            e
        })
        .collect()
}

/// The mean cross-entropy of the network's ratings against the targets.
fn loss(net: &ValueNet, data: &[Example]) -> f64 {
    let total: f64 = data
        .iter()
        .map(|e| {
            let p = value_net::chance(net.logit(&e.x)).clamp(1e-6, 1.0 - 1e-6) as f64;
            let t = e.target as f64;
            -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
        })
        .sum();
    total / data.len().max(1) as f64
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 7 {
        eprintln!("usage: distill_expert SEATS GAMES SEED DEPTH EPOCHS ALPHA LAMBDA [OUT [START]]");
        std::process::exit(2);
    }
    let number = |i: usize| net_file::number(&args, i);
    let (seats, games, seed, depth, epochs, alpha, lambda) = (
        number(0) as u8,
        number(1) as u64,
        number(2) as u64,
        number(3) as u8,
        number(4) as u32,
        number(5) as f32,
        number(6) as f32,
    );
    let default = format!("crates/ludo-cpu/nets/expert-{seats}-seats.json");
    let out = args.get(7).cloned().unwrap_or_else(|| default.clone());
    let start = args.get(8).cloned().unwrap_or(default);
    let from = net_file::read(&start);
    if from.seats != seats {
        eprintln!("{start} is a network for {} seats, not {seats}", from.seats);
        std::process::exit(2);
    }
    let teacher = match from.kind() {
        Kind::Hard => from.widened(),
        Kind::Expert => from.clone(),
    };
    let presets = tables::presets();
    let started = std::time::Instant::now();

    // The positions, game by game on every core; joined in the games' order.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let mut per_thread: Vec<Vec<(u64, Vec<Example>)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (teacher, presets) = (&teacher, &presets);
                scope.spawn(move || {
                    (t..games)
                        .step_by(threads as usize)
                        .map(|g| {
                            let examples =
                                game_examples(teacher, presets, seats, g, seed, depth, lambda);
                            (g, examples)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut by_game: Vec<(u64, Vec<Example>)> = per_thread.drain(..).flatten().collect();
    by_game.sort_by_key(|(g, _)| *g);
    // The last twentieth of the games is held out, to see whether learning generalises.
    let held_from = games - games / 20;
    let (mut train, mut held) = (Vec::new(), Vec::new());
    for (g, examples) in by_game {
        if g >= held_from {
            held.extend(examples);
        } else {
            train.extend(examples);
        }
    }
    eprintln!(
        "{} positions rated ({} held out) from {games} games in {:.0} s",
        train.len(),
        held.len(),
        started.elapsed().as_secs_f64()
    );

    let mut net = teacher.clone();
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut shuffle = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x5348_5546);
    let mut summary = format!(
        "cross-entropy {:.4} on the training positions and {:.4} held out before",
        loss(&net, &train),
        loss(&net, &held)
    );
    eprintln!("{summary}");
    for epoch in 0..epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, shuffle.random_range(0..=i));
        }
        for &i in &order {
            net.learn(&train[i].x, train[i].target, alpha);
        }
        summary = format!(
            "cross-entropy {:.4} on the training positions and {:.4} held out after {} passes",
            loss(&net, &train),
            loss(&net, &held),
            epoch + 1
        );
        eprintln!("{summary} ({:.0} s)", started.elapsed().as_secs_f64());
    }
    let start_name = match from.kind() {
        Kind::Hard => start.rsplit('/').next().unwrap_or(&start).to_string(),
        Kind::Expert => format!(
            "the network of `{}`",
            from.about.split(':').next().unwrap_or("")
        ),
    };
    net.about = format!(
        "cargo run --release -p ludo-cpu --example distill_expert -- {seats} {games} {seed} \
         {depth} {epochs} {alpha} {lambda}: the search {depth} rolls deep with {start_name} \
         at its leaves, learnt from {} positions of games at train_expert's tables; {summary}",
        train.len()
    );
    net_file::write(net, &out);
}
