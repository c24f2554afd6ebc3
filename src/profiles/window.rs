//! The Profiles window (from the main menu): every profile's rating, ranked games, wins and
//! mean rank, best first, and a field to add a person's profile.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{Profiles, save_profiles};
use crate::resume::DataDir;
use crate::screen::Overlay;

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
    hud: Res<crate::camera::HudWidth>,
    mut next: ResMut<NextState<Overlay>>,
    mut contexts: EguiContexts,
    open: Option<ResMut<ProfilesOpen>>,
    mut profiles: ResMut<Profiles>,
    dir: Option<Res<DataDir>>,
) -> Result {
    let Some(mut open) = open else {
        return Ok(());
    };
    let mut still_open = true;
    egui::Window::new("Profiles")
        .open(&mut still_open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, hud.window_offset())
        .show(contexts.ctx_mut()?, |ui| {
            ui.label(
                "A game is ranked when the house rules are the standard game and every \
                 person at the table has a profile (CPUs always have one).",
            );
            ui.add_space(6.0);
            let mut list: Vec<_> = profiles.profiles.iter().collect();
            list.sort_by(|a, b| b.rating.total_cmp(&a.rating));
            egui::Grid::new("profiles").striped(true).show(ui, |ui| {
                for head in ["Name", "Rating", "Games", "Wins", "Mean rank"] {
                    ui.label(egui::RichText::new(head).strong());
                }
                ui.end_row();
                for p in list {
                    ui.label(&p.name);
                    ui.label(format!("{:.0}", p.rating));
                    ui.label(p.games.to_string());
                    ui.label(p.wins.to_string());
                    ui.label(p.mean_rank().map_or("–".into(), |r| format!("{r:.2}")));
                    ui.end_row();
                }
            });
            if profiles.profiles.is_empty() {
                ui.label("No profiles yet.");
            }
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                let field = ui.add(
                    egui::TextEdit::singleline(&mut open.new_name)
                        .hint_text("name")
                        .desired_width(160.0),
                );
                let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if ui.button("Add profile").clicked() || entered {
                    let name = open.new_name.clone();
                    open.error = profiles.add(&name).err();
                    if open.error.is_none() {
                        open.new_name.clear();
                        if let Some(dir) = dir.as_ref().and_then(|d| d.0.as_ref()) {
                            open.error = save_profiles(dir, &profiles).err();
                        }
                    }
                }
            });
            if let Some(e) = &open.error {
                ui.label(egui::RichText::new(e).color(egui::Color32::from_rgb(240, 170, 60)));
            }
        });
    if !still_open {
        next.set(Overlay::None);
    }
    Ok(())
}
