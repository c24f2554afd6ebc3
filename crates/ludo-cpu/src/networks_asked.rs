//! Which learned network each level asks for, and when: `Cpu` seen from the networks' side.

use ludo_core::{Game, Rules, SafeSquares};

use crate::value_net::{Kind, NetId, shipped};
#[cfg(not(feature = "shipped-nets"))]
use crate::value_net::{file_of, provide};
use crate::{Cpu, CpuLevel};

#[test]
fn hard_asks_for_its_network_until_it_is_given() {
    let game = Game::new(Rules::default(), 2, 0).unwrap();
    let hard = Cpu::new(CpuLevel::Hard, 1);
    let id = NetId::new(Kind::Hard, 2);
    #[cfg(not(feature = "shipped-nets"))]
    {
        assert_eq!(hard.missing_network(&game), Some(id));
        provide(id, &file_of(id)).unwrap();
    }
    assert_eq!(hard.missing_network(&game), None);
    assert!(shipped(id).is_some());
    // `expert` against `random` players alone plays by `hard`'s network (given above).
    let random = Some(CpuLevel::Random);
    let expert_at_random = Cpu::new(CpuLevel::Expert, 1).seeing([
        Some(CpuLevel::Expert),
        random,
        None,
        None,
        None,
        None,
    ]);
    assert_eq!(expert_at_random.missing_network(&game), None);
    #[cfg(not(feature = "shipped-nets"))]
    assert_eq!(
        Cpu::new(CpuLevel::Expert, 1).missing_network(&game),
        Some(NetId::new(Kind::Expert, 2))
    );
    // Only `hard` under the rules its networks know asks, and `expert` under any.
    assert_eq!(Cpu::new(CpuLevel::Normal, 1).missing_network(&game), None);
    let house = Rules {
        safe_squares: SafeSquares::None,
        ..Rules::default()
    };
    let house = Game::new(house, 3, 0).unwrap();
    assert_eq!(hard.missing_network(&house), None);
    let expert = Cpu::new(CpuLevel::Expert, 1);
    #[cfg(not(feature = "shipped-nets"))]
    assert_eq!(
        expert.missing_network(&house),
        Some(NetId::new(Kind::Expert, 3))
    );
    #[cfg(feature = "shipped-nets")]
    assert_eq!(expert.missing_network(&house), None);
}

#[test]
fn expert_plays_by_the_rank_all_network_under_rank_all_players_at_three_and_four_seats() {
    let expert = Cpu::new(CpuLevel::Expert, 1);
    let rank_all = Rules {
        rank_all: true,
        ..Rules::default()
    };
    for seats in 2..=4 {
        let every_rule = NetId::new(Kind::Expert, seats);
        let ranked = Game::new(rank_all.clone(), seats, 0).unwrap();
        let want = if seats > 2 {
            NetId::rank_all(seats)
        } else {
            // At two seats the place is the win.
            every_rule
        };
        assert_eq!(expert.network_id(&ranked), Some(want));
        let standard = Game::new(Rules::default(), seats, 0).unwrap();
        assert_eq!(expert.network_id(&standard), Some(every_rule));
    }
}

#[test]
fn at_five_and_six_seats_expert_plays_by_its_own_network_and_hard_by_its_evaluation() {
    let rank_all = Rules {
        rank_all: true,
        ..Rules::default()
    };
    let random = Some(CpuLevel::Random);
    for seats in 5..=6 {
        let own = Some(NetId::new(Kind::Expert, seats));
        for rules in [Rules::default(), rank_all.clone()] {
            let game = Game::new(rules, seats, 0).unwrap();
            assert_eq!(Cpu::new(CpuLevel::Expert, 1).network_id(&game), own);
            // `hard`'s network, which a table of `random` players would ask for, is not made
            // for these seats: `expert` searches with its own there too.
            let at_random = Cpu::new(CpuLevel::Expert, 1)
                .seeing([None, random, random, random, random, random]);
            assert_eq!(at_random.network_id(&game), own);
            assert!(!at_random.at_random_table(&game) && !at_random.ranking_rounds(&game));
            assert_eq!(Cpu::new(CpuLevel::Hard, 1).network_id(&game), None);
        }
    }
}

#[test]
fn under_fewer_pieces_a_capture_first_or_partners_expert_plays_by_its_network_for_the_aims() {
    use ludo_core::{PiecesToWin, Teams};
    let quick = Rules {
        pieces_to_win: PiecesToWin::new(1).unwrap(),
        ..Rules::default()
    };
    let master = Rules {
        capture_before_home: true,
        ..Rules::default()
    };
    let partners = Rules {
        teams: Teams::Pairs,
        ..Rules::default()
    };
    let random = Some(CpuLevel::Random);
    let at_random = [None, random, random, random, random, random];
    for seats in 2..=6 {
        for rules in [quick.clone(), master.clone(), partners.clone()] {
            for rank_all in [false, true] {
                let rules = Rules {
                    rank_all,
                    ..rules.clone()
                };
                let Ok(game) = Game::new(rules, seats, 0) else {
                    assert!(seats != 4, "partners play at four seats");
                    continue;
                };
                let aims = Some(NetId::aims(seats));
                // Whoever sits at the table: not `hard`'s network at a table of `random`
                // players, nor the one under *rank all players*, which know no aims.
                let table = [None, Some(CpuLevel::Normal), None, None, None, None]
                    .map(|l| l.or(Some(CpuLevel::Hard)));
                for expert in [
                    Cpu::new(CpuLevel::Expert, 1),
                    Cpu::new(CpuLevel::Expert, 1).seeing(at_random),
                    Cpu::new(CpuLevel::Expert, 1).seeing(table),
                ] {
                    assert_eq!(expert.network_id(&game), aims, "{seats} seats");
                    assert!(!expert.at_random_table(&game) && !expert.ranking_rounds(&game));
                }
                assert_eq!(Cpu::new(CpuLevel::Hard, 1).network_id(&game), None);
            }
        }
    }
    // The standard game's network is the one it was.
    let game = Game::new(Rules::default(), 4, 0).unwrap();
    assert_eq!(
        Cpu::new(CpuLevel::Expert, 1).network_id(&game),
        Some(NetId::new(Kind::Expert, 4))
    );
}
