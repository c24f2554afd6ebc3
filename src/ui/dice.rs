//! The dice in numbers, for the results, the review and the past games: each seat's faces
//! against what fair dice give, with a plain verdict (its chi-square and p-value on hover or
//! a long press); and the lines that say whether this device's check of a game's dice passed
//! and who sealed them.

use bevy_egui::egui;
use ludo_core::fairness::{Faces, Verdict};
use ludo_proto::DiceCheck;

use crate::files::past_games::LastDice;
use crate::i18n::ui::{Cell, grid, grid_row};
use crate::i18n::{Texts, Words};

/// The verdict on `faces`, in words.
pub fn verdict(texts: &Texts, faces: &Faces) -> Words {
    match faces.verdict() {
        Verdict::TooFew => texts.get("dice-verdict-few"),
        Verdict::Random { .. } => texts.get("dice-verdict-random"),
        Verdict::Unusual { one_in, .. } => {
            texts.fmt("dice-verdict-unusual", &[("n", (one_in as usize).into())])
        }
    }
}

/// The test behind the verdict: its chi-square and p-value.
pub fn statistic(texts: &Texts, faces: &Faces) -> Words {
    texts.fmt(
        "dice-p",
        &[
            ("chi", format!("{:.1}", faces.chi_square()).into()),
            ("p", format!("{:.3}", faces.p_value()).into()),
        ],
    )
}

/// Each seat's faces (its mark from `mark`): the count of each face and its rolls, then the
/// whole game's; under the table, each seat's verdict in words (its statistic on hover) and
/// what fair dice give each face. Narrow enough for an upright phone.
pub fn faces_table<'a>(
    ui: &mut egui::Ui,
    texts: &'a Texts,
    id: &str,
    faces: &[Faces],
    mark: impl Fn(u8) -> Cell<'a>,
) {
    let mut all = Faces::default();
    for f in faces {
        all += *f;
    }
    ui.scope(|ui| {
        // Columns as wide as their numbers: eight of them fit an upright phone.
        let spacing = ui.spacing_mut();
        (spacing.interact_size.x, spacing.item_spacing.x) = (20.0, 12.0);
        counts_grid(ui, texts, id, faces, &all, &mark);
    });
    for (seat, f) in faces.iter().enumerate() {
        verdict_line(ui, texts, mark(seat as u8), f);
    }
    if faces.len() > 1 {
        verdict_line(ui, texts, text(texts.get("dice-all")), &all);
    }
    let each = format!("{:.1}", all.expected());
    ui.label(
        texts
            .fmt("dice-fair-each", &[("each", each.into())])
            .rich()
            .small()
            .weak(),
    );
}

fn counts_grid<'a>(
    ui: &mut egui::Ui,
    texts: &'a Texts,
    id: &str,
    faces: &[Faces],
    all: &Faces,
    mark: &impl Fn(u8) -> Cell<'a>,
) {
    grid(ui, id, |ui| {
        let mut head: Vec<Cell> = vec![text(texts.line(""))];
        head.extend((1..=6).map(|f| text(texts.line(f.to_string()))));
        head.push(text(texts.get("dice-rolls")));
        grid_row(ui, texts, head);
        for (seat, f) in faces.iter().enumerate() {
            grid_row(ui, texts, counts_row(texts, mark(seat as u8), f));
        }
        if faces.len() > 1 {
            grid_row(
                ui,
                texts,
                counts_row(texts, text(texts.get("dice-all")), all),
            );
        }
    });
}

fn counts_row<'a>(texts: &'a Texts, first: Cell<'a>, f: &Faces) -> Vec<Cell<'a>> {
    let mut cells = vec![first];
    cells.extend(f.0.iter().map(|n| text(texts.line(n.to_string()))));
    cells.push(text(texts.line(f.total().to_string())));
    cells
}

/// Who, and the verdict on their faces (its chi-square and p-value on hover).
fn verdict_line<'a>(ui: &mut egui::Ui, texts: &'a Texts, who: Cell<'a>, f: &Faces) {
    let (said, why) = (verdict(texts, f), statistic(texts, f));
    crate::i18n::ui::cell_row(ui, texts, |ui| {
        who(ui);
        ui.label(said.rich().small())
            .on_hover_text(why.into_string());
    });
}

fn text<'a>(words: Words) -> Cell<'a> {
    Box::new(move |ui: &mut egui::Ui| {
        ui.label(words.rich());
    })
}

/// What this device's check of the last game's dice says, line by line, and whether it
/// failed.
pub fn checked_lines(texts: &Texts, last: &LastDice) -> (Vec<Words>, bool) {
    let Some(check) = &last.check else {
        return (Vec::new(), false);
    };
    let failed = |key: &str, args: &[(&str, crate::i18n::Arg)]| (vec![texts.fmt(key, args)], true);
    match check {
        DiceCheck::Fair if !last.server => (vec![texts.get("dice-checked-local")], false),
        DiceCheck::Fair => {
            let mut lines = vec![texts.get("dice-checked-fair")];
            match last.shares {
                Some((0, 0)) => lines.push(texts.get("dice-sealed-alone")),
                Some((revealed, due)) => {
                    lines.push(texts.fmt("dice-sealed-by", &[("devices", revealed.into())]));
                    if due > revealed {
                        let left = due - revealed;
                        lines.push(texts.fmt("dice-left-out", &[("left", left.into())]));
                    }
                }
                None => {}
            }
            (lines, false)
        }
        DiceCheck::SeedNotPromised { .. } => failed("review-dice-bad-seed", &[]),
        DiceCheck::ShareNotPromised { seat } => failed(
            "review-dice-bad-share",
            &[("seat", u32::from(*seat + 1).into())],
        ),
        DiceCheck::NotASecret { .. } => failed("review-dice-not-a-secret", &[]),
        DiceCheck::RollNotTheDie {
            step,
            expected,
            got,
        } => failed(
            "review-dice-bad-roll",
            &[
                ("step", (*step).into()),
                ("got", u32::from(*got).into()),
                ("expected", u32::from(*expected).into()),
            ],
        ),
        DiceCheck::Unplayable(e) => {
            failed("review-dice-unplayable", &[("error", e.clone().into())])
        }
    }
}
