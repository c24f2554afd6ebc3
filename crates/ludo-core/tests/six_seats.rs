//! Five and six seats: the radial board's geometry, and each house rule on it. The positions
//! are written in progress from each seat's own start, as in `rules.rs`; on a six-seat board
//! the goal is progress 82 (78 track squares, then five of the home column).

use ludo_core::*;

const B: i16 = -1; // a piece in base

fn pos(p: i16) -> Pos {
    if p < 0 { Pos::BASE } else { Pos::at(p as u8) }
}

/// A game of `pieces.len()` seats under `rules` where `turn` is to roll.
fn at(rules: Rules, turn: u8, pieces: &[[i16; 4]]) -> Game {
    let goal = Track::new(&rules, pieces.len() as u8).goal() as i16;
    let finished = (0..pieces.len() as u8)
        .filter(|&s| pieces[s as usize].iter().all(|&p| p == goal))
        .collect();
    let mut st = Game::new(rules.clone(), pieces.len() as u8, 0)
        .expect("a table of 2 to 6")
        .state();
    st.turn = turn;
    st.pieces = pieces
        .iter()
        .map(|ps| ps.iter().map(|&p| pos(p)).collect())
        .collect();
    (st.phase, st.roll_off, st.finished) = (PhaseState::Roll, None, finished);
    Game::from_state(rules, &st).expect("test position is legal")
}

/// Six seats, every piece in base but those given as (seat, piece, progress).
fn six(rules: Rules, turn: u8, placed: &[(usize, usize, i16)]) -> Game {
    let mut pieces = [[B; 4]; 6];
    for &(seat, piece, p) in placed {
        pieces[seat][piece] = p;
    }
    at(rules, turn, &pieces)
}

fn moves(game: &Game, roll: u8) -> Vec<(u8, i16, i16)> {
    game.moves_for(game.mover(), roll)
        .as_slice()
        .iter()
        .map(|m| (m.piece, raw(m.from), raw(m.to)))
        .collect()
}

fn raw(p: Pos) -> i16 {
    p.progress().map_or(-1, |q| q as i16)
}

fn play(game: &mut Game, value: u8, piece: u8) -> Vec<Event> {
    let mut ev = Vec::new();
    game.roll(value, &mut ev).expect("roll accepted");
    game.choose(piece, &mut ev).expect("move accepted");
    ev
}

fn captures(events: &[Event]) -> Vec<(u8, u8)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::Captured { seat, by, .. } => Some((seat, by)),
            _ => None,
        })
        .collect()
}

// ---------------------------------------------------------------- geometry

#[test]
fn five_and_six_seats_have_thirteen_squares_a_seat_with_the_cross_offsets() {
    for seats in [5u8, 6] {
        let track = Track::new(&Rules::default(), seats);
        let len = 13 * seats;
        assert_eq!(track.seats, seats);
        assert_eq!(track.len, len);
        assert_eq!(track.goal(), len + 4, "five home squares, then the goal");
        assert_eq!(track.last_track(), len - 2);
        assert_eq!(track.safe.count_ones(), 2 * seats as u32);
        for seat in 0..seats as usize {
            let start = 13 * seat as u8;
            assert_eq!(track.starts[seat], start);
            assert_eq!(track.square(seat, 0), Some(start));
            assert!(track.is_start(start) && track.is_safe(start));
            assert!(track.is_star(start + 8) && track.is_safe(start + 8));
            // The mouth of the home column: two squares behind the start, as on the cross.
            assert_eq!(
                track.square(seat, track.last_track()),
                Some((start + len - 2) % len)
            );
            // Past the mouth the piece leaves the loop.
            assert_eq!(track.square(seat, track.last_track() + 1), None);
            // Every seat's walk covers the loop but the square behind its start, once each.
            let mut walked: Vec<u8> = (0..=track.last_track())
                .map(|q| track.square(seat, q).unwrap())
                .collect();
            walked.sort_unstable();
            walked.dedup();
            assert_eq!(walked.len(), len as usize - 1);
            assert!(!walked.contains(&((start + len - 1) % len)));
            for q in 0..=track.last_track() {
                let sq = track.square(seat, q).unwrap();
                assert_eq!(track.progress_at(seat, sq), q);
            }
        }
    }
}

