//! The game at the table: a new game (and the rematch) and the sealing of its dice, a seat's
//! roll or move, the CPU's (its own seats, an away person's, a turn whose time ran out), the
//! turn clock, and the game's end: scored with the ratings as they are now and written in one
//! commit with the step that ended it, which nobody hears of before.

use std::time::{Duration, Instant};

use ludo_core::{Action, CpuLevel, Event, PlayError, Step, rating};
use ludo_proto::{
    DicePhase, GameResult, GameView, Numbered, Refusal, ServerMsg, Stage, events_messages,
};

use super::sealing::{self, PROMISE_WAIT, REVEAL_WAIT, Sealing};
use super::seating::Seating;
use super::{CATCH_UP_MESSAGES, Effect, Fx, Refused, RoomConfig, Secrets, refuse};
use crate::room::table::{GameFile, Live, Seat, Table};
use crate::store::{RatingChange, Write};

/// What comes to the game.
pub enum PlayInput {
    /// A game begins (the first at the start, the next at a rematch), its first turn
    /// `first_seat`'s.
    NewGame {
        first_seat: u8,
    },
    /// The host asks for the next game.
    Rematch,
    /// A seated person's request answering event `at`.
    Person {
        seat: u8,
        at: u64,
        action: Action,
    },
    /// A seated person's device promises its share of game `game`'s dice, or reveals it.
    Promise {
        seat: u8,
        game: u32,
        promise: String,
    },
    Reveal {
        seat: u8,
        game: u32,
        secret: String,
    },
    /// The clock: the CPU's step, a turn's time running out, a game to finish.
    Tick,
    /// The ratings `Effect::ReadRatings` asked for, in its order (`None`: not found).
    Ratings(Vec<Option<f64>>),
}

/// What the game did.
#[derive(Debug, PartialEq)]
pub enum Played {
    /// The room as a whole changed (a game began or ended, a turn's time ran out): everyone
    /// hears it.
    RoomChanged,
    Nothing,
}

/// Who acts for the seat to play now.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Actor {
    /// A person, who may take until the deadline.
    Person(Option<Instant>),
    /// The CPU, at the given level, from the given moment.
    Cpu(CpuLevel, Instant),
    /// Nobody: the game waits (no person is at the table).
    Nobody,
}

/// The step that ended a game and what it told, held until the game's end is written with
/// it in one commit: nobody hears of it before.
struct Ending {
    idx: u32,
    step: Step,
    told: ServerMsg,
}

/// The clock of the turn in progress.
struct Turn {
    seat: u8,
    deadline: Option<Instant>,
    /// The time ran out: the CPU plays the rest of the turn.
    expired: bool,
}

pub struct Play {
    live: Option<Live>,
    turn: Option<Turn>,
    last_step: Instant,
    /// The step that ended the game, until the game's end is written.
    ending: Option<Ending>,
    /// While the dice are being sealed: when the phase's time runs out.
    sealing: Option<Instant>,
    /// Seats whose revealed secret was not their promise (left out).
    spoiled: Vec<u8>,
    /// The room changed beside a refusal (`take_changed`).
    changed: bool,
}

impl Play {
    /// The table's game, if one is under way, brought back from the steps played so far.
    pub fn new(table: &Table, steps: &[Step], fx: &mut Fx) -> Result<Play, String> {
        let live = match &table.game {
            Some(file) => Some(Live::replay(&table.rules, file.clone(), steps)?.0),
            None => None,
        };
        // A game brought back while its dice were being sealed: the phase's time starts again.
        let sealing = match table.game.as_ref().and_then(|g| g.dice.as_ref()) {
            Some(dice) if table.stage == Stage::Playing => match dice.phase {
                DicePhase::Promising => Some(fx.now + PROMISE_WAIT),
                DicePhase::Revealing => Some(fx.now + REVEAL_WAIT),
                DicePhase::Sealed => None,
            },
            _ => None,
        };
        let mut play = Play {
            live,
            turn: None,
            last_step: fx.now,
            ending: None,
            sealing,
            spoiled: Vec::new(),
            changed: false,
        };
        play.new_turn(table, fx);
        Ok(play)
    }

