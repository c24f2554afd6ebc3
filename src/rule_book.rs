//! The rule book in the game: how to play, every house rule with what this table chose, the
//! glossary and the questions players ask, with small pictures where they help.

use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, Pos2, RichText, Stroke};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use ludo_core::{BoardChoice, Colour, FirstPlayer, Impassable, NoPieceInPlay, Rules, SafeSquares};

use crate::table::Table;
use crate::theme::{ActiveTheme, look::egui as to_egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        rule_book.run_if(in_state(crate::screen::Overlay::Rules)),
    );
}

fn on_off(b: bool) -> &'static str {
    if b { "on" } else { "off" }
}

/// Every house rule: its name, this table's choice, and the standard choice.
pub fn house_rules(r: &Rules) -> Vec<(&'static str, String, String)> {
    let d = Rules::default();
    let faces = |f: Vec<u8>| {
        f.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(" or ")
    };
    let board = |b: BoardChoice| match b {
        BoardChoice::AlwaysCross => "always the cross",
        BoardChoice::ByPlayerCount => "by player count",
    };
    let none_in_play = |n: NoPieceInPlay| match n {
        NoPieceInPlay::Normal => "roll as usual",
        NoPieceInPlay::ReleaseWithoutRolling => "release a piece without rolling",
        NoPieceInPlay::UpToThreeRolls => "up to three rolls",
    };
    let safe = |s: SafeSquares| match s {
        SafeSquares::StartsAndStars => "starts and stars",
        SafeSquares::StartsOnly => "starts only",
        SafeSquares::None => "none",
    };
    let imp = |i: Impassable| match i {
        Impassable::BlocksOfTwo => "blocks of two",
        Impassable::None => "none",
        Impassable::NoOvertaking => "no overtaking",
    };
    let first = |f: FirstPlayer| match f {
        FirstPlayer::FirstSeat => "the first seat",
        FirstPlayer::RollOff => "a roll-off",
    };
    vec![
        ("Board", board(r.board).into(), board(d.board).into()),
        (
            "Exit number",
            faces(r.exit_numbers.faces()),
            faces(d.exit_numbers.faces()),
        ),
        (
            "No piece in play",
            none_in_play(r.no_piece_in_play).into(),
            none_in_play(d.no_piece_in_play).into(),
        ),
        (
            "Three sixes end the turn",
            on_off(r.three_sixes).into(),
            on_off(d.three_sixes).into(),
        ),
        (
            "Extra roll on capture",
            on_off(r.extra_roll_on_capture).into(),
            on_off(d.extra_roll_on_capture).into(),
        ),
        (
            "Extra roll on reaching the goal",
            on_off(r.extra_roll_on_goal).into(),
            on_off(d.extra_roll_on_goal).into(),
        ),
        (
            "Safe squares",
            safe(r.safe_squares).into(),
            safe(d.safe_squares).into(),
        ),
        (
            "Impassable squares",
            imp(r.impassable).into(),
            imp(d.impassable).into(),
        ),
        (
            "Exact roll to finish",
            on_off(r.exact_finish).into(),
            on_off(d.exact_finish).into(),
        ),
        (
            "Rank all players",
            on_off(r.rank_all).into(),
            on_off(d.rank_all).into(),
        ),
        (
            "Next game starts with the next seat",
            on_off(r.rotate_first_player).into(),
            on_off(d.rotate_first_player).into(),
        ),
        (
            "First player",
            first(r.first_player).into(),
            first(d.first_player).into(),
        ),
    ]
}

const HOW_TO_PLAY: &[&str] = &[
    "Two to four players each have four pieces waiting in their base, the big corner yard of their colour.",
    "On your turn, roll the die and move one of your pieces that many squares clockwise. If no piece can move, the roll is spent.",
    "A piece leaves base onto its start square only with the exit number; that uses the whole roll.",
    "A 6 gives another roll. Three 6s in a row end the turn at once (a house rule).",
    "End your move exactly on an opponent's lone piece on a square that is not safe, and it goes back to its base; you roll again.",
    "Two pieces of one colour on a square form a block: no opponent may pass it or land on it.",
    "After a full lap a piece turns into its own home column, where no one else may go, and walks on to the goal in the centre.",
    "The first player to bring all four pieces to the goal wins. The others are ranked by pieces at the goal, pieces out of base, then how far those pieces have walked.",
];

