//! Starting the game: the command line (or the page's query), what was remembered from last
//! time, and the app assembled from the plugins.

use bevy::prelude::*;
use bevy::sprite_render::{ColorMaterialPlugin, Mesh2dRenderPlugin, SpriteRenderPlugin};
use bevy_egui::EguiPlugin;
use bevy_kira_audio::AudioPlugin;

#[cfg(feature = "dev")]
use crate::dev::screenshot::{LaunchedAt, ScreenshotAndExit};
use crate::files::online::OnlineMemory;
use crate::files::resume::DataDir;
use crate::files::reviews::{ReviewAt, ReviewRequested};
use crate::files::saved::{ConfigDir, Notice};
use crate::online::OnlineRequest;
use crate::table::TableConfig;
use crate::table::screen::{Pause, Screen};
use crate::table::settings::Settings;
use crate::ui::overlay::Overlay;

mod args;
// Only the browser build runs it; compiled on the desktop too, where its tests run.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
mod web;

use args::{Args, Open};

/// The command line; in the browser, the page's query (`?seats=cpu,cpu&speed=fast`) read as
/// `--seats cpu,cpu --speed fast`.
fn command_line() -> Vec<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let location = web_sys::window().map(|w| w.location());
        let query = location
            .as_ref()
            .and_then(|l| l.search().ok())
            .unwrap_or_default();
        let path = location
            .as_ref()
            .and_then(|l| l.pathname().ok())
            .unwrap_or_default();
        web::page_to_args(&path, &query)
    }
    #[cfg(not(target_arch = "wasm32"))]
    std::env::args().skip(1).collect()
}

/// Why the game cannot start, where the player looks: the terminal, and the page.
fn refuse(message: &str) -> AppExit {
    eprintln!("ludo: {}", message.trim_end());
    #[cfg(target_arch = "wasm32")]
    web::show_error(&format!("Ludo could not start: {message}"));
    AppExit::from_code(2)
}

/// A remembered file's contents, or `None` with the reason kept for the player to read.
fn or_notice<T>(loaded: Result<Option<T>, String>, notice: &mut Notice) -> Option<T> {
    loaded.unwrap_or_else(|e| {
        eprintln!("ludo: {e}");
        notice.say(e);
        None
    })
}

/// `--join CODE`, `--create SEATS` or `--quick SEATS`: the online table to sit at once the
/// app runs.
fn online_request(
    args: &Args,
    table: &TableConfig,
    memory: &OnlineMemory,
) -> Option<OnlineRequest> {
    let server = args
        .server
        .clone()
        .unwrap_or_else(|| crate::ui::online_default_server(memory));
    let name = args.name.clone().unwrap_or_else(|| memory.name.clone());
    if let Some(code) = &args.join {
        return Some(OnlineRequest::Join {
            server,
            name,
            code: code.clone(),
        });
    }
    if let Some(seats) = args.quick {
        return Some(OnlineRequest::QuickPlay {
            server,
            name,
            seats,
        });
    }
    let seats = args.create.clone()?;
    Some(OnlineRequest::Create {
        server,
        name,
        table: ludo_proto::TableSpec {
            rules: table.rules.clone(),
            seats,
            turn_limit_secs: table.turn_limit.secs().map(|s| s as u16),
        },
    })
}

/// The window's size: the command line's, or in the browser the page's canvas (the page has
/// no `--size`), so that the first frame is not drawn at 1280x720 and then resized (a second
/// surface configuration, where a phone can least afford it).
fn window_size(args: &Args) -> (u32, u32) {
    #[cfg(target_arch = "wasm32")]
    if let Some(size) = web::canvas_size() {
        return size;
    }
    args.size
}

