//! The Past games window (from the main menu): the games this device finished, newest first —
//! when, who sat where and their places — each to review or to export as its file.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use ludo_core::Colour;

use crate::files::past_games::{PastGame, PastGames};
use crate::files::resume::DataDir;
use crate::files::reviews::{ReviewRequested, export};
use crate::i18n::Texts;
use crate::i18n::ui::{column, paragraph, paragraph_rich, row};
use crate::table::SeatKind;
use crate::theme::ActiveTheme;
use crate::ui::overlay::Overlay;
use crate::ui::widgets::{Palette, mark_icon};

/// What the last export said (where the file went, or why it did not).
#[derive(Resource, Default)]
struct Exported(Option<Result<String, String>>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Exported>()
        .add_systems(OnExit(Overlay::PastGames), |mut e: ResMut<Exported>| {
            e.0 = None
        })
        .add_systems(
            EguiPrimaryContextPass,
            past_games_window.run_if(in_state(Overlay::PastGames)),
        );
}

fn past_games_window(
    mut contexts: EguiContexts,
    mut next: ResMut<NextState<Overlay>>,
    past: Res<PastGames>,
    dir: Option<Res<DataDir>>,
    mut exported: ResMut<Exported>,
    texts: Res<Texts>,
    theme: Res<ActiveTheme>,
    mut review: MessageWriter<ReviewRequested>,
    mut dice: Local<DiceHere>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let palette = Palette::of(&theme.look.ui);
    let texts = &*texts;
    let mut still_open = true;
    egui::Window::new(texts.get("past-title"))
        .max_width(crate::ui::widgets::max_window_width(&ctx))
        .id(crate::ui::widgets::window_id(&ctx, "past_games"))
        .open(&mut still_open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(&ctx, |ui| {
            crate::ui::widgets::scroll_if_short(ui, |ui| {
                column(ui, texts, |ui| {
                    ui.set_max_width(ui.available_width().min(560.0));
                    if past.games.is_empty() {
                        paragraph(ui, texts, texts.get("past-none"));
                    }
                    // The browser opens a game's file from the device (or one dropped on the
                    // page); the desktop, with `--review FILE`.
                    #[cfg(target_arch = "wasm32")]
                    if ui.button(texts.get("past-open-file")).clicked() {
                        crate::files::reviews::pick_file();
                    }
                    exported_line(ui, texts, &palette, &exported.0);
                    dice_here(ui, texts, &past, &mut dice);
                    luck_here(ui, texts, &past, &palette);
                    for (i, game) in past.games.iter().enumerate() {
                        let plate = crate::ui::widgets::plate_frame(ui, palette.edge);
                        plate.show(ui, |ui| {
                            ui.set_width(ui.available_width());
                            entry(ui, game, texts, &theme, &palette);
                            row(ui, texts, |ui| {
                                if ui.button(texts.get("past-review")).clicked() {
                                    review.write(ReviewRequested::Past(i));
                                    next.set(Overlay::None);
                                }
                                let dir = dir.as_ref().and_then(|d| d.0.as_ref());
                                if let Some(dir) = dir
                                    && ui.button(texts.get("past-export")).clicked()
                                {
                                    let done = export(dir, &game.file);
                                    exported.0 = Some(done.map(|p| p.display().to_string()));
                                }
                            });
                        });
                    }
                })
            });
        });
    if !still_open {
        next.set(Overlay::None);
    }
    Ok(())
}

/// The faces rolled at this device over the past games, counted once for the list as it is.
#[derive(Default)]
struct DiceHere {
    /// The list it was counted for: how many games, the newest's steps.
    of: Option<(usize, usize)>,
    games: usize,
    faces: ludo_core::fairness::Faces,
}

/// "Your dice over your last N games", folded: the faces, against fair dice's, the verdict.
fn dice_here(ui: &mut egui::Ui, texts: &Texts, past: &PastGames, dice: &mut DiceHere) {
    let of = (
        past.games.len(),
        past.games.first().map_or(0, |g| g.file.record.steps.len()),
    );
    if dice.of != Some(of) {
        (dice.games, dice.faces) = past.dice_here();
        dice.of = Some(of);
    }
    if dice.games == 0 {
        return;
    }
    let title = texts.fmt("past-dice", &[("games", dice.games.into())]);
    egui::CollapsingHeader::new(title)
        .id_salt("past_dice")
        .show(ui, |ui| {
            crate::ui::dice::faces_table(ui, texts, "past_dice_table", &[dice.faces], |_| {
                Box::new(|_: &mut egui::Ui| {})
            });
        });
}

/// "Your luck and play over N games", folded: the dice luck summed game after game (a line
/// that should wander round zero), the result less the luck after ten games with its 95%
/// interval, and the error rate's trend.
fn luck_here(ui: &mut egui::Ui, texts: &Texts, past: &PastGames, palette: &Palette) {
    let luck = past.luck_here();
    let games = luck.luck_line.len();
    if games == 0 {
        return;
    }
    let title = texts.fmt("past-luck", &[("games", games.into())]);
    egui::CollapsingHeader::new(title)
        .id_salt("past_luck")
        .default_open(true)
        .show(ui, |ui| {
            // Clear of the scroll bar, which floats over the right edge.
            ui.set_max_width(ui.available_width() - 10.0);
            let sum = luck.luck_line.last().copied().unwrap_or(0.0);
            let words = texts.fmt(
                "past-luck-sum",
                &[("points", crate::ui::luck::signed(sum).into())],
            );
            paragraph(ui, texts, words);
            luck_line(ui, &luck.luck_line, palette);
            let adjusted = match luck.adjusted {
                Some((rate, margin)) => texts.fmt(
                    "past-luck-adjusted",
                    &[
                        ("rate", format!("{rate:.0}").into()),
                        ("margin", format!("{margin:.0}").into()),
                    ],
                ),
                None => texts.fmt(
                    "past-luck-adjusted-later",
                    &[("games", crate::files::past_games::ADJUSTED_AFTER.into())],
                ),
            };
            paragraph(ui, texts, adjusted);
            if let Some((old, new)) = luck.error_trend {
                let words = texts.fmt(
                    "past-error-trend",
                    &[
                        ("old", format!("{old:.1}").into()),
                        ("new", format!("{new:.1}").into()),
                    ],
                );
                paragraph(ui, texts, words);
            }
        });
}

/// The luck summed game after game, with the zero line: oldest at the left.
fn luck_line(ui: &mut egui::Ui, line: &[f32], palette: &Palette) {
    let size = egui::vec2(ui.available_width().min(520.0), 90.0);

    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let top = line.iter().fold(20.0f32, |m, v| m.max(v.abs()));
    let y = |v: f32| rect.center().y - v / top * (rect.height() / 2.0 - 4.0);
    let last = line.len().max(1) as f32;
    let x = |i: usize| rect.left() + i as f32 / last * rect.width();
    painter.rect_stroke(
        rect,
        2.0,
        egui::Stroke::new(1.0, palette.edge),
        egui::StrokeKind::Inside,
    );
    painter.line_segment(
        [
            egui::pos2(rect.left(), y(0.0)),
            egui::pos2(rect.right(), y(0.0)),
        ],
        egui::Stroke::new(1.0, palette.weak_text),
    );
    // The scale, in points of win chance, at the top and the bottom.
    let font = egui::FontId::proportional(11.0);
    for (v, align) in [
        (top, egui::Align2::LEFT_TOP),
        (-top, egui::Align2::LEFT_BOTTOM),
    ] {
        let at = egui::pos2(rect.left() + 4.0, y(v));
        let label = crate::ui::luck::signed(v);
        painter.text(at, align, label, font.clone(), palette.weak_text);
    }
    let points: Vec<egui::Pos2> = std::iter::once(egui::pos2(x(0), y(0.0)))
        .chain(
            line.iter()
                .enumerate()
                .map(|(i, v)| egui::pos2(x(i + 1), y(*v))),
        )
        .collect();
    painter.add(egui::Shape::line(
        points,
        egui::Stroke::new(2.0, palette.primary),
    ));
}

/// Where the last export went, or why it did not.
fn exported_line(
    ui: &mut egui::Ui,
    texts: &Texts,
    palette: &Palette,
    exported: &Option<Result<String, String>>,
) {
    match exported {
        Some(Ok(path)) => paragraph(
            ui,
            texts,
            texts.fmt("past-exported", &[("path", path.clone().into())]),
        ),
        Some(Err(e)) => paragraph_rich(ui, texts, e, |t| {
            egui::RichText::new(t).color(palette.warning)
        }),
        None => {}
    }
}

/// When, and each seat with its mark and place.
fn entry(
    ui: &mut egui::Ui,
    game: &PastGame,
    texts: &Texts,
    theme: &ActiveTheme,
    palette: &Palette,
) {
    let record = &game.file.record;
    let when = game.file.finished.map_or_else(String::new, date);
    let kind = if game.file.served.is_some() {
        texts.get("past-online")
    } else {
        texts.get("past-here")
    };
    ui.label(
        texts
            .line(format!("{when} · {kind}"))
            .rich()
            .color(palette.weak_text),
    );
    let layout = ludo_core::Layout::for_rules(&record.rules, record.players.len() as u8);
    let mut seats: Vec<(u8, usize)> = game.places.iter().copied().zip(0..).collect();
    seats.sort();
    ui.horizontal_wrapped(|ui| {
        for (place, seat) in seats {
            let colour: Colour = layout.colours[seat];
            mark_icon(ui, &theme.look, colour, 16.0);
            let name = match SeatKind::from_label(&record.players[seat]) {
                SeatKind::Person { name } => texts.line(name),
                SeatKind::Cpu(level) => {
                    texts.fmt("past-cpu", &[("level", level.to_string().into())])
                }
            };
            let line = texts.fmt(
                "past-place",
                &[("place", u32::from(place).into()), ("name", name.into())],
            );
            ui.label(
                texts
                    .line(&line)
                    .rich()
                    .color(palette.medal(place as usize - 1)),
            );
            ui.add_space(6.0);
        }
    });
}

/// A day and time in UTC, as `2026-12-05 06:10`.
fn date(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let (h, m) = ((secs % 86_400) / 3600, (secs % 3600) / 60);
    // Howard Hinnant's days-to-civil.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{d:02} {h:02}:{m:02}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn dates_are_utc_days() {
        assert_eq!(super::date(0), "1970-01-01 00:00");
        // date -u -d @1796450400
        assert_eq!(super::date(1_796_450_400), "2026-12-05 06:00");
    }
}
