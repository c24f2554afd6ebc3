//! The translations: every file parses, every language has exactly the keys English has
//! (and the same variables in each message), and every character of every translation is in
//! a font the game ships (egui's own, or those of `assets/lang/fonts/`), so none is drawn as
//! an empty box; and every shipped house-rule preset has its name and description.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use skrifa::MetadataProvider;

fn lang_dir() -> PathBuf {
    ludo::testing::manifest_dir().join("assets/lang")
}

/// Each language file: its code and text.
fn files() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = std::fs::read_dir(lang_dir())
        .unwrap()
        .filter_map(|e| {
            let path = e.unwrap().path();
            let code = path
                .file_name()?
                .to_str()?
                .strip_suffix(".ftl")?
                .to_string();
            Some((code, std::fs::read_to_string(&path).unwrap()))
        })
        .collect();
    out.sort();
    out
}

/// The variables a pattern uses, also inside selectors and their variants.
fn variables(pattern: &Pattern<&str>, out: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_variables(expression, out);
        }
    }
}

fn expression_variables(e: &Expression<&str>, out: &mut BTreeSet<String>) {
    match e {
        Expression::Inline(i) => inline_variables(i, out),
        Expression::Select { selector, variants } => {
            inline_variables(selector, out);
            for v in variants {
                variables(&v.value, out);
            }
        }
    }
}

fn inline_variables(i: &InlineExpression<&str>, out: &mut BTreeSet<String>) {
    if let InlineExpression::VariableReference { id } = i {
        out.insert(id.name.to_string());
    }
}

/// Every message of a file with the variables it uses; a parse error names the place.
fn messages(code: &str, text: &str) -> BTreeMap<String, BTreeSet<String>> {
    let file = format!("assets/lang/{code}.ftl");
    ludo::testing::parse_language(&file, text.to_string()).unwrap_or_else(|e| panic!("{e}"));
    let ast = fluent_syntax::parser::parse(text).unwrap_or_else(|(_, e)| panic!("{file}: {e:?}"));
    let mut out = BTreeMap::new();
    for entry in ast.body {
        if let Entry::Message(m) = entry {
            let mut vars = BTreeSet::new();
            if let Some(value) = &m.value {
                variables(value, &mut vars);
            }
            let id = m.id.name.to_string();
            assert!(out.insert(id.clone(), vars).is_none(), "{file}: {id} twice");
        }
    }
    out
}

