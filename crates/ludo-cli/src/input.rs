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

/// The largest input read (a whole game's record is a few tens of kilobytes).
pub const MAX_INPUT: u64 = 16 << 20;

/// Reads `path`, or stdin when it is `-`: at most `MAX_INPUT` bytes of UTF-8 text.
pub fn read_text(path: &str) -> Result<String, InputError> {
    let cannot = |e: std::io::Error| InputError(format!("{}: cannot read: {e}", name(path)));
    let source: Box<dyn Read> = if path == "-" {
        Box::new(std::io::stdin())
    } else {
        Box::new(std::fs::File::open(path).map_err(cannot)?)
    };
    let mut bytes = Vec::new();
    source
        .take(MAX_INPUT + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(InputError(format!(
            "{}: larger than {} MiB, more than any rules, state or record",
            name(path),
            MAX_INPUT >> 20
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        InputError(format!(
            "{}: not UTF-8 text (byte {} is not)",
            name(path),
            e.utf8_error().valid_up_to()
        ))
    })
}

fn name(path: &str) -> &str {
    if path == "-" { "<stdin>" } else { path }
}

/// Parses `text` (read from `path`) as `T`, naming the file, line and column on error.
pub fn parse<T: DeserializeOwned>(path: &str, text: &str, format: Format) -> Result<T, InputError> {
    match format {
        Format::Json => {
            // serde reads a struct from an array too; every input here is an object.
            let start = text.len() - text.trim_start().len();
            if let Some(c) = text[start..].chars().next().filter(|&c| c != '{') {
                let line = text[..start].matches('\n').count() + 1;
                let col = start - text[..start].rfind('\n').map_or(0, |i| i + 1) + 1;
                return Err(InputError(format!(
                    "{}:{line}:{col}: expected an object ({{ … }}), found {}",
                    name(path),
                    if c == '[' {
                        "an array".to_string()
                    } else {
                        format!("{c:?}")
                    }
                )));
            }
            serde_json::from_str(text).map_err(|e| {
                InputError(format!(
                    "{}:{}:{}: {}",
                    name(path),
                    e.line(),
                    e.column(),
                    strip_position(&e.to_string())
                ))
            })
        }
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