/// Reads the command line, builds the app and runs it.
pub fn run() -> AppExit {
    #[cfg(feature = "dev")]
    let launched = LaunchedAt(bevy::platform::time::Instant::now());
    let args = match Args::parse_from(command_line()) {
        Ok(args) => args,
        Err(e) if !e.use_stderr() => {
            // --help, --version
            let _ = e.print();
            return AppExit::Success;
        }
        Err(e) => return refuse(&e.to_string()),
    };
    #[cfg(not(feature = "dev"))]
    if args.screenshot.is_some() || args.strip.is_some() {
        return refuse(
            "--screenshot and --strip are tools for developers and tests, and this build has \
             none: build the game with `--features dev`",
        );
    }
    let mut app = engine(&args);
    // Screenshot and strip runs neither read nor write the player's files.
    let remembered = args.screenshot.is_none() && args.strip.is_none();
    let mut kept = if remembered {
        Kept::read(&args)
    } else {
        Kept::default()
    };
    let kept_settings = kept.settings.take();
    let table = match args.table(kept.table.clone().unwrap_or_default()) {
        Ok(table) => table,
        Err(e) => return refuse(&e),
    };
    let online = online_request(&args, &table, &kept.memory);
    // The server named on the command line is this run's, for the leaderboard and the
    // online window too.
    if let Some(server) = &args.server {
        kept.memory.server = Some(server.clone());
    }
    app.insert_resource(table);
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(dir) = &args.past_games {
        match past_games_in(dir) {
            Ok(past) => {
                app.insert_resource(past);
            }
            Err(e) => return refuse(&e),
        }
    }
    kept.into_app(&mut app, remembered);
    if let Some(settings) = settings(&args, kept_settings) {
        app.insert_resource(settings);
    }
    app.add_plugins(crate::plugin);
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(web::plugin);
    first_screen(&mut app, &args, online.is_some(), remembered);
    if let Some(request) = online.clone() {
        app.add_systems(Startup, move |mut out: MessageWriter<OnlineRequest>| {
            out.write(request.clone());
        });
    }
    if let Some(path) = &args.review {
        match read_review(path) {
            Ok(file) => {
                let at = match args.review_moment {
                    Some(n) => ReviewAt::Moment(n.saturating_sub(1)),
                    None => ReviewAt::Step(args.review_at.unwrap_or(0)),
                };
                let request = ReviewRequested::File {
                    file: Box::new(file),
                    at,
                };
                app.add_systems(Startup, move |mut out: MessageWriter<ReviewRequested>| {
                    out.write(request.clone());
                });
            }
            Err(e) => return refuse(&e),
        }
    }
    if args.print_events {
        app.insert_resource(crate::ui::hud::announce::PrintEvents);
    }
    #[cfg(feature = "dev")]
    dev_tools(&mut app, &args, online.is_some(), launched);
    app.run()
}

/// Bevy with what the game draws and plays: the window, the assets (the folder first, then
/// the copies built into the game), meshes and colour materials, egui and kira.
fn engine(args: &Args) -> App {
    let mut app = App::new();
    #[cfg(not(target_arch = "wasm32"))]
    app.register_asset_source(
        bevy::asset::io::AssetSourceId::Default,
        crate::files::shipped::source(crate::files::asset_list::folder()),
    );
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Ludo".into(),
                    resolution: window_size(args).into(),
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
            })
            // A picture or strip for the tests is drawn only once every pipeline it needs is
            // compiled: a board first drawn after a game played undrawn (the moment of a
            // capture) was missing from the frame due on a busy machine.
            .set(bevy::render::RenderPlugin {
                synchronous_pipeline_compilation: args.screenshot.is_some() || args.strip.is_some(),
                ..default()
            })
            // Meshes and their colour materials only: the game draws no sprites, tile maps or
            // sprite meshes, and their plugin prepares a pipeline for every view whether or not
            // it draws one (a GL program the browser compiles before the first menu answers).
            .disable::<SpriteRenderPlugin>(),
    )
    .add_plugins((Mesh2dRenderPlugin, ColorMaterialPlugin))
    .add_plugins((EguiPlugin::default(), AudioPlugin));
    app
}

/// What was kept from last time: the table and settings (unless the command line gives
/// them), a game left unfinished (offered as Continue, unless a table is given to sit at),
/// the profiles and the online seat tickets, and a notice of any file that could not be read.
#[derive(Default)]
struct Kept {
    table: Option<TableConfig>,
    settings: Option<Settings>,
    resumed: Option<(crate::files::resume::SavedGame, crate::table::Table)>,
    profiles: Option<crate::table::profiles::Profiles>,
    memory: OnlineMemory,
    notice: Notice,
    config_dir: Option<ConfigDir>,
    data_dir: Option<DataDir>,
}

impl Kept {
    fn read(args: &Args) -> Kept {
        let mut kept = Kept::default();
        let notice = &mut kept.notice;
        let (config_dir, data_dir) = (ConfigDir::user(), DataDir::user());
        let table_given = args.seats.is_some();
        if let Some(dir) = &data_dir.0 {
            if !table_given {
                kept.resumed = or_notice(crate::files::resume::load_game(dir), notice);
            }
            kept.profiles = or_notice(crate::files::profiles::load_profiles(dir), notice);
            kept.memory =
                or_notice(crate::files::online::load_online(dir), notice).unwrap_or_default();
        }
        if let Some(dir) = &config_dir.0 {
            if !table_given {
                kept.table = or_notice(crate::files::saved::load_table(dir), notice);
            }
            if args.speed.is_none() {
                kept.settings = or_notice(crate::files::saved::load_settings(dir), notice);
            }
        }
        kept.config_dir = Some(config_dir);
        kept.data_dir = Some(data_dir);
        kept
    }

    /// Puts what was kept into the app; the folders only when the run keeps the player's files.
    fn into_app(self, app: &mut App, remembered: bool) {
        if let Some(profiles) = self.profiles {
            app.insert_resource(profiles);
        }
        app.insert_resource(self.notice);
        if let Some((saved, table)) = self.resumed {
            crate::files::resume::resume(app, saved, table);
        }
        if remembered {
            if let Some(dir) = self.config_dir {
                app.insert_resource(dir);
            }
            if let Some(dir) = self.data_dir {
                app.insert_resource(dir);
            }
        }
        app.insert_resource(self.memory);
    }
}

