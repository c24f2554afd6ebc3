//! The server process killed mid-game (SIGKILL, no goodbye) and started again on the same
//! database: the room is back at the same step, the players resume with their seat tokens,
//! and the game plays on to a result whose record replays.

mod common;

use std::path::Path;

use common::*;
use ludo_proto::ServerMsg;
use ludo_server_tools::client::Player;

fn server(db: &Path) -> (Running, String) {
    let running = server_process(&["--db", db.to_str().unwrap()]);
    let addr = running.addr.clone();
    (running, addr)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_comes_back_with_the_game_at_the_same_step() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("server.sqlite");
    let (first, addr) = server(&db);
    let (a, b, seq, state) = within(30, async {
        let mut a = Player::create(&addr, table(&[OPEN, OPEN]), "Ana")
            .await
            .unwrap();
        let mut b = Player::join(&addr, &a.code, "Budi", None).await.unwrap();
        let far = |p: &Player| p.mirror.as_ref().is_some_and(|m| m.seq >= 60);
        let b_task = tokio::spawn(async move { b.play_until(far).await.map(|_| b) });
        a.play_until(far).await.unwrap();
        let b = b_task.await.unwrap().unwrap();
        let (ma, mb) = (a.mirror.clone().unwrap(), b.mirror.clone().unwrap());
        assert_eq!(ma.seq, mb.seq, "both heard every event");
        (a, b, ma.seq, ma.game.state())
    })
    .await;
    first.kill();

    let (second, addr) = server(&db);
    let (code, ranking) = within(60, async {
        let mut a = Player::resume(&addr, a).await.unwrap();
        let mut b = Player::resume(&addr, b).await.unwrap();
        for p in [&mut a, &mut b] {
            let m = p.client.recv().await.unwrap();
            let ServerMsg::Room(view) = &m else {
                panic!("a snapshot, got {m:?}")
            };
            let g = view.game.as_ref().unwrap();
            assert_eq!(g.seq, seq, "the room is at the same step");
            assert_eq!(g.state, state);
            p.hear(&m).unwrap();
        }
        let b_task = tokio::spawn(async move { b.play_to_end().await });
        let end = a.play_to_end().await.unwrap();
        let b_end = b_task.await.unwrap().unwrap();
        let result = end.game.unwrap().result.unwrap();
        assert_eq!(result.ranking, b_end.game.unwrap().result.unwrap().ranking);
        let replayed = result.record.replay().unwrap();
        assert_eq!(replayed.ranking().unwrap(), &result.ranking[..]);
        (a.code.clone(), result.ranking)
    })
    .await;
    second.kill();

    // Killed again after the end: the finished game and its result are still there.
    let (third, addr) = server(&db);
    within(30, async {
        let mut w = ludo_server_tools::client::Client::connect(&addr)
            .await
            .unwrap();
        w.send(&ludo_proto::ClientMsg::Watch { code })
            .await
            .unwrap();
        let ServerMsg::Room(view) = w.recv().await.unwrap() else {
            panic!("a snapshot")
        };
        assert_eq!(view.stage, ludo_proto::Stage::Over);
        assert_eq!(view.game.unwrap().result.unwrap().ranking, ranking);
    })
    .await;
    third.kill();
}
