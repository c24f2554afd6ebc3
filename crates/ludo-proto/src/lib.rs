//! # ludo-proto
//!
//! What a game and the room server say to each other: one JSON object per WebSocket text
//! message, tagged by `"type"`. The game's own vocabulary (`Rules`, `GameState`, `Event`,
//! `GameRecord`) travels as `ludo-core` writes it; this crate adds only the table around it:
//! rooms, seats, who is present, the clock, refusals. No I/O.
//!
//! A connection opens with [`ClientMsg::Hello`]; a server of another [`PROTOCOL_VERSION`]
//! answers [`Refusal::Version`] and closes. Every request that changes the game names the
//! event count it answers (`at`), so a request sent before the player saw the latest events
//! is refused as stale instead of played twice.

mod code;
mod dice_check;
mod game_file;
pub mod mirror;
mod reaction;

use ludo_core::{CpuLevel, Event, GameRecord, GameState, Rules, Standing};
use serde::{Deserialize, Serialize};

pub use code::{CODE_ALPHABET, CODE_LEN, display_code, normalize_code};
pub use dice_check::{
    DICE_SCHEME, DiceCheck, Sealed, Share, check_dice, check_shared_dice, dice_seed, promise,
    seed_hash,
};
pub use game_file::{GameFile, ServedDice};
pub use mirror::Mirror;
pub use reaction::{REACTION_GAP_MS, REACTION_SHOWN_MS, Reaction};

/// The version of these messages. A client and a server of different versions refuse
/// each other at `Hello`.
pub const PROTOCOL_VERSION: u32 = 6;

/// The sizes of table quick play seats people at.
pub const QUICK_PLAY_SEATS: [u8; 3] = [2, 4, 6];

/// The largest message a device may send, in bytes (a table setup is about 600).
pub const MAX_MESSAGE_BYTES: usize = 4096;

/// The largest message the server sends and a game reads, in bytes. The server's write limit
/// and the game's read limit (native and browser) are both this. Only a finished game's
/// `room` snapshot, which carries the whole record, comes near it (docs/PROTOCOL.md).
pub const MAX_SERVER_MESSAGE_BYTES: usize = 256 * 1024;

/// The most bytes of events one `events` message carries: a longer catch-up is split.
pub const EVENTS_MESSAGE_BYTES: usize = 16 * 1024;

/// The longest name a person may give, in characters as a reader sees them (grapheme
/// clusters); longer names are cut between two of them.
pub const MAX_NAME_CHARS: usize = 24;

/// The most bytes a name may take (a character may be many code points: an emoji family,
/// or a letter under a pile of accents); a name is cut before the character that passes it.
pub const MAX_NAME_BYTES: usize = 96;

/// What a game asks of the server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMsg {
    /// The first message of every connection.
    Hello {
        protocol: u32,
    },
    /// Open a room; the sender takes its first open seat and is the host.
    Create {
        table: TableSpec,
        player: PlayerSpec,
    },
    /// Take an open seat of a room in its lobby (the first open one unless `seat` names one).
    Join {
        code: String,
        player: PlayerSpec,
        #[serde(default)]
        seat: Option<u8>,
    },
    /// Come back to a seat with the token `Joined` gave; `seen` events of the current game
    /// are already known (0 for none), so only the rest are sent.
    Resume {
        code: String,
        token: String,
        #[serde(default)]
        seen: u64,
    },
    /// Watch a room without a seat.
    Watch {
        code: String,
    },
    /// The host starts the game with the seats taken so far.
    Start,
    /// Roll (or press) the die for the sender's seat; `at` is the event count seen.
    Roll {
        at: u64,
    },
    /// Move `piece` by the pending roll.
    Move {
        at: u64,
        piece: u8,
    },
    /// The host starts the next game at the same table once the last one is over.
    Rematch,
    /// Leave the seat for the CPU until this device resumes.
    Leave,
    /// A preset reaction (`Reaction`'s id) for everyone at the table, by the sender's seat:
    /// seated players only, at most one every `REACTION_GAP_MS`.
    React {
        reaction: String,
    },
    /// Wait for a table of `seats` (2, 4 or 6) under the standard rules with players of a
    /// rating near the sender's; the server seats them (`Joined`, `Seated`) and starts it.
    QuickPlay {
        seats: u8,
        player: PlayerSpec,
    },
    /// Stop waiting for quick play.
    CancelQuickPlay,
    /// The leaderboard, with the place of the profile whose key this is (if it has one).
    Leaderboard {
        #[serde(default)]
        profile: Option<String>,
    },
    /// A seated device's promise of its share of game `game`'s dice: the SHA-256 of a fresh
    /// 32-byte secret, in hex (Dice, in docs/PROTOCOL.md).
    Commit {
        game: u32,
        promise: String,
    },
    /// The secret behind that promise, 64 hex digits, once the dice are `revealing`.
    Reveal {
        game: u32,
        secret: String,
    },
    Ping,
}

