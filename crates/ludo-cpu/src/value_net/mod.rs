//! `hard`'s learned value: a small neural network that estimates, for the position after one
//! of a seat's moves, the chance that this seat wins. It was trained by temporal-difference
//! learning (TD(0) on the positions after its own moves, as TD-Gammon did) in games against
//! random players under the standard rules on the cross board, one network per number of
//! seats (`cargo run --release -p ludo-cpu --example train_hard -- SEATS …`). Under any other
//! rules `hard` falls back to its tuned evaluation, which knows every house rule.
//!
//! The inputs are seen from the seat that just moved ("me"): where each of its pieces stands,
//! where each opponent's pieces stand counted in my own steps from my start, the chance each
//! of my pieces is captured before I move again (the same count `normal` and `hard` use), how
//! exposed each opponent's pieces are, and whether the move earned another roll.
//!
//! `expert`'s networks (`expert-SEATS-seats.json`, `train_expert`) read the same inputs from
//! any seat's side at any moment, plus which seat plays next and the rules themselves, so one
//! network per seat count rates a position for every seat under every house rule; under *rank
//! all players* its output is the expected place (first 1 … last 0), not the chance to win.
//! Where the seats play for something else than four pieces home each (fewer pieces, a
//! capture first, partners) `expert` plays by a network that learned those aims
//! (`expert-SEATS-seats-aims.json`), whose output for a partner is the pair's chance.
//!
//! `network.rs` is the network and its learning, `features.rs` what it reads; here, which
//! networks there are and the shipped ones.

mod features;
mod network;

use std::sync::OnceLock;

use ludo_core::{BoardChoice, Rules};

pub use features::{EXPERT_INPUTS, Features, INPUTS, Layout, expert_features, features};
pub use network::{ValueNet, chance};

/// The level a network plays for, which fixes what it reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Hard,
    Expert,
}

impl Kind {
    /// How many inputs its network for `seats` seats reads.
    pub fn inputs(self, seats: u8) -> usize {
        let at = Layout::for_seats(seats);
        match self {
            Kind::Hard => at.inputs,
            Kind::Expert => at.expert_inputs,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Kind::Hard => "hard",
            Kind::Expert => "expert",
        }
    }
}

/// The games a network learned from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Learned {
    /// Every house rule but the aims ([`has_aims`]); `hard`'s, the standard game.
    EveryRule,
    /// *Rank all players* alone (`expert` at three and four seats).
    RankAll,
    /// Games whose seats play for fewer pieces, a capture first or as partners (`expert`).
    Aims,
}

/// One shipped network: the level it is for, its number of seats, and the games it learned
/// from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NetId {
    pub kind: Kind,
    pub seats: u8,
    pub learned: Learned,
}

impl NetId {
    pub fn new(kind: Kind, seats: u8) -> NetId {
        NetId {
            kind,
            seats,
            learned: Learned::EveryRule,
        }
    }

    /// `expert`'s network under *rank all players*, for 3 or 4 seats: trained under those
    /// rules alone, it rates the expected place better than the one for every rule set
    /// (docs/CPU_PLAYERS.md). At two seats the place is the win, and the other one serves.
    pub fn rank_all(seats: u8) -> NetId {
        NetId {
            learned: Learned::RankAll,
            ..NetId::new(Kind::Expert, seats)
        }
    }

    /// `expert`'s network for games with aims ([`has_aims`]), for 2 to 6 seats: the one for
    /// every rule set went on learning under them, so the standard game's play stays as it
    /// was.
    pub fn aims(seats: u8) -> NetId {
        NetId {
            learned: Learned::Aims,
            ..NetId::new(Kind::Expert, seats)
        }
    }

    /// Its place in [`FILES`]: `hard`'s for 2 to 4 seats, `expert`'s for 2 to 6 (3 or 4 under
    /// *rank all players*, 2 to 6 for the aims).
    fn index(self) -> Option<usize> {
        let s = (self.seats as usize).checked_sub(2)?;
        match (self.kind, self.learned) {
            (Kind::Hard, Learned::EveryRule) if s < 3 => Some(s),
            (Kind::Expert, Learned::EveryRule) if s < 5 => Some(3 + s),
            (Kind::Expert, Learned::RankAll) if (1..3).contains(&s) => Some(7 + s),
            (Kind::Expert, Learned::Aims) if s < 5 => Some(10 + s),
            _ => None,
        }
    }

