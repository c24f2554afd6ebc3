//! What a folder of `assets/` offers: themes, house-rule presets, languages and their fonts.
//! On desktop the folder is read, so a modder's or translator's new file shows up without a
//! change to the code; the browser cannot list a folder over HTTP, so it gets the shipped
//! names (tests keep those lists equal to the folders).

/// The names `name_of` gives the entries of `assets/FOLDER/` it accepts, sorted; `shipped`
/// in the browser, or when the folder cannot be read or holds none.
pub fn names(
    folder: &str,
    shipped: &[&str],
    name_of: impl Fn(&std::path::Path) -> Option<String>,
) -> Vec<String> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let dir = bevy::asset::io::file::FileAssetReader::get_base_path()
            .join("assets")
            .join(folder);
        let mut found: Vec<String> = std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|e| name_of(&e.path()))
            .collect();
        found.sort();
        if !found.is_empty() {
            return found;
        }
    }
    #[cfg(target_arch = "wasm32")]
    let _ = (folder, name_of);
    shipped.iter().map(|s| s.to_string()).collect()
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
