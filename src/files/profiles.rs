//! The profiles on disk (or in the browser's storage): `profiles.ron` in the data folder,
//! versioned like a saved game, written atomically, moved aside (never deleted) when
//! unreadable, and written again at once when a ranked game moves the ratings.

use std::path::Path;

use bevy::prelude::*;

use crate::files::resume::DataDir;
use crate::files::saved::{Notice, NoticeLine, load_versioned, save};
use crate::table::GameSet;
use crate::table::profiles::{LastRatings, PROFILES_VERSION, Profiles};

const PROFILES_FILE: &str = "profiles.ron";

/// Reads the profiles in `dir`; `Ok(None)` when there are none yet. A file that cannot be
/// read is moved aside and the error says why (file, line and column).
pub fn load_profiles(dir: &Path) -> Result<Option<Profiles>, String> {
    let loaded = load_versioned(
        &dir.join(PROFILES_FILE),
        PROFILES_VERSION,
        "starting with no profiles",
        Profiles::check,
    )?;
    Ok(loaded.map(|mut profiles: Profiles| {
        profiles.mark_cpu_profiles();
        profiles
    }))
}

/// Writes the profiles atomically.
pub fn save_profiles(dir: &Path, profiles: &Profiles) -> Result<(), String> {
    save(dir, PROFILES_FILE, profiles)
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, save_ratings.in_set(GameSet::React));
}

/// Saves the profiles when a ranked game has just moved the ratings.
fn save_ratings(
    last: Res<LastRatings>,
    profiles: Res<Profiles>,
    dir: Option<Res<DataDir>>,
    mut notice: ResMut<Notice>,
) {
    if !last.is_changed() || last.0.is_empty() {
        return;
    }
    if let Some(dir) = dir.as_ref().and_then(|d| d.0.as_ref())
        && let Err(e) = save_profiles(dir, &profiles)
    {
        warn!("could not save the ratings: {e}");
        notice.0.push(NoticeLine {
            key: Some("notice-ratings-not-saved"),
            error: e,
        });
    }
}
