//! The pause menu (Esc): the game's clock stops — no CPU thinks, nothing moves — and the
//! player can resume, leave their seat to the CPU (or take it back), read the rules, change
//! settings, restart, set a new table or quit.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::i18n::Texts;
use crate::play::NewTableRequested;
use crate::screen::Overlay;
use crate::settings::Settings;
use crate::table::{Table, TableConfig};

/// Present while the game is paused.
#[derive(Resource, Default)]
pub struct Paused;

pub fn plugin(app: &mut App) {
    app.add_systems(Update, (escape, sync_clock).chain())
        .add_systems(EguiPrimaryContextPass, pause_menu);
}

/// Esc leaves the open window (profiles, rules, settings, setup) first; with none open, at
/// the table, it pauses or resumes.
fn escape(
    mut commands: Commands,
    keys: Res<ButtonInput<KeyCode>>,
    screen: Res<State<crate::screen::Screen>>,
    overlay: Res<State<Overlay>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    paused: Option<Res<Paused>>,
) {
    if !keys.just_pressed(KeyCode::Escape) {
        return;
    }
    if *overlay.get() != Overlay::None {
        next_overlay.set(Overlay::None);
        return;
    }
    if paused.is_some() {
        commands.remove_resource::<Paused>();
    } else if *screen.get() == crate::screen::Screen::Playing {
        commands.init_resource::<Paused>();
    }
}

/// The game's clock stands still exactly while `Paused` is present.
fn sync_clock(paused: Option<Res<Paused>>, mut time: ResMut<Time<Virtual>>) {
    match (paused.is_some(), time.is_paused()) {
        (true, false) => time.pause(),
        (false, true) => time.unpause(),
        _ => {}
    }
}

#[allow(clippy::too_many_arguments)]
fn pause_menu(
    hud: Res<crate::camera::HudWidth>,
    mut commands: Commands,
    mut contexts: EguiContexts,
    paused: Option<Res<Paused>>,
    overlay: Res<State<Overlay>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    (texts, languages): (Res<Texts>, Res<crate::i18n::Languages>),
    mut settings: ResMut<Settings>,
    config: Res<TableConfig>,
    mut table: ResMut<Table>,
    mut new_table: MessageWriter<NewTableRequested>,
    mut next: ResMut<NextState<crate::screen::Screen>>,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    // A window opened from the pause menu (the rules) is drawn instead of it, and Esc or
    // its close button comes back here.
    if paused.is_none() || *overlay.get() != Overlay::None {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut resume = false;
    egui::Window::new(texts.tr("pause-title"))
        .id(egui::Id::new("paused"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, hud.window_offset())
        .show(ctx, |ui| {
            crate::i18n::ui::column(ui, &texts, |ui| {
                let size = egui::vec2(220.0, 34.0);
                let button = |ui: &mut egui::Ui, text: &str| {
                    ui.add(egui::Button::new(texts.show(text)).min_size(size))
                        .clicked()
                };
                let first = ui.add(egui::Button::new(texts.tr("pause-resume")).min_size(size));
                crate::screen::focus_first(&first);
                if first.clicked() {
                    resume = true;
                }
                // A person who leaves the table keeps their seat: the CPU plays it until they
                // take it back.
                for seat in 0..table.game.seats() {
                    if table.seat_kind(seat).is_cpu() {
                        continue;
                    }
                    let name = texts.player(table.seat_kind(seat));
                    let away = table.autopilot[seat as usize];
                    let key = if away {
                        "pause-take-seat"
                    } else {
                        "pause-leave-seat"
                    };
                    let text = texts.fmt(key, &[("name", name.into())]);
                    if button(ui, &text) {
                        table.autopilot[seat as usize] = !away;
                    }
                }
                if button(ui, &texts.get("pause-rules")) {
                    next_overlay.set(Overlay::Rules);
                }
                if button(ui, &texts.get("pause-restart")) {
                    new_table.write(NewTableRequested(config.clone()));
                    resume = true;
                }
                if button(ui, &texts.get("pause-new-table")) {
                    next_overlay.set(Overlay::Setup);
                    resume = true;
                }
                if button(ui, &texts.get("pause-to-menu")) {
                    next.set(crate::screen::Screen::Menu);
                    resume = true;
                }
                #[cfg(not(target_arch = "wasm32"))]
                if button(ui, &texts.get("pause-quit")) {
                    exit.write(AppExit::Success);
                }
                #[cfg(target_arch = "wasm32")]
                let _ = &mut exit;
                ui.separator();
                crate::hud::settings_ui(ui, &texts, &languages, &mut settings);
            });
        });
    if resume {
        commands.remove_resource::<Paused>();
    }
    Ok(())
}
