//! The `theme.ron` asset loader: parses the file, checks its numbers, checks that every
//! picture, sound and font it names exists and is of the right kind, and loads them through
//! the `AssetServer` (so replacing one reloads it, and the theme with it).
//!
//! Every problem is a `ThemeError` that names the file, the line and column, and what was
//! expected; the game keeps its last good theme.

use std::sync::Arc;

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext};
use bevy::prelude::*;
use bevy_kira_audio::AudioSource;

use super::file::{ThemeFile, locate, parse};
use crate::files::asset_file::{AssetText, read_text};

/// A loaded theme: the file, and handles to what it names.
#[derive(Asset, TypePath, Clone, Debug)]
pub struct Theme {
    pub file: ThemeFile,
    pub art: Art,
    /// One per `Sound`, in its order.
    pub sounds: Vec<Handle<AudioSource>>,
    /// The font file's bytes, for egui.
    pub font: Option<Arc<Vec<u8>>>,
    /// The music's asset path. Not read with the theme: the game fetches it when it may play
    /// (in the browser after the first tap), so it is never part of the first menu's bytes.
    pub music: Option<String>,
}

/// The theme's pictures; each one missing is drawn with built-in shapes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Art {
    pub piece: Option<Handle<Image>>,
    /// The piece picture's height over its width (from its file): above 1 it stands.
    pub piece_height: Option<f32>,
    /// Empty, or six faces (one to six).
    pub die_faces: Vec<Handle<Image>>,
    pub backdrop: Option<Handle<Image>>,
    pub goal: Option<Handle<Image>>,
}

/// A PNG's height over its width, from its header (the first chunk, IHDR).
fn png_aspect(bytes: &[u8]) -> Option<f32> {
    let word = |at: usize| Some(u32::from_be_bytes(bytes.get(at..at + 4)?.try_into().ok()?));
    let (width, height) = (word(16)?, word(20)?);
    (width > 0).then(|| height as f32 / width as f32)
}

/// Why a theme could not be used: `assets/themes/x/theme.ron:12:5: what was expected`.
#[derive(Debug, Clone, PartialEq)]
pub struct ThemeError {
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl std::fmt::Display for ThemeError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.col, self.message
        )
    }
}

impl std::error::Error for ThemeError {}

/// The kinds of file a theme names, and how each one is recognised.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Picture,
    Sound,
    Font,
}

impl Kind {
    fn expected(self) -> &'static str {
        match self {
            Kind::Picture => "a PNG picture",
            Kind::Sound => "a WAV or OGG sound",
            Kind::Font => "a TrueType or OpenType font",
        }
    }

    /// Whether `bytes` start the way such a file does.
    fn recognises(self, bytes: &[u8]) -> bool {
        let starts = |magic: &[u8]| bytes.starts_with(magic);
        match self {
            Kind::Picture => starts(b"\x89PNG\r\n\x1a\n"),
            Kind::Sound => starts(b"RIFF") || starts(b"OggS"),
            Kind::Font => {
                starts(&[0, 1, 0, 0]) || starts(b"OTTO") || starts(b"true") || starts(b"ttcf")
            }
        }
    }
}

/// The field whose value starts before `line:col` on that line (`piece_size` in
/// `piece_size: "big"`), to name it in an error that serde gives without it.
fn field_before(text: &str, line: usize, col: usize) -> Option<&str> {
    let code = text.lines().nth(line.checked_sub(1)?)?;
    let end = code
        .char_indices()
        .nth(col.saturating_sub(1))
        .map_or(code.len(), |(i, _)| i);
    let (before, _) = code[..end].rsplit_once(':')?;
    let name = before.trim_end();
    let start = name
        .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
        .map_or(0, |i| i + 1);
    Some(&name[start..]).filter(|n| !n.is_empty())
}

/// Where a named file goes in the loaded theme.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Slot {
    Piece,
    Backdrop,
    Goal,
    DieFace,
    Sound,
    Font,
}

impl Slot {
    fn kind(self) -> Kind {
        match self {
            Slot::Sound => Kind::Sound,
            Slot::Font => Kind::Font,
            _ => Kind::Picture,
        }
    }
}

#[derive(Default, TypePath)]
pub struct ThemeLoader;

