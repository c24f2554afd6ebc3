//! What the theme and the language change in egui: the fonts of every text, and a theme (or
//! language file) problem shown on screen until it is mended or the note dismissed.

use bevy::prelude::*;
use bevy_egui::egui::{self, FontData, FontDefinitions, FontFamily, FontTweak};
use bevy_egui::{
    EguiContext, EguiContexts, EguiPreUpdateSet, EguiPrimaryContextPass, PrimaryEguiContext,
};

use super::{ActiveTheme, ThemeProblem};
use crate::i18n::{FontBytes, LanguageProblem, Languages, Texts};

pub(crate) fn plugin(app: &mut App) {
    // Before egui's pass begins, so that even the first frame's text has its fonts (egui
    // takes new fonts at the start of a pass, and without fonts it cannot lay out text).
    app.add_systems(
        PreUpdate,
        apply_fonts
            .after(EguiPreUpdateSet::InitContexts)
            .before(EguiPreUpdateSet::BeginPass),
    );
    app.add_systems(EguiPrimaryContextPass, show_problem);
}

/// The interface's own fonts, built in: egui's defaults cut down to the scripts and symbols
/// the game draws (`scripts/make-ui-fonts.py`), with egui's own sizing of the symbol fonts.
const UI_FONTS: [(&str, &[u8], f32); 4] = [
    (
        "Ubuntu-Light",
        include_bytes!("fonts/Ubuntu-Light-ludo.ttf"),
        1.0,
    ),
    ("Hack", include_bytes!("fonts/Hack-Regular-ludo.ttf"), 1.0),
    (
        "NotoEmoji-Regular",
        include_bytes!("fonts/NotoEmoji-Regular-ludo.ttf"),
        0.81,
    ),
    (
        "emoji-icon-font",
        include_bytes!("fonts/emoji-icon-font-ludo.ttf"),
        0.90,
    ),
];

/// The built-in fonts, in egui's order: text in Ubuntu Light (monospace in Hack), then the two
/// symbol fonts for what the first lacks, then Hack for shapes only it has (□ △).
pub fn ui_fonts() -> FontDefinitions {
    let mut defs = FontDefinitions::empty();
    for (name, bytes, scale) in UI_FONTS {
        let data = FontData::from_static(bytes).tweak(FontTweak {
            scale,
            ..Default::default()
        });
        defs.font_data
            .insert(name.into(), std::sync::Arc::new(data));
    }
    let names = |list: [&str; 4]| list.map(String::from).to_vec();
    defs.families.insert(
        FontFamily::Proportional,
        names([
            "Ubuntu-Light",
            "NotoEmoji-Regular",
            "emoji-icon-font",
            "Hack",
        ]),
    );
    defs.families.insert(
        FontFamily::Monospace,
        names([
            "Hack",
            "Ubuntu-Light",
            "NotoEmoji-Regular",
            "emoji-icon-font",
        ]),
    );
    defs
}

/// egui's fonts, in order: the theme's font (if any), the built-in ones, then the fonts of the
/// language files (Arabic, CJK) for the characters the others lack. Set again only when one
/// of them changes, or when the context is new.
fn apply_fonts(
    mut contexts: Query<(&mut EguiContext, Ref<PrimaryEguiContext>)>,
    active: Res<ActiveTheme>,
    languages: Res<Languages>,
    fonts: Res<Assets<FontBytes>>,
    mut applied: Local<Option<Vec<usize>>>,
) {
    let Ok((mut context, primary)) = contexts.single_mut() else {
        return;
    };
    let theme_font = active.font.clone();
    let language_fonts: Vec<_> = languages
        .fonts
        .iter()
        .filter_map(|(_, h)| fonts.get(h).map(|f| f.0.clone()))
        .collect();
    let key: Vec<usize> = theme_font
        .iter()
        .chain(&language_fonts)
        .map(|f| std::sync::Arc::as_ptr(f) as usize)
        .chain([theme_font.is_some() as usize])
        .collect();
    if applied.as_ref() == Some(&key) && !primary.is_added() {
        return;
    }
    let ctx = context.get_mut();
    let mut defs = ui_fonts();
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
    egui::Window::new(texts.get("theme-problem-title"))
        .id("theme_problem".into())
        .anchor(egui::Align2::LEFT_BOTTOM, [12.0, -12.0])
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            ui.set_max_width(520.0);
            // File names and parser messages: technical, left to right in every language.
            ui.label(egui::RichText::new(text).monospace());
            if ui.button(texts.get("dismiss")).clicked() {
                open = false;
            }
        });
    if !open {
        problem.0 = None;
        language.0 = None;
    }
    Ok(())
}