    /// Whether such a network is made: `hard` has none for five or six seats, where it plays
    /// by its tuned evaluation, nor has `expert` one of its own under *rank all players*
    /// there (its network for every rule set serves).
    pub fn is_made(self) -> bool {
        self.index().is_some()
    }

    /// Its file's name in `nets/` (the browser's `assets/nets/`).
    pub fn file(self) -> &'static str {
        self.index().map_or("", |i| FILES[i])
    }
}

/// Whether the networks know these rules: the standard game on the cross board. The options
/// that do not change how a game is played (who starts, rematches, ranking the rest after the
/// winner) do not matter.
pub fn knows(rules: &Rules) -> bool {
    let standard = Rules::default();
    rules.board == BoardChoice::AlwaysCross
        && *rules
            == Rules {
                rank_all: rules.rank_all,
                rotate_first_player: rules.rotate_first_player,
                first_player: rules.first_player,
                ..standard
            }
}

/// Whether the seats play for something else than four pieces home each: fewer pieces, a
/// capture before home, or as partners. `expert` then plays by its network for the aims.
pub fn has_aims(rules: &Rules) -> bool {
    rules.pieces_to_win != ludo_core::PiecesToWin::ALL
        || rules.capture_before_home
        || rules.teams != ludo_core::Teams::None
}

/// How many networks are shipped.
const SHIPPED_NETS: usize = 15;

/// The shipped networks' files: `hard`'s for 2, 3 and 4 seats, then `expert`'s for 2 to 6,
/// then `expert`'s under *rank all players* for 3 and 4, then `expert`'s for the aims for 2 to
/// 6.
pub const FILES: [&str; SHIPPED_NETS] = [
    "hard-2-seats.json",
    "hard-3-seats.json",
    "hard-4-seats.json",
    "expert-2-seats.json",
    "expert-3-seats.json",
    "expert-4-seats.json",
    "expert-5-seats.json",
    "expert-6-seats.json",
    "expert-3-seats-rank-all.json",
    "expert-4-seats-rank-all.json",
    "expert-2-seats-aims.json",
    "expert-3-seats-aims.json",
    "expert-4-seats-aims.json",
    "expert-5-seats-aims.json",
    "expert-6-seats-aims.json",
];

/// The shipped networks' text, built in (the `shipped-nets` feature). The browser build leaves
/// them out of its download and [`provide`]s the one a table needs when it needs it.
#[cfg(feature = "shipped-nets")]
const SHIPPED: [&str; SHIPPED_NETS] = [
    include_str!("../../nets/hard-2-seats.json"),
    include_str!("../../nets/hard-3-seats.json"),
    include_str!("../../nets/hard-4-seats.json"),
    include_str!("../../nets/expert-2-seats.json"),
    include_str!("../../nets/expert-3-seats.json"),
    include_str!("../../nets/expert-4-seats.json"),
    include_str!("../../nets/expert-5-seats.json"),
    include_str!("../../nets/expert-6-seats.json"),
    include_str!("../../nets/expert-3-seats-rank-all.json"),
    include_str!("../../nets/expert-4-seats-rank-all.json"),
    include_str!("../../nets/expert-2-seats-aims.json"),
    include_str!("../../nets/expert-3-seats-aims.json"),
    include_str!("../../nets/expert-4-seats-aims.json"),
    include_str!("../../nets/expert-5-seats-aims.json"),
    include_str!("../../nets/expert-6-seats-aims.json"),
];

/// The networks read so far, in the order of [`FILES`].
static NETS: [OnceLock<ValueNet>; SHIPPED_NETS] = [const { OnceLock::new() }; SHIPPED_NETS];

/// Reads a network from its JSON text.
pub fn parse(text: &str) -> Result<ValueNet, String> {
    let net: ValueNet = serde_json::from_str(text).map_err(|e| e.to_string())?;
    net.check()?;
    Ok(net)
}

/// The shipped network `id`, read the first time it is asked for (only that one: a browser
/// tab playing four seats never parses the others). Without the built-in copies, the one
/// [`provide`]d, if it has been.
pub fn shipped(id: NetId) -> Option<&'static ValueNet> {
    let i = id.index()?;
    #[cfg(feature = "shipped-nets")]
    return Some(NETS[i].get_or_init(|| {
        parse(SHIPPED[i]).expect("the shipped networks are checked by the tests")
    }));
    #[cfg(not(feature = "shipped-nets"))]
    NETS[i].get()
}

