//! `simulate` and `record`: whole games between random players.

use std::process::ExitCode;
use std::time::Instant;

use ludo_core::{Chooser, Dice, Discard, Game, GameRecord, RandomChooser, play_out};

use crate::input::InputError;

#[derive(clap::Args)]
pub struct Args {
    /// Rules file (RON, or JSON by extension); the standard rules when left out.
    #[arg(long)]
    rules: Option<String>,
    /// Number of seats (2 to 6).
    #[arg(long, default_value_t = 4)]
    seats: usize,
    #[arg(long, default_value_t = 100_000)]
    games: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

pub fn run(args: Args) -> Result<ExitCode, InputError> {
    let rules = crate::load_rules(args.rules.as_deref())?;
    let seats = crate::check_seats(args.seats)?;
    crate::check_games(args.games)?;
    let mut wins = [0u64; ludo_core::MAX_SEATS as usize];
    let (mut rolls, mut turns) = (0u64, 0u64);
    let mut choosers: Vec<RandomChooser> = (0..seats)
        .map(|s| {
            RandomChooser::new(args.seed ^ (0x9E37_79B9_7F4A_7C15u64.wrapping_mul(s as u64 + 1)))
        })
        .collect();
    let mut dice = Dice::new(args.seed);
    let mut game = Game::new(rules.clone(), seats, 0).map_err(|e| InputError(e.to_string()))?;
    let mut refs: Vec<&mut dyn Chooser> =
        choosers.iter_mut().map(|c| c as &mut dyn Chooser).collect();
    let started = Instant::now();
    for g in 0..args.games {
        // Seats take turns to start, so no seat has the first-move edge.
        game.restart((g % seats as u64) as u8);
        let stats = play_out(&mut game, &mut dice, &mut refs, &mut Discard);
        rolls += stats.rolls as u64;
        turns += stats.turns as u64;
        let winner = game.ranking().expect("game is over")[0].seat;
        wins[winner as usize] += 1;
    }
    let secs = started.elapsed().as_secs_f64();
    let n = args.games.max(1) as f64;
    out!(
        "{} games, {} seats, seed {}{}",
        args.games,
        seats,
        args.seed,
        if rules.is_standard() {
            ", standard rules"
        } else {
            ", house rules"
        }
    );
    for (seat, w) in wins.iter().enumerate().take(seats as usize) {
        out!(
            "seat {seat} ({}): {w} wins, {:.2}%",
            ludo_core::seat_colours(seats)[seat],
            100.0 * *w as f64 / n
        );
    }
    out!("mean rolls per game: {:.1}", rolls as f64 / n);
    out!("mean turns per game: {:.1}", turns as f64 / n);
    out!(
        "games per second: {:.0} ({:.3} s, one thread)",
        n / secs.max(1e-9),
        secs
    );
    Ok(ExitCode::SUCCESS)
}

#[derive(clap::Args)]
pub struct RecordArgs {
    #[arg(long)]
    rules: Option<String>,
    #[arg(long, default_value_t = 4)]
    seats: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Plays one random game and prints its record.
pub fn record(args: RecordArgs) -> Result<ExitCode, InputError> {
    let rules = crate::load_rules(args.rules.as_deref())?;
    let seats = crate::check_seats(args.seats)?;
    let players = (0..seats).map(|s| format!("random:{s}")).collect();
    let rec = GameRecord::played(
        rules,
        players,
        args.seed,
        &mut RandomChooser::new(!args.seed),
    )
    .map_err(|e| InputError(e.to_string()))?;
    out!(
        "{}",
        serde_json::to_string_pretty(&rec).expect("records serialise")
    );
    Ok(ExitCode::SUCCESS)
}
