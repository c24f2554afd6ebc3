//! Trains `hard`'s value network for one number of seats by TD(0): the learner plays against
//! other players under the standard rules, rates the position after each of its legal moves,
//! plays the best, and moves its rating of the position after its previous move towards the
//! rating of this one (towards 1 or 0 when the game ends). One thread, so the same arguments
//! give the same network.
//!
//! ```sh
//! cargo run --release -p ludo-cpu --example train_hard -- \
//!     SEATS GAMES SEED HIDDEN ALPHA [OPPONENTS [OUT [START]]]
//! ```
//!
//! OPPONENTS is `random` (the default), `normal`, or `mix` (tables of `random` and tables of
//! `normal` players in turn). OUT defaults to `crates/ludo-cpu/nets/hard-SEATS-seats.json`;
//! START is a network file to go on training from.

#[path = "common/net_file.rs"]
mod net_file;

use ludo_core::{Chooser, CpuLevel, Dice, Discard, Game, Move, RandomChooser, Rules};
use ludo_cpu::Cpu;
use ludo_cpu::tournament::game_seed;
use ludo_cpu::value_net::{self, Features, ValueNet};

/// Reports the learner's recent win rate every so many games.
const WINDOW: u64 = 20_000;

fn winner(game: &Game) -> usize {
    let ranking = game.ranking().expect("over");
    ranking.iter().find(|s| s.rank == 1).expect("a winner").seat as usize
}

/// The learner's pick among `moves`, as `hard` plays: its index, and the features and rating
/// of the position it leads to (`None` when the move ends the game).
fn pick(
    net: &ValueNet,
    game: &Game,
    moves: &[Move],
    x: &mut Features,
) -> (usize, Option<(Features, f32)>) {
    let mut best: (usize, f32, Option<(Features, f32)>) = (0, f32::NEG_INFINITY, None);
    for (i, m) in moves.iter().enumerate() {
        let v = net.rate(game, m, x);
        if v == f32::INFINITY {
            return (i, None);
        }
        if v > best.1 {
            best = (i, v, Some((x.clone(), v)));
        }
    }
    (best.0, best.2)
}

/// The command a network says it was made by, from its `about`.
fn made_by(about: &str) -> &str {
    let command = about.split(':').next().unwrap_or("");
    // The shipped networks' commands name the crate the examples lived in before.
    command
        .trim_start_matches("cargo run --release -p ludo-cpu --example ")
        .trim_start_matches("cargo run --release -p ludo-core --example ")
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 5 {
        eprintln!("usage: train_hard SEATS GAMES SEED HIDDEN ALPHA [OPPONENTS [OUT [START]]]");
        std::process::exit(2);
    }
    let number = |i: usize| net_file::number(&args, i);
    let (seats, games, seed, hidden, alpha) = (
        number(0) as u8,
        number(1) as u64,
        number(2) as u64,
        number(3) as usize,
        number(4) as f32,
    );
    let opponents = args.get(5).map_or("random", String::as_str);
    if !["random", "normal", "mix"].contains(&opponents) {
        eprintln!("OPPONENTS is random, normal or mix, not {opponents:?}");
        std::process::exit(2);
    }
    let out = args
        .get(6)
        .cloned()
        .unwrap_or_else(|| format!("crates/ludo-cpu/nets/hard-{seats}-seats.json"));
    let (mut net, from) = match args.get(7) {
        Some(start) => {
            let net = net_file::read(start);
            let from = format!(" (going on from {})", made_by(&net.about));
            (net, from)
        }
        None => (ValueNet::new(seats, hidden, seed), String::new()),
    };
    let mut game = Game::new(Rules::default(), seats, 0).expect("2 to 4 seats");
    let started = std::time::Instant::now();
    let mut x = Features::new();
    let (mut window, mut last_window) = (0u64, 0.0);
    for g in 0..games {
        game.restart(0);
        let me = (g % seats as u64) as usize;
        let mut dice = Dice::new(game_seed(seed, g));
        let mut random = RandomChooser::new(game_seed(seed, g) ^ 0x0BAD_5EED);
        let mut normal = Cpu::new(CpuLevel::Normal, game_seed(seed, g));
        // Each table meets every seat once before the opponents change.
        let others: &mut dyn Chooser = match opponents {
            "normal" => &mut normal,
            "mix" if (g / seats as u64) % 2 == 1 => &mut normal,
            _ => &mut random,
        };
        let mut previous: Option<Features> = None;
        while let Some(action) = game.due(|game, moves| {
            if game.turn() as usize == me {
                let (i, next) = pick(&net, game, moves, &mut x);
                // A winning move ends the game: the last position learns from the result
                // below.
                if let Some((next, rating)) = next {
                    if let Some(prev) = &previous {
                        net.learn(prev, value_net::chance(rating), alpha);
                    }
                    previous = Some(next);
                }
                i
            } else {
                others.choose(game, moves)
            }
        }) {
            game.act(action, &mut dice, &mut Discard)
                .expect("only what the game awaits");
        }
        let won = winner(&game) == me;
        if let Some(prev) = &previous {
            net.learn(prev, won as u8 as f32, alpha);
        }
        window += won as u64;
        if (g + 1) % WINDOW == 0 {
            last_window = window as f64 / WINDOW as f64;
            eprintln!(
                "{} games, {:.0} a second: the last {WINDOW} won {:.2}%",
                g + 1,
                (g + 1) as f64 / started.elapsed().as_secs_f64(),
                100.0 * last_window
            );
            window = 0;
        }
    }
    net.about = format!(
        "cargo run --release -p ludo-cpu --example train_hard -- {seats} {games} {seed} \
         {hidden} {alpha} {opponents}{from}: TD(0) against {opponents} players at {seats} \
         seats under the standard rules; the last {WINDOW} training games won {:.2}%",
        100.0 * last_window
    );
    net_file::write(net, &out);
}
