//! Property tests over many random games under random rule sets.

use ludo_core::*;
use proptest::prelude::*;

fn any_rules() -> impl Strategy<Value = Rules> {
    (
        (
            prop_oneof![
                Just(BoardChoice::AlwaysCross),
                Just(BoardChoice::ByPlayerCount)
            ],
            prop::collection::vec(1u8..=6, 1..3),
            prop_oneof![
                Just(NoPieceInPlay::Normal),
                Just(NoPieceInPlay::ReleaseWithoutRolling),
                Just(NoPieceInPlay::UpToThreeRolls)
            ],
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
        ),
        (
            prop_oneof![
                Just(SafeSquares::StartsAndStars),
                Just(SafeSquares::StartsOnly),
                Just(SafeSquares::None)
            ],
            prop_oneof![
                Just(Impassable::BlocksOfTwo),
                Just(Impassable::None),
                Just(Impassable::NoOvertaking)
            ],
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
            prop_oneof![Just(FirstPlayer::FirstSeat), Just(FirstPlayer::RollOff)],
        ),
        (
            1u8..=4,
            any::<bool>(),
            prop_oneof![Just(Teams::None), Just(Teams::Pairs)],
            any::<bool>(),
            prop_oneof![Just(TeamWins::BothHome), Just(TeamWins::OneHome)],
        ),
    )
        .prop_map(
            |(
                (board, exits, no_piece, three_sixes, capture, goal),
                (safe, impassable, exact, rank_all, rotate, first),
                (pieces_to_win, capture_before_home, teams, team_blocks, team_wins),
            )| Rules {
                board,
                exit_numbers: DieFaces::new(&exits).unwrap(),
                no_piece_in_play: no_piece,
                three_sixes,
                extra_roll_on_capture: capture,
                extra_roll_on_goal: goal,
                safe_squares: safe,
                impassable,
                exact_finish: exact,
                rank_all,
                rotate_first_player: rotate,
                first_player: first,
                pieces_to_win: PiecesToWin::new(pieces_to_win).unwrap(),
                capture_before_home,
                teams,
                team_blocks,
                team_wins,
            },
        )
}

/// Checks what must hold in every position.
fn check_position(game: &Game) -> Result<(), TestCaseError> {
    let st = game.state();
    let track = *game.track();
    prop_assert_eq!(st.pieces.len(), game.seats() as usize);
    let mut owner = vec![None::<u8>; track.len as usize];
    for (seat, ps) in st.pieces.iter().enumerate() {
        prop_assert_eq!(ps.len(), 4, "seat {} has {} pieces", seat, ps.len());
        for p in ps {
            if let Some(q) = p.progress() {
                let behind = game.rules().capture_before_home && q == track.goal() + 1;
                prop_assert!(q <= track.goal() || behind, "progress {} past goal", q);
                if game.rules().capture_before_home && q > track.last_track() && !behind {
                    prop_assert!(
                        game.has_captured(seat as u8),
                        "seat {} entered home without a capture",
                        seat
                    );
                }
                if let Some(sq) = track.square(seat, q).filter(|&sq| !track.is_safe(sq)) {
                    if let Some(o) = owner[sq as usize] {
                        let partners = game.rules().partner(o) == Some(seat as u8);
                        prop_assert!(
                            o == seat as u8 || partners,
                            "two opponents on unsafe square {}",
                            sq
                        );
                    }
                    owner[sq as usize] = Some(seat as u8);
                }
            }
        }
    }
    // The incremental bookkeeping agrees with a game rebuilt from plain data.
    let rebuilt = Game::from_state(game.rules().clone(), &st)
        .map_err(|e| TestCaseError::fail(format!("state does not rebuild: {e}\n{st:?}")))?;
    prop_assert_eq!(&rebuilt.state(), &st);
    for roll in 1..=6 {
        prop_assert_eq!(
            rebuilt.moves_for(game.turn(), roll),
            game.moves_for(game.turn(), roll)
        );
        for seat in 0..game.seats() {
            let engine = game.moves_for(seat, roll);
            prop_assert_eq!(
                engine.as_slice(),
                &walked_moves(game, seat, roll)[..],
                "seat {} roll {} in {:?}",
                seat,
                roll,
                st
            );
        }
    }
    Ok(())
}

