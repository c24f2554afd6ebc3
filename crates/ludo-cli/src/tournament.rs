//! `tournament`: CPU levels and outside bots, seats rotated, with win rates and their 95%
//! confidence intervals.

use std::process::ExitCode;
use std::time::Instant;

use ludo_core::{Chooser, CpuLevel};
use ludo_cpu::Cpu;
use ludo_cpu::tournament::{self, Progress};

use crate::bot::{Bot, FaultLog};
use crate::input::InputError;

#[derive(clap::Args)]
pub struct Args {
    /// One player per seat, comma separated: random, easy, normal, hard, expert, or a bot's NAME.
    #[arg(long, default_value = "hard,random,random,random")]
    seats: String,
    #[arg(long, default_value_t = 20_000)]
    games: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Rules file (RON, or JSON by extension); the standard rules when left out.
    #[arg(long)]
    rules: Option<String>,
    /// An outside player: NAME=COMMAND, started once and spoken to in JSON lines.
    #[arg(long = "bot")]
    bots: Vec<String>,
    /// Milliseconds a bot may take per decision.
    #[arg(long, default_value_t = 1000)]
    bot_timeout_ms: u64,
    /// Analyse every game (luck or skill): each player's decisions, error rate,
    /// inaccuracies, mistakes and blunders a game, dice luck a game (with its 95% interval)
    /// and the size of the identity's residual a game, in points (docs/ANALYSIS.md).
    #[arg(long)]
    analyse: bool,
}

/// One player's play over the games analysed.
#[derive(Default)]
struct Play {
    games: u64,
    decisions: u64,
    loss: f64,
    classes: [u64; 5],
    luck: f64,
    luck_squares: f64,
    /// The identity's residual, summed as sizes (points).
    residual: f64,
}

impl Play {
    fn add(&mut self, s: &ludo_cpu::analysis::SeatSummary) {
        self.games += 1;
        self.decisions += u64::from(s.decisions);
        self.loss += f64::from(s.error_rate) * f64::from(s.decisions) / 1000.0;
        for (sum, n) in self.classes.iter_mut().zip(s.classes) {
            *sum += u64::from(n);
        }
        let luck = f64::from(s.luck()) * 100.0;
        self.luck += luck;
        self.luck_squares += luck * luck;
        self.residual += f64::from(s.residual.abs()) * 100.0;
    }

    fn error_rate(&self) -> f64 {
        1000.0 * self.loss / self.decisions.max(1) as f64
    }

    fn per_game(&self, n: u64) -> f64 {
        n as f64 / self.games.max(1) as f64
    }

    /// The mean luck a game in points, and its 95% interval's half width.
    fn luck(&self) -> (f64, f64) {
        let n = self.games.max(1) as f64;
        let mean = self.luck / n;
        let var = (self.luck_squares / n - mean * mean).max(0.0) * n / (n - 1.0).max(1.0);
        (mean, 1.96 * (var / n).sqrt())
    }
}

