//! A tap that could mean two pieces: the nearer is marked on the board, and this asks to move
//! it or mark the other (big buttons, for a finger).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui;

use crate::board::camera::Stage;
use crate::board::input::PieceChoice;
use crate::board::pieces::Selected;
use crate::i18n::Texts;
use crate::i18n::ui::{column, row};
use crate::table::Table;
use crate::table::flow::{Decider, MoveChosen};
use crate::ui::widgets::Taps;

/// The question and its answers: the pieces it is between, the one marked, the move chosen.
#[derive(SystemParam)]
pub(super) struct Question<'w> {
    choice: ResMut<'w, PieceChoice>,
    selected: ResMut<'w, Selected>,
    moves: MessageWriter<'w, MoveChosen>,
}

pub(super) fn piece_choice(
    mut contexts: EguiContexts,
    stage: Res<Stage>,
    (table, decider): (Res<Table>, Res<Decider>),
    texts: Res<Texts>,
    mut question: Question,
    mut taps: Taps,
) -> Result {
    let Question {
        choice,
        selected,
        moves,
    } = &mut question;
    if !choice.open(&table, &decider) {
        taps.forget();
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let legal = table.game.legal_moves();
    let marked = selected.0 % legal.len().max(1);
    let current = choice
        .options
        .iter()
        .position(|&i| i == marked)
        .unwrap_or(0);
    // 44 logical pixels, whatever egui's zoom.
    let finger = egui::vec2(110.0, 44.0) / ctx.zoom_factor();
    egui::Window::new(texts.get("choose-title"))
        .id(crate::ui::widgets::window_id(ctx, "piece_choice"))
        .collapsible(false)
        .resizable(false)
        // At the foot of the board, over its last row.
        .anchor(
            egui::Align2::CENTER_BOTTOM,
            egui::vec2(
                0.0,
                -(stage.window.y - stage.board.max.y) / ctx.zoom_factor() - 8.0,
            ),
        )
        .show(ctx, |ui| {
            column(ui, &texts, |ui| {
                ui.label(texts.get("choose-marked"));
                row(ui, &texts, |ui| {
                    let go = ui.add(egui::Button::new(texts.get("choose-move")).min_size(finger));
                    taps.say("which", &go);
                    if go.clicked() {
                        moves.write(MoveChosen {
                            seat: table.game.turn(),
                            piece: legal[choice.options[current]].piece,
                        });
                        **choice = PieceChoice::default();
                        selected.0 = 0;
                    } else {
                        let other = egui::Button::new(texts.get("choose-other")).min_size(finger);
                        if ui.add(other).clicked() {
                            selected.0 = choice.options[(current + 1) % choice.options.len()];
                        }
                    }
                });
            });
        });
    Ok(())
}
