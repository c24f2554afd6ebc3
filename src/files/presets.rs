//! House-rule presets: each file of `assets/rules/` is a `ludo_core::Rules` in RON (naming
//! only what differs from the standard game), loaded through the `AssetServer` and listed in
//! the table setup. The comment lines at the top of a file are its description. A broken
//! preset is listed with its file, line and what was expected, and cannot be picked.

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoadFailedEvent, AssetLoader, LoadContext};
use bevy::prelude::*;
use ludo_core::Rules;

use crate::files::asset_file::{AssetFileError, read_text};

#[derive(Asset, TypePath, Clone, Debug, PartialEq)]
pub struct RulesPreset {
    pub rules: Rules,
    /// The file's leading `//` comments, joined.
    pub about: String,
}

/// Every preset file found, by its name (the file name without `.ron`), in order.
#[derive(Resource, Default)]
pub struct Presets(pub Vec<Preset>);

pub struct Preset {
    pub name: String,
    pub handle: Handle<RulesPreset>,
    /// Why the file cannot be used: `assets/rules/x.ron:3:5: …`.
    pub problem: Option<String>,
}

/// The presets with their loaded files, for the table setup.
#[derive(bevy::ecs::system::SystemParam)]
pub struct PresetList<'w> {
    presets: Res<'w, Presets>,
    files: Res<'w, Assets<RulesPreset>>,
}

impl PresetList<'_> {
    /// Each preset with its file once loaded (`None` while loading or broken).
    pub fn iter(&self) -> impl Iterator<Item = (&Preset, Option<&RulesPreset>)> {
        self.presets
            .0
            .iter()
            .map(|p| (p, self.files.get(&p.handle)))
    }
}

/// Reads a preset's text: the rules, and the comment lines at the top as its description.
pub fn parse(text: &str) -> Result<RulesPreset, ron::error::SpannedError> {
    let rules = ron::from_str(text)?;
    let about = text
        .lines()
        .map(str::trim)
        .take_while(|l| l.starts_with("//"))
        .map(|l| l.trim_start_matches('/').trim())
        .collect::<Vec<_>>()
        .join(" ");
    Ok(RulesPreset { rules, about })
}

#[derive(Default, TypePath)]
pub struct PresetLoader;

impl AssetLoader for PresetLoader {
    type Asset = RulesPreset;
    type Settings = ();
    type Error = AssetFileError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        cx: &mut LoadContext<'_>,
    ) -> Result<RulesPreset, AssetFileError> {
        let file = read_text(reader, cx).await?;
        parse(&file.text)
            .map_err(|e| file.error_at((e.span.start.line, e.span.start.col), e.code.to_string()))
    }

    fn extensions(&self) -> &[&str] {
        &["ron"]
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_asset::<RulesPreset>()
        .register_asset_loader(PresetLoader)
        .init_resource::<Presets>()
        .add_systems(Startup, load_presets)
        .add_systems(Update, (note_failed, note_mended));
}

/// The preset files of `assets/rules/`, by name.
fn preset_names() -> Vec<String> {
    crate::files::asset_list::names("rules", &SHIPPED, |p| {
        crate::files::asset_list::stem(p, ".ron")
    })
}

/// The presets shipped in `assets/rules/` (the browser's list).
const SHIPPED: [&str; 8] = [
    "by-player-count",
    "gentle",
    "master",
    "partners",
    "quick",
    "relaxed",
    "standard",
    "tournament",
];

fn load_presets(server: Res<AssetServer>, mut presets: ResMut<Presets>) {
    presets.0 = preset_names()
        .into_iter()
        .map(|name| Preset {
            handle: server.load(format!("rules/{name}.ron")),
            name,
            problem: None,
        })
        .collect();
}

fn note_failed(
    mut failed: MessageReader<AssetLoadFailedEvent<RulesPreset>>,
    mut presets: ResMut<Presets>,
) {
    for f in failed.read() {
        let why = match &f.error {
            bevy::asset::AssetLoadError::AssetLoaderError(e) => e.error().to_string(),
            other => format!("assets/{}: {other}", f.path),
        };
        warn!("rules preset: {why}");
        if let Some(p) = presets.0.iter_mut().find(|p| p.handle.id() == f.id) {
            p.problem = Some(why);
        }
    }
}

/// A preset mended and reloaded is usable again.
fn note_mended(mut events: MessageReader<AssetEvent<RulesPreset>>, mut presets: ResMut<Presets>) {
    for event in events.read() {
        if let AssetEvent::Added { id } | AssetEvent::Modified { id } = event
            && let Some(p) = presets.0.iter_mut().find(|p| p.handle.id() == *id)
        {
            p.problem = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_at_the_top_describe_the_preset() {
        let p = parse("// Quick.\n// Out on 1 or 6.\n(exit_numbers: [1, 6])").unwrap();
        assert_eq!(p.about, "Quick. Out on 1 or 6.");
        assert_eq!(p.rules.exit_numbers.faces(), vec![1, 6]);
    }

    #[test]
    fn every_shipped_preset_parses() {
        let dir = crate::files::asset_list::manifest_dir().join("assets/rules");
        let mut n = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            let preset = parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert!(
                !preset.about.is_empty(),
                "{} has no description",
                path.display()
            );
            n += 1;
        }
        assert!(n >= 5, "{n} presets");
    }

    #[test]
    fn the_browser_lists_the_shipped_presets() {
        assert_eq!(preset_names(), SHIPPED.map(String::from).to_vec());
    }
}
