//! Screens as a Bevy state: the main menu, and the table in play. The table's entities live
//! only while playing (built on entering, cleared on leaving); the `Table` resource stays, so
//! "Continue" returns to the same game.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::rule_book::RuleBookOpen;
use crate::settings::Settings;
use crate::setup::SetupDraft;
use crate::table::{Table, TableConfig};

#[derive(States, Default, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Screen {
    /// New table, Continue, Rules, Profiles, Settings, Quit.
    #[default]
    Menu,
    /// The table in play.
    Playing,
}

/// Present while the settings window is open over the menu.
#[derive(Resource, Default)]
pub struct SettingsOpen;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Menu),
        |mut hud: ResMut<crate::camera::HudWidth>| {
            // The menu has no HUD: windows centre on the whole window.
            hud.0 = 0.0;
        },
    )
    .add_systems(
        EguiPrimaryContextPass,
        (main_menu, settings_window).run_if(in_state(Screen::Menu)),
    );
}

/// Whether there is a game worth continuing.
pub fn can_continue(table: &Table) -> bool {
    !table.game.is_over() && !table.record.steps.is_empty()
}

#[allow(clippy::too_many_arguments)]
fn main_menu(
    mut commands: Commands,
    mut contexts: EguiContexts,
    table: Res<Table>,
    config: Res<TableConfig>,
    notice: Res<crate::saved::Notice>,
    setup_open: Option<Res<SetupDraft>>,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::CentralPanel::default().show(
        &mut egui::Ui::new(
            ctx.clone(),
            "menu-root".into(),
            egui::UiBuilder::new()
                .layer_id(egui::LayerId::background())
                .max_rect(ctx.viewport_rect()),
        ),
        |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(ui.available_height() * 0.12);
                ui.label(egui::RichText::new("Ludo").size(56.0).strong());
                ui.label("2 to 4 players · people and CPUs · every house rule");
                if let Some(n) = &notice.0 {
                    ui.add_space(8.0);
                    ui.label(egui::RichText::new(n).color(egui::Color32::from_rgb(240, 170, 60)));
                }
                ui.add_space(24.0);
                let size = egui::vec2(260.0, 44.0);
                let big = |ui: &mut egui::Ui, text: &str, enabled: bool| {
                    ui.add_enabled(
                        enabled,
                        egui::Button::new(egui::RichText::new(text).size(20.0)).min_size(size),
                    )
                    .clicked()
                };
                if can_continue(&table) && big(ui, "Continue", true) {
                    next.set(Screen::Playing);
                }
                if big(ui, "New table", setup_open.is_none()) {
                    commands.insert_resource(SetupDraft::from_config(&config));
                }
                if big(ui, "Rules", true) {
                    commands.init_resource::<RuleBookOpen>();
                }
                if big(ui, "Profiles", true) {
                    commands.init_resource::<crate::profiles::window::ProfilesOpen>();
                }
                if big(ui, "Settings", true) {
                    commands.init_resource::<SettingsOpen>();
                }
                #[cfg(not(target_arch = "wasm32"))]
                if big(ui, "Quit", true) {
                    exit.write(AppExit::Success);
                }
                #[cfg(target_arch = "wasm32")]
                let _ = &mut exit;
            });
        },
    );
    Ok(())
}

fn settings_window(
    mut commands: Commands,
    mut contexts: EguiContexts,
    open: Option<Res<SettingsOpen>>,
    mut settings: ResMut<Settings>,
) -> Result {
    if open.is_none() {
        return Ok(());
    }
    let mut still_open = true;
    egui::Window::new("Settings")
        .open(&mut still_open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(contexts.ctx_mut()?, |ui| {
            crate::hud::settings_ui(ui, &mut settings)
        });
    if !still_open {
        commands.remove_resource::<SettingsOpen>();
    }
    Ok(())
}
