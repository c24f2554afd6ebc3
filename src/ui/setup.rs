//! The table setup window (bevy_egui): who sits where — a person with a name, a CPU with its
//! level, or nobody — and every house rule of the rule book, each marked when it is not the
//! standard game. Starting writes `NewTableRequested`, and the table is remembered. The
//! window is the `Overlay::Setup` state: entering it starts a draft from the table's
//! choices, leaving it (Start, close, Esc) drops the draft.

use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use ludo_core::{Choice, CpuLevel, DieFaces, HOUSE_RULES, MAX_SEATS, Rules, Values, seat_colours};

use crate::files::presets::PresetList;
use crate::i18n::Texts;
use crate::i18n::ui::{column, paragraph, row};
use crate::table::TurnLimit;
use crate::table::flow::NewTableRequested;
use crate::table::{SeatKind, TableConfig};
use crate::ui::overlay::Overlay;
use crate::ui::widgets::mark_icon;

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
    pub chairs: [Chair; MAX_SEATS as usize],
    pub rules: Rules,
    pub seed: u64,
    pub turn_limit: TurnLimit,
}

impl SetupDraft {
    pub fn from_config(config: &TableConfig) -> SetupDraft {
        let mut chairs: [Chair; MAX_SEATS as usize] = std::array::from_fn(|_| Chair::Empty);
        for (chair, seat) in chairs.iter_mut().zip(&config.seats) {
            *chair = match seat {
                // No name given: an empty field, which shows the word in the player's language.
                SeatKind::Person { name } if name == crate::table::UNNAMED => {
                    Chair::Person(String::new())
                }
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
                            crate::table::UNNAMED.into()
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

    /// One person alone: fill the empty chairs with CPUs, up to the usual table of four or
    /// to the last chair taken (a fifth and sixth seat are chosen on purpose).
    pub fn fill_with_cpus(&mut self) {
        let last_taken = self.chairs.iter().rposition(|c| *c != Chair::Empty);
        let up_to = last_taken.map_or(0, |i| i + 1).max(4);
        for chair in &mut self.chairs[..up_to] {
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

fn setup_window(
    mut next: ResMut<NextState<Overlay>>,
    mut contexts: EguiContexts,
    draft: Option<ResMut<SetupDraft>>,
    profiles: Res<crate::table::profiles::Profiles>,
    theme: Res<crate::theme::ActiveTheme>,
    presets: PresetList,
    texts: Res<Texts>,
    mut new_table: MessageWriter<NewTableRequested>,
) -> Result {
    let Some(mut draft) = draft else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let mut start = false;
    egui::Window::new(texts.get("setup-title"))
        .max_width(crate::ui::widgets::max_window_width(ctx))
        .id(egui::Id::new("setup"))
        .collapsible(false)
        .resizable(true)
        .default_width(420.0)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .open(&mut open)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .auto_shrink([false, true])
                .max_height(ui.ctx().viewport_rect().height() * 0.75)
                .show(ui, |ui| {
                    column(ui, &texts, |ui| {
                        seats_ui(ui, &texts, &theme.look, &mut draft);
                        ui.separator();
                        presets_ui(ui, &texts, &mut draft.rules, &presets);
                        rules_ui(ui, &texts, &mut draft.rules);
                    });
                });
            ui.separator();
            start = start_row(ui, &texts, &theme.look, &draft, &profiles);
        });
    if start {
        new_table.write(NewTableRequested(draft.to_config()));
    }
    if start || !open {
        next.set(Overlay::None);
    }
    Ok(())
}

/// Who sits in a chair: nobody, a person or a CPU (a person gets a name to start from).
fn who_sits(ui: &mut egui::Ui, texts: &Texts, i: usize, chair: &mut Chair) {
    let key = |chair: &Chair| match chair {
        Chair::Empty => "setup-empty",
        Chair::Person(_) => "setup-person",
        Chair::Cpu(_) => "setup-cpu",
    };
    egui::ComboBox::from_id_salt(("chair", i))
        .selected_text(texts.get(key(chair)))
        .show_ui(ui, |ui| {
            let choices = [
                Chair::Empty,
                Chair::Person(String::new()),
                Chair::Cpu(CpuLevel::Normal),
            ];
            for choice in choices {
                let on = key(chair) == key(&choice);
                if ui.selectable_label(on, texts.get(key(&choice))).clicked() {
                    *chair = match choice {
                        Chair::Person(_) => {
                            let name = texts.fmt("player-default-name", &[("n", (i + 1).into())]);
                            Chair::Person(name.into_string())
                        }
                        other => other,
                    };
                }
            }
        });
}

/// Start, when two to six seats are taken, and whether the table will be ranked (or why
/// not); whether Start was pressed.
fn start_row(
    ui: &mut egui::Ui,
    texts: &Texts,
    look: &crate::theme::Look,
    draft: &SetupDraft,
    profiles: &crate::table::profiles::Profiles,
) -> bool {
    row(ui, texts, |ui| {
        let seats_ok = (2..=MAX_SEATS as usize).contains(&draft.seated());
        let refusal = draft.rules.refusal(draft.seated() as u8);
        let ok = seats_ok && refusal.is_none();
        let palette = crate::ui::widgets::Palette::of(&look.ui);
        let words = texts
            .get("setup-start")
            .rich()
            .strong()
            .size(palette.text_size * 1.2)
            .color(palette.primary_text);
        let button = ui.add_enabled(
            ok,
            egui::Button::new(words)
                .fill(palette.primary)
                .min_size(egui::vec2(140.0, 44.0)),
        );
        // Enter starts the table; Tab and the arrows reach every choice from here.
        crate::ui::widgets::focus_first(&button, texts.get("setup-start"));
        if !seats_ok {
            ui.label(texts.get("setup-need-seats"));
        } else if let Some(ludo_core::RulesRefusal::PartnersNeedFour(_)) = refusal {
            ui.label(texts.get("setup-partners-need-four"));
        } else {
            let config = draft.to_config();
            match profiles.ranked(&config.rules, &config.seats) {
                Ok(()) => ui.label(texts.get("setup-ranked").rich().strong()),
                Err(why) => {
                    ui.label(texts.fmt("setup-not-ranked", &[("why", texts.unranked(&why).into())]))
                }
            };
        }
        button.clicked()
    })
}

/// A CPU seat's level: a button for each where they all fit beside the seat, else a list to
/// open (a phone held upright), so no level is left alone on a line of its own.
fn level_choice(ui: &mut egui::Ui, texts: &Texts, chair: usize, level: &mut CpuLevel) {
    let names = CpuLevel::ALL.map(|l| texts.level(l).drawn());
    let font = egui::TextStyle::Button.resolve(ui.style());
    let (padding, gap) = (ui.spacing().button_padding.x, ui.spacing().item_spacing.x);
    let wanted: f32 = names
        .iter()
        .map(|name| {
            let text =
                ui.painter()
                    .layout_no_wrap(name.clone(), font.clone(), ui.visuals().text_color());
            text.size().x + 2.0 * padding + gap
        })
        .sum();
    // What is left of this line (a wrapping row's available width is the whole line's).
    let (line, at) = (ui.max_rect(), ui.cursor());
    let left = if texts.rtl {
        at.max.x - line.min.x
    } else {
        line.max.x - at.min.x
    };
    if wanted <= left {
        for (l, name) in CpuLevel::ALL.into_iter().zip(names) {
            ui.selectable_value(level, l, name);
        }
    } else {
        egui::ComboBox::from_id_salt(("level", chair))
            .selected_text(texts.level(*level))
            .show_ui(ui, |ui| {
                for (l, name) in CpuLevel::ALL.into_iter().zip(names) {
                    ui.selectable_value(level, l, name);
                }
            });
    }
}

fn seats_ui(ui: &mut egui::Ui, texts: &Texts, look: &crate::theme::Look, draft: &mut SetupDraft) {
    ui.heading(texts.get("setup-seats"));
    let n = draft.seated().clamp(2, MAX_SEATS as usize) as u8;
    let colours = seat_colours(n);
    // Under partners (at four seats), the seats across pair up.
    let partners = (n == 4)
        .then_some(&draft.rules)
        .filter(|r| r.partner(0).is_some());
    let mut seat = 0usize;
    for (i, chair) in draft.chairs.iter_mut().enumerate() {
        // Each chair a plate: edged in its seat's colour when someone sits there.
        let colour = (*chair != Chair::Empty && seat < colours.len()).then(|| colours[seat]);
        let edge = match colour {
            Some(c) => crate::theme::look::egui(look.strong(c)),
            None => ui.visuals().widgets.noninteractive.bg_stroke.color,
        };
        let partner = partners
            .filter(|_| colour.is_some())
            .and_then(|r| r.partner(seat as u8))
            .map(|p| colours[p as usize]);
        crate::ui::widgets::plate_frame(ui, edge).show(ui, |ui| {
            ui.set_width(ui.available_width());
            row(ui, texts, |ui| {
                if let Some(c) = colour {
                    mark_icon(ui, look, c, 26.0);
                    seat += 1;
                } else {
                    ui.add_space(30.0);
                }
                who_sits(ui, texts, i, chair);
                match chair {
                    Chair::Person(name) => {
                        ui.add(
                            egui::TextEdit::singleline(name)
                                .hint_text(texts.get("player-unnamed"))
                                .desired_width(140.0),
                        );
                    }
                    Chair::Cpu(level) => level_choice(ui, texts, i, level),
                    Chair::Empty => {}
                }
                if let Some(p) = partner {
                    let with =
                        texts.fmt("plate-with-partner", &[("partner", texts.colour(p).into())]);
                    ui.label(with.rich().weak());
                }
            });
        });
    }
    if ui.button(texts.get("setup-fill")).clicked() {
        draft.fill_with_cpus();
    }
    row(ui, texts, |ui| {
        ui.label(texts.get("setup-turn-limit"));
        for limit in TurnLimit::ALL {
            let name = match limit.secs() {
                None => texts.get("setup-no-limit"),
                Some(secs) => texts.fmt("setup-seconds", &[("secs", secs.into())]),
            };
            ui.selectable_value(&mut draft.turn_limit, limit, name);
        }
    });
}

fn not_standard(ui: &mut egui::Ui, texts: &Texts) {
    ui.label(
        texts
            .get("setup-not-standard")
            .rich()
            .italics()
            .color(ui.visuals().warn_fg_color),
    );
}

/// The preset files of `assets/rules/`: picking one sets every house rule; the one that
/// matches the rules chosen is shown selected. A broken file is listed with its problem.
/// A preset the language files name (`preset-NAME`, `preset-NAME-about`) shows in the
/// player's language; any other shows its file name and the file's own description.
fn presets_ui(ui: &mut egui::Ui, texts: &Texts, rules: &mut Rules, presets: &PresetList) {
    // What the chosen preset is, said below it too: a finger has no hover.
    let mut chosen_about = None;
    row(ui, texts, |ui| {
        ui.label(texts.get("setup-presets"));
        for (preset, file) in presets.iter() {
            let Some(file) = file else {
                continue;
            };
            let on = file.rules == *rules;
            let name = texts.get_or(&format!("preset-{}", preset.name), &preset.name);
            let about = texts.get_or(&format!("preset-{}-about", preset.name), &file.about);
            if on {
                chosen_about = Some(about.clone());
            }
            if ui
                .selectable_label(on, name)
                .on_hover_ui(|ui| {
                    ui.set_max_width(360.0);
                    paragraph(ui, texts, &about);
                })
                .clicked()
            {
                *rules = file.rules.clone();
            }
        }
    });
    if let Some(about) = chosen_about.filter(|a| !a.is_empty()) {
        crate::i18n::ui::paragraph_rich(ui, texts, &about, |t| RichText::new(t).small());
    }
    for (preset, _) in presets.iter() {
        if let Some(problem) = &preset.problem {
            let warn = ui.visuals().warn_fg_color;
            ui.label(RichText::new(problem).color(warn));
        }
    }
}

/// Every house rule of `HOUSE_RULES`, a row each, marked when it is not the standard game.
fn rules_ui(ui: &mut egui::Ui, texts: &Texts, rules: &mut Rules) {
    row(ui, texts, |ui| {
        ui.heading(texts.get("setup-house-rules"));
        if ui.button(texts.get("setup-reset")).clicked() {
            *rules = Rules::default();
        }
    });
    let standard = Rules::default();
    for rule in &HOUSE_RULES {
        let changed = rules.get(rule.name) != standard.get(rule.name);
        let edge = if changed {
            ui.visuals().warn_fg_color
        } else {
            ui.visuals().widgets.noninteractive.bg_stroke.color
        };
        crate::ui::widgets::plate_frame(ui, edge).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(texts.rule_name(rule).rich().strong());
            row(ui, texts, |ui| {
                let chosen = rules.get(rule.name);
                let mut pick = |ui: &mut egui::Ui, choice: Choice| {
                    let name = texts.rule_value(rule, choice);
                    if ui.selectable_label(chosen == choice, name).clicked() {
                        rules.set(rule.name, choice);
                    }
                };
                match rule.values {
                    Values::Switch => {
                        pick(ui, Choice::Switch(true));
                        pick(ui, Choice::Switch(false));
                    }
                    Values::OneOf(names) => {
                        for i in 0..names.len() {
                            pick(ui, Choice::OneOf(i));
                        }
                    }
                    Values::Count(max) => {
                        for n in 1..=max {
                            pick(ui, Choice::Count(n));
                        }
                    }
                    Values::Faces => {
                        let Choice::Faces(set) = chosen else {
                            return;
                        };
                        let mut faces = set.faces();
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
                                    rules.set(rule.name, Choice::Faces(set));
                                }
                            }
                        }
                    }
                }
                if rules.get(rule.name) != standard.get(rule.name) {
                    not_standard(ui, texts);
                }
            });
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_person_who_gave_no_name_keeps_none_through_the_setup() {
        let config = TableConfig::default();
        let draft = SetupDraft::from_config(&config);
        // An empty field (which shows the word for a player in the player's language)...
        assert_eq!(draft.chairs[0], Chair::Person(String::new()));
        // ...that gives back the same table.
        assert_eq!(draft.to_config(), config);
        let named = TableConfig {
            seats: vec![
                SeatKind::Person { name: "Ana".into() },
                SeatKind::Cpu(CpuLevel::Hard),
            ],
            ..TableConfig::default()
        };
        assert_eq!(SetupDraft::from_config(&named).to_config(), named);
    }

    #[test]
    fn filling_with_cpus_makes_four_or_fills_up_to_the_last_chair_taken() {
        let mut draft = SetupDraft::from_config(&TableConfig::default());
        draft.chairs = std::array::from_fn(|_| Chair::Empty);
        draft.chairs[0] = Chair::Person("Ana".into());
        draft.fill_with_cpus();
        assert_eq!(draft.seated(), 4);
        assert_eq!(draft.chairs[4], Chair::Empty);
        draft.chairs[5] = Chair::Cpu(CpuLevel::Hard);
        draft.fill_with_cpus();
        assert_eq!(draft.seated(), 6);
        assert_eq!(draft.chairs[4], Chair::Cpu(CpuLevel::Normal));
        assert_eq!(draft.to_config().seats.len(), 6);
    }
}
