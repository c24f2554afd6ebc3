//! Room codes, seat tokens and profile keys: drawn from the system's random source, and kept
//! on the server only as SHA-256 hashes (a stolen database seats no one).

use ludo_proto::{CODE_ALPHABET, CODE_LEN};
use sha2::{Digest, Sha256};

pub fn random_bytes<const N: usize>() -> [u8; N] {
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

/// Tests only: the server's secret of game `number` of a server run with `--fixed-seed`,
/// the same every run (the SHA-256 of both numbers).
pub fn fixed(seed: u64, number: u32) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(seed.to_be_bytes());
    h.update(number.to_be_bytes());
    h.finalize().into()
}

/// The SHA-256 of `text`, in hex.
pub fn hash(text: &str) -> String {
    hex(&Sha256::digest(text.as_bytes()))
}

use ludo_core::hex;

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
