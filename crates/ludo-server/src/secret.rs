//! Room codes, seat tokens and profile keys: drawn from the system's random source, and kept
//! on the server only as SHA-256 hashes (a stolen database seats no one).

use ludo_proto::{CODE_ALPHABET, CODE_LEN};
use sha2::{Digest, Sha256};

fn random_bytes<const N: usize>() -> [u8; N] {
    let mut buf = [0u8; N];
    getrandom::fill(&mut buf).expect("the system's random source works");
    buf
}

/// A fresh room code. Each character takes a byte below 240 (ten times the alphabet), so
/// every character is equally likely.
pub fn room_code() -> String {
    let mut code = String::with_capacity(CODE_LEN);
    while code.len() < CODE_LEN {
        for b in random_bytes::<16>() {
            if b < 240 && code.len() < CODE_LEN {
                code.push(CODE_ALPHABET[(b % 24) as usize] as char);
            }
        }
    }
    code
}

/// A secret for a device to keep: 128 random bits as 32 hex digits.
pub fn token() -> String {
    hex(&random_bytes::<16>())
}

/// A die seed nobody can predict.
pub fn seed() -> u64 {
    u64::from_le_bytes(random_bytes::<8>())
}

/// The SHA-256 of `text`, in hex.
pub fn hash(text: &str) -> String {
    hex(&Sha256::digest(text.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_codes_and_differ() {
        let a = room_code();
        assert_eq!(ludo_proto::normalize_code(&a).as_deref(), Some(a.as_str()));
        assert_ne!(a, room_code());
        assert_eq!(token().len(), 32);
    }
}
