//! The table setup window (bevy_egui): who sits where — a person with a name, a CPU with its
//! level, or nobody — and every house rule of the rule book, each marked when it is not the
//! standard game. Starting writes `NewTableRequested`, and the table is remembered. The
//! window is the `Overlay::Setup` state: entering it starts a draft from the table's
//! choices, leaving it (Start, close, Esc) drops the draft.

use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use ludo_core::{
    BoardChoice, CpuLevel, DieFaces, FirstPlayer, Impassable, NoPieceInPlay, Rules, SafeSquares,
    seat_colours,
};

use crate::hud::mark_icon;
use crate::play::NewTableRequested;
use crate::presets::PresetList;
use crate::screen::Overlay;
use crate::table::{SeatKind, TableConfig};
use crate::turn_clock::TurnLimit;

/// One chair at the table in the setup: empty, or who sits in it.
#[derive(Clone, Debug, PartialEq)]
pub enum Chair {
    Empty,
    Person(String),
    Cpu(CpuLevel),
}

/// The setup being edited, while the window is open.
#[derive(Resource, Clone, Debug)]
pub struct SetupDraft {
    pub chairs: [Chair; 4],
    pub rules: Rules,
    pub seed: u64,
    pub turn_limit: TurnLimit,
}

impl SetupDraft {
    pub fn from_config(config: &TableConfig) -> SetupDraft {
        let mut chairs = [Chair::Empty, Chair::Empty, Chair::Empty, Chair::Empty];
        for (chair, seat) in chairs.iter_mut().zip(&config.seats) {
            *chair = match seat {
                SeatKind::Person { name } => Chair::Person(name.clone()),
                SeatKind::Cpu(level) => Chair::Cpu(*level),
            };
        }
        SetupDraft {
            chairs,
            rules: config.rules.clone(),
            seed: config.seed,
            turn_limit: config.turn_limit,
        }
    }

    /// The table this setup describes; empty chairs are left out.
    pub fn to_config(&self) -> TableConfig {
        TableConfig {
            rules: self.rules.clone(),
            seats: self
                .chairs
                .iter()
                .filter_map(|c| match c {
                    Chair::Empty => None,
                    Chair::Person(name) => Some(SeatKind::Person {
                        name: if name.trim().is_empty() {
                            "Player".into()
                        } else {
                            name.trim().to_string()
                        },
                    }),
                    Chair::Cpu(level) => Some(SeatKind::Cpu(*level)),
                })
                .collect(),
            seed: self.seed,
            turn_limit: self.turn_limit,
        }
    }

    pub fn seated(&self) -> usize {
        self.chairs.iter().filter(|c| **c != Chair::Empty).count()
    }

    /// One person alone: fill the empty chairs with CPUs.
    pub fn fill_with_cpus(&mut self) {
        for chair in &mut self.chairs {
            if *chair == Chair::Empty {
                *chair = Chair::Cpu(CpuLevel::Normal);
            }
        }
    }
}

pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Overlay::Setup), start_draft)
        .add_systems(OnExit(Overlay::Setup), |mut commands: Commands| {
            commands.remove_resource::<SetupDraft>();
        })
        .add_systems(
            EguiPrimaryContextPass,
            setup_window.run_if(in_state(Overlay::Setup)),
        );
}

/// The draft starts from the table's choices (unless one was given, as `--open setup` does).
fn start_draft(mut commands: Commands, config: Res<TableConfig>, draft: Option<Res<SetupDraft>>) {
    if draft.is_none() {
        commands.insert_resource(SetupDraft::from_config(&config));
    }
}

