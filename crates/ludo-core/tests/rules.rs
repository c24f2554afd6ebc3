//! One named test for every rule and every option alternative of RULES.md: a position, a
//! roll, the expected legal moves and the expected result.

use ludo_core::*;

const B: i16 = -1; // a piece in base

fn pos(p: i16) -> Pos {
    if p < 0 { Pos::BASE } else { Pos::at(p as u8) }
}

/// A game under `rules` where `turn` is to roll, with each seat's pieces at the given
/// progress values (-1 = base).
fn at(rules: Rules, turn: u8, pieces: &[[i16; 4]]) -> Game {
    at_after_captures(rules, turn, pieces, &[])
}

/// `at`, where the seats `captured` have captured (kept under *capture before home*).
fn at_after_captures(rules: Rules, turn: u8, pieces: &[[i16; 4]], captured: &[u8]) -> Game {
    let wins = rules.pieces_to_win.get() as usize;
    let finished = (0..pieces.len() as u8)
        .filter(|&s| pieces[s as usize].iter().filter(|&&p| p == 56).count() >= wins)
        .collect();
    let st = GameState {
        seats: pieces.len() as u8,
        turn,
        pieces: pieces
            .iter()
            .map(|ps| ps.iter().map(|&p| pos(p)).collect())
            .collect(),
        phase: PhaseState::Roll,
        roll: None,
        roll_off: None,
        sixes: 0,
        tries: 0,
        finished,
        first_seat: 0,
        captured: captured.to_vec(),
    };
    Game::from_state(rules, &st).expect("test position is legal")
}

fn std_at(turn: u8, pieces: &[[i16; 4]]) -> Game {
    at(Rules::default(), turn, pieces)
}

/// The legal moves for `roll` as (piece, from, to), with -1 for base.
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

fn roll(game: &mut Game, value: u8) -> Vec<Event> {
    let mut ev = Vec::new();
    game.roll(value, &mut ev).expect("roll accepted");
    ev
}

fn choose(game: &mut Game, piece: u8) -> Vec<Event> {
    let mut ev = Vec::new();
    game.choose(piece, &mut ev).expect("move accepted");
    ev
}

fn play(game: &mut Game, value: u8, piece: u8) -> Vec<Event> {
    let mut ev = roll(game, value);
    ev.extend(choose(game, piece));
    ev
}

fn extra(seat: u8, six: bool, capture: bool, goal: bool) -> Event {
    Event::ExtraRoll {
        seat,
        reasons: ExtraRollReasons {
            six,
            capture,
            goal,
            retry: false,
        },
    }
}

fn seat_pieces(game: &Game, seat: u8) -> Vec<i16> {
    game.pieces(seat).iter().map(|&p| raw(p)).collect()
}

// ---------------------------------------------------------------- geometry

#[test]
fn cross_board_has_52_track_squares_starts_13_apart_and_stars_at_start_plus_8() {
    let layout = Layout::new(BoardChoice::AlwaysCross, 4);
    assert_eq!(layout.kind, BoardKind::Cross);
    assert_eq!(layout.track.len(), 52);
    assert_eq!(layout.starts, vec![0, 13, 26, 39]);
    let track = layout.track(SafeSquares::StartsAndStars);
    for s in [0u8, 13, 26, 39] {
        assert!(
            track.is_safe(s) && track.is_safe(s + 8),
            "start {s} and star {}",
            s + 8
        );
    }
    assert_eq!(track.safe.count_ones(), 8);
    assert_eq!(track.goal(), 56);
    assert_eq!(track.last_track(), 50);
}

#[test]
fn every_board_is_one_closed_loop_of_adjacent_distinct_cells() {
    for (choice, seats, len) in [
        (BoardChoice::AlwaysCross, 2, 52),
        (BoardChoice::AlwaysCross, 3, 52),
        (BoardChoice::AlwaysCross, 4, 52),
        (BoardChoice::ByPlayerCount, 2, 32),
        (BoardChoice::ByPlayerCount, 3, 42),
        (BoardChoice::ByPlayerCount, 4, 52),
    ] {
        let l = Layout::new(choice, seats);
        assert_eq!(l.track.len(), len, "{choice:?} {seats}");
        let mut cells: Vec<Cell> = l.track.clone();
        cells.extend(l.homes.iter().flatten());
        cells.extend(l.goal_cells.iter());
        let n = cells.len();
        cells.sort_by_key(|c| (c.x, c.y));
        cells.dedup();
        assert_eq!(cells.len(), n, "cells overlap on {choice:?} {seats}");
        for i in 0..len {
            let (a, b) = (l.track[i], l.track[(i + 1) % len]);
            let d = (a.x as i16 - b.x as i16)
                .abs()
                .max((a.y as i16 - b.y as i16).abs());
            assert_eq!(d, 1, "track squares {i} and {} are not neighbours", i + 1);
        }
        for base in &l.bases {
            for c in &l.track {
                let inside = (base.corner.x..base.corner.x + base.size).contains(&c.x)
                    && (base.corner.y..base.corner.y + base.size).contains(&c.y);
                assert!(
                    !inside,
                    "track cell {c:?} lies in the {:?} base",
                    base.colour
                );
            }
        }
    }
}

#[test]
fn by_player_count_draws_a_horizontal_board_for_two_and_a_t_for_three() {
    let two = Layout::new(BoardChoice::ByPlayerCount, 2);
    assert_eq!(two.kind, BoardKind::Horizontal);
    assert!(
        two.track.iter().all(|c| (6..=8).contains(&c.y)),
        "two arms, one row band"
    );
    assert_eq!(two.starts, vec![0, 16]);
    let t = Layout::new(BoardChoice::ByPlayerCount, 3);
    assert_eq!(t.kind, BoardKind::T);
    assert!(t.track.iter().all(|c| c.y <= 8), "no bottom arm");
    assert_eq!(t.colours, vec![Colour::Yellow, Colour::Blue, Colour::Red]);
    // The goal of a 2-seat horizontal board is 56 - 20 = 36 steps away.
    let r = Rules {
        board: BoardChoice::ByPlayerCount,
        ..Rules::default()
    };
    assert_eq!(Track::new(&r, 2).goal(), 36);
}

#[test]
fn progress_50_is_the_mouth_of_the_home_column_and_56_the_goal() {
    let l = Layout::new(BoardChoice::AlwaysCross, 4);
    for seat in 0..4 {
        let mouth = l.cell(seat, 0, Pos::at(50));
        let first_home = l.cell(seat, 0, Pos::at(51));
        assert_eq!(first_home, l.homes[seat][0]);
        let d = (mouth.x as i16 - first_home.x as i16).abs()
            + (mouth.y as i16 - first_home.y as i16).abs();
        assert_eq!(
            d, 1,
            "seat {seat} turns from its last track square into its column"
        );
        assert_eq!(l.cell(seat, 0, Pos::at(56)), l.goal);
        assert_eq!(
            l.cell(seat, 0, Pos::at(0)),
            l.track[l.starts[seat] as usize]
        );
    }
    assert_eq!(l.path(0, 0, Pos::at(48), Pos::at(53)).len(), 5);
}

