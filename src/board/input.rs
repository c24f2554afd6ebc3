//! Mouse, touch and keyboard for people's seats: click the die or press Space/Enter to roll;
//! click a highlighted piece (or the dot where it would land), press 1–4, or Tab then Enter
//! to move. A finger reaches 22 logical pixels around its tap (a 44 px target, however small
//! the board is drawn); a tap that could mean two pieces marks the nearer one and asks
//! (`PieceChoice`, answered by the HUD).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::egui_wants_any_keyboard_input;
use bevy_egui::input::egui_wants_any_pointer_input;
use ludo_core::Awaiting;

use crate::board::camera::MainCamera;
use crate::board::choosing::MoveHint;
use crate::board::dice::Die;
use crate::board::piece_shape::PieceShape;
use crate::board::pieces::{Piece, Selected, rest_cell};
use crate::board::shapes::cell_pos;
use crate::table::GameSet;
use crate::table::Table;
use crate::table::flow::Decider;
use crate::table::flow::{MoveChosen, RollRequested};
use crate::table::screen::{PausableSystems, Screen};
use crate::theme::ActiveTheme;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(keyboard_plugin).add_systems(
        Update,
        (
            note_fingers,
            hover
                .run_if(not(egui_wants_any_pointer_input))
                .run_if(in_state(Screen::Playing))
                .in_set(GameSet::Ask)
                .in_set(PausableSystems),
            click
                .run_if(not(egui_wants_any_pointer_input))
                .run_if(in_state(Screen::Playing))
                .in_set(GameSet::Ask)
                .in_set(PausableSystems),
        ),
    );
}

/// Whether the last press was a finger's (a phone, a tablet): the prompts then say "tap"
/// rather than "click" and name no keys.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct Fingers(pub bool);

fn note_fingers(
    touches: Res<Touches>,
    buttons: Res<ButtonInput<MouseButton>>,
    mut fingers: ResMut<Fingers>,
) {
    let now = if touches.any_just_pressed() {
        true
    } else if buttons.get_just_pressed().next().is_some() {
        false
    } else {
        return;
    };
    fingers.set_if_neq(Fingers(now));
}

/// The keyboard alone: needs no window, so tests can drive it.
pub fn keyboard_plugin(app: &mut App) {
    app.init_resource::<Selected>()
        .init_resource::<PieceChoice>()
        .init_resource::<Fingers>()
        .add_systems(
            Update,
            keys.run_if(not(egui_wants_any_keyboard_input))
                .run_if(in_state(Screen::Playing))
                .in_set(GameSet::Ask)
                .in_set(PausableSystems),
        );
}

/// A tap that could mean several pieces: the legal moves' indexes it could mean (the
/// nearest is `Selected`), for the HUD to ask which, while the legal moves are still those.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct PieceChoice {
    pub options: Vec<usize>,
    legal: Vec<ludo_core::Move>,
}

impl PieceChoice {
    /// Whether the question still stands: the same moves are on offer to a person here.
    pub fn open(&self, table: &Table, decider: &Decider) -> bool {
        self.options.len() > 1
            && table.game.awaiting() == Awaiting::Move
            && table.game.legal_moves() == self.legal.as_slice()
            && decider.person_here(table, table.game.turn())
    }
}

/// Half a finger: a tap reaches this far (logical pixels) around its point.
const FINGER: f32 = 22.0;

/// Whether a person may act now: a seat this device plays (input stands still while paused:
/// `PausableSystems`). What the board still shows never holds a press back: a roll or a
/// choice made during a hop is played at once, and the board catches up.
fn person_may_act(table: &Table, decider: &Decider) -> bool {
    !table.game.is_over() && decider.person_here(table, table.game.turn())
}

/// Where a press landed on the board this frame: the mouse's left button or a finger.
#[derive(SystemParam)]
struct Pointer<'w, 's> {
    buttons: Res<'w, ButtonInput<MouseButton>>,
    touches: Res<'w, Touches>,
    window: Single<'w, 's, &'static Window, With<PrimaryWindow>>,
    camera: Single<'w, 's, (&'static Camera, &'static GlobalTransform), With<MainCamera>>,
}

/// A press on the board: where, how far it reaches (board units), and whether a mouse's.
struct Press {
    world: Vec2,
    reach: f32,
    mouse: bool,
}

impl Pointer<'_, '_> {
    fn pressed(&self) -> bool {
        self.buttons.just_pressed(MouseButton::Left) || self.touches.any_just_pressed()
    }

    fn press(&self) -> Option<Press> {
        let mouse = self.buttons.just_pressed(MouseButton::Left);
        let screen = if mouse {
            self.window.cursor_position()
        } else {
            self.touches
                .iter_just_pressed()
                .next()
                .map(|t| t.position())
        }?;
        let (camera, camera_transform) = *self.camera;
        let world = camera.viewport_to_world_2d(camera_transform, screen).ok()?;
        // A finger's reach in board units (a mouse points exactly: 0.6 of a square).
        let reach = match (
            camera.world_to_viewport(camera_transform, world.extend(0.0)),
            camera.world_to_viewport(camera_transform, (world + Vec2::X).extend(0.0)),
        ) {
            (Ok(a), Ok(b)) if !mouse => (FINGER / a.distance(b).max(1.0)).max(0.6),
            _ => 0.6,
        };
        Some(Press {
            world,
            reach,
            mouse,
        })
    }
}

