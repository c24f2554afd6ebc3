//! How fast can random games under the standard rules go on this machine at all?
//!
//! A measuring instrument for the engine's speed target, used by nothing else: the standard
//! rules at four seats restated as one loop with nothing the rules do not ask for — no events,
//! no other rule options, no other board, no chooser behind a trait, no phase to dispatch on.
//! Its dice and random players draw exactly what `ludo-cli simulate` draws, and it plays the
//! same games as the engine: every game's winner and roll count are checked against
//! `play_out`, so the figure is for the same work. `cargo run --release -p ludo-core --example
//! speed_floor -- 100000 1` prints both figures.

use std::time::Instant;

use ludo_core::{Chooser, Dice, Discard, Game, RandomChooser, Rules, play_out};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

const SEATS: usize = 4;
const TRACK: u32 = 52;
const ARM: u32 = 13;
/// Progress of the last track square and of the goal.
const LAST: u32 = 50;
const GOAL: u32 = 56;
const BASE: u8 = 0xFF;
const LANES: u32 = 0x0101_0101;
const HIGH: u32 = 0x8080_8080;

/// The high bit of each byte of `a` that equals the same byte of `b`.
#[inline(always)]
fn lanes_equal(a: u32, b: u32) -> u32 {
    let x = a ^ b;
    !((((x & 0x7F7F_7F7F) + 0x7F7F_7F7F) | x) & HIGH) & HIGH
}

/// The lane of the k-th set bit of a four-bit mask.
const NTH: [[u8; 4]; 16] = {
    let mut t = [[0u8; 4]; 16];
    let mut b = 0;
    while b < 16 {
        let (mut k, mut i) = (0, 0);
        while i < 4 {
            if b & (1 << i) != 0 {
                t[b][k] = i as u8;
                k += 1;
            }
            i += 1;
        }
        b += 1;
    }
    t
};

/// The seed `ludo-cli simulate` gives seat `s`'s random player.
fn chooser_seed(seed: u64, s: usize) -> u64 {
    seed ^ 0x9E37_79B9_7F4A_7C15u64.wrapping_mul(s as u64 + 1)
}

