//! The main menu: Continue, New table, Rules, Profiles, Settings, Quit.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::files::online::OnlineMemory;
use crate::i18n::Texts;
use crate::online::{Online, OnlineRequest};
use crate::table::Table;
use crate::table::screen::{Overlay, Screen};
use ludo_proto::display_code;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Menu),
        |mut hud: ResMut<crate::board::camera::HudArea>| {
            // The menu has no HUD: windows centre on the whole window.
            *hud = default();
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
    online: Option<Res<Online>>,
    memory: Res<OnlineMemory>,
    mut requests: MessageWriter<OnlineRequest>,
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
                let mut big = |ui: &mut egui::Ui, text: &str| {
                    let response = ui.add_enabled(
                        free,
                        egui::Button::new(egui::RichText::new(texts.show(text)).size(20.0))
                            .min_size(size),
                    );
                    if std::mem::take(&mut first) && free {
                        crate::ui::widgets::focus_first(&response, text);
                    }
                    response.clicked()
                };
                if table.can_continue() && big(ui, &texts.get("menu-continue")) {
                    next.set(Screen::Playing);
                }
                // An online table this device sits at: back to it (or, after a restart, to
                // the seat its ticket keeps).
                let back_online = match (&online, memory.last_ticket()) {
                    (Some(o), _) if o.room.as_ref().is_some_and(|r| r.game.is_some()) => {
                        o.code.clone().map(|c| (c, None))
                    }
                    (None, Some(t)) => Some((t.code.clone(), Some(t.clone()))),
                    _ => None,
                };
                if let Some((code, ticket)) = back_online {
                    let text =
                        texts.fmt("menu-back-online", &[("code", display_code(&code).into())]);
                    if big(ui, &text) {
                        match ticket {
                            None => next.set(Screen::Playing),
                            Some(t) => {
                                requests.write(OnlineRequest::Join {
                                    server: t.server,
                                    name: memory.name.clone(),
                                    code: t.code,
                                });
                                next_overlay.set(Overlay::Online);
                            }
                        }
                    }
                }
                if big(ui, &texts.get("menu-new-table")) {
                    next_overlay.set(Overlay::Setup);
                }
                if big(ui, &texts.get("menu-online")) {
                    next_overlay.set(Overlay::Online);
                }
                if big(ui, &texts.get("menu-rules")) {
                    next_overlay.set(Overlay::Rules);
                }
                if big(ui, &texts.get("menu-profiles")) {
                    next_overlay.set(Overlay::Profiles);
                }
                if big(ui, &texts.get("menu-settings")) {
                    next_overlay.set(Overlay::Settings);
                }
                #[cfg(not(target_arch = "wasm32"))]
                if big(ui, &texts.get("menu-quit")) {
                    exit.write(AppExit::Success);
                }
                #[cfg(target_arch = "wasm32")]
                let _ = &mut exit;
            });
        },
    );
    Ok(())
}
