//! The few file operations the saved files need (read, write, rename, exists), on the
//! desktop as files and in the browser as entries of the page's `localStorage` keyed by the
//! same paths, so saving, atomic replacement and keeping a broken copy aside work alike on
//! both.

use std::io;
use std::path::{Path, PathBuf};

/// Where the game keeps its files: the user's folder on the desktop (`$XDG_CONFIG_HOME` and
/// `$XDG_DATA_HOME`, or their usual places under `$HOME`), a key prefix in the browser.
pub fn user_folder(xdg: &str, under_home: &str) -> Option<PathBuf> {
    if cfg!(target_arch = "wasm32") {
        return Some(PathBuf::from("ludo").join(under_home));
    }
    let base = std::env::var_os(xdg)
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(under_home)));
    base.map(|b| b.join("ludo"))
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use super::*;

    pub fn read(path: &Path) -> io::Result<String> {
        std::fs::read_to_string(path)
    }

    pub fn write(path: &Path, text: &str) -> io::Result<()> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(path, text)
    }

    pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
        std::fs::rename(from, to)
    }

    pub fn exists(path: &Path) -> bool {
        path.exists()
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use super::*;

    fn store() -> io::Result<web_sys::Storage> {
        web_sys::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .ok_or_else(|| io::Error::other("this browser keeps no local storage"))
    }

    fn key(path: &Path) -> String {
        path.to_string_lossy().into_owned()
    }

    pub fn read(path: &Path) -> io::Result<String> {
        store()?
            .get_item(&key(path))
            .map_err(|_| io::Error::other("local storage refused to read"))?
            .ok_or_else(|| io::Error::from(io::ErrorKind::NotFound))
    }

    pub fn write(path: &Path, text: &str) -> io::Result<()> {
        store()?
            .set_item(&key(path), text)
            .map_err(|_| io::Error::other("local storage is full or refused to write"))
    }

    pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
        let text = read(from)?;
        write(to, &text)?;
        store()?
            .remove_item(&key(from))
            .map_err(|_| io::Error::other("local storage refused to remove"))
    }

    pub fn exists(path: &Path) -> bool {
        read(path).is_ok()
    }
}

pub use imp::{exists, read, rename, write};

/// Now, in seconds since 1970 (UTC), if the clock says.
pub fn unix_now() -> Option<u64> {
    #[cfg(not(target_arch = "wasm32"))]
    return std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .ok()
        .map(|d| d.as_secs());
    #[cfg(target_arch = "wasm32")]
    return Some((js_sys::Date::now() / 1000.0) as u64);
}
