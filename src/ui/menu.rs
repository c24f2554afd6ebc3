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
    theme: Res<crate::theme::ActiveTheme>,
    mut said: Local<String>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let palette = crate::ui::widgets::Palette::of(&theme.look.ui);
    crate::ui::widgets::paint_backdrop(ctx, &theme.look);
    egui::CentralPanel::default().frame(egui::Frame::NONE).show(
        &mut egui::Ui::new(
            ctx.clone(),
            "menu_root".into(),
            egui::UiBuilder::new()
                .layer_id(egui::LayerId::background())
                .max_rect(ctx.viewport_rect()),
        ),
        |ui| {
            ui.vertical_centered(|ui| {
                let short = ui.available_height() < 560.0;
                ui.add_space(ui.available_height() * if short { 0.03 } else { 0.06 });
                crate::ui::widgets::emblem(ui, &theme.look, if short { 56.0 } else { 96.0 });
                ui.label(
                    egui::RichText::new("Ludo")
                        .size(palette.text_size * 3.6)
                        .strong(),
                );
                ui.label(egui::RichText::new(texts.tr("menu-tagline")).weak());
                if let Some(n) = &texts.notice(&notice) {
                    ui.add_space(8.0);
                    ui.label(egui::RichText::new(n).color(palette.warning));
                }
                ui.add_space(if short { 8.0 } else { 20.0 });
                // A short window (a phone held sideways) scrolls the buttons: every one stays
                // within reach.
                egui::ScrollArea::vertical().show(ui, |ui| {
                    ui.vertical_centered(|ui| {
                        let size = egui::vec2(260.0, 48.0);
                        // The menu's buttons answer the keyboard while no window is over them.
                        let free = *overlay.get() == Overlay::None;
                        let mut first = true;
                        let mut big = |ui: &mut egui::Ui, text: &str| {
                            // The first button is the main one: Continue when a game waits.
                            let main = std::mem::take(&mut first);
                            let mut words =
                                egui::RichText::new(texts.show(text)).size(palette.text_size * 1.3);
                            let mut button = egui::Button::new(words.clone()).min_size(size);
                            if main {
                                words = words.strong().color(palette.primary_text);
                                button = egui::Button::new(words)
                                    .min_size(size)
                                    .fill(palette.primary);
                            }
                            let response = ui.add_enabled(free, button);
                            if main && free {
                                crate::ui::widgets::focus_first(&response, text);
                            }
                            response
                        };
                        if table.can_continue() && big(ui, &texts.get("menu-continue")).clicked() {
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
                            let text = texts
                                .fmt("menu-back-online", &[("code", display_code(&code).into())]);
                            if big(ui, &text).clicked() {
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
                        let new_table = big(ui, &texts.get("menu-new-table"));
                        // Where a click would go (the browser tests click there).
                        crate::ui::widgets::say_where_to_tap("new-table", &new_table, &mut said);
                        if new_table.clicked() {
                            next_overlay.set(Overlay::Setup);
                        }
                        if big(ui, &texts.get("menu-online")).clicked() {
                            next_overlay.set(Overlay::Online);
                        }
                        if big(ui, &texts.get("menu-past-games")).clicked() {
                            next_overlay.set(Overlay::PastGames);
                        }
                        if big(ui, &texts.get("menu-rules")).clicked() {
                            next_overlay.set(Overlay::Rules);
                        }
                        if big(ui, &texts.get("menu-profiles")).clicked() {
                            next_overlay.set(Overlay::Profiles);
                        }
                        if big(ui, &texts.get("menu-settings")).clicked() {
                            next_overlay.set(Overlay::Settings);
                        }
                        #[cfg(not(target_arch = "wasm32"))]
                        if big(ui, &texts.get("menu-quit")).clicked() {
                            exit.write(AppExit::Success);
                        }
                        #[cfg(target_arch = "wasm32")]
                        let _ = &mut exit;
                    });
                });
            });
        },
    );
    Ok(())
}
