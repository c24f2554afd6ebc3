//! Screens as Bevy states: the main menu, and the table in play (`Screen`), and the window
//! over either of them (`Overlay`: the table setup, the rules, the settings, the profiles).
//! The table's entities live only while playing (built on entering, cleared on leaving); the
//! `Table` resource stays, so "Continue" returns to the same game. Each overlay cleans up
//! what it held when it is left.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::i18n::Texts;
use crate::settings::Settings;
use crate::table::Table;

#[derive(States, Default, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Screen {
    /// New table, Continue, Rules, Profiles, Settings, Quit.
    #[default]
    Menu,
    /// The table in play.
    Playing,
}

/// The window over the screen, at most one at a time. Esc (or its close button) leaves it;
/// leaving cleans up what it held (the setup's draft, the profiles' typed name).
#[derive(States, Default, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Overlay {
    #[default]
    None,
    /// New table: seats, house rules, turn limit.
    Setup,
    /// The rule book.
    Rules,
    /// Settings (from the menu; at the table they are in the HUD and the pause menu).
    Settings,
    /// Profiles and ratings (from the menu).
    Profiles,
}

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
        (
            main_menu.run_if(in_state(Screen::Menu)),
            settings_window.run_if(in_state(Overlay::Settings)),
        ),
    );
}

/// The two states, on the rules side (headless tests drive them too): a window belongs to
/// the screen it was opened over, and closes when that screen is left.
pub fn states(app: &mut App) {
    app.init_state::<Screen>()
        .init_state::<Overlay>()
        .add_systems(OnExit(Screen::Playing), close_overlay)
        .add_systems(OnExit(Screen::Menu), close_overlay);
}

fn close_overlay(mut next: ResMut<NextState<Overlay>>) {
    next.set(Overlay::None);
}

/// Gives the first widget drawn with this `response` the keyboard focus when nothing has it,
/// so the arrow keys and Enter work in a menu as soon as it opens (egui moves focus with
/// Tab and the arrows only from a focused widget).
pub fn focus_first(response: &egui::Response) {
    if response.ctx.memory(|m| m.focused().is_none()) {
        response.request_focus();
    }
}

/// Whether there is a game worth continuing.
pub fn can_continue(table: &Table) -> bool {
    !table.game.is_over() && !table.record.steps.is_empty()
}

#[allow(clippy::too_many_arguments)]
fn main_menu(
    mut contexts: EguiContexts,
    table: Res<Table>,
    notice: Res<crate::saved::Notice>,
    overlay: Res<State<Overlay>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    mut next: ResMut<NextState<Screen>>,
    texts: Res<Texts>,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::CentralPanel::default().show(
        &mut egui::Ui::new(
            ctx.clone(),
            "menu_root".into(),
            egui::UiBuilder::new()
                .layer_id(egui::LayerId::background())
                .max_rect(ctx.viewport_rect()),
        ),
        |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(ui.available_height() * 0.12);
                ui.label(egui::RichText::new("Ludo").size(56.0).strong());
                ui.label(texts.tr("menu-tagline"));
                if let Some(n) = &notice.0 {
                    ui.add_space(8.0);
                    ui.label(egui::RichText::new(n).color(egui::Color32::from_rgb(240, 170, 60)));
                }
                ui.add_space(24.0);
                let size = egui::vec2(260.0, 44.0);
                // The menu's buttons answer the keyboard while no window is over them.
                let free = *overlay.get() == Overlay::None;
                let mut first = true;
                let mut big = |ui: &mut egui::Ui, key: &str| {
                    let response = ui.add_enabled(
                        free,
                        egui::Button::new(egui::RichText::new(texts.tr(key)).size(20.0))
                            .min_size(size),
                    );
                    if std::mem::take(&mut first) && free {
                        focus_first(&response);
                    }
                    response.clicked()
                };
                if can_continue(&table) && big(ui, "menu-continue") {
                    next.set(Screen::Playing);
                }
                if big(ui, "menu-new-table") {
                    next_overlay.set(Overlay::Setup);
                }
                if big(ui, "menu-rules") {
                    next_overlay.set(Overlay::Rules);
                }
                if big(ui, "menu-profiles") {
                    next_overlay.set(Overlay::Profiles);
                }
                if big(ui, "menu-settings") {
                    next_overlay.set(Overlay::Settings);
                }
                #[cfg(not(target_arch = "wasm32"))]
                if big(ui, "menu-quit") {
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
    mut contexts: EguiContexts,
    mut next: ResMut<NextState<Overlay>>,
    mut settings: ResMut<Settings>,
    texts: Res<Texts>,
    languages: Res<crate::i18n::Languages>,
) -> Result {
    let mut still_open = true;
    egui::Window::new(texts.tr("settings-title"))
        .id(egui::Id::new("settings"))
        .open(&mut still_open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(contexts.ctx_mut()?, |ui| {
            crate::hud::settings_ui(ui, &texts, &languages, &mut settings)
        });
    if !still_open {
        next.set(Overlay::None);
    }
    Ok(())
}