/// A table as the host sets it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableSpec {
    #[serde(default)]
    pub rules: Rules,
    /// Two to six seats in seat order.
    pub seats: Vec<SeatSpec>,
    /// Seconds a person has for a turn before the CPU plays it; none for no limit.
    #[serde(default)]
    pub turn_limit_secs: Option<u16>,
}

/// A seat of a new table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatSpec {
    /// For a person who joins.
    Open,
    Cpu(CpuLevel),
    /// No one sits here.
    Empty,
}

/// Who is joining.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSpec {
    pub name: String,
    /// The device's profile key from an earlier `Joined`; without one the server makes a
    /// new profile.
    #[serde(default)]
    pub profile: Option<String>,
}

/// What the server tells a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    Welcome {
        protocol: u32,
    },
    /// The sender took a seat in room `code`. `token` brings this device back to it
    /// (`Resume`); `profile` names the player in later rooms. Keep both on the device.
    Joined {
        code: String,
        token: String,
        profile: String,
        /// The invite path, `/r/CODE`.
        link: String,
    },
    /// The seat this connection plays, on joining, resuming, and when the game starts (seats
    /// nobody took are dropped then, so the numbers may close up).
    Seated {
        seat: u8,
    },
    /// The whole room as it is now: sent on joining, on every change of the lobby or of who
    /// is present, at each game's start and at its end.
    Room(Box<RoomView>),
    /// What happened in the game, in the engine's order, numbered from 0 within each game.
    Events {
        events: Vec<Numbered>,
    },
    /// The turn clock of `seat` started with `ms_left`; the CPU plays the rest of the turn
    /// when it runs out.
    Clock {
        seat: u8,
        ms_left: u32,
    },
    /// A seat's player reacted.
    Reacted {
        seat: u8,
        reaction: Reaction,
    },
    /// Waiting for a quick-play table of `seats`: how many wait for one now.
    Queued {
        seats: u8,
        waiting: u32,
    },
    /// Quick play stopped waiting (asked to, or the server stopped).
    Unqueued,
    /// The best ratings of ranked games (profiles with `min_games` or more), and the asking
    /// profile's own line when it is on the board.
    Leaderboard {
        leaders: Vec<Leader>,
        #[serde(default)]
        you: Option<Leader>,
        min_games: u32,
    },
    /// The room asked for (or the one this device is in) is served by another node at
    /// `url` (`ws://HOST:PORT/ws`): connect there and ask again (the seat's token stays good).
    Moved {
        url: String,
    },
    /// A request was not played; the game is unchanged.
    Refused {
        reason: Refusal,
        detail: String,
    },
    Pong,
}

/// A line of the leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Leader {
    /// From 1.
    pub place: u32,
    pub name: String,
    pub rating: f64,
    pub games: u32,
    pub wins: u32,
}

/// An engine event with its place in the game's sequence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Numbered {
    pub seq: u64,
    #[serde(flatten)]
    pub event: Event,
}

