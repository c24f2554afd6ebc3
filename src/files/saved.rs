//! The table's choices and the settings, remembered for next time in the user's config folder
//! (`$XDG_CONFIG_HOME/ludo/`, or `~/.config/ludo/`: `table.ron` and `settings.ron`).
//!
//! Writes go to a new file that is then renamed over the old one, so a crash mid-write
//! leaves the last good copy. A file that cannot be read is moved aside (never deleted) and
//! the game starts from the defaults, saying why.

use std::path::{Path, PathBuf};

use bevy::prelude::*;

use crate::table::GameSet;
use crate::table::TableConfig;
use crate::table::flow::NewTableRequested;
use crate::table::settings::Settings;

/// Something the player should read once, shown by the menu and the HUD (a broken file, a
/// file that could not be written).
#[derive(Resource, Default, Debug, Clone)]
pub struct Notice(pub Vec<NoticeLine>);

/// One line of a notice: a file's problem as the file layer words it (`key` none), or a
/// message of the language files with the error as its `$error`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoticeLine {
    pub key: Option<&'static str>,
    pub error: String,
}

impl Notice {
    /// Adds a problem worded by the file layer.
    pub fn say(&mut self, error: impl Into<String>) {
        self.0.push(NoticeLine {
            key: None,
            error: error.into(),
        });
    }
}

/// Where the table's choices are kept, if this platform keeps files.
#[derive(Resource, Clone, Debug)]
pub struct ConfigDir(pub Option<PathBuf>);

impl ConfigDir {
    /// The user's config folder for the game.
    pub fn user() -> ConfigDir {
        ConfigDir(crate::files::storage::user_folder(
            "XDG_CONFIG_HOME",
            ".config",
        ))
    }
}

const TABLE_FILE: &str = "table.ron";
const SETTINGS_FILE: &str = "settings.ron";

/// Reads the remembered table. `Ok(None)` when there is none yet; `Err` names the file, the
/// line and what was wrong, after moving the broken file aside.
pub fn load_table(dir: &Path) -> Result<Option<TableConfig>, String> {
    let config: Option<TableConfig> = load(dir, TABLE_FILE)?;
    match config.as_ref().map(TableConfig::check) {
        Some(Err(e)) => Err(set_aside(
            &dir.join(TABLE_FILE),
            &format!(" {e}"),
            FROM_DEFAULTS,
        )),
        _ => Ok(config),
    }
}

/// Reads the remembered settings, like `load_table`.
pub fn load_settings(dir: &Path) -> Result<Option<Settings>, String> {
    load(dir, SETTINGS_FILE)
}

fn load<T: serde::de::DeserializeOwned>(dir: &Path, file: &str) -> Result<Option<T>, String> {
    let path = dir.join(file);
    let text = match crate::files::storage::read(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{}: cannot read: {e}", path.display())),
    };
    match ron::from_str::<T>(&text) {
        Ok(value) => Ok(Some(value)),
        Err(e) => Err(set_aside(&path, &ron_error(&e), FROM_DEFAULTS)),
    }
}

/// Reads a versioned document (`version: N` among its fields). `Ok(None)` when the file is
/// not there; a file written by a newer build, one that does not parse, or one `check`
/// refuses is moved aside and the error names the file, the line and column, and `instead`
/// (what happens now).
pub(crate) fn load_versioned<T: serde::de::DeserializeOwned>(
    path: &Path,
    version: u32,
    instead: &str,
    check: impl FnOnce(&T) -> Result<(), String>,
) -> Result<Option<T>, String> {
    /// Just the version, read first so a newer file is named as such rather than as garbage.
    #[derive(serde::Deserialize)]
    struct VersionOnly {
        version: u32,
    }
    let text = match crate::files::storage::read(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{}: cannot read: {e}", path.display())),
    };
    if let Ok(VersionOnly { version: v }) = ron::from_str::<VersionOnly>(&text)
        && v > version
    {
        return Err(set_aside(
            path,
            &format!(" written by a newer Ludo (version {v}; this one reads up to {version})"),
            instead,
        ));
    }
    let value: T = match ron::from_str(&text) {
        Ok(v) => v,
        Err(e) => return Err(set_aside(path, &ron_error(&e), instead)),
    };
    match check(&value) {
        Ok(()) => Ok(Some(value)),
        Err(e) => Err(set_aside(path, &format!(" {e}"), instead)),
    }
}