#[test]
fn the_cross_and_the_small_boards_are_unchanged() {
    for (choice, seats, len, starts) in [
        (BoardChoice::AlwaysCross, 4, 52, vec![0, 13, 26, 39]),
        (BoardChoice::AlwaysCross, 2, 52, vec![0, 26]),
        (BoardChoice::ByPlayerCount, 2, 32, vec![0, 16]),
        (BoardChoice::ByPlayerCount, 3, 42, vec![0, 13, 26]),
    ] {
        let rules = Rules {
            board: choice,
            ..Rules::default()
        };
        let track = Track::new(&rules, seats);
        assert_eq!(track.len, len, "{choice:?} {seats}");
        assert_eq!(&track.starts[..seats as usize], &starts[..]);
        assert_eq!(
            track,
            Layout::new(choice, seats).track(SafeSquares::StartsAndStars)
        );
    }
}

#[test]
fn six_seats_take_the_six_colours_and_five_leave_out_orange() {
    assert_eq!(seat_colours(6), &Colour::ALL);
    assert_eq!(seat_colours(5), &Colour::ALL[..5]);
    assert_eq!(seat_colours(4), &Colour::CROSS);
    assert!(Game::new(Rules::default(), 7, 0).is_err());
    let game = Game::new(Rules::default(), 6, 5).unwrap();
    assert_eq!(game.turn(), 5);
}

#[test]
fn a_piece_goes_round_once_and_home_at_six_seats() {
    for seat in 0..6u8 {
        let mut game = six(Rules::default(), seat, &[]);
        play(&mut game, 6, 0); // out onto the start, and a six rolls again
        let mut at = 0i16;
        // Fives then the exact rest: 16 fives reach 80, the home column's fourth square.
        while at + 5 <= 82 {
            play(&mut game, 5, 0);
            at += 5;
            assert_eq!(raw(game.pieces(seat)[0]), at);
            // The others pass the die round with rolls that leave them in base.
            while game.turn() != seat {
                let mut ev = Vec::new();
                game.roll(1, &mut ev).unwrap();
            }
        }
        assert_eq!(
            moves(&game, 3),
            vec![],
            "exact finish: 80 + 3 is past the goal"
        );
        let ev = play(&mut game, 2, 0);
        assert!(
            ev.contains(&Event::ReachedGoal { seat, piece: 0 }),
            "{ev:?}"
        );
    }
}

// ---------------------------------------------------------------- house rules at six seats

#[test]
fn a_capture_across_the_seam_of_the_loop_at_six() {
    // Seat 5 starts on square 65; its piece at progress 10 stands on square 75. Seat 0's piece
    // at progress 76 stands on square 76 (no star, no start), one ahead.
    let mut game = six(Rules::default(), 0, &[(5, 0, 10), (0, 0, 74)]);
    assert_eq!(game.track().square(0, 74), Some(74));
    // Seat 0 moves 74 -> 76 without touching seat 5; seat 5 then lands on it with a 1.
    play(&mut game, 2, 0);
    for s in 1..5u8 {
        assert_eq!(game.turn(), s);
        let mut ev = Vec::new();
        game.roll(1, &mut ev).unwrap();
    }
    let ev = play(&mut game, 1, 0);
    assert_eq!(captures(&ev), vec![(0, 5)]);
    assert!(game.pieces(0)[0].is_base());
    assert_eq!(raw(game.pieces(5)[0]), 11);
}

