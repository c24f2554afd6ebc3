//! Starting the game: the command line (or the page's query), what was remembered from last
//! time, and the app assembled from the plugins.

use bevy::prelude::*;
use bevy::sprite_render::{ColorMaterialPlugin, Mesh2dRenderPlugin, SpriteRenderPlugin};
use bevy_egui::EguiPlugin;
use bevy_kira_audio::AudioPlugin;

use crate::dev::screenshot::{LaunchedAt, ScreenshotAndExit};
use crate::files::online::OnlineMemory;
use crate::files::resume::DataDir;
use crate::files::saved::{ConfigDir, Notice};
use crate::online::OnlineRequest;
use crate::table::TableConfig;
use crate::table::screen::{Overlay, Pause, Screen};
use crate::table::settings::Settings;

mod args;
// Public: only the browser build calls it, and the desktop tests read its query parser.
pub mod web;

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

/// `--join CODE` or `--create SEATS`: the online table to sit at once the app runs.
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
    let mut app = App::new();
    // The assets folder, then the copies built into the game (before `AssetPlugin`).
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
                    resolution: window_size(&args).into(),
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
            // Meshes and their colour materials only: the game draws no sprites, tile maps or
            // sprite meshes, and their plugin prepares a pipeline for every view whether or not
            // it draws one (a GL program the browser compiles before the first menu answers).
            .disable::<SpriteRenderPlugin>(),
    )
    .add_plugins((Mesh2dRenderPlugin, ColorMaterialPlugin))
    .add_plugins((EguiPlugin::default(), AudioPlugin));
    let table_given = args.seats.is_some();
    let screenshot = args.screenshot.clone();
    // What was remembered from last time, unless the command line says otherwise; screenshot
    // and strip runs neither read nor write the player's files.
    let remembered = screenshot.is_none() && args.strip.is_none();
    let config_dir = ConfigDir::user();
    let data_dir = DataDir::user();
    let mut notice = Notice::default();
    let mut table = TableConfig::default();
    // A game left unfinished is offered as Continue (unless a table is given to sit at).
    let mut resumed = None;
    if let (true, Some(dir), false) = (remembered, &data_dir.0, table_given) {
        resumed = or_notice(crate::files::resume::load_game(dir), &mut notice);
    }
    if let (true, Some(dir)) = (remembered, &data_dir.0)
        && let Some(profiles) = or_notice(crate::files::profiles::load_profiles(dir), &mut notice)
    {
        app.insert_resource(profiles);
    }
    let mut memory = OnlineMemory::default();
    if let (true, Some(dir)) = (remembered, &data_dir.0)
        && let Some(m) = or_notice(crate::files::online::load_online(dir), &mut notice)
    {
        memory = m;
    }
    let mut settings = None;
    if let (true, Some(dir)) = (remembered, &config_dir.0) {
        if !table_given
            && let Some(saved) = or_notice(crate::files::saved::load_table(dir), &mut notice)
        {
            table = saved;
        }
        if args.speed.is_none() {
            settings = or_notice(crate::files::saved::load_settings(dir), &mut notice);
        }
    }
    let table = match args.table(table) {
        Ok(table) => table,
        Err(e) => return refuse(&e),
    };
    let online = online_request(&args, &table, &memory);
    app.insert_resource(table).insert_resource(notice);
    if let Some((saved, table)) = resumed {
        crate::files::resume::resume(&mut app, saved, table);
    }
    // Screenshot runs leave the player's remembered table and saved game alone.
    if remembered {
        app.insert_resource(config_dir).insert_resource(data_dir);
    }
    if let Some(speed) = args.speed {
        settings = Some(Settings {
            cpu_speed: speed,
            animation_speed: speed,
            ..default()
        });
    }
    let seeing = args.text_size.is_some() || args.high_contrast || args.reduced_motion;
    if args.theme.is_some() || args.lang.is_some() || settings.is_some() || seeing {
        let mut settings = settings.unwrap_or_default();
        if let Some(size) = args.text_size {
            settings.text_size = size;
        }
        settings.high_contrast |= args.high_contrast;
        settings.reduced_motion |= args.reduced_motion;
        if let Some(theme) = &args.theme {
            settings.theme = theme.clone();
        }
        if let Some(lang) = &args.lang {
            settings.language = Some(lang.clone());
        }
        app.insert_resource(settings);
    }
    app.insert_resource(memory);
    app.add_plugins(crate::plugin);
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(web::plugin);
    // A table given on the command line (or a screenshot run) sits down at once; otherwise
    // the game opens at the menu.
    let at_menu = matches!(
        args.open,
        Some(Open::Menu | Open::Settings | Open::Profiles)
    ) || online.is_some()
        || (!table_given && remembered && args.open.is_none());
    app.insert_state(if at_menu {
        Screen::Menu
    } else {
        Screen::Playing
    })
    .insert_state(match args.open {
        _ if online.is_some() => Overlay::Online,
        Some(Open::Setup) => Overlay::Setup,
        Some(Open::Rules) => Overlay::Rules,
        Some(Open::Settings) => Overlay::Settings,
        Some(Open::Profiles) => Overlay::Profiles,
        _ => Overlay::None,
    });
    if let Some(request) = online.clone() {
        app.add_systems(Startup, move |mut out: MessageWriter<OnlineRequest>| {
            out.write(request.clone());
        });
    }
    if args.print_events {
        app.insert_resource(crate::ui::hud::announce::PrintEvents);
    }
    if args.open == Some(Open::Pause) {
        app.insert_state(Pause::Paused);
    }
    if let Some(kind) = args.strip {
        crate::dev::strip::plugin(&mut app, kind, screenshot);
    } else if let Some(path) = screenshot {
        let shot = ScreenshotAndExit {
            path,
            after_frames: args.frames,
            when_over: args.when_over,
            when_playing: online.is_some() && !args.in_lobby,
            in_lobby: online.is_some() && args.in_lobby,
            wait_for_assets: std::time::Duration::from_secs(args.wait),
        };
        app.insert_resource(shot)
            .insert_resource(launched)
            .add_plugins(crate::dev::screenshot::plugin);
    }
    app.run()
}
