//! Languages: every word a player reads comes from a Fluent file `assets/lang/CODE.ftl`
//! (English, Filipino, Indonesian, Arabic, Simplified Chinese ship), loaded through the
//! `AssetServer`. The language follows the system's (or the browser's) on first start, can be
//! changed in Settings at any time, and is remembered with the settings.
//!
//! Why Fluent: plurals by each language's own rules (Arabic has six forms), variables in any
//! word order, a format translators know, and a parser that says where a file is wrong.
//!
//! Text is built in reading (logical) order; `Texts::show` puts a finished line in the order
//! egui draws it (see `bidi`). Fonts for scripts egui lacks (Arabic, CJK) are in
//! `assets/lang/fonts/`, named by the languages that need them (`language-font`), and are
//! added behind the theme's font.

use std::sync::Arc;

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoadFailedEvent, AssetLoader, LoadContext};
use bevy::prelude::*;
use bevy_egui::egui;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

use crate::files::asset_file::{AssetFileError, read_bytes, read_text};
use crate::table::settings::Settings;

pub mod bidi;
pub mod ui;
mod words;

/// The language every other one falls back to, key by key.
pub const FALLBACK: &str = "en";

/// The languages shipped in `assets/lang/` (the browser's list: it cannot list a folder).
pub const SHIPPED: [&str; 5] = ["en", "fil", "id", "ar", "zh"];

/// The fonts shipped in `assets/lang/fonts/`, for the scripts egui's own fonts lack.
pub const SHIPPED_FONTS: [&str; 2] = ["NotoSansArabic-ludo.ttf", "DroidSansFallback-ludo.ttf"];

/// One language file, parsed.
#[derive(Asset, TypePath, Debug)]
pub struct Language {
    pub resource: Arc<FluentResource>,
    /// The files of `assets/lang/fonts/` its script needs (`language-font`; `none` for the
    /// scripts the built-in fonts draw).
    pub fonts: Vec<String>,
}

/// Why a language file cannot be used: `assets/lang/xx.ftl:12:5: what was expected`.
#[derive(Debug)]
pub struct LanguageError(pub String);

impl std::fmt::Display for LanguageError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LanguageError {}

/// Parses a Fluent file; the first error names the file, line and column.
pub fn parse(file: &str, text: String) -> Result<FluentResource, LanguageError> {
    FluentResource::try_new(text).map_err(|(resource, errors)| {
        let source = resource.source();
        let e = &errors[0];
        let before = &source[..e.pos.start.min(source.len())];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        LanguageError(format!("{file}:{line}:{col}: {}", e.kind))
    })
}

/// The font files a language's `language-font` names (space-separated, or `none`): plain
/// `.ttf` or `.otf` names of `assets/lang/fonts/`.
pub fn named_fonts(file: &str, text: &str) -> Result<Vec<String>, LanguageError> {
    let Some((n, value)) = text.lines().enumerate().find_map(|(n, line)| {
        let (key, value) = line.split_once('=')?;
        (key.trim_end() == "language-font").then_some((n + 1, value))
    }) else {
        return Ok(Vec::new());
    };
    let names: Vec<String> = value
        .split_whitespace()
        .filter(|&name| name != "none")
        .map(String::from)
        .collect();
    match names.iter().find(|name| {
        name.contains(['/', '\\']) || !(name.ends_with(".ttf") || name.ends_with(".otf"))
    }) {
        Some(bad) => Err(LanguageError(format!(
            "{file}:{n}: language-font: {bad:?} is not a font file of assets/lang/fonts/ \
             (expected file names ending in .ttf or .otf, or none)"
        ))),
        None => Ok(names),
    }
}

#[derive(Default, TypePath)]
pub struct LanguageLoader;

impl AssetLoader for LanguageLoader {
    type Asset = Language;
    type Settings = ();
    type Error = LanguageError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        cx: &mut LoadContext<'_>,
    ) -> Result<Language, LanguageError> {
        let file = read_text(reader, cx)
            .await
            .map_err(|e| LanguageError(e.to_string()))?;
        let fonts = named_fonts(&file.file, &file.text)?;
        Ok(Language {
            resource: Arc::new(parse(&file.file, file.text)?),
            fonts,
        })
    }

    fn extensions(&self) -> &[&str] {
        &["ftl"]
    }
}

/// A font file's bytes, for egui.
#[derive(Asset, TypePath, Debug)]
pub struct FontBytes(pub Arc<Vec<u8>>);

#[derive(Default, TypePath)]
pub struct FontBytesLoader;

