//! What a folder of `assets/` offers: themes, house-rule presets, languages and their fonts.
//! On desktop the folder is read, so a modder's or translator's new file shows up without a
//! change to the code, beside the shipped ones (built in); the browser cannot list a folder
//! over HTTP, so it gets the shipped names (tests keep those lists equal to the folders).

/// The `assets/` folder the desktop game reads (`--assets DIR`, or Bevy's: the folder beside
/// the binary, or the source folder under `cargo run`); what it lacks comes built in.
static FOLDER: std::sync::RwLock<Option<std::path::PathBuf>> = std::sync::RwLock::new(None);

/// Reads `dir` as the `assets/` folder from now on.
pub fn use_folder(dir: std::path::PathBuf) {
    *FOLDER.write().unwrap_or_else(|e| e.into_inner()) = Some(dir);
}

/// The `assets/` folder the desktop game reads first.
#[cfg(not(target_arch = "wasm32"))]
pub fn folder() -> std::path::PathBuf {
    FOLDER
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .clone()
        .unwrap_or_else(|| bevy::asset::io::file::FileAssetReader::get_base_path().join("assets"))
}

/// The names `name_of` gives the entries of `assets/FOLDER/` it accepts, with the `shipped`
/// ones (built into the desktop game, and the browser's list), sorted.
pub fn names(
    folder: &str,
    shipped: &[&str],
    name_of: impl Fn(&std::path::Path) -> Option<String>,
) -> Vec<String> {
    let mut found: Vec<String> = shipped.iter().map(|s| s.to_string()).collect();
    #[cfg(not(target_arch = "wasm32"))]
    found.extend(
        std::fs::read_dir(self::folder().join(folder))
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|e| name_of(&e.path())),
    );
    #[cfg(target_arch = "wasm32")]
    let _ = (folder, name_of);
    found.sort();
    found.dedup();
    found
}

/// The file name without `suffix`, for files that end with it (`quick.ron` → `quick`).
pub fn stem(path: &std::path::Path, suffix: &str) -> Option<String> {
    let name = path.file_name()?.to_str()?;
    name.strip_suffix(suffix).map(str::to_string)
}

/// The game's source folder, read when a test runs (cargo sets it) rather than when it was
/// built: the build folder is shared between checkouts, and a test binary built in another
/// one must not read that one's files.
pub fn manifest_dir() -> std::path::PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| env!("CARGO_MANIFEST_DIR").into())
}