    pub fn apply(
        &mut self,
        input: PlayInput,
        table: &mut Table,
        seating: &Seating,
        config: &RoomConfig,
        fx: &mut Fx,
        secrets: &mut dyn Secrets,
    ) -> Result<Played, Refused> {
        match input {
            PlayInput::NewGame { first_seat } => {
                Ok(self.new_game(first_seat, table, seating, fx, secrets))
            }
            PlayInput::Rematch => {
                if table.stage != Stage::Over {
                    return refuse(Refusal::NotOver, "the game is not over");
                }
                let last = self.live.as_ref().map_or(0, |l| l.game.first_seat());
                let first = table
                    .rules
                    .rematch_first_seat(last, table.seats.len() as u8);
                Ok(self.new_game(first, table, seating, fx, secrets))
            }
            PlayInput::Person { seat, at, action } => {
                self.person_plays(seat, at, action, table, fx)
            }
            PlayInput::Promise {
                seat,
                game,
                promise,
            } => {
                let dice = self.dice_due(table, game)?;
                let sealing = sealing::promised(dice, seat, &promise)?;
                Ok(self.sealing_went(sealing, table, fx))
            }
            PlayInput::Reveal { seat, game, secret } => {
                let mut spoiled = std::mem::take(&mut self.spoiled);
                let dice = self.dice_due(table, game)?;
                let went = sealing::revealed(dice, seat, &secret, &mut spoiled);
                let sealed = dice.phase == DicePhase::Sealed;
                self.spoiled = spoiled;
                match went {
                    Ok(sealing) => Ok(self.sealing_went(sealing, table, fx)),
                    // A spoiled share may be the last: the dice are sealed without it, and the
                    // room hears it beside the refusal.
                    Err(refused) => {
                        if sealed {
                            self.sealing_went(Sealing::Sealed, table, fx);
                            self.changed = true;
                        }
                        Err(refused)
                    }
                }
            }
            PlayInput::Tick => {
                if let Some(deadline) = self.sealing
                    && fx.now >= deadline
                {
                    let dice = table.game.as_mut().and_then(|g| g.dice.as_mut());
                    let went = dice.map_or(Sealing::Sealed, sealing::time_up);
                    return Ok(self.sealing_went(went, table, fx));
                }
                Ok(self.on_time(table, seating, config, fx))
            }
            PlayInput::Ratings(fresh) => Ok(self.finish(&fresh, table, fx)),
        }
    }

    fn new_game(
        &mut self,
        first_seat: u8,
        table: &mut Table,
        seating: &Seating,
        fx: &mut Fx,
        secrets: &mut dyn Secrets,
    ) -> Played {
        let number = table.game.as_ref().map_or(1, |g| g.number + 1);
        let (secret, shared) = secrets.dice(number);
        // The people at the table add their shares to the dice.
        let people: Vec<u8> = (0..table.seats.len() as u8)
            .filter(|&s| shared && table.is_person(s) && seating.seat(s).conn.is_some())
            .collect();
        let file = GameFile {
            number,
            seed: None,
            dice: Some(sealing::new_dice(&secret, &people)),
            first_seat,
            players: table.players(),
            ranked: table.is_ranked(),
            rating_changes: None,
        };
        let live = match Live::replay(&table.rules, file.clone(), &[]) {
            Ok((live, _)) => live,
            Err(e) => {
                tracing::error!(room = %table.code, "a game could not start: {e}");
                return Played::Nothing;
            }
        };
        table.game = Some(file);
        table.stage = Stage::Playing;
        self.live = Some(live);
        self.last_step = fx.now;
        self.turn = None;
        self.spoiled.clear();
        self.sealing = (!people.is_empty()).then_some(fx.now + PROMISE_WAIT);
        self.new_turn(table, fx);
        fx.save(table);
        Played::RoomChanged
    }

