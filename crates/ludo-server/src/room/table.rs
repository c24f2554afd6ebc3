//! A room's table as the database keeps it, and its current game rebuilt from the steps.
//! Plain data and engine calls; no I/O.

use ludo_core::{
    Action, CpuLevel, Dice, Event, Game, GameRecord, PlayError, Rules, Seed, Step, bytes32,
};
use ludo_cpu::Cpu;
use ludo_proto::{
    DicePhase, DiceView, SeatKind, SeatSpec, SeatView, ShareView, Stage, TableSpec, dice_seed,
    promise, seed_hash,
};
use serde::{Deserialize, Serialize};

/// The shortest and longest turn limit a table may set, in seconds.
pub const TURN_LIMIT_SECS: std::ops::RangeInclusive<u16> = 1..=600;

/// A room's lasting state (the steps of its game are kept beside it).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Table {
    pub code: String,
    pub rules: Rules,
    pub turn_limit_secs: Option<u16>,
    /// The host's seat; `None` until someone sits.
    pub host: Option<u8>,
    pub stage: Stage,
    pub seats: Vec<Seat>,
    /// The current (or last) game.
    pub game: Option<GameFile>,
    /// People whose lobby seat opened again while their device was gone (the latest few):
    /// their token joins again while a seat is free, else it watches.
    #[serde(default)]
    pub gone: Vec<Gone>,
    /// Opened by quick play: seats nobody takes soon go to CPUs, and the game starts.
    #[serde(default)]
    pub quick: bool,
}

/// A person whose lobby seat went back to open.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Gone {
    pub name: String,
    pub token_hash: String,
    pub profile: i64,
    pub rating: f64,
}

impl From<Gone> for Seat {
    fn from(g: Gone) -> Seat {
        Seat::Person {
            name: g.name,
            token_hash: g.token_hash,
            profile: g.profile,
            rating: g.rating,
        }
    }
}

/// How many gone people a table remembers.
pub const GONE_KEPT: usize = 16;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Seat {
    Open,
    Empty,
    Cpu {
        level: CpuLevel,
    },
    Person {
        name: String,
        token_hash: String,
        profile: i64,
        rating: f64,
    },
}

/// A game as the database keeps it: with the rules, its dice and the steps (kept apart) it
/// replays exactly.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameFile {
    pub number: u32,
    /// Games from before shares: the number their die was seeded with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The dice: the server's secret and each seat's share.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<DiceFile>,
    pub first_seat: u8,
    pub players: Vec<String>,
    pub ranked: bool,
    #[serde(default)]
    pub rating_changes: Option<Vec<f64>>,
}

/// A game's dice as the database keeps them: the server's secret (64 hex digits) and each
/// share, as far as the sealing has come.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct DiceFile {
    pub secret: String,
    pub shares: Vec<ShareView>,
    pub phase: DicePhase,
}

impl GameFile {
    /// The die's seed, once the dice are sealed: the derivation of the server's secret and
    /// every share revealed (a game from before shares: its number).
    pub fn die_seed(&self) -> Option<Seed> {
        if let Some(n) = self.seed {
            return Some(Seed::Number(n));
        }
        let dice = self
            .dice
            .as_ref()
            .filter(|d| d.phase == DicePhase::Sealed)?;
        let server = bytes32(&dice.secret)?;
        let shares: Vec<(u8, [u8; 32])> = dice
            .shares
            .iter()
            .filter_map(|s| Some((s.seat, bytes32(s.secret.as_ref()?)?)))
            .collect();
        Some(Seed::Bytes(dice_seed(self.number, &server, &shares)))
    }

    /// What the CPUs of this game draw their choices from.
    pub fn cpu_seed(&self) -> u64 {
        self.seed.unwrap_or_else(|| {
            let secret = self.dice.as_ref().and_then(|d| bytes32(&d.secret));
            secret.map_or(0, |b| {
                u64::from_le_bytes(b[..8].try_into().expect("8 bytes"))
            })
        })
    }

