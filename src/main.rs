//! Ludo: start the game.
//!
//! ```text
//! ludo [--seats person,cpu:normal,cpu:hard,cpu:easy] [--rules FILE.ron] [--seed N]
//!      [--speed slow|normal|fast|instant] [--theme NAME] [--lang en|fil|id|ar|zh]
//!      [--size WIDTHxHEIGHT] [--open menu|setup|rules|pause]
//!      [--screenshot PATH [--frames N] [--when-over]]
//! ```
//!
//! `--screenshot` renders N frames (default 30), saves the window to PATH and exits: how the
//! tests look at what a player sees.

use bevy::prelude::*;
use bevy_egui::EguiPlugin;
use bevy_kira_audio::AudioPlugin;
use ludo::dev::screenshot::ScreenshotAndExit;
use ludo::resume::DataDir;
use ludo::saved::{ConfigDir, Notice};
use ludo::screen::Screen;
use ludo::settings::{Settings, Speed};
use ludo::table::{SeatKind, TableConfig};

struct Args {
    /// Start with a window open: `setup`, `rules` or `pause`.
    open: Option<String>,
    /// The table came from the command line rather than from what was remembered.
    table_given: bool,
    size: (u32, u32),
    table: TableConfig,
    speed: Option<Speed>,
    /// A folder of `assets/themes/`.
    theme: Option<String>,
    /// A file of `assets/lang/`.
    lang: Option<String>,
    screenshot: Option<ScreenshotAndExit>,
}

/// The command line; in the browser, the page's query (`?seats=cpu,cpu&speed=fast`) read as
/// `--seats cpu,cpu --speed fast`.
fn command_line() -> Vec<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let query = web_sys::window()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default();
        ludo::web::query_to_args(&query)
    }
    #[cfg(not(target_arch = "wasm32"))]
    std::env::args().skip(1).collect()
}

fn parse_args(command_line: Vec<String>) -> Result<Args, String> {
    let mut args = Args {
        open: None,
        table_given: false,
        size: (1280, 720),
        table: TableConfig::default(),
        speed: None,
        theme: None,
        lang: None,
        screenshot: None,
    };
    let mut rest = Vec::new();
    let mut it = command_line.into_iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--seats" => {
                let seats = value("--seats")?
                    .split(',')
                    .map(SeatKind::parse)
                    .collect::<Result<Vec<_>, _>>()?;
                if !(2..=4).contains(&seats.len()) {
                    return Err(format!("--seats: 2 to 4 seats, not {}", seats.len()));
                }
                args.table.seats = seats;
                args.table_given = true;
            }
            "--rules" => {
                let path = value("--rules")?;
                let text = std::fs::read_to_string(&path)
                    .map_err(|e| format!("--rules {path}: cannot read: {e}"))?;
                args.table.rules = ron::from_str(&text).map_err(|e| {
                    format!(
                        "{path}:{}:{}: {}",
                        e.span.start.line, e.span.start.col, e.code
                    )
                })?;
            }
            "--seed" => {
                let v = value("--seed")?;
                args.table.seed = v
                    .parse()
                    .map_err(|_| format!("--seed: expected a number, got {v:?}"))?;
            }
            "--size" => {
                let v = value("--size")?;
                let parsed = v
                    .split_once('x')
                    .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)));
                args.size = parsed.ok_or(format!("--size: expected WIDTHxHEIGHT, got {v:?}"))?;
            }
            "--theme" => {
                let v = value("--theme")?;
                if v.is_empty() || !v.chars().all(|c| c.is_alphanumeric() || "-_".contains(c)) {
                    return Err(format!(
                        "--theme: expected the name of a folder of assets/themes/, got {v:?}"
                    ));
                }
                args.theme = Some(v);
            }
            "--lang" => {
                let v = value("--lang")?;
                let known = ludo::i18n::available();
                if !known.contains(&v) {
                    return Err(format!(
                        "--lang: expected one of {}, got {v:?}",
                        known.join(", ")
                    ));
                }
                args.lang = Some(v);
            }
            "--open" => {
                args.open = Some(value("--open")?);
            }
            "--speed" => {
                let v = value("--speed")?;
                args.speed = Some(Speed::parse(&v).ok_or(format!(
                    "--speed: expected slow, normal, fast or instant, got {v:?}"
                ))?);
            }
            _ => {
                rest.push(arg);
            }
        }
    }
    args.screenshot = ludo::dev::screenshot::from_args(rest.into_iter())?;
    Ok(args)
}

