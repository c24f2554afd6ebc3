//! The main menu: Continue, New table, Rules, Profiles, Settings, Quit.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::i18n::Texts;
use crate::table::Table;
use crate::table::screen::{Overlay, Screen};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Menu),
        |mut hud: ResMut<crate::board::camera::HudWidth>| {
            // The menu has no HUD: windows centre on the whole window.
            hud.0 = 0.0;
        },
    )
    .add_systems(
        EguiPrimaryContextPass,
        main_menu.run_if(in_state(Screen::Menu)),
    );
}

fn main_menu(
    mut contexts: EguiContexts,
    table: Res<Table>,
    notice: Res<crate::files::saved::Notice>,
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
                if let Some(n) = &texts.notice(&notice) {
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
                        crate::ui::widgets::focus_first(&response);
                    }
                    response.clicked()
                };
                if table.can_continue() && big(ui, "menu-continue") {
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
