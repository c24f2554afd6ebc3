//! The bar of icon buttons by the board — pause menu, sound on or off, rules, the log — and
//! at an online table the room's code (a tap copies the invite link); and the log's drawer.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui;

use super::Log;
use crate::board::camera::Stage;
use crate::i18n::Texts;
use crate::i18n::ui::paragraph_rich;
use crate::online::Online;
use crate::table::Table;
use crate::table::flow::Decider;
use crate::table::hint::{Hint, HintRequested, may_hint};
use crate::table::profiles::Profiles;
use crate::table::screen::Pause;
use crate::table::settings::Settings;
use crate::ui::overlay::Overlay;
use crate::ui::widgets::{Icon, Taps, icon_button};
use ludo_proto::display_code;

/// Whether the log's drawer is open.
#[derive(Resource, Default)]
pub struct LogDrawer(pub bool);

/// The hint's button: shown at a person's move when a hint may be asked and none holds.
#[derive(SystemParam)]
pub(super) struct HintButton<'w> {
    table: Res<'w, Table>,
    decider: Res<'w, Decider>,
    profiles: Res<'w, Profiles>,
    hint: Res<'w, Hint>,
    asked: MessageWriter<'w, HintRequested>,
}

impl HintButton<'_> {
    fn wanted(&self) -> bool {
        let steps = self.table.record.steps.len();
        may_hint(&self.table, *self.decider, &self.profiles)
            && self.hint.shown.is_none_or(|given| given.step != steps)
    }
}

pub(super) fn bar(
    mut contexts: EguiContexts,
    stage: Res<Stage>,
    texts: Res<Texts>,
    mut settings: ResMut<Settings>,
    (mut drawer, mut reactions): (ResMut<LogDrawer>, ResMut<super::reactions::Reactions>),
    (mut next_pause, mut next_overlay): (ResMut<NextState<Pause>>, ResMut<NextState<Overlay>>),
    online: Option<Res<Online>>,
    mut taps: Taps,
    mut hint: HintButton,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let zoom = ctx.zoom_factor();
    let rect = crate::ui::widgets::points(stage.bar, zoom);
    // 44 logical pixels, a finger's, whatever egui's zoom.
    let side = 44.0 / zoom;
    egui::Area::new(egui::Id::new("bar"))
        .order(egui::Order::Background)
        .fixed_pos(rect.min)
        .show(&ctx, |ui| {
            ui.set_max_width(rect.width());
            ui.horizontal_wrapped(|ui| {
                let pause = icon_button(ui, Icon::Menu, texts.get("hud-pause-touch"), side);
                taps.say("pause", &pause);
                if pause.clicked() {
                    next_pause.set(Pause::Paused);
                }
                let muted = settings.muted;
                let sound =
                    icon_button(ui, Icon::Sound { muted }, texts.get("settings-mute"), side);
                if sound.clicked() {
                    settings.muted = !muted;
                }
                if icon_button(ui, Icon::Rules, texts.get("hud-rules"), side).clicked() {
                    next_overlay.set(Overlay::Rules);
                }
                if icon_button(ui, Icon::Log, texts.get("hud-log"), side).clicked() {
                    drawer.0 = !drawer.0;
                }
                if hint.wanted() {
                    let button = icon_button(ui, Icon::Hint, texts.get("hud-hint"), side);
                    taps.say("hint", &button);
                    if button.clicked() {
                        hint.asked.write(HintRequested);
                    }
                }
                if online.as_ref().is_some_and(|o| o.may_react()) {
                    let react = icon_button(ui, Icon::React, texts.get("hud-react"), side);
                    taps.say("react", &react);
                    if react.clicked() {
                        reactions.picker = !reactions.picker;
                    }
                }
                if let Some(online) = &online
                    && let Some(code) = &online.code
                {
                    let button = egui::Button::new(
                        egui::RichText::new(display_code(code)).monospace().strong(),
                    )
                    .min_size(egui::vec2(side, side));
                    let response = ui.add(button).on_hover_text(texts.get("online-copy"));
                    if response.clicked()
                        && let Some(path) = &online.link
                    {
                        ctx.copy_text(crate::ui::online::invite_url(&online.server, path));
                    }
                }
            });
        });
    Ok(())
}

/// The log, newest first, in a drawer the bar opens and closes.
pub(super) fn log_drawer(
    mut contexts: EguiContexts,
    mut drawer: ResMut<LogDrawer>,
    log: Res<Log>,
    table: Res<Table>,
    texts: Res<Texts>,
) -> Result {
    if !drawer.0 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    egui::Window::new(texts.get("hud-log"))
        .id(crate::ui::widgets::window_id(ctx, "log_drawer"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .max_width(crate::ui::widgets::max_window_width(ctx).min(420.0))
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            crate::ui::widgets::scroll_if_short(ui, |ui| {
                for (i, line) in log.0.iter().enumerate() {
                    paragraph_rich(ui, &texts, line.text(&texts, &table), |t| {
                        let t = egui::RichText::new(t);
                        if i == 0 { t.strong() } else { t.weak() }
                    });
                }
            });
        });
    drawer.0 = open;
    Ok(())
}