/// Gives the network `id` from the text of its shipped file (the browser fetches it). A
/// network already there stays: the same file gives the same network.
pub fn provide(id: NetId, text: &str) -> Result<(), String> {
    let i = id
        .index()
        .ok_or_else(|| format!("no network is made for {} seats", id.seats))?;
    let net = parse(text)?;
    if net.seats != id.seats || net.kind() != id.kind {
        return Err(format!(
            "a network for {} at {} seats given for {} at {}",
            net.kind().name(),
            net.seats,
            id.kind.name(),
            id.seats
        ));
    }
    let _ = NETS[i].set(net);
    Ok(())
}

/// A shipped network's file, read from the checkout the tests run in.
#[cfg(test)]
pub(crate) fn file_of(id: NetId) -> String {
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or(env!("CARGO_MANIFEST_DIR").into());
    std::fs::read_to_string(format!("{dir}/nets/{}", id.file())).unwrap()
}

#[cfg(test)]
mod tests {
    use super::features::*;
    use super::network::*;
    use super::*;
    use ludo_core::{Discard, Game};
    use ludo_core::{FirstPlayer, Impassable, SafeSquares};

    /// The inputs at four seats.
    const AT: Layout = Layout::for_seats(4);

    /// The shipped file of network `id`, read from the checkout under test (cargo names it
    /// when it runs the test; a test binary may have been built from another checkout).
    use super::file_of;

    /// Every shipped network: its id and its file's text.
    fn files() -> Vec<(NetId, String)> {
        (2..=4)
            .map(|seats| NetId::new(Kind::Hard, seats))
            .chain((2..=6).map(|seats| NetId::new(Kind::Expert, seats)))
            .chain((3..=4).map(NetId::rank_all))
            .chain((2..=6).map(NetId::aims))
            .map(|id| (id, file_of(id)))
            .collect()
    }

    #[test]
    fn the_shipped_networks_are_trained_ones_for_their_seats() {
        let all = files();
        assert_eq!(all.len(), FILES.len());
        for (id, text) in all {
            let net = parse(&text).unwrap();
            assert_eq!((net.kind(), net.seats), (id.kind, id.seats));
            assert_eq!(net.inputs, id.kind.inputs(id.seats));
            assert!(net.hidden >= 8, "{id:?}: {} hidden units", net.hidden);
            let how = match id.kind {
                Kind::Hard => "train_hard",
                Kind::Expert => "train_expert",
            };
            assert!(
                net.about.contains(how),
                "{id:?}: the file does not say how it was made: {:?}",
                net.about
            );
            assert!(net.w2.iter().any(|w| *w != 0.0), "{id:?}: untrained");
            // The *rank all players* networks learned under those rules alone, the networks
            // for the aims under them, the others under neither.
            assert_eq!(
                net.about.starts_with("RULES=assets/rules/tournament.ron "),
                id.learned == Learned::RankAll,
                "{id:?}: {:?}",
                net.about
            );
            assert_eq!(
                net.about.starts_with("AIMS=1 "),
                id.learned == Learned::Aims,
                "{id:?}: {:?}",
                net.about
            );
            #[cfg(feature = "shipped-nets")]
            assert!(std::ptr::eq(shipped(id).unwrap(), shipped(id).unwrap()));
        }
        assert!(shipped(NetId::new(Kind::Hard, 5)).is_none());
        assert!(shipped(NetId::rank_all(2)).is_none());
        assert!(shipped(NetId::rank_all(6)).is_none());
        assert_eq!(NetId::new(Kind::Expert, 6).file(), "expert-6-seats.json");
        assert_eq!(NetId::new(Kind::Expert, 3).file(), "expert-3-seats.json");
        assert_eq!(NetId::rank_all(4).file(), "expert-4-seats-rank-all.json");
        assert_eq!(NetId::aims(5).file(), "expert-5-seats-aims.json");
        assert!(
            !NetId {
                learned: Learned::Aims,
                ..NetId::new(Kind::Hard, 4)
            }
            .is_made()
        );
    }