#[test]
fn the_fifth_and_sixth_starts_and_stars_are_safe() {
    // Seat 4's star is square 60, seat 5's start 65: seat 0 lands beside the others there.
    let game = six(Rules::default(), 0, &[(0, 0, 56), (4, 0, 8), (5, 0, 0)]);
    assert_eq!(moves(&game, 4), vec![(0, 56, 60)]);
    let mut g = game.clone();
    let ev = play(&mut g, 4, 0);
    assert!(captures(&ev).is_empty(), "{ev:?}");
    let unsafe_stars = Rules {
        safe_squares: SafeSquares::StartsOnly,
        ..Rules::default()
    };
    let mut g = six(unsafe_stars, 0, &[(0, 0, 56), (4, 0, 8), (5, 0, 0)]);
    assert_eq!(captures(&play(&mut g, 4, 0)), vec![(4, 0)]);
}

#[test]
fn a_block_of_the_sixth_seat_stops_the_first() {
    let blocks = Rules {
        impassable: Impassable::BlocksOfTwo,
        ..Rules::default()
    };
    // Seat 5's block on its progress 3 = square 68; seat 0 stands on 66.
    let game = six(blocks.clone(), 0, &[(0, 0, 66), (5, 0, 3), (5, 1, 3)]);
    assert_eq!(moves(&game, 1), vec![(0, 66, 67)]);
    assert_eq!(moves(&game, 2), vec![], "landing on the block");
    assert_eq!(moves(&game, 5), vec![], "passing the block");
    let free = Rules {
        impassable: Impassable::None,
        ..Rules::default()
    };
    let free = six(free, 0, &[(0, 0, 66), (5, 0, 3), (5, 1, 3)]);
    assert_eq!(moves(&free, 5), vec![(0, 66, 71)]);
}

#[test]
fn no_overtaking_at_six_seats() {
    let rules = Rules {
        impassable: Impassable::NoOvertaking,
        ..Rules::default()
    };
    // Seat 4's piece on its progress 20 = square 72; seat 0 on 70.
    let game = six(rules, 0, &[(0, 0, 70), (4, 0, 20)]);
    assert_eq!(moves(&game, 2), vec![(0, 70, 72)], "landing is allowed");
    assert_eq!(moves(&game, 3), vec![], "passing is not");
}

#[test]
fn rank_all_ranks_six_seats_in_the_order_they_finish() {
    let rules = Rules {
        rank_all: true,
        ..Rules::default()
    };
    let g = 82;
    // Seats 2 and 4 have finished; seat 0 and then seat 3 are one step from home.
    let mut game = at(
        rules,
        0,
        &[
            [g, g, g, 81],
            [B, B, B, B],
            [g, g, g, g],
            [g, g, g, 81],
            [g, g, g, g],
            [B, B, B, B],
        ],
    );
    let mut ev = Vec::new();
    game.roll(1, &mut ev).unwrap();
    game.choose(3, &mut ev).unwrap();
    assert!(!game.is_over(), "three seats still play");
    // Seat 0 is done, so play passes to seat 1, whose roll moves nothing.
    assert_eq!(game.turn(), 1);
    game.roll(2, &mut ev).unwrap();
    assert_eq!(game.turn(), 3, "finished seat 2 is skipped");
    game.roll(1, &mut ev).unwrap();
    game.choose(3, &mut ev).unwrap();
    assert!(!game.is_over(), "seats 1 and 5 play on for fifth place");
    assert_eq!(
        game.turn(),
        5,
        "a seat that is done passes on; finished seat 4 is skipped"
    );
    assert_eq!(game.finished(), &[2, 4, 0, 3]);
    let ranks: Vec<(u8, u8)> = game.standings().iter().map(|s| (s.seat, s.rank)).collect();
    assert_eq!(&ranks[..4], &[(2, 1), (4, 2), (0, 3), (3, 4)]);
    assert_eq!(ranks.len(), 6);
}

