//! Trains `expert`'s value network for one number of seats by TD(0) from every seat's side.
//! It starts from `hard`'s network for those seats (widened to the inputs `expert` reads: who
//! plays next, the rules, seats finished) or from an `expert` network, and plays games in
//! turn: against itself at every seat, against `normal`, `random` and `hard` players; under
//! the shipped presets (`assets/rules/`) and under house rules drawn at random. After every
//! move, whoever made it, each seat's rating of the position after the previous move moves
//! towards its rating of this one; at the end towards the result (1 or 0 for the winner, and
//! under *rank all players* the place: first 1 … last 0). The learner plays as `expert` does
//! with no search (the best rating one move deep). One thread, so the same arguments give the
//! same network.
//!
//! ```sh
//! cargo run --release -p ludo-cpu --example train_expert -- SEATS GAMES SEED ALPHA [OUT [START [HIDDEN]]]
//! ```
//!
//! OUT defaults to `crates/ludo-cpu/nets/expert-SEATS-seats.json`, START to
//! `crates/ludo-cpu/nets/hard-SEATS-seats.json`; HIDDEN grows the start to that many hidden
//! units (the new ones start with no say in the rating). START `new` is a network of HIDDEN
//! (else 64) units with small weights drawn from SEED: five and six seats have no `hard`
//! network to start from. The aims (fewer pieces to win, *capture before home*, partners) and
//! rules a table of SEATS cannot play are played as the standard game. With `AIMS=1` in the
//! environment it trains `expert`'s network for the aims instead: every game has one
//! (`tables::aims_rules_for`); OUT defaults to `crates/ludo-cpu/nets/expert-SEATS-seats-aims.json`
//! and START to `expert`'s network for every rule set of SEATS. With `RULES=FILE` every game is played under that rules file (`assets/rules/…`) instead; with `SNAPSHOTS=N`
//! the network after every N games is written beside OUT as well (`OUT-GAMES.json`, its
//! `about` the command that makes it alone). With `TABLES=LIST` (comma-separated: `self` and
//! levels, e.g. `TABLES=normal`) the learner meets only those tables, in turn.

#[path = "common/net_file.rs"]
mod net_file;
#[path = "common/tables.rs"]
mod tables;

use ludo_core::{Action, Chooser, CpuLevel, Dice, Discard, Game};
use ludo_cpu::Cpu;
use ludo_cpu::expert;
use ludo_cpu::tournament::game_seed;
use ludo_cpu::value_net::{self, Features, Kind, ValueNet};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

/// Reports the learner's recent results every so many games.
const WINDOW: u64 = 20_000;

