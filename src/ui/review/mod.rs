//! The review of a finished game (`table::review`), beside the board (below it when upright):
//! the step shown in words, the controls (←/→, play, the next capture or six, a slider over
//! the game), the chart of who was winning with its moments, at a decision its class and the
//! better move, each seat's luck and play (docs/ANALYSIS.md), and the dice check.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use ludo_cpu::analysis::Class;

use crate::board::camera::Stage;
use crate::i18n::Texts;
use crate::i18n::ui::{paragraph, paragraph_rich};
use crate::table::review::{Review, ReviewStep, TryAgainRequested};
use crate::table::screen::Screen;
use crate::table::{GameSet, Table};
use crate::theme::ActiveTheme;
use crate::ui::hud::announce::Announcements;
use crate::ui::widgets::{Icon, Palette, icon_button, mark_icon, points};

mod chart;
mod words;

pub(super) fn plugin(app: &mut App) {
    let reviewing = in_state(Screen::Review).and_then(resource_exists::<Review>);
    app.add_systems(
        Update,
        (
            (review_keys, swipe).in_set(GameSet::Ask),
            (say_step, say_moments).in_set(GameSet::React),
        )
            .run_if(reviewing.clone()),
    )
    .add_systems(EguiPrimaryContextPass, review_panel.run_if(reviewing));
}

/// ←/→ a step, Space play or pause, Home/End the start or the end, C the next capture, S the
/// next six, M the next mistake, T try the decision shown again, Esc back.
fn review_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut contexts: EguiContexts,
    mut steps: MessageWriter<ReviewStep>,
    mut again: MessageWriter<TryAgainRequested>,
) {
    if contexts
        .ctx_mut()
        .is_ok_and(|c| c.egui_wants_keyboard_input())
    {
        return;
    }
    let pressed = [
        (KeyCode::ArrowLeft, ReviewStep::Back),
        (KeyCode::ArrowRight, ReviewStep::Forward),
        (KeyCode::Space, ReviewStep::PlayPause),
        (KeyCode::Home, ReviewStep::To(0)),
        (KeyCode::End, ReviewStep::To(usize::MAX)),
        (KeyCode::KeyC, ReviewStep::NextCapture),
        (KeyCode::KeyS, ReviewStep::NextSix),
        (KeyCode::KeyM, ReviewStep::NextMistake),
        (KeyCode::Escape, ReviewStep::Close),
    ];
    for (key, step) in pressed {
        if keys.just_pressed(key) {
            steps.write(step);
        }
    }
    if keys.just_pressed(KeyCode::KeyT) {
        again.write(TryAgainRequested);
    }
}

/// A finger swiped across the board: to the left the next step, to the right the one before.
fn swipe(touches: Res<Touches>, stage: Res<Stage>, mut steps: MessageWriter<ReviewStep>) {
    for touch in touches.iter_just_released() {
        let moved = touch.position() - touch.start_position();
        if stage.board.contains(touch.start_position())
            && moved.x.abs() > 40.0
            && moved.x.abs() > 2.0 * moved.y.abs()
        {
            steps.write(if moved.x < 0.0 {
                ReviewStep::Forward
            } else {
                ReviewStep::Back
            });
        }
    }
}

/// The screen reader hears the chart's moments as a list once the chart is there.
fn say_moments(
    review: Res<Review>,
    table: Res<Table>,
    texts: Res<Texts>,
    mut said: ResMut<Announcements>,
    mut told: Local<bool>,
) {
    if review.is_added() {
        *told = false;
    }
    if *told || review.chart.is_none() {
        return;
    }
    *told = true;
    let moments: Vec<String> = review
        .moments
        .iter()
        .enumerate()
        .map(|(n, m)| {
            format!(
                "{}. {}",
                n + 1,
                words::moment_sentence(&review, m, &table, &texts)
            )
        })
        .collect();
    let list = if moments.is_empty() {
        texts.get("review-no-moments").into_string()
    } else {
        format!("{}: {}", texts.get("review-moments"), moments.join(" "))
    };
    said.say_now(list);
}