#[test]
fn marks_tell_colours_apart() {
    let marks: Vec<char> = Colour::ALL.iter().map(|c| c.mark()).collect();
    assert_eq!(marks, vec!['○', '□', '△', '✚', '●', '◇']);
    let names: std::collections::HashSet<&str> = Colour::ALL.iter().map(|c| c.name()).collect();
    assert_eq!(names.len(), 6);
}

// ---------------------------------------------------------------- leaving base

#[test]
fn a_piece_leaves_base_only_on_the_exit_number() {
    let mut g = std_at(0, &[[B, B, B, B], [B, B, B, B], [B, B, B, B], [B, B, B, B]]);
    for r in 1..=5 {
        assert!(moves(&g, r).is_empty(), "roll {r}");
    }
    // All base pieces are one move, named by the lowest piece.
    assert_eq!(moves(&g, 6), vec![(0, -1, 0)]);
    let ev = roll(&mut g, 3);
    assert_eq!(
        ev,
        vec![
            Event::Rolled { seat: 0, value: 3 },
            Event::NoLegalMove { seat: 0 },
            Event::TurnPassed { from: 0, to: 1 }
        ]
    );
}

#[test]
fn leaving_base_uses_the_whole_roll_and_a_six_rolls_again() {
    let mut g = std_at(0, &[[B, B, B, B], [B, B, B, B], [B, B, B, B], [B, B, B, B]]);
    let ev = play(&mut g, 6, 2);
    assert_eq!(
        ev,
        vec![
            Event::Rolled { seat: 0, value: 6 },
            Event::Entered { seat: 0, piece: 2 },
            extra(0, true, false, false)
        ]
    );
    assert_eq!(seat_pieces(&g, 0), vec![-1, -1, 0, -1]);
    assert_eq!(g.turn(), 0);
}

#[test]
fn option_exit_numbers_one_and_six() {
    let rules = Rules {
        exit_numbers: DieFaces::new(&[1, 6]).unwrap(),
        ..Rules::default()
    };
    let g = at(
        rules,
        0,
        &[[B, B, B, B], [B, B, B, B], [B, B, B, B], [B, B, B, B]],
    );
    assert_eq!(moves(&g, 1), vec![(0, -1, 0)]);
    assert_eq!(moves(&g, 6), vec![(0, -1, 0)]);
    assert!(moves(&g, 5).is_empty());
    assert!(DieFaces::new(&[7]).is_err());
    assert!(DieFaces::new(&[]).is_err());
    // Every non-empty set of faces counts what it lists.
    for bits in 1u8..64 {
        let faces: Vec<u8> = (1..=6).filter(|f| bits & (1 << (f - 1)) != 0).collect();
        let set = DieFaces::new(&faces).unwrap();
        assert_eq!((set.count() as usize, set.faces()), (faces.len(), faces));
    }
}

#[test]
fn a_seat_with_no_piece_out_rolls_as_usual_by_default() {
    let g = std_at(
        0,
        &[[B, B, 56, B], [B, B, B, B], [B, B, B, B], [B, B, B, B]],
    );
    assert_eq!(g.awaiting(), Awaiting::Roll);
    assert!(g.has_no_piece_in_play(0), "pieces at the goal do not count");
}

// ---------------------------------------------------------------- moving, stacking

#[test]
fn a_piece_walks_clockwise_by_the_roll_and_turns_into_its_home_column() {
    let mut g = std_at(
        0,
        &[[10, 48, B, B], [B, B, B, B], [B, B, B, B], [B, B, B, B]],
    );
    assert_eq!(moves(&g, 4), vec![(0, 10, 14), (1, 48, 52)]);
    let ev = play(&mut g, 4, 1);
    assert_eq!(
        ev[1],
        Event::Moved {
            seat: 0,
            piece: 1,
            from: Pos::at(48),
            to: Pos::at(52)
        }
    );
    assert_eq!(ev[2], Event::TurnPassed { from: 0, to: 1 });
}

#[test]
fn stacking_own_pieces_is_allowed_and_a_stack_is_one_move() {
    let mut g = std_at(
        0,
        &[[10, 7, B, B], [B, B, B, B], [B, B, B, B], [B, B, B, B]],
    );
    play(&mut g, 3, 1);
    assert_eq!(seat_pieces(&g, 0), vec![10, 10, -1, -1]);
    let g = std_at(
        0,
        &[[10, 10, B, B], [B, B, B, B], [B, B, B, B], [B, B, B, B]],
    );
    assert_eq!(moves(&g, 2), vec![(0, 10, 12)]);
}

#[test]
fn only_the_owner_enters_a_home_column() {
    // Seat 1 passes the mouth of seat 0's column (track square 50) and stays on the track.
    let mut g = std_at(
        1,
        &[[B, B, B, B], [36, B, B, B], [B, B, B, B], [B, B, B, B]],
    );
    play(&mut g, 3, 0);
    let track = *g.track();
    assert_eq!(track.square(1, 39), Some(0));
    assert_eq!(seat_pieces(&g, 1)[0], 39);
}

// ---------------------------------------------------------------- captures

#[test]
fn capture_sends_the_piece_home_and_gives_an_extra_roll() {
    // Seat 0 at progress 10 (square 10); seat 1's piece at its progress 49 = square 10.
    let mut g = std_at(
        0,
        &[[5, B, B, B], [49, B, B, B], [B, B, B, B], [B, B, B, B]],
    );
    let ev = play(&mut g, 5, 0);
    assert_eq!(
        &ev[1..],
        &[
            Event::Moved {
                seat: 0,
                piece: 0,
                from: Pos::at(5),
                to: Pos::at(10)
            },
            Event::Captured {
                seat: 1,
                piece: 0,
                by: 0,
                square: 10
            },
            extra(0, false, true, false)
        ]
    );
    assert_eq!(seat_pieces(&g, 1), vec![-1, -1, -1, -1]);
}

#[test]
fn option_no_extra_roll_on_capture() {
    let rules = Rules {
        extra_roll_on_capture: false,
        ..Rules::default()
    };
    let mut g = at(
        rules,
        0,
        &[[5, B, B, B], [49, B, B, B], [B, B, B, B], [B, B, B, B]],
    );
    let ev = play(&mut g, 5, 0);
    assert!(ev.contains(&Event::Captured {
        seat: 1,
        piece: 0,
        by: 0,
        square: 10
    }));
    assert_eq!(ev.last(), Some(&Event::TurnPassed { from: 0, to: 1 }));
}

#[test]
fn passing_over_a_piece_does_nothing() {
    let mut g = std_at(
        0,
        &[[5, B, B, B], [49, B, B, B], [B, B, B, B], [B, B, B, B]],
    );
    play(&mut g, 6, 0);
    assert_eq!(seat_pieces(&g, 1)[0], 49);
}

#[test]
fn a_capture_on_a_six_gives_one_extra_roll_with_both_reasons() {
    let mut g = std_at(
        0,
        &[[4, B, B, B], [49, B, B, B], [B, B, B, B], [B, B, B, B]],
    );
    let ev = play(&mut g, 6, 0);
    let extras: Vec<_> = ev
        .iter()
        .filter(|e| matches!(e, Event::ExtraRoll { .. }))
        .collect();
    assert_eq!(extras, vec![&extra(0, true, true, false)]);
}