impl AssetLoader for FontBytesLoader {
    type Asset = FontBytes;
    type Settings = ();
    type Error = AssetFileError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        cx: &mut LoadContext<'_>,
    ) -> Result<FontBytes, AssetFileError> {
        let (_, bytes) = read_bytes(reader, cx).await?;
        Ok(FontBytes(Arc::new(bytes)))
    }

    fn extensions(&self) -> &[&str] {
        &["ttf", "otf"]
    }
}

/// A bundle of one language's messages.
type Bundle = FluentBundle<Arc<FluentResource>>;

fn bundle(code: &str, resource: Arc<FluentResource>) -> Bundle {
    let id = code.parse().unwrap_or_default();
    let mut bundle = Bundle::new_concurrent(vec![id]);
    // Isolation marks help the bidi algorithm; `show` takes them out before drawing.
    bundle.set_use_isolating(false);
    // A file that defines a key twice keeps the first: the test of the files reports it.
    let _ = bundle.add_resource(resource);
    bundle
}

/// English as built into the game: its words when `assets/lang/en.ftl` is missing, broken or
/// not read yet, so a player never sees message keys.
const BUILT_IN_ENGLISH: &str = include_str!("../../assets/lang/en.ftl");

fn built_in_english() -> Bundle {
    let resource = parse("built-in en.ftl", BUILT_IN_ENGLISH.into())
        .expect("assets/lang/en.ftl parses (tested)");
    bundle(FALLBACK, Arc::new(resource))
}

/// The words of the chosen language, and English behind them.
#[derive(Resource)]
pub struct Texts {
    pub code: String,
    /// Right to left (Arabic).
    pub rtl: bool,
    bundle: Option<Bundle>,
    /// `en.ftl` as read from the assets (a translator's edit shows live), or the built-in copy.
    fallback: Bundle,
    /// The chosen language's file and English's are read, or have failed (and were reported).
    settled: bool,
    /// Keys asked for that no file has (drawn as the key itself): the screenshot runs fail on
    /// any.
    missing: std::sync::Mutex<Vec<String>>,
}

impl Default for Texts {
    fn default() -> Self {
        Texts {
            code: FALLBACK.into(),
            rtl: false,
            bundle: None,
            fallback: built_in_english(),
            settled: false,
            missing: Default::default(),
        }
    }
}

/// A value for a message's `{ $variable }`.
pub enum Arg {
    Text(String),
    Number(f64),
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.into())
    }
}
impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}
impl From<u8> for Arg {
    fn from(n: u8) -> Arg {
        Arg::Number(n.into())
    }
}
impl From<u32> for Arg {
    fn from(n: u32) -> Arg {
        Arg::Number(n.into())
    }
}
impl From<usize> for Arg {
    fn from(n: usize) -> Arg {
        Arg::Number(n as f64)
    }
}
impl From<f32> for Arg {
    fn from(n: f32) -> Arg {
        Arg::Number(n.into())
    }
}

/// Words of the chosen language, in reading order, that know which way their language runs:
/// drawn (given to egui) they are put in the order egui lays them out, right to left where the
/// language reads so; read as text (said, joined into a longer line, wrapped as a paragraph)
/// they stay in reading order. So a translated word is always drawn right, whichever way it
/// reaches the screen.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Words {
    text: String,
    rtl: bool,
}

/// `text` with its first letter a capital, in the languages that have them ("blue CPU moves"
/// starts a sentence as "Blue CPU moves"): the first letter after any bidi controls and
/// opening marks; a script without capitals is left as it is.
pub fn capitalised(text: &str) -> String {
    let Some((at, first)) = text.char_indices().find(|(_, c)| c.is_alphanumeric()) else {
        return text.to_string();
    };
    if !first.is_lowercase() {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 2);
    out.push_str(&text[..at]);
    out.extend(first.to_uppercase());
    out.push_str(&text[at + first.len_utf8()..]);
    out
}

impl Words {
    /// The same words, their first letter a capital (`capitalised`).
    pub fn capitalised(self) -> Words {
        Words {
            text: capitalised(&self.text),
            rtl: self.rtl,
        }
    }

    /// The words in the order egui draws them.
    pub fn drawn(&self) -> String {
        if self.rtl {
            bidi::visual_line(&self.text, true)
        } else {
            self.text.clone()
        }
    }

    /// The words drawn, to be styled.
    pub fn rich(&self) -> egui::RichText {
        egui::RichText::new(self.drawn())
    }

    /// The words in reading order: to be said, or read as text.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// The words in reading order.
    pub fn into_string(self) -> String {
        self.text
    }
}