const FROM_DEFAULTS: &str = "starting from the defaults";

/// A RON error as `line:column: what was expected`.
pub(crate) fn ron_error(e: &ron::error::SpannedError) -> String {
    format!("{}:{}: {}", e.span.start.line, e.span.start.col, e.code)
}

/// Moves a file that cannot be used out of the way (never deletes it) and says why and what
/// happens instead; `why` follows the path and a colon (`"3:7: expected …"` or
/// `" the reason"`).
pub(crate) fn set_aside(path: &Path, why: &str, instead: &str) -> String {
    // An earlier broken copy is kept too: the first free name of `x.ron.broken`,
    // `x.ron.broken.2`, …
    let aside = std::iter::once(path.with_extension("ron.broken"))
        .chain((2..1000).map(|n| path.with_extension(format!("ron.broken.{n}"))))
        .find(|p| !crate::files::storage::exists(p))
        .unwrap_or_else(|| path.with_extension("ron.broken"));
    let moved = crate::files::storage::rename(path, &aside).is_ok();
    format!(
        "{}:{why}; {instead}{}",
        path.display(),
        if moved {
            format!(" (the file was kept as {})", aside.display())
        } else {
            String::new()
        }
    )
}

/// Saves the table's choices atomically.
pub fn save_table(dir: &Path, config: &TableConfig) -> Result<(), String> {
    save(dir, TABLE_FILE, config)
}

/// Saves the settings atomically.
pub fn save_settings(dir: &Path, settings: &Settings) -> Result<(), String> {
    save(dir, SETTINGS_FILE, settings)
}

pub(crate) fn save<T: serde::Serialize>(dir: &Path, file: &str, value: &T) -> Result<(), String> {
    let text = ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::default())
        .map_err(|e| e.to_string())?;
    write_atomically(dir, file, &text)
}

/// `save` on one line: for a long file read by no person (the browser's storage is small).
pub(crate) fn save_compact<T: serde::Serialize>(
    dir: &Path,
    file: &str,
    value: &T,
) -> Result<(), String> {
    write_atomically(
        dir,
        file,
        &ron::ser::to_string(value).map_err(|e| e.to_string())?,
    )
}

fn write_atomically(dir: &Path, file: &str, text: &str) -> Result<(), String> {
    let path = dir.join(file);
    let tmp = dir.join(format!("{file}.new"));
    crate::files::storage::write(&tmp, text).map_err(|e| format!("{}: {e}", tmp.display()))?;
    crate::files::storage::rename(&tmp, &path).map_err(|e| format!("{}: {e}", path.display()))
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Notice>().add_systems(
        Update,
        (remember_table, remember_settings).in_set(GameSet::React),
    );
}

/// Saves the settings a moment after they last changed (not on every frame of a slider drag).
fn remember_settings(
    time: Res<Time>,
    settings: Res<Settings>,
    dir: Option<Res<ConfigDir>>,
    mut pending: Local<Option<f32>>,
    mut notice: ResMut<Notice>,
) {
    if settings.is_changed() && !settings.is_added() {
        *pending = Some(0.5);
    }
    let Some(left) = pending.as_mut() else { return };
    *left -= time.delta_secs();
    if *left > 0.0 {
        return;
    }
    *pending = None;
    if let Some(dir) = dir.as_ref().and_then(|d| d.0.as_ref())
        && let Err(e) = save_settings(dir, &settings)
    {
        warn!("could not save the settings: {e}");
        notice.say(format!("Could not save the settings: {e}"));
    }
}

