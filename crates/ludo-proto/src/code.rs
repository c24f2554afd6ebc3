//! Room codes: short enough to read aloud and type on a phone (shown as `ABCD-EFGH`), from an
//! alphabet without look-alikes: of each pair 0/O, 1/I/L, 2/Z, 5/S, 8/B, U/V at most one is in.

/// 24 letters and digits that no font confuses with each other.
pub const CODE_ALPHABET: &[u8; 24] = b"346789ACDEFGHJKMNPQRTWXY";
/// Eight characters: 24^8 ≈ 1.1 × 10^11 codes, so that guessing one of even ten thousand live
/// rooms takes some ten million tries (and a connection that misses a few times is closed).
pub const CODE_LEN: usize = 8;

/// A code as a person typed it (any case, spaces or dashes), or `None` when it cannot be
/// a code.
pub fn normalize_code(typed: &str) -> Option<String> {
    let code: String = typed
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| c.to_ascii_uppercase())
        .collect();
    (code.len() == CODE_LEN && code.bytes().all(|b| CODE_ALPHABET.contains(&b))).then_some(code)
}

/// A code as people read it: `ABCD-EFGH`.
pub fn display_code(code: &str) -> String {
    if code.len() == CODE_LEN && code.is_ascii() {
        format!("{}-{}", &code[..4], &code[4..])
    } else {
        code.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alphabet_has_no_look_alikes_or_repeats() {
        for (i, a) in CODE_ALPHABET.iter().enumerate() {
            assert!(!b"012BILOSUVZ".contains(a), "{}", *a as char);
            assert!(!CODE_ALPHABET[i + 1..].contains(a));
        }
    }

    #[test]
    fn typed_codes_are_normalized() {
        assert_eq!(normalize_code("k7x9-pqta"), Some("K7X9PQTA".into()));
        assert_eq!(normalize_code(" K7X9 PQTA "), Some("K7X9PQTA".into()));
        assert_eq!(display_code("K7X9PQTA"), "K7X9-PQTA");
        assert_eq!(normalize_code("K7X9PQT"), None);
        assert_eq!(normalize_code("K7X9PQTO"), None);
        assert_eq!(normalize_code("K7X9PQTé"), None);
    }
}