    /// The game's dice, while promise or secret `game` is due.
    fn dice_due<'t>(
        &self,
        table: &'t mut Table,
        game: u32,
    ) -> Result<&'t mut crate::room::table::DiceFile, Refused> {
        let Some(file) = table.game.as_mut().filter(|f| f.number == game) else {
            return refuse(
                Refusal::BadShare,
                format!("game {game} is not being sealed"),
            );
        };
        match file.dice.as_mut() {
            Some(dice) if self.sealing.is_some() => Ok(dice),
            _ => refuse(Refusal::BadShare, "the dice are sealed already"),
        }
    }

    /// A step of the sealing done: saved; the devices reveal (everyone hears it), or the
    /// die is set and the first turn's clock starts (everyone hears it).
    fn sealing_went(&mut self, went: Sealing, table: &mut Table, fx: &mut Fx) -> Played {
        let played = match went {
            Sealing::Waiting => Played::Nothing,
            Sealing::Revealing => {
                self.sealing = Some(fx.now + REVEAL_WAIT);
                Played::RoomChanged
            }
            Sealing::Sealed => {
                self.sealing = None;
                let seed = table.game.as_ref().and_then(GameFile::die_seed);
                if let (Some(live), Some(seed)) = (self.live.as_mut(), seed) {
                    live.seal(seed);
                    live.file.dice = table.game.as_ref().and_then(|g| g.dice.clone());
                }
                self.last_step = fx.now;
                self.new_turn(table, fx);
                Played::RoomChanged
            }
        };
        fx.save(table);
        played
    }

    /// The room changed beside a refusal since last asked.
    pub fn take_changed(&mut self) -> bool {
        std::mem::take(&mut self.changed)
    }

    fn person_plays(
        &mut self,
        seat: u8,
        at: u64,
        action: Action,
        table: &mut Table,
        fx: &mut Fx,
    ) -> Result<Played, Refused> {
        let Some(live) = &self.live else {
            return refuse(Refusal::WrongPhase, "no game has started");
        };
        if table.stage != Stage::Playing {
            return refuse(Refusal::WrongPhase, "the game is over");
        }
        if live.game.turn() != seat {
            return refuse(
                Refusal::NotYourTurn,
                format!("it is seat {}'s turn", live.game.turn()),
            );
        }
        if self.turn.as_ref().is_some_and(|t| t.expired) {
            return refuse(
                Refusal::NotYourTurn,
                "the turn's time ran out: the CPU plays the rest of it",
            );
        }
        if at != live.seq {
            return refuse(
                Refusal::Stale,
                format!(
                    "the request answers event {at}, but the game is at event {}",
                    live.seq
                ),
            );
        }
        if live.dice.is_none() {
            return refuse(Refusal::WrongPhase, "the dice are being sealed");
        }
        self.play(action, table, fx).map_err(|e| match e {
            PlayError::OutOfTurn { .. } => (Refusal::WrongPhase, e.to_string()),
            _ => (Refusal::Illegal, e.to_string()),
        })
    }

    /// Plays `action` for the seat to act: the step is written, then everyone hears it.
    fn play(
        &mut self,
        action: Action,
        table: &mut Table,
        fx: &mut Fx,
    ) -> Result<Played, PlayError> {
        let live = self.live.as_mut().expect("a game is under way");
        let first = live.seq;
        let (step, events) = live.play(action)?;
        let idx = live.record.steps.len() as u32 - 1;
        let game = live.file.number;
        let over = live.game.is_over();
        self.last_step = fx.now;
        let passed = events.iter().any(|e| {
            matches!(
                e,
                Event::TurnPassed { .. } | Event::FirstPlayer { .. } | Event::RollOff { .. }
            )
        });
        let told = ServerMsg::Events {
            events: numbered(first, &events),
        };
        if over {
            // Written with the game's end, in one commit (`finish`), and told after it.
            self.ending = Some(Ending { idx, step, told });
            return Ok(self.game_over(table, fx));
        }
        fx.out.push(Effect::Write(Write::Step {
            code: table.code.clone(),
            epoch: 0,
            game,
            idx,
            step,
        }));
        fx.broadcast(told);
        if passed {
            self.new_turn(table, fx);
        }
        Ok(Played::Nothing)
    }

    /// The game ended: a ranked one asks for its players' ratings as they are now (another
    /// room may have moved them), then is scored; others are scored at once.
    fn game_over(&mut self, table: &mut Table, fx: &mut Fx) -> Played {
        let live = self.live.as_ref().expect("a game is under way");
        if !live.file.ranked {
            return self.finish(&[], table, fx);
        }
        let ids = table
            .seats
            .iter()
            .filter_map(|s| match s {
                Seat::Person { profile, .. } => Some(*profile),
                _ => None,
            })
            .collect();
        fx.out.push(Effect::ReadRatings(ids));
        Played::Nothing
    }

    /// Scores the game over with the ratings read (`fresh`, person by person) and keeps it.
    fn finish(&mut self, fresh: &[Option<f64>], table: &mut Table, fx: &mut Fx) -> Played {
        let Some(live) = self.live.as_ref().filter(|l| l.game.is_over()) else {
            return Played::Nothing;
        };
        let ratings = if live.file.ranked {
            score(live, fresh, table)
        } else {
            Vec::new()
        };
        let number = live.file.number;
        // Kept as a game file: the record and its dice's seal (what `/g/ID.json` serves).
        let dice = live.file.dice_view();
        let kept = ludo_proto::GameFile {
            record: live.record.clone(),
            finished: None,
            served: None,
            sealed: dice.seal(number, &live.file.revealed_secret()),
            id: None,
            hints: Vec::new(),
        };
        let record = serde_json::to_string(&kept).expect("a game file serializes");
        let ranked = live.file.ranked;
        table.stage = Stage::Over;
        self.turn = None;
        let ending = self.ending.take();
        fx.out.push(Effect::Write(Write::Finished {
            code: table.code.clone(),
            epoch: 0,
            number,
            ending: ending.as_ref().map(|e| (e.idx, e.step)),
            ranked,
            record,
            ratings,
            room: serde_json::to_string(&table).expect("a table serializes"),
        }));
        if let Some(ending) = ending {
            fx.broadcast(ending.told);
        }
        Played::RoomChanged
    }

    /// A game over whose end is not written: a room brought back from steps that end its
    /// game (its node stopped between the two, before they were one commit) finishes it at
    /// its first tick, as the node that played the last step would have.
    fn unfinished(&self, table: &Table) -> bool {
        table.stage == Stage::Playing
            && self.ending.is_none()
            && self.live.as_ref().is_some_and(|l| l.game.is_over())
    }

    /// The turn in progress changed hands (or a game started): its clock starts.
    fn new_turn(&mut self, table: &Table, fx: &mut Fx) {
        let Some(live) = &self.live else {
            return;
        };
        // The first turn's clock starts once the dice are sealed.
        if table.stage != Stage::Playing || live.dice.is_none() {
            self.turn = None;
            return;
        }
        let seat = live.game.turn();
        let deadline = match table.turn_limit_secs {
            Some(secs) if table.is_person(seat) => Some(fx.now + Duration::from_secs(secs as u64)),
            _ => None,
        };
        self.turn = Some(Turn {
            seat,
            deadline,
            expired: false,
        });
        if let Some(deadline) = deadline {
            let ms_left = deadline.saturating_duration_since(fx.now).as_millis() as u32;
            fx.broadcast(ServerMsg::Clock { seat, ms_left });
        }
    }

    fn actor(&self, table: &Table, seating: &Seating, config: &RoomConfig) -> Actor {
        let (Some(live), Some(turn)) = (&self.live, &self.turn) else {
            return Actor::Nobody;
        };
        if table.stage != Stage::Playing || seating.nobody_seated() || live.dice.is_none() {
            return Actor::Nobody;
        }
        let seat = live.game.turn();
        let pace = self.last_step + config.cpu_pace;
        match &table.seats[seat as usize] {
            Seat::Cpu { level } => Actor::Cpu(*level, pace),
            Seat::Person { .. } => match seating.seat(seat).away_since {
                _ if turn.expired => Actor::Cpu(CpuLevel::Normal, pace),
                Some(since) => Actor::Cpu(CpuLevel::Normal, pace.max(since + config.away_grace)),
                None => Actor::Person(turn.deadline),
            },
            Seat::Open | Seat::Empty => Actor::Nobody,
        }
    }

    /// When the game next needs the clock, if it does: a game to finish, a CPU's step, a
    /// turn's deadline.
    pub fn next_wake(
        &self,
        table: &Table,
        seating: &Seating,
        config: &RoomConfig,
        now: Instant,
    ) -> Option<Instant> {
        if self.unfinished(table) {
            return Some(now);
        }
        if self.sealing.is_some() {
            return self.sealing;
        }
        match self.actor(table, seating, config) {
            Actor::Cpu(_, at) => Some(at),
            Actor::Person(deadline) => deadline,
            Actor::Nobody => None,
        }
    }

    fn on_time(
        &mut self,
        table: &mut Table,
        seating: &Seating,
        config: &RoomConfig,
        fx: &mut Fx,
    ) -> Played {
        match self.actor(table, seating, config) {
            Actor::Person(Some(deadline)) if fx.now >= deadline => {
                if let Some(turn) = self.turn.as_mut() {
                    turn.expired = true;
                }
                Played::RoomChanged
            }
            Actor::Cpu(level, at) if fx.now >= at => {
                let cpus = std::array::from_fn(|s| match table.seats.get(s) {
                    Some(Seat::Cpu { level }) => Some(*level),
                    _ => None,
                });
                let live = self.live.as_mut().expect("a game is under way");
                let action = live.cpu_action(level, &cpus);
                self.play(action, table, fx).unwrap_or_else(|e| {
                    tracing::error!(room = %table.code, "the CPU's move was refused: {e}");
                    Played::Nothing
                })
            }
            _ => Played::Nothing,
        }
    }

    /// A game brought back over, its end not written: finish it (at the room's first tick).
    pub fn finish_unfinished(&mut self, table: &mut Table, fx: &mut Fx) -> Option<Played> {
        self.unfinished(table).then(|| self.game_over(table, fx))
    }

    /// The seat whose turn's clock runs, and whether its time ran out.
    pub fn turn(&self) -> (Option<u8>, bool) {
        (
            self.turn.as_ref().map(|t| t.seat),
            self.turn.as_ref().is_some_and(|t| t.expired),
        )
    }

    /// The events a resuming device missed since `seen`, in messages of bounded size; none
    /// when it missed more than `CATCH_UP_MESSAGES` hold, or claims more than were played
    /// (the snapshot sent before is the game as it is, and a device follows on from it).
    pub fn catch_up(&self, table: &Table, seen: u64) -> Vec<ServerMsg> {
        let Some(live) = &self.live else {
            return Vec::new();
        };
        if seen >= live.seq {
            return Vec::new();
        }
        let events = live.events(&table.rules);
        let messages = events_messages(seen, &events[seen as usize..]);
        if messages.len() <= CATCH_UP_MESSAGES {
            messages
        } else {
            Vec::new()
        }
    }

    /// The game as a snapshot shows it.
    pub fn view(&self, table: &Table, now: Instant) -> Option<GameView> {
        let (live, file) = (self.live.as_ref()?, table.game.as_ref()?);
        Some(GameView {
            number: file.number,
            state: live.game.state(),
            seq: live.seq,
            dice: file.dice_view(),
            ranked: file.ranked,
            clock_ms_left: self
                .turn
                .as_ref()
                .filter(|t| !t.expired)
                .and_then(|t| t.deadline)
                .map(|d| d.saturating_duration_since(now).as_millis() as u32),
            result: live.game.ranking().map(|ranking| GameResult {
                ranking: ranking.to_vec(),
                secret: file.revealed_secret(),
                record: live.record.clone(),
                rating_changes: file.rating_changes.clone(),
            }),
        })
    }
}

