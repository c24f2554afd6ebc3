//! The Profiles window (from the main menu): every profile's rating, ranked games, wins and
//! mean rank, best first, and a field to add a person's profile.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::files::profiles::save_profiles;
use crate::files::resume::DataDir;
use crate::i18n::Texts;
use crate::i18n::ui::{Cell, column, grid, grid_row, paragraph, paragraph_rich, row};
use crate::table::profiles::Profiles;
use crate::ui::overlay::Overlay;

/// While the Profiles window is open (`Overlay::Profiles`): the name being typed and the
/// last refusal. Dropped when the window is left.
#[derive(Resource, Default, Debug)]
pub struct ProfilesOpen {
    pub new_name: String,
    pub error: Option<String>,
}

pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Overlay::Profiles), |mut commands: Commands| {
        commands.init_resource::<ProfilesOpen>();
    })
    .add_systems(OnExit(Overlay::Profiles), |mut commands: Commands| {
        commands.remove_resource::<ProfilesOpen>();
    })
    .add_systems(
        EguiPrimaryContextPass,
        profiles_window.run_if(in_state(Overlay::Profiles)),
    );
}

fn profiles_window(
    mut next: ResMut<NextState<Overlay>>,
    mut contexts: EguiContexts,
    open: Option<ResMut<ProfilesOpen>>,
    mut profiles: ResMut<Profiles>,
    dir: Option<Res<DataDir>>,
    texts: Res<Texts>,
) -> Result {
    let Some(mut open) = open else {
        return Ok(());
    };
    let mut still_open = true;
    let texts = &*texts;
    let dir = dir.as_ref().and_then(|d| d.0.as_deref());
    egui::Window::new(texts.get("profiles-title"))
        .max_width(crate::ui::widgets::max_window_width(contexts.ctx_mut()?))
        .id(crate::ui::widgets::window_id(
            contexts.ctx_mut()?,
            "profiles",
        ))
        .open(&mut still_open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(contexts.ctx_mut()?, |ui| {
            crate::ui::widgets::scroll_if_short(ui, |ui| {
                column(ui, texts, |ui| {
                    // No wider than the screen allows (a phone held upright).
                    ui.set_max_width(ui.available_width().min(520.0));
                    paragraph(ui, texts, texts.get("profiles-explain"));
                    ui.add_space(6.0);
                    ranking(ui, texts, &profiles);
                    ui.add_space(6.0);
                    add_profile(ui, texts, &mut open, &mut profiles, dir);
                });
            })
        });
    if !still_open {
        next.set(Overlay::None);
    }
    Ok(())
}

/// Every profile, best rating first: rating, ranked games, wins and mean rank.
fn ranking(ui: &mut egui::Ui, texts: &Texts, profiles: &Profiles) {
    let mut list: Vec<_> = profiles.profiles.iter().collect();
    list.sort_by(|a, b| b.rating.total_cmp(&a.rating));
    grid(ui, "profiles", |ui| {
        let cell = |text: String| -> Cell<'static> {
            Box::new(move |ui: &mut egui::Ui| {
                ui.label(text);
            })
        };
        let head = [
            "profiles-name",
            "profiles-rating",
            "profiles-games",
            "profiles-wins",
            "profiles-mean-rank",
        ]
        .into_iter()
        .map(|k| -> Cell<'static> {
            let text = texts.get(k);
            Box::new(move |ui: &mut egui::Ui| {
                ui.label(text.rich().strong());
            })
        })
        .collect();
        grid_row(ui, texts, head);
        for p in list {
            let mean_rank = p.mean_rank().map_or("–".into(), |r| format!("{r:.2}"));
            let cells = vec![
                cell(texts.line(&p.name).drawn()),
                cell(format!("{:.0}", p.rating)),
                cell(p.games.to_string()),
                cell(p.wins.to_string()),
                cell(mean_rank),
            ];
            grid_row(ui, texts, cells);
        }
    });
    if profiles.profiles.is_empty() {
        ui.label(texts.get("profiles-none"));
    }
}

/// The field for a new person's name, Add, and why a name was refused or not saved.
fn add_profile(
    ui: &mut egui::Ui,
    texts: &Texts,
    open: &mut ProfilesOpen,
    profiles: &mut Profiles,
    dir: Option<&std::path::Path>,
) {
    row(ui, texts, |ui| {
        let field = ui.add(
            egui::TextEdit::singleline(&mut open.new_name)
                .hint_text(texts.get("profiles-name-hint"))
                .desired_width(160.0),
        );
        let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if ui.button(texts.get("profiles-add")).clicked() || entered {
            let name = open.new_name.clone();
            open.error = profiles
                .add(&name)
                .err()
                .map(|e| texts.profile_error(&e).into_string());
            if open.error.is_none() {
                open.new_name.clear();
                if let Some(dir) = dir {
                    open.error = save_profiles(dir, profiles).err();
                }
            }
        }
    });
    if let Some(e) = &open.error {
        let warn = ui.visuals().warn_fg_color;
        paragraph_rich(ui, texts, e, |t| egui::RichText::new(t).color(warn));
    }
}
