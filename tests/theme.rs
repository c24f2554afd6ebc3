//! Themes through the real `AssetServer`: the shipped themes load whole, each kind of broken
//! theme is reported with its file, line and column while the game keeps its last good look,
//! a theme of one field keeps every other default, and (desktop) a theme file saved while
//! the game runs recolours the board's entities.

mod common;

use std::path::{Path, PathBuf};
use std::time::Instant;

use bevy::asset::AssetPlugin;
use bevy::prelude::*;
use ludo::testing::BoardSquare;
use ludo::testing::Settings;
use ludo::testing::TableConfig;
use ludo::testing::{ActiveTheme, Look, ThemeFile, ThemeProblem};
use ludo_core::SquareKind;

fn repo_assets() -> PathBuf {
    ludo::testing::manifest_dir().join("assets")
}

/// A headless game at the table whose assets come from `root`, drawing its board, with the
/// file watcher on.
fn app_with_assets(root: &Path) -> App {
    let root = root.to_path_buf();
    let mut app = common::headless_app(TableConfig::default(), move |app| {
        app.add_plugins(AssetPlugin {
            file_path: root.to_string_lossy().into_owned(),
            watch_for_changes_override: Some(true),
            meta_check: bevy::asset::AssetMetaCheck::Never,
            ..default()
        })
        .init_asset::<Mesh>()
        .init_asset::<ColorMaterial>()
        .init_asset::<Image>()
        .init_asset::<bevy_kira_audio::AudioSource>();
    });
    app.add_plugins((
        ludo::testing::theme_plugin,
        ludo::testing::board_squares_plugin,
    ));
    ludo::testing::frame_order(&mut app);
    app
}

fn choose(app: &mut App, folder: &str) {
    app.world_mut().resource_mut::<Settings>().theme = folder.into();
}

fn active(app: &App) -> &ActiveTheme {
    app.world().resource::<ActiveTheme>()
}

fn problem(app: &App) -> Option<String> {
    app.world().resource::<ThemeProblem>().0.clone()
}

/// The colour of a plain track square (not a start, not a star) as drawn.
fn track_colour(app: &mut App) -> Color {
    let world = app.world_mut();
    let mut squares = world.query::<(&BoardSquare, &MeshMaterial2d<ColorMaterial>)>();
    let handle = squares
        .iter(world)
        .find_map(|(square, material)| match square.0 {
            SquareKind::Track {
                start: None,
                star: false,
                ..
            } => Some(material.0.clone()),
            _ => None,
        })
        .expect("a plain track square");
    world
        .resource::<Assets<ColorMaterial>>()
        .get(&handle)
        .expect("its material")
        .color
}

/// A scratch asset folder with the built-in sounds (every theme's default) and the given
/// theme folders, each a `theme.ron` text.
fn scratch_assets(name: &str, themes: &[(&str, &str)]) -> common::Scratch {
    let root = common::scratch(name);
    let sounds = root.join("sounds");
    std::fs::create_dir_all(&sounds).unwrap();
    for entry in std::fs::read_dir(repo_assets().join("sounds")).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), sounds.join(entry.file_name())).unwrap();
    }
    for (folder, text) in themes {
        write_theme(&root, folder, text);
    }
    root
}

fn write_theme(root: &Path, folder: &str, text: &str) {
    let dir = root.join("themes").join(folder);
    std::fs::create_dir_all(&dir).unwrap();
    // A new file renamed over the old, as editors save: one change for the watcher.
    let tmp = dir.join("theme.ron.tmp");
    std::fs::write(&tmp, text).unwrap();
    std::fs::rename(&tmp, dir.join("theme.ron")).unwrap();
}