/// The legal moves found the slow, plain way, square by square along each walk: the oracle
/// for the engine's word-at-a-time move generation.
fn walked_moves(game: &Game, seat: u8, roll: u8) -> Vec<Move> {
    let track = *game.track();
    let rules = game.rules();
    let s = seat as usize;
    let goal = track.goal();
    let pieces = game.pieces(seat);
    // How many pieces of `o` stand on absolute track square `sq`.
    let count = |o: u8, sq: u8| {
        game.pieces(o)
            .iter()
            .filter(|p| p.progress().and_then(|q| track.square(o as usize, q)) == Some(sq))
            .count()
    };
    // Under partners the seat across is no opponent; under team blocks a piece of each of the
    // two opponents on a square is a block too.
    let pairs = rules.teams == Teams::Pairs;
    let foe = |o: u8| o != seat && !(pairs && o == (seat + 2) % 4);
    // A partner who has won plays on with the other's pieces, and its own make no block.
    let retired = |o: u8| pairs && game.finished().contains(&o);
    let opponent_block = |sq: u8| {
        let foes: Vec<usize> = (0..game.seats())
            .filter(|&o| foe(o))
            .map(|o| if retired(o) { 0 } else { count(o, sq) })
            .collect();
        foes.iter().any(|&c| c >= 2) || (pairs && rules.team_blocks && foes.iter().all(|&c| c >= 1))
    };
    // Whether anything stands at progress `q` of this seat's path.
    let occupied = |q: u8| match track.square(s, q) {
        Some(sq) => (0..game.seats()).any(|o| count(o, sq) > 0),
        None => q < goal && pieces.iter().any(|p| p.progress() == Some(q)),
    };
    let mut moves = Vec::new();
    for (i, &p) in pieces.iter().enumerate() {
        if pieces[..i].contains(&p) {
            continue;
        }
        let to = match p.progress() {
            Some(q) if q == goal => continue,
            None => {
                let start = track.square(s, 0).unwrap();
                let blocked = rules.impassable == Impassable::BlocksOfTwo && opponent_block(start);
                if !rules.exit_numbers.contains(roll) || blocked {
                    continue;
                }
                0
            }
            Some(f) => {
                // The squares walked, in order: round again past the last track square (through
                // the square behind the start, `goal + 1`) until the seat has captured.
                let round = rules.capture_before_home && !game.has_captured(seat);
                let mut path = Vec::new();
                let mut q = f;
                while path.len() < roll as usize && q != goal {
                    q = if q == goal + 1 {
                        0
                    } else if q == track.last_track() && round {
                        goal + 1
                    } else {
                        q + 1
                    };
                    path.push(q);
                }
                if path.len() < roll as usize && rules.exact_finish {
                    continue;
                }
                let to = q;
                let stopped = path.iter().any(|&q| match rules.impassable {
                    Impassable::None => false,
                    Impassable::BlocksOfTwo => track.square(s, q).is_some_and(opponent_block),
                    Impassable::NoOvertaking => q != to && occupied(q),
                });
                if stopped {
                    continue;
                }
                to
            }
        };
        moves.push(Move {
            piece: i as u8,
            from: p,
            to: Pos::at(to),
        });
    }
    moves
}

/// Checks a move against the position it was made from: no block passed or landed on,
/// nothing overtaken under *no overtaking*.
fn check_move(before: &Game, seat: u8, from: Pos, to: Pos) -> Result<(), TestCaseError> {
    let track = *before.track();
    let rules = before.rules();
    let (Some(to_q), from_q) = (to.progress(), from.progress()) else {
        return Ok(());
    };
    let first = from_q.map_or(0, |f| f + 1);
    for q in first..=to_q {
        let Some(sq) = track.square(seat as usize, q) else {
            continue;
        };
        for o in 0..before.seats() {
            let there = before
                .pieces(o)
                .iter()
                .filter(|p| p.progress().and_then(|x| track.square(o as usize, x)) == Some(sq))
                .count();
            let retired = rules.partner(o).is_some() && before.finished().contains(&o);
            if rules.impassable == Impassable::BlocksOfTwo
                && o != seat
                && rules.partner(seat) != Some(o)
                && !retired
            {
                prop_assert!(
                    there < 2,
                    "seat {} crossed a block of seat {} on {}",
                    seat,
                    o,
                    sq
                );
            }
            if rules.impassable == Impassable::NoOvertaking && q < to_q {
                prop_assert_eq!(there, 0, "seat {} overtook on square {}", seat, sq);
            }
        }
    }
    Ok(())
}

