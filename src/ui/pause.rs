//! The pause menu (Esc): the game's clock stops — no CPU thinks, nothing moves — and the
//! player can resume, leave their seat to the CPU (or take it back), read the rules, change
//! settings, restart, set a new table or quit.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::i18n::Texts;
use crate::table::flow::{AutopilotRequested, Decider, NewTableRequested};
use crate::table::screen::{Pause, Screen};
use crate::table::settings::Settings;
use crate::table::{Table, TableConfig};
use crate::ui::overlay::Overlay;
use crate::ui::widgets::Taps;

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

/// What the pause menu shows.
#[derive(SystemParam)]
struct Shown<'w> {
    pause: Res<'w, State<Pause>>,
    overlay: Res<'w, State<Overlay>>,
    texts: Res<'w, Texts>,
    languages: Res<'w, crate::i18n::Languages>,
    fingers: Res<'w, crate::board::input::Fingers>,
    config: Res<'w, TableConfig>,
    table: Res<'w, Table>,
    decider: Res<'w, Decider>,
}

/// Where its buttons go.
#[derive(SystemParam)]
struct Asked<'w, 's> {
    next_pause: ResMut<'w, NextState<Pause>>,
    next_overlay: ResMut<'w, NextState<Overlay>>,
    autopilot: MessageWriter<'w, AutopilotRequested>,
    new_table: MessageWriter<'w, NewTableRequested>,
    next: ResMut<'w, NextState<Screen>>,
    exit: MessageWriter<'w, AppExit>,
    taps: Taps<'w, 's>,
}

/// The pause menu's buttons' size.
const BUTTON: egui::Vec2 = egui::vec2(220.0, 34.0);

fn pause_menu(
    mut contexts: EguiContexts,
    shown: Shown,
    mut asked: Asked,
    mut settings: ResMut<Settings>,
) -> Result {
    // A window opened from the pause menu (the rules) is drawn instead of it, and Esc or
    // its close button comes back here.
    if *shown.pause.get() != Pause::Paused || *shown.overlay.get() != Overlay::None {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let texts = &*shown.texts;
    let mut resume = false;
    egui::Window::new(texts.get("pause-title"))
        .max_width(crate::ui::widgets::max_window_width(ctx))
        .id(crate::ui::widgets::window_id(ctx, "paused"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            crate::ui::widgets::scroll_if_short(ui, |ui| {
                crate::i18n::ui::column(ui, texts, |ui| {
                    house_rules(ui, &shown);
                    let key = if shown.fingers.0 {
                        "pause-resume-touch"
                    } else {
                        "pause-resume"
                    };
                    let first = ui.add(egui::Button::new(texts.get(key)).min_size(BUTTON));
                    crate::ui::widgets::focus_first(&first, texts.get(key));
                    asked.taps.say("resume", &first);
                    resume |= first.clicked();
                    seats(ui, &shown, &mut asked);
                    resume |= actions(ui, &shown, &mut asked);
                    ui.separator();
                    crate::ui::settings::settings_ui(ui, texts, &shown.languages, &mut settings);
                });
            });
        });
    if resume {
        asked.next_pause.set(Pause::Running);
    }
    Ok(())
}

/// The table's house rules, in the rule book's words.
fn house_rules(ui: &mut egui::Ui, shown: &Shown) {
    let texts = &*shown.texts;
    let house: Vec<String> = texts
        .house_rules(shown.table.game.rules())
        .into_iter()
        .filter(|(_, chosen, standard)| chosen != standard)
        .map(|(name, chosen, _)| format!("{name}: {chosen}"))
        .collect();
    if !house.is_empty() {
        let text = texts.fmt("hud-house-rules", &[("rules", texts.list(&house).into())]);
        crate::i18n::ui::paragraph_rich(ui, texts, &text, |t| egui::RichText::new(t).small());
    }
}

/// A person who leaves the table keeps their seat: the CPU plays it until they take it back.
/// (At a server's table the server hands a seat to the CPU while its device is away.)
fn seats(ui: &mut egui::Ui, shown: &Shown, asked: &mut Asked) {
    let (texts, table) = (&*shown.texts, &*shown.table);
    for seat in 0..table.game.seats() {
        if table.seat_kind(seat).is_cpu() || *shown.decider != Decider::Here {
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
        let response = ui.add(egui::Button::new(texts.line(&text)).min_size(BUTTON));
        if !away {
            asked.taps.say("away", &response);
        }
        if response.clicked() {
            asked.autopilot.write(AutopilotRequested {
                seat,
                cpu_plays: !away,
            });
        }
    }
}

/// Rules, restart, new table, the menu, quit; whether play resumes.
fn actions(ui: &mut egui::Ui, shown: &Shown, asked: &mut Asked) -> bool {
    let texts = &*shown.texts;
    let button = |ui: &mut egui::Ui, key: &str| {
        ui.add(egui::Button::new(texts.get(key)).min_size(BUTTON))
            .clicked()
    };
    let mut resume = false;
    if button(ui, "pause-rules") {
        asked.next_overlay.set(Overlay::Rules);
    }
    if button(ui, "pause-restart") {
        asked
            .new_table
            .write(NewTableRequested(shown.config.clone()));
        resume = true;
    }
    if button(ui, "pause-new-table") {
        asked.next_overlay.set(Overlay::Setup);
        resume = true;
    }
    if button(ui, "pause-to-menu") {
        asked.next.set(Screen::Menu);
        resume = true;
    }
    #[cfg(not(target_arch = "wasm32"))]
    if button(ui, "pause-quit") {
        asked.exit.write(AppExit::Success);
    }
    #[cfg(target_arch = "wasm32")]
    let _ = &mut asked.exit;
    resume
}
