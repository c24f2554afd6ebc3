//! The results window when the game ends: ranking, ratings, the game's story, rematch.

use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{self};

use crate::board::camera::HudArea;
use crate::i18n::Texts;
use crate::i18n::ui::{Cell, cell_row, column, grid, grid_row, row};
use crate::table::Table;
use crate::table::flow::*;
use crate::table::screen::Overlay;

pub(super) fn results_window(
    hud: Res<HudArea>,
    mut contexts: EguiContexts,
    table: Res<Table>,
    theme: Res<crate::theme::ActiveTheme>,
    story: Res<crate::table::stats::Story>,
    ratings: Res<crate::table::profiles::LastRatings>,
    overlay: Res<State<Overlay>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    texts: Res<Texts>,
    mut rematch: MessageWriter<RematchRequested>,
    mut said: Local<String>,
) -> Result {
    let Some(ranking) = table.game.ranking() else {
        return Ok(());
    };
    // The setup (or the rules) opened from the results is drawn instead of them.
    if *overlay.get() != Overlay::None {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let texts = &*texts;
    let table = &*table;
    let look = &theme.look;
    // A seat's cell: its mark and who sat there.
    let seat_cell = |seat: u8| -> Cell<'_> {
        Box::new(move |ui: &mut egui::Ui| {
            cell_row(ui, texts, |ui| {
                crate::ui::widgets::mark_icon(ui, look, table.layout.colours[seat as usize], 18.0);
                ui.label(texts.show(&texts.player(table.seat_kind(seat))));
            });
        })
    };
    let text_cell = |text: String| -> Cell<'_> {
        Box::new(move |ui: &mut egui::Ui| {
            ui.label(texts.show(&text));
        })
    };
    // Upright (a phone), the results take the HUD's place below the board, which stays in
    // sight, and the game in numbers folds away.
    let upright = hud.bottom > 0.0;
    let (align, offset) = if upright {
        (egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -4.0))
    } else {
        (egui::Align2::CENTER_CENTER, hud.window_offset())
    };
    egui::Window::new(texts.tr("results-title"))
        .max_width(crate::ui::widgets::max_window_width(ctx))
        .id(egui::Id::new("results"))
        .collapsible(false)
        .resizable(false)
        .anchor(align, offset)
        .show(ctx, |ui| {
            column(ui, texts, |ui| {
                // The tables scroll in a short window, so the buttons below stay on screen.
                // On a narrow screen (a phone held upright) they scroll sideways too.
                let screen = ui.ctx().content_rect();
                let room = if upright {
                    hud.bottom - 120.0
                } else {
                    screen.height() - 110.0
                };
                egui::ScrollArea::both()
                    .max_height(room.max(60.0))
                    .max_width((screen.width() - 40.0).max(120.0))
                    .show(ui, |ui| {
                        column(ui, texts, |ui| {
                            grid(ui, "ranking", |ui| {
                                let mut head: Vec<_> = [
                                    "results-rank",
                                    "results-seat",
                                    "results-at-goal",
                                    "results-out-of-base",
                                    "results-progress",
                                ]
                                .into_iter()
                                .map(|k| text_cell(texts.get(k)))
                                .collect();
                                if !ratings.0.is_empty() {
                                    head.push(text_cell(texts.get("results-rating")));
                                }
                                grid_row(ui, texts, head);
                                for s in ranking {
                                    let shared =
                                        ranking.iter().filter(|o| o.rank == s.rank).count() > 1;
                                    let rank = if shared {
                                        texts.fmt("results-shared", &[("rank", s.rank.into())])
                                    } else {
                                        s.rank.to_string()
                                    };
                                    let mut cells = vec![
                                        text_cell(rank),
                                        seat_cell(s.seat),
                                        text_cell(s.at_goal.to_string()),
                                        text_cell(s.out_of_base.to_string()),
                                        text_cell(s.progress.to_string()),
                                    ];
                                    if let Some(r) = ratings.0.get(s.seat as usize) {
                                        cells.push(text_cell(format!(
                                            "{:.0} ({:+.0})",
                                            r.after,
                                            r.after - r.before
                                        )));
                                    }
                                    grid_row(ui, texts, cells);
                                }
                            });
                            ui.add_space(6.0);
                            let story_table = |ui: &mut egui::Ui| {
                                grid(ui, "story", |ui| {
                                    let head = [
                                        "results-seat",
                                        "results-captures-made",
                                        "results-captures-suffered",
                                        "results-sixes",
                                        "results-turns",
                                    ]
                                    .into_iter()
                                    .map(|k| text_cell(texts.get(k)))
                                    .collect();
                                    grid_row(ui, texts, head);
                                    for seat in 0..table.game.seats() {
                                        let s = story.0[seat as usize];
                                        let mut cells = vec![seat_cell(seat)];
                                        for n in
                                            [s.captures_made, s.captures_suffered, s.sixes, s.turns]
                                        {
                                            cells.push(text_cell(n.to_string()));
                                        }
                                        grid_row(ui, texts, cells);
                                    }
                                });
                            };
                            if upright {
                                egui::CollapsingHeader::new(texts.tr("results-story"))
                                    .id_salt("results_story")
                                    .show(ui, story_table);
                            } else {
                                ui.label(egui::RichText::new(texts.tr("results-story")).strong());
                                story_table(ui);
                            }
                        })
                    });
                ui.add_space(8.0);
                row(ui, texts, |ui| {
                    let again = ui.button(texts.tr("results-play-again"));
                    crate::ui::widgets::focus_first(&again, &texts.get("results-play-again"));
                    if again.clicked() {
                        rematch.write(RematchRequested);
                    }
                    let change = ui.button(texts.tr("results-change-table"));
                    crate::ui::widgets::say_where_to_tap("change-table", &change, &mut said);
                    if change.clicked() {
                        next_overlay.set(Overlay::Setup);
                    }
                });
            });
        });
    Ok(())
}