/// A room as everyone at it sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoomView {
    pub code: String,
    pub rules: Rules,
    #[serde(default)]
    pub turn_limit_secs: Option<u16>,
    /// The seat that may start the game and rematches.
    pub host: u8,
    /// In the lobby, every seat the host set (open, CPU, empty); from the start, the seats
    /// that play, in the game's seat order.
    pub seats: Vec<SeatView>,
    pub stage: Stage,
    /// The current (or last) game, once one started.
    #[serde(default)]
    pub game: Option<GameView>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    Lobby,
    Playing,
    Over,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatView {
    pub kind: SeatKind,
    /// A person's name.
    #[serde(default)]
    pub name: Option<String>,
    /// A person whose device is connected now.
    #[serde(default)]
    pub present: bool,
    /// The CPU plays this person's seat for now (away, or the turn's time ran out).
    #[serde(default)]
    pub cpu_plays: bool,
    /// A person's rating, for ranked tables.
    #[serde(default)]
    pub rating: Option<f64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    Open,
    Person,
    Cpu(CpuLevel),
    Empty,
}

/// A game in a room.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameView {
    /// 1 for the room's first game, counting rematches.
    pub number: u32,
    pub state: GameState,
    /// Events so far: the `at` a request must carry.
    pub seq: u64,
    /// The dice: the server's promise at the start, each share, and whether they are sealed.
    pub dice: DiceView,
    /// Ratings move with the result (standard rules, every seat a person).
    pub ranked: bool,
    /// Milliseconds left on the clock of the seat to play, if it is running.
    #[serde(default)]
    pub clock_ms_left: Option<u32>,
    /// Once over: the final ranking, the server's secret, the whole record to replay, and
    /// each seat's rating change (ranked games).
    #[serde(default)]
    pub result: Option<GameResult>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameResult {
    pub ranking: Vec<Standing>,
    /// The server's secret, 64 hex digits (a game from before shares: its seed's digits).
    pub secret: String,
    pub record: GameRecord,
    #[serde(default)]
    pub rating_changes: Option<Vec<f64>>,
}

/// A game's dice as the table sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceView {
    /// The SHA-256 of the server's secret, in hex, published at the game's start (in a game
    /// from before shares, of its seed's decimal digits).
    pub promised: String,
    /// The seats whose devices add to the dice (the people at the table when the game
    /// began), each with its promise once made and its secret once revealed.
    #[serde(default)]
    pub shares: Vec<ShareView>,
    pub phase: DicePhase,
}

/// Where the sealing of a game's dice is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DicePhase {
    /// Each device at the table promises its share.
    Promising,
    /// Every promise is in (or its time ran out): each device that promised reveals.
    Revealing,
    /// Every share is in, or left out: the die is set, and rolls may begin.
    Sealed,
}

/// A seat's share of the dice, as far as it has come.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShareView {
    pub seat: u8,
    #[serde(default)]
    pub promised: Option<String>,
    #[serde(default)]
    pub secret: Option<String>,
}

impl DiceView {
    /// The seal a finished game of number `game` is checked by, the server's `secret`
    /// revealed with its result; none for a game from before shares (its secret a number).
    pub fn seal(&self, game: u32, secret: &str) -> Option<Sealed> {
        ludo_core::bytes32(secret)?;
        Some(Sealed {
            game,
            promised: self.promised.clone(),
            secret: secret.to_string(),
            shares: self
                .shares
                .iter()
                .filter_map(|s| {
                    Some(Share {
                        seat: s.seat,
                        promised: s.promised.clone()?,
                        secret: s.secret.clone(),
                    })
                })
                .collect(),
        })
    }

    /// How many devices' shares seal the dice.
    pub fn revealed(&self) -> usize {
        self.shares.iter().filter(|s| s.secret.is_some()).count()
    }

    pub fn sealed(&self) -> bool {
        self.phase == DicePhase::Sealed
    }

    /// The seats whose share did not come in time (left out), once sealed.
    pub fn left_out(&self) -> Vec<u8> {
        if !self.sealed() {
            return Vec::new();
        }
        self.shares
            .iter()
            .filter(|s| s.secret.is_none())
            .map(|s| s.seat)
            .collect()
    }
}

