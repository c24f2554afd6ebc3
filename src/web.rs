//! The browser build's own parts: the page's query read as command-line arguments, and the
//! milestones the page and the browser test wait for (first frame, game over), written to
//! the console.

use bevy::prelude::*;

use crate::play::GameOver;

/// `?seats=cpu,cpu:hard&speed=instant&seed=3` → `--seats cpu,cpu:hard --speed instant
/// --seed 3`. A key without a value becomes a flag (`?when-over` → `--when-over`).
pub fn query_to_args(query: &str) -> Vec<String> {
    let mut args = Vec::new();
    for pair in query.trim_start_matches('?').split('&') {
        if pair.is_empty() {
            continue;
        }
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        args.push(format!("--{}", decode(key)));
        if !value.is_empty() {
            args.push(decode(value));
        }
    }
    args
}

/// Undoes the URL's percent-encoding (`cpu%3Ahard` → `cpu:hard`) and `+` for a space.
fn decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = |b: u8| (b as char).to_digit(16);
                match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                    (Some(hi), Some(lo)) => {
                        out.push((hi * 16 + lo) as u8);
                        i += 2;
                    }
                    _ => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

pub fn plugin(app: &mut App) {
    app.add_systems(Last, (first_frame, game_over));
}

/// The page hides its loading bar, and the test starts its clock, on this line.
fn first_frame(mut frames: Local<u32>) {
    *frames += 1;
    if *frames == 2 {
        info!("ludo: first frame");
    }
}

fn game_over(mut over: MessageReader<GameOver>) {
    if over.read().last().is_some() {
        info!("ludo: game over");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_query_reads_as_the_command_line() {
        assert_eq!(
            query_to_args("?seats=cpu,cpu%3Ahard,person%3AAna+Li&speed=instant&seed=3&when-over"),
            [
                "--seats",
                "cpu,cpu:hard,person:Ana Li",
                "--speed",
                "instant",
                "--seed",
                "3",
                "--when-over"
            ]
        );
        assert!(query_to_args("").is_empty());
        assert!(query_to_args("?").is_empty());
        assert_eq!(decode("100%"), "100%");
        assert_eq!(decode("%zz"), "%zz");
        assert_eq!(decode("%C3%A9t%C3%A9"), "été");
    }
}