impl PartialEq<&str> for Words {
    fn eq(&self, other: &&str) -> bool {
        self.text == *other
    }
}

impl AsRef<str> for Words {
    fn as_ref(&self) -> &str {
        &self.text
    }
}

impl std::fmt::Display for Words {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

impl From<Words> for egui::WidgetText {
    fn from(words: Words) -> egui::WidgetText {
        words.drawn().into()
    }
}

impl From<&Words> for egui::WidgetText {
    fn from(words: &Words) -> egui::WidgetText {
        words.drawn().into()
    }
}

impl From<Words> for egui::RichText {
    fn from(words: Words) -> egui::RichText {
        words.rich()
    }
}

impl From<Words> for Arg {
    fn from(words: Words) -> Arg {
        Arg::Text(words.text)
    }
}

impl Texts {
    /// A message without variables; the key itself if no file has it.
    pub fn get(&self, key: &str) -> Words {
        self.fmt(key, &[])
    }

    /// A message with its variables; the key itself if no file has it.
    pub fn fmt(&self, key: &str, args: &[(&str, Arg)]) -> Words {
        self.lookup(key, args).unwrap_or_else(|| {
            let mut missing = self.missing.lock().unwrap_or_else(|e| e.into_inner());
            if !missing.iter().any(|k| k == key) {
                missing.push(key.to_string());
            }
            self.line(key)
        })
    }

    /// A line put together in reading order (from messages, names, figures), to be drawn
    /// in this language's direction.
    pub fn line(&self, line: impl AsRef<str>) -> Words {
        Words {
            text: line.as_ref().to_string(),
            rtl: self.rtl,
        }
    }

    /// Sentences said one after another on one line: each ended with this language's full
    /// stop (`sentence-stop`) unless it ends with a mark of its own, `sentence-gap` between.
    pub fn sentences(&self, sentences: &[String]) -> Words {
        let stop = self.get("sentence-stop").text;
        let gap = self.get("sentence-gap").text;
        let ended = |s: &str| s.ends_with(['.', '!', '?', '…', '。', '！', '？', '؟']);
        let said: Vec<String> = sentences
            .iter()
            .map(|s| s.trim_end())
            .filter(|s| !s.is_empty())
            .map(|s| {
                let s = capitalised(s);
                if ended(&s) { s } else { format!("{s}{stop}") }
            })
            .collect();
        self.line(said.join(&gap))
    }

    /// The keys drawn as themselves because no language file has them.
    pub fn missing(&self) -> Vec<String> {
        self.missing
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// A message, or words from elsewhere when no language file has it (a preset file's own
    /// name and description).
    pub fn get_or(&self, key: &str, otherwise: &str) -> Words {
        self.lookup(key, &[])
            .unwrap_or_else(|| self.line(otherwise))
    }

    /// A message with its variables, if the chosen language's file or the English one has it.
    fn lookup(&self, key: &str, args: &[(&str, Arg)]) -> Option<Words> {
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            match value {
                Arg::Text(s) => fluent_args.set(*name, FluentValue::from(s.as_str())),
                Arg::Number(n) => fluent_args.set(*name, FluentValue::from(*n)),
            }
        }
        for bundle in self.bundle.iter().chain([&self.fallback]) {
            if let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
                return Some(self.line(&text));
            }
        }
        None
    }

    /// Whether the chosen language's words are in, or its file failed and English stands in
    /// (the first frames may come before).
    pub fn ready(&self, settings: &Settings) -> bool {
        self.settled && self.code == settings.language.as_deref().unwrap_or(FALLBACK)
    }
}

/// The languages found, and the files asked for: English and the chosen language from the
/// start, every other one (and the fonts each names) once the language list is shown, so the
/// first menu downloads only its own words and script. What is asked for stays loaded (so
/// watched).
#[derive(Resource, Default)]
pub struct Languages {
    /// Every language found (`available`), English first.
    pub codes: Vec<String>,
    pub files: Vec<(String, Handle<Language>)>,
    /// The fonts the asked-for files name, by file name.
    pub fonts: Vec<(String, Handle<FontBytes>)>,
    /// Each loaded language's code and its own name ("العربية"), for the picker.
    pub names: Vec<(String, String)>,
    /// The picker is shown: every language is wanted.
    listed: std::sync::atomic::AtomicBool,
}