/// Why the server did not do what was asked. `Refused::detail` says it in English; a game
/// shows its own words for each reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Refusal {
    /// The client speaks another protocol version.
    Version,
    /// The first message must be `hello`.
    NoHello,
    /// Not a message of this protocol.
    Malformed,
    /// Longer than `MAX_MESSAGE_BYTES`.
    TooLarge,
    /// More messages than the server takes from one connection.
    TooFast,
    NoSuchRoom,
    RoomFull,
    GameStarted,
    /// The seat token does not belong to this room.
    BadToken,
    /// The table setup is not a table (seats, names, limit).
    BadTable,
    /// This connection has no seat (yet), or only watches.
    NotSeated,
    /// This connection already sits at a table.
    AlreadySeated,
    NotHost,
    NotEnoughPlayers,
    NotYourTurn,
    /// The game waits for something else (a move, not a roll, or is over).
    WrongPhase,
    /// Not a legal move.
    Illegal,
    /// The request answers an earlier position (`at` is not the event count).
    Stale,
    NotOver,
    /// The server holds as many rooms as it takes.
    Full,
    /// Not one of the preset reactions.
    UnknownReaction,
    /// Quick play seats tables of 2, 4 or 6.
    BadQuickPlay,
    /// A share of the dice not taken: a promise that is not 64 hex digits or comes when none
    /// is due, or a secret that is not the one promised (that share is left out).
    BadShare,
    /// The room is being handed from a node that stopped to another: ask again in a moment.
    Busy,
}

impl ServerMsg {
    pub fn refused(reason: Refusal, detail: impl Into<String>) -> ServerMsg {
        ServerMsg::Refused {
            reason,
            detail: detail.into(),
        }
    }
}

/// A name as shown to others: no control characters, no spaces around it, at most
/// `MAX_NAME_CHARS` characters and `MAX_NAME_BYTES` bytes, cut only between two characters
/// as a reader sees them. An empty name stays empty (each game shows its word for a player).
pub fn clean_name(name: &str) -> String {
    use unicode_segmentation::UnicodeSegmentation;
    let clean: String = name.chars().filter(|c| !c.is_control()).collect();
    let mut out = String::new();
    for g in clean.trim().graphemes(true).take(MAX_NAME_CHARS) {
        if out.len() + g.len() > MAX_NAME_BYTES {
            break;
        }
        out.push_str(g);
    }
    out.trim_end().to_string()
}

/// Events numbered from `first`, split into `events` messages of at most
/// `EVENTS_MESSAGE_BYTES` of JSON each (one event is far smaller), in order.
pub fn events_messages(first: u64, events: &[Event]) -> Vec<ServerMsg> {
    let mut messages = Vec::new();
    let mut chunk: Vec<Numbered> = Vec::new();
    let mut bytes = 0;
    for (i, event) in events.iter().enumerate() {
        let n = Numbered {
            seq: first + i as u64,
            event: event.clone(),
        };
        // Each event's JSON and the comma before it; the envelope is about 30 bytes.
        let size = encode(&n).len() + 1;
        if !chunk.is_empty() && bytes + size + 32 > EVENTS_MESSAGE_BYTES {
            messages.push(ServerMsg::Events {
                events: std::mem::take(&mut chunk),
            });
            bytes = 0;
        }
        bytes += size;
        chunk.push(n);
    }
    if !chunk.is_empty() {
        messages.push(ServerMsg::Events { events: chunk });
    }
    messages
}

/// One message as JSON text.
pub fn encode<T: Serialize>(msg: &T) -> String {
    serde_json::to_string(msg).expect("protocol messages always serialize")
}

