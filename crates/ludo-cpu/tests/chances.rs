//! The review's chart: each seat's chance after every turn sums to one and ends at one for
//! the winner; under *rank all players* the expected places end at the final ranks.

use ludo_core::{GameRecord, RandomChooser, Rules};
use ludo_cpu::chances::{Chart, Measure};

fn record(rules: Rules, seats: usize, seed: u64) -> GameRecord {
    let players = (0..seats).map(|s| format!("random:{s}")).collect();
    GameRecord::played(rules, players, seed, &mut RandomChooser::new(seed)).unwrap()
}

#[test]
fn chances_sum_to_one_after_every_turn_and_end_with_the_winner() {
    for (seats, seed) in [(2, 1), (3, 2), (4, 3), (4, 4)] {
        let record = record(Rules::default(), seats, seed);
        let positions = record.positions().unwrap();
        let chart = Chart::of(&positions).unwrap();
        assert_eq!(chart.measure, Measure::Win);
        assert_eq!(chart.points[0].at, 0);
        assert_eq!(chart.points.last().unwrap().at, positions.len() - 1);
        assert!(chart.points.windows(2).all(|p| p[0].at < p[1].at));
        for point in &chart.points {
            let sum: f32 = point.values.iter().sum();
            assert!(
                (sum - 1.0).abs() < 1e-4,
                "{seats} seats, at {}: {sum}",
                point.at
            );
            assert!(point.values.iter().all(|v| (0.0..=1.0).contains(v)));
        }
        let winner = positions.last().unwrap().game.ranking().unwrap()[0].seat;
        assert_eq!(chart.points.last().unwrap().values[winner as usize], 1.0);
        // A chart is not flat: the turns that moved a chance most are its moments.
        let moments = chart.moments(5);
        assert!(!moments.is_empty() && moments.len() <= 5);
        assert!(moments.windows(2).all(|m| m[0].point < m[1].point));
        for m in &moments {
            assert_eq!(m.before, chart.points[m.point - 1].values[m.seat as usize]);
            assert_eq!(m.after, chart.points[m.point].values[m.seat as usize]);
            assert!((m.after - m.before).abs() >= 0.03);
        }
    }
}

#[test]
fn under_rank_all_the_chart_is_the_expected_place() {
    let rules = Rules {
        rank_all: true,
        ..Rules::default()
    };
    let record = record(rules, 4, 5);
    let positions = record.positions().unwrap();
    let chart = Chart::of(&positions).unwrap();
    assert_eq!(chart.measure, Measure::Place);
    for point in &chart.points {
        let sum: f32 = point.values.iter().sum();
        assert!((sum - 10.0).abs() < 1e-3, "at {}: {sum}", point.at);
        assert!(point.values.iter().all(|v| (1.0..=4.0).contains(v)));
    }
    let last = chart.points.last().unwrap();
    for s in positions.last().unwrap().game.ranking().unwrap() {
        assert_eq!(last.values[s.seat as usize], f32::from(s.rank));
    }
}

#[test]
fn under_partners_each_seat_has_its_pairs_chance() {
    let rules = Rules {
        teams: ludo_core::Teams::Pairs,
        rank_all: true,
        ..Rules::default()
    };
    let record = record(rules, 4, 5);
    let positions = record.positions().unwrap();
    // Rated by `expert`'s network for the aims, whose rating for a seat is its pair's chance.
    assert_eq!(
        ludo_cpu::chances::network_for(&positions[0].game),
        Some(ludo_cpu::value_net::NetId::aims(4))
    );
    let chart = Chart::of(&positions).unwrap();
    // The pair wins or loses together, whatever rank all says.
    assert_eq!(chart.measure, Measure::Win);
    for point in &chart.points {
        let v = &point.values;
        assert_eq!((v[0], v[1]), (v[2], v[3]), "at {}", point.at);
        assert!((v[0] + v[1] - 1.0).abs() < 1e-4, "at {}: {v:?}", point.at);
    }
    let winner = positions.last().unwrap().game.ranking().unwrap()[0].seat;
    assert_eq!(chart.points.last().unwrap().values[winner as usize], 1.0);
}

/// At five and six seats the chart is the race of squares left. Still
/// each point's chances sum to one (or the places to 1 + … + n under rank all), the winner
/// ends at one, no seat starts far ahead, and a seat that is nearly home leads.
#[test]
fn at_five_and_six_seats_the_chart_is_the_race_of_squares_left() {
    for (seats, rank_all) in [(5usize, false), (6, false), (6, true)] {
        let rules = Rules {
            rank_all,
            ..Rules::default()
        };
        let record = record(rules, seats, 7);
        let positions = record.positions().unwrap();
        let chart = Chart::of(&positions).unwrap();
        let n = seats as f32;
        let (measure, total) = match rank_all {
            false => (Measure::Win, 1.0),
            true => (Measure::Place, n * (n + 1.0) / 2.0),
        };
        assert_eq!(chart.measure, measure);
        for point in &chart.points {
            let sum: f32 = point.values.iter().sum();
            assert!(
                (sum - total).abs() < 1e-3,
                "{seats}: at {}: {sum}",
                point.at
            );
        }
        // No seat is far ahead before a die is rolled (the first to play a little).
        let start = &chart.points[0].values;
        let fair = total / n;
        let near = |v: f32| match rank_all {
            false => v <= 2.0 * fair,
            true => (v - fair).abs() <= 1.0,
        };
        assert!(start.iter().all(|&v| near(v)), "{start:?}");
        let last = chart.points.last().unwrap();
        let ranking = positions.last().unwrap().game.ranking().unwrap();
        if !rank_all {
            assert_eq!(last.values[ranking[0].seat as usize], 1.0);
        }
        // The point before the winner's last turn: the winner, three pieces home, leads.
        let before = &chart.points[chart.points.len() - 2].values;
        let winner = ranking[0].seat as usize;
        let best = match rank_all {
            false => before.iter().cloned().fold(f32::MIN, f32::max),
            true => before.iter().cloned().fold(f32::MAX, f32::min),
        };
        assert_eq!(before[winner], best, "{seats} seats: {before:?}");
    }
}
