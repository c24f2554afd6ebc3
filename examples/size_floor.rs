//! The smallest program on the game's stack — Bevy with the features the game builds with,
//! bevy_egui and bevy_kira_audio: a window, a sprite, an egui button and a sound. Built for the
//! browser by `make web-floor` (`scripts/build-web.sh floor`), it measures the download size
//! below which the game cannot go whatever its own code does.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass, egui};
use bevy_kira_audio::prelude::*;

fn main() {
    App::new()
        .add_plugins((DefaultPlugins, EguiPlugin::default(), AudioPlugin))
        .add_systems(Startup, setup)
        .add_systems(EguiPrimaryContextPass, ui)
        .run();
}

fn setup(mut commands: Commands, assets: Res<AssetServer>, audio: Res<Audio>) {
    commands.spawn(Camera2d);
    commands.spawn(Sprite::from_color(Color::WHITE, Vec2::splat(40.0)));
    audio.play(assets.load("sounds/roll.wav"));
}

fn ui(mut contexts: EguiContexts) -> Result {
    egui::Window::new("Ludo").show(contexts.ctx_mut()?, |ui| {
        if ui.button("Roll").clicked() {
            info!("rolled");
        }
    });
    Ok(())
}
