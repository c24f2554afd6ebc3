//! Ludo: the game. For now it opens a titled window with the whole stack (bevy, bevy_egui,
//! bevy_kira_audio) wired in, so that the build, test and CI path is proven from day one.
//!
//! `ludo --screenshot PATH [--frames N]` renders N frames (default 30), saves the window to
//! PATH and exits: how the tests look at what a player sees.

mod dev;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass, egui};
use bevy_kira_audio::AudioPlugin;

fn main() -> AppExit {
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Ludo".into(),
            resolution: (1280, 720).into(),
            ..default()
        }),
        ..default()
    }))
    .add_plugins((EguiPlugin::default(), AudioPlugin))
    .add_systems(Startup, spawn_camera)
    .add_systems(EguiPrimaryContextPass, title_card);
    match dev::screenshot::from_args(std::env::args().skip(1)) {
        Ok(Some(shot)) => {
            app.insert_resource(shot)
                .add_plugins(dev::screenshot::plugin);
        }
        Ok(None) => {}
        Err(msg) => {
            eprintln!("ludo: {msg}");
            return AppExit::from_code(2);
        }
    }
    app.run()
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn(Camera2d);
}

/// Shows which rules the engine starts with, proving the game links the rules crate.
fn title_card(mut contexts: EguiContexts) -> Result {
    let rules = ludo_core::Rules::default();
    egui::CentralPanel::default().show(contexts.ctx_mut()?, |ui| {
        ui.heading("Ludo");
        ui.label(format!(
            "Standard rules: leave base on {:?}, {} squares on the track.",
            rules.exit_numbers.faces(),
            ludo_core::TRACK_LEN
        ));
    });
    Ok(())
}
