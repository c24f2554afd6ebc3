//! A game's copy of the server's game: the room's snapshot, then each step the server's
//! events describe, played on the same engine. A copy that ever disagrees with the events
//! says so (and the game takes the next snapshot), so what a device shows is what the server
//! decided.

use ludo_core::{Awaiting, Event, Game, Step};

use crate::{Numbered, RoomView};

/// The server's game, as far as this device has heard.
#[derive(Clone, Debug)]
pub struct Mirror {
    pub game: Game,
    /// Events heard in this game: the `at` of the next request.
    pub seq: u64,
    /// The room's game number this copy follows.
    pub number: u32,
}

/// The step that caused `events` in `game`, as the server played it.
pub fn step_of(game: &Game, events: &[Event]) -> Option<Step> {
    match game.awaiting() {
        Awaiting::Release => Some(Step::Release),
        Awaiting::Roll | Awaiting::RollOff => events.iter().find_map(|e| match e {
            Event::Rolled { value, .. } | Event::RollOff { value, .. } => Some(Step::Roll(*value)),
            _ => None,
        }),
        Awaiting::Move => events.iter().find_map(|e| match e {
            Event::Moved { piece, .. } | Event::Entered { piece, .. } => Some(Step::Move(*piece)),
            _ => None,
        }),
        Awaiting::Over => None,
    }
}

impl Mirror {
    /// The game of a room's snapshot, if one has started.
    pub fn from_view(view: &RoomView) -> Result<Option<Mirror>, String> {
        let Some(g) = &view.game else {
            return Ok(None);
        };
        let game = Game::from_state(view.rules.clone(), &g.state).map_err(|e| e.to_string())?;
        Ok(Some(Mirror {
            game,
            seq: g.seq,
            number: g.number,
        }))
    }

    /// Plays the steps behind the server's events (one step's, or, after a resume, many).
    /// Events already heard are skipped; the rest must be exactly what the engine says those
    /// steps cause. On a mismatch the copy is left as it was.
    pub fn apply(&mut self, events: &[Numbered]) -> Result<(), String> {
        let mut rest: Vec<Event> = Vec::new();
        for n in events.iter().filter(|n| n.seq >= self.seq) {
            if n.seq != self.seq + rest.len() as u64 {
                return Err(format!(
                    "event {} came after {}",
                    n.seq,
                    self.seq + rest.len() as u64
                ));
            }
            rest.push(n.event.clone());
        }
        let mut game = self.game.clone();
        let mut at = 0;
        while at < rest.len() {
            let heard = &rest[at..];
            let step = step_of(&game, heard)
                .ok_or_else(|| format!("no step of this game causes {heard:?}"))?;
            let mut caused = Vec::new();
            game.play(step, &mut caused).map_err(|e| e.to_string())?;
            if !heard.starts_with(&caused) {
                return Err(format!(
                    "the server's events {heard:?} are not the engine's {caused:?}"
                ));
            }
            at += caused.len();
        }
        self.game = game;
        self.seq += rest.len() as u64;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludo_core::{Dice, Rules};

    #[test]
    fn a_mirror_follows_a_whole_game_from_its_events() {
        for rules in [
            Rules::default(),
            Rules {
                no_piece_in_play: ludo_core::NoPieceInPlay::ReleaseWithoutRolling,
                first_player: ludo_core::FirstPlayer::RollOff,
                ..Rules::default()
            },
        ] {
            let mut server = Game::new(rules.clone(), 3, 0).unwrap();
            let mut mirror = Mirror {
                game: server.clone(),
                seq: 0,
                number: 1,
            };
            let mut dice = Dice::new(11);
            let mut seq = 0;
            while let Some(action) = server.due(|_, moves| moves.len() - 1) {
                let mut events = Vec::new();
                server.act(action, &mut dice, &mut events).unwrap();
                let numbered: Vec<Numbered> = events
                    .into_iter()
                    .enumerate()
                    .map(|(i, event)| Numbered {
                        seq: seq + i as u64,
                        event,
                    })
                    .collect();
                seq += numbered.len() as u64;
                mirror.apply(&numbered).unwrap();
                // Hearing the same events again changes nothing.
                mirror.apply(&numbered).unwrap();
                assert_eq!(mirror.game.state(), server.state());
            }
            assert_eq!(mirror.seq, seq);
        }
    }

    #[test]
    fn events_the_engine_would_not_cause_are_refused() {
        let rules = Rules::default();
        let game = Game::new(rules.clone(), 2, 0).unwrap();
        let mut mirror = Mirror {
            game,
            seq: 0,
            number: 1,
        };
        let wrong = [Numbered {
            seq: 0,
            event: Event::Rolled { seat: 1, value: 3 },
        }];
        assert!(mirror.apply(&wrong).is_err());
        let gap = [Numbered {
            seq: 5,
            event: Event::Rolled { seat: 0, value: 3 },
        }];
        assert!(mirror.apply(&gap).is_err());
        assert_eq!(mirror.seq, 0);
        assert_eq!(mirror.game.state(), Game::new(rules, 2, 0).unwrap().state());
    }

    #[test]
    fn a_resume_batch_of_many_steps_is_followed() {
        let rules = Rules::default();
        let mut server = Game::new(rules.clone(), 4, 0).unwrap();
        let mut mirror = Mirror {
            game: server.clone(),
            seq: 0,
            number: 1,
        };
        let mut dice = Dice::new(3);
        let mut all = Vec::new();
        for _ in 0..60 {
            let action = server.due(|_, _| 0).expect("60 steps do not end a game");
            server.act(action, &mut dice, &mut all).unwrap();
        }
        let numbered: Vec<Numbered> = all
            .into_iter()
            .enumerate()
            .map(|(i, event)| Numbered {
                seq: i as u64,
                event,
            })
            .collect();
        mirror.apply(&numbered).unwrap();
        assert_eq!(mirror.game.state(), server.state());
        assert_eq!(mirror.seq, numbered.len() as u64);
    }
}
