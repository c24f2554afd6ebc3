//! The Leaderboard window (from the main menu): the room server's best ratings from ranked
//! games — place, name, rating, games, wins — and this player's own place, asked for each
//! time the window opens.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use ludo_proto::Leader;

use crate::files::online::OnlineMemory;
use crate::i18n::Texts;
use crate::i18n::ui::{Cell, column, grid, grid_row, paragraph};
use crate::online::leaderboard::{Leaderboard, LeaderboardRequested};
use crate::ui::overlay::Overlay;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Overlay::Leaderboard), ask)
        .add_systems(
            EguiPrimaryContextPass,
            leaderboard_window.run_if(in_state(Overlay::Leaderboard)),
        );
}

fn ask(memory: Res<OnlineMemory>, mut requests: MessageWriter<LeaderboardRequested>) {
    requests.write(LeaderboardRequested {
        server: crate::ui::online_default_server(&memory),
    });
}

fn leaderboard_window(
    mut contexts: EguiContexts,
    mut next: ResMut<NextState<Overlay>>,
    board: Res<Leaderboard>,
    texts: Res<Texts>,
) -> Result {
    let texts = &*texts;
    let mut open = true;
    let ctx = contexts.ctx_mut()?.clone();
    egui::Window::new(texts.get("menu-leaderboard"))
        .id(crate::ui::widgets::window_id(&ctx, "leaderboard"))
        .max_width(crate::ui::widgets::max_window_width(&ctx))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(&ctx, |ui| {
            column(ui, texts, |ui| {
                ui.set_max_width(ui.available_width().min(480.0));
                match &*board {
                    Leaderboard::NotAsked | Leaderboard::Asking => {
                        ui.horizontal(|ui| {
                            ui.spinner();
                            ui.label(texts.get("online-connecting"));
                        });
                    }
                    Leaderboard::Failed(why) => {
                        debug!("the leaderboard: {why}");
                        let warn = ui.visuals().warn_fg_color;
                        ui.label(texts.get("online-unreachable").rich().color(warn));
                    }
                    Leaderboard::Heard {
                        leaders,
                        you,
                        min_games,
                    } => board_ui(ui, texts, leaders, you.as_ref(), *min_games),
                }
            });
        });
    if !open {
        next.set(Overlay::None);
    }
    Ok(())
}

/// Who is on the board, and where this player stands.
fn board_ui(ui: &mut egui::Ui, texts: &Texts, leaders: &[Leader], you: Option<&Leader>, min: u32) {
    paragraph(
        ui,
        texts,
        texts.fmt("leaderboard-about", &[("n", min.into())]),
    );
    let mine = match you {
        Some(l) => texts.fmt(
            "leaderboard-you",
            &[
                ("place", l.place.into()),
                ("rating", format!("{:.0}", l.rating).into()),
            ],
        ),
        None => texts.fmt("leaderboard-not-yet", &[("n", min.into())]),
    };
    ui.label(mine.rich().strong());
    ui.add_space(6.0);
    if leaders.is_empty() {
        ui.label(texts.get("leaderboard-none"));
        return;
    }
    let height = ui.ctx().content_rect().height() * 0.55;
    egui::ScrollArea::vertical()
        .max_height(height)
        .show(ui, |ui| {
            grid(ui, "leaderboard", |ui| {
                let head = [
                    "#",
                    "profiles-name",
                    "profiles-rating",
                    "profiles-games",
                    "profiles-wins",
                ]
                .map(|k| {
                    if k == "#" {
                        texts.line(k)
                    } else {
                        texts.get(k)
                    }
                });
                grid_row(
                    ui,
                    texts,
                    head.into_iter().map(|w| cell(w.rich().strong())).collect(),
                );
                for l in leaders {
                    let own = you.is_some_and(|y| y.place == l.place);
                    let name = texts.line(&l.name).rich();
                    let name = if own { name.strong() } else { name };
                    let cells = vec![
                        cell(egui::RichText::new(l.place.to_string())),
                        cell(name),
                        cell(egui::RichText::new(format!("{:.0}", l.rating))),
                        cell(egui::RichText::new(l.games.to_string())),
                        cell(egui::RichText::new(l.wins.to_string())),
                    ];
                    grid_row(ui, texts, cells);
                }
            });
        });
}

fn cell(text: egui::RichText) -> Cell<'static> {
    Box::new(move |ui: &mut egui::Ui| {
        ui.label(text);
    })
}