#[test]
fn three_sixes_exit_numbers_and_release_at_six_seats() {
    // Three sixes end the sixth seat's turn, and play passes round to seat 0.
    let mut game = six(Rules::default(), 5, &[(5, 0, 10)]);
    let mut ev = Vec::new();
    for _ in 0..2 {
        game.roll(6, &mut ev).unwrap();
        game.choose(0, &mut ev).unwrap();
    }
    game.roll(6, &mut ev).unwrap();
    assert!(ev.contains(&Event::ThreeSixes { seat: 5 }));
    assert_eq!(game.turn(), 0);
    // Exit on one and six: seat 4 leaves base on a one.
    let ones = Rules {
        exit_numbers: DieFaces::new(&[1, 6]).unwrap(),
        ..Rules::default()
    };
    let game = six(ones, 4, &[]);
    assert_eq!(moves(&game, 1), vec![(0, -1, 0)]);
    assert_eq!(moves(&game, 5), vec![]);
    // Release without rolling: seat 5 brings a piece out onto square 65 and the turn passes.
    let release = Rules {
        no_piece_in_play: NoPieceInPlay::ReleaseWithoutRolling,
        ..Rules::default()
    };
    let mut game = six(release, 5, &[]);
    let mut ev = Vec::new();
    game.release(&mut ev).unwrap();
    assert_eq!(raw(game.pieces(5)[0]), 0);
    assert_eq!(game.track().square(5, 0), Some(65));
    assert_eq!(game.turn(), 0);
}

#[test]
fn a_roll_off_of_six_seats_decides_the_first_player() {
    let rules = Rules {
        first_player: FirstPlayer::RollOff,
        ..Rules::default()
    };
    let mut game = Game::new(rules, 6, 0).unwrap();
    let mut ev = Vec::new();
    // Seats 2 and 5 tie on six; in the second round seat 5 rolls higher.
    for value in [3, 1, 6, 4, 2, 6, 2, 5] {
        game.roll(value, &mut ev).unwrap();
    }
    assert!(ev.contains(&Event::FirstPlayer { seat: 5 }), "{ev:?}");
    assert_eq!(game.turn(), 5);
}

#[test]
fn partners_are_refused_at_five_and_six_seats() {
    let pairs = Rules {
        teams: Teams::Pairs,
        ..Rules::default()
    };
    for seats in [5, 6] {
        assert!(matches!(
            Game::new(pairs.clone(), seats, 0),
            Err(StateError::Rules(_))
        ));
    }
}

#[test]
fn random_six_seat_games_end_and_replay_under_every_preset() {
    for seats in [5u8, 6] {
        for seed in 0..20u64 {
            let rules = Rules {
                rank_all: seed % 2 == 0,
                impassable: [
                    Impassable::None,
                    Impassable::BlocksOfTwo,
                    Impassable::NoOvertaking,
                ][seed as usize % 3],
                pieces_to_win: PiecesToWin::new(1 + (seed % 4) as u8).unwrap(),
                capture_before_home: seed % 5 == 0,
                ..Rules::default()
            };
            let players = (0..seats).map(|s| format!("p{s}")).collect();
            let mut record = GameRecord::new(rules.clone(), players, Some(seed.into()), 0);
            let mut game = record.start().unwrap();
            let mut dice = Dice::new(seed);
            let mut chooser = RandomChooser::new(seed);
            let mut ev = Vec::new();
            while let Some(action) = game.due(|g, m| chooser.choose(g, m)) {
                record
                    .steps
                    .push(game.act(action, &mut dice, &mut ev).unwrap());
                assert!(record.steps.len() < 50_000, "the game does not end");
            }
            let ranking = game.ranking().unwrap();
            assert_eq!(ranking.len(), seats as usize);
            assert!(ranking[0].at_goal >= rules.pieces_to_win.get());
            assert_eq!(record.replay().unwrap().state(), game.state());
        }
    }
}