impl Languages {
    /// Each loaded language's code and its own name, in the order found.
    fn read_names(&self, assets: &Assets<Language>) -> Vec<(String, String)> {
        self.codes
            .iter()
            .filter_map(|code| {
                let (_, h) = self.files.iter().find(|(c, _)| c == code)?;
                let lang = assets.get(h)?;
                let b = bundle(code, lang.resource.clone());
                let name = b.get_message("language-name")?.value()?;
                let mut errors = Vec::new();
                Some((
                    code.clone(),
                    b.format_pattern(name, None, &mut errors).into_owned(),
                ))
            })
            .collect()
    }

    /// The language list is on screen: each language is to be shown in its own words.
    pub fn list_all(&self) {
        self.listed
            .store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

/// A language file that cannot be used, for the player to read.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct LanguageProblem(pub Option<String>);

/// Taking the chosen language: before the table is drawn (`crate::frame_order`).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LanguageSet;

pub fn plugin(app: &mut App) {
    app.init_asset::<Language>()
        .init_asset::<FontBytes>()
        .register_asset_loader(LanguageLoader)
        .register_asset_loader(FontBytesLoader)
        .init_resource::<Texts>()
        .init_resource::<Languages>()
        .init_resource::<LanguageProblem>()
        .add_systems(Startup, find_languages)
        .add_systems(
            Update,
            (
                first_start_language,
                request_files,
                build_texts,
                report_failed,
            )
                .chain()
                .in_set(LanguageSet),
        );
}

/// The language codes found (`en`, `ar`, …), English first, then as shipped.
pub fn available() -> Vec<String> {
    use crate::files::asset_list::{names, stem};
    let mut codes = names("lang", &SHIPPED, |p| stem(p, ".ftl"));
    codes.sort_by_key(|c| (c != FALLBACK, SHIPPED.iter().position(|s| s == c)));
    codes
}

fn find_languages(mut languages: ResMut<Languages>) {
    languages.codes = available();
}

/// Whether `name` is among the names of `list`.
fn asked<T>(list: &[(String, T)], name: &str) -> bool {
    list.iter().any(|(n, _)| n == name)
}

/// Asks for the language files wanted now and for the fonts the loaded ones name.
fn request_files(
    settings: Res<Settings>,
    mut languages: ResMut<Languages>,
    assets: Res<Assets<Language>>,
    server: Res<AssetServer>,
) {
    let chosen = settings.language.as_deref().unwrap_or(FALLBACK);
    let every = languages.listed.load(std::sync::atomic::Ordering::Relaxed);
    let wanted: Vec<String> = languages
        .codes
        .iter()
        .filter(|c| every || *c == FALLBACK || *c == chosen)
        .filter(|c| !asked(&languages.files, c))
        .cloned()
        .collect();
    for code in wanted {
        let handle = server.load(format!("lang/{code}.ftl"));
        languages.files.push((code, handle));
    }
    let named: Vec<String> = languages
        .files
        .iter()
        .filter_map(|(_, h)| assets.get(h))
        .flat_map(|l| l.fonts.iter().cloned())
        .filter(|f| !asked(&languages.fonts, f))
        .collect();
    for font in named {
        if !asked(&languages.fonts, &font) {
            let handle = server.load(format!("lang/fonts/{font}"));
            languages.fonts.push((font, handle));
        }
    }
}

/// The language a locale like `fil-PH`, `ar_EG.UTF-8` or `zh-Hans-CN` asks for, among
/// `codes`; English when none fits.
pub fn from_locale(locale: &str, codes: &[String]) -> String {
    let lower = locale.to_lowercase().replace('_', "-");
    let primary = lower.split(['-', '.']).next().unwrap_or("");
    // Tagalog is Filipino; Indonesian's old code is "in".
    let primary = match primary {
        "tl" => "fil",
        "in" => "id",
        p => p,
    };
    codes
        .iter()
        .find(|c| c.as_str() == primary)
        .cloned()
        .unwrap_or_else(|| FALLBACK.into())
}

/// On first start (no language remembered) the system's or browser's language is taken.
fn first_start_language(mut settings: ResMut<Settings>) {
    if settings.language.is_none() {
        let locale = sys_locale::get_locale().unwrap_or_default();
        settings.language = Some(from_locale(&locale, &available()));
    }
}

/// Builds `Texts` when the language changes or a language file (re)loads or fails.
fn build_texts(
    settings: Res<Settings>,
    mut languages: ResMut<Languages>,
    assets: Res<Assets<Language>>,
    server: Res<AssetServer>,
    mut events: MessageReader<AssetEvent<Language>>,
    mut texts: ResMut<Texts>,
    mut problem: ResMut<LanguageProblem>,
) {
    let changed = events.read().count() > 0;
    if changed {
        let names = languages.read_names(&assets);
        languages.names = names;
    }
    let code = settings.language.clone().unwrap_or_else(|| FALLBACK.into());
    if !changed && texts.code == code && texts.settled {
        return;
    }
    let handle = |c: &str| languages.files.iter().find(|(code, _)| code == c);
    // A file is settled when it is read, has failed, or was never there.
    let settled = |c: &str| {
        handle(c).is_none_or(|(_, h)| {
            assets.contains(h) || matches!(server.load_state(h), bevy::asset::LoadState::Failed(_))
        })
    };
    if !settled(FALLBACK) || !settled(&code) {
        return;
    }
    let file = |c: &str| handle(c).and_then(|(_, h)| assets.get(h));
    let english = file(FALLBACK);
    let chosen = file(&code);
    let chosen_bundle = chosen.map(|l| bundle(&code, l.resource.clone()));
    let rtl = chosen_bundle.as_ref().is_some_and(|b| {
        b.get_message("language-direction")
            .and_then(|m| m.value())
            .is_some_and(|p| b.format_pattern(p, None, &mut Vec::new()).trim() == "rtl")
    });
    *texts = Texts {
        code: code.clone(),
        rtl,
        bundle: chosen_bundle,
        fallback: english.map_or_else(built_in_english, |l| bundle(FALLBACK, l.resource.clone())),
        settled: true,
        missing: Default::default(),
    };
    if chosen.is_some() && english.is_some() {
        problem.0 = None;
    }
}

fn report_failed(
    mut failed: MessageReader<AssetLoadFailedEvent<Language>>,
    mut problem: ResMut<LanguageProblem>,
) {
    for f in failed.read() {
        let why = match &f.error {
            // The loader's own error (file:line:col: what), without the error's backtrace.
            bevy::asset::AssetLoadError::AssetLoaderError(e) => {
                match e.error().downcast_ref::<LanguageError>() {
                    Some(e) => e.to_string(),
                    None => format!("assets/{}: {}", f.path, e.error()),
                }
            }
            other => format!("assets/{}: {other}", f.path),
        };
        error!("language: {why}");
        problem.0 = Some(why);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_is_built_in_before_any_file_is_read() {
        let texts = Texts::default();
        assert_eq!(texts.get("menu-new-table"), "New table");
        assert!(texts.missing().is_empty());
        assert_eq!(texts.get("no-such-key"), "no-such-key");
        assert_eq!(texts.missing(), ["no-such-key"]);
    }

    #[test]
    fn locales_pick_the_nearest_language() {
        let codes: Vec<String> = SHIPPED.map(String::from).to_vec();
        assert_eq!(from_locale("fil-PH", &codes), "fil");
        assert_eq!(from_locale("tl_PH.UTF-8", &codes), "fil");
        assert_eq!(from_locale("id-ID", &codes), "id");
        assert_eq!(from_locale("in", &codes), "id");
        assert_eq!(from_locale("ar-EG", &codes), "ar");
        assert_eq!(from_locale("zh-Hans-CN", &codes), "zh");
        assert_eq!(from_locale("de-DE", &codes), "en");
        assert_eq!(from_locale("", &codes), "en");
    }

    #[test]
    fn sentences_on_one_line_each_end_with_a_stop() {
        let texts = Texts::default();
        let said = [
            "blue moves piece 3 to the goal",
            "blue finishes, place 1",
            "Well done!",
        ];
        let said: Vec<String> = said.map(String::from).to_vec();
        assert_eq!(
            texts.sentences(&said),
            "Blue moves piece 3 to the goal. Blue finishes, place 1. Well done!"
        );
        assert_eq!(texts.sentences(&[]), "");
        // After bidi isolates and opening marks; digits and scripts without capitals stay.
        assert_eq!(
            capitalised("\u{2068}ana\u{2069} wins"),
            "\u{2068}Ana\u{2069} wins"
        );
        assert_eq!(capitalised("“blue” rolls"), "“Blue” rolls");
        assert_eq!(capitalised("3 pieces"), "3 pieces");
        assert_eq!(capitalised("الأزرق يرمي"), "الأزرق يرمي");
        assert_eq!(capitalised(""), "");
    }

    #[test]
    fn a_broken_file_is_named_with_its_line_and_column() {
        let e = parse("assets/lang/xx.ftl", "a = b\nc d\n".into()).unwrap_err();
        assert!(e.0.starts_with("assets/lang/xx.ftl:2:"), "{e}");
    }
}
