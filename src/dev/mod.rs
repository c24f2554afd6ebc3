//! Tools for developers and tests, not for players.

pub mod screenshot;

/// The game's source folder, read when a test runs (cargo sets it) rather than when it was
/// built: the build folder is shared between checkouts, and a test binary built in another
/// one must not read that one's files.
pub fn manifest_dir() -> std::path::PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| env!("CARGO_MANIFEST_DIR").into())
}