/// Plays `games` games; returns each game's winner and rolls.
#[inline(never)]
fn floor(games: u64, seed: u64) -> Vec<(u8, u32)> {
    // The bit of the track square at (seat, progress); 0 off the track (base, home, goal).
    let mut square = [[0u64; 256]; SEATS];
    for (s, row) in square.iter_mut().enumerate() {
        for p in 0..=LAST {
            row[p as usize] = 1 << ((s as u32 * ARM + p) % TRACK);
        }
    }
    let safe: u64 = (0..SEATS as u32).fold(0, |m, s| m | 1 << (s * ARM) | 1 << (s * ARM + 8));
    let mut dice = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut choosers: Vec<Xoshiro256PlusPlus> = (0..SEATS)
        .map(|s| Xoshiro256PlusPlus::seed_from_u64(chooser_seed(seed, s)))
        .collect();
    let mut out = Vec::with_capacity(games as usize);
    for g in 0..games {
        let mut pieces = [u32::MAX; SEATS];
        let mut present = [0u64; SEATS];
        let mut blocks = [0u64; SEATS];
        let mut turn = (g % SEATS as u64) as usize;
        let mut sixes = 0u32;
        let mut rolls = 0;
        loop {
            let roll: u8 = dice.random_range(1..=6);
            rolls += 1;
            sixes = (sixes + 1) * (roll == 6) as u32;
            if sixes == 3 {
                sixes = 0;
                turn = (turn + 1) % SEATS;
                continue;
            }
            let s = turn;
            // Opponents' blocks as bits of this seat's progress.
            let blocked =
                match blocks[(s + 1) % SEATS] | blocks[(s + 2) % SEATS] | blocks[(s + 3) % SEATS] {
                    0 => 0,
                    b => {
                        let start = s as u32 * ARM;
                        ((b >> start) | (b << (TRACK - start))) & ((1u64 << (LAST + 1)) - 1)
                    }
                };
            let raw = pieces[s];
            let in_base = lanes_equal(raw, u32::MAX);
            let base_bytes = (in_base >> 7) * 0xFF;
            let to = (raw & !base_bytes) + LANES * roll as u32;
            let over = (to + LANES * (127 - GOAL)) & HIGH & !in_base;
            let at_goal = lanes_equal(raw, LANES * GOAL);
            let repeat = (lanes_equal(raw, raw << 8) & 0x8080_8000)
                | (lanes_equal(raw, raw << 16) & 0x8080_0000)
                | (lanes_equal(raw, raw << 24) & 0x8000_0000);
            let exit = if roll == 6 && blocked & 1 == 0 {
                in_base
            } else {
                0
            };
            let mut legal = HIGH & !at_goal & !repeat & (exit | (!in_base & !over));
            let to = to & !base_bytes;
            let (from_b, to_b) = (raw.to_le_bytes(), to.to_le_bytes());
            if blocked != 0 {
                for i in 0..4 {
                    let (f, t) = (from_b[i] as u32, to_b[i] as u32 & 63);
                    // Squares f+1 ..= t are passed or landed on.
                    let path = (2u64 << t).wrapping_sub(2u64 << (f & 63));
                    let stopped = blocked & path != 0 && f != BASE as u32;
                    legal &= !((stopped as u32) << (8 * i + 7));
                }
            }
            if legal == 0 {
                if roll != 6 {
                    sixes = 0;
                    turn = (turn + 1) % SEATS;
                }
                continue;
            }
            let bits =
                ((legal >> 7) & 1) | ((legal >> 14) & 2) | ((legal >> 21) & 4) | (legal >> 28);
            let n = bits.count_ones() as usize;
            let pick = if n == 1 {
                0
            } else {
                choosers[s].random_range(0..n)
            };
            let i = NTH[bits as usize][pick & 3] as usize;
            let (from, dest) = (from_b[i], to_b[i]);
            let sharing = (lanes_equal(raw, LANES * from as u32) >> 7).count_ones();
            pieces[s] = (raw & !(0xFF << (8 * i))) | (dest as u32) << (8 * i);
            let from_bit = square[s][from as usize];
            present[s] = (present[s] & !from_bit) | if sharing >= 2 { from_bit } else { 0 };
            blocks[s] = (blocks[s] & !from_bit) | if sharing >= 3 { from_bit } else { 0 };
            let to_bit = square[s][dest as usize];
            let mut captured = false;
            let opponents =
                present[(s + 1) % SEATS] | present[(s + 2) % SEATS] | present[(s + 3) % SEATS];
            if to_bit & !safe & opponents != 0 {
                for o in 0..SEATS {
                    if o == s || present[o] & to_bit == 0 {
                        continue;
                    }
                    let there = (to_bit.trailing_zeros() + TRACK - o as u32 * ARM) % TRACK;
                    let hit = lanes_equal(pieces[o], LANES * there);
                    pieces[o] |= (hit >> 7) * 0xFF;
                    present[o] &= !to_bit;
                    blocks[o] &= !to_bit;
                    captured = true;
                }
            }
            blocks[s] |= present[s] & to_bit;
            present[s] |= to_bit;
            if pieces[s] == LANES * GOAL {
                out.push((s as u8, rolls));
                break;
            }
            let pass = (roll != 6) & !captured;
            sixes *= (!pass) as u32;
            turn = (turn + pass as usize) % SEATS;
        }
    }
    out
}

/// The same games with the engine, as `ludo-cli simulate` plays them.
#[inline(never)]
fn engine(games: u64, seed: u64) -> Vec<(u8, u32)> {
    let mut choosers: Vec<RandomChooser> = (0..SEATS)
        .map(|s| RandomChooser::new(chooser_seed(seed, s)))
        .collect();
    let mut refs: Vec<&mut dyn Chooser> =
        choosers.iter_mut().map(|c| c as &mut dyn Chooser).collect();
    let mut dice = Dice::new(seed);
    let mut game = Game::new(Rules::default(), SEATS as u8, 0).expect("four seats");
    let mut out = Vec::with_capacity(games as usize);
    for g in 0..games {
        game.restart((g % SEATS as u64) as u8);
        let stats = play_out(&mut game, &mut dice, &mut refs, &mut Discard);
        let winner = game.ranking().expect("game is over")[0].seat;
        out.push((winner, stats.rolls));
    }
    out
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| match args.get(i) {
        None => Some(default),
        Some(a) => a.parse::<u64>().ok(),
    };
    let (Some(games), Some(seed)) = (number(0, 100_000), number(1, 1)) else {
        eprintln!("usage: speed_floor [GAMES] [SEED] (two whole numbers)");
        std::process::exit(2);
    };
    for _ in 0..3 {
        let t = Instant::now();
        let by_floor = floor(games, seed);
        let floor_rate = games as f64 / t.elapsed().as_secs_f64();
        let t = Instant::now();
        let by_engine = engine(games, seed);
        let engine_rate = games as f64 / t.elapsed().as_secs_f64();
        if let Some(g) = (0..by_floor.len()).find(|&g| by_floor[g] != by_engine[g]) {
            eprintln!(
                "game {g} differs: floor {:?}, engine {:?}",
                by_floor[g], by_engine[g]
            );
            std::process::exit(1);
        }
        println!(
            "{games} games, the same in both: floor {floor_rate:.0} games/s, engine {engine_rate:.0} games/s ({:.2}×)",
            floor_rate / engine_rate
        );
    }
}