/// A remembered file's contents, or `None` with the reason kept for the player to read.
fn or_notice<T>(loaded: Result<Option<T>, String>, notice: &mut Notice) -> Option<T> {
    loaded.unwrap_or_else(|e| {
        eprintln!("ludo: {e}");
        notice.0 = Some(match notice.0.take() {
            Some(earlier) => format!("{earlier}\n{e}"),
            None => e,
        });
        None
    })
}

fn main() -> AppExit {
    let launched = ludo::dev::screenshot::LaunchedAt(bevy::platform::time::Instant::now());
    let args = match parse_args(command_line()) {
        Ok(args) => args,
        Err(msg) => {
            eprintln!("ludo: {msg}");
            #[cfg(target_arch = "wasm32")]
            ludo::web::show_error(&format!("Ludo could not start: {msg}"));
            return AppExit::from_code(2);
        }
    };
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Ludo".into(),
                    resolution: args.size.into(),
                    // In the browser: the page's canvas, filling the window and following resizes.
                    canvas: Some("#ludo-canvas".into()),
                    fit_canvas_to_parent: true,
                    ..default()
                }),
                ..default()
            })
            // The game ships no `.meta` files; asking for them costs a request per asset on the web.
            .set(AssetPlugin {
                meta_check: bevy::asset::AssetMetaCheck::Never,
                ..default()
            }),
    )
    .add_plugins((EguiPlugin::default(), AudioPlugin));
    // What was remembered from last time, unless the command line says otherwise; screenshot
    // runs neither read nor write the player's files.
    let config_dir = ConfigDir::user();
    let data_dir = DataDir::user();
    let mut table = args.table;
    let mut notice = Notice::default();
    // A game left unfinished is offered as Continue (unless a table is given to sit at).
    let mut resumed = None;
    if let (None, Some(dir), false) = (&args.screenshot, &data_dir.0, args.table_given) {
        resumed = or_notice(ludo::resume::load_game(dir), &mut notice);
    }
    if let (None, Some(dir)) = (&args.screenshot, &data_dir.0)
        && let Some(profiles) = or_notice(ludo::profiles::load_profiles(dir), &mut notice)
    {
        app.insert_resource(profiles);
    }
    if let (None, Some(dir)) = (&args.screenshot, &config_dir.0) {
        if !args.table_given
            && let Some(saved) = or_notice(ludo::saved::load_table(dir), &mut notice)
        {
            table = saved;
        }
        if args.speed.is_none()
            && let Some(saved) = or_notice(ludo::saved::load_settings(dir), &mut notice)
        {
            app.insert_resource(saved);
        }
    }
    let mut overlay = ludo::screen::Overlay::None;
    match args.open.as_deref() {
        None => {}
        Some("setup") => overlay = ludo::screen::Overlay::Setup,
        Some("rules") => overlay = ludo::screen::Overlay::Rules,
        Some("pause") => {
            app.init_resource::<ludo::pause::Paused>();
        }
        Some("menu") => {}
        Some(other) => {
            eprintln!("ludo: --open: expected menu, setup, rules or pause, got {other:?}");
            return AppExit::from_code(2);
        }
    }
    app.insert_resource(table).insert_resource(notice);
    if let Some((saved, table)) = resumed {
        ludo::resume::resume(&mut app, saved, table);
    }
    // Screenshot runs leave the player's remembered table and saved game alone.
    if args.screenshot.is_none() {
        app.insert_resource(config_dir).insert_resource(data_dir);
    }
    if let Some(speed) = args.speed {
        app.insert_resource(Settings {
            cpu_speed: speed,
            animation_speed: speed,
            ..default()
        });
    }
    if args.theme.is_some() || args.lang.is_some() {
        let mut settings = app
            .world()
            .get_resource::<Settings>()
            .cloned()
            .unwrap_or_default();
        if let Some(theme) = args.theme {
            settings.theme = theme;
        }
        if let Some(lang) = args.lang {
            settings.language = Some(lang);
        }
        app.insert_resource(settings);
    }
    app.add_plugins(ludo::plugin);
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(ludo::web::plugin);
    // A table given on the command line (or a screenshot run) sits down at once; otherwise
    // the game opens at the menu.
    let at_menu = args.open.as_deref() == Some("menu")
        || (!args.table_given && args.screenshot.is_none() && args.open.is_none());
    app.insert_state(if at_menu {
        Screen::Menu
    } else {
        Screen::Playing
    })
    .insert_state(overlay);
    if let Some(shot) = args.screenshot {
        app.insert_resource(shot)
            .insert_resource(launched)
            .add_plugins(ludo::dev::screenshot::plugin);
    }
    app.run()
}