#[test]
fn safe_squares_default_starts_and_stars_protect_pieces() {
    // Seat 1's piece on square 8 (a star) and seat 2's on square 13 (seat 1's start).
    let g = std_at(
        0,
        &[[2, 7, B, B], [47, B, B, B], [39, B, B, B], [B, B, B, B]],
    );
    let mut g1 = g.clone();
    play(&mut g1, 6, 0); // to 8, the star
    assert_eq!(seat_pieces(&g1, 1)[0], 47, "safe on the star");
    let mut g2 = g.clone();
    play(&mut g2, 6, 1); // to 13, a start
    assert_eq!(seat_pieces(&g2, 2)[0], 39, "safe on a start");
}

#[test]
fn stars_of_unseated_colours_are_safe_on_the_cross() {
    // Two seats (yellow and red): blue's start (13) and star (21) are still safe.
    let mut g = std_at(0, &[[7, B, B, B], [39, B, B, B]]);
    // Seat 1 (red, start 26) at progress 39 stands on square 13.
    play(&mut g, 6, 0);
    assert_eq!(seat_pieces(&g, 1)[0], 39);
}

#[test]
fn option_safe_squares_starts_only_makes_stars_capturable() {
    let rules = Rules {
        safe_squares: SafeSquares::StartsOnly,
        ..Rules::default()
    };
    let g = at(
        rules,
        0,
        &[[2, 7, B, B], [47, B, B, B], [39, B, B, B], [B, B, B, B]],
    );
    let mut g1 = g.clone();
    play(&mut g1, 6, 0);
    assert_eq!(seat_pieces(&g1, 1)[0], -1, "captured on the star");
    let mut g2 = g.clone();
    play(&mut g2, 6, 1);
    assert_eq!(seat_pieces(&g2, 2)[0], 39, "still safe on a start");
}

#[test]
fn option_safe_squares_none_lets_a_piece_leaving_base_capture_on_its_start() {
    let rules = Rules {
        safe_squares: SafeSquares::None,
        ..Rules::default()
    };
    // Seat 1 at its progress 39 stands on square 0, seat 0's start.
    let mut g = at(
        rules,
        0,
        &[[B, B, B, B], [39, B, B, B], [B, B, B, B], [B, B, B, B]],
    );
    let ev = play(&mut g, 6, 0);
    assert!(ev.contains(&Event::Captured {
        seat: 1,
        piece: 0,
        by: 0,
        square: 0
    }));
    assert_eq!(seat_pieces(&g, 1)[0], -1);
}

#[test]
fn pieces_of_two_colours_may_share_a_safe_square() {
    let mut g = std_at(
        0,
        &[[2, B, B, B], [47, B, B, B], [B, B, B, B], [B, B, B, B]],
    );
    play(&mut g, 6, 0);
    assert_eq!((seat_pieces(&g, 0)[0], seat_pieces(&g, 1)[0]), (8, 47));
}

#[test]
fn a_capture_takes_every_opponent_piece_on_the_square_with_blocks_off() {
    let rules = Rules {
        impassable: Impassable::None,
        ..Rules::default()
    };
    let mut g = at(
        rules,
        0,
        &[[5, B, B, B], [49, 49, B, B], [B, B, B, B], [B, B, B, B]],
    );
    let ev = play(&mut g, 5, 0);
    let caught = ev
        .iter()
        .filter(|e| matches!(e, Event::Captured { .. }))
        .count();
    assert_eq!(caught, 2);
    assert_eq!(seat_pieces(&g, 1), vec![-1, -1, -1, -1]);
}

// ---------------------------------------------------------------- blocks and overtaking

#[test]
fn a_block_of_two_cannot_be_passed_or_landed_on() {
    // Seat 1's pair on square 10 (its progress 49).
    let g = std_at(
        0,
        &[[5, 9, B, B], [49, 49, B, B], [B, B, B, B], [B, B, B, B]],
    );
    assert_eq!(
        moves(&g, 4),
        vec![(0, 5, 9)],
        "5+4 lands short; 9+4 would pass"
    );
    assert_eq!(
        moves(&g, 5),
        Vec::<(u8, i16, i16)>::new(),
        "5+5 lands on it; 9+5 passes"
    );
    assert_eq!(moves(&g, 1), vec![(0, 5, 6)]);
    assert!(
        g.in_block(1, 0) && g.in_block(1, 1),
        "the pair is drawn as a block"
    );
    assert!(
        !g.in_block(0, 0) && !g.in_block(1, 2),
        "a lone piece, a piece in base"
    );
}

#[test]
fn a_block_holds_on_a_safe_square_too() {
    // Seat 1's pair on square 8, a star.
    let g = std_at(
        0,
        &[[5, B, B, B], [47, 47, B, B], [B, B, B, B], [B, B, B, B]],
    );
    assert!(moves(&g, 3).is_empty());
    assert!(moves(&g, 4).is_empty());
    assert_eq!(moves(&g, 2), vec![(0, 5, 7)]);
}

#[test]
fn a_block_on_a_start_square_stops_that_colour_leaving_base() {
    // Seat 1's pair on square 0, seat 0's start.
    let mut g = std_at(
        0,
        &[[B, B, B, B], [39, 39, B, B], [B, B, B, B], [B, B, B, B]],
    );
    assert!(moves(&g, 6).is_empty());
    let ev = roll(&mut g, 6);
    assert_eq!(ev[1], Event::NoLegalMove { seat: 0 });
    assert_eq!(
        ev[2],
        extra(0, true, false, false),
        "a six with no move still rolls again"
    );
}

#[test]
fn own_pieces_never_block_their_owner() {
    let g = std_at(0, &[[5, 7, 7, B], [B, B, B, B], [B, B, B, B], [B, B, B, B]]);
    assert_eq!(moves(&g, 4), vec![(0, 5, 9), (1, 7, 11)]);
}

#[test]
fn option_impassable_none_has_no_blocks() {
    let rules = Rules {
        impassable: Impassable::None,
        ..Rules::default()
    };
    let g = at(
        rules,
        0,
        &[[5, 9, B, B], [49, 49, B, B], [B, B, B, B], [B, B, B, B]],
    );
    assert_eq!(moves(&g, 5), vec![(0, 5, 10), (1, 9, 14)]);
    assert!(
        !g.in_block(1, 0),
        "two together make no block without the rule"
    );
}

#[test]
fn option_no_overtaking_forbids_passing_any_piece_but_allows_landing() {
    let rules = Rules {
        impassable: Impassable::NoOvertaking,
        ..Rules::default()
    };
    // Own piece at 7, opponent at square 10 (seat 1 progress 49).
    let g = at(
        rules.clone(),
        0,
        &[[5, 7, B, B], [49, B, B, B], [B, B, B, B], [B, B, B, B]],
    );
    assert_eq!(
        moves(&g, 2),
        vec![(0, 5, 7), (1, 7, 9)],
        "landing on own piece is fine"
    );
    assert_eq!(
        moves(&g, 3),
        vec![(1, 7, 10)],
        "5+3 passes 7; 7+3 lands on the opponent"
    );
    assert_eq!(
        moves(&g, 4),
        Vec::<(u8, i16, i16)>::new(),
        "both would pass a piece"
    );
    let mut g2 = g.clone();
    let ev = play(&mut g2, 3, 1);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Captured { seat: 1, .. }))
    );
    // In the home column too: 50+3 would pass the own piece on 52.
    let g3 = at(
        rules,
        0,
        &[[50, 52, B, B], [B, B, B, B], [B, B, B, B], [B, B, B, B]],
    );
    assert_eq!(moves(&g3, 3), vec![(1, 52, 55)]);
    assert_eq!(moves(&g3, 2), vec![(0, 50, 52), (1, 52, 54)]);
}

