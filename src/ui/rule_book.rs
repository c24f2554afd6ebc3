//! The rule book in the game: how to play, every house rule with what this table chose, the
//! glossary and the questions players ask, with small pictures where they help.

use bevy::prelude::*;
use bevy_egui::egui::{self, Pos2, RichText, Stroke};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use ludo_core::Colour;

use crate::i18n::Texts;
use crate::i18n::ui::{grid, grid_row, paragraph, paragraph_rich, row};
use crate::table::Table;
use crate::theme::{ActiveTheme, look::egui as to_egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        rule_book.run_if(in_state(crate::ui::overlay::Overlay::Rules)),
    );
}

/// The rule book's sentences, in order.
const HOW_TO_PLAY: [&str; 8] = [
    "book-how-1",
    "book-how-2",
    "book-how-3",
    "book-how-4",
    "book-how-5",
    "book-how-6",
    "book-how-7",
    "book-how-8",
];

/// Words and what they mean.
const GLOSSARY: [&str; 10] = [
    "word-base",
    "word-start",
    "word-track",
    "word-star",
    "word-safe",
    "word-block",
    "word-home-column",
    "word-goal",
    "word-exit",
    "word-extra-roll",
];

/// Questions; each answer is the question's key with `-answer`.
const FAQ: [&str; 4] = ["faq-leave", "faq-capture", "faq-safe", "faq-exact"];

/// Small pictures: a star square, a block, a home column.
fn pictures(ui: &mut egui::Ui, texts: &Texts, theme: &ActiveTheme) {
    let look = &theme.look;
    row(ui, texts, |ui| {
        let s = 34.0;
        let (rect, _) = ui.allocate_exact_size(egui::vec2(s, s), egui::Sense::hover());
        let p = ui.painter();
        p.rect_filled(rect, 2.0, to_egui(look.safe));
        let c = rect.center();
        for flip in [1.0f32, -1.0] {
            let pts = vec![
                Pos2::new(c.x, c.y - 11.0 * flip),
                Pos2::new(c.x - 10.0, c.y + 6.0 * flip),
                Pos2::new(c.x + 10.0, c.y + 6.0 * flip),
            ];
            p.add(egui::Shape::convex_polygon(
                pts,
                to_egui(look.star),
                Stroke::NONE,
            ));
        }
        ui.label(texts.get("book-star"));
        ui.add_space(12.0);
        let (rect, _) = ui.allocate_exact_size(egui::vec2(s, s), egui::Sense::hover());
        let p = ui.painter();
        p.rect_filled(rect, 2.0, to_egui(look.track));
        let blue = to_egui(look.strong(Colour::Blue));
        p.circle_filled(rect.center() + egui::vec2(-6.0, -5.0), 9.0, blue);
        p.circle_filled(rect.center() + egui::vec2(6.0, 5.0), 9.0, blue);
        ui.label(texts.get("book-block"));
        ui.add_space(12.0);
        let (rect, _) = ui.allocate_exact_size(egui::vec2(5.0 * 18.0, 18.0), egui::Sense::hover());
        let p = ui.painter();
        for i in 0..5 {
            let r = egui::Rect::from_min_size(
                rect.min + egui::vec2(i as f32 * 18.0, 0.0),
                egui::vec2(16.0, 16.0),
            );
            p.rect_filled(r, 1.0, to_egui(look.seat(Colour::Red).home_column));
        }
        ui.label(texts.get("book-home-column"));
    });
}

fn rule_book(
    mut next: ResMut<NextState<crate::ui::overlay::Overlay>>,
    mut contexts: EguiContexts,
    table: Res<Table>,
    theme: Res<ActiveTheme>,
    texts: Res<Texts>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut still_open = true;
    let texts = &*texts;
    egui::Window::new(texts.get("book-title"))
        .max_width(crate::ui::widgets::max_window_width(ctx))
        .id(crate::ui::widgets::window_id(ctx, "rules"))
        .open(&mut still_open)
        .collapsible(false)
        .default_width(520.0)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .auto_shrink([false, true])
                .max_height(ui.ctx().viewport_rect().height() * 0.75)
                .show(ui, |ui| {
                    heading(ui, texts, "book-how");
                    for key in HOW_TO_PLAY {
                        paragraph(ui, texts, format!("• {}", texts.get(key)));
                    }
                    pictures(ui, texts, &theme);
                    ui.separator();
                    heading(ui, texts, "book-table-rules");
                    house_rules_table(ui, texts, &table);
                    ui.separator();
                    heading(ui, texts, "book-glossary");
                    for key in GLOSSARY {
                        let meaning = texts.get(&format!("{key}-means"));
                        paragraph(ui, texts, format!("{}: {meaning}.", texts.get(key)));
                    }
                    ui.separator();
                    heading(ui, texts, "book-questions");
                    for key in FAQ {
                        paragraph_rich(ui, texts, texts.get(key), |t| RichText::new(t).strong());
                        paragraph(ui, texts, texts.get(&format!("{key}-answer")));
                    }
                });
        });
    if !still_open {
        next.set(crate::ui::overlay::Overlay::None);
    }
    Ok(())
}

/// This table's house rules against the standard game.
fn house_rules_table(ui: &mut egui::Ui, texts: &Texts, table: &Table) {
    // Narrow (a phone held upright): each rule's name over its choice, wrapping, as a table
    // of three columns does not fit.
    if ui.available_width() < 440.0 {
        for (name, chosen, standard) in texts.house_rules(table.game.rules()) {
            paragraph_rich(ui, texts, &name, |t| RichText::new(t).weak());
            let verdict = if chosen == standard {
                texts.get("book-standard")
            } else {
                texts.fmt(
                    "book-not-standard",
                    &[("standard", standard.clone().into())],
                )
            };
            let warn = (chosen != standard).then(|| ui.visuals().warn_fg_color);
            paragraph_rich(ui, texts, format!("{chosen} — {verdict}"), |t| {
                let t = RichText::new(t).strong();
                match warn {
                    Some(c) => t.color(c),
                    None => t,
                }
            });
            ui.add_space(4.0);
        }
        return;
    }
    grid(ui, "house_rules", |ui| {
        for (name, chosen, standard) in texts.house_rules(table.game.rules()) {
            let verdict = if chosen == standard {
                texts.get("book-standard").rich()
            } else {
                texts
                    .fmt(
                        "book-not-standard",
                        &[("standard", standard.clone().into())],
                    )
                    .rich()
                    .color(ui.visuals().warn_fg_color)
            };
            grid_row(
                ui,
                texts,
                vec![
                    Box::new(move |ui: &mut egui::Ui| {
                        ui.label(texts.line(&name));
                    }),
                    Box::new(move |ui: &mut egui::Ui| {
                        ui.label(texts.line(&chosen).rich().strong());
                    }),
                    Box::new(move |ui: &mut egui::Ui| {
                        ui.label(verdict);
                    }),
                ],
            );
        }
    });
}

/// A heading on the side the language starts from.
fn heading(ui: &mut egui::Ui, texts: &Texts, key: &str) {
    paragraph_rich(ui, texts, texts.get(key), |t| RichText::new(t).heading());
}
