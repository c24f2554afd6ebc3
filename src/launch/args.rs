//! The game's command line (and, in the browser, the page's query read as one), parsed by
//! clap.

use std::path::PathBuf;

use clap::{Parser, ValueEnum};
use ludo_proto::SeatSpec;

use crate::table::settings::{Speed, TextSize};
use crate::table::{SeatKind, TableConfig};

/// Ludo for 2 to 6 seats, people and CPUs.
#[derive(Parser, Debug, Clone, PartialEq)]
#[command(name = "ludo", version)]
pub struct Args {
    /// The seats, 2 to 6, in order: person, person:NAME, cpu or cpu:LEVEL (random, easy,
    /// normal, hard). Sits down at once instead of opening the menu.
    #[arg(long, value_delimiter = ',', value_parser = SeatKind::parse, num_args = 1)]
    pub seats: Option<Vec<SeatKind>>,
    /// A house-rules file (RON), such as those of assets/rules/.
    #[arg(long, value_name = "FILE.ron")]
    pub rules: Option<PathBuf>,
    /// The seed of the die and of the CPUs' choices.
    #[arg(long)]
    pub seed: Option<u64>,
    /// CPU and animation speed.
    #[arg(long, value_parser = speed)]
    pub speed: Option<Speed>,
    /// A folder of assets/themes/.
    #[arg(long, value_parser = theme)]
    pub theme: Option<String>,
    /// A language of assets/lang/ (en, fil, id, ar, zh).
    #[arg(long)]
    pub lang: Option<String>,
    /// The text size: normal, large, larger or largest (100, 125, 150, 200 %).
    #[arg(long, value_parser = text_size)]
    pub text_size: Option<TextSize>,
    /// White text on black windows.
    #[arg(long)]
    pub high_contrast: bool,
    /// Nothing tumbles, hops, flies or bursts.
    #[arg(long)]
    pub reduced_motion: bool,
    /// The window's size.
    #[arg(long, value_name = "WIDTHxHEIGHT", value_parser = size, default_value = "1280x720")]
    pub size: (u32, u32),
    /// Start with this window open.
    #[arg(long, value_enum)]
    pub open: Option<Open>,
    /// The room server for --join, --create and --quick (ws://HOST:PORT/ws; the browser uses the
    /// page's own).
    #[arg(long, value_name = "URL")]
    pub server: Option<String>,
    /// Join the online table with this code (or return to this device's seat at it).
    #[arg(long, value_name = "CODE", conflicts_with = "create")]
    pub join: Option<String>,
    /// Open an online table with these seats, 2 to 6: open (for a person who joins; the
    /// first is this device's), cpu or cpu:LEVEL, or empty. The house rules come from
    /// --rules (or the remembered table).
    #[arg(long, value_delimiter = ',', value_parser = seat_spec, num_args = 1, conflicts_with = "seats")]
    pub create: Option<Vec<SeatSpec>>,
    /// Quick play: wait at the room server for a table of 2, 4 or 6 people of a rating near
    /// yours (CPUs take the seats nobody comes for).
    #[arg(long, value_name = "SEATS", value_parser = quick_seats, conflicts_with_all = ["join", "create", "seats"])]
    pub quick: Option<u8>,
    /// The name to play under at online tables.
    #[arg(long)]
    pub name: Option<String>,
    /// The assets folder to read first (desktop; default: `assets/` beside the game). What it
    /// lacks comes from the copies built into the game.
    #[arg(long, value_name = "DIR")]
    pub assets: Option<PathBuf>,
    /// Render, save the window to this PNG and exit: how the tests look at the game.
    #[arg(long, value_name = "PATH")]
    pub screenshot: Option<PathBuf>,
    /// Frames rendered before the screenshot.
    #[arg(long, default_value_t = 30, requires = "screenshot")]
    pub frames: u32,
    /// Draw only the last N of --frames (the earlier ones are played without drawing): a
    /// frame drawn in software at 1920x1080 costs half a second, and the picture is the last.
    #[arg(
        long,
        value_name = "N",
        requires = "screenshot",
        conflicts_with = "strip"
    )]
    pub draw_last: Option<u32>,
    /// Seconds to wait for the assets before giving up with an error that names them.
    #[arg(
        long,
        value_name = "SECS",
        default_value_t = 60,
        requires = "screenshot"
    )]
    pub wait: u64,
    /// Take the screenshot when the game is over (after --frames more frames); the game is
    /// played without drawing until then.
    #[arg(long, requires = "screenshot")]
    pub when_over: bool,
    /// The CPU plays for the people here from the first frame, as when they leave their
    /// seats to it from the pause menu (their results are a person's).
    #[arg(long, requires = "screenshot")]
    pub away: bool,
    /// With --review: once the review is analysed, Try it again at its decision shown
    /// (--review-at), and take the screenshot at that table.
    #[arg(long, requires_all = ["screenshot", "review"])]
    pub try_again: bool,
    /// Keep the finished games whose files are in DIR (`*.json`, by name, oldest first) as
    /// past games played at the first seat here: for pictures of Past games.
    #[arg(long, value_name = "DIR", requires = "screenshot")]
    pub past_games: Option<PathBuf>,
    /// Ask for a hint whenever one may be asked (a person's move in a game not rated).
    #[arg(long, requires = "screenshot")]
    pub hint: bool,
    /// Take the screenshot once the game has had its first capture (after --frames more
    /// frames); the game is played without drawing until then.
    #[arg(long, requires = "screenshot", conflicts_with_all = ["when_over", "in_lobby"])]
    pub after_capture: bool,
    /// With --create, --join or --quick: take the screenshot in the online lobby, once the
    /// room (or quick play's wait) is shown (after --frames more frames), without waiting for
    /// its game.
    #[arg(long, requires = "screenshot", conflicts_with = "when_over")]
    pub in_lobby: bool,
    /// Play the table forward to a roll, a move of five squares, a capture or a piece
    /// reaching the goal, make it happen, and save ten frames of it side by side (to
    /// --screenshot's path, else strip-KIND.png; the browser downloads it), then exit.
    #[arg(long, value_enum, value_name = "KIND", conflicts_with_all = ["when_over", "in_lobby", "join", "create"])]
    pub strip: Option<crate::dev::StripKind>,
    /// Open this finished game for review (its file, exported from Past games, or a record
    /// from `ludo-cli record`); the browser reads the game its server put in the page.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["seats", "join", "create", "strip"])]
    pub review: Option<PathBuf>,
    /// With --review: show the position after this many steps.
    #[arg(long, value_name = "STEP", requires = "review")]
    pub review_at: Option<usize>,
    /// With --review: show the Nth moment of the chart (from 1), chosen.
    #[arg(
        long,
        value_name = "N",
        requires = "review",
        conflicts_with = "review_at"
    )]
    pub review_moment: Option<usize>,
    /// Tell every engine event on the log (`Signal::Event`: what the browser test checks the
    /// screen reader's sentences against).
    #[arg(long)]
    pub print_events: bool,
}