// ---------------------------------------------------------------- the goal

#[test]
fn exact_finish_forbids_overshooting_the_goal() {
    let g = std_at(
        0,
        &[[53, B, B, B], [B, B, B, B], [B, B, B, B], [B, B, B, B]],
    );
    assert_eq!(moves(&g, 3), vec![(0, 53, 56)]);
    assert!(moves(&g, 4).is_empty());
}

#[test]
fn option_exact_finish_off_stops_on_the_goal() {
    let rules = Rules {
        exact_finish: false,
        ..Rules::default()
    };
    let mut g = at(
        rules,
        0,
        &[[53, 10, B, B], [B, B, B, B], [B, B, B, B], [B, B, B, B]],
    );
    assert_eq!(moves(&g, 5), vec![(0, 53, 56), (1, 10, 15)]);
    let ev = play(&mut g, 5, 0);
    assert!(ev.contains(&Event::ReachedGoal { seat: 0, piece: 0 }));
}

#[test]
fn reaching_the_goal_gives_no_extra_roll_by_default() {
    let mut g = std_at(
        0,
        &[[53, 10, B, B], [B, B, B, B], [B, B, B, B], [B, B, B, B]],
    );
    let ev = play(&mut g, 3, 0);
    assert_eq!(
        &ev[2..],
        &[
            Event::ReachedGoal { seat: 0, piece: 0 },
            Event::TurnPassed { from: 0, to: 1 }
        ]
    );
}

#[test]
fn option_extra_roll_on_reaching_the_goal() {
    let rules = Rules {
        extra_roll_on_goal: true,
        ..Rules::default()
    };
    let mut g = at(
        rules,
        0,
        &[[53, 10, B, B], [B, B, B, B], [B, B, B, B], [B, B, B, B]],
    );
    let ev = play(&mut g, 3, 0);
    assert_eq!(ev.last(), Some(&extra(0, false, false, true)));
}

#[test]
fn the_goal_holds_any_number_of_pieces() {
    let mut g = std_at(
        0,
        &[[56, 56, 53, 10], [B, B, B, B], [B, B, B, B], [B, B, B, B]],
    );
    play(&mut g, 3, 2);
    assert_eq!(seat_pieces(&g, 0), vec![56, 56, 56, 10]);
}

// ---------------------------------------------------------------- sixes and extra rolls

#[test]
fn three_sixes_in_a_row_end_the_turn_without_a_move() {
    let mut g = std_at(
        0,
        &[[10, B, B, B], [B, B, B, B], [B, B, B, B], [B, B, B, B]],
    );
    play(&mut g, 6, 0);
    play(&mut g, 6, 0);
    assert_eq!(seat_pieces(&g, 0)[0], 22);
    let ev = roll(&mut g, 6);
    assert_eq!(
        ev,
        vec![
            Event::Rolled { seat: 0, value: 6 },
            Event::ThreeSixes { seat: 0 },
            Event::TurnPassed { from: 0, to: 1 }
        ]
    );
    assert_eq!(seat_pieces(&g, 0)[0], 22, "moves already made stand");
}

#[test]
fn a_non_six_extra_roll_breaks_the_run_of_sixes() {
    // 6, then a capture with a 5 (extra roll), then 6, 6: only two sixes in a row.
    let mut g = std_at(0, &[[0, B, B, B], [B, B, B, B], [B, B, B, B], [B, B, B, B]]);
    play(&mut g, 6, 0); // 0 -> 6
    let mut g = {
        let mut st = g.state();
        st.pieces[1][0] = Pos::at(50); // square (13+50)%52 = 11
        Game::from_state(Rules::default(), &st).unwrap()
    };
    let ev = play(&mut g, 5, 0); // 6 -> 11 captures
    assert_eq!(ev.last(), Some(&extra(0, false, true, false)));
    play(&mut g, 6, 0);
    let ev = play(&mut g, 6, 0);
    assert!(!ev.contains(&Event::ThreeSixes { seat: 0 }));
}

#[test]
fn option_three_sixes_off_rolls_on() {
    let rules = Rules {
        three_sixes: false,
        ..Rules::default()
    };
    let mut g = at(
        rules,
        0,
        &[[0, B, B, B], [B, B, B, B], [B, B, B, B], [B, B, B, B]],
    );
    for i in 1..=4 {
        let ev = play(&mut g, 6, 0);
        assert_eq!(
            ev.last(),
            Some(&extra(0, true, false, false)),
            "six number {i}"
        );
    }
    assert_eq!(seat_pieces(&g, 0)[0], 24);
}

#[test]
fn a_roll_with_no_legal_move_passes_the_turn_unless_it_is_a_six() {
    let mut g = std_at(
        0,
        &[[55, B, B, B], [B, B, B, B], [B, B, B, B], [B, B, B, B]],
    );
    let ev = roll(&mut g, 2);
    assert_eq!(ev.last(), Some(&Event::TurnPassed { from: 0, to: 1 }));
}

// ---------------------------------------------------------------- no piece in play

#[test]
fn option_release_without_rolling_brings_a_piece_out_and_ends_the_turn() {
    let rules = Rules {
        no_piece_in_play: NoPieceInPlay::ReleaseWithoutRolling,
        ..Rules::default()
    };
    let mut g = at(
        rules.clone(),
        0,
        &[[B, B, B, B], [B, B, B, B], [B, B, B, B], [B, B, B, B]],
    );
    assert_eq!(g.awaiting(), Awaiting::Release);
    let mut ev = Vec::new();
    assert!(
        g.clone().roll(6, &mut ev).is_err(),
        "no roll while releasing"
    );
    g.release(&mut ev).unwrap();
    assert_eq!(
        ev,
        vec![
            Event::Entered { seat: 0, piece: 0 },
            Event::TurnPassed { from: 0, to: 1 }
        ]
    );
    // With a piece in play the seat rolls as usual.
    let g = at(
        rules,
        0,
        &[[3, B, B, B], [B, B, B, B], [B, B, B, B], [B, B, B, B]],
    );
    assert_eq!(g.awaiting(), Awaiting::Roll);
}

#[test]
fn option_release_without_rolling_is_stopped_by_a_block_on_the_start() {
    let rules = Rules {
        no_piece_in_play: NoPieceInPlay::ReleaseWithoutRolling,
        ..Rules::default()
    };
    let mut g = at(
        rules,
        0,
        &[[B, B, B, B], [39, 39, B, B], [B, B, B, B], [B, B, B, B]],
    );
    let mut ev = Vec::new();
    g.release(&mut ev).unwrap();
    assert_eq!(
        ev,
        vec![
            Event::NoLegalMove { seat: 0 },
            Event::TurnPassed { from: 0, to: 1 }
        ]
    );
    assert_eq!(seat_pieces(&g, 0), vec![-1, -1, -1, -1]);
}

