//! What the theme and the language change in egui: the fonts of every text, and a theme (or
//! language file) problem shown on screen until it is mended or the note dismissed.

use bevy::prelude::*;
use bevy_egui::egui::{self, FontData, FontDefinitions, FontFamily};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::{ActiveTheme, ThemeProblem};
use crate::i18n::{FontBytes, LanguageProblem, Languages, Texts};

pub fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, (apply_fonts, show_problem));
}

/// egui's fonts, in order: the theme's font (if any), egui's own, then the fonts of the
/// language files (Arabic, CJK) for the characters the others lack. Set again only when one
/// of them changes.
fn apply_fonts(
    mut contexts: EguiContexts,
    active: Res<ActiveTheme>,
    languages: Res<Languages>,
    fonts: Res<Assets<FontBytes>>,
    mut applied: Local<Option<Vec<usize>>>,
) -> Result {
    let theme_font = active.font.clone();
    let language_fonts: Vec<_> = languages
        .fonts
        .iter()
        .filter_map(|h| fonts.get(h).map(|f| f.0.clone()))
        .collect();
    let key: Vec<usize> = theme_font
        .iter()
        .chain(&language_fonts)
        .map(|f| std::sync::Arc::as_ptr(f) as usize)
        .chain([theme_font.is_some() as usize])
        .collect();
    if applied.as_ref() == Some(&key) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut defs = FontDefinitions::default();
    let add = |defs: &mut FontDefinitions, name: String, bytes: &[u8], first: bool| {
        defs.font_data.insert(
            name.clone(),
            std::sync::Arc::new(FontData::from_owned(bytes.to_vec())),
        );
        for family in [FontFamily::Proportional, FontFamily::Monospace] {
            let list = defs.families.entry(family).or_default();
            if first {
                list.insert(0, name.clone());
            } else {
                list.push(name.clone());
            }
        }
    };
    if let Some(bytes) = &theme_font {
        add(&mut defs, "theme".into(), bytes, true);
    }
    for (i, bytes) in language_fonts.iter().enumerate() {
        add(&mut defs, format!("language-{i}"), bytes, false);
    }
    ctx.set_fonts(defs);
    *applied = Some(key);
    Ok(())
}

fn show_problem(
    mut contexts: EguiContexts,
    mut problem: ResMut<ThemeProblem>,
    mut language: ResMut<LanguageProblem>,
    texts: Res<Texts>,
) -> Result {
    let Some(text) = problem.0.clone().or_else(|| language.0.clone()) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    egui::Window::new(texts.tr("theme-problem-title"))
        .id("theme_problem".into())
        .anchor(egui::Align2::LEFT_BOTTOM, [12.0, -12.0])
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            ui.set_max_width(520.0);
            // File names and parser messages: technical, left to right in every language.
            ui.label(egui::RichText::new(text).monospace());
            if ui.button(texts.tr("dismiss")).clicked() {
                open = false;
            }
        });
    if !open {
        problem.0 = None;
        language.0 = None;
    }
    Ok(())
}