/// A game is left unfinished after this many actions (a few hundred is usual).
const MOST_STEPS: u32 = 50_000;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 4 {
        eprintln!("usage: train_expert SEATS GAMES SEED ALPHA [OUT [START [HIDDEN]]]");
        std::process::exit(2);
    }
    let number = |i: usize| net_file::number(&args, i);
    let (seats, games, seed, alpha) = (
        number(0) as u8,
        number(1) as u64,
        number(2) as u64,
        number(3) as f32,
    );
    let aims = std::env::var_os("AIMS").is_some();
    let out = args.get(4).cloned().unwrap_or_else(|| match aims {
        true => format!("crates/ludo-cpu/nets/expert-{seats}-seats-aims.json"),
        false => format!("crates/ludo-cpu/nets/expert-{seats}-seats.json"),
    });
    let start = args.get(5).cloned().unwrap_or_else(|| match aims {
        true => format!("crates/ludo-cpu/nets/expert-{seats}-seats.json"),
        false => format!("crates/ludo-cpu/nets/hard-{seats}-seats.json"),
    });
    let fresh = start == "new";
    let from = match fresh {
        true => {
            let hidden = args.get(6).map_or(64, |_| number(6) as usize);
            ValueNet::new_for(Kind::Expert, seats, hidden, seed)
        }
        false => net_file::read(&start),
    };
    if from.seats != seats {
        eprintln!("{start} is a network for {} seats, not {seats}", from.seats);
        std::process::exit(2);
    }
    let mut net = match from.kind() {
        Kind::Hard => from.widened(),
        Kind::Expert => from.clone(),
    };
    let grow = args.get(6).filter(|_| !fresh).map(|_| number(6) as usize);
    if let Some(hidden) = grow {
        net = net_file::grown(net, hidden, seed);
    }
    let presets = tables::presets();
    let only: Option<(String, ludo_core::Rules)> = std::env::var("RULES").ok().map(|path| {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let rules = ron::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
        (path, rules)
    });
    let start_name = start.rsplit('/').next().unwrap_or(&start);
    let start_name = match from.kind() {
        _ if fresh => format!(
            "a network of {} hidden units drawn from the seed",
            from.hidden
        ),
        Kind::Hard => start_name.to_string(),
        // The command that made the start, so the chain can be run again.
        Kind::Expert => format!(
            "the network of `{}`",
            from.about.split(':').next().unwrap_or("")
        ),
    };
    // OUT and START as given, so the command names what it started from.
    let grown = match grow {
        Some(h) => format!(" {out} {start} {h}"),
        None if fresh && args.len() > 6 => format!(" {out} {start} {}", from.hidden),
        None if args.len() > 5 => format!(" {out} {start}"),
        None => String::new(),
    };
    let (env, under) = match &only {
        Some((path, _)) => (format!("RULES={path} "), format!("under {path}")),
        None if aims => (
            "AIMS=1 ".to_string(),
            "under the quick, master and partners presets and random house rules with an aim"
                .to_string(),
        ),
        None => (
            String::new(),
            "under the presets and random house rules".to_string(),
        ),
    };
    let opponents: Vec<Option<CpuLevel>> = match std::env::var("TABLES") {
        Ok(list) => list
            .split(',')
            .map(|name| match name.trim() {
                "self" => None,
                level => Some(level.parse().unwrap_or_else(|e| panic!("TABLES: {e}"))),
            })
            .collect(),
        Err(_) => tables::OPPONENTS.to_vec(),
    };
    let tables_env = std::env::var("TABLES")
        .map(|list| format!("TABLES={list} "))
        .unwrap_or_default();
    let names: Vec<String> = opponents
        .iter()
        .map(|level| level.map_or("itself".to_string(), |l| format!("{l} players")))
        .collect();
    let against = format!("against {}", names.join(", "));
    // The command that makes the network of the first `games` games, and how it did last.
    let about = |games: u64, summary: &str| {
        format!(
            "{tables_env}{env}cargo run --release -p ludo-cpu --example train_expert -- {seats} {games} {seed} \
         {alpha}{grown}: TD(0) from every seat's side at {seats} seats, starting from \
         {start_name}, \
         {against}, {under}; {summary}"
        )
    };
    // `SNAPSHOTS=N`: the network after every N games as well, as OUT-GAMES.json, so one run
    // shows how far training helps (the first N games of a run are those of a run of N).
    let snapshots: Option<u64> = std::env::var("SNAPSHOTS")
        .ok()
        .map(|v| v.parse().expect("SNAPSHOTS is a number"));
    let mut draw = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x7275_6C65);
    let n = seats as usize;
    let started = std::time::Instant::now();
    let mut x = Features::new();
    // The learner's wins at each kind of table of others, over the last window.
    let mut cut = 0u64;
    let (mut wins, mut tables, mut summary) = (
        vec![0u64; opponents.len()],
        vec![0u64; opponents.len()],
        String::new(),
    );
    for g in 0..games {
        let rules = match &only {
            Some((_, rules)) => rules.clone(),
            None if aims => tables::aims_rules_for(g, seats, &presets, &mut draw),
            None => tables::rules_for(g, &presets, &mut draw),
        };
        let mut game = Game::new(rules, seats, 0)
            .ok()
            .filter(|game| aims || !value_net::has_aims(game.rules()))
            .unwrap_or_else(|| Game::new(Default::default(), seats, 0).expect("2 to 6 seats"));
        let me = (g % seats as u64) as usize;
        let kind = (g / seats as u64) as usize % opponents.len();
        let table = opponents[kind];
        let mut dice = Dice::new(game_seed(seed, g));
        let mut other = table.map(|level| Cpu::new(level, game_seed(seed, g)));
        let mut previous: Vec<Option<Features>> = vec![None; n];
        let mut done = vec![false; n];
        let mut steps = 0;
        while let Some(action) = game.due(|game, moves| match &mut other {
            Some(cpu) if game.turn() as usize != me => cpu.choose(game, moves),
            _ if moves.len() == 1 => 0,
            _ => expert::greedy(&net, game, moves),
        }) {
            game.act(action, &mut dice, &mut Discard)
                .expect("only what the game awaits");
            steps += 1;
            if steps > MOST_STEPS {
                // A game that does not end teaches nothing about its end: left, and counted.
                cut += 1;
                break;
            }
            if !matches!(action, Action::Move(_)) {
                continue;
            }
            // Every seat still playing learns from the position this move left.
            for v in 0..n {
                if done[v] || expert::settled(&game, v) {
                    continue;
                }
                value_net::expert_features(&game, v, &mut x);
                if let Some(prev) = &previous[v] {
                    let target = value_net::chance(net.logit(&x));
                    net.learn(prev, target, alpha);
                }
                previous[v] = Some(x.clone());
            }
            // A seat that has finished (under *rank all players*) knows its place.
            for v in 0..n {
                if !done[v] && expert::settled(&game, v) {
                    if let Some(prev) = &previous[v] {
                        net.learn(prev, expert::final_score(&game, v), alpha);
                    }
                    done[v] = true;
                }
            }
        }
        tables[kind] += 1;
        wins[kind] += (expert::final_score(&game, me) == 1.0) as u64;
        if (g + 1) % WINDOW == 0 {
            let rates: Vec<String> = opponents
                .iter()
                .zip(wins.iter().zip(&tables))
                .filter_map(|(level, (w, t))| {
                    let rate = 100.0 * *w as f64 / (*t).max(1) as f64;
                    level.map(|l| format!("{rate:.1}% against {l}"))
                })
                .collect();
            let cut_short = match cut {
                0 => String::new(),
                n => format!("; {n} games left unfinished after {MOST_STEPS} actions"),
            };
            summary = format!(
                "the last {WINDOW} games first at {} players (all rules){cut_short}",
                rates.join(", ")
            );
            eprintln!(
                "{} games, {:.0} a second: {summary}",
                g + 1,
                (g + 1) as f64 / started.elapsed().as_secs_f64(),
            );
            wins.fill(0);
            tables.fill(0);
        }
        if snapshots.is_some_and(|n| (g + 1) % n == 0 && g + 1 < games) {
            let mut snapshot = net.clone();
            snapshot.about = about(g + 1, &summary);
            let path = out.trim_end_matches(".json");
            net_file::write(snapshot, &format!("{path}-{}.json", g + 1));
        }
    }
    net.about = about(games, &summary);
    net_file::write(net, &out);
}
