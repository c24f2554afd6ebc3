//! Reading rules, states and records from files or stdin, with errors that name the file,
//! the line and what was expected.

use std::io::Read;
use std::path::Path;

use serde::de::DeserializeOwned;

/// A message for the user; the tool prints it and exits with code 2.
#[derive(Debug)]
pub struct InputError(pub String);

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

pub enum Format {
    Json,
    Ron,
}

impl Format {
    /// RON for `.ron` files, JSON otherwise (and on stdin).
    pub fn of(path: &str) -> Format {
        if Path::new(path).extension().is_some_and(|e| e == "ron") {
            Format::Ron
        } else {
            Format::Json
        }
    }
}

/// Reads `path`, or stdin when it is `-`.
pub fn read_text(path: &str) -> Result<String, InputError> {
    let mut text = String::new();
    let result = if path == "-" {
        std::io::stdin().read_to_string(&mut text).map(|_| ())
    } else {
        std::fs::read_to_string(path).map(|t| text = t)
    };
    result.map_err(|e| InputError(format!("{}: cannot read: {e}", name(path))))?;
    Ok(text)
}

fn name(path: &str) -> &str {
    if path == "-" { "<stdin>" } else { path }
}

/// Parses `text` (read from `path`) as `T`, naming the file, line and column on error.
pub fn parse<T: DeserializeOwned>(path: &str, text: &str, format: Format) -> Result<T, InputError> {
    match format {
        Format::Json => serde_json::from_str(text).map_err(|e| {
            InputError(format!(
                "{}:{}:{}: {}",
                name(path),
                e.line(),
                e.column(),
                strip_position(&e.to_string())
            ))
        }),
        Format::Ron => ron::from_str(text).map_err(|e| {
            InputError(format!(
                "{}:{}:{}: {}",
                name(path),
                e.span.start.line,
                e.span.start.col,
                e.code
            ))
        }),
    }
}

/// serde_json appends " at line L column C"; the prefix already says where.
fn strip_position(msg: &str) -> &str {
    msg.rfind(" at line ").map_or(msg, |i| &msg[..i])
}

pub fn read<T: DeserializeOwned>(path: &str) -> Result<T, InputError> {
    parse(path, &read_text(path)?, Format::of(path))
}