#[test]
fn option_up_to_three_rolls_to_leave_base() {
    let rules = Rules {
        no_piece_in_play: NoPieceInPlay::UpToThreeRolls,
        ..Rules::default()
    };
    let retry = Event::ExtraRoll {
        seat: 0,
        reasons: ExtraRollReasons {
            retry: true,
            ..Default::default()
        },
    };
    let mut g = at(
        rules.clone(),
        0,
        &[[B, B, B, B], [B, B, B, B], [B, B, B, B], [B, B, B, B]],
    );
    assert_eq!(roll(&mut g, 2).last(), Some(&retry));
    assert_eq!(roll(&mut g, 3).last(), Some(&retry));
    assert_eq!(
        roll(&mut g, 4).last(),
        Some(&Event::TurnPassed { from: 0, to: 1 })
    );
    // Out on the second try, then the usual extra roll for the 6.
    let mut g = at(
        rules.clone(),
        0,
        &[[B, B, B, B], [B, B, B, B], [B, B, B, B], [B, B, B, B]],
    );
    roll(&mut g, 1);
    let ev = play(&mut g, 6, 0);
    assert_eq!(ev.last(), Some(&extra(0, true, false, false)));
    // With a piece in play, a miss passes the turn as usual.
    let mut g = at(
        rules,
        0,
        &[[55, B, B, B], [B, B, B, B], [B, B, B, B], [B, B, B, B]],
    );
    assert_eq!(
        roll(&mut g, 3).last(),
        Some(&Event::TurnPassed { from: 0, to: 1 })
    );
}

// ---------------------------------------------------------------- winning and ranking

#[test]
fn the_first_seat_to_bring_all_four_home_wins_and_the_rest_rank_by_goal_out_progress() {
    let mut g = std_at(
        0,
        &[
            [56, 56, 56, 53],
            [56, 10, B, B],  // 1 at goal, 2 out, progress 66
            [56, 20, B, B],  // 1 at goal, 2 out, progress 76
            [40, 30, 20, B], // 0 at goal
        ],
    );
    let ev = play(&mut g, 3, 3);
    assert!(ev.contains(&Event::SeatFinished { seat: 0, place: 1 }));
    let Some(Event::GameOver { ranking }) = ev.last() else {
        panic!("game over expected, got {ev:?}")
    };
    let order: Vec<(u8, u8)> = ranking.iter().map(|s| (s.seat, s.rank)).collect();
    assert_eq!(order, vec![(0, 1), (2, 2), (1, 3), (3, 4)]);
    assert!(g.is_over());
    assert_eq!(g.awaiting(), Awaiting::Over);
}

#[test]
fn seats_equal_on_every_figure_share_a_rank_numbered_as_in_sport() {
    let mut g = std_at(
        0,
        &[
            [56, 56, 56, 53],
            [10, 20, B, B],
            [20, 10, B, B],
            [5, B, B, B],
        ],
    );
    let ev = play(&mut g, 3, 3);
    let Some(Event::GameOver { ranking }) = ev.last() else {
        panic!()
    };
    let ranks: Vec<(u8, u8)> = ranking.iter().map(|s| (s.seat, s.rank)).collect();
    assert_eq!(ranks, vec![(0, 1), (1, 2), (2, 2), (3, 4)]);
}

#[test]
fn option_rank_all_plays_on_skipping_finished_seats() {
    let rules = Rules {
        rank_all: true,
        ..Rules::default()
    };
    let mut g = at(
        rules,
        0,
        &[[56, 56, 56, 53], [55, 56, 56, 56], [10, B, B, B]],
    );
    let ev = play(&mut g, 3, 3);
    assert_eq!(
        &ev[ev.len() - 2..],
        &[
            Event::SeatFinished { seat: 0, place: 1 },
            Event::TurnPassed { from: 0, to: 1 }
        ]
    );
    roll(&mut g, 4); // seat 1 cannot move 4 from 55: turn passes to 2
    assert_eq!(g.turn(), 2);
    play(&mut g, 3, 0); // seat 2 moves; the turn skips finished seat 0
    assert_eq!(g.turn(), 1);
    let ev = play(&mut g, 1, 0);
    assert!(ev.contains(&Event::SeatFinished { seat: 1, place: 2 }));
    let Some(Event::GameOver { ranking }) = ev.last() else {
        panic!("{ev:?}")
    };
    let ranks: Vec<(u8, u8)> = ranking.iter().map(|s| (s.seat, s.rank)).collect();
    assert_eq!(ranks, vec![(0, 1), (1, 2), (2, 3)]);
}

#[test]
fn option_roll_off_the_highest_roller_starts_and_ties_roll_again() {
    let rules = Rules {
        first_player: FirstPlayer::RollOff,
        ..Rules::default()
    };
    let mut g = Game::new(rules, 3, 0).unwrap();
    assert_eq!(g.awaiting(), Awaiting::RollOff);
    roll(&mut g, 5);
    roll(&mut g, 2);
    let ev = roll(&mut g, 5);
    assert_eq!(ev, vec![Event::RollOff { seat: 2, value: 5 }]);
    assert_eq!(g.turn(), 0, "seats 0 and 2 tied and roll again");
    roll(&mut g, 3);
    let ev = roll(&mut g, 4);
    assert_eq!(
        ev,
        vec![
            Event::RollOff { seat: 2, value: 4 },
            Event::FirstPlayer { seat: 2 }
        ]
    );
    assert_eq!(
        (g.turn(), g.awaiting(), g.first_seat()),
        (2, Awaiting::Roll, 2)
    );
}

#[test]
fn option_rotate_first_player_for_a_rematch() {
    let r = Rules::default();
    assert_eq!(r.rematch_first_seat(0, 4), 1);
    assert_eq!(r.rematch_first_seat(3, 4), 0);
    let fixed = Rules {
        rotate_first_player: false,
        ..Rules::default()
    };
    assert_eq!(fixed.rematch_first_seat(2, 4), 2);
}

#[test]
fn option_board_by_player_count_plays_on_the_shorter_track() {
    let rules = Rules {
        board: BoardChoice::ByPlayerCount,
        ..Rules::default()
    };
    // Two seats: the goal is progress 36; a piece at 33 finishes with a 3.
    let mut g = at(rules, 0, &[[33, B, B, B], [B, B, B, B]]);
    assert_eq!(g.goal(), Pos::at(36));
    let ev = play(&mut g, 3, 0);
    assert!(ev.contains(&Event::ReachedGoal { seat: 0, piece: 0 }));
}

// ---------------------------------------------------------------- refusals

#[test]
fn illegal_inputs_are_refused_with_a_typed_error_and_change_nothing() {
    let mut g = std_at(
        0,
        &[[10, B, B, B], [B, B, B, B], [B, B, B, B], [B, B, B, B]],
    );
    let mut ev = Vec::new();
    assert_eq!(g.roll(7, &mut ev), Err(PlayError::BadRoll(7)));
    assert_eq!(g.roll(0, &mut ev), Err(PlayError::BadRoll(0)));
    assert!(matches!(
        g.choose(0, &mut ev),
        Err(PlayError::OutOfTurn {
            expected: Awaiting::Roll,
            ..
        })
    ));
    g.roll(3, &mut ev).unwrap();
    let before = g.state();
    assert_eq!(
        g.choose(1, &mut ev),
        Err(PlayError::IllegalMove { piece: 1, roll: 3 })
    );
    assert_eq!(g.choose(4, &mut ev), Err(PlayError::NoSuchPiece(4)));
    assert!(g.roll(3, &mut ev).is_err());
    assert_eq!(g.state(), before);
}