fn remember_table(
    mut requests: MessageReader<NewTableRequested>,
    dir: Option<Res<ConfigDir>>,
    mut notice: ResMut<Notice>,
) {
    let Some(NewTableRequested(config)) = requests.read().last() else {
        return;
    };
    if let Some(dir) = dir.as_ref().and_then(|d| d.0.as_ref())
        && let Err(e) = save_table(dir, config)
    {
        warn!("could not remember the table: {e}");
        notice.say(format!("Could not remember the table: {e}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::SeatKind;

    /// A folder not made yet, in a scratch folder removed when the test ends (with the first
    /// of the two).
    fn scratch() -> (tempfile::TempDir, PathBuf) {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("ludo");
        (root, dir)
    }

    #[test]
    fn a_table_round_trips_and_nothing_is_there_at_first() {
        let (_root, dir) = scratch();
        assert_eq!(load_table(&dir), Ok(None));
        let config = TableConfig {
            seats: vec![
                SeatKind::Person { name: "Ana".into() },
                SeatKind::Cpu(ludo_core::CpuLevel::Hard),
            ],
            rules: ludo_core::Rules {
                three_sixes: false,
                ..Default::default()
            },
            seed: 5,
            turn_limit: crate::table::TurnLimit::Secs60,
        };
        save_table(&dir, &config).unwrap();
        assert_eq!(load_table(&dir), Ok(Some(config)));
    }

    #[test]
    fn settings_round_trip_and_a_broken_settings_file_falls_back() {
        let (_root, dir) = scratch();
        let s = Settings {
            muted: true,
            volume_db: -20.0,
            text_size: crate::table::settings::TextSize::Larger,
            high_contrast: true,
            reduced_motion: true,
            ..Default::default()
        };
        save_settings(&dir, &s).unwrap();
        assert_eq!(load_settings(&dir), Ok(Some(s)));
        // A file from before the text size and motion settings keeps their defaults.
        std::fs::write(dir.join(SETTINGS_FILE), "(muted: true)").unwrap();
        let old = load_settings(&dir).unwrap().unwrap();
        assert!(old.muted && !old.reduced_motion && !old.high_contrast);
        assert_eq!(old.text_size.factor(), 1.0);
        std::fs::write(dir.join(SETTINGS_FILE), "(volume_db: \"loud\")").unwrap();
        let err = load_settings(&dir).unwrap_err();
        assert!(err.contains("settings.ron:1:"), "{err}");
        assert_eq!(load_settings(&dir), Ok(None));
    }

    #[test]
    fn a_table_of_one_seat_is_refused_and_kept_aside() {
        let (_root, dir) = scratch();
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(TABLE_FILE), "(seats: [cpu(hard)])").unwrap();
        let err = load_table(&dir).unwrap_err();
        assert!(err.contains("2 to 6"), "{err}");
        assert!(dir.join("table.ron.broken").exists());
    }

    #[test]
    fn a_broken_file_is_reported_with_its_line_and_kept_aside() {
        let (_root, dir) = scratch();
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(TABLE_FILE), "(\n  seed: 3,\n  seats: [wizard],\n)").unwrap();
        let err = load_table(&dir).unwrap_err();
        assert!(err.contains("table.ron:3:"), "{err}");
        assert!(err.contains("kept as"), "{err}");
        assert!(
            dir.join("table.ron.broken").exists(),
            "the broken file is not deleted"
        );
        assert_eq!(load_table(&dir), Ok(None), "and the next start is clean");
    }

    #[test]
    fn a_second_broken_file_does_not_replace_the_first_broken_copy() {
        let (_root, dir) = scratch();
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(SETTINGS_FILE), "first").unwrap();
        assert!(load_settings(&dir).is_err());
        std::fs::write(dir.join(SETTINGS_FILE), "second").unwrap();
        let err = load_settings(&dir).unwrap_err();
        assert!(err.contains("settings.ron.broken.2"), "{err}");
        let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
        assert_eq!(read("settings.ron.broken"), "first");
        assert_eq!(read("settings.ron.broken.2"), "second");
    }
}