    /// The dice as the table sees them: the server's promise, each share, the phase.
    pub fn dice_view(&self) -> DiceView {
        match (&self.dice, self.seed) {
            (Some(dice), _) => DiceView {
                promised: bytes32(&dice.secret)
                    .map(|b| promise(&b))
                    .unwrap_or_default(),
                shares: dice.shares.clone(),
                phase: dice.phase,
            },
            (None, seed) => DiceView {
                promised: seed_hash(seed.unwrap_or_default()),
                shares: Vec::new(),
                phase: DicePhase::Sealed,
            },
        }
    }

    /// The server's secret, as the result reveals it (a game from before shares: its seed).
    pub fn revealed_secret(&self) -> String {
        match (&self.dice, self.seed) {
            (Some(dice), _) => dice.secret.clone(),
            (None, seed) => seed.unwrap_or_default().to_string(),
        }
    }
}

/// The game being played: the engine, the die (once the dice are sealed), and the record of
/// every step.
pub struct Live {
    pub file: GameFile,
    pub game: Game,
    pub dice: Option<Dice>,
    pub record: GameRecord,
    /// Events so far in this game.
    pub seq: u64,
    /// One CPU per seat, for CPU seats and for people who are away.
    pub cpus: Vec<Cpu>,
}

impl Table {
    /// A new table in its lobby; checks what a client could get wrong.
    pub fn new(code: String, spec: TableSpec) -> Result<Table, String> {
        if !(2..=ludo_core::MAX_SEATS as usize).contains(&spec.seats.len()) {
            return Err(format!(
                "a table has 2 to 6 seats, not {}",
                spec.seats.len()
            ));
        }
        // The rules are for the seats that play: empty seats close up when the game starts.
        let playing = spec.seats.iter().filter(|s| **s != SeatSpec::Empty).count();
        if let Some(why) = spec.rules.refusal(playing as u8) {
            return Err(format!("{why} (empty seats close up)"));
        }
        if !spec.seats.contains(&SeatSpec::Open) {
            return Err("a table needs an open seat for its host".into());
        }
        if let Some(s) = spec.turn_limit_secs
            && !TURN_LIMIT_SECS.contains(&s)
        {
            return Err(format!(
                "a turn limit is {} to {} seconds, not {s}",
                TURN_LIMIT_SECS.start(),
                TURN_LIMIT_SECS.end()
            ));
        }
        Ok(Table {
            code,
            rules: spec.rules,
            turn_limit_secs: spec.turn_limit_secs,
            host: None,
            stage: Stage::Lobby,
            seats: spec
                .seats
                .iter()
                .map(|s| match *s {
                    SeatSpec::Open => Seat::Open,
                    SeatSpec::Empty => Seat::Empty,
                    SeatSpec::Cpu(level) => Seat::Cpu { level },
                })
                .collect(),
            game: None,
            gone: Vec::new(),
            quick: false,
        })
    }

    pub fn is_person(&self, seat: u8) -> bool {
        matches!(self.seats.get(seat as usize), Some(Seat::Person { .. }))
    }

    /// The seat whose device holds `token_hash`.
    pub fn seat_of_token(&self, token_hash: &str) -> Option<u8> {
        self.seats
            .iter()
            .position(|s| matches!(s, Seat::Person { token_hash: t, .. } if t == token_hash))
            .map(|i| i as u8)
    }

    /// `person` sits at `seat`; the first person to sit hosts.
    pub fn take_seat(&mut self, seat: u8, person: Seat) {
        self.seats[seat as usize] = person;
        if self.host.is_none() {
            self.host = Some(seat);
        }
    }

    /// Whether `token_hash` is a gone person's.
    pub fn is_gone(&self, token_hash: &str) -> bool {
        self.gone.iter().any(|g| g.token_hash == token_hash)
    }

