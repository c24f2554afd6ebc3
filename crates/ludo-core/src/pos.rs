//! Where a piece is: in base, or `progress` steps from its own start.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A piece's position. In files it is the string `"base"` or the progress as a number:
/// `0` = on its start square, up to the last track square, then the home column, then the
/// goal (56 on the cross board).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos(u8);

impl Pos {
    pub const BASE: Pos = Pos(u8::MAX);

    #[inline]
    pub const fn at(progress: u8) -> Pos {
        Pos(progress)
    }

    #[inline]
    pub fn is_base(self) -> bool {
        self == Pos::BASE
    }

    /// The progress, or `None` in base.
    #[inline]
    pub fn progress(self) -> Option<u8> {
        (!self.is_base()).then_some(self.0)
    }

    /// The raw byte: progress, or 255 in base.
    #[inline]
    pub fn raw(self) -> u8 {
        self.0
    }
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.progress() {
            None => f.write_str("base"),
            Some(p) => write!(f, "{p}"),
        }
    }
}

impl Serialize for Pos {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.progress() {
            None => s.serialize_str("base"),
            Some(p) => s.serialize_u8(p),
        }
    }
}

impl<'de> Deserialize<'de> for Pos {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Pos;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("\"base\" or a progress from 0 to the goal")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Pos, E> {
                if v == "base" {
                    Ok(Pos::BASE)
                } else {
                    Err(E::invalid_value(serde::de::Unexpected::Str(v), &self))
                }
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Pos, E> {
                // The upper bound depends on the board; `Game::from_state` checks it.
                if v < u8::MAX as u64 {
                    Ok(Pos(v as u8))
                } else {
                    Err(E::invalid_value(serde::de::Unexpected::Unsigned(v), &self))
                }
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Pos, E> {
                if v < 0 {
                    Err(E::invalid_value(serde::de::Unexpected::Signed(v), &self))
                } else {
                    self.visit_u64(v as u64)
                }
            }
        }
        d.deserialize_any(V)
    }
}