#[test]
fn impossible_states_are_refused() {
    let good = std_at(
        0,
        &[[10, B, B, B], [B, B, B, B], [B, B, B, B], [B, B, B, B]],
    )
    .state();
    let mut five = good.clone();
    five.pieces[1].push(Pos::BASE);
    assert_eq!(
        Game::from_state(Rules::default(), &five).unwrap_err(),
        StateError::PieceCount { seat: 1, count: 5 }
    );
    let mut past = good.clone();
    past.pieces[0][0] = Pos::at(57);
    assert!(matches!(
        Game::from_state(Rules::default(), &past),
        Err(StateError::PastGoal { progress: 57, .. })
    ));
    let mut shared = good.clone();
    shared.pieces[1][0] = Pos::at(49); // square 10, where seat 0 stands: not safe
    assert!(matches!(
        Game::from_state(Rules::default(), &shared),
        Err(StateError::SharedSquare { square: 10, .. })
    ));
    let mut seats = good;
    seats.seats = 7;
    assert_eq!(
        Game::from_state(Rules::default(), &seats).unwrap_err(),
        StateError::Seats(7)
    );
}

#[test]
fn a_record_replays_and_names_the_first_illegal_step() {
    let mut rec = GameRecord::new(Rules::default(), vec!["a".into(), "b".into()], None, 0);
    rec.steps = vec![Step::Roll(6), Step::Move(0), Step::Roll(4), Step::Move(0)];
    let g = rec.replay().unwrap();
    assert_eq!(seat_pieces(&g, 0)[0], 4);
    rec.steps.push(Step::Move(0));
    let err = rec.replay().unwrap_err();
    assert!(
        matches!(err, ReplayError::Illegal { index: 4, .. }),
        "{err}"
    );
    rec.seed = Some(1.into());
    assert!(matches!(
        rec.replay().unwrap_err(),
        ReplayError::NotTheDie { index: 0, .. } | ReplayError::Illegal { .. }
    ));
}

// ---------------------------------------------------------------- shorter games

fn first_to(n: u8) -> Rules {
    Rules {
        pieces_to_win: PiecesToWin::new(n).unwrap(),
        ..Rules::default()
    }
}

#[test]
fn option_one_piece_home_ends_the_game_at_once_and_ranks_the_rest_by_standing() {
    // *Rank all* would play on; a shorter game ends at its first winner all the same.
    let rules = Rules {
        rank_all: true,
        ..first_to(1)
    };
    let mut g = at(
        rules,
        0,
        &[[54, B, B, B], [30, 20, B, B], [10, B, B, B], [B; 4]],
    );
    let ev = play(&mut g, 2, 0);
    assert!(ev.contains(&Event::SeatFinished { seat: 0, place: 1 }));
    assert!(g.is_over());
    let ranks: Vec<(u8, u8)> = g
        .ranking()
        .unwrap()
        .iter()
        .map(|s| (s.seat, s.rank))
        .collect();
    assert_eq!(ranks, [(0, 1), (1, 2), (2, 3), (3, 4)]);
    // No extra roll for the six that would have given one: the game is over.
    let mut g = at(first_to(1), 0, &[[50, B, B, B], [B; 4]]);
    let ev = play(&mut g, 6, 0);
    assert!(g.is_over());
    assert!(!ev.iter().any(|e| matches!(e, Event::ExtraRoll { .. })));
}

#[test]
fn option_two_pieces_to_win_counts_pieces_home_not_all_four() {
    let mut g = at(first_to(2), 0, &[[56, 53, 10, B], [56, 40, B, B]]);
    assert!(!g.is_over());
    let ev = play(&mut g, 3, 1);
    assert!(ev.contains(&Event::SeatFinished { seat: 0, place: 1 }));
    assert_eq!(g.ranking().unwrap()[0].seat, 0);
    assert_eq!(g.ranking().unwrap()[0].at_goal, 2);
    // Standard: two pieces home is not a win.
    let mut g = std_at(0, &[[56, 53, 10, B], [56, 40, B, B]]);
    play(&mut g, 3, 1);
    assert!(!g.is_over());
}

#[test]
fn a_state_must_end_where_a_shorter_game_ends() {
    let mut g = at(first_to(1), 0, &[[54, 10, B, B], [B; 4]]);
    play(&mut g, 2, 0);
    let st = g.state();
    assert_eq!(st.finished, [0]);
    assert_eq!(st.phase, PhaseState::Over);
    let going_on = GameState {
        phase: PhaseState::Roll,
        ..st.clone()
    };
    assert!(matches!(
        Game::from_state(first_to(1), &going_on),
        Err(StateError::NotOver(_))
    ));
    // The same pieces under the standard rules have not finished.
    assert!(matches!(
        Game::from_state(Rules::default(), &st),
        Err(StateError::Finished(_))
    ));
}

#[test]
fn a_shorter_game_is_written_as_a_number_and_refuses_more_than_four() {
    let rules: Rules = serde_json::from_str(r#"{"pieces_to_win": 1}"#).unwrap();
    assert_eq!(rules.pieces_to_win.get(), 1);
    for bad in ["0", "5"] {
        let err = serde_json::from_str::<Rules>(&format!(r#"{{"pieces_to_win": {bad}}}"#))
            .unwrap_err()
            .to_string();
        assert!(err.contains("1 to 4 pieces"), "{err}");
    }
}

// ---------------------------------------------------------------- capture before home

fn capture_first() -> Rules {
    Rules {
        capture_before_home: true,
        ..Rules::default()
    }
}

/// Progress 57 on the cross: the square behind the start, where a piece going round again
/// stands (50 is the last track square, 51–55 the home column, 56 the goal).
const BEHIND: i16 = 57;

#[test]
fn option_capture_before_home_sends_a_piece_round_again_until_its_seat_captures() {
    let g = at(
        capture_first(),
        0,
        &[[48, 10, B, B], [2, B, B, B], [B; 4], [B; 4]],
    );
    // Past the last track square (50) to the square behind the start, then the start.
    assert_eq!(moves(&g, 2), [(0, 48, 50), (1, 10, 12)]);
    assert_eq!(moves(&g, 3), [(0, 48, BEHIND), (1, 10, 13)]);
    assert_eq!(moves(&g, 4), [(0, 48, 0), (1, 10, 14)]);
    assert!(!g.has_captured(0));
    // Piece 1 lands on seat 1's piece (seat 0's progress 15 is seat 1's 2): a capture.
    let mut g = g;
    let ev = play(&mut g, 5, 1);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Captured { seat: 1, .. }))
    );
    assert!(g.has_captured(0));
    assert_eq!(g.state().captured, [0]);
    // Now the same piece turns into its home column.
    assert_eq!(moves(&g, 4)[0], (0, 48, 52));
}