/// What a press can reach on the board: the die, the pieces, the dots where they would land.
#[derive(SystemParam)]
pub struct Targets<'w, 's> {
    pub die: Single<'w, 's, &'static Transform, With<Die>>,
    pub pieces: Query<'w, 's, (&'static Piece, &'static Transform)>,
    pub hints: Query<'w, 's, (&'static MoveHint, &'static GlobalTransform)>,
    pub theme: Res<'w, ActiveTheme>,
}

fn click(
    pointer: Pointer,
    table: Res<Table>,
    decider: Res<Decider>,
    targets: Targets,
    mut selected: ResMut<Selected>,
    mut choice: ResMut<PieceChoice>,
    mut rolls: MessageWriter<RollRequested>,
    mut moves: MessageWriter<MoveChosen>,
) {
    if !pointer.pressed() {
        return;
    }
    *choice = PieceChoice::default();
    if !person_may_act(&table, &decider) {
        return;
    }
    let Some(press) = pointer.press() else { return };
    let seat = table.game.turn();
    match table.game.awaiting() {
        Awaiting::Roll | Awaiting::Release | Awaiting::RollOff => {
            let die = &targets.die;
            let die_reach = (die.scale.x * 0.8).max(press.reach);
            if press.world.distance(die.translation.truncate()) < die_reach {
                rolls.write(RollRequested { seat });
            }
        }
        Awaiting::Move => {
            let legal = table.game.legal_moves();
            let near = moves_near(
                &table,
                (press.world, press.reach),
                PieceShape::of(&targets.theme).aim_at,
                &targets.pieces,
                &targets.hints,
            );
            match near.as_slice() {
                [] => {}
                // One within reach, or a mouse (exact) or a tap on a piece clearly nearer.
                [(i, _)] => {
                    moves.write(MoveChosen {
                        seat,
                        piece: legal[*i].piece,
                    });
                }
                [(i, d), (_, second), ..] if press.mouse || *d < 0.3 * second => {
                    moves.write(MoveChosen {
                        seat,
                        piece: legal[*i].piece,
                    });
                }
                [(i, _), ..] => {
                    selected.0 = *i;
                    *choice = PieceChoice {
                        options: near.iter().map(|&(i, _)| i).collect(),
                        legal: legal.to_vec(),
                    };
                }
            }
        }
        Awaiting::Over => {}
    }
}

/// The legal moves within `reach` of `world`, nearest first: each is reached at its piece
/// (where it is drawn, or its square while it still moves there) or at the dot where it
/// would land.
fn moves_near(
    table: &Table,
    (world, reach): (Vec2, f32),
    aim: Vec2,
    pieces: &Query<(&Piece, &Transform)>,
    hints: &Query<(&MoveHint, &GlobalTransform)>,
) -> Vec<(usize, f32)> {
    // The pieces moved: the seat's own, or under partners its partner's once its own are home.
    let seat = table.game.mover();
    let legal = table.game.legal_moves();
    let mut near: Vec<(usize, f32)> = (0..legal.len())
        .filter_map(|i| {
            let at_piece = pieces
                .iter()
                .filter(|(p, _)| {
                    p.seat == seat && table.game.pieces(seat)[p.index as usize] == legal[i].from
                })
                .flat_map(|(p, t)| {
                    let square = cell_pos(&table.layout, rest_cell(table, p.seat, p.index));
                    // Where it stands, where it is drawn (a pawn's body, above its foot) and
                    // its square.
                    let body = t.translation.truncate() + aim * t.scale.truncate();
                    [t.translation.truncate(), body, square].map(|at| at.distance(world))
                });
            let at_hint = hints
                .iter()
                .filter(|(h, _)| h.0 == i)
                .map(|(_, t)| t.translation().truncate().distance(world));
            let d = at_piece.chain(at_hint).min_by(f32::total_cmp)?;
            (d < reach).then_some((i, d))
        })
        .collect();
    near.sort_by(|a, b| a.1.total_cmp(&b.1));
    near
}

/// The pointer over a legal move puts it in focus (its path and what it would capture show).
fn hover(
    mut moved: MessageReader<bevy::window::CursorMoved>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<MainCamera>>,
    table: Res<Table>,
    decider: Res<Decider>,
    pieces: Query<(&Piece, &Transform)>,
    hints: Query<(&MoveHint, &GlobalTransform)>,
    theme: Res<ActiveTheme>,
    mut selected: ResMut<Selected>,
) {
    if moved.read().count() == 0
        || table.game.awaiting() != Awaiting::Move
        || !person_may_act(&table, &decider)
    {
        return;
    }
    let (camera, camera_transform) = *camera;
    let Some(world) = window
        .cursor_position()
        .and_then(|at| camera.viewport_to_world_2d(camera_transform, at).ok())
    else {
        return;
    };
    if let Some(&(i, _)) = moves_near(
        &table,
        (world, 0.6),
        PieceShape::of(&theme).aim_at,
        &pieces,
        &hints,
    )
    .first()
        && selected.0 != i
    {
        selected.0 = i;
    }
}

fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    table: Res<Table>,
    decider: Res<Decider>,
    mut selected: ResMut<Selected>,
    mut rolls: MessageWriter<RollRequested>,
    mut moves: MessageWriter<MoveChosen>,
) {
    if !person_may_act(&table, &decider) {
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