pub fn run(args: Args) -> Result<ExitCode, InputError> {
    let rules = crate::load_rules(args.rules.as_deref())?;
    let mut bots: Vec<(String, String)> = Vec::new();
    for b in &args.bots {
        let (name, command) = b.split_once('=').ok_or_else(|| {
            InputError(format!(
                "--bot {}: expected NAME=COMMAND",
                crate::bot::quote(b, 60)
            ))
        })?;
        bots.push((name.to_string(), command.to_string()));
    }
    if let Ok(n) = args.seats.trim().parse::<u64>() {
        return Err(InputError(format!(
            "--seats: one player per seat, comma separated (such as hard,random,random,random), not a count ({n})"
        )));
    }
    crate::check_games(args.games)?;
    let names: Vec<&str> = args.seats.split(',').map(str::trim).collect();
    let progress = std::rc::Rc::new(std::cell::Cell::new(Progress::default()));
    let faults = FaultLog::default();
    crate::check_seats(names.len())?;
    let mut players: Vec<(String, Box<dyn Chooser>)> = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let label = format!("{name}#{i}");
        let chooser: Box<dyn Chooser> = if let Some((_, cmd)) = bots.iter().find(|(n, _)| n == name)
        {
            Box::new(
                Bot::start(
                    name,
                    cmd,
                    rules.clone(),
                    args.bot_timeout_ms,
                    progress.clone(),
                    faults.clone(),
                )
                .map_err(|e| InputError(format!("--bot {name}: {e}")))?,
            )
        } else {
            let level: CpuLevel = name.parse().map_err(|_| {
                InputError(format!(
                    "--seats: {} is not a CPU level (random, easy, normal, hard, expert) or a bot given with --bot NAME=COMMAND",
                    crate::bot::quote(name, 40)
                ))
            })?;
            Box::new(Cpu::new(level, args.seed.wrapping_add(i as u64 * 7919)))
        };
        players.push((label, chooser));
    }
    let started = Instant::now();
    let mut play: Vec<Play> = players.iter().map(|_| Play::default()).collect();
    let mut analysis_failed = None;
    let result = tournament::run_with(
        &rules,
        &mut players,
        args.games,
        args.seed,
        |p| progress.set(p),
        |record, seated| {
            if !args.analyse || analysis_failed.is_some() {
                return;
            }
            match ludo_cpu::analysis::Analysis::of(record) {
                Ok(a) => {
                    for s in &a.seats {
                        play[seated[s.seat as usize]].add(s);
                    }
                }
                Err(e) => analysis_failed = Some(e.to_string()),
            }
        },
    );
    if let Some(e) = analysis_failed {
        return Err(InputError(format!("--analyse: {e}")));
    }
    let secs = started.elapsed().as_secs_f64();
    let stats = match result {
        Ok(s) => s,
        Err(e) => {
            let p = progress.get();
            return Err(InputError(format!(
                "stopped in game {} turn {}: {e}",
                p.game, p.turn
            )));
        }
    };
    out!(
        "{} games, seats rotated, seed {}, {}",
        args.games,
        args.seed,
        if rules.is_standard() {
            "standard rules"
        } else {
            "house rules"
        }
    );
    out!(
        "{:<12} {:>7} {:>8} {:>17} {:>9} {:>10} {:>10} {:>12} {:>12}",
        "player",
        "wins",
        "win %",
        "95% CI",
        "mean rank",
        "mean rolls",
        "mean turns",
        "median µs",
        "p99 µs"
    );
    for s in &stats {
        let (lo, hi) = s.win_rate_ci95();
        out!(
            "{:<12} {:>7} {:>7.2}% {:>7.2}%–{:>6.2}% {:>9.3} {:>10.1} {:>10.1} {:>12.1} {:>12.1}",
            s.name,
            s.wins,
            100.0 * s.win_rate(),
            100.0 * lo,
            100.0 * hi,
            s.mean_rank(),
            s.mean_rolls(),
            s.mean_turns(),
            s.decision_us(0.5),
            s.decision_us(0.99)
        );
    }
    if args.analyse {
        out!(
            "{:<12} {:>11} {:>10} {:>10} {:>10} {:>10} {:>17} {:>9}",
            "player",
            "dec. a game",
            "error rate",
            "?! a game",
            "? a game",
            "?? a game",
            "luck a game (95%)",
            "|residual|"
        );
        for (s, p) in stats.iter().zip(&play) {
            let (luck, half) = p.luck();
            out!(
                "{:<12} {:>11.1} {:>10.1} {:>10.2} {:>10.2} {:>10.2} {:>+8.2} ± {:<6.2} {:>9.2}",
                s.name,
                p.per_game(p.decisions),
                p.error_rate(),
                p.per_game(p.classes[2]),
                p.per_game(p.classes[3]),
                p.per_game(p.classes[4]),
                luck,
                half,
                p.residual / p.games.max(1) as f64
            );
        }
    }
    let fault_count = faults.borrow().count;
    if fault_count > 0 {
        out!("bot faults: {fault_count} (reported on stderr)");
    }
    out!(
        "{:.1} s, {:.0} games/s",
        secs,
        args.games as f64 / secs.max(1e-9)
    );
    Ok(ExitCode::SUCCESS)
}
