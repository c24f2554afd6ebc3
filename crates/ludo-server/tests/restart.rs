//! The server process killed mid-game (SIGKILL, no goodbye) and started again on the same
//! database: the room is back at the same step, the players resume with their seat tokens,
//! and the game plays on to a result whose record replays.

mod common;

use std::ffi::OsStr;
use std::path::Path;
use std::process::Child;

use common::*;
use ludo_proto::ServerMsg;
use ludo_server::client::{Player, spawn_server};

/// A server process, killed when the test is done with it (or fails).
struct Running(Child);

impl Running {
    fn kill(mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The real server binary on a free port of 127.0.0.1, with this database. Its bots play as
/// fast as the server answers, so the per-device rate limit (20 a second) is lifted as in the
/// other tests' `fast()`: a quick moment would otherwise close a connection mid-game.
fn server(db: &Path) -> (Running, String) {
    let args: Vec<&OsStr> = [
        "--cpu-pace-ms",
        "0",
        "--away-grace-ms",
        "60000",
        "--rate",
        "10000",
        "--burst",
        "10000",
        "--db",
    ]
    .iter()
    .map(OsStr::new)
    .chain([db.as_os_str()])
    .collect();
    let (child, addr) = spawn_server(Path::new(env!("CARGO_BIN_EXE_ludo-server")), &args).unwrap();
    (Running(child), addr)
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
        let mut w = ludo_server::client::Client::connect(&addr).await.unwrap();
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