#[test]
fn every_language_has_every_key_and_no_other() {
    let files = files();
    let codes: Vec<&str> = files.iter().map(|(c, _)| c.as_str()).collect();
    for shipped in ludo::testing::SHIPPED_LANGUAGES {
        assert!(
            codes.contains(&shipped),
            "assets/lang/{shipped}.ftl is missing"
        );
    }
    let english = messages("en", &files.iter().find(|(c, _)| c == "en").unwrap().1);
    assert!(english.len() > 150, "{} messages", english.len());
    let mut problems = Vec::new();
    for (code, text) in &files {
        let theirs = messages(code, text);
        for (key, vars) in &english {
            match theirs.get(key) {
                None => problems.push(format!("{code}.ftl: missing {key}")),
                Some(v) if v != vars => problems.push(format!(
                    "{code}.ftl: {key} uses {v:?}, English uses {vars:?}"
                )),
                Some(_) => {}
            }
        }
        for key in theirs.keys().filter(|k| !english.contains_key(*k)) {
            problems.push(format!("{code}.ftl: {key} is not in en.ftl"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_shipped_preset_is_named_and_described_in_english_and_so_in_every_language() {
    let english = messages(
        "en",
        &std::fs::read_to_string(lang_dir().join("en.ftl")).unwrap(),
    );
    let rules = ludo::testing::manifest_dir().join("assets/rules");
    let mut presets = Vec::new();
    for entry in std::fs::read_dir(&rules).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "ron") {
            presets.push(path.file_stem().unwrap().to_string_lossy().into_owned());
        }
    }
    assert!(presets.len() >= 5, "presets: {presets:?}");
    let missing: Vec<String> = presets
        .iter()
        .flat_map(|p| [format!("preset-{p}"), format!("preset-{p}-about")])
        .filter(|k| !english.contains_key(k))
        .collect();
    assert!(missing.is_empty(), "not in en.ftl: {missing:?}");
}

#[test]
fn every_key_the_game_asks_for_is_in_english() {
    // The keys written in the game's code, as "xxx-yyy" literals next to a lookup.
    let english = messages(
        "en",
        &std::fs::read_to_string(lang_dir().join("en.ftl")).unwrap(),
    );
    let mut missing = Vec::new();
    for path in rust_files(&["src"]) {
        let text = std::fs::read_to_string(&path).unwrap();
        for (i, line) in text.lines().enumerate() {
            for key in line.split('"').skip(1).step_by(2) {
                if looks_like_key(key, &english) && !english.contains_key(key) {
                    missing.push(format!("{}:{}: {key}", path.display(), i + 1));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "keys not in en.ftl:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_house_rule_and_each_of_its_values_has_words_in_english() {
    // The setup, the rule book and the HUD name each rule of ludo-core's list by
    // `rule-NAME` and each value by `rule-NAME-VALUE`: keys no literal in the code spells.
    let english = messages(
        "en",
        &std::fs::read_to_string(lang_dir().join("en.ftl")).unwrap(),
    );
    let kebab = |s: &str| s.replace('_', "-");
    let mut missing = Vec::new();
    for rule in ludo_core::HOUSE_RULES {
        let mut keys = vec![format!("rule-{}", kebab(rule.name))];
        if let ludo_core::Values::OneOf(values) = rule.values {
            keys.extend(
                values
                    .iter()
                    .map(|v| format!("rule-{}-{}", kebab(rule.name), kebab(v))),
            );
        }
        missing.extend(keys.into_iter().filter(|k| !english.contains_key(k)));
    }
    assert!(missing.is_empty(), "not in en.ftl: {missing:?}");
}

/// A string literal shaped like a message key (`menu-continue`) whose first word begins
/// some English key: egui widget ids are written with underscores so they never are.
fn looks_like_key(s: &str, english: &BTreeMap<String, BTreeSet<String>>) -> bool {
    let shaped = s.contains('-')
        && !s.starts_with('-')
        && !s.ends_with('-')
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    let first = s.split('-').next().unwrap_or("");
    shaped && english.keys().any(|k| k.split('-').next() == Some(first))
}

/// The characters of a file's messages (comments left out).
fn characters(text: &str) -> BTreeSet<char> {
    text.lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .filter_map(|l| l.split_once('=').map(|(_, v)| v).or(Some(l)))
        .flat_map(str::chars)
        .filter(|c| !c.is_whitespace() && !c.is_control())
        .collect()
}

/// The Rust files under these folders of the repository.
fn rust_files(folders: &[&str]) -> Vec<std::path::PathBuf> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let root = ludo::testing::manifest_dir();
    let mut files = Vec::new();
    for folder in folders {
        walk(&root.join(folder), &mut files);
    }
    assert!(files.len() > 20, "{folders:?}: {files:?}");
    files
}

#[test]
fn every_character_of_every_translation_is_in_a_font_it_loads() {
    // A language is drawn with the built-in interface fonts and the fonts its file names
    // (`language-font`), all the game loads for it until the language list is shown.
    let charmap = |name: &str, bytes: &[u8]| -> BTreeSet<u32> {
        let font = skrifa::FontRef::new(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        font.charmap().mappings().map(|(c, _)| c).collect()
    };
    let built_in: Vec<BTreeSet<u32>> = ludo::testing::ui_fonts()
        .font_data
        .into_iter()
        .map(|(name, data)| charmap(&name, &data.font))
        .collect();
    let mut every = built_in.clone();
    let mut problems = Vec::new();
    let mut sizes = Vec::new();
    for (code, text) in files() {
        let file = format!("assets/lang/{code}.ftl");
        let named = ludo::testing::named_fonts(&file, &text).unwrap();
        let mut maps = built_in.clone();
        for font in &named {
            let path = lang_dir().join("fonts").join(font);
            match std::fs::read(&path) {
                Ok(bytes) => maps.push(charmap(font, &bytes)),
                Err(e) => problems.push(format!("{file}: language-font {font}: {e}")),
            }
        }
        every.extend(maps[built_in.len()..].iter().cloned());
        let chars = characters(&text);
        let uncovered: String = chars
            .iter()
            .filter(|&&c| !maps.iter().any(|m| m.contains(&(c as u32))))
            .collect();
        if !uncovered.is_empty() {
            problems.push(format!(
                "{file}: no font it names ({named:?}) draws {uncovered:?}"
            ));
        }
        sizes.push(format!("{code}: {} distinct characters", chars.len()));
    }
    let maps = every;
    // What the code itself writes on screen (seat marks, arrows, quotes): every character
    // outside ASCII on a line of code that is not a comment.
    // The rules crate too: its seat colours have marks.
    for path in rust_files(&["src", "crates/ludo-core/src"]) {
        let text = std::fs::read_to_string(&path).unwrap();
        let chars: BTreeSet<char> = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .flat_map(str::chars)
            .filter(|c| !c.is_ascii())
            .collect();
        let uncovered: String = chars
            .iter()
            .filter(|&&c| !maps.iter().any(|m| m.contains(&(c as u32))))
            .collect();
        if !uncovered.is_empty() {
            problems.push(format!("{}: no font draws {uncovered:?}", path.display()));
        }
    }
    eprintln!("{}", sizes.join("\n"));
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

mod common;

/// The game's language plugin over the shipped files, headless.
fn app_in(language: Option<&str>) -> bevy::prelude::App {
    use bevy::prelude::*;
    let settings = ludo::testing::Settings {
        language: language.map(String::from),
        ..Default::default()
    };
    let mut app = common::headless_app(ludo::testing::TableConfig::default(), |app| {
        app.add_plugins(bevy::asset::AssetPlugin {
            file_path: ludo::testing::manifest_dir()
                .join("assets")
                .to_string_lossy()
                .into_owned(),
            ..default()
        });
    });
    app.insert_resource(settings)
        .add_plugins(ludo::testing::i18n_plugin);
    app
}

fn update_until(app: &mut bevy::prelude::App, done: impl Fn(&ludo::testing::Texts) -> bool) {
    let loaded = common::update_until(app, 10.0, |w| done(w.resource::<ludo::testing::Texts>()));
    assert!(loaded, "the language did not load");
}

#[test]
fn the_language_changes_while_the_game_runs() {
    let mut app = app_in(Some("id"));
    update_until(&mut app, |t| t.get("menu-continue") == "Lanjutkan");
    // Plurals and variables by the language's own rules.
    app.world_mut()
        .resource_mut::<ludo::testing::Settings>()
        .language = Some("ar".into());
    update_until(&mut app, |t| t.rtl);
    let texts = app.world().resource::<ludo::testing::Texts>();
    assert_eq!(texts.get("menu-continue"), "متابعة");
    // A person who gave no name is "the player" in the language of the day; a name is a name.
    assert_eq!(texts.person(ludo::testing::UNNAMED), "اللاعب");
    assert_eq!(texts.person("Ana"), "Ana");
    let two = texts.fmt("hud-time-left", &[("secs", 2u32.into())]);
    let five = texts.fmt("hud-time-left", &[("secs", 5u32.into())]);
    assert!(two.as_str().contains("ثانيتان"), "{two}");
    assert!(five.as_str().contains("5 ثوانٍ"), "{five}");
    // Drawn right to left: the first word read is the last drawn (rightmost); said, in
    // reading order. Whatever way a message reaches egui, it is drawn in that order.
    let left = texts.fmt("hud-time-left", &[("secs", 5u32.into())]);
    assert_eq!(texts.line("بقيت 5 ثوانٍ").drawn(), "ثوانٍ 5 بقيت");
    assert_eq!(texts.line("بقيت 5 ثوانٍ"), "بقيت 5 ثوانٍ");
    let widget: bevy_egui::egui::WidgetText = left.clone().into();
    assert_eq!(widget.text(), left.drawn());
    assert_ne!(left.drawn(), left.as_str());
    let rich: bevy_egui::egui::RichText = left.clone().into();
    assert_eq!(rich.text(), left.drawn());
    app.world_mut()
        .resource_mut::<ludo::testing::Settings>()
        .language = Some("en".into());
    update_until(&mut app, |t| !t.rtl && t.get("menu-continue") == "Continue");
    let texts = app.world().resource::<ludo::testing::Texts>();
    assert_eq!(
        texts.fmt("hud-time-left", &[("secs", 1u32.into())]),
        "1 second left in this turn"
    );
}

#[test]
fn a_language_loads_alone_with_its_font_and_the_list_loads_every_one() {
    // The first menu downloads its own words (and English's, the fallback) and the font its
    // script needs; the language list asks for the others, each in its own words and script.
    use ludo::testing::Languages;
    let mut app = app_in(Some("ar"));
    update_until(&mut app, |t| t.rtl);
    let loaded = |app: &bevy::prelude::App| {
        let l = app.world().resource::<Languages>();
        let files: Vec<String> = l.files.iter().map(|(c, _)| c.clone()).collect();
        let fonts: Vec<String> = l.fonts.iter().map(|(f, _)| f.clone()).collect();
        (files, fonts)
    };
    assert_eq!(
        loaded(&app),
        (
            vec!["en".to_string(), "ar".into()],
            vec!["NotoSansArabic-ludo.ttf".to_string()]
        )
    );
    app.world().resource::<Languages>().list_all();
    let every = common::update_until(&mut app, 10.0, |w| {
        w.resource::<Languages>().names.len() == 5
    });
    assert!(every, "the list's languages did not load");
    let (mut files, mut fonts) = loaded(&app);
    files.sort();
    fonts.sort();
    let mut shipped = ludo::testing::SHIPPED_LANGUAGES.map(String::from).to_vec();
    shipped.sort();
    assert_eq!(files, shipped);
    let mut shipped = ludo::testing::SHIPPED_FONTS.map(String::from).to_vec();
    shipped.sort();
    assert_eq!(fonts, shipped);
    let names = &app.world().resource::<Languages>().names;
    assert_eq!(names[0], ("en".to_string(), "English".to_string()));
    assert!(
        names.contains(&("zh".to_string(), "简体中文".to_string())),
        "{names:?}"
    );
}

#[test]
fn a_font_named_wrong_is_an_error_with_its_line() {
    let text = "language-name = X\nlanguage-font = fonts/x.ttf\n";
    let e = ludo::testing::named_fonts("assets/lang/xx.ftl", text).unwrap_err();
    assert!(
        e.0.starts_with("assets/lang/xx.ftl:2: language-font"),
        "{e}"
    );
    let both = "language-font = a.ttf b.otf\n";
    assert_eq!(
        ludo::testing::named_fonts("f", both).unwrap(),
        ["a.ttf", "b.otf"]
    );
    assert!(
        ludo::testing::named_fonts("f", "language-font = none\n")
            .unwrap()
            .is_empty()
    );
}

#[test]
fn the_first_start_takes_a_language_and_keeps_it() {
    // No language remembered: one is picked (the system's, or English) and written into the
    // settings, which the game saves.
    let mut app = app_in(None);
    app.update();
    let chosen = app
        .world()
        .resource::<ludo::testing::Settings>()
        .language
        .clone();
    let chosen = chosen.expect("a language is chosen on the first start");
    assert!(
        ludo::testing::available_languages().contains(&chosen),
        "{chosen}"
    );
}

#[test]
fn the_browser_lists_the_shipped_languages_and_fonts() {
    // Desktop reads the folder; the browser, which cannot, gets `SHIPPED`: the same.
    assert_eq!(
        ludo::testing::available_languages(),
        ludo::testing::SHIPPED_LANGUAGES.map(String::from).to_vec()
    );
    let mut fonts: Vec<String> = std::fs::read_dir(lang_dir().join("fonts"))
        .unwrap()
        .filter_map(|e| e.unwrap().file_name().into_string().ok())
        .filter(|n| n.ends_with(".ttf"))
        .collect();
    fonts.sort();
    let mut shipped = ludo::testing::SHIPPED_FONTS.map(String::from).to_vec();
    shipped.sort();
    assert_eq!(fonts, shipped);
}