    /// Opens `seat` again (a lobby seat whose device is gone) and remembers who sat there.
    pub fn open_seat(&mut self, seat: u8) {
        let was = std::mem::replace(&mut self.seats[seat as usize], Seat::Open);
        if let Seat::Person {
            name,
            token_hash,
            profile,
            rating,
        } = was
        {
            self.gone.push(Gone {
                name,
                token_hash,
                profile,
                rating,
            });
            if self.gone.len() > GONE_KEPT {
                self.gone.remove(0);
            }
        }
    }

    /// Takes out of `gone` the person whose device holds `token_hash`.
    pub fn take_gone(&mut self, token_hash: &str) -> Option<Gone> {
        let i = self.gone.iter().position(|g| g.token_hash == token_hash)?;
        Some(self.gone.remove(i))
    }

    pub fn seat_of_profile(&self, profile: i64) -> Option<u8> {
        self.seats
            .iter()
            .position(|s| matches!(s, Seat::Person { profile: p, .. } if *p == profile))
            .map(|i| i as u8)
    }

    /// The seats that play, without the open and empty ones: the game's seats from the start.
    /// Returns where each old seat went.
    pub fn close_up(&mut self) -> Vec<Option<u8>> {
        let mut moved = Vec::with_capacity(self.seats.len());
        let mut kept = Vec::new();
        for seat in self.seats.drain(..) {
            if matches!(seat, Seat::Person { .. } | Seat::Cpu { .. }) {
                moved.push(Some(kept.len() as u8));
                kept.push(seat);
            } else {
                moved.push(None);
            }
        }
        self.seats = kept;
        self.host = self.host.and_then(|h| moved[h as usize]);
        moved
    }

    /// What the record calls each seat.
    pub fn players(&self) -> Vec<String> {
        self.seats
            .iter()
            .map(|s| match s {
                Seat::Person { name, .. } => name.clone(),
                Seat::Cpu { level } => format!("cpu:{level}"),
                Seat::Open | Seat::Empty => String::new(),
            })
            .collect()
    }

    /// A ranked game: the standard rules, and a person in every seat.
    pub fn is_ranked(&self) -> bool {
        self.rules.is_standard()
            && self.seats.len() >= 2
            && self.seats.iter().all(|s| matches!(s, Seat::Person { .. }))
    }

    pub fn seat_view(&self, seat: u8, present: bool, cpu_plays: bool) -> SeatView {
        match &self.seats[seat as usize] {
            Seat::Open => SeatView {
                kind: SeatKind::Open,
                name: None,
                present: false,
                cpu_plays: false,
                rating: None,
            },
            Seat::Empty => SeatView {
                kind: SeatKind::Empty,
                name: None,
                present: false,
                cpu_plays: false,
                rating: None,
            },
            Seat::Cpu { level } => SeatView {
                kind: SeatKind::Cpu(*level),
                name: None,
                present: false,
                cpu_plays: false,
                rating: None,
            },
            Seat::Person { name, rating, .. } => SeatView {
                kind: SeatKind::Person,
                name: Some(name.clone()),
                present,
                cpu_plays,
                rating: Some(*rating),
            },
        }
    }
}

impl Live {
    /// The game `file` describes after `steps`, with the events they caused. Fails when a
    /// step is not legal or not what the seed rolls (a damaged database).
    pub fn replay(
        rules: &Rules,
        file: GameFile,
        steps: &[Step],
    ) -> Result<(Live, Vec<Event>), String> {
        let seed = file.die_seed();
        let mut record =
            GameRecord::new(rules.clone(), file.players.clone(), seed, file.first_seat);
        let game = record.start().map_err(|e| e.to_string())?;
        let cpus = (0..game.seats())
            .map(|seat| {
                let level = CpuLevel::Normal;
                Cpu::new(level, file.cpu_seed() ^ ((seat as u64 + 1) << 56))
            })
            .collect();
        let mut live = Live {
            dice: seed.map(Dice::seeded),
            game,
            record: record.clone(),
            seq: 0,
            cpus,
            file,
        };
        record.steps.clear();
        let mut events = Vec::new();
        for (index, &step) in steps.iter().enumerate() {
            let before = events.len();
            if let Step::Roll(v) = step {
                let Some(dice) = live.dice.as_mut() else {
                    return Err(format!("step {index}: a roll before the dice were sealed"));
                };
                let want = dice.roll();
                if want != v {
                    return Err(format!("step {index}: the die rolls {want}, not {v}"));
                }
            }
            live.game
                .play(step, &mut events)
                .map_err(|e| format!("step {index}: {e}"))?;
            live.record.steps.push(step);
            live.seq += (events.len() - before) as u64;
        }
        Ok((live, events))
    }

