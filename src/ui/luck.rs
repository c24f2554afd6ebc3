//! Luck or skill as the results and the review show it (docs/ANALYSIS.md): each seat's dice
//! luck and play in a table, and the words for one decision.

use bevy_egui::egui;
use ludo_cpu::analysis::{Analysis, Class, Decision};

use crate::i18n::Texts;
use crate::i18n::ui::{Cell, grid, grid_row};

/// Points of win chance, rounded, with their sign.
pub fn signed(points: f32) -> String {
    let rounded = points.round();
    if rounded == 0.0 {
        "0".into()
    } else {
        format!("{rounded:+}")
    }
}

/// Each seat's dice luck (all throws, and its own), result less luck, decisions by class and
/// error rate; `mark` draws a seat's cell.
pub fn seats_table<'a>(
    ui: &mut egui::Ui,
    texts: &'a Texts,
    id: &str,
    analysis: &Analysis,
    mark: impl Fn(u8) -> Cell<'a>,
) {
    grid(ui, id, |ui| {
        let head = [
            "results-seat",
            "results-luck",
            "results-luck-own",
            "results-luck-adjusted",
            "results-decisions",
            "results-inaccuracies",
            "results-mistakes",
            "results-blunders",
            "results-error-rate",
        ]
        .into_iter()
        .map(|k| text(texts, texts.get(k)))
        .collect();
        grid_row(ui, texts, head);
        for s in &analysis.seats {
            let mut cells = vec![mark(s.seat)];
            for n in [s.luck(), s.luck_own, s.luck_adjusted] {
                cells.push(text(texts, signed(n * 100.0)));
            }
            cells.push(text(texts, s.decisions.to_string()));
            for class in [Class::Inaccuracy, Class::Mistake, Class::Blunder] {
                cells.push(text(texts, s.count(class).to_string()));
            }
            cells.push(text(texts, format!("{:.1}", s.error_rate)));
            grid_row(ui, texts, cells);
        }
    });
}

/// A decision in words: its class and mark, the points it gave away, and the better move's
/// piece with both values ("? A mistake: 4 points of win chance given away. Piece 2 was
/// better: 41% against 37%.").
pub fn decision_words(texts: &Texts, d: &Decision) -> crate::i18n::Words {
    let class = match d.class {
        Class::Best => "analysis-best",
        Class::Good => "analysis-good",
        Class::Inaccuracy => "analysis-inaccuracy",
        Class::Mistake => "analysis-mistake",
        Class::Blunder => "analysis-blunder",
    };
    let percent = |v: f32| format!("{:.0}%", v * 100.0);
    if d.played == d.best || d.class == Class::Best {
        return texts.fmt(
            "analysis-played-best",
            &[("class", texts.get(class).as_ref().to_string().into())],
        );
    }
    texts.fmt(
        "analysis-better",
        &[
            (
                "mark",
                format!("{} ", d.class.mark())
                    .trim_start()
                    .to_string()
                    .into(),
            ),
            ("class", texts.get(class).as_ref().to_string().into()),
            ("points", format!("{:.1}", d.loss * 100.0).into()),
            ("piece", (d.best + 1).into()),
            ("best", percent(d.best_value).into()),
            ("played", percent(d.played_value).into()),
        ],
    )
}

fn text(texts: &Texts, words: impl AsRef<str> + 'static) -> Cell<'_> {
    Box::new(move |ui: &mut egui::Ui| {
        ui.label(texts.line(&words));
    })
}
