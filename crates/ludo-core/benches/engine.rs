//! Random 4-player games per second under the standard rules, on one thread: the figure the
//! README quotes. `make bench` runs it; criterion prints the time per game, and the last line
//! turns it into games per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ludo_core::{Chooser, Dice, Discard, Game, RandomChooser, Rules, play_out};
use std::hint::black_box;

fn random_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("engine");
    group.throughput(Throughput::Elements(1));
    let mut game = Game::new(Rules::default(), 4, 0).unwrap();
    let mut dice = Dice::new(1);
    let mut choosers: Vec<RandomChooser> = (0..4).map(|s| RandomChooser::new(100 + s)).collect();
    let mut first = 0u8;
    group.bench_function("random 4-player game, standard rules", |b| {
        b.iter(|| {
            first = (first + 1) % 4;
            game.restart(first);
            let mut refs: Vec<&mut dyn Chooser> =
                choosers.iter_mut().map(|c| c as &mut dyn Chooser).collect();
            black_box(play_out(&mut game, &mut dice, &mut refs, &mut Discard))
        })
    });
    group.bench_function("legal moves for one roll", |b| {
        let mut g = Game::new(Rules::default(), 4, 0).unwrap();
        let mut refs: Vec<&mut dyn Chooser> =
            choosers.iter_mut().map(|c| c as &mut dyn Chooser).collect();
        // A mid-game position: play a game part way.
        let mut d = Dice::new(3);
        let mut ev = Vec::new();
        for _ in 0..200 {
            let turn = g.turn() as usize;
            let Some(action) = g.due(|g, moves| refs[turn].choose(g, moves)) else {
                break;
            };
            g.act(action, &mut d, &mut ev).unwrap();
        }
        b.iter(|| black_box(g.moves_for(g.turn(), black_box(5))))
    });
    group.finish();
}

criterion_group!(benches, random_games);
criterion_main!(benches);