/// The screen reader hears the step's sentence as the board moves (and at a decision, its
/// class and the better move).
fn say_step(
    review: Res<Review>,
    table: Res<Table>,
    texts: Res<Texts>,
    mut said: ResMut<Announcements>,
    mut shown: Local<Option<usize>>,
) {
    if *shown != Some(review.at) || review.is_added() {
        *shown = Some(review.at);
        let step = words::step_sentence(&review, &table, &texts).into_string();
        // At a decision, its class and the better move too.
        let decision = review
            .decision()
            .map(|d| crate::ui::luck::decision_words(&texts, d).into_string());
        let sentences: Vec<String> = std::iter::once(step).chain(decision).collect();
        said.say_now(texts.sentences(&sentences).into_string());
    }
}

fn review_panel(
    mut contexts: EguiContexts,
    review: Res<Review>,
    table: Res<Table>,
    stage: Res<Stage>,
    texts: Res<Texts>,
    theme: Res<ActiveTheme>,
    mut steps: MessageWriter<ReviewStep>,
    mut again: MessageWriter<TryAgainRequested>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let palette = Palette::of(&theme.look.ui);
    let rect = points(stage.panel, ctx.zoom_factor());
    egui::Area::new(egui::Id::new("review"))
        .order(egui::Order::Middle)
        .fixed_pos(rect.min)
        .show(&ctx, |ui| {
            egui::Frame::new()
                .fill(palette.panel)
                .stroke(egui::Stroke::new(1.0, palette.edge))
                .corner_radius(palette.radius)
                .inner_margin(egui::Margin::same(10))
                .show(ui, |ui| {
                    ui.set_width(rect.width() - 20.0);
                    ui.set_height(rect.height() - 20.0);
                    egui::ScrollArea::vertical()
                        .max_height(rect.height() - 20.0)
                        .show(ui, |ui| {
                            let at = Panel {
                                review: &review,
                                table: &table,
                                texts: &texts,
                                theme: &theme,
                                palette: &palette,
                            };
                            panel(ui, &at, &mut steps, &mut again)
                        });
                });
        });
    Ok(())
}

/// What the panel draws with.
struct Panel<'a> {
    review: &'a Review,
    table: &'a Table,
    texts: &'a Texts,
    theme: &'a ActiveTheme,
    palette: &'a Palette,
}

fn panel(
    ui: &mut egui::Ui,
    at: &Panel,
    steps: &mut MessageWriter<ReviewStep>,
    again: &mut MessageWriter<TryAgainRequested>,
) {
    let (review, texts, palette) = (at.review, at.texts, at.palette);
    header(ui, review, texts, palette, steps);
    // The dice check first: a failed one is never out of sight.
    let (dice, failed) = words::dice_sentence(review, texts);
    let colour = if failed {
        palette.warning
    } else {
        palette.weak_text
    };
    paragraph_rich(ui, texts, &dice, |t| {
        let text = egui::RichText::new(t)
            .color(colour)
            .size(palette.text_size * 0.85);
        if failed { text.strong() } else { text }
    });
    let hinted: Vec<String> = (review.file.hints.iter().enumerate())
        .filter(|(_, n)| **n > 0)
        .map(|(s, n)| format!("{} ({n})", texts.seat(at.table, s as u8)))
        .collect();
    if !hinted.is_empty() {
        let words = texts.fmt("review-hints", &[("who", hinted.join(", ").into())]);
        paragraph_rich(ui, texts, &words, |t| {
            egui::RichText::new(t)
                .color(palette.warning)
                .size(palette.text_size * 0.85)
        });
    }
    let step = words::step_sentence(review, at.table, texts);
    ui.add_space(4.0);
    paragraph_rich(ui, texts, &step, |t| {
        egui::RichText::new(t)
            .size(palette.text_size * 1.05)
            .strong()
    });
    if let Some(decision) = review.decision() {
        let words = crate::ui::luck::decision_words(texts, decision);
        let colour = if decision.class >= Class::Mistake {
            palette.warning
        } else {
            palette.weak_text
        };
        paragraph_rich(ui, texts, &words, |t| {
            egui::RichText::new(t)
                .color(colour)
                .size(palette.text_size * 0.9)
        });
        // The same throw, played again: the decision's seat by the player, the others by
        // CPUs.
        let label = texts.get("review-try-again");
        let button = egui::Button::new(label.rich()).min_size(egui::vec2(0.0, 36.0));
        if ui.add(button).clicked() {
            again.write(TryAgainRequested);
        }
    }
    ui.add_space(6.0);
    controls(ui, review, texts, steps);
    ui.add_space(8.0);
    match &review.chart {
        Some(chart) => who_was_winning(ui, at, chart, steps),
        None => {
            ui.label(texts.get("review-chart-loading"));
        }
    }
    ui.add_space(6.0);
    // Each seat's luck and play: folded, under the chart.
    if let Some(analysis) = &review.analysis {
        egui::CollapsingHeader::new(texts.get("analysis-title"))
            .id_salt("review_analysis")
            .show(ui, |ui| {
                egui::ScrollArea::horizontal()
                    .id_salt("review_analysis_scroll")
                    .show(ui, |ui| {
                        crate::ui::luck::seats_table(
                            ui,
                            texts,
                            "review_analysis_table",
                            analysis,
                            |seat| {
                                let (table, look) = (at.table, &at.theme.look);
                                Box::new(move |ui: &mut egui::Ui| {
                                    let colour = table.layout.colours[seat as usize];
                                    mark_icon(ui, look, colour, 16.0);
                                })
                            },
                        );
                    });
            });
    }
    // Each seat's dice, counted: folded, under the chart.
    egui::CollapsingHeader::new(texts.get("dice-title"))
        .id_salt("review_dice")
        .show(ui, |ui| {
            egui::ScrollArea::horizontal().show(ui, |ui| {
                crate::ui::dice::faces_table(
                    ui,
                    texts,
                    "review_dice_table",
                    &review.faces,
                    |seat| {
                        let (table, look) = (at.table, &at.theme.look);
                        Box::new(move |ui: &mut egui::Ui| {
                            let colour = table.layout.colours[seat as usize];
                            mark_icon(ui, look, colour, 16.0);
                        })
                    },
                );
            });
        });
}