    /// The CPU's choice for the seat to act, with the given level; `table` is what the table
    /// shows of each seat (its CPU level, `None` for a person), which `expert` plays against.
    pub fn cpu_action(&mut self, level: CpuLevel, table: &ludo_core::SeatLevels) -> Action {
        use ludo_core::Chooser;
        let seat = self.game.turn() as usize;
        if self.cpus[seat].level() != level {
            self.cpus[seat] = Cpu::new(level, self.file.cpu_seed() ^ ((seat as u64 + 1) << 48));
        }
        let cpu = &mut self.cpus[seat];
        cpu.see_table(table);
        self.game
            .due(|game, moves| cpu.choose(game, moves))
            .expect("a CPU acts in a game under way")
    }

    /// Plays `action` for the seat to act; the step to record and the events it caused. No
    /// roll comes before the dice are sealed.
    pub fn play(&mut self, action: Action) -> Result<(Step, Vec<Event>), PlayError> {
        let Some(dice) = self.dice.as_mut() else {
            return Err(PlayError::OutOfTurn {
                expected: self.game.awaiting(),
                got: "a step before the dice are sealed",
            });
        };
        let mut events = Vec::new();
        let step = self.game.act(action, dice, &mut events)?;
        self.record.steps.push(step);
        self.seq += events.len() as u64;
        Ok((step, events))
    }

    /// The dice sealed: the die is set, and the record knows its seed.
    pub fn seal(&mut self, seed: Seed) {
        self.dice = Some(Dice::seeded(seed));
        self.record.set_seed(Some(seed));
    }