const GLOSSARY: &[(&str, &str)] = &[
    (
        "Base",
        "the corner yard where your pieces wait, and where captured pieces return",
    ),
    (
        "Start",
        "the square of your colour where a piece leaves base",
    ),
    ("Track", "the loop of squares every piece walks around"),
    (
        "Star",
        "the square eight steps after each start; a safe square",
    ),
    ("Safe square", "a square where no piece can be captured"),
    ("Block", "two or more pieces of one colour on a square"),
    (
        "Home column",
        "the five squares of your colour leading to the goal",
    ),
    ("Goal", "the centre of the board"),
    ("Exit number", "the roll that lets a piece leave base"),
    (
        "Extra roll",
        "another roll in the same turn, for a 6 or a capture",
    ),
];

const FAQ: &[(&str, &str)] = &[
    (
        "How do I leave base?",
        "Roll the exit number (a 6 unless the table chose otherwise). Without it, your turn ends without a move.",
    ),
    (
        "How do I capture?",
        "Land exactly on an opponent's lone piece on a square that is not safe. It goes back to its base and you roll again.",
    ),
    (
        "Are there squares where I am safe?",
        "Yes: the starts and the stars. And no opponent can pass or land on two of your pieces standing together.",
    ),
    (
        "Do I need the exact number to reach the goal?",
        "Yes, by default: a roll that would carry a piece past the goal cannot move it.",
    ),
];

/// Small pictures: a star square, a block, a home column.
fn pictures(ui: &mut egui::Ui, theme: &ActiveTheme) {
    let look = &theme.look;
    ui.horizontal(|ui| {
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
        ui.label("a star");
        ui.add_space(12.0);
        let (rect, _) = ui.allocate_exact_size(egui::vec2(s, s), egui::Sense::hover());
        let p = ui.painter();
        p.rect_filled(rect, 2.0, to_egui(look.track));
        let blue = to_egui(look.strong(Colour::Blue));
        p.circle_filled(rect.center() + egui::vec2(-6.0, -5.0), 9.0, blue);
        p.circle_filled(rect.center() + egui::vec2(6.0, 5.0), 9.0, blue);
        ui.label("a block");
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
        ui.label("a home column");
    });
}

fn rule_book(
    hud: Res<crate::camera::HudWidth>,
    mut next: ResMut<NextState<crate::screen::Overlay>>,
    mut contexts: EguiContexts,
    table: Res<Table>,
    theme: Res<ActiveTheme>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut still_open = true;
    egui::Window::new("Rules")
        .open(&mut still_open)
        .collapsible(false)
        .default_width(520.0)
        .anchor(egui::Align2::CENTER_CENTER, hud.window_offset())
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height(ui.ctx().viewport_rect().height() * 0.75)
                .show(ui, |ui| {
                    ui.heading("How to play");
                    for line in HOW_TO_PLAY {
                        ui.label(format!("• {line}"));
                    }
                    pictures(ui, &theme);
                    ui.separator();
                    ui.heading("House rules at this table");
                    egui::Grid::new("house-rules").striped(true).show(ui, |ui| {
                        for (name, chosen, standard) in house_rules(table.game.rules()) {
                            ui.label(name);
                            ui.label(RichText::new(&chosen).strong());
                            if chosen == standard {
                                ui.label("standard");
                            } else {
                                ui.label(
                                    RichText::new(format!("not standard (standard: {standard})"))
                                        .color(Color32::from_rgb(240, 170, 60)),
                                );
                            }
                            ui.end_row();
                        }
                    });
                    ui.separator();
                    ui.heading("Glossary");
                    for (word, meaning) in GLOSSARY {
                        ui.label(format!("{word}: {meaning}."));
                    }
                    ui.separator();
                    ui.heading("Questions");
                    for (q, a) in FAQ {
                        ui.label(RichText::new(*q).strong());
                        ui.label(*a);
                    }
                });
        });
    if !still_open {
        next.set(crate::screen::Overlay::None);
    }
    Ok(())
}