/// The ratings' changes of a ranked game over, from `fresh` (the people's ratings now, person
/// by person; a missing one, the table's): the table's ratings and the game's changes set.
fn score(live: &Live, fresh: &[Option<f64>], table: &mut Table) -> Vec<RatingChange> {
    let ranking = live.game.ranking().unwrap_or_default().to_vec();
    let mut ranks = vec![0u8; table.seats.len()];
    for s in &ranking {
        ranks[s.seat as usize] = s.rank;
    }
    let mut now = Vec::new();
    let mut ids = Vec::new();
    for seat in &table.seats {
        if let Seat::Person {
            profile, rating, ..
        } = seat
        {
            now.push(fresh.get(ids.len()).copied().flatten().unwrap_or(*rating));
            ids.push(*profile);
        }
    }
    let changes = rating::changes(&now, &ranks);
    let mut ratings = Vec::new();
    for (i, seat) in table.seats.iter_mut().enumerate() {
        if let Seat::Person { rating, .. } = seat {
            *rating = now[i] + changes[i];
            ratings.push(RatingChange {
                profile: ids[i],
                change: changes[i],
                won: ranks[i] == 1,
            });
        }
    }
    if let Some(g) = table.game.as_mut() {
        g.rating_changes = Some(changes);
    }
    ratings
}