/// One message from JSON text, or what is wrong with it (cut to a line's length).
pub fn decode<'a, T: Deserialize<'a>>(text: &'a str) -> Result<T, String> {
    serde_json::from_str(text).map_err(|e| {
        let mut s = e.to_string();
        if s.len() > 200 {
            let mut end = 200;
            while !s.is_char_boundary(end) {
                end -= 1;
            }
            s.truncate(end);
            s.push('…');
        }
        s
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludo_core::Pos;

    #[test]
    fn client_messages_read_as_documented() {
        let m: ClientMsg = decode(r#"{"type":"hello","protocol":1}"#).unwrap();
        assert_eq!(m, ClientMsg::Hello { protocol: 1 });
        let m: ClientMsg = decode(
            r#"{"type":"create","table":{"seats":["open",{"cpu":"hard"},"empty","open"],"turn_limit_secs":30},"player":{"name":"Ana"}}"#,
        )
        .unwrap();
        let ClientMsg::Create { table, player } = m else {
            panic!("{m:?}")
        };
        assert_eq!(table.rules, Rules::default());
        assert_eq!(table.seats[1], SeatSpec::Cpu(CpuLevel::Hard));
        assert_eq!(table.turn_limit_secs, Some(30));
        assert_eq!(player.profile, None);
        let m: ClientMsg = decode(r#"{"type":"move","at":12,"piece":3}"#).unwrap();
        assert_eq!(m, ClientMsg::Move { at: 12, piece: 3 });
    }

    #[test]
    fn events_carry_their_number_beside_the_engine_fields() {
        let msg = ServerMsg::Events {
            events: vec![Numbered {
                seq: 7,
                event: Event::Moved {
                    seat: 1,
                    piece: 2,
                    from: Pos::BASE,
                    to: Pos::at(0),
                },
            }],
        };
        let text = encode(&msg);
        assert_eq!(
            text,
            r#"{"type":"events","events":[{"seq":7,"event":"moved","seat":1,"piece":2,"from":"base","to":0}]}"#
        );
        assert_eq!(decode::<ServerMsg>(&text).unwrap(), msg);
    }

    #[test]
    fn names_are_cleaned_and_cut_between_characters() {
        assert_eq!(clean_name("  Ana\u{7}\n "), "Ana");
        assert_eq!(clean_name(""), "");
        assert_eq!(clean_name(&"é".repeat(100)).chars().count(), MAX_NAME_CHARS);
        // "e" and a combining accent are one character: never split.
        let accents = "e\u{301}".repeat(30);
        let cut = clean_name(&accents);
        assert_eq!(cut, "e\u{301}".repeat(MAX_NAME_CHARS));
        // A family emoji is seven code points and 25 bytes: three fit in 96 bytes, whole.
        let family = "👨‍👩‍👧‍👦";
        let cut = clean_name(&family.repeat(10));
        assert_eq!(cut, family.repeat(3));
        // A character over the byte limit (a letter under 200 accents) is left out whole.
        let pile = format!("Ana{}", "\u{301}".repeat(200));
        assert_eq!(clean_name(&pile), "An");
        assert!(clean_name(&"字".repeat(40)).len() <= MAX_NAME_BYTES);
    }

    #[test]
    fn a_long_catch_up_is_split_into_bounded_messages_in_order() {
        let event = Event::Moved {
            seat: 3,
            piece: 2,
            from: Pos::at(10),
            to: Pos::at(16),
        };
        let events = vec![event; 3000];
        let messages = events_messages(100, &events);
        assert!(messages.len() > 1);
        let mut next = 100;
        for m in &messages {
            assert!(
                encode(m).len() <= EVENTS_MESSAGE_BYTES,
                "{}",
                encode(m).len()
            );
            let ServerMsg::Events { events } = m else {
                panic!("{m:?}")
            };
            for n in events {
                assert_eq!(n.seq, next);
                next += 1;
            }
        }
        assert_eq!(next, 3100);
        assert!(events_messages(0, &[]).is_empty());
    }

    #[test]
    fn malformed_messages_are_errors_not_panics() {
        for bad in [
            "",
            "{",
            "[]",
            r#"{"type":"fly"}"#,
            r#"{"type":"move","at":-1,"piece":0}"#,
            r#"{"type":"move","at":1,"piece":300}"#,
        ] {
            assert!(decode::<ClientMsg>(bad).is_err(), "{bad}");
        }
        let long = format!(r#"{{"type":"{}"}}"#, "x".repeat(10_000));
        assert!(decode::<ClientMsg>(&long).unwrap_err().chars().count() <= 201);
    }
}