    #[test]
    fn networks_side_by_side_rate_as_the_mean_of_their_logits() {
        let (a, b) = (
            ValueNet::new_for(Kind::Expert, 4, 8, 1),
            ValueNet::new_for(Kind::Expert, 4, 5, 2),
        );
        let both = ValueNet::side_by_side(&[a.clone(), b.clone()]);
        assert_eq!(
            (both.hidden, both.inputs, both.seats),
            (13, EXPERT_INPUTS, 4)
        );
        both.check().unwrap();
        let mut game = Game::new(Rules::default(), 4, 0).unwrap();
        let mut x = Features::new();
        for face in [6, 3, 5, 6, 1] {
            expert_features(&game, 0, &mut x);
            let mean = (a.logit(&x) + b.logit(&x)) / 2.0;
            assert!(
                (both.logit(&x) - mean).abs() < 1e-5,
                "{} against {mean}",
                both.logit(&x)
            );
            game.play_roll(face, &mut Discard);
            if game.awaiting() == ludo_core::Awaiting::Move {
                let m = game.legal_moves()[0];
                game.play_move(m, face, &mut Discard);
            }
        }
    }

    #[test]
    fn a_network_is_provided_from_its_file_for_its_kind_and_seat_count() {
        let all = files();
        let (id, text) = &all[1];
        assert_eq!(
            provide(NetId::new(Kind::Hard, 2), text).unwrap_err(),
            "a network for hard at 3 seats given for hard at 2"
        );
        assert_eq!(
            provide(NetId::new(Kind::Expert, 3), text).unwrap_err(),
            "a network for hard at 3 seats given for expert at 3"
        );
        assert!(provide(NetId::new(Kind::Hard, 5), text).is_err());
        assert!(provide(*id, "{").is_err());
        provide(*id, text).unwrap();
        assert_eq!(shipped(*id), Some(&parse(text).unwrap()));
    }

    #[test]
    fn a_network_of_the_wrong_shape_is_refused_with_what_was_expected() {
        let mut net = ValueNet::new(4, 3, 1);
        net.w2.pop();
        assert_eq!(net.check().unwrap_err(), "w2 has 2 numbers, expected 3");
        net.inputs = 7;
        assert_eq!(
            net.check().unwrap_err(),
            "inputs is 7, expected 291 (hard) or 324 (expert) at 4 seats"
        );
        let text = serde_json::to_string(&ValueNet::new(4, 3, 1)).unwrap();
        assert!(parse(&text).is_ok());
        let err = parse(&text.replace("\"seats\"", "\"chairs\"")).unwrap_err();
        assert!(err.contains("chairs"), "{err}");
    }

    #[test]
    fn the_networks_know_the_standard_game_only() {
        let std = Rules::default();
        assert!(knows(&std));
        // What does not change how a game is played does not matter.
        assert!(knows(&Rules {
            rank_all: true,
            rotate_first_player: false,
            first_player: FirstPlayer::RollOff,
            ..std.clone()
        }));
        for other in [
            Rules {
                board: BoardChoice::ByPlayerCount,
                ..std.clone()
            },
            Rules {
                safe_squares: SafeSquares::None,
                ..std.clone()
            },
            Rules {
                impassable: Impassable::None,
                ..std.clone()
            },
            Rules {
                extra_roll_on_capture: false,
                ..std.clone()
            },
            Rules {
                exact_finish: false,
                ..std.clone()
            },
        ] {
            assert!(!knows(&other), "{other:?}");
        }
    }

    #[test]
    fn the_activation_is_odd_bounded_and_close_to_tanh() {
        assert_eq!(act(0.0), 0.0);
        assert_eq!(act(3.0), 1.0);
        assert_eq!(act(-7.0), -1.0);
        assert!((act(2.999_99) - 1.0).abs() < 1e-4);
        for i in -400..400 {
            let x = i as f32 / 100.0;
            assert_eq!(act(-x), -act(x));
            assert!(
                (act(x) - x.tanh()).abs() < 0.03,
                "{x}: {} vs {}",
                act(x),
                x.tanh()
            );
            assert!(act(x).abs() <= 1.0001);
            // The approximation rises by less than 1e-4 above 1 just short of 3.
            if x.abs() < 2.5 {
                assert!(act(x + 0.01) > act(x));
            }
        }
    }

