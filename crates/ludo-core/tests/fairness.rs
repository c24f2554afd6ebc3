//! The dice's verdict is calibrated: over 10,000 seeded games of fair dice, a game's dice (and
//! a seat's) are called unusual at the 1% level about 1% of the time — not never, not often.

use ludo_core::fairness::{Faces, UNUSUAL_BELOW, Verdict};
use ludo_core::{GameRecord, RandomChooser, Rules};

#[test]
fn fair_dice_are_called_unusual_about_one_game_in_a_hundred() {
    const GAMES: u64 = 10_000;
    let (mut games_unusual, mut seats_unusual, mut seats_judged) = (0u32, 0u32, 0u32);
    for seed in 0..GAMES {
        let players = (0..4).map(|s| format!("cpu {s}")).collect();
        let mut chooser = RandomChooser::new(seed ^ 0x5eed);
        let record = GameRecord::played(Rules::default(), players, seed, &mut chooser).unwrap();
        let faces = record.faces_by_seat().unwrap();
        let mut game = Faces::default();
        for seat in &faces {
            game += *seat;
            match seat.verdict() {
                Verdict::TooFew => {}
                Verdict::Random { .. } => seats_judged += 1,
                Verdict::Unusual { .. } => {
                    seats_judged += 1;
                    seats_unusual += 1;
                }
            }
        }
        if matches!(game.verdict(), Verdict::Unusual { .. }) {
            games_unusual += 1;
        }
    }
    // Binomial(10,000, 1%): 100 expected, a standard deviation of about 10.
    let expected = GAMES as f64 * UNUSUAL_BELOW;
    eprintln!(
        "unusual: {games_unusual} games of {GAMES}, {seats_unusual} seats of {seats_judged} judged"
    );
    assert!(
        (expected * 0.6..=expected * 1.4).contains(&(games_unusual as f64)),
        "{games_unusual} games called unusual, about {expected} expected"
    );
    let seats_expected = seats_judged as f64 * UNUSUAL_BELOW;
    assert!(
        (seats_expected * 0.7..=seats_expected * 1.3).contains(&(seats_unusual as f64)),
        "{seats_unusual} seats called unusual, about {seats_expected} expected"
    );
}
