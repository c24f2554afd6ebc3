//! The server's leaderboard in the game: asked for on a connection of its own (the device
//! need not sit at a table), with this device's profile key so the answer carries its place.

use bevy::prelude::*;
use ludo_proto::{ClientMsg, Leader, PROTOCOL_VERSION, ServerMsg};

use super::socket::{Incoming, Socket};
use crate::files::online::OnlineMemory;
use crate::table::signal::Signal;

/// Ask `server` (`ws://HOST:PORT/ws`) for its leaderboard.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct LeaderboardRequested {
    pub server: String,
}

/// The leaderboard as last heard.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub enum Leaderboard {
    #[default]
    NotAsked,
    Asking,
    Heard {
        leaders: Vec<Leader>,
        /// This device's profile's line, when it is on the board.
        you: Option<Leader>,
        /// Ranked games a profile needs to be on it.
        min_games: u32,
    },
    /// The server could not be reached, or refused (the detail is for the log).
    Failed(String),
}

/// The connection the leaderboard is asked on, closed once it answers.
#[derive(Default)]
struct BoardLink(Option<Socket>);

pub(super) fn plugin(app: &mut App) {
    app.insert_non_send(BoardLink::default())
        .init_resource::<Leaderboard>()
        .add_message::<LeaderboardRequested>()
        .add_systems(Update, (ask, hear).chain());
}

fn ask(
    mut requests: MessageReader<LeaderboardRequested>,
    mut link: NonSendMut<BoardLink>,
    mut board: ResMut<Leaderboard>,
) {
    let Some(request) = requests.read().last() else {
        return;
    };
    link.0 = Some(Socket::open(&request.server));
    *board = Leaderboard::Asking;
}

fn hear(
    mut link: NonSendMut<BoardLink>,
    memory: Res<OnlineMemory>,
    mut board: ResMut<Leaderboard>,
    mut signals: MessageWriter<Signal>,
) {
    let Some(socket) = link.0.as_ref() else {
        return;
    };
    let mut done = false;
    for incoming in socket.poll() {
        match incoming {
            Incoming::Opened => {
                socket.send(&ClientMsg::Hello {
                    protocol: PROTOCOL_VERSION,
                });
                socket.send(&ClientMsg::Leaderboard {
                    profile: memory.profile.clone(),
                });
            }
            Incoming::Message(ServerMsg::Leaderboard {
                leaders,
                you,
                min_games,
            }) => {
                signals.write(Signal::Leaderboard {
                    players: leaders.len(),
                });
                *board = Leaderboard::Heard {
                    leaders,
                    you,
                    min_games,
                };
                done = true;
            }
            Incoming::Message(ServerMsg::Refused { detail, .. }) => {
                *board = Leaderboard::Failed(detail);
                done = true;
            }
            Incoming::Message(_) => {}
            Incoming::Closed(why) => {
                if *board == Leaderboard::Asking {
                    *board = Leaderboard::Failed(why);
                }
                done = true;
            }
        }
    }
    if done {
        link.0 = None;
    }
}