    #[test]
    fn the_inputs_of_a_position_count_the_pieces_from_the_movers_side() {
        let mut game = Game::new(Rules::default(), 4, 0).unwrap();
        // Seat 0 rolls a 6 and brings a piece out: it rolls again.
        game.roll(6, &mut Discard).unwrap();
        let piece = game.legal_moves()[0].piece;
        game.choose(piece, &mut Discard).unwrap();
        let mut x = Features::new();
        features(&game, 0, &mut x);
        let get = |i: usize| {
            x.iter()
                .find(|(j, _)| *j as usize == i)
                .map_or(0.0, |p| p.1)
        };
        assert_eq!(get(MINE), 1.0, "one piece on the start square");
        assert_eq!(get(MINE + AT.mine_bins - 1), 3.0, "three in base");
        for r in 0..3 {
            assert_eq!(
                get(AT.theirs + r * AT.theirs_bins + AT.theirs_bins - 1),
                4.0
            );
        }
        assert_eq!(get(AT.danger), 0.0, "the start square is safe");
        assert_eq!(get(AT.extra_roll), 1.0);
        assert_eq!(get(AT.sixes), 1.0);
        assert_eq!(x.len(), 7);
        // Seen from the next seat, seat 0 plays last of its three opponents and its piece
        // stands 39 of that seat's steps from its start on the cross board.
        features(&game, 1, &mut x);
        let get = |i: usize| {
            x.iter()
                .find(|(j, _)| *j as usize == i)
                .map_or(0.0, |p| p.1)
        };
        assert_eq!(get(MINE + AT.mine_bins - 1), 4.0);
        assert_eq!(get(AT.theirs + 2 * AT.theirs_bins + 39), 1.0);
        assert_eq!(get(AT.extra_roll), 0.0);
    }

    #[test]
    fn at_five_and_six_seats_the_inputs_count_every_opponent_on_the_longer_loop() {
        // The cross board's layout is the one every shipped network for two to four reads.
        assert_eq!((AT.inputs, AT.expert_inputs), (291, 324));
        assert_eq!(Layout::for_seats(2), AT);
        let six = Layout::for_seats(6);
        assert_eq!((six.track, six.opponents), (78, 5));
        assert_eq!((six.mine_bins, six.theirs_bins), (84, 85));
        assert_eq!((six.inputs, six.expert_inputs), (593, 630));
        assert_eq!(Layout::for_seats(5).expert_inputs, 464);
        let mut game = Game::new(Rules::default(), 6, 0).unwrap();
        game.roll(6, &mut Discard).unwrap();
        game.choose(0, &mut Discard).unwrap();
        let on = |me: usize| {
            let mut x = Features::new();
            expert_features(&game, me, &mut x);
            x
        };
        let get = |x: &Features, i: usize| {
            x.iter()
                .find(|(j, _)| *j as usize == i)
                .map_or(0.0, |p| p.1)
        };
        let x = on(0);
        assert_eq!(get(&x, MINE), 1.0, "one piece on the start square");
        assert_eq!(get(&x, six.mine_bins - 1), 3.0, "three in base");
        for r in 0..5 {
            assert_eq!(get(&x, six.theirs + r * six.theirs_bins + 84), 4.0);
        }
        assert_eq!(get(&x, six.extra_roll), 1.0);
        // The radial board is the layout's own: no input says it differs.
        assert!(x.iter().all(|&(i, _)| (i as usize) < six.rules + 17));
        // Seen from seat 1, seat 0 plays five seats later and stands 65 of seat 1's steps on.
        let x = on(1);
        assert_eq!(get(&x, six.theirs + 4 * six.theirs_bins + 65), 1.0);
        assert_eq!(get(&x, six.to_play + 4), 1.0);
        assert!(x.iter().all(|&(i, _)| (i as usize) < six.expert_inputs));
    }