/// A window to open at the start.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Open {
    Menu,
    Setup,
    Rules,
    Pause,
    /// Over the menu, as from its buttons.
    Settings,
    Profiles,
    /// The room server's (`--server`) leaderboard.
    Leaderboard,
    /// Play online, over the menu: create, join, quick play.
    Online,
    /// The results' dice counted, unfolded (with `--when-over`).
    Dice,
    /// Past games, over the menu (with `--past-games`).
    PastGames,
}

impl Args {
    /// Parses `ludo ARGS…`; the error is clap's, with usage (`--help` and `--version` are
    /// "errors" that print to stdout and exit 0).
    pub fn parse_from(args: impl IntoIterator<Item = String>) -> Result<Args, clap::Error> {
        let args = Args::try_parse_from(std::iter::once("ludo".to_string()).chain(args))?;
        if let Some(seats) = &args.seats
            && !(2..=ludo_core::MAX_SEATS as usize).contains(&seats.len())
        {
            return Err(clap::Error::raw(
                clap::error::ErrorKind::ValueValidation,
                format!("--seats: 2 to 6 seats, not {}\n", seats.len()),
            ));
        }
        if let Some(seats) = &args.create
            && (!(2..=ludo_core::MAX_SEATS as usize).contains(&seats.len())
                || !seats.contains(&SeatSpec::Open))
        {
            return Err(clap::Error::raw(
                clap::error::ErrorKind::ValueValidation,
                "--create: 2 to 6 seats, one of them open\n",
            ));
        }
        if let Some(dir) = &args.assets {
            crate::files::asset_list::use_folder(dir.clone());
        }
        if let Some(lang) = &args.lang {
            let known = crate::i18n::available();
            if !known.contains(lang) {
                return Err(clap::Error::raw(
                    clap::error::ErrorKind::InvalidValue,
                    format!(
                        "--lang: expected one of {}, got {lang:?}\n",
                        known.join(", ")
                    ),
                ));
            }
        }
        Ok(args)
    }