impl AssetLoader for ThemeLoader {
    type Asset = Theme;
    type Settings = ();
    type Error = ThemeError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        cx: &mut LoadContext<'_>,
    ) -> Result<Theme, ThemeError> {
        let AssetText { file, text } = read_text(reader, cx).await.map_err(|e| ThemeError {
            file: e.file,
            line: 1,
            col: 1,
            message: e.message,
        })?;
        let error = |(line, col): (usize, usize), message: String| ThemeError {
            file: file.clone(),
            line,
            col,
            message,
        };
        let theme = parse(&text).map_err(|e| {
            let (line, col) = (e.span.start.line, e.span.start.col);
            // A bad value is named by its field; a file cut short is not any field's fault.
            let field = (e.code != ron::Error::Eof)
                .then(|| field_before(&text, line, col))
                .flatten();
            let message = match field {
                Some(field) => format!("{field}: {}", e.code),
                None => e.code.to_string(),
            };
            error((line, col), message)
        })?;
        theme
            .check()
            .map_err(|e| error(locate(&text, e.field), e.expected))?;

        let named = named_files(&theme);
        let mut art = Art::default();
        let mut sounds = Vec::new();
        let mut font = None;
        for (what, path, slot) in named {
            let kind = slot.kind();
            let at = locate(&text, &format!("\"{path}\""));
            let asset_path = cx
                .path()
                .resolve_embed_str(path)
                .map_err(|e| error(at, format!("{what}: {path:?} is not a usable path: {e}")))?;
            // Read here so a missing or wrong file is this file's error, with its line; the
            // read also makes the theme reload when that file changes.
            let bytes = cx.read_asset_bytes(asset_path.clone()).await.map_err(|_| {
                error(
                    at,
                    format!(
                        "{what}: file not found: assets/{asset_path} (expected {})",
                        kind.expected()
                    ),
                )
            })?;
            if !kind.recognises(&bytes) {
                return Err(error(
                    at,
                    format!("{what}: assets/{asset_path} is not {}", kind.expected()),
                ));
            }
            match slot {
                Slot::Piece => {
                    art.piece = Some(cx.load(asset_path));
                    art.piece_height = png_aspect(&bytes);
                }
                Slot::Backdrop => art.backdrop = Some(cx.load(asset_path)),
                Slot::Goal => art.goal = Some(cx.load(asset_path)),
                Slot::DieFace => art.die_faces.push(cx.load(asset_path)),
                Slot::Sound => sounds.push(cx.load::<AudioSource>(asset_path)),
                Slot::Font => font = Some(Arc::new(bytes)),
            }
        }
        let music = match &theme.music {
            Some(path) => {
                let at = locate(&text, &format!("\"{path}\""));
                let resolved = cx
                    .path()
                    .resolve_embed_str(path)
                    .map_err(|e| error(at, format!("music: {path:?} is not a usable path: {e}")))?;
                Some(resolved.to_string())
            }
            None => None,
        };
        Ok(Theme {
            file: theme,
            art,
            sounds,
            font,
            music,
        })
    }

    fn extensions(&self) -> &[&str] {
        &["theme.ron"]
    }
}

/// Each file a theme names: what it is (for errors), its path, and where it goes.
fn named_files(theme: &ThemeFile) -> Vec<(String, &str, Slot)> {
    let sprites = &theme.sprites;
    let mut named: Vec<(String, &str, Slot)> = Vec::new();
    let pictures = [
        ("piece", &sprites.piece, Slot::Piece),
        ("backdrop", &sprites.backdrop, Slot::Backdrop),
        ("goal", &sprites.goal, Slot::Goal),
    ];
    for (what, path, slot) in pictures {
        if let Some(path) = path {
            named.push((format!("sprite {what}"), path, slot));
        }
    }
    for (n, path) in sprites.die_faces.iter().enumerate() {
        named.push((format!("die face {}", n + 1), path, Slot::DieFace));
    }
    for (what, path) in theme.sounds.all() {
        named.push((format!("sound {what}"), path, Slot::Sound));
    }
    if let Some(path) = &theme.font {
        named.push(("font".into(), path, Slot::Font));
    }
    named
}

#[cfg(test)]
mod tests {
    use super::{field_before, png_aspect};

    #[test]
    fn a_pictures_shape_is_read_from_its_header() {
        let classic = std::fs::read("assets/themes/classic/sprites/pawn.png").unwrap();
        assert_eq!(png_aspect(&classic), Some(1.25));
        let emblem = std::fs::read("assets/themes/classic/sprites/emblem.png").unwrap();
        assert_eq!(png_aspect(&emblem), Some(1.0));
        assert_eq!(png_aspect(b"\x89PNG\r\n"), None, "cut short");
    }

    #[test]
    fn the_field_of_a_bad_value_is_named() {
        let text = "(\n  style: (\n    piece_size: \"big\",\n  ),\n)";
        assert_eq!(field_before(text, 3, 17), Some("piece_size"));
        assert_eq!(field_before(text, 1, 1), None);
        assert_eq!(field_before("(board: (track: 12))", 1, 17), Some("track"));
    }
}