    #[test]
    fn expert_inputs_say_who_plays_next_and_the_house_rules() {
        let rules = Rules {
            exit_numbers: ludo_core::DieFaces::new(&[1, 6]).unwrap(),
            impassable: Impassable::None,
            rank_all: true,
            ..Rules::default()
        };
        let mut game = Game::new(rules, 4, 0).unwrap();
        game.roll(3, &mut Discard).unwrap();
        // Seat 1 plays next: one seat after 0, three after 2.
        let on = |game: &Game, me: usize| {
            let mut x = Features::new();
            expert_features(game, me, &mut x);
            x.iter().map(|(i, _)| *i as usize).collect::<Vec<_>>()
        };
        let seen = on(&game, 0);
        assert!(seen.contains(&AT.to_play) && !seen.contains(&AT.extra_roll));
        assert!(on(&game, 2).contains(&(AT.to_play + 2)));
        assert!(on(&game, 1).contains(&AT.extra_roll));
        // Out on a 1 too, no blocks, rank all: the rest as in the standard game.
        let rules_on: Vec<_> = seen
            .iter()
            .filter(|&&i| i >= AT.rules)
            .map(|i| i - AT.rules)
            .collect();
        assert_eq!(rules_on, vec![0, 13, 16]);
        // The standard game's inputs are `hard`'s, with nothing more for the seat to play.
        let mut std = Game::new(Rules::default(), 4, 0).unwrap();
        std.roll(6, &mut Discard).unwrap();
        std.choose(0, &mut Discard).unwrap();
        let (mut a, mut b) = (Features::new(), Features::new());
        features(&std, 0, &mut a);
        expert_features(&std, 0, &mut b);
        assert_eq!(a, b);
        // Widened, `hard`'s network rates those the same.
        let net = ValueNet::new(4, 8, 2);
        assert_eq!(net.logit(&a), net.widened().logit(&b));
        assert_eq!(net.widened().kind(), Kind::Expert);
    }

    #[test]
    fn expert_inputs_say_what_the_seats_play_for_and_who_has_captured() {
        use ludo_core::{Chooser, PiecesToWin, RandomChooser, TeamWins, Teams};
        let aims_of = |game: &Game, me: usize| {
            let mut x = Features::new();
            expert_features(game, me, &mut x);
            x.iter()
                .map(|(i, _)| *i as usize)
                .filter(|&i| i >= AT.aims)
                .map(|i| i - AT.aims)
                .collect::<Vec<_>>()
        };
        // The standard game has none, so the networks for every rule set rate as they did.
        let std = Game::new(Rules::default(), 4, 0).unwrap();
        assert_eq!(aims_of(&std, 0), Vec::<usize>::new());
        assert_eq!(AT.expert_inputs, AT.aims + 11);
        let two_home = Rules {
            pieces_to_win: PiecesToWin::new(2).unwrap(),
            ..Rules::default()
        };
        assert_eq!(aims_of(&Game::new(two_home, 3, 0).unwrap(), 1), vec![1]);
        let pairs = Rules {
            teams: Teams::Pairs,
            team_wins: TeamWins::OneHome,
            team_blocks: true,
            ..Rules::default()
        };
        assert_eq!(aims_of(&Game::new(pairs, 4, 0).unwrap(), 2), vec![8, 9, 10]);
        // Under *capture before home*: who has captured, counted from the seat rated for.
        let master = Rules {
            capture_before_home: true,
            ..Rules::default()
        };
        let mut game = Game::new(master, 4, 0).unwrap();
        let mut dice = ludo_core::Dice::new(3);
        let mut pick = RandomChooser::new(3);
        assert_eq!(aims_of(&game, 0), vec![3]);
        while !(0..4).any(|s| game.has_captured(s)) {
            let action = game
                .due(|g, m| pick.choose(g, m))
                .expect("a capture comes first");
            game.act(action, &mut dice, &mut Discard).unwrap();
        }
        let hunter = (0..4).find(|&s| game.has_captured(s)).unwrap() as usize;
        for me in 0..4 {
            let r = (hunter + 4 - me) % 4;
            assert_eq!(aims_of(&game, me), vec![3, 4 + r], "seen from seat {me}");
        }
    }

    #[test]
    fn learning_moves_the_rating_towards_the_target() {
        let mut net = ValueNet::new(4, 8, 3);
        let x: Features = vec![(0, 1.0), (57, 3.0), (AT.extra_roll as u16, 1.0)];
        let before = net.logit(&x);
        for _ in 0..50 {
            net.learn(&x, 1.0, 0.05);
        }
        let up = net.logit(&x);
        assert!(up > before + 0.5, "{before} -> {up}");
        for _ in 0..200 {
            net.learn(&x, 0.0, 0.05);
        }
        assert!(net.logit(&x) < before, "{before} -> {}", net.logit(&x));
    }
}
