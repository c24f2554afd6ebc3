//! What `expert`'s training examples share: the tables and rules its learner plays under.

// Each example uses its part.
#![allow(dead_code)]

use ludo_core::{Choice, CpuLevel, DieFaces, HOUSE_RULES, Rules, Values};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// The kinds of table the learner meets, in turn, each for `seats` games (so it sits in every
/// seat): `None` is itself at every seat.
pub const OPPONENTS: [Option<CpuLevel>; 4] = [
    None,
    Some(CpuLevel::Normal),
    Some(CpuLevel::Random),
    Some(CpuLevel::Hard),
];

/// The shipped presets (`assets/rules/*.ron`), by file name.
pub fn presets() -> Vec<(String, Rules)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets/rules");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("readable");
            let rules: Rules =
                ron::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (p.file_stem().unwrap().to_string_lossy().into_owned(), rules)
        })
        .collect()
}

/// House rules drawn at random: each one differs from the standard game a third of the time.
pub fn random_rules(rng: &mut Xoshiro256PlusPlus) -> Rules {
    let mut rules = Rules::default();
    for rule in HOUSE_RULES {
        if !rng.random_bool(1.0 / 3.0) {
            continue;
        }
        let choice = match rule.values {
            Values::Switch => Choice::Switch(rng.random_bool(0.5)),
            Values::OneOf(names) => Choice::OneOf(rng.random_range(0..names.len())),
            Values::Faces => {
                let mut faces = vec![6];
                faces.extend((1..6).filter(|_| rng.random_bool(0.2)));
                Choice::Faces(DieFaces::new(&faces).expect("faces 1 to 6"))
            }
            Values::Count(max) => Choice::Count(rng.random_range(1..=max)),
        };
        rules.set(rule.name, choice);
    }
    rules
}

/// The rules of training game `g`: three games in eight the standard game, three the presets
/// in turn, two house rules drawn at random (from `draw`).
pub fn rules_for(g: u64, presets: &[(String, Rules)], draw: &mut Xoshiro256PlusPlus) -> Rules {
    match g % 8 {
        0..=2 => Rules::default(),
        3..=5 => presets[(g / 8 * 3 + g % 8 - 3) as usize % presets.len()]
            .1
            .clone(),
        _ => random_rules(draw),
    }
}

/// A random stream of game `g`'s own, for what a game draws apart from its dice.
pub fn game_rng(seed: u64, g: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(ludo_cpu::tournament::game_seed(seed ^ 0x7275_6C65, g))
}

/// The rules of training game `g` for `expert`'s network for the aims, where every game has
/// one: in turn the *quick*, *master* and *partners* presets and house rules drawn at random
/// with one aim added (fewer pieces to win, a capture first, or partners). A preset `seats`
/// cannot play (partners need four) is drawn at random instead.
pub fn aims_rules_for(
    g: u64,
    seats: u8,
    presets: &[(String, Rules)],
    draw: &mut Xoshiro256PlusPlus,
) -> Rules {
    let preset = |name: &str| {
        presets
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, rules)| rules.clone())
            .unwrap_or_else(|| panic!("no preset {name} in assets/rules"))
    };
    let chosen = match g % 4 {
        0 => Some(preset("quick")),
        1 => Some(preset("master")),
        2 => Some(preset("partners")),
        _ => None,
    };
    if let Some(rules) = chosen.filter(|r| r.refusal(seats).is_none()) {
        return rules;
    }
    loop {
        let mut rules = random_rules(draw);
        match draw.random_range(0..5) {
            0..=2 => {
                rules.pieces_to_win =
                    ludo_core::PiecesToWin::new(draw.random_range(1..=3)).expect("1 to 3")
            }
            3 => rules.capture_before_home = true,
            _ => rules.teams = ludo_core::Teams::Pairs,
        }
        if rules.refusal(seats).is_none() {
            return rules;
        }
    }
}