/// The radial boards drawn from their geometry: the layout's engine view is the engine's
/// board, each track step is to a neighbouring square, no two squares or waiting places
/// overlap, and everything lies inside the board's outline and each waiting place in its
/// own yard.
#[test]
fn the_radial_layout_is_the_engine_board_and_nothing_overlaps() {
    for seats in [5u8, 6] {
        let layout = Layout::new(BoardChoice::ByPlayerCount, seats);
        assert_eq!(layout.kind, BoardKind::Radial);
        assert_eq!(layout.track.len(), 13 * seats as usize);
        for safe in [
            SafeSquares::StartsAndStars,
            SafeSquares::StartsOnly,
            SafeSquares::None,
        ] {
            assert_eq!(
                layout.track(safe),
                Track::radial(seats, safe),
                "{seats} seats"
            );
        }
        let dist = |a: Point, b: Point| ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)).sqrt();
        let n = layout.track.len();
        for i in 0..n {
            let (a, b) = (layout.track[i], layout.track[(i + 1) % n]);
            let step = dist(layout.point(a), layout.point(b));
            assert!((0.99..1.5).contains(&step), "{seats}: step {i} is {step}");
        }
        let squares: Vec<Cell> = layout
            .squares()
            .iter()
            .map(|s| s.cell)
            .filter(|&c| c != layout.goal)
            .collect();
        for (i, &a) in squares.iter().enumerate() {
            for &b in &squares[i + 1..] {
                let d = dist(layout.point(a), layout.point(b));
                assert!(d >= 0.99, "{seats}: {a:?} and {b:?} are {d} apart");
            }
        }
        let outline = layout.outline();
        assert_eq!(outline.len(), seats as usize);
        for &cell in &squares {
            assert!(
                inside(&outline, layout.point(cell)),
                "{seats}: {cell:?} outside"
            );
        }
        for (seat, base) in layout.bases.iter().enumerate() {
            assert_eq!(base.colour, layout.colours[seat]);
            let yard = layout.yard_outline(base.colour);
            assert!(inside(&yard, layout.yard_centre(base.colour)));
            for &slot in &base.slots {
                // The waiting circle (half a square across) lies wholly in the yard.
                let p = layout.point(slot);
                for k in 0..8 {
                    let a = k as f32 * std::f32::consts::TAU / 8.0;
                    let edge = [p[0] + 0.5 * a.cos(), p[1] + 0.5 * a.sin()];
                    assert!(inside(&yard, edge), "{seats}: seat {seat} slot {slot:?}");
                }
            }
            // The die rests in the yard, clear of the waiting pieces.
            let die = layout.die_spot(base.colour);
            assert!(inside(&yard, die), "{seats}: seat {seat}'s die");
            for &slot in &base.slots {
                let d = dist(die, layout.point(slot));
                assert!(
                    d >= 1.2,
                    "{seats}: seat {seat}'s die is {d} from a waiting piece"
                );
            }
            // A piece at home, on its start, in its home column and in the goal.
            let start = layout.cell(seat, 0, Pos::at(0));
            assert_eq!(start, layout.track[layout.starts[seat] as usize]);
            assert_eq!(
                layout.start_colour(layout.starts[seat]),
                Some(layout.colours[seat])
            );
            let mouth = layout.cell(seat, 0, Pos::at(layout.track.len() as u8 - 1));
            assert_eq!(mouth, layout.homes[seat][0]);
            let last_track = layout.point(layout.cell(seat, 0, Pos::at(n as u8 - 2)));
            assert!(dist(last_track, layout.point(mouth)) < 1.5);
        }
    }
}

/// Whether `p` is inside the convex polygon `poly` (either winding).
fn inside(poly: &[Point], p: Point) -> bool {
    let sides: Vec<f32> = (0..poly.len())
        .map(|i| {
            let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
            (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
        })
        .collect();
    sides.iter().all(|&s| s >= -1e-4) || sides.iter().all(|&s| s <= 1e-4)
}