#[test]
fn both_shipped_themes_load_whole() {
    let mut app = app_with_assets(&repo_assets());
    for (folder, name) in [("night", "Night"), ("classic", "Classic")] {
        choose(&mut app, folder);
        assert!(
            common::update_until(&mut app, 10.0, |w| w.resource::<ActiveTheme>().folder
                == folder),
            "{folder} did not load: {:?}",
            problem(&app)
        );
        let theme = active(&app);
        assert_eq!(theme.name, name);
        assert_eq!(theme.sounds.len(), 11);
        // The night theme keeps the classic theme's music (the default of every theme).
        assert_eq!(theme.music.as_deref(), Some("sounds/music.ogg"));
        assert_eq!(problem(&app), None);
        // Both themes' pawns stand: their pictures are 1.25 times as high as wide.
        assert_eq!(theme.art.piece_height, Some(1.25), "{folder}");
        if folder == "night" {
            assert!(theme.art.piece.is_some());
            assert_eq!(theme.art.die_faces.len(), 6);
            assert!(theme.art.backdrop.is_some() && theme.art.goal.is_some());
            assert!(theme.font.as_ref().is_some_and(|f| f.len() > 10_000));
        }
    }
    // The classic theme file is the built-in look, colour for colour, but for the pieces'
    // width: its pawns stand as wide as a square; the built-in pieces are flat discs.
    let text = std::fs::read_to_string(repo_assets().join("themes/classic/theme.ron")).unwrap();
    let classic = ludo::testing::parse_theme(&text).unwrap();
    let mut built_in = Look::default();
    built_in.style.piece_size = 0.96;
    assert_eq!(Look::of(&classic), built_in);
    assert_eq!(classic.sounds, ThemeFile::default().sounds);
    // And the board is drawn with it.
    assert_eq!(track_colour(&mut app), active(&app).look.track);
}

#[test]
fn a_theme_of_one_field_keeps_every_other_default() {
    let root = scratch_assets("one-field", &[("teal", "(board: (track: \"#008080\"))")]);
    let mut app = app_with_assets(&root);
    choose(&mut app, "teal");
    assert!(common::update_until(&mut app, 10.0, |w| {
        w.resource::<ActiveTheme>().folder == "teal"
    }));
    let look = &active(&app).look;
    assert_eq!(look.track, Color::srgb_u8(0, 128, 128));
    let classic = Look::default();
    assert_eq!(look.safe, classic.safe);
    assert_eq!(look.animation, classic.animation);
    assert_eq!(look.style, classic.style);
    assert!(common::update_until(&mut app, 2.0, |_| true));
    assert_eq!(track_colour(&mut app), Color::srgb_u8(0, 128, 128));
}

/// A theme names its music (fetched when it may play, not with the theme), or none.
#[test]
fn a_theme_names_its_music_or_none() {
    let root = scratch_assets(
        "music",
        &[
            ("tune", "(music: \"tune.ogg\")"),
            ("quiet", "(music: None)"),
        ],
    );
    let mut app = app_with_assets(&root);
    for (folder, music) in [("tune", Some("themes/tune/tune.ogg")), ("quiet", None)] {
        choose(&mut app, folder);
        assert!(common::update_until(&mut app, 10.0, |w| {
            w.resource::<ActiveTheme>().folder == folder
        }));
        assert_eq!(active(&app).music.as_deref(), music, "{folder}");
        assert_eq!(problem(&app), None);
    }
}

