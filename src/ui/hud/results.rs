//! The results window when the game ends: the podium, rematch, a new table or the game's
//! review (online, its address for anyone), then the game's dice as this device checked
//! them and the game in numbers, folded.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{self};
use ludo_core::Standing;
use ludo_cpu::analysis::Class;

use crate::files::last_analysis::LastAnalysis;
use crate::files::past_games::{LastDice, PastGames};
use crate::files::reviews::{ReviewAt, ReviewRequested};
use crate::i18n::Texts;
use crate::i18n::ui::{Cell, cell_row, column, grid, grid_row, row};
use crate::table::Table;
use crate::table::flow::RematchRequested;
use crate::table::profiles::LastRatings;
use crate::table::stats::Story;
use crate::theme::look::Look;
use crate::ui::overlay::Overlay;
use crate::ui::widgets::{Palette, Taps};

/// What the results show.
#[derive(SystemParam)]
pub(super) struct Shown<'w> {
    table: Res<'w, Table>,
    story: Res<'w, Story>,
    ratings: Res<'w, LastRatings>,
    past: Res<'w, PastGames>,
    dice: Res<'w, LastDice>,
    analysis: Res<'w, LastAnalysis>,
    online: Option<Res<'w, crate::online::Online>>,
    texts: Res<'w, Texts>,
    theme: Res<'w, crate::theme::ActiveTheme>,
    unfolded: Option<Res<'w, DiceUnfolded>>,
}

/// The results open with the dice in numbers unfolded (`--open dice`).
#[derive(Resource)]
pub struct DiceUnfolded;

/// What the results' buttons ask for.
#[derive(SystemParam)]
pub(super) struct Asked<'w, 's> {
    next_overlay: ResMut<'w, NextState<Overlay>>,
    rematch: MessageWriter<'w, RematchRequested>,
    review: MessageWriter<'w, ReviewRequested>,
    taps: Taps<'w, 's>,
}

pub(super) fn results_window(
    mut contexts: EguiContexts,
    shown: Shown,
    mut asked: Asked,
    overlay: Res<State<Overlay>>,
) -> Result {
    let Some(ranking) = shown.table.game.ranking() else {
        return Ok(());
    };
    // The setup (or the rules) opened from the results is drawn instead of them.
    if *overlay.get() != Overlay::None {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let texts = &*shown.texts;
    let palette = Palette::of(&shown.theme.look.ui);
    egui::Window::new(texts.get("results-title"))
        .max_width(crate::ui::widgets::max_window_width(ctx).min(560.0))
        .id(crate::ui::widgets::window_id(ctx, "results"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            crate::ui::widgets::scroll_if_short(ui, |ui| {
                column(ui, texts, |ui| {
                    // Rows as tall as their words; the buttons below keep a finger's height.
                    ui.spacing_mut().interact_size.y = 24.0;
                    for s in ranking {
                        podium_row(ui, s, &shown, &palette);
                        luck_and_play(ui, s, &shown, &mut asked, &palette);
                    }
                    ui.add_space(8.0);
                    buttons(ui, &shown, &mut asked, &palette);
                    review_link(ui, &shown);
                    ui.add_space(4.0);
                    // Below the buttons: on a phone they stay on the screen.
                    dice_checked(ui, &shown, &palette);
                    // The game in numbers, folded: the tables scroll sideways when narrow.
                    egui::CollapsingHeader::new(texts.get("results-story"))
                        .id_salt("results_story")
                        .show(ui, |ui| {
                            egui::ScrollArea::horizontal().show(ui, |ui| {
                                column(ui, texts, |ui| {
                                    ranking_table(ui, ranking, &shown);
                                    ui.add_space(6.0);
                                    story_table(ui, &shown);
                                    ui.add_space(6.0);
                                    analysis_table(ui, &shown);
                                });
                            });
                        });
                });
            });
        });
    Ok(())
}

/// Whether this device's check of the game's dice passed and who sealed them; each seat's
/// dice counted, folded under it.
fn dice_checked(ui: &mut egui::Ui, shown: &Shown, palette: &Palette) {
    let texts = &*shown.texts;
    let (lines, failed) = crate::ui::dice::checked_lines(texts, &shown.dice);
    for line in lines {
        let text = if failed {
            line.rich().color(palette.warning).strong()
        } else {
            line.rich().small().color(palette.weak_text)
        };
        ui.label(text);
    }
    if shown.dice.faces.is_empty() {
        return;
    }
    egui::CollapsingHeader::new(texts.get("dice-title"))
        .id_salt("results_dice")
        .default_open(shown.unfolded.is_some())
        .show_unindented(ui, |ui| {
            let (table, look) = (&*shown.table, &shown.theme.look);
            crate::ui::dice::faces_table(
                ui,
                texts,
                "results_dice_table",
                &shown.dice.faces,
                |seat| {
                    Box::new(move |ui: &mut egui::Ui| {
                        crate::ui::widgets::mark_icon(
                            ui,
                            look,
                            table.layout.colours[seat as usize],
                            16.0,
                        );
                    })
                },
            );
        });
}

/// A place on the podium: its medal, the seat's mark and name, its rating's change.
fn podium_row(ui: &mut egui::Ui, s: &Standing, shown: &Shown, palette: &Palette) {
    let (texts, table) = (&*shown.texts, &*shown.table);
    row(ui, texts, |ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(30.0, 30.0), egui::Sense::hover());
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
        crate::ui::widgets::mark_icon(ui, &shown.theme.look, colour, 24.0);
        let name = texts.player(table.seat_kind(s.seat));
        let size = palette.text_size * if s.rank == 1 { 1.3 } else { 1.1 };
        ui.label(texts.line(&name).rich().size(size).strong());
        if let Some(r) = shown.ratings.0.get(s.seat as usize) {
            let change = r.after - r.before;
            ui.label(egui::RichText::new(format!("{:.0} ({change:+.0})", r.after)).weak());
        }
    });
}