#[allow(clippy::too_many_arguments)] // A Bevy system: one parameter per thing it reads.
fn setup_window(
    hud: Res<crate::camera::HudWidth>,
    mut next: ResMut<NextState<Overlay>>,
    mut contexts: EguiContexts,
    draft: Option<ResMut<SetupDraft>>,
    profiles: Res<crate::profiles::Profiles>,
    theme: Res<crate::theme::ActiveTheme>,
    presets: PresetList,
    mut new_table: MessageWriter<NewTableRequested>,
) -> Result {
    let Some(mut draft) = draft else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let mut start = false;
    egui::Window::new("New table")
        .collapsible(false)
        .resizable(true)
        .default_width(420.0)
        .anchor(egui::Align2::CENTER_CENTER, hud.window_offset())
        .open(&mut open)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height(ui.ctx().viewport_rect().height() * 0.75)
                .show(ui, |ui| {
                    seats_ui(ui, &theme.look, &mut draft);
                    ui.separator();
                    presets_ui(ui, &mut draft.rules, &presets);
                    rules_ui(ui, &mut draft.rules);
                });
            ui.separator();
            ui.horizontal(|ui| {
                let n = draft.seated();
                let ok = (2..=4).contains(&n);
                let button = ui.add_enabled(
                    ok,
                    egui::Button::new(RichText::new("Start").strong())
                        .min_size(egui::vec2(96.0, 32.0)),
                );
                // Enter starts the table; Tab and the arrows reach every choice from here.
                crate::screen::focus_first(&button);
                start = button.clicked();
                if !ok {
                    ui.label("A table needs 2 to 4 seats.");
                } else {
                    let config = draft.to_config();
                    match profiles.ranked(&config.rules, &config.seats) {
                        Ok(()) => ui.label(RichText::new("Ranked game").strong()),
                        Err(why) => ui.label(format!("Not ranked: {why}")),
                    };
                }
            });
        });
    if start {
        new_table.write(NewTableRequested(draft.to_config()));
    }
    if start || !open {
        next.set(Overlay::None);
    }
    Ok(())
}

fn seats_ui(ui: &mut egui::Ui, look: &crate::theme::Look, draft: &mut SetupDraft) {
    ui.heading("Seats");
    let n = draft.seated().clamp(2, 4) as u8;
    let colours = seat_colours(n);
    let mut seat = 0usize;
    for (i, chair) in draft.chairs.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            if *chair != Chair::Empty && seat < colours.len() {
                mark_icon(ui, look, colours[seat], 22.0);
                seat += 1;
            } else {
                ui.add_space(26.0);
            }
            let label = match chair {
                Chair::Empty => "Empty",
                Chair::Person(_) => "Person",
                Chair::Cpu(_) => "CPU",
            };
            egui::ComboBox::from_id_salt(("chair", i))
                .selected_text(label)
                .show_ui(ui, |ui| {
                    if ui
                        .selectable_label(*chair == Chair::Empty, "Empty")
                        .clicked()
                    {
                        *chair = Chair::Empty;
                    }
                    if ui
                        .selectable_label(matches!(chair, Chair::Person(_)), "Person")
                        .clicked()
                    {
                        *chair = Chair::Person(format!("Player {}", i + 1));
                    }
                    if ui
                        .selectable_label(matches!(chair, Chair::Cpu(_)), "CPU")
                        .clicked()
                    {
                        *chair = Chair::Cpu(CpuLevel::Normal);
                    }
                });
            match chair {
                Chair::Person(name) => {
                    ui.add(egui::TextEdit::singleline(name).desired_width(140.0));
                }
                Chair::Cpu(level) => {
                    for l in CpuLevel::ALL {
                        ui.selectable_value(level, l, l.name());
                    }
                }
                Chair::Empty => {}
            }
        });
    }
    if ui.button("Fill empty seats with CPUs").clicked() {
        draft.fill_with_cpus();
    }
    ui.horizontal(|ui| {
        ui.label("Turn time limit");
        for limit in TurnLimit::ALL {
            ui.selectable_value(&mut draft.turn_limit, limit, limit.name());
        }
    });
}

/// A row of choices for one house rule, marked when it is not the standard game.
fn choice<T: PartialEq + Copy>(
    ui: &mut egui::Ui,
    label: &str,
    value: &mut T,
    standard: T,
    options: &[(T, &str)],
) {
    ui.horizontal_wrapped(|ui| {
        ui.label(label);
        for &(v, name) in options {
            ui.selectable_value(value, v, name);
        }
        if *value != standard {
            ui.label(
                RichText::new("not standard")
                    .italics()
                    .color(egui::Color32::from_rgb(240, 170, 60)),
            );
        }
    });
}