/// The final ranks as the rule book orders them, worked out apart from the engine: those who
/// finished in their order; then more pieces at the goal, more out of base, more steps walked
/// from the start (a piece going round again behind its start, written `goal + 1`, has walked
/// the lap less one square); under partners the same figures summed over the pair, the pair
/// that won first. Returned as (seat, rank), by seat.
fn reference_ranks(game: &Game) -> Vec<(u8, u8)> {
    let (rules, track, seats) = (game.rules(), *game.track(), game.seats());
    let goal = track.goal();
    let key = |seat: u8| {
        let ps = game.pieces(seat);
        let out = ps.iter().filter_map(|p| p.progress());
        let walked = out
            .clone()
            .map(|q| {
                if q == goal + 1 {
                    track.len as u16 - 1
                } else {
                    q as u16
                }
            })
            .sum::<u16>();
        (
            ps.iter().filter(|p| p.progress() == Some(goal)).count() as u16,
            out.count() as u16,
            walked,
        )
    };
    let finished = game.finished();
    let ranks: Vec<u8> = (0..seats)
        .map(|s| {
            if rules.teams == Teams::Pairs {
                let done = |x: u8| finished.contains(&x);
                let won = |x: u8| match rules.team_wins {
                    TeamWins::BothHome => done(x) && done((x + 2) % 4),
                    TeamWins::OneHome => done(x) || done((x + 2) % 4),
                };
                let pair = |x: u8| {
                    let (a, b) = (key(x), key((x + 2) % 4));
                    (won(x), a.0 + b.0, a.1 + b.1, a.2 + b.2)
                };
                return 1 + (0..seats).filter(|&o| pair(o) > pair(s)).count() as u8;
            }
            match finished.iter().position(|&f| f == s) {
                Some(i) => i as u8 + 1,
                None => {
                    let others = (0..seats).filter(|o| !finished.contains(o));
                    finished.len() as u8 + 1 + others.filter(|&o| key(o) > key(s)).count() as u8
                }
            }
        })
        .collect();
    (0..seats).zip(ranks).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant_end_and_replay(
        any_rules in any_rules(),
        seats in 2u8..=6,
        seed in any::<u64>(),
        picks in prop::collection::vec(any::<u8>(), 64),
    ) {
        // Partners play at four seats only.
        let rules = if seats == 4 { any_rules } else { Rules { teams: Teams::None, ..any_rules } };
        let players = (0..seats).map(|s| format!("p{s}")).collect();
        let mut record = GameRecord::new(rules.clone(), players, Some(seed.into()), 0);
        let mut game = record.start().unwrap();
        let mut dice = Dice::new(seed);
        let mut events = Vec::new();
        let mut steps = 0usize;
        while !game.is_over() {
            steps += 1;
            prop_assert!(steps < 20_000, "the game does not end");
            events.clear();
            let before = game.clone();
            let pick = picks[steps % picks.len()] as usize;
            let action = game
                .due(|_, moves| pick % moves.len())
                .expect("the game goes on");
            let step = game.act(action, &mut dice, &mut events).unwrap();
            record.steps.push(step);
            for e in &events {
                match *e {
                    Event::Moved { seat, from, to, .. } => check_move(&before, seat, from, to)?,
                    Event::Entered { seat, .. } => check_move(&before, seat, Pos::BASE, Pos::at(0))?,
                    _ => {}
                }
            }
            if steps.is_multiple_of(7) || game.is_over() {
                check_position(&game)?;
            }
        }
        // Ranking: every seat once, ranks from 1, the winner first.
        let ranking = game.ranking().unwrap();
        prop_assert_eq!(ranking.len(), seats as usize);
        prop_assert_eq!(ranking[0].rank, 1);
        let winners: Vec<&Standing> = ranking.iter().filter(|s| s.rank == 1).collect();
        prop_assert!(winners.iter().any(|s| s.at_goal >= rules.pieces_to_win.get()));
        if rules.teams == Teams::Pairs {
            // The pair wins together: both partners first, the other pair third.
            prop_assert_eq!(winners.len(), 2);
            prop_assert_eq!(winners[1].seat, winners[0].seat + 2);
            prop_assert!(ranking[2..].iter().all(|s| s.rank == 3));
        }
        // And in the order the rule book gives, worked out apart from the engine.
        let mut ranks: Vec<(u8, u8)> = ranking.iter().map(|s| (s.seat, s.rank)).collect();
        ranks.sort_unstable();
        prop_assert_eq!(ranks, reference_ranks(&game));
        // The record serialises, parses back, and replays to the identical game.
        let json = serde_json::to_string(&record).unwrap();
        let back: GameRecord = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&back, &record);
        let replayed = back.replay().unwrap();
        prop_assert_eq!(replayed.state(), game.state());
        prop_assert_eq!(replayed.ranking(), game.ranking());
    }

    #[test]
    fn rules_round_trip_through_json_and_ron(rules in any_rules()) {
        let json = serde_json::to_string(&rules).unwrap();
        prop_assert_eq!(serde_json::from_str::<Rules>(&json).unwrap(), rules.clone());
        let ron_text = ron::to_string(&rules).unwrap();
        prop_assert_eq!(ron::from_str::<Rules>(&ron_text).unwrap(), rules);
    }

    #[test]
    fn play_out_matches_step_by_step_play(seed in any::<u64>(), seats in 2u8..=6) {
        // The simulator's fast path and the checked public methods give the same game.
        let rules = Rules::default();
        let mut fast = Game::new(rules.clone(), seats, 0).unwrap();
        let mut a = RandomChooser::new(seed);
        let mut choosers: Vec<&mut dyn Chooser> = vec![&mut a];
        let mut all: Vec<RandomChooser> = (1..seats).map(|_| RandomChooser::new(seed)).collect();
        choosers.extend(all.iter_mut().map(|c| c as &mut dyn Chooser));
        let mut fast_events = Vec::new();
        play_out(&mut fast, &mut Dice::new(seed), &mut choosers, &mut fast_events);

        let mut slow = Game::new(rules, seats, 0).unwrap();
        let mut dice = Dice::new(seed);
        let mut pickers: Vec<RandomChooser> = (0..seats).map(|_| RandomChooser::new(seed)).collect();
        let mut slow_events = Vec::new();
        while let Some(action) =
            slow.due(|game, moves| pickers[game.turn() as usize].choose(game, moves))
        {
            slow.act(action, &mut dice, &mut slow_events).unwrap();
        }
        prop_assert_eq!(fast.state(), slow.state());
        prop_assert_eq!(fast_events, slow_events);
    }
}

