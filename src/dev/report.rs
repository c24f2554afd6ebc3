//! The screenshot's report (`PATH` with `.json`): what was measured and what failed.

use serde::Serialize;

use super::metrics::{Metrics, resident_mib};

#[derive(Serialize, Debug, Clone, PartialEq)]
pub(super) struct Report {
    pub first_frame_ms: Option<u64>,
    pub resident_mib: f64,
    pub frames: u32,
    pub theme: String,
    /// The language the words came in, and why a language file could not be used.
    pub language: String,
    pub language_problem: Option<String>,
    pub game_update_mean_ms: f64,
    pub game_update_worst_ms: f64,
    pub pixels_checked: usize,
    pub windows_checked: usize,
    /// Lines of text checked for a cut.
    pub texts_checked: usize,
    /// The board's side over the window's short side (the menu has none).
    pub board_share: Option<f32>,
    pub failures: Vec<String>,
}

impl Report {
    /// The figures as they stand when the screenshot is taken; checks are added after.
    pub fn measured(metrics: &Metrics, theme: &str) -> Report {
        let round = |x: f64, places: i32| {
            let k = 10f64.powi(places);
            (x * k).round() / k
        };
        Report {
            first_frame_ms: metrics.first_frame.map(|d| d.as_millis() as u64),
            resident_mib: round(resident_mib(), 1),
            frames: metrics.frames,
            theme: theme.to_string(),
            language: String::new(),
            language_problem: None,
            game_update_mean_ms: round(metrics.update_mean_ms(), 3),
            game_update_worst_ms: round(metrics.update_worst.as_secs_f64() * 1000.0, 3),
            pixels_checked: 0,
            windows_checked: 0,
            texts_checked: 0,
            board_share: None,
            failures: Vec::new(),
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a report serialises") + "\n"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failures_with_quotes_stay_valid_json() {
        let mut report = Report::measured(&Metrics::default(), "night \"blue\"");
        report.failures.push("a \"quoted\" \\ failure".into());
        let back: serde_json::Value = serde_json::from_str(&report.to_json()).unwrap();
        assert_eq!(back["failures"][0], "a \"quoted\" \\ failure");
        assert_eq!(back["theme"], "night \"blue\"");
        assert_eq!(back["first_frame_ms"], serde_json::Value::Null);
    }
}