/// The chart, its legend and its moments.
fn who_was_winning(
    ui: &mut egui::Ui,
    at: &Panel,
    chart: &ludo_cpu::chances::Chart,
    steps: &mut MessageWriter<ReviewStep>,
) {
    let (review, table, texts) = (at.review, at.table, at.texts);
    let title = match chart.measure {
        ludo_cpu::chances::Measure::Win => "review-chart-win",
        ludo_cpu::chances::Measure::Place => "review-chart-place",
    };
    ui.label(texts.get(title).rich().strong());
    let height = (ui.available_width() * 0.42).clamp(110.0, 220.0);
    let shown = review.point();
    let marks = review.chart_marks();
    let drawn = chart::Drawn {
        chart,
        shown,
        moments: &review.moments,
        colours: &table.layout.colours[..table.game.seats() as usize],
        look: &at.theme.look,
        palette: at.palette,
        pairs: table.game.rules().partner(0).is_some(),
        classes: &marks.classes,
        dice: &marks.dice,
    };
    if let Some(k) = chart::draw(ui, &drawn, height) {
        steps.write(ReviewStep::To(chart.points[k].at));
    }
    legend(ui, table, texts, at.theme, chart, shown);
    ui.add_space(6.0);
    ui.label(texts.get("review-moments").rich().strong());
    for (n, moment) in review.moments.iter().enumerate() {
        let sentence = words::moment_sentence(review, moment, table, texts);
        let line = format!("{}. {sentence}", n + 1);
        let to = chart.points[moment.point].at;
        if moment_row(ui, texts, at.palette, &line, review.at == to).clicked() {
            steps.write(ReviewStep::To(to));
        }
    }
    if review.moments.is_empty() {
        ui.label(texts.get("review-no-moments"));
    }
}

/// A moment as a button its whole width, its words wrapped in reading order (right to left
/// in Arabic, where a button's own wrapping would break the line in the wrong places).
fn moment_row(
    ui: &mut egui::Ui,
    texts: &Texts,
    palette: &Palette,
    line: &str,
    selected: bool,
) -> egui::Response {
    let fill = if selected {
        palette.primary.gamma_multiply(0.5)
    } else {
        ui.visuals().widgets.inactive.weak_bg_fill
    };
    let framed = egui::Frame::new()
        .fill(fill)
        .corner_radius(palette.radius.min(8.0))
        .inner_margin(egui::Margin::symmetric(8, 5))
        .outer_margin(egui::Margin::symmetric(0, 2))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            paragraph(ui, texts, line);
        });
    let response = framed.response.interact(egui::Sense::click());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Button, true, line));
    response.on_hover_cursor(egui::CursorIcon::PointingHand)
}