#[test]
fn each_kind_of_broken_theme_is_reported_where_it_is_and_the_last_good_one_stays() {
    let broken = [
        // Brackets left open: the file ends at the end of line 2.
        (
            "syntax",
            "(\n  board: (track: \"#000000\",\n",
            "2:",
            "Unexpected end",
        ),
        (
            "unknown-field",
            "(\n  board: (\n    trak: \"#000000\",\n  ),\n)",
            "3:",
            "trak",
        ),
        (
            "wrong-type",
            "(\n  style: (\n    piece_size: \"big\",\n  ),\n)",
            "3:",
            "piece_size",
        ),
        (
            "not-a-colour",
            "(\n  board: (track: \"teal\"),\n)",
            "2:",
            "#1e90ff",
        ),
        (
            "missing-sprite",
            "(\n  sprites: (\n    piece: \"sprites/bead.png\",\n  ),\n)",
            "3:12",
            "file not found: assets/themes/missing-sprite/sprites/bead.png",
        ),
        (
            "missing-sound",
            "(\n  sounds: (\n    roll: \"dice.ogg\",\n  ),\n)",
            "3:11",
            "sound roll: file not found",
        ),
        (
            "wrong-kind",
            "(\n  sprites: (piece: \"/sounds/roll.wav\"),\n)",
            "2:20",
            "is not a PNG picture",
        ),
        (
            "out-of-range",
            "(\n  animation: (\n    hop_secs: 30.0,\n  ),\n)",
            "3:5",
            "hop_secs from 0.02 to 1",
        ),
        (
            "music-not-audio",
            "(\n  music: \"tune.mp3\",\n)",
            "2:3",
            "music: an Ogg Vorbis (.ogg) or WAV (.wav) file, or None, got \"tune.mp3\"",
        ),
        ("music-wrong-type", "(\n  music: 12,\n)", "2:", "music"),
        (
            "five-faces",
            "(\n  sprites: (die_faces: [\"a.png\", \"b.png\", \"c.png\", \"d.png\", \"e.png\"]),\n)",
            "2:13",
            "six pictures",
        ),
    ];
    let mut themes: Vec<(&str, &str)> = broken.iter().map(|b| (b.0, b.1)).collect();
    themes.push(("good", "(board: (track: \"#123456\"))"));
    let root = scratch_assets("broken", &themes);
    let mut app = app_with_assets(&root);
    choose(&mut app, "good");
    assert!(common::update_until(&mut app, 10.0, |w| {
        w.resource::<ActiveTheme>().folder == "good"
    }));
    for (folder, _, at, expected) in broken {
        choose(&mut app, folder);
        assert!(
            common::update_until(&mut app, 10.0, |w| w.resource::<ThemeProblem>().0.is_some()),
            "{folder}: no problem reported"
        );
        let text = problem(&app).unwrap();
        eprintln!("{text}");
        let file = format!("assets/themes/{folder}/theme.ron:{at}");
        assert!(
            text.starts_with(&file),
            "{folder}: {text:?} should start {file:?}"
        );
        assert!(
            text.contains(expected),
            "{folder}: {text:?} should say {expected:?}"
        );
        assert!(text.contains("keeps the theme \"Classic\""), "{text}");
        // Nothing changed on the table.
        assert_eq!(active(&app).folder, "good", "{folder}");
        assert_eq!(track_colour(&mut app), Color::srgb_u8(0x12, 0x34, 0x56));
        app.world_mut().resource_mut::<ThemeProblem>().0 = None;
    }
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
fn saving_the_theme_file_while_the_game_runs_recolours_the_board() {
    let root = scratch_assets("hot", &[("live", "(board: (track: \"#102030\"))")]);
    let mut app = app_with_assets(&root);
    choose(&mut app, "live");
    assert!(common::update_until(&mut app, 10.0, |w| {
        w.resource::<ActiveTheme>().folder == "live"
    }));
    assert!(common::update_until(&mut app, 2.0, |_| true));
    assert_eq!(track_colour(&mut app), Color::srgb_u8(0x10, 0x20, 0x30));

    // The modder saves a new colour: within a few seconds (the watcher waits for writes to
    // settle) the board's squares have it, with no restart.
    let saved = Instant::now();
    write_theme(&root, "live", "(board: (track: \"#a0b0c0\"))");
    let changed = common::update_until(&mut app, 10.0, |w| {
        w.resource::<ActiveTheme>().look.track == Color::srgb_u8(0xa0, 0xb0, 0xc0)
    });
    assert!(changed, "the saved colour never arrived");
    app.update();
    app.update();
    assert_eq!(track_colour(&mut app), Color::srgb_u8(0xa0, 0xb0, 0xc0));
    eprintln!("theme reload reached the board in {:?}", saved.elapsed());

    // A broken save is reported and the board keeps the last good colour.
    write_theme(&root, "live", "(board: (track: \"#a0b0c0\"");
    assert!(common::update_until(&mut app, 10.0, |w| {
        w.resource::<ThemeProblem>().0.is_some()
    }));
    assert!(
        problem(&app)
            .unwrap()
            .starts_with("assets/themes/live/theme.ron:1:")
    );
    assert_eq!(track_colour(&mut app), Color::srgb_u8(0xa0, 0xb0, 0xc0));

    // Mended, it is taken again and the problem goes.
    write_theme(&root, "live", "(board: (track: \"#405060\"))");
    assert!(common::update_until(&mut app, 10.0, |w| {
        w.resource::<ActiveTheme>().look.track == Color::srgb_u8(0x40, 0x50, 0x60)
    }));
    assert_eq!(problem(&app), None);
}

#[test]
fn the_browser_lists_the_shipped_themes() {
    // Desktop lists the folder; the browser (which cannot) lists `SHIPPED`: the same.
    assert_eq!(
        ludo::testing::available_themes(None),
        ludo::testing::SHIPPED_THEMES.map(String::from).to_vec()
    );
}

/// WCAG's contrast ratio of two colours (1 to 21).
fn contrast(a: bevy_egui::egui::Color32, b: bevy_egui::egui::Color32) -> f32 {
    let luminance = |c: bevy_egui::egui::Color32| {
        let lin = |v: u8| {
            let v = v as f32 / 255.0;
            if v <= 0.04045 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(c.r()) + 0.7152 * lin(c.g()) + 0.0722 * lin(c.b())
    };
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

/// The windows' text on their panels, in each shipped theme's skin: at least 4.5:1 (WCAG AA)
/// in the usual look, 7:1 (AAA) under high contrast; each shipped theme's "your turn" banner
/// (large text, its seat's ink on its colour) at least 3:1, and the night theme's at 4.5:1.
#[test]
fn text_contrast() {
    use bevy_egui::egui::Color32;
    for theme in ["classic", "night"] {
        let path = repo_assets().join(format!("themes/{theme}/theme.ron"));
        let file = ludo::testing::parse_theme(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let skin = Look::of(&file).ui;
        let egui = ludo::testing::egui_colour;
        for (high, least) in [(false, 4.5), (true, 7.0)] {
            let v = ludo::testing::visuals(&skin, high);
            let mut pairs: Vec<(&str, Color32, Color32)> = vec![
                ("text on a panel", v.text_color(), v.panel_fill),
                ("text in a window", v.text_color(), v.window_fill),
                ("weak text on a panel", v.weak_text_color(), v.panel_fill),
                (
                    "a button's word",
                    v.widgets.inactive.text_color(),
                    v.widgets.inactive.weak_bg_fill,
                ),
                (
                    "a button's word under the pointer",
                    v.widgets.hovered.text_color(),
                    v.widgets.hovered.weak_bg_fill,
                ),
                (
                    "a pressed button's word",
                    v.widgets.active.text_color(),
                    v.widgets.active.weak_bg_fill,
                ),
                ("strong text", v.strong_text_color(), v.panel_fill),
            ];
            if !high {
                pairs.push((
                    "a main button's word",
                    egui(skin.primary_text),
                    egui(skin.primary),
                ));
                pairs.push(("a warning", egui(skin.warning), egui(skin.panel)));
            }
            for (what, fg, bg) in pairs {
                let ratio = contrast(fg, bg);
                println!("{theme}, high contrast {high}: {what} {ratio:.2}:1");
                assert!(
                    ratio >= least,
                    "{theme}, high contrast {high}: {what} is {ratio:.2}:1, under {least}:1"
                );
            }
        }
    }
    for (theme, least) in [("classic", 3.0), ("night", 4.5)] {
        let path = repo_assets().join(format!("themes/{theme}/theme.ron"));
        let file = ludo::testing::parse_theme(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let look = Look::of(&file);
        for colour in ludo_core::Colour::ALL {
            let seat = look.seat(colour);
            let egui = ludo::testing::egui_colour;
            let ratio = contrast(egui(seat.ink), egui(seat.strong));
            println!("{theme}: {colour:?}'s ink on its colour {ratio:.2}:1");
            assert!(
                ratio >= least,
                "{theme}: {colour:?}'s ink on its colour is {ratio:.2}:1, under {least}:1"
            );
        }
    }
}
