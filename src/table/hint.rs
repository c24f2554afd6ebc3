//! A hint, in a local game that is not rated: at a person's move, the best move by the
//! analysis's rating (`ludo_cpu::analysis::choices_now`) and how much better it is than the
//! next best. Each hint is counted on the table, and the results and the review say so.

use bevy::prelude::*;
use ludo_core::Awaiting;
use ludo_cpu::analysis::{AnalysisError, choices_now};
use ludo_cpu::value_net::{self, NetId};

use crate::table::flow::Decider;
use crate::table::profiles::Profiles;
use crate::table::signal::Signal;
use crate::table::{GameSet, Table};

/// A person asks which move is best.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct HintRequested;

/// The hint given for the move awaited (cleared once the game moves on).
#[derive(Resource, Default, Debug)]
pub struct Hint {
    pub shown: Option<Given>,
    /// The network the rating waits for (the browser fetches it).
    pub wanted: Option<NetId>,
    asked: bool,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Given {
    /// The record's length when it was given: it holds for that move only.
    pub step: usize,
    pub seat: u8,
    pub piece: u8,
    /// Points of win chance the best move is worth over the next best.
    pub by: f32,
}

/// Whether a hint may be asked now: a table this device decides (no room server) whose game
/// is not rated, a person here to move, with two moves or more to choose from.
pub fn may_hint(table: &Table, decider: Decider, profiles: &Profiles) -> bool {
    let game = &table.game;
    decider == Decider::Here
        && !game.is_over()
        && game.awaiting() == Awaiting::Move
        && !table.cpu_plays(game.turn())
        && game.legal_moves().len() >= 2
        && !table.ranked(profiles)
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<HintRequested>()
        .init_resource::<Hint>()
        .add_systems(Update, give_hint.in_set(GameSet::Rules));
}

fn give_hint(
    mut asked: MessageReader<HintRequested>,
    mut hint: ResMut<Hint>,
    mut table: ResMut<Table>,
    decider: Res<Decider>,
    profiles: Res<Profiles>,
    mut signals: MessageWriter<Signal>,
) {
    let steps = table.record.steps.len();
    if hint.shown.is_some_and(|g| g.step != steps) {
        *hint = Hint::default();
    }
    if asked.read().last().is_some() {
        hint.asked = true;
    }
    let ready = hint
        .wanted
        .is_none_or(|id| value_net::shipped(id).is_some());
    if !hint.asked || hint.shown.is_some() || !ready {
        return;
    }
    hint.asked = false;
    if !may_hint(&table, *decider, &profiles) {
        return;
    }
    match choices_now(&table.game) {
        Ok(choices) if choices.len() >= 2 => {
            let seat = table.game.turn();
            let by = (choices[0].value - choices[1].value).max(0.0) * 100.0;
            hint.shown = Some(Given {
                step: steps,
                seat,
                piece: choices[0].piece,
                by,
            });
            hint.wanted = None;
            if let Some(n) = table.hints.get_mut(usize::from(seat)) {
                *n += 1;
            }
            signals.write(Signal::Hint {
                piece: choices[0].piece,
                points: by,
            });
        }
        Ok(_) => {}
        Err(AnalysisError::Network(id)) => {
            hint.wanted = Some(id);
            hint.asked = true;
        }
        Err(e) => warn!("no hint: {e}"),
    }
}
