//! The pause menu (Esc): the game's clock stops — no CPU thinks, nothing moves — and the
//! player can resume, leave their seat to the CPU (or take it back), read the rules, change
//! settings, restart, set a new table or quit.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::i18n::Texts;
use crate::table::flow::{AutopilotRequested, Decider, NewTableRequested};
use crate::table::screen::{Overlay, Pause, Screen};
use crate::table::settings::Settings;
use crate::table::{Table, TableConfig};

pub fn plugin(app: &mut App) {
    app.add_systems(Update, escape)
        .add_systems(EguiPrimaryContextPass, pause_menu);
}

/// Esc leaves the open window (profiles, rules, settings, setup) first; with none open, at
/// the table, it pauses or resumes.
fn escape(
    keys: Res<ButtonInput<KeyCode>>,
    screen: Res<State<Screen>>,
    overlay: Res<State<Overlay>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    pause: Res<State<Pause>>,
    mut next_pause: ResMut<NextState<Pause>>,
) {
    if !keys.just_pressed(KeyCode::Escape) {
        return;
    }
    if *overlay.get() != Overlay::None {
        next_overlay.set(Overlay::None);
        return;
    }
    if *pause.get() == Pause::Paused {
        next_pause.set(Pause::Running);
    } else if *screen.get() == Screen::Playing {
        next_pause.set(Pause::Paused);
    }
}

fn pause_menu(
    mut contexts: EguiContexts,
    pause: Res<State<Pause>>,
    mut next_pause: ResMut<NextState<Pause>>,
    overlay: Res<State<Overlay>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    (texts, languages, fingers): (
        Res<Texts>,
        Res<crate::i18n::Languages>,
        Res<crate::board::input::Fingers>,
    ),
    mut settings: ResMut<Settings>,
    config: Res<TableConfig>,
    table: Res<Table>,
    decider: Res<Decider>,
    mut autopilot: MessageWriter<AutopilotRequested>,
    mut new_table: MessageWriter<NewTableRequested>,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
    mut said: Local<(String, String)>,
) -> Result {
    // A window opened from the pause menu (the rules) is drawn instead of it, and Esc or
    // its close button comes back here.
    if *pause.get() != Pause::Paused || *overlay.get() != Overlay::None {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut resume = false;
    egui::Window::new(texts.tr("pause-title"))
        .max_width(crate::ui::widgets::max_window_width(ctx))
        .id(egui::Id::new("paused"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            crate::ui::widgets::scroll_if_short(ui, |ui| {
                crate::i18n::ui::column(ui, &texts, |ui| {
                    let size = egui::vec2(220.0, 34.0);
                    let button = |ui: &mut egui::Ui, text: &str| {
                        ui.add(egui::Button::new(texts.show(text)).min_size(size))
                            .clicked()
                    };
                    let resume_key = if fingers.0 {
                        "pause-resume-touch"
                    } else {
                        "pause-resume"
                    };
                    // The table's house rules, in the rule book's words.
                    let house: Vec<String> = texts
                        .house_rules(table.game.rules())
                        .into_iter()
                        .filter(|(_, chosen, standard)| chosen != standard)
                        .map(|(name, chosen, _)| format!("{name}: {chosen}"))
                        .collect();
                    if !house.is_empty() {
                        let text =
                            texts.fmt("hud-house-rules", &[("rules", texts.list(&house).into())]);
                        crate::i18n::ui::paragraph_rich(ui, &texts, &text, |t| {
                            egui::RichText::new(t).small()
                        });
                    }
                    let first = ui.add(egui::Button::new(texts.tr(resume_key)).min_size(size));
                    crate::ui::widgets::focus_first(&first, &texts.get(resume_key));
                    crate::ui::widgets::say_where_to_tap("resume", &first, &mut said.0);
                    if first.clicked() {
                        resume = true;
                    }
                    // A person who leaves the table keeps their seat: the CPU plays it until they
                    // take it back.
                    // (At a server's table the server hands a seat to the CPU while its device
                    // is away.)
                    for seat in 0..table.game.seats() {
                        if table.seat_kind(seat).is_cpu() || *decider != Decider::Here {
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
                        let response = ui.add(egui::Button::new(texts.show(&text)).min_size(size));
                        if !away {
                            crate::ui::widgets::say_where_to_tap("away", &response, &mut said.1);
                        }
                        if response.clicked() {
                            autopilot.write(AutopilotRequested {
                                seat,
                                cpu_plays: !away,
                            });
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
                        next.set(Screen::Menu);
                        resume = true;
                    }
                    #[cfg(not(target_arch = "wasm32"))]
                    if button(ui, &texts.get("pause-quit")) {
                        exit.write(AppExit::Success);
                    }
                    #[cfg(target_arch = "wasm32")]
                    let _ = &mut exit;
                    ui.separator();
                    crate::ui::settings::settings_ui(ui, &texts, &languages, &mut settings);
                });
            });
        });
    if resume {
        next_pause.set(Pause::Running);
    }
    Ok(())
}
