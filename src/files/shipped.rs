//! The shipped assets, built into the desktop binary (`build.rs` lists them), behind the
//! `assets/` folder: a file in the folder wins (a modder's edit, watched and hot-reloaded),
//! one the folder lacks comes from the binary. So the game runs from any working folder,
//! from an unpacked download, or with no folder at all. The browser build embeds nothing
//! (the page's server has the files, and the download stays small).

use std::path::{Path, PathBuf};

use bevy::asset::io::file::FileAssetReader;
use bevy::asset::io::{
    AssetReader, AssetReaderError, AssetSource, AssetSourceBuilder, PathStream, Reader, SliceReader,
};

include!(concat!(env!("OUT_DIR"), "/shipped_assets.rs"));

/// A shipped file's bytes, by its path under `assets/` (`lang/en.ftl`).
pub fn file(path: &Path) -> Option<&'static [u8]> {
    let path = path.to_str()?.replace('\\', "/");
    SHIPPED
        .iter()
        .find(|(name, _)| *name == path)
        .map(|(_, bytes)| *bytes)
}

/// The names of a shipped folder's entries (files and folders), for `assets/FOLDER/`.
pub fn entries(folder: &str) -> Vec<String> {
    let prefix = format!("{}/", folder.trim_end_matches('/'));
    let mut names: Vec<String> = SHIPPED
        .iter()
        .filter_map(|(name, _)| name.strip_prefix(&prefix))
        .filter_map(|rest| rest.split('/').next())
        .map(str::to_string)
        .collect();
    names.dedup();
    names
}

/// Reads the folder first, then the binary's copies.
pub struct FolderThenShipped {
    folder: FileAssetReader,
}

impl FolderThenShipped {
    pub fn new(folder: &Path) -> Self {
        FolderThenShipped {
            folder: FileAssetReader::new(folder),
        }
    }
}

impl AssetReader for FolderThenShipped {
    async fn read<'a>(&'a self, path: &'a Path) -> Result<impl Reader + 'a, AssetReaderError> {
        match self.folder.read(path).await {
            Ok(reader) => Ok(Box::new(reader) as Box<dyn Reader + 'a>),
            Err(AssetReaderError::NotFound(missing)) => match file(path) {
                Some(bytes) => Ok(Box::new(SliceReader::new(bytes)) as Box<dyn Reader + 'a>),
                None => Err(AssetReaderError::NotFound(missing)),
            },
            Err(e) => Err(e),
        }
    }

    async fn read_meta<'a>(&'a self, path: &'a Path) -> Result<impl Reader + 'a, AssetReaderError> {
        // The game ships no `.meta` files; a modder's would be in the folder.
        self.folder.read_meta(path).await
    }

    async fn read_directory<'a>(
        &'a self,
        path: &'a Path,
    ) -> Result<Box<PathStream>, AssetReaderError> {
        self.folder.read_directory(path).await
    }

    async fn is_directory<'a>(&'a self, path: &'a Path) -> Result<bool, AssetReaderError> {
        match self.folder.is_directory(path).await {
            Ok(is) => Ok(is),
            Err(_) => Ok(!entries(&path.to_string_lossy()).is_empty()),
        }
    }
}

/// The asset source of the desktop game: `folder` then the binary, with `folder` watched
/// (when it exists) so edits show at once.
pub fn source(folder: PathBuf) -> AssetSourceBuilder {
    let watched = folder.to_string_lossy().into_owned();
    AssetSourceBuilder::new(move || Box::new(FolderThenShipped::new(&folder))).with_watcher(
        AssetSource::get_default_watcher(watched, std::time::Duration::from_millis(300)),
    )
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use bevy::tasks::block_on;

    async fn read(reader: &FolderThenShipped, path: &str) -> Option<Vec<u8>> {
        let mut r = reader.read(Path::new(path)).await.ok()?;
        let mut bytes = Vec::new();
        r.read_to_end(&mut bytes).await.ok()?;
        Some(bytes)
    }

    #[test]
    fn every_file_of_assets_is_built_in() {
        let root = crate::files::asset_list::manifest_dir().join("assets");
        let mut on_disk = Vec::new();
        let mut stack = vec![root.clone()];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(dir).unwrap().flatten() {
                if entry.path().is_dir() {
                    stack.push(entry.path());
                } else {
                    on_disk.push(entry.path());
                }
            }
        }
        assert_eq!(on_disk.len(), SHIPPED.len());
        for path in on_disk {
            let name = path.strip_prefix(&root).unwrap();
            assert_eq!(
                file(name),
                Some(std::fs::read(&path).unwrap().as_slice()),
                "{}",
                name.display()
            );
        }
        assert_eq!(entries("themes"), ["classic", "night"]);
    }

    #[test]
    fn the_folder_wins_and_the_binary_fills_in() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("lang")).unwrap();
        std::fs::write(dir.path().join("lang/en.ftl"), "menu-play = Go\n").unwrap();
        std::fs::write(dir.path().join("lang/xx.ftl"), "language-name = X\n").unwrap();
        let reader = FolderThenShipped::new(dir.path());
        block_on(async {
            assert_eq!(
                read(&reader, "lang/en.ftl").await.unwrap(),
                b"menu-play = Go\n"
            );
            assert_eq!(
                read(&reader, "lang/xx.ftl").await.unwrap(),
                b"language-name = X\n"
            );
            // Not in the folder: the built-in copy.
            assert_eq!(
                read(&reader, "lang/ar.ftl").await.as_deref(),
                file(Path::new("lang/ar.ftl"))
            );
            assert!(read(&reader, "lang/nowhere.ftl").await.is_none());
        });
        // No folder at all: everything shipped is still there.
        let reader = FolderThenShipped::new(&dir.path().join("missing"));
        block_on(async {
            assert!(read(&reader, "themes/classic/theme.ron").await.is_some());
        });
    }
}
