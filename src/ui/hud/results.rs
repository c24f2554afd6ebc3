//! The results window when the game ends: ranking, ratings, the game's story, rematch.

use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{self};

use crate::i18n::Texts;
use crate::i18n::ui::{Cell, cell_row, column, grid, grid_row, row};
use crate::table::Table;
use crate::table::flow::*;
use crate::table::screen::Overlay;

pub(super) fn results_window(
    mut contexts: EguiContexts,
    table: Res<Table>,
    theme: Res<crate::theme::ActiveTheme>,
    story: Res<crate::table::stats::Story>,
    ratings: Res<crate::table::profiles::LastRatings>,
    overlay: Res<State<Overlay>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    texts: Res<Texts>,
    mut rematch: MessageWriter<RematchRequested>,
    mut review: MessageWriter<crate::files::reviews::ReviewRequested>,
    past: Res<crate::files::past_games::PastGames>,
    online: Option<Res<crate::online::Online>>,
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
    let palette = crate::ui::widgets::Palette::of(&look.ui);
    egui::Window::new(texts.tr("results-title"))
        .max_width(crate::ui::widgets::max_window_width(ctx).min(560.0))
        .id(egui::Id::new("results"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            crate::ui::widgets::scroll_if_short(ui, |ui| {
                column(ui, texts, |ui| {
                    // Rows as tall as their words; the buttons below keep a finger's height.
                    ui.spacing_mut().interact_size.y = 24.0;
                    // The podium: each place with its medal, mark, name and rating's change.
                    for s in ranking {
                        row(ui, texts, |ui| {
                            let (rect, _) = ui
                                .allocate_exact_size(egui::vec2(30.0, 30.0), egui::Sense::hover());
                            let medal = palette.medal(usize::from(s.rank) - 1);
                            ui.painter().circle_filled(rect.center(), 14.0, medal);
                            ui.painter().text(
                                rect.center(),
                                egui::Align2::CENTER_CENTER,
                                s.rank.to_string(),
                                egui::FontId::proportional(16.0),
                                palette.primary_text,
                            );
                            let colour = table.layout.colours[s.seat as usize];
                            crate::ui::widgets::mark_icon(ui, look, colour, 24.0);
                            let name = texts.player(table.seat_kind(s.seat));
                            let size = if s.rank == 1 {
                                palette.text_size * 1.3
                            } else {
                                palette.text_size * 1.1
                            };
                            ui.label(egui::RichText::new(texts.show(&name)).size(size).strong());
                            if let Some(r) = ratings.0.get(s.seat as usize) {
                                let change = r.after - r.before;
                                ui.label(
                                    egui::RichText::new(format!("{:.0} ({change:+.0})", r.after))
                                        .weak(),
                                );
                            }
                        });
                    }
                    ui.add_space(8.0);
                    row(ui, texts, |ui| {
                        let again = crate::ui::widgets::primary_button(
                            ui,
                            &palette,
                            &texts.tr("results-play-again"),
                        );
                        crate::ui::widgets::focus_first(&again, &texts.get("results-play-again"));
                        if again.clicked() {
                            rematch.write(RematchRequested);
                        }
                        let change = ui.add(
                            egui::Button::new(texts.tr("results-change-table"))
                                .min_size(egui::vec2(0.0, 44.0)),
                        );
                        crate::ui::widgets::say_where_to_tap("change-table", &change, &mut said);
                        if change.clicked() {
                            next_overlay.set(Overlay::Setup);
                        }
                        // The game just finished is the first past game.
                        let kept = past.games.first().is_some_and(|g| {
                            g.file.record.steps == table.record.steps || g.file.served.is_some()
                        });
                        let look_back = ui.add_enabled(
                            kept,
                            egui::Button::new(texts.tr("results-review"))
                                .min_size(egui::vec2(0.0, 44.0)),
                        );
                        if look_back.clicked() {
                            review.write(crate::files::reviews::ReviewRequested::Past(0));
                        }
                    });
                    // Online: the review's address at the server, for anyone.
                    if let (Some(online), Some(id)) =
                        (&online, past.games.first().and_then(|g| g.file.id.as_ref()))
                    {
                        let link =
                            crate::ui::online::invite_url(&online.server, &format!("/g/{id}"));
                        let words = texts.fmt("results-link", &[("link", link.into())]);
                        ui.label(egui::RichText::new(texts.show(&words)).weak());
                    }
                    ui.add_space(4.0);
                    // The game in numbers, folded: the tables scroll sideways when narrow.
                    egui::CollapsingHeader::new(texts.tr("results-story"))
                        .id_salt("results_story")
                        .show(ui, |ui| {
                            egui::ScrollArea::horizontal().show(ui, |ui| {
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
                                                ranking.iter().filter(|o| o.rank == s.rank).count()
                                                    > 1;
                                            let rank = if shared {
                                                texts.fmt(
                                                    "results-shared",
                                                    &[("rank", s.rank.into())],
                                                )
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
                                                for n in [
                                                    s.captures_made,
                                                    s.captures_suffered,
                                                    s.sixes,
                                                    s.turns,
                                                ] {
                                                    cells.push(text_cell(n.to_string()));
                                                }
                                                grid_row(ui, texts, cells);
                                            }
                                        });
                                    };
                                    story_table(ui);
                                });
                            });
                        });
                });
            });
        });
    Ok(())
}