/// The settings to start with: the kept ones, changed by what the command line says (the
/// speed, the theme, the language, text size, high contrast, reduced motion); none when
/// nothing was kept or said (the defaults then).
fn settings(args: &Args, kept: Option<Settings>) -> Option<Settings> {
    let mut settings = match args.speed {
        Some(speed) => Some(Settings {
            cpu_speed: speed,
            animation_speed: speed,
            ..default()
        }),
        None => kept,
    };
    let seeing = args.text_size.is_some() || args.high_contrast || args.reduced_motion;
    if args.theme.is_none() && args.lang.is_none() && settings.is_none() && !seeing {
        return settings;
    }
    let s = settings.get_or_insert_with(Settings::default);
    if let Some(size) = args.text_size {
        s.text_size = size;
    }
    s.high_contrast |= args.high_contrast;
    s.reduced_motion |= args.reduced_motion;
    if let Some(theme) = &args.theme {
        s.theme = theme.clone();
    }
    if let Some(lang) = &args.lang {
        s.language = Some(lang.clone());
    }
    settings
}

/// The screen and window to open with: a table given on the command line (or a screenshot
/// run) sits down at once; otherwise the game opens at the menu.
fn first_screen(app: &mut App, args: &Args, online: bool, remembered: bool) {
    let table_given = args.seats.is_some();
    let at_menu = matches!(
        args.open,
        Some(
            Open::Menu
                | Open::Settings
                | Open::Profiles
                | Open::Leaderboard
                | Open::Online
                | Open::PastGames
        )
    ) || online
        || args.review.is_some()
        || (!table_given && remembered && args.open.is_none());
    app.insert_state(if at_menu {
        Screen::Menu
    } else {
        Screen::Playing
    })
    .insert_state(match args.open {
        _ if online => Overlay::Online,
        Some(Open::Online) => Overlay::Online,
        Some(Open::Setup) => Overlay::Setup,
        Some(Open::Rules) => Overlay::Rules,
        Some(Open::Settings) => Overlay::Settings,
        Some(Open::Profiles) => Overlay::Profiles,
        Some(Open::Leaderboard) => Overlay::Leaderboard,
        Some(Open::PastGames) => Overlay::PastGames,
        _ => Overlay::None,
    });
    if args.open == Some(Open::Pause) {
        app.insert_state(Pause::Paused);
    }
    if args.open == Some(Open::Dice) {
        app.insert_resource(crate::ui::hud::DiceUnfolded);
    }
}

/// `--past-games DIR`: the game files in DIR, oldest first by name, kept as played at the
/// first seat here.
#[cfg(not(target_arch = "wasm32"))]
fn past_games_in(dir: &std::path::Path) -> Result<crate::files::past_games::PastGames, String> {
    let read = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut paths: Vec<_> = read
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    let mut past = crate::files::past_games::PastGames::default();
    for path in paths {
        let file = crate::files::reviews::read_game_file(&path)?;
        past.keep(file, vec![0])
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(past)
}

/// The finished game `--review` names: a file on the desktop; in the browser the game its
/// server put in the page (`/g/ID`).
fn read_review(path: &std::path::Path) -> Result<ludo_proto::GameFile, String> {
    #[cfg(not(target_arch = "wasm32"))]
    return crate::files::reviews::read_game_file(path);
    #[cfg(target_arch = "wasm32")]
    return web::game_in_page(&path.display().to_string());
}

/// `--strip` or `--screenshot`: the tools that look at the game and exit.
#[cfg(feature = "dev")]
fn dev_tools(app: &mut App, args: &Args, online: bool, launched: LaunchedAt) {
    if let Some(kind) = args.strip {
        crate::dev::strip::plugin(app, kind, args.screenshot.clone());
    } else if let Some(path) = args.screenshot.clone() {
        let shot = ScreenshotAndExit {
            path,
            after_frames: args.frames,
            draw_last: args.draw_last,
            when_over: args.when_over,
            after_capture: args.after_capture,
            when_playing: online && !args.in_lobby,
            in_lobby: online && args.in_lobby,
            in_review: args.review.is_some() && !args.try_again,
            past_analysed: args.past_games.is_some(),
            wait_for_assets: std::time::Duration::from_secs(args.wait),
        };
        app.insert_resource(shot)
            .insert_resource(launched)
            .add_plugins(crate::dev::screenshot::plugin);
        if args.away {
            app.add_systems(
                Update,
                crate::dev::screenshot::away_from_the_start.run_if(run_once),
            );
        }
        if args.try_again {
            app.add_systems(Update, crate::dev::screenshot::try_again_once_analysed);
        }
        if args.hint {
            app.add_systems(Update, crate::dev::screenshot::ask_for_hints);
        }
    }
}