/// Under a person's place: how lucky their dice were and how they played, in points of win
/// chance (docs/ANALYSIS.md), and the way to their worst move in the review.
fn luck_and_play(
    ui: &mut egui::Ui,
    s: &Standing,
    shown: &Shown,
    asked: &mut Asked,
    palette: &Palette,
) {
    let (texts, table) = (&*shown.texts, &*shown.table);
    // Under the name, past the medal and the mark, on the side the line starts.
    let indent = 38.0;
    if table.seat_kind(s.seat).is_cpu() {
        return;
    }
    let Some(analysis) = &shown.analysis.analysis else {
        if shown.analysis.pending() {
            row(ui, texts, |ui| {
                ui.add_space(indent);
                let words = texts.get("results-analysing");
                ui.label(words.rich().small().color(palette.weak_text));
            });
        }
        return;
    };
    let Some(seat) = analysis.seats.get(usize::from(s.seat)) else {
        return;
    };
    let luck = seat.luck() * 100.0;
    let key = match luck {
        l if l >= LUCK_SHOWN => "results-luck-good",
        l if l <= -LUCK_SHOWN => "results-luck-bad",
        _ => "results-luck-even",
    };
    let luck_words = texts.fmt(key, &[("points", crate::ui::luck::signed(luck).into())]);
    let play_words = texts.fmt(
        "results-play",
        &[
            ("mistakes", seat.count(Class::Mistake).into()),
            ("blunders", seat.count(Class::Blunder).into()),
            ("rate", format!("{:.1}", seat.error_rate).into()),
        ],
    );
    if let Some(&hints) = table.hints.get(usize::from(s.seat))
        && hints > 0
    {
        let words = texts.fmt("results-hints", &[("hints", hints.into())]);
        row(ui, texts, |ui| {
            ui.add_space(indent);
            ui.label(words.rich().small().color(palette.warning));
        });
    }
    row(ui, texts, |ui| {
        ui.add_space(indent);
        ui.label(luck_words.rich().small().color(palette.weak_text));
    });
    row(ui, texts, |ui| {
        ui.add_space(indent);
        ui.label(play_words.rich().small().color(palette.weak_text));
        let worst = analysis
            .worst(s.seat)
            .filter(|d| d.class >= Class::Inaccuracy);
        let kept = shown
            .past
            .games
            .first()
            .filter(|g| g.file.record.steps == table.record.steps || g.file.served.is_some());
        if let (Some(worst), Some(game)) = (worst, kept)
            && ui.small_button(texts.get("results-worst-move")).clicked()
        {
            asked.review.write(ReviewRequested::File {
                file: Box::new(game.file.clone()),
                at: ReviewAt::Step(worst.step),
            });
        }
    });
}

/// Luck worth a word: five points of win chance, up or down.
const LUCK_SHOWN: f32 = 5.0;

/// Each seat's luck and play, under the game in numbers.
fn analysis_table(ui: &mut egui::Ui, shown: &Shown) {
    if let Some(analysis) = &shown.analysis.analysis {
        crate::ui::luck::seats_table(ui, &shown.texts, "results_analysis", analysis, |seat| {
            seat_cell(shown, seat)
        });
    }
}

