//! The game's own words in the chosen language: colours, CPU levels, speeds, seats, house
//! rules. Each is a message of the language files; the names here are only their keys.

use ludo_core::{Awaiting, Choice, Colour, CpuLevel, HOUSE_RULES, HouseRule, Rules, Values};

use super::{Arg, Texts, Words};
use crate::files::saved::Notice;
use crate::online::Problem;
use crate::table::flow::Decider;
use crate::table::profiles::{ProfileError, Unranked};
use crate::table::settings::Speed;
use crate::table::{SeatKind, Table};
use ludo_proto::Refusal;

impl Texts {
    pub fn colour(&self, c: Colour) -> Words {
        self.get(match c {
            Colour::Yellow => "colour-yellow",
            Colour::Blue => "colour-blue",
            Colour::Red => "colour-red",
            Colour::Green => "colour-green",
            Colour::Purple => "colour-purple",
            Colour::Orange => "colour-orange",
        })
    }

    pub fn level(&self, level: CpuLevel) -> Words {
        self.get(match level {
            CpuLevel::Random => "level-random",
            CpuLevel::Easy => "level-easy",
            CpuLevel::Normal => "level-normal",
            CpuLevel::Hard => "level-hard",
            CpuLevel::Expert => "level-expert",
        })
    }

    pub fn speed(&self, speed: Speed) -> Words {
        self.get(match speed {
            Speed::Slow => "speed-slow",
            Speed::Normal => "speed-normal",
            Speed::Fast => "speed-fast",
            Speed::Instant => "speed-instant",
        })
    }

    /// Who sits in a seat: a person's name, or "CPU (hard)".
    pub fn player(&self, kind: &SeatKind) -> Words {
        match kind {
            SeatKind::Person { name } => self.person(name),
            SeatKind::Cpu(level) => self.fmt("cpu-name", &[("level", self.level(*level).into())]),
        }
    }

    /// A person's name as typed, or the word for a player when they gave none.
    pub fn person(&self, name: &str) -> Words {
        if name == crate::table::UNNAMED {
            self.get("player-unnamed")
        } else {
            self.line(name)
        }
    }

    /// A seat as the prompts and the log name it: colour and player.
    pub fn seat(&self, table: &Table, seat: u8) -> Words {
        let colour = table.layout.colours[seat as usize];
        self.fmt(
            "seat-name",
            &[
                ("colour", self.colour(colour).into()),
                ("player", self.player(table.seat_kind(seat)).into()),
            ],
        )
    }

    pub fn on_off(&self, on: bool) -> Words {
        self.get(if on { "choice-on" } else { "choice-off" })
    }

    /// Words joined as a list ("a six, a capture").
    pub fn list(&self, items: &[impl AsRef<str>]) -> Words {
        let items: Vec<&str> = items.iter().map(AsRef::as_ref).collect();
        self.line(items.join(self.get("list-separator").as_str()))
    }

    /// Die faces as words: "6", "1 or 6", "1, 5 or 6".
    pub fn faces(&self, faces: &[u8]) -> Words {
        let mut words: Vec<String> = faces.iter().map(|f| f.to_string()).collect();
        let Some(last) = words.pop() else {
            return Words::default();
        };
        if words.is_empty() {
            return self.line(last);
        }
        self.fmt(
            "choice-or",
            &[("a", self.list(&words).into()), ("b", Arg::Text(last))],
        )
    }

    /// A house rule's name (`rule-NAME`, the rule's field in kebab case).
    pub fn rule_name(&self, rule: &HouseRule) -> Words {
        self.get(&format!("rule-{}", kebab(rule.name)))
    }

    /// One value of a house rule: on/off, die faces, or `rule-NAME-VALUE`.
    pub fn rule_value(&self, rule: &HouseRule, choice: Choice) -> Words {
        match (rule.values, choice) {
            (Values::OneOf(names), Choice::OneOf(i)) => match names.get(i) {
                Some(value) => self.get(&format!("rule-{}-{}", kebab(rule.name), kebab(value))),
                None => Words::default(),
            },
            (_, Choice::Switch(on)) => self.on_off(on),
            (_, Choice::Faces(faces)) => self.faces(&faces.faces()),
            (_, Choice::Count(n)) => self.line(n.to_string()),
            (_, Choice::OneOf(_)) => Words::default(),
        }
    }

    /// Every house rule: its name, this table's choice, and the standard choice.
    pub fn house_rules(&self, r: &Rules) -> Vec<(Words, Words, Words)> {
        let standard = Rules::default();
        HOUSE_RULES
            .iter()
            .map(|rule| {
                (
                    self.rule_name(rule),
                    self.rule_value(rule, r.get(rule.name)),
                    self.rule_value(rule, standard.get(rule.name)),
                )
            })
            .collect()
    }
}

/// A rules file's name (`three_sixes`) as a message key's part (`three-sixes`).
fn kebab(name: &str) -> String {
    name.replace('_', "-")
}

impl Texts {
    /// Why a profile cannot be added.
    pub fn profile_error(&self, error: &ProfileError) -> Words {
        match error {
            ProfileError::Empty => self.get("profile-error-empty"),
            ProfileError::CpuName(n) => {
                self.fmt("profile-error-cpu-name", &[("name", n.as_str().into())])
            }
            ProfileError::Taken(n) => {
                self.fmt("profile-error-taken", &[("name", n.as_str().into())])
            }
        }
    }