    /// The table the command line describes, from `base` (the default or remembered one).
    pub fn table(&self, base: TableConfig) -> Result<TableConfig, String> {
        let mut table = base;
        if let Some(seats) = &self.seats {
            table.seats = seats.clone();
        }
        if let Some(path) = &self.rules {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("--rules {}: cannot read: {e}", path.display()))?;
            table.rules = ron::from_str(&text).map_err(|e| {
                format!(
                    "{}:{}:{}: {}",
                    path.display(),
                    e.span.start.line,
                    e.span.start.col,
                    e.code
                )
            })?;
        }
        if let Some(seed) = self.seed {
            table.seed = seed;
        }
        if let Some(why) = table.rules.refusal(table.seats.len() as u8) {
            return Err(format!("--seats and --rules: {why}"));
        }
        Ok(table)
    }
}

fn seat_spec(s: &str) -> Result<SeatSpec, String> {
    match s {
        "open" => Ok(SeatSpec::Open),
        "empty" => Ok(SeatSpec::Empty),
        "cpu" => Ok(SeatSpec::Cpu(ludo_core::CpuLevel::Normal)),
        _ => match s.strip_prefix("cpu:") {
            Some(level) => level.parse().map(SeatSpec::Cpu),
            None => Err(format!("expected open, empty, cpu or cpu:LEVEL, got {s:?}")),
        },
    }
}

fn text_size(s: &str) -> Result<TextSize, String> {
    TextSize::parse(s).ok_or(format!(
        "expected normal, large, larger or largest, got {s:?}"
    ))
}

fn speed(s: &str) -> Result<Speed, String> {
    Speed::parse(s).ok_or(format!("expected slow, normal, fast or instant, got {s:?}"))
}

fn theme(s: &str) -> Result<String, String> {
    if s.is_empty() || !s.chars().all(|c| c.is_alphanumeric() || "-_".contains(c)) {
        return Err(format!(
            "expected the name of a folder of assets/themes/, got {s:?}"
        ));
    }
    Ok(s.to_string())
}

fn size(s: &str) -> Result<(u32, u32), String> {
    s.split_once('x')
        .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
        .filter(|&(w, h)| w > 0 && h > 0)
        .ok_or(format!("expected WIDTHxHEIGHT, got {s:?}"))
}

/// `--quick 2`, `--quick 4` or `--quick 6`.
fn quick_seats(s: &str) -> Result<u8, String> {
    match s.parse::<u8>() {
        Ok(n) if ludo_proto::QUICK_PLAY_SEATS.contains(&n) => Ok(n),
        _ => Err(format!("quick play seats tables of 2, 4 or 6, not {s:?}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<Args, String> {
        Args::parse_from(line.split_whitespace().map(String::from)).map_err(|e| e.to_string())
    }

    #[test]
    fn the_command_line_reads_as_the_table_and_the_window() {
        let args = parse("--seats person:Ana,cpu:hard --seed 9 --speed fast --size 800x600 --open pause --screenshot a.png --when-over").unwrap();
        assert_eq!(
            args.seats,
            Some(vec![
                SeatKind::Person { name: "Ana".into() },
                SeatKind::Cpu(ludo_core::CpuLevel::Hard)
            ])
        );
        assert_eq!(args.speed, Some(Speed::Fast));
        assert_eq!(args.size, (800, 600));
        assert_eq!(args.open, Some(Open::Pause));
        assert!(args.when_over);
        assert_eq!(args.frames, 30);
        let table = args.table(TableConfig::default()).unwrap();
        assert_eq!(table.seed, 9);
        assert_eq!(table.seats.len(), 2);
        assert_eq!(parse("").unwrap().size, (1280, 720));
    }

    #[test]
    fn bad_arguments_are_clear_errors() {
        for (line, says) in [
            ("--seats cpu", "2 to 6 seats, not 1"),
            (
                "--seats cpu,robot",
                "expected person, person:NAME, cpu or cpu:LEVEL",
            ),
            ("--size 80", "expected WIDTHxHEIGHT"),
            ("--speed warp", "expected slow, normal, fast or instant"),
            ("--theme ../x", "folder of assets/themes/"),
            ("--open nowhere", "nowhere"),
            ("--frames 3", "--screenshot"),
            ("--seed x", "invalid digit"),
            ("--lang xx", "expected one of"),
            (
                "--create open,robot",
                "expected open, empty, cpu or cpu:LEVEL",
            ),
            ("--create cpu,cpu", "one of them open"),
            ("--create open,cpu --join AB", "cannot be used with"),
            ("--what", "--what"),
        ] {
            let e = parse(line).unwrap_err();
            assert!(e.contains(says), "{line}: {e}");
        }
    }
}