/// The preset files of `assets/rules/`: picking one sets every house rule; the one that
/// matches the rules chosen is shown selected. A broken file is listed with its problem.
fn presets_ui(ui: &mut egui::Ui, rules: &mut Rules, presets: &PresetList) {
    ui.horizontal_wrapped(|ui| {
        ui.label("House-rule presets:");
        for (preset, file) in presets.iter() {
            let Some(file) = file else {
                continue;
            };
            let on = file.rules == *rules;
            if ui
                .selectable_label(on, preset.name.as_str())
                .on_hover_text(file.about.as_str())
                .clicked()
            {
                *rules = file.rules.clone();
            }
        }
    });
    for (preset, _) in presets.iter() {
        if let Some(problem) = &preset.problem {
            ui.label(RichText::new(problem).color(egui::Color32::from_rgb(240, 120, 90)));
        }
    }
}

fn rules_ui(ui: &mut egui::Ui, rules: &mut Rules) {
    ui.horizontal(|ui| {
        ui.heading("House rules");
        if ui.button("Reset to standard").clicked() {
            *rules = Rules::default();
        }
    });
    let d = Rules::default();
    choice(
        ui,
        "Board",
        &mut rules.board,
        d.board,
        &[
            (BoardChoice::AlwaysCross, "always cross"),
            (BoardChoice::ByPlayerCount, "by player count"),
        ],
    );
    ui.horizontal_wrapped(|ui| {
        ui.label("Leave base on");
        let mut faces = rules.exit_numbers.faces();
        for f in 1..=6u8 {
            let mut on = faces.contains(&f);
            if ui.checkbox(&mut on, f.to_string()).changed() {
                if on {
                    faces.push(f);
                } else {
                    faces.retain(|&x| x != f);
                }
                // At least one face always lets a piece out.
                if let Ok(set) = DieFaces::new(&faces) {
                    rules.exit_numbers = set;
                }
            }
        }
        if rules.exit_numbers != d.exit_numbers {
            ui.label(
                RichText::new("not standard")
                    .italics()
                    .color(egui::Color32::from_rgb(240, 170, 60)),
            );
        }
    });
    choice(
        ui,
        "No piece in play",
        &mut rules.no_piece_in_play,
        d.no_piece_in_play,
        &[
            (NoPieceInPlay::Normal, "roll as usual"),
            (
                NoPieceInPlay::ReleaseWithoutRolling,
                "release without rolling",
            ),
            (NoPieceInPlay::UpToThreeRolls, "up to three rolls"),
        ],
    );
    choice(
        ui,
        "Three sixes end the turn",
        &mut rules.three_sixes,
        d.three_sixes,
        &[(true, "on"), (false, "off")],
    );
    choice(
        ui,
        "Extra roll on capture",
        &mut rules.extra_roll_on_capture,
        d.extra_roll_on_capture,
        &[(true, "on"), (false, "off")],
    );
    choice(
        ui,
        "Extra roll on reaching the goal",
        &mut rules.extra_roll_on_goal,
        d.extra_roll_on_goal,
        &[(true, "on"), (false, "off")],
    );
    choice(
        ui,
        "Safe squares",
        &mut rules.safe_squares,
        d.safe_squares,
        &[
            (SafeSquares::StartsAndStars, "starts and stars"),
            (SafeSquares::StartsOnly, "starts only"),
            (SafeSquares::None, "none"),
        ],
    );
    choice(
        ui,
        "Impassable squares",
        &mut rules.impassable,
        d.impassable,
        &[
            (Impassable::BlocksOfTwo, "blocks of two"),
            (Impassable::None, "none"),
            (Impassable::NoOvertaking, "no overtaking"),
        ],
    );
    choice(
        ui,
        "Exact roll to finish",
        &mut rules.exact_finish,
        d.exact_finish,
        &[(true, "on"), (false, "off")],
    );
    choice(
        ui,
        "Rank all players",
        &mut rules.rank_all,
        d.rank_all,
        &[(false, "off"), (true, "on")],
    );
    choice(
        ui,
        "Next game: next seat starts",
        &mut rules.rotate_first_player,
        d.rotate_first_player,
        &[(true, "on"), (false, "off")],
    );
    choice(
        ui,
        "First player",
        &mut rules.first_player,
        d.first_player,
        &[
            (FirstPlayer::FirstSeat, "first seat"),
            (FirstPlayer::RollOff, "roll-off"),
        ],
    );
}
