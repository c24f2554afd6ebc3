//! What the game tells whoever watches its log (the browser tests, a person debugging): one
//! typed message, [`Signal`], written by any system and put on the log by one system as a line
//! of JSON after `ludo: `, e.g. `ludo: {"signal":"room","code":"K7X9PQTA"}`. The tests parse
//! these lines (`web/harness.mjs`); nothing else on the log starts so.

use bevy::prelude::*;
use serde::Serialize;

/// Something the game tells its log, one JSON line each (`signal` names the kind).
#[derive(Message, Serialize, Clone, Debug, PartialEq)]
#[serde(tag = "signal", rename_all = "snake_case")]
pub enum Signal {
    /// The second frame is drawn: the page hides its loading cover, the tests start clocks.
    FirstFrame,
    /// The window's size as the game sees it: logical size (rounded), the scale factor in
    /// hundredths, physical pixels. (No floating point: its JSON formatting alone would add
    /// to the browser's download.)
    Window {
        size: [u32; 2],
        scale_percent: u32,
        pixels: [u32; 2],
    },
    /// A window (an overlay, or the pause menu: `Pause`) opened, by its name; `None` when the
    /// last one has closed.
    Opened {
        window: String,
    },
    GameOver,
    /// The engine's `n`th event of the game shown (with `--print-events`).
    Event {
        n: u64,
        event: ludo_core::Event,
    },
    /// A person here is to roll: where a finger would press the die, in CSS pixels, after
    /// `events` events.
    TapDie {
        events: usize,
        at: [i32; 2],
    },
    /// A person here is to move: for each legal move, where its piece is drawn and where it
    /// would land, in CSS pixels (a point the board does not show is left out).
    TapMove {
        events: usize,
        moves: Vec<Vec<[i32; 2]>>,
        /// Each move's piece, and how many pieces stand on its square (1: alone).
        pieces: Vec<u8>,
        sharing: Vec<u8>,
    },
    /// Where a finger would press a button (`what`: `new-table`, `pause`, `which`…).
    Tap {
        what: String,
        at: [i32; 2],
    },
    /// A reaction shown by its sender's plate.
    Reaction {
        reaction: String,
        seat: u8,
    },
    /// A review opened, `steps` long, its dice `fair`, `failed` or `unchecked`.
    Review {
        steps: usize,
        dice: String,
    },
    /// The review's chart rated `turns` turns in `micros` microseconds.
    ReviewChart {
        turns: usize,
        micros: u64,
    },
    /// The game just finished was analysed for luck and skill: `throws` throws and
    /// `decisions` decisions in `micros` microseconds of work, spread over `frames` frames.
    Analysed {
        throws: usize,
        decisions: usize,
        micros: u64,
        frames: u32,
    },
    /// A review's decision is played again (Try it again): the table is at `step` of the
    /// record, `seat` to move.
    TriedAgain {
        step: usize,
        seat: u8,
    },
    /// A hint was given: `piece` is best, by `points` of win chance over the next move.
    Hint {
        piece: u8,
        points: f32,
    },
    /// This device checked a finished game's dice: `fair`, `failed` (why in `detail`) or
    /// `no_seed`.
    DiceChecked {
        verdict: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        detail: Option<String>,
    },
    /// The server's leaderboard came, `players` long.
    Leaderboard {
        players: usize,
    },
    /// Online: the connection to `server` is open.
    Connected {
        server: String,
    },
    /// Online: the connection is tried again.
    Reconnecting {
        server: String,
        attempt: u32,
    },
    /// Online: this device sits at `seat`.
    Seated {
        seat: u8,
    },
    /// Online: quick play waits for a table of `seats` with `waiting` people asking.
    Waiting {
        seats: u8,
        waiting: u32,
    },
    /// Online: the room's code.
    Room {
        code: String,
    },
    /// Online: another node serves the room, at `url`.
    Moved {
        url: String,
    },
    /// Online: the room is between two nodes; asked again.
    BetweenNodes,
    /// Online: the table is at event `event` (a game begins at 0, a return midway).
    TableAt {
        event: u64,
    },
    /// Online: the CPU plays for `seat` (its person away).
    CpuPlays {
        seat: u8,
    },
    /// Online: a hundred more events heard (`events`, rounded down to hundreds).
    Events {
        events: u64,
    },
}

impl Signal {
    /// The signal as its log line.
    pub fn line(&self) -> String {
        // Serializing plain data with string keys cannot fail.
        format!("ludo: {}", serde_json::to_string(self).unwrap_or_default())
    }
}

/// Where the log lines are written: after the frame's other work, so that systems that
/// write signals late in a frame (`Last`) are told in the same frame when they run before it.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Tell;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Signal>()
        .add_systems(Last, tell.in_set(Tell));
}

fn tell(mut signals: MessageReader<Signal>) {
    for signal in signals.read() {
        info!("{}", signal.line());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signal_is_one_line_of_json_named_by_its_kind() {
        let room = Signal::Room {
            code: "K7X9PQTA".into(),
        };
        assert_eq!(room.line(), r#"ludo: {"signal":"room","code":"K7X9PQTA"}"#);
        assert_eq!(
            Signal::FirstFrame.line(),
            r#"ludo: {"signal":"first_frame"}"#
        );
        let checked = Signal::DiceChecked {
            verdict: "fair".into(),
            detail: None,
        };
        assert_eq!(
            checked.line(),
            r#"ludo: {"signal":"dice_checked","verdict":"fair"}"#
        );
        let event = Signal::Event {
            n: 3,
            event: ludo_core::Event::Rolled { seat: 1, value: 6 },
        };
        let line = event.line();
        assert!(
            line.starts_with(
                r#"ludo: {"signal":"event","n":3,"event":{"event":"rolled","seat":1,"value":6"#
            ),
            "{line}"
        );
    }
}
