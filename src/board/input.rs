//! Mouse, touch-sized click targets and keyboard for people's seats: click the die or press
//! Space/Enter to roll; click a highlighted piece, press 1–4, or Tab then Enter to move.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::egui_wants_any_keyboard_input;
use bevy_egui::input::egui_wants_any_pointer_input;
use ludo_core::Awaiting;

use crate::board::camera::MainCamera;
use crate::board::dice::Die;
use crate::board::pieces::{Piece, Selected};
use crate::table::GameSet;
use crate::table::Table;
use crate::table::flow::{Busy, Decider};
use crate::table::flow::{MoveChosen, RollRequested};
use crate::table::screen::{PausableSystems, Screen};

pub fn plugin(app: &mut App) {
    app.add_plugins(keyboard_plugin).add_systems(
        Update,
        click
            .run_if(not(egui_wants_any_pointer_input))
            .run_if(in_state(Screen::Playing))
            .in_set(GameSet::Ask)
            .in_set(PausableSystems),
    );
}

/// The keyboard alone: needs no window, so tests can drive it.
pub fn keyboard_plugin(app: &mut App) {
    app.init_resource::<Selected>().add_systems(
        Update,
        keys.run_if(not(egui_wants_any_keyboard_input))
            .run_if(in_state(Screen::Playing))
            .in_set(GameSet::Ask)
            .in_set(PausableSystems),
    );
}

/// Whether a person may act now: a seat this device plays, nothing moving (input stands
/// still while paused: `PausableSystems`).
fn person_may_act(table: &Table, busy: &Busy, decider: &Decider) -> bool {
    !busy.0 && !table.game.is_over() && decider.person_here(table, table.game.turn())
}

fn click(
    buttons: Res<ButtonInput<MouseButton>>,
    touches: Res<Touches>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<MainCamera>>,
    table: Res<Table>,
    busy: Res<Busy>,
    decider: Res<Decider>,
    die: Single<&Transform, With<Die>>,
    pieces: Query<(&Piece, &Transform)>,
    mut rolls: MessageWriter<RollRequested>,
    mut moves: MessageWriter<MoveChosen>,
) {
    let screen = if buttons.just_pressed(MouseButton::Left) {
        window.cursor_position()
    } else {
        touches.iter_just_pressed().next().map(|t| t.position())
    };
    let Some(screen) = screen else { return };
    if !person_may_act(&table, &busy, &decider) {
        return;
    }
    let (camera, camera_transform) = *camera;
    let Ok(world) = camera.viewport_to_world_2d(camera_transform, screen) else {
        return;
    };
    let seat = table.game.turn();
    match table.game.awaiting() {
        Awaiting::Roll | Awaiting::Release | Awaiting::RollOff => {
            if world.distance(die.translation.truncate()) < die.scale.x * 0.8 {
                rolls.write(RollRequested { seat });
            }
        }
        Awaiting::Move => {
            // The nearest of the seat's movable pieces within reach of the click.
            let best = pieces
                .iter()
                .filter(|(p, _)| p.seat == seat)
                .filter(|(p, _)| {
                    let pos = table.game.pieces(seat)[p.index as usize];
                    table.game.legal_moves().iter().any(|m| m.from == pos)
                })
                .map(|(p, t)| (p.index, t.translation.truncate().distance(world)))
                .filter(|&(_, d)| d < 0.6)
                .min_by(|a, b| a.1.total_cmp(&b.1));
            if let Some((piece, _)) = best {
                moves.write(MoveChosen { seat, piece });
            }
        }
        Awaiting::Over => {}
    }
}

fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    table: Res<Table>,
    busy: Res<Busy>,
    decider: Res<Decider>,
    mut selected: ResMut<Selected>,
    mut rolls: MessageWriter<RollRequested>,
    mut moves: MessageWriter<MoveChosen>,
) {
    if !person_may_act(&table, &busy, &decider) {
        return;
    }
    let seat = table.game.turn();
    let legal = table.game.legal_moves();
    let confirm = keys.any_just_pressed([KeyCode::Space, KeyCode::Enter, KeyCode::NumpadEnter]);
    match table.game.awaiting() {
        Awaiting::Roll | Awaiting::Release | Awaiting::RollOff if confirm => {
            rolls.write(RollRequested { seat });
        }
        Awaiting::Move => {
            if keys.just_pressed(KeyCode::Tab) {
                selected.0 = (selected.0 + 1) % legal.len().max(1);
            }
            let digits = [
                KeyCode::Digit1,
                KeyCode::Digit2,
                KeyCode::Digit3,
                KeyCode::Digit4,
            ];
            let picked = digits
                .iter()
                .position(|&k| keys.just_pressed(k))
                .or(confirm.then_some(selected.0 % legal.len().max(1)));
            if let Some(m) = picked.and_then(|i| legal.get(i)) {
                moves.write(MoveChosen {
                    seat,
                    piece: m.piece,
                });
                selected.0 = 0;
            }
        }
        _ => {}
    }
}
