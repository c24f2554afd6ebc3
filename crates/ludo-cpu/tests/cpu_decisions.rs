//! The CPU levels choose as they always have: games of every level at two and four seats,
//! under the standard rules and under *rank all players*, each choice compared with the one
//! recorded in `fixtures/cpu-decisions.json` (made by this test with `RECORD=1`, before the
//! CPU players moved to a crate of their own). A change to a level's play shows here as the
//! first game and decision that differ.

use std::cell::RefCell;
use std::rc::Rc;

use ludo_core::SeatLevels;
use ludo_core::{Chooser, CpuLevel, Dice, Discard, Game, Move, Rules, play_out};
use ludo_cpu::Cpu;
use serde::{Deserialize, Serialize};

/// One game: who played, and every choice among two or more moves, as the index picked.
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Played {
    level: String,
    seats: u8,
    rank_all: bool,
    seed: u64,
    /// Each choice's index, one digit each.
    choices: String,
}

/// A chooser that notes what the one inside picks.
struct Noting {
    inner: Cpu,
    choices: Rc<RefCell<String>>,
}

impl Chooser for Noting {
    fn choose(&mut self, game: &Game, moves: &[Move]) -> usize {
        let i = self.inner.choose(game, moves);
        if moves.len() > 1 {
            self.choices.borrow_mut().push(char::from(b'0' + i as u8));
        }
        i
    }

    fn cpu_level(&self) -> Option<CpuLevel> {
        self.inner.cpu_level()
    }

    fn see_table(&mut self, table: &SeatLevels) {
        self.inner.see_table(table);
    }
}

fn play(level: CpuLevel, seats: u8, rank_all: bool, seed: u64) -> Played {
    let rules = Rules {
        rank_all,
        ..Rules::default()
    };
    let mut game = Game::new(rules, seats, 0).unwrap();
    let mut dice = Dice::new(seed);
    let choices = Rc::new(RefCell::new(String::new()));
    let table: SeatLevels = std::array::from_fn(|s| (s < seats as usize).then_some(level));
    let mut players: Vec<Noting> = (0..seats)
        .map(|s| {
            let mut p = Noting {
                inner: Cpu::new(level, seed * 10 + u64::from(s)),
                choices: choices.clone(),
            };
            p.see_table(&table);
            p
        })
        .collect();
    let mut choosers: Vec<&mut dyn Chooser> =
        players.iter_mut().map(|p| p as &mut dyn Chooser).collect();
    play_out(&mut game, &mut dice, &mut choosers, &mut Discard);
    let choices = choices.borrow().clone();
    Played {
        level: level.to_string(),
        seats,
        rank_all,
        seed,
        choices,
    }
}

/// Every game of the comparison: the cheap levels often, `expert` (a search) a few times.
fn games() -> Vec<Played> {
    let mut out = Vec::new();
    for level in CpuLevel::ALL {
        let seeds: &[u64] = if level == CpuLevel::Expert {
            &[1]
        } else {
            &[1, 2, 3]
        };
        for seats in [2, 4] {
            for rank_all in [false, true] {
                for &seed in seeds {
                    out.push(play(level, seats, rank_all, seed));
                }
            }
        }
    }
    out
}

/// The recorded decisions, in the checkout under test (cargo names it when it runs the test; a
/// test binary may have been built from another checkout).
fn fixture() -> String {
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or(env!("CARGO_MANIFEST_DIR").into());
    format!("{dir}/tests/fixtures/cpu-decisions.json")
}

#[test]
fn every_level_chooses_as_recorded() {
    let played = games();
    if std::env::var_os("RECORD").is_some() {
        let text = serde_json::to_string_pretty(&played).unwrap();
        std::fs::write(fixture(), text + "\n").unwrap();
    }
    let recorded: Vec<Played> =
        serde_json::from_str(&std::fs::read_to_string(fixture()).unwrap()).unwrap();
    assert_eq!(played.len(), recorded.len());
    let mut decisions = 0;
    for (now, then) in played.iter().zip(&recorded) {
        let first = now
            .choices
            .chars()
            .zip(then.choices.chars())
            .position(|(a, b)| a != b);
        assert!(
            first.is_none() && now.choices.len() == then.choices.len(),
            "{} at {} seats (rank all: {}), seed {}: decision {:?} differs",
            now.level,
            now.seats,
            now.rank_all,
            now.seed,
            first
        );
        decisions += now.choices.len();
    }
    assert!(decisions >= 2000, "only {decisions} decisions compared");
}