#[test]
fn a_piece_behind_its_start_walks_on_round_and_home_after_a_capture() {
    let g = at(capture_first(), 0, &[[BEHIND, B, B, B], [B; 4]]);
    assert_eq!(moves(&g, 1), [(0, BEHIND, 0)]);
    assert_eq!(moves(&g, 6), [(0, BEHIND, 5), (1, B, 0)]);
    // Having captured, it still has the whole lap to go: it passed its home entry.
    let g = at_after_captures(capture_first(), 0, &[[BEHIND, B, B, B], [B; 4]], &[0]);
    assert_eq!(moves(&g, 3), [(0, BEHIND, 2)]);
}

#[test]
fn a_piece_going_round_again_can_be_captured_behind_its_start() {
    // Seat 0's square behind its start is seat 1's progress 38 (13 squares on).
    let mut g = at(
        capture_first(),
        1,
        &[[BEHIND, B, B, B], [35, B, B, B], [B; 4], [B; 4]],
    );
    let ev = play(&mut g, 3, 0);
    assert!(ev.contains(&Event::Captured {
        seat: 0,
        piece: 0,
        by: 1,
        square: g.track().square(1, 38).unwrap(),
    }));
    assert_eq!(seat_pieces(&g, 0), [B, B, B, B]);
    assert!(g.has_captured(1));
}

#[test]
fn going_round_again_meets_blocks_no_overtaking_and_three_sixes() {
    // A block of seat 1 on seat 0's square behind the start stops the walk round.
    let blocked = at(
        capture_first(),
        0,
        &[[49, B, B, B], [38, 38, B, B], [B; 4], [B; 4]],
    );
    assert_eq!(moves(&blocked, 1), [(0, 49, 50)]);
    assert!(moves(&blocked, 2).is_empty());
    assert!(moves(&blocked, 3).is_empty());
    // Under no overtaking, a piece on it may be landed on but not passed.
    let rules = Rules {
        impassable: Impassable::NoOvertaking,
        ..capture_first()
    };
    let g = at(rules, 0, &[[49, B, B, B], [38, B, B, B], [B; 4], [B; 4]]);
    assert_eq!(moves(&g, 2), [(0, 49, BEHIND)]);
    assert!(moves(&g, 3).is_empty());
    // The third six ends the turn whatever the piece would do.
    let mut g = at(capture_first(), 0, &[[40, B, B, B], [B; 4]]);
    play(&mut g, 6, 0);
    play(&mut g, 6, 0);
    let ev = roll(&mut g, 6);
    assert!(ev.contains(&Event::ThreeSixes { seat: 0 }));
    // 40 + 6 = 46, then round again: 47, 48, 49, 50, behind the start, the start.
    assert_eq!(seat_pieces(&g, 0), [0, B, B, B]);
}

/// The ranking counts a piece going round again by the steps it has walked (51 behind its
/// start on the cross), not by where the state writes it (57, past the goal's 56): a seat
/// with a lap to go ranks below one whose piece is in its home column.
#[test]
fn a_piece_behind_its_start_ranks_by_the_steps_it_has_walked() {
    let rules = Rules {
        pieces_to_win: PiecesToWin::new(1).unwrap(),
        ..capture_first()
    };
    let mut g = at_after_captures(
        rules,
        0,
        &[
            [55, B, B, B],
            [BEHIND, B, B, B],
            [50, B, B, B],
            [55, B, B, B],
        ],
        &[0, 3],
    );
    play(&mut g, 1, 0);
    assert!(g.is_over());
    let order: Vec<(u8, u8, u16)> = g
        .ranking()
        .unwrap()
        .iter()
        .map(|s| (s.seat, s.rank, s.progress))
        .collect();
    assert_eq!(order, [(0, 1, 56), (3, 2, 55), (1, 3, 51), (2, 4, 50)]);
}

#[test]
fn a_state_under_capture_before_home_says_who_captured() {
    // In the home column without a capture: not a position of this game.
    let st = at_after_captures(capture_first(), 0, &[[52, B, B, B], [B; 4]], &[0]).state();
    let not_yet = GameState {
        captured: Vec::new(),
        ..st.clone()
    };
    assert!(matches!(
        Game::from_state(capture_first(), &not_yet),
        Err(StateError::Captured(_))
    ));
    // Who captured is kept only under the rule; behind the start is past the goal otherwise.
    assert!(matches!(
        Game::from_state(Rules::default(), &st),
        Err(StateError::Captured(_))
    ));
    let behind = at(capture_first(), 0, &[[BEHIND, B, B, B], [B; 4]]).state();
    assert!(matches!(
        Game::from_state(Rules::default(), &behind),
        Err(StateError::PastGoal { .. })
    ));
    // And it round-trips.
    assert_eq!(Game::from_state(capture_first(), &st).unwrap().state(), st);
}

// ---------------------------------------------------------------- partners

fn partners() -> Rules {
    Rules {
        teams: Teams::Pairs,
        ..Rules::default()
    }
}

fn ranks(game: &Game) -> Vec<(u8, u8)> {
    let mut r: Vec<(u8, u8)> = game
        .ranking()
        .unwrap()
        .iter()
        .map(|s| (s.seat, s.rank))
        .collect();
    r.sort_unstable();
    r
}

/// Under partners with fewer pieces to win, a seat that has won plays on with its partner's
/// pieces and nobody moves the ones it left on the board: they make no block, or such a block
/// could stand for ever (on a start square, where it cannot be captured, it once held up every
/// seat behind it and the game never ended).
#[test]
fn a_partner_who_has_won_leaves_no_block_behind() {
    let rules = Rules {
        pieces_to_win: PiecesToWin::new(2).unwrap(),
        safe_squares: SafeSquares::None,
        ..partners()
    };
    // Seat 1 has two pieces home and two on its progress 10 (square 23); seat 0 stands on 21.
    let won = [[21, -1, -1, -1], [56, 56, 10, 10], [-1; 4], [-1; 4]];
    let g = at(rules.clone(), 0, &won);
    assert_eq!(g.finished(), [1]);
    assert_eq!(moves(&g, 4), [(0, 21, 25)], "passes the pair");
    let mut g2 = g.clone();
    let ev = play(&mut g2, 2, 0);
    assert!(
        ev.iter().any(|e| matches!(e, Event::Captured { .. })),
        "{ev:?}"
    );
    assert_eq!(raw(g2.pieces(1)[2]), -1);
    // Before it has won, the pair is a block.
    let playing = [[21, -1, -1, -1], [56, 55, 10, 10], [-1; 4], [-1; 4]];
    let mut g = at(rules.clone(), 1, &playing);
    assert!(moves(&g, 4).iter().all(|m| m.0 != 0) && g.finished().is_empty());
    assert_eq!(g.moves_for(0, 4).as_slice(), []);
    // It wins with the roll of 1, and the pair it leaves stops being one.
    play(&mut g, 1, 1);
    assert_eq!(g.finished(), [1]);
    assert!(!g.is_over());
    let to: Vec<i16> = g
        .moves_for(0, 4)
        .as_slice()
        .iter()
        .map(|m| raw(m.to))
        .collect();
    assert_eq!(to, [25]);
    // Saved and read back, the position is the same.
    assert_eq!(
        Game::from_state(rules, &g.state()).unwrap().state(),
        g.state()
    );
}

