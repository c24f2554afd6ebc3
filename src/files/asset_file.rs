//! What every loader of `assets/` does first: read the whole file, name it the way a modder
//! sees it (`assets/rules/party.ron`), and say clearly when it cannot be read or is not text.

use bevy::asset::LoadContext;
use bevy::asset::io::Reader;

/// Why an asset file cannot be used: its name, where in it (when known), and what was expected.
#[derive(Debug, Clone, PartialEq)]
pub struct AssetFileError {
    pub file: String,
    /// Line and column, from 1.
    pub at: Option<(usize, usize)>,
    pub message: String,
}

impl std::fmt::Display for AssetFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self.at {
            Some((line, col)) => write!(f, "{}:{line}:{col}: {}", self.file, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for AssetFileError {}

/// A text file of `assets/` being loaded: its name and its text.
pub struct AssetText {
    pub file: String,
    pub text: String,
}

impl AssetText {
    /// An error in this file at a line and column (from 1).
    pub fn error_at(&self, at: (usize, usize), message: impl Into<String>) -> AssetFileError {
        AssetFileError {
            file: self.file.clone(),
            at: Some(at),
            message: message.into(),
        }
    }
}

/// Reads the whole file the loader was given: its name and its bytes.
pub async fn read_bytes(
    reader: &mut dyn Reader,
    cx: &LoadContext<'_>,
) -> Result<(String, Vec<u8>), AssetFileError> {
    let file = format!("assets/{}", cx.path());
    let mut bytes = Vec::new();
    match reader.read_to_end(&mut bytes).await {
        Ok(_) => Ok((file, bytes)),
        Err(e) => Err(AssetFileError {
            file,
            at: None,
            message: format!("cannot read: {e}"),
        }),
    }
}

/// Reads the whole file the loader was given as text: every text format of `assets/` is UTF-8.
pub async fn read_text(
    reader: &mut dyn Reader,
    cx: &LoadContext<'_>,
) -> Result<AssetText, AssetFileError> {
    let (file, bytes) = read_bytes(reader, cx).await?;
    match String::from_utf8(bytes) {
        Ok(text) => Ok(AssetText { file, text }),
        Err(e) => Err(AssetFileError {
            file,
            at: None,
            message: format!("expected UTF-8 text: {e}"),
        }),
    }
}