    /// Why a game does not count for ratings.
    pub fn unranked(&self, why: &Unranked) -> Words {
        match why {
            Unranked::NotStandard => self.get("ranked-not-standard"),
            Unranked::SameSeat(n) => {
                self.fmt("ranked-same-seat", &[("name", self.person(n).into())])
            }
            Unranked::NoProfile(n) => {
                self.fmt("ranked-no-profile", &[("name", self.person(n).into())])
            }
        }
    }

    /// A notice's lines, each on its own line.
    pub fn notice(&self, notice: &Notice) -> Option<Words> {
        let lines: Vec<String> = notice
            .0
            .iter()
            .map(|line| match line.key {
                Some(key) => self
                    .fmt(key, &[("error", line.error.as_str().into())])
                    .into_string(),
                None => line.error.clone(),
            })
            .collect();
        (!lines.is_empty()).then(|| self.line(lines.join("\n")))
    }
}

impl Texts {
    /// Why the online table is not going as asked.
    pub fn online_problem(&self, problem: &Problem) -> Words {
        match problem {
            Problem::Unreachable(_) => self.get("online-unreachable"),
            Problem::BadCode => self.get("online-bad-code"),
            Problem::Refused(reason) => {
                let key = match reason {
                    Refusal::RoomFull => "online-refused-room-full",
                    Refusal::GameStarted => "online-refused-game-started",
                    Refusal::NoSuchRoom => "online-refused-no-such-room",
                    Refusal::Version => "online-refused-version",
                    Refusal::Full => "online-refused-full",
                    Refusal::BadToken => "online-refused-bad-token",
                    Refusal::NotEnoughPlayers => "online-refused-not-enough-players",
                    other => {
                        let detail = ludo_proto::encode(other)
                            .trim_matches('"')
                            .replace('_', " ");
                        return self.fmt("online-refused-other", &[("detail", detail.into())]);
                    }
                };
                self.get(key)
            }
        }
    }
}

impl Texts {
    /// Why the lobby's table is not going as asked, said for its rules: under partners a
    /// start is refused until four are seated, not two.
    pub fn lobby_problem(&self, problem: &Problem, rules: &ludo_core::Rules) -> Words {
        if matches!(problem, Problem::Refused(Refusal::NotEnoughPlayers))
            && rules.teams == ludo_core::Teams::Pairs
        {
            return self.get("online-refused-partners-four");
        }
        self.online_problem(problem)
    }
}

impl Texts {
    /// What the seat to play should do now, in reading order: the prompt by the board, and
    /// what a screen reader says when it changes.
    pub fn prompt(&self, table: &Table, decider: Decider, fingers: bool) -> Words {
        self.prompt_words(table, decider, fingers).capitalised()
    }

    fn prompt_words(&self, table: &Table, decider: Decider, fingers: bool) -> Words {
        let texts = self;
        let game = &table.game;
        let who = || ("who", texts.seat(table, game.turn()).into());
        if let Some(ranking) = game.ranking() {
            let winner = texts.seat(table, ranking[0].seat);
            return match game.rules().partner(ranking[0].seat) {
                Some(partner) => texts.fmt(
                    "prompt-pair-wins",
                    &[
                        ("who", winner.into()),
                        ("partner", texts.seat(table, partner).into()),
                    ],
                ),
                None => texts.fmt("prompt-wins", &[("who", winner.into())]),
            };
        }
        let prompt = self.prompt_to_act(table, decider, fingers);
        // Under partners, a seat whose pieces are home plays its partner's: say whose.
        let mover = game.mover();
        if mover == game.turn() || prompt.as_str().is_empty() {
            return prompt;
        }
        let playing_for = texts.fmt(
            "prompt-for-partner",
            &[who(), ("partner", texts.seat(table, mover).into())],
        );
        texts.sentences(&[prompt.into_string(), playing_for.into_string()])
    }

    /// The prompt of a game under way: who acts, and how.
    fn prompt_to_act(&self, table: &Table, decider: Decider, fingers: bool) -> Words {
        let texts = self;
        let game = &table.game;
        let who = || ("who", texts.seat(table, game.turn()).into());
        if table.cpu_to_act() {
            // A person's seat the CPU plays for now (away, or handed over): not "is thinking".
            if !table.seat_kind(game.turn()).is_cpu() {
                let seat = texts.seat(table, game.turn());
                return texts.fmt("hud-cpu-plays-for", &[("name", seat.into())]);
            }
            return texts.fmt("prompt-thinking", &[who()]);
        }
        // Another device's turn at an online table.
        if !decider.person_here(table, game.turn()) {
            return texts.fmt("online-turn-of", &[who()]);
        }
        // A finger taps and has no keys to be told of.
        let key = |mouse: &'static str, finger: &'static str| if fingers { finger } else { mouse };
        match game.awaiting() {
            Awaiting::RollOff => {
                texts.fmt(key("prompt-roll-off", "prompt-roll-off-touch"), &[who()])
            }
            Awaiting::Roll => texts.fmt(key("prompt-roll", "prompt-roll-touch"), &[who()]),
            Awaiting::Release => texts.fmt("prompt-release", &[who()]),
            Awaiting::Move => texts.fmt(
                key("prompt-move", "prompt-move-touch"),
                &[
                    who(),
                    ("roll", game.pending_roll().unwrap_or(0).into()),
                    ("moves", game.legal_moves().len().into()),
                ],
            ),
            Awaiting::Over => Words::default(),
        }
    }
}
