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
