//! The main menu: Continue, back to an online table, New table, Play online, Past games,
//! Rules, Profiles, Settings, Quit.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::files::online::{OnlineMemory, SeatTicket};
use crate::i18n::{Texts, Words};
use crate::online::{Online, OnlineRequest};
use crate::table::Table;
use crate::table::screen::Screen;
use crate::ui::overlay::Overlay;
use crate::ui::widgets::{Palette, Taps};
use ludo_proto::display_code;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        main_menu.run_if(in_state(Screen::Menu)),
    );
}

/// What the menu shows.
#[derive(SystemParam)]
struct Shown<'w> {
    table: Res<'w, Table>,
    notice: Res<'w, crate::files::saved::Notice>,
    overlay: Res<'w, State<Overlay>>,
    texts: Res<'w, Texts>,
    online: Option<Res<'w, Online>>,
    memory: Res<'w, OnlineMemory>,
    theme: Res<'w, crate::theme::ActiveTheme>,
}

/// Where the menu's buttons go.
#[derive(SystemParam)]
struct Asked<'w, 's> {
    next_overlay: ResMut<'w, NextState<Overlay>>,
    next: ResMut<'w, NextState<Screen>>,
    requests: MessageWriter<'w, OnlineRequest>,
    exit: MessageWriter<'w, AppExit>,
    taps: Taps<'w, 's>,
}

fn main_menu(mut contexts: EguiContexts, shown: Shown, mut asked: Asked) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (texts, look) = (&*shown.texts, &shown.theme.look);
    let palette = Palette::of(&look.ui);
    crate::ui::widgets::paint_backdrop(ctx, look);
    let root = egui::UiBuilder::new()
        .layer_id(egui::LayerId::background())
        .max_rect(ctx.viewport_rect());
    egui::CentralPanel::default().frame(egui::Frame::NONE).show(
        &mut egui::Ui::new(ctx.clone(), "menu_root".into(), root),
        |ui| {
            ui.vertical_centered(|ui| {
                let short = ui.available_height() < 560.0;
                ui.add_space(ui.available_height() * if short { 0.03 } else { 0.06 });
                crate::ui::widgets::emblem(ui, look, if short { 56.0 } else { 96.0 });
                let title = egui::RichText::new("Ludo").size(palette.text_size * 3.6);
                ui.label(title.strong());
                ui.label(texts.get("menu-tagline").rich().weak());
                if let Some(n) = &texts.notice(&shown.notice) {
                    ui.add_space(8.0);
                    ui.label(n.rich().color(palette.warning));
                }
                ui.add_space(if short { 8.0 } else { 20.0 });
                // A short window (a phone held sideways) scrolls the buttons: every one stays
                // within reach.
                egui::ScrollArea::vertical().show(ui, |ui| {
                    ui.vertical_centered(|ui| buttons(ui, &shown, &mut asked, &palette));
                });
            });
        },
    );
    Ok(())
}

/// The menu's large buttons, the first of them the main one (Continue when a game waits),
/// answering the keyboard while no window is over them.
struct Big<'a> {
    palette: &'a Palette,
    free: bool,
    first: bool,
    /// The windows after the ways to play: smaller, so that the whole menu fits a window
    /// 720 pixels high (and a finger's 44 upright).
    small: bool,
}

impl Big<'_> {
    fn add(&mut self, ui: &mut egui::Ui, text: &Words) -> egui::Response {
        let (height, scale) = if self.small {
            (ui.spacing().interact_size.y.max(36.0), 1.1)
        } else {
            (48.0, 1.3)
        };
        let size = egui::vec2(260.0, height);
        let main = std::mem::take(&mut self.first);
        let words = text.rich().size(self.palette.text_size * scale);
        let button = if main {
            let words = words.strong().color(self.palette.primary_text);
            egui::Button::new(words).fill(self.palette.primary)
        } else {
            egui::Button::new(words)
        };
        let response = ui.add_enabled(self.free, button.min_size(size));
        if main && self.free {
            crate::ui::widgets::focus_first(&response, text);
        }
        response
    }
}

fn buttons(ui: &mut egui::Ui, shown: &Shown, asked: &mut Asked, palette: &Palette) {
    let texts = &*shown.texts;
    let mut big = Big {
        palette,
        free: *shown.overlay.get() == Overlay::None,
        first: true,
        small: false,
    };
    if shown.table.can_continue() && big.add(ui, &texts.get("menu-continue")).clicked() {
        asked.next.set(Screen::Playing);
    }
    if let Some((code, ticket)) = back_online(shown) {
        let text = texts.fmt("menu-back-online", &[("code", display_code(&code).into())]);
        if big.add(ui, &text).clicked() {
            match ticket {
                None => asked.next.set(Screen::Playing),
                Some(t) => {
                    asked.requests.write(OnlineRequest::Join {
                        server: t.server,
                        name: shown.memory.name.clone(),
                        code: t.code,
                    });
                    asked.next_overlay.set(Overlay::Online);
                }
            }
        }
    }
    let new_table = big.add(ui, &texts.get("menu-new-table"));
    // Where a click would go (the browser tests click there).
    asked.taps.say("new-table", &new_table);
    if new_table.clicked() {
        asked.next_overlay.set(Overlay::Setup);
    }
    // One tap to play with anyone: a table of four, the nearest ratings first.
    if big.add(ui, &texts.get("menu-quick-play")).clicked() {
        asked.requests.write(OnlineRequest::QuickPlay {
            server: crate::ui::online_default_server(&shown.memory),
            name: shown.memory.name.clone(),
            seats: 4,
        });
        asked.next_overlay.set(Overlay::Online);
    }
    if big.add(ui, &texts.get("menu-online")).clicked() {
        asked.next_overlay.set(Overlay::Online);
    }
    big.small = true;
    let windows = [
        ("menu-past-games", Overlay::PastGames),
        ("menu-leaderboard", Overlay::Leaderboard),
        ("menu-rules", Overlay::Rules),
        ("menu-profiles", Overlay::Profiles),
        ("menu-settings", Overlay::Settings),
    ];
    for (key, window) in windows {
        if big.add(ui, &texts.get(key)).clicked() {
            asked.next_overlay.set(window);
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    if big.add(ui, &texts.get("menu-quit")).clicked() {
        asked.exit.write(AppExit::Success);
    }
    #[cfg(target_arch = "wasm32")]
    let _ = &mut asked.exit;
}

/// An online table this device sits at: back to it (or, after a restart, to the seat its
/// ticket keeps).
fn back_online(shown: &Shown) -> Option<(String, Option<SeatTicket>)> {
    match (&shown.online, shown.memory.last_ticket()) {
        (Some(o), _) if o.room.as_ref().is_some_and(|r| r.game.is_some()) => {
            o.code.clone().map(|c| (c, None))
        }
        (None, Some(t)) => Some((t.code.clone(), Some(t.clone()))),
        _ => None,
    }
}