    /// Every event of this game so far (the record replayed).
    pub fn events(&self, rules: &Rules) -> Vec<Event> {
        Live::replay(rules, self.file.clone(), &self.record.steps)
            .map(|(_, e)| e)
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game whose dice the server sealed alone with the secret of 32 bytes `secret`.
    fn file(secret: u8) -> GameFile {
        GameFile {
            number: 1,
            seed: None,
            dice: Some(DiceFile {
                secret: ludo_core::hex(&[secret; 32]),
                shares: Vec::new(),
                phase: DicePhase::Sealed,
            }),
            first_seat: 0,
            players: vec!["A".into(), "cpu:normal".into()],
            ranked: false,
            rating_changes: None,
        }
    }

    #[test]
    fn a_game_replays_from_its_steps_to_the_same_position() {
        let rules = Rules::default();
        let (mut live, _) = Live::replay(&rules, file(5), &[]).unwrap();
        let mut all = Vec::new();
        for _ in 0..200 {
            if live.game.is_over() {
                break;
            }
            let a = live.cpu_action(CpuLevel::Normal, &[None; 6]);
            all.extend(live.play(a).unwrap().1);
        }
        let (again, events) = Live::replay(&rules, file(5), &live.record.steps).unwrap();
        assert_eq!(again.game.state(), live.game.state());
        assert_eq!(again.seq, live.seq);
        assert_eq!(events, all);
        assert_eq!(events.len() as u64, live.seq);
        // The record replays with the engine's own replay too.
        assert_eq!(live.record.replay().unwrap().state(), live.game.state());
    }

    #[test]
    fn a_step_the_seed_did_not_roll_is_refused() {
        let rules = Rules::default();
        let (live, _) = Live::replay(&rules, file(5), &[]).unwrap();
        let mut d = live.dice.clone().expect("sealed");
        let wrong = d.roll() % 6 + 1;
        assert!(Live::replay(&rules, file(5), &[Step::Roll(wrong)]).is_err());
    }

    #[test]
    fn a_game_from_before_shares_replays_by_its_number_and_one_not_sealed_rolls_nothing() {
        let rules = Rules::default();
        let old = GameFile {
            seed: Some(5),
            dice: None,
            ..file(0)
        };
        let (live, _) = Live::replay(&rules, old.clone(), &[]).unwrap();
        let first = live.dice.clone().unwrap().roll();
        assert_eq!(first, ludo_core::Dice::new(5).roll());
        assert_eq!(old.dice_view().promised, seed_hash(5));
        let mut open = file(5);
        open.dice.as_mut().unwrap().phase = DicePhase::Promising;
        let (mut unsealed, _) = Live::replay(&rules, open.clone(), &[]).unwrap();
        assert!(unsealed.dice.is_none());
        assert!(
            unsealed.play(Action::Press).is_err(),
            "no roll before the seal"
        );
        assert!(Live::replay(&rules, open, &[Step::Roll(first)]).is_err());
    }

    #[test]
    fn closing_up_drops_open_and_empty_seats() {
        let mut t = Table::new(
            "ABCDEFGH".into(),
            TableSpec {
                rules: Rules::default(),
                seats: vec![
                    SeatSpec::Empty,
                    SeatSpec::Open,
                    SeatSpec::Cpu(CpuLevel::Easy),
                    SeatSpec::Open,
                ],
                turn_limit_secs: None,
            },
        )
        .unwrap();
        t.seats[3] = Seat::Person {
            name: "B".into(),
            token_hash: "h".into(),
            profile: 1,
            rating: 1500.0,
        };
        t.host = Some(3);
        assert_eq!(t.close_up(), vec![None, None, Some(0), Some(1)]);
        assert_eq!(t.host, Some(1));
        assert_eq!(t.players(), vec!["cpu:easy", "B"]);
    }

    #[test]
    fn tables_that_cannot_be_are_refused() {
        let spec = |seats: Vec<SeatSpec>, limit| TableSpec {
            rules: Rules::default(),
            seats,
            turn_limit_secs: limit,
        };
        assert!(Table::new("X".into(), spec(vec![SeatSpec::Open], None)).is_err());
        assert!(
            Table::new(
                "X".into(),
                spec(vec![SeatSpec::Cpu(CpuLevel::Easy), SeatSpec::Empty], None)
            )
            .is_err()
        );
        assert!(Table::new("X".into(), spec(vec![SeatSpec::Open; 7], None)).is_err());
        assert!(Table::new("X".into(), spec(vec![SeatSpec::Open; 6], None)).is_ok());
        assert!(Table::new("X".into(), spec(vec![SeatSpec::Open; 2], Some(0))).is_err());
        assert!(Table::new("X".into(), spec(vec![SeatSpec::Open; 2], Some(601))).is_err());
        assert!(Table::new("X".into(), spec(vec![SeatSpec::Open; 2], Some(30))).is_ok());
    }

    /// Partners are checked against the seats that play: empty seats close up.
    #[test]
    fn a_partners_table_counts_the_seats_that_play() {
        let partners = |seats: Vec<SeatSpec>| {
            let rules = Rules {
                teams: ludo_core::Teams::Pairs,
                ..Rules::default()
            };
            Table::new(
                "X".into(),
                TableSpec {
                    rules,
                    seats,
                    turn_limit_secs: None,
                },
            )
        };
        let open = SeatSpec::Open;
        let four_and_empty = vec![open, open, open, open, SeatSpec::Empty];
        assert!(partners(four_and_empty).is_ok());
        let three_and_empty = vec![open, open, open, SeatSpec::Empty];
        let why = partners(three_and_empty).err().unwrap();
        assert!(why.contains("four seats, not 3"), "{why}");
    }
}
