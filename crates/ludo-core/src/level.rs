//! The CPU levels by name: the vocabulary a table, a record and the protocol use for a CPU
//! seat. How each level plays is the `ludo-cpu` crate's.

use std::str::FromStr;

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CpuLevel {
    Random,
    Easy,
    Normal,
    Hard,
    Expert,
}

impl CpuLevel {
    pub const ALL: [CpuLevel; 5] = [
        CpuLevel::Random,
        CpuLevel::Easy,
        CpuLevel::Normal,
        CpuLevel::Hard,
        CpuLevel::Expert,
    ];

    pub fn name(self) -> &'static str {
        match self {
            CpuLevel::Random => "random",
            CpuLevel::Easy => "easy",
            CpuLevel::Normal => "normal",
            CpuLevel::Hard => "hard",
            CpuLevel::Expert => "expert",
        }
    }
}

impl FromStr for CpuLevel {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        CpuLevel::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| {
                format!("unknown CPU level {s:?}: expected random, easy, normal, hard or expert")
            })
    }
}

impl std::fmt::Display for CpuLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