fn numbered(first: u64, events: &[Event]) -> Vec<Numbered> {
    events
        .iter()
        .enumerate()
        .map(|(i, e)| Numbered {
            seq: first + i as u64,
            event: e.clone(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludo_proto::{SeatSpec, TableSpec};

    struct Seeds;

    impl Secrets for Seeds {
        fn token(&mut self) -> String {
            String::new()
        }
        fn dice(&mut self, number: u32) -> ([u8; 32], bool) {
            ([7 + number as u8; 32], false)
        }
    }

    /// A game of two CPUs under way, nobody at the table but one present spectator seat.
    fn game(turn_limit_secs: Option<u16>) -> (Play, Table, Seating, RoomConfig, Fx) {
        let spec = TableSpec {
            rules: Default::default(),
            seats: vec![SeatSpec::Open, SeatSpec::Cpu(CpuLevel::Easy)],
            turn_limit_secs,
        };
        let mut table = Table::new("PLAY".into(), spec).unwrap();
        table.take_seat(
            0,
            Seat::Person {
                name: "Ana".into(),
                token_hash: crate::secret::hash("ana's token"),
                profile: 1,
                rating: 1500.0,
            },
        );
        let now = Instant::now();
        let mut fx = Fx {
            now,
            out: Vec::new(),
        };
        let seating = Seating::new(&table, Duration::from_secs(3), now);
        let config = RoomConfig {
            cpu_pace: Duration::ZERO,
            away_grace: Duration::from_secs(3),
            room_ttl: Duration::from_secs(60),
        };
        let mut play = Play::new(&table, &[], &mut fx).unwrap();
        let began = play.apply(
            PlayInput::NewGame { first_seat: 0 },
            &mut table,
            &seating,
            &config,
            &mut fx,
            &mut Seeds,
        );
        assert_eq!(began, Ok(Played::RoomChanged));
        (play, table, seating, config, fx)
    }

    #[test]
    fn a_request_answers_the_position_it_saw_and_its_step_is_written_before_it_is_told() {
        let (mut play, mut table, seating, config, mut fx) = game(None);
        let seq = play.view(&table, fx.now).unwrap().seq;
        let state = play.view(&table, fx.now).unwrap().state;
        let turn = state.turn;
        let ask = |at| PlayInput::Person {
            seat: turn,
            at,
            action: Action::Press,
        };
        fx.out.clear();
        let stale = play.apply(
            ask(seq + 1),
            &mut table,
            &seating,
            &config,
            &mut fx,
            &mut Seeds,
        );
        assert_eq!(stale.err().map(|e| e.0), Some(Refusal::Stale));
        let other = PlayInput::Person {
            seat: 1 - turn,
            at: seq,
            action: Action::Press,
        };
        let out_of_turn = play.apply(other, &mut table, &seating, &config, &mut fx, &mut Seeds);
        assert_eq!(out_of_turn.err().map(|e| e.0), Some(Refusal::NotYourTurn));
        assert!(
            play.apply(ask(seq), &mut table, &seating, &config, &mut fx, &mut Seeds)
                .is_ok()
        );
        assert!(matches!(fx.out[0], Effect::Write(Write::Step { .. })));
        assert!(matches!(
            fx.out[1],
            Effect::Send(_, ServerMsg::Events { .. })
        ));
    }

    #[test]
    fn a_turn_whose_time_runs_out_is_the_cpus_and_nobody_at_the_table_waits() {
        let (mut play, mut table, mut seating, config, mut fx) = game(Some(30));
        // Nobody at the table: the game waits.
        assert_eq!(play.next_wake(&table, &seating, &config, fx.now), None);
        // Ana sits: her turn's clock runs.
        let mut tokens = Seeds;
        let resume = super::super::Attach::Resume {
            token: "ana's token".into(),
            seen: 0,
        };
        let back = seating.apply(
            super::super::seating::SeatingInput::Arrive {
                conn: 1,
                how: resume,
            },
            &mut table,
            &mut fx,
            &mut tokens,
        );
        assert!(back.is_ok());
        assert_eq!(play.turn().0, Some(0), "the first turn, Ana's");
        let deadline = play.next_wake(&table, &seating, &config, fx.now).unwrap();
        assert_eq!(deadline, fx.now + Duration::from_secs(30));
        fx.now = deadline;
        let ran_out = play.apply(
            PlayInput::Tick,
            &mut table,
            &seating,
            &config,
            &mut fx,
            &mut Seeds,
        );
        assert_eq!(ran_out, Ok(Played::RoomChanged));
        assert_eq!(play.turn(), (Some(0), true), "the CPU plays the rest of it");
        // Its step is due at once.
        let cpu = play.next_wake(&table, &seating, &config, fx.now).unwrap();
        assert!(cpu <= fx.now);
    }
}