#[test]
fn partners_play_at_four_seats_only() {
    for seats in 2..=3 {
        assert_eq!(
            Game::new(partners(), seats, 0).unwrap_err(),
            StateError::Rules(RulesRefusal::PartnersNeedFour(seats))
        );
    }
    assert!(Game::new(partners(), 4, 0).is_ok());
    assert_eq!(partners().partner(1), Some(3));
    assert_eq!(Rules::default().partner(1), None);
}

#[test]
fn partners_share_a_square_and_never_capture_each_other() {
    // Seat 0's progress 15 is seat 2's 41 (26 squares on).
    let mut g = at(
        partners(),
        0,
        &[[10, B, B, B], [B; 4], [41, B, B, B], [B; 4]],
    );
    let ev = play(&mut g, 5, 0);
    assert!(!ev.iter().any(|e| matches!(e, Event::Captured { .. })));
    assert_eq!(seat_pieces(&g, 0)[0], 15);
    assert_eq!(seat_pieces(&g, 2)[0], 41);
    // Each for themself, the same move captures.
    let mut g = std_at(0, &[[10, B, B, B], [B; 4], [41, B, B, B], [B; 4]]);
    let ev = play(&mut g, 5, 0);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Captured { seat: 2, .. }))
    );
}

#[test]
fn a_partners_block_does_not_stop_its_partner() {
    // Seat 2's block stands on seat 0's progress 15: seat 0 may pass it and land on it.
    let pieces = [[10, B, B, B], [B; 4], [41, 41, B, B], [B; 4]];
    assert_eq!(moves(&at(partners(), 0, &pieces), 5), [(0, 10, 15)]);
    assert_eq!(moves(&at(partners(), 0, &pieces), 4), [(0, 10, 14)]);
    assert_eq!(
        moves(&at(partners(), 0, &pieces), 6),
        [(0, 10, 16), (1, B, 0)]
    );
    assert!(moves(&std_at(0, &pieces), 5).is_empty());
    assert_eq!(moves(&std_at(0, &pieces), 6), [(1, B, 0)]);
}

#[test]
fn option_team_blocks_make_two_opponents_on_a_square_a_block() {
    // Seat 0's progress 20 is seat 1's 7 and seat 3's 33.
    let pieces = [[17, B, B, B], [7, B, B, B], [B; 4], [33, B, B, B]];
    let team_blocks = Rules {
        team_blocks: true,
        ..partners()
    };
    let g = at(team_blocks, 0, &pieces);
    assert!(moves(&g, 3).is_empty(), "landing on the pair's block");
    assert!(moves(&g, 4).is_empty(), "passing it");
    assert!(g.in_block(1, 0) && g.in_block(3, 0));
    // Without team blocks the pair is two lone pieces: landing there takes both.
    let mut g = at(partners(), 0, &pieces);
    assert!(!g.in_block(1, 0));
    let ev = play(&mut g, 3, 0);
    let taken = ev
        .iter()
        .filter(|e| matches!(e, Event::Captured { .. }))
        .count();
    assert_eq!(taken, 2);
}

#[test]
fn a_player_whose_pieces_are_home_rolls_on_for_its_partner() {
    let mut g = at(partners(), 0, &[[56; 4], [B; 4], [10, B, B, B], [B; 4]]);
    assert_eq!(g.mover(), 2);
    let ev = play(&mut g, 3, 0);
    assert_eq!(ev[0], Event::Rolled { seat: 0, value: 3 });
    assert!(ev.contains(&Event::Moved {
        seat: 2,
        piece: 0,
        from: Pos::at(10),
        to: Pos::at(13),
    }));
    assert!(ev.contains(&Event::TurnPassed { from: 0, to: 1 }));
    // The finished seat keeps its turns: after seat 3 it is seat 0's turn again.
    roll(&mut g, 1);
    play(&mut g, 1, 0);
    roll(&mut g, 1);
    assert_eq!(g.turn(), 0);
    // Three sixes end its turn as anyone's.
    play(&mut g, 6, 0);
    play(&mut g, 6, 0);
    let ev = roll(&mut g, 6);
    assert!(ev.contains(&Event::ThreeSixes { seat: 0 }));
}

#[test]
fn finishing_with_a_six_rolls_again_for_the_partner() {
    let mut g = at(
        partners(),
        0,
        &[[56, 56, 56, 50], [B; 4], [10, B, B, B], [B; 4]],
    );
    let ev = play(&mut g, 6, 3);
    assert!(ev.contains(&Event::SeatFinished { seat: 0, place: 1 }));
    assert!(!g.is_over());
    assert_eq!((g.turn(), g.mover()), (0, 2));
    assert_eq!(moves(&g, 2), [(0, 10, 12)]);
}

#[test]
fn the_pair_wins_when_both_are_home_and_ranks_by_pair() {
    let mut g = at(
        partners(),
        0,
        &[[56; 4], [30, B, B, B], [56, 56, 56, 54], [20, B, B, B]],
    );
    let ev = play(&mut g, 2, 3);
    assert!(ev.contains(&Event::SeatFinished { seat: 2, place: 2 }));
    assert!(g.is_over());
    assert_eq!(ranks(&g), [(0, 1), (1, 3), (2, 1), (3, 3)]);
}

#[test]
fn option_team_wins_with_one_home_ends_at_the_first_of_a_pair() {
    let one_home = Rules {
        team_wins: TeamWins::OneHome,
        ..partners()
    };
    let mut g = at(
        one_home,
        1,
        &[[30, B, B, B], [56, 56, 56, 54], [B; 4], [20, B, B, B]],
    );
    play(&mut g, 2, 3);
    assert!(g.is_over());
    assert_eq!(ranks(&g), [(0, 3), (1, 1), (2, 3), (3, 1)]);
    // With one piece to win too: the first piece home of either partner wins for both.
    let short = Rules {
        pieces_to_win: PiecesToWin::new(1).unwrap(),
        team_wins: TeamWins::OneHome,
        ..partners()
    };
    let mut g = at(short, 0, &[[54, B, B, B], [B; 4], [B; 4], [B; 4]]);
    play(&mut g, 2, 0);
    assert!(g.is_over());
    assert_eq!(ranks(&g), [(0, 1), (1, 3), (2, 1), (3, 3)]);
}

#[test]
fn a_partners_capture_counts_for_capture_before_home_of_its_owner() {
    let rules = Rules {
        capture_before_home: true,
        ..partners()
    };
    // Seat 0 is home (it captured on the way); it moves seat 2's piece onto seat 1's.
    // Seat 2's progress 20 is seat 1's 33 (seat 1 starts 13 squares after seat 0).
    let mut g = at_after_captures(
        rules,
        0,
        &[[56; 4], [33, B, B, B], [17, B, B, B], [B; 4]],
        &[0],
    );
    let ev = play(&mut g, 3, 0);
    assert!(ev.contains(&Event::Captured {
        seat: 1,
        piece: 0,
        by: 2,
        square: g.track().square(2, 20).unwrap(),
    }));
    assert!(g.has_captured(2));
}
