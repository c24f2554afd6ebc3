//! A finished game as one file: what a device exports from its past games, what a room
//! server serves at `/g/ID`, and what a review opens. JSON, the record as `ludo-core` writes
//! it; a bare record file (`ludo-cli record`) opens too.

use ludo_core::{GameRecord, Seed};
use serde::{Deserialize, Serialize};

use crate::dice_check::{
    DiceCheck, Sealed, check_dice, check_shared_dice, rolls_of_the_die, seed_hash,
};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameFile {
    pub record: GameRecord,
    /// When the game ended, in seconds since 1970 (UTC).
    #[serde(default)]
    pub finished: Option<u64>,
    /// A room server's game from before shares: the hash of its die's seed published before
    /// the first roll, and the seed revealed at the end.
    #[serde(default)]
    pub served: Option<ServedDice>,
    /// A room server's game sealed by the server and the players' devices: the promises, the
    /// shares revealed and the server's secret.
    #[serde(default)]
    pub sealed: Option<Sealed>,
    /// Its ID at the server that played it (`/g/ID`).
    #[serde(default)]
    pub id: Option<String>,
    /// The hints each seat asked for (a local game's; none is written when none was asked).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hints: Vec<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ServedDice {
    pub promised: String,
    pub seed: u64,
}

impl GameFile {
    /// A game played here: its die's seed is in its record.
    pub fn local(record: GameRecord, finished: Option<u64>) -> GameFile {
        GameFile {
            record,
            finished,
            served: None,
            sealed: None,
            id: None,
            hints: Vec::new(),
        }
    }

    /// Reads a game file, or a bare record, from `text`; `name` (the file's name or the
    /// address) starts the error, which says the line and column and what was expected.
    pub fn parse(name: &str, text: &str) -> Result<GameFile, String> {
        let at = |e: serde_json::Error| format!("{name}:{}:{}: {e}", e.line(), e.column());
        let value: serde_json::Value = serde_json::from_str(text).map_err(at)?;
        let file = if value.get("record").is_some() {
            serde_json::from_str::<GameFile>(text).map_err(at)?
        } else if value.get("steps").is_some() {
            GameFile::local(serde_json::from_str::<GameRecord>(text).map_err(at)?, None)
        } else {
            return Err(format!(
                "{name}: expected a finished game (an object with `record`) or a game record (with `steps`)"
            ));
        };
        Ok(file)
    }

    /// The dice checked: a server's game against its seal (or, from before shares, the hash
    /// it promised before the first roll); a game played on one device against the seed in
    /// its record. `None` when the record has no seed (its dice cannot be checked).
    pub fn check_dice(&self) -> Option<DiceCheck> {
        if let Some(sealed) = &self.sealed {
            return Some(check_shared_dice(&self.record, sealed));
        }
        if let Some(served) = &self.served {
            return Some(check_dice(&self.record, &served.promised, served.seed));
        }
        match self.record.seed? {
            Seed::Number(n) => Some(check_dice(&self.record, &seed_hash(n), n)),
            seed => Some(rolls_of_the_die(&self.record, seed)),
        }
    }

    /// The record without its seed: every step as it was played, whatever die rolled it (a
    /// review shows a game whose dice fail their check, and says so).
    pub fn steps_only(&self) -> GameRecord {
        GameRecord {
            seed: None,
            ..self.record.clone()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludo_core::{RandomChooser, Rules};

    #[test]
    fn a_bare_record_opens_and_garbage_is_named_with_its_line() {
        let players = vec!["a".into(), "b".into()];
        let record =
            GameRecord::played(Rules::default(), players, 3, &mut RandomChooser::new(3)).unwrap();
        let bare = serde_json::to_string(&record).unwrap();
        assert_eq!(GameFile::parse("g.json", &bare).unwrap().record, record);
        let file = GameFile::local(record, Some(1));
        let text = serde_json::to_string_pretty(&file).unwrap();
        assert_eq!(GameFile::parse("g.json", &text).unwrap(), file);
        let broken = text.replacen("\"steps\": [", "\"steps\": [}", 1);
        let e = GameFile::parse("g.json", &broken).unwrap_err();
        assert!(e.starts_with("g.json:") && e.contains("expected"), "{e}");
        let e = GameFile::parse("g.json", "{\"hello\": 1}").unwrap_err();
        assert!(e.contains("expected a finished game"), "{e}");
    }
}