#[test]
fn the_same_seed_and_choices_replay_exactly() {
    let play = |seed| {
        let mut g = Game::new(Rules::default(), 4, 0).unwrap();
        let mut cs: Vec<RandomChooser> = (0..4).map(|s| RandomChooser::new(seed + s)).collect();
        let mut refs: Vec<&mut dyn Chooser> =
            cs.iter_mut().map(|c| c as &mut dyn Chooser).collect();
        let mut ev = Vec::new();
        let stats = play_out(&mut g, &mut Dice::new(seed), &mut refs, &mut ev);
        (g.state(), ev, stats)
    };
    assert_eq!(play(11), play(11));
    assert_ne!(play(11).0, play(12).0);
}

#[test]
fn a_die_restored_from_its_state_rolls_the_same_next() {
    let mut d = Dice::new(99);
    for _ in 0..37 {
        d.roll();
    }
    let mut copy = Dice::from_state(d.state());
    let a: Vec<u8> = (0..50).map(|_| d.roll()).collect();
    let b: Vec<u8> = (0..50).map(|_| copy.roll()).collect();
    assert_eq!(a, b);
    assert!(a.iter().all(|v| (1..=6).contains(v)));
}

#[test]
fn the_die_is_fair_within_statistical_bounds() {
    let mut d = Dice::new(5);
    let mut counts = [0u32; 7];
    let n = 600_000;
    for _ in 0..n {
        counts[d.roll() as usize] += 1;
    }
    for (face, &count) in counts.iter().enumerate().skip(1) {
        let expected = n as f64 / 6.0;
        // 5 standard deviations of a binomial count.
        let sd = (n as f64 * (1.0 / 6.0) * (5.0 / 6.0)).sqrt();
        assert!(
            (count as f64 - expected).abs() < 5.0 * sd,
            "face {face}: {count}"
        );
    }
}