/// Play again, change the table, review the game.
fn buttons(ui: &mut egui::Ui, shown: &Shown, asked: &mut Asked, palette: &Palette) {
    let texts = &*shown.texts;
    row(ui, texts, |ui| {
        let again =
            crate::ui::widgets::primary_button(ui, palette, &texts.get("results-play-again"));
        crate::ui::widgets::focus_first(&again, texts.get("results-play-again"));
        if again.clicked() {
            asked.rematch.write(RematchRequested);
        }
        let change = ui.add(
            egui::Button::new(texts.get("results-change-table")).min_size(egui::vec2(0.0, 44.0)),
        );
        asked.taps.say("change-table", &change);
        if change.clicked() {
            asked.next_overlay.set(Overlay::Setup);
        }
        // The game just finished is the first past game.
        let kept = shown.past.games.first().is_some_and(|g| {
            g.file.record.steps == shown.table.record.steps || g.file.served.is_some()
        });
        let look_back = ui.add_enabled(
            kept,
            egui::Button::new(texts.get("results-review")).min_size(egui::vec2(0.0, 44.0)),
        );
        if look_back.clicked() {
            asked.review.write(ReviewRequested::Past(0));
        }
    });
}

/// Online: the review's address at the server, for anyone.
fn review_link(ui: &mut egui::Ui, shown: &Shown) {
    let id = shown.past.games.first().and_then(|g| g.file.id.as_ref());
    if let (Some(online), Some(id)) = (&shown.online, id) {
        let link = crate::ui::online::invite_url(&online.server, &format!("/g/{id}"));
        let words = shown.texts.fmt("results-link", &[("link", link.into())]);
        ui.label(shown.texts.line(&words).rich().weak());
    }
}

/// Each seat's rank (shared ranks said so), pieces home and out, progress, and rating.
fn ranking_table(ui: &mut egui::Ui, ranking: &[Standing], shown: &Shown) {
    let (texts, ratings) = (&*shown.texts, &shown.ratings.0);
    grid(ui, "ranking", |ui| {
        let mut head: Vec<_> = [
            "results-rank",
            "results-seat",
            "results-at-goal",
            "results-out-of-base",
            "results-progress",
        ]
        .into_iter()
        .map(|k| text_cell(texts, texts.get(k)))
        .collect();
        if !ratings.is_empty() {
            head.push(text_cell(texts, texts.get("results-rating")));
        }
        grid_row(ui, texts, head);
        for s in ranking {
            let shared = ranking.iter().filter(|o| o.rank == s.rank).count() > 1;
            let rank = if shared {
                texts.fmt("results-shared", &[("rank", s.rank.into())])
            } else {
                texts.line(s.rank.to_string())
            };
            let mut cells = vec![
                text_cell(texts, rank),
                seat_cell(shown, s.seat),
                text_cell(texts, s.at_goal.to_string()),
                text_cell(texts, s.out_of_base.to_string()),
                text_cell(texts, s.progress.to_string()),
            ];
            if let Some(r) = ratings.get(s.seat as usize) {
                let change = format!("{:.0} ({:+.0})", r.after, r.after - r.before);
                cells.push(text_cell(texts, change));
            }
            grid_row(ui, texts, cells);
        }
    });
}

/// Each seat's captures made and suffered, sixes and turns.
fn story_table(ui: &mut egui::Ui, shown: &Shown) {
    let texts = &*shown.texts;
    grid(ui, "story", |ui| {
        let head = [
            "results-seat",
            "results-captures-made",
            "results-captures-suffered",
            "results-sixes",
            "results-turns",
        ]
        .into_iter()
        .map(|k| text_cell(texts, texts.get(k)))
        .collect();
        grid_row(ui, texts, head);
        for seat in 0..shown.table.game.seats() {
            let s = shown.story.0[seat as usize];
            let mut cells = vec![seat_cell(shown, seat)];
            for n in [s.captures_made, s.captures_suffered, s.sixes, s.turns] {
                cells.push(text_cell(texts, n.to_string()));
            }
            grid_row(ui, texts, cells);
        }
    });
}

/// A seat's cell: its mark and who sat there.
fn seat_cell<'a>(shown: &'a Shown, seat: u8) -> Cell<'a> {
    let (texts, table, look): (&Texts, &Table, &Look) =
        (&shown.texts, &shown.table, &shown.theme.look);
    Box::new(move |ui: &mut egui::Ui| {
        cell_row(ui, texts, |ui| {
            crate::ui::widgets::mark_icon(ui, look, table.layout.colours[seat as usize], 18.0);
            ui.label(texts.player(table.seat_kind(seat)));
        });
    })
}

fn text_cell(texts: &Texts, text: impl AsRef<str> + 'static) -> Cell<'_> {
    Box::new(move |ui: &mut egui::Ui| {
        ui.label(texts.line(&text));
    })
}