/// The title, where the game is, and the way back.
fn header(
    ui: &mut egui::Ui,
    review: &Review,
    texts: &Texts,
    palette: &Palette,
    steps: &mut MessageWriter<ReviewStep>,
) {
    ui.horizontal(|ui| {
        ui.label(
            texts
                .get("review-title")
                .rich()
                .size(palette.text_size * 1.3)
                .strong(),
        );
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if icon_button(ui, Icon::Close, texts.get("review-close"), 36.0).clicked() {
                steps.write(ReviewStep::Close);
            }
            let turn = review.point().unwrap_or(0);
            let words = texts.fmt(
                "review-where",
                &[
                    ("step", review.at.into()),
                    ("steps", review.end().into()),
                    ("turn", turn.into()),
                ],
            );
            ui.label(words.rich().color(palette.weak_text));
        });
    });
}

/// Back, play or pause, forward; the next capture or six; a slider over the whole game.
fn controls(
    ui: &mut egui::Ui,
    review: &Review,
    texts: &Texts,
    steps: &mut MessageWriter<ReviewStep>,
) {
    ui.horizontal_wrapped(|ui| {
        let side = 44.0;
        if icon_button(
            ui,
            Icon::Step { forward: false },
            texts.get("review-back"),
            side,
        )
        .clicked()
        {
            steps.write(ReviewStep::Back);
        }
        let (icon, label) = if review.playing {
            (Icon::Pause, "review-pause")
        } else {
            (Icon::Play, "review-play")
        };
        if icon_button(ui, icon, texts.get(label), side).clicked() {
            steps.write(ReviewStep::PlayPause);
        }
        if icon_button(
            ui,
            Icon::Step { forward: true },
            texts.get("review-forward"),
            side,
        )
        .clicked()
        {
            steps.write(ReviewStep::Forward);
        }
        let small = egui::vec2(0.0, side);
        if ui
            .add(egui::Button::new(texts.get("review-next-capture")).min_size(small))
            .clicked()
        {
            steps.write(ReviewStep::NextCapture);
        }
        if ui
            .add(egui::Button::new(texts.get("review-next-six")).min_size(small))
            .clicked()
        {
            steps.write(ReviewStep::NextSix);
        }
        if review.analysis.is_some()
            && ui
                .add(egui::Button::new(texts.get("review-next-mistake")).min_size(small))
                .clicked()
        {
            steps.write(ReviewStep::NextMistake);
        }
    });
    let mut at = review.at;
    let slider = egui::Slider::new(&mut at, 0..=review.end()).show_value(false);
    ui.spacing_mut().slider_width = ui.available_width() - 8.0;
    if ui.add(slider).changed() {
        steps.write(ReviewStep::To(at));
    }
}

/// Each seat: its mark, its name and its value at the turn shown.
fn legend(
    ui: &mut egui::Ui,
    table: &Table,
    texts: &Texts,
    theme: &ActiveTheme,
    chart: &ludo_cpu::chances::Chart,
    shown: Option<usize>,
) {
    let point = &chart.points[shown.unwrap_or(0).min(chart.points.len() - 1)];
    // Two seats a row: each entry keeps its mark beside its words.
    let half = (ui.available_width() / 2.0 - 12.0).max(60.0);
    egui::Grid::new("review_legend")
        .num_columns(2)
        .min_col_width(half)
        .max_col_width(half)
        .show(ui, |ui| {
            for seat in 0..table.game.seats() {
                let colour = table.layout.colours[seat as usize];
                let value = words::value(chart.measure, point.values[seat as usize], texts);
                let line = format!("{} {}", texts.seat(table, seat), value);
                ui.horizontal(|ui| {
                    mark_icon(ui, &theme.look, colour, 16.0);
                    ui.add(egui::Label::new(texts.line(&line)).wrap());
                });
                if seat % 2 == 1 {
                    ui.end_row();
                }
            }
        });
}
