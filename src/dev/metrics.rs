//! What a player feels, measured for the screenshot report: time from launch to the first
//! frame, resident memory, and the time the game's own systems take per frame.

use std::time::Duration;

use bevy::platform::time::Instant;
use bevy::prelude::*;

use crate::theme::ActiveTheme;

/// When the process started, set by `main` as early as it can.
#[derive(Resource, Clone, Copy)]
pub struct LaunchedAt(pub Instant);

#[derive(Resource, Default)]
pub(super) struct Metrics {
    pub first_frame: Option<Duration>,
    pub frames: u32,
    update_started: Option<Instant>,
    pub update_total: Duration,
    pub update_worst: Duration,
    pub updates: u32,
    /// The chosen theme and all its pictures are in use (or it failed and was reported).
    pub theme_ready: bool,
    /// What the screen still waits for, when it is not ready.
    pub waiting: Vec<String>,
}

impl Metrics {
    /// The mean time of the game's own systems per frame, in milliseconds.
    pub fn update_mean_ms(&self) -> f64 {
        if self.updates == 0 {
            return 0.0;
        }
        self.update_total.as_secs_f64() * 1000.0 / f64::from(self.updates)
    }
}

/// Frames are counted once the chosen theme and language are in: they load asynchronously,
/// and the theme's pictures and the language fonts after them. What is still awaited is
/// kept, named, for the error of a run that waits too long.
pub(super) fn note_theme_ready(
    settings: Res<crate::table::settings::Settings>,
    theme: Res<ActiveTheme>,
    problem: Res<crate::theme::ThemeProblem>,
    server: Res<AssetServer>,
    texts: Res<crate::i18n::Texts>,
    languages: Res<crate::i18n::Languages>,
    mut metrics: ResMut<Metrics>,
) {
    let mut waiting = Vec::new();
    if !texts.ready(&settings) {
        let lang = settings
            .language
            .as_deref()
            .unwrap_or(crate::i18n::FALLBACK);
        waiting.push(format!("assets/lang/{lang}.ftl (the language's words)"));
    }
    if problem.0.is_none() {
        if theme.folder != settings.theme {
            waiting.push(format!(
                "assets/{} (the theme)",
                crate::theme::theme_path(&settings.theme)
            ));
        }
        let art = &theme.art;
        let pictures = [&art.piece, &art.backdrop, &art.goal]
            .into_iter()
            .flatten()
            .chain(&art.die_faces)
            .map(|h| h.clone().untyped());
        let fonts = languages.fonts.iter().map(|(_, h)| h.clone().untyped());
        for handle in pictures.chain(fonts) {
            if server.is_loaded_with_dependencies(&handle) {
                continue;
            }
            let path = server
                .get_path(&handle)
                .map_or_else(|| "an asset".to_string(), |p| format!("assets/{p}"));
            waiting.push(match server.load_state(&handle) {
                bevy::asset::LoadState::Failed(e) => format!("{path} (failed: {e})"),
                _ => format!("{path} (loading)"),
            });
        }
    }
    metrics.theme_ready = waiting.is_empty();
    metrics.waiting = waiting;
}

pub(super) fn note_first_frame(launched: Option<Res<LaunchedAt>>, mut metrics: ResMut<Metrics>) {
    metrics.frames += 1;
    // The first frame is on screen once the second update begins.
    if metrics.frames == 2
        && let Some(l) = launched
    {
        metrics.first_frame = Some(l.0.elapsed());
    }
}

pub(super) fn start_update_timer(mut metrics: ResMut<Metrics>) {
    metrics.update_started = Some(Instant::now());
}

pub(super) fn stop_update_timer(mut metrics: ResMut<Metrics>) {
    if let Some(started) = metrics.update_started.take() {
        let d = started.elapsed();
        metrics.update_total += d;
        metrics.update_worst = metrics.update_worst.max(d);
        metrics.updates += 1;
    }
}

/// Resident memory of this process in MiB (Linux), or 0 where it cannot be read.
pub(super) fn resident_mib() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<f64>().ok())
        })
        .map_or(0.0, |kb| kb / 1024.0)
}
