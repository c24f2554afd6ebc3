//! The settings a player can change, shared by the HUD, the menu and the pause menu, and
//! the settings window of the main menu.

use bevy::prelude::*;
use bevy_egui::egui::{self};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::i18n::ui::row;
use crate::i18n::{Languages, Texts};
use crate::table::settings::{Settings, Speed, TextSize};
use crate::ui::overlay::Overlay;

/// The settings a player can change, shared by the HUD, the menu and the pause menu.
pub fn settings_ui(
    ui: &mut egui::Ui,
    texts: &Texts,
    languages: &Languages,
    settings: &mut Settings,
) {
    language_choice(ui, texts, languages, settings);
    speed_choice(ui, texts, "settings-cpu-speed", &mut settings.cpu_speed);
    speed_choice(
        ui,
        texts,
        "settings-animation",
        &mut settings.animation_speed,
    );
    theme_choice(ui, texts, settings);
    row(ui, texts, |ui| {
        ui.label(texts.get("settings-text-size"));
        for size in TextSize::ALL {
            let label = texts.fmt("settings-percent", &[("n", size.percent().into())]);
            ui.selectable_value(&mut settings.text_size, size, label);
        }
    });
    let switches = [
        (&mut settings.high_contrast, "settings-high-contrast"),
        (&mut settings.reduced_motion, "settings-reduced-motion"),
        (&mut settings.auto_single_move, "settings-auto-move"),
    ];
    for (on, key) in switches {
        ui.checkbox(on, texts.get(key));
    }
    let volumes = [
        (&mut settings.volume_db, "settings-master-volume"),
        (&mut settings.effects_db, "settings-effects-volume"),
        (&mut settings.music_db, "settings-music-volume"),
    ];
    // Each slider with its value and words on one line, within the window's width.
    ui.spacing_mut().slider_width = (ui.available_width() - 190.0).clamp(60.0, 100.0);
    for (db, key) in volumes {
        ui.add(egui::Slider::new(db, -40.0..=0.0).text(texts.get(key)));
    }
    ui.checkbox(&mut settings.muted, texts.get("settings-mute"));
    #[cfg(not(target_arch = "wasm32"))]
    ui.checkbox(&mut settings.fullscreen, texts.get("settings-fullscreen"));
}

/// The language, each in its own words and its own direction.
fn language_choice(
    ui: &mut egui::Ui,
    texts: &Texts,
    languages: &Languages,
    settings: &mut Settings,
) {
    languages.list_all();
    row(ui, texts, |ui| {
        ui.label(texts.get("settings-language"));
        let current = settings.language.clone().unwrap_or_default();
        let shown = languages
            .names
            .iter()
            .find(|(code, _)| *code == current)
            .map_or(current.clone(), |(_, name)| name.clone());
        // Each language in its own words, and its own direction.
        let own = crate::i18n::bidi::visual_auto;
        egui::ComboBox::from_id_salt("language")
            .selected_text(own(&shown))
            .show_ui(ui, |ui| {
                for (code, name) in &languages.names {
                    ui.selectable_value(&mut settings.language, Some(code.clone()), own(name));
                }
            });
    });
}

/// The theme: every folder of `assets/themes/`.
fn theme_choice(ui: &mut egui::Ui, texts: &Texts, settings: &mut Settings) {
    row(ui, texts, |ui| {
        ui.label(texts.get("settings-theme"));
        egui::ComboBox::from_id_salt("theme")
            .selected_text(settings.theme.as_str())
            .show_ui(ui, |ui| {
                // Read only while the list is open (the pause menu draws these settings every
                // frame): a modder's new folder still shows up the next time it opens.
                for folder in crate::theme::available(Some(&settings.theme)) {
                    let label = folder.clone();
                    ui.selectable_value(&mut settings.theme, folder, label);
                }
            });
    });
}

fn speed_choice(ui: &mut egui::Ui, texts: &Texts, key: &str, speed: &mut Speed) {
    row(ui, texts, |ui| {
        ui.label(texts.get(key));
        for s in Speed::ALL {
            ui.selectable_value(speed, s, texts.speed(s));
        }
    });
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        settings_window.run_if(in_state(Overlay::Settings)),
    );
}

/// The settings window of the main menu.
fn settings_window(
    mut contexts: EguiContexts,
    mut next: ResMut<NextState<Overlay>>,
    mut settings: ResMut<Settings>,
    texts: Res<Texts>,
    languages: Res<crate::i18n::Languages>,
) -> Result {
    let mut still_open = true;
    egui::Window::new(texts.get("settings-title"))
        .max_width(crate::ui::widgets::max_window_width(contexts.ctx_mut()?))
        .id(crate::ui::widgets::window_id(
            contexts.ctx_mut()?,
            "settings",
        ))
        .open(&mut still_open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(contexts.ctx_mut()?, |ui| {
            crate::ui::widgets::scroll_if_short(ui, |ui| {
                settings_ui(ui, &texts, &languages, &mut settings)
            })
        });
    if !still_open {
        next.set(Overlay::None);
    }
    Ok(())
}
