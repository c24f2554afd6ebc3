//! A long online game for the browser test (`web/online-test.mjs`): three bots that move the
//! piece furthest back join room CODE and play it to its end (`game over after N events`);
//! with `--pause-at N` they hold the game past N events until a line comes on their input.
//!
//! `long_game --find N` instead finds a fixed seed (`ludo-server --fixed-seed`) whose game
//! under *rank all players* still has the host's seat playing past N events when that seat is
//! played by the server's CPU from the first turn (the page closes as the game starts) and
//! the bots' by them: each seed is played on a server binary of its own, on 127.0.0.1.
//!
//! ```sh
//! long_game ADDR CODE [--pause-at 2000]
//! long_game --find 2600
//! ```

use ludo_core::Rules;
use ludo_proto::{SeatSpec, Stage, TableSpec};
use ludo_server_tools::client::{Player, spawn_server};

/// The bots fill seats 1 to 3 and play to the end; the events heard. With `pause`, they stop
/// answering once that many events are played (the game waits for them), say `paused at N`,
/// and go on when a line comes on the standard input.
async fn bots(addr: &str, code: &str, pause: Option<u64>) -> Result<(u64, Option<u64>), String> {
    let mut bots = Vec::new();
    for name in ["Bot 1", "Bot 2", "Bot 3"] {
        let mut p = Player::join(addr, code, name, None).await?;
        p.furthest_back = true;
        bots.push(p);
    }
    if let Some(at) = pause {
        bots = play_all(bots, move |p| {
            p.mirror
                .as_ref()
                .is_some_and(|m| m.seq >= at || m.game.is_over())
        })
        .await?;
        let seq = bots
            .iter()
            .filter_map(|p| p.mirror.as_ref())
            .map(|m| m.seq)
            .max();
        println!("paused at {}", seq.unwrap_or(0));
        tokio::task::spawn_blocking(|| std::io::stdin().read_line(&mut String::new()))
            .await
            .map_err(|e| e.to_string())?
            .map_err(|e| e.to_string())?;
        for p in &mut bots {
            p.answer().await?;
        }
    }
    let bots = play_all(bots, |p| p.stage() == Some(Stage::Over)).await?;
    let seq = bots[0].mirror.as_ref().map_or(0, |m| m.seq);
    Ok((seq, host_done_at(&bots[0])))
}

/// The event at which the host's seat (0) brought its last piece home, from the finished
/// game's record.
fn host_done_at(p: &Player) -> Option<u64> {
    let record = &p.view.as_ref()?.game.as_ref()?.result.as_ref()?.record;
    let (mut seen, mut at) = (0u64, None);
    record
        .replay_each(|_, _, events| {
            for e in events {
                if at.is_none() && matches!(e, ludo_core::Event::SeatFinished { seat: 0, .. }) {
                    at = Some(seen);
                }
                seen += 1;
            }
        })
        .ok()?;
    at
}

/// Each bot plays its seat until `stop` holds for it.
async fn play_all(
    bots: Vec<Player>,
    stop: impl Fn(&Player) -> bool + Clone + Send + 'static,
) -> Result<Vec<Player>, String> {
    let tasks: Vec<_> = bots
        .into_iter()
        .map(|mut p| {
            let stop = stop.clone();
            tokio::spawn(async move { p.play_until(stop).await.map(|()| p) })
        })
        .collect();
    let mut bots = Vec::new();
    for t in tasks {
        bots.push(t.await.map_err(|e| e.to_string())??);
    }
    Ok(bots)
}

/// How long the host's seat plays in seed `seed`'s game with the host gone from the first
/// turn (the events until it finished, or the whole game), on a server of its own (the
/// binary beside this program, on 127.0.0.1); and the game's length.
async fn length(seed: u64) -> Result<(u64, u64), String> {
    let dir = std::env::temp_dir().join(format!("ludo-long-game-{}-{seed}", std::process::id()));
    let bin = std::env::current_exe()
        .map_err(|e| e.to_string())?
        .with_file_name("../ludo-server");
    let db = dir.join("server.sqlite");
    let args: Vec<std::ffi::OsString> = [
        "--db".into(),
        db.into_os_string(),
        "--cpu-pace-ms".into(),
        "0".into(),
        "--away-grace-ms".into(),
        "0".into(),
        "--rate".into(),
        "10000".into(),
        "--burst".into(),
        "10000".into(),
        "--fixed-seed".into(),
        seed.to_string().into(),
    ]
    .into_iter()
    .collect();
    let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_os_str()).collect();
    let (mut server, addr) = spawn_server(&bin, &args)?;
    let spec = TableSpec {
        rules: Rules {
            rank_all: true,
            ..Rules::default()
        },
        seats: vec![SeatSpec::Open; 4],
        turn_limit_secs: None,
    };
    let host = Player::create(&addr, spec, "Host").await?;
    let code = host.code.clone();
    let game = tokio::spawn({
        let addr = addr.clone();
        async move { bots(&addr, &code, None).await }
    });
    // The host goes once the game has started (its seat waits for the host until then).
    let mut host = host;
    host.play_until(|p| p.stage() == Some(Stage::Playing))
        .await?;
    drop(host);
    let (seq, host_done) = game.await.map_err(|e| e.to_string())??;
    let _ = server.kill();
    let _ = server.wait();
    let _ = std::fs::remove_dir_all(&dir);
    Ok((host_done.unwrap_or(seq), seq))
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.as_slice() {
        [find, n] if find == "--find" => match n.parse::<u64>() {
            Ok(n) => {
                let mut found = None;
                for seed in 0..400 {
                    match length(seed).await {
                        Ok((host, len)) if host > n => {
                            found = Some((seed, host, len));
                            break;
                        }
                        Ok(_) => {}
                        Err(e) => {
                            eprintln!("long_game: seed {seed}: {e}");
                            return std::process::ExitCode::FAILURE;
                        }
                    }
                }
                match found {
                    Some((seed, host, len)) => {
                        println!("seed {seed}: the host's seat plays {host} events of {len}");
                        Ok(())
                    }
                    None => Err(format!(
                        "no seed below 400 has the host's seat playing past {n} events"
                    )),
                }
            }
            Err(e) => Err(format!("--find takes a number of events: {e}")),
        },
        [addr, code, pause, at] if pause == "--pause-at" => match at.parse() {
            Ok(at) => bots(addr, code, Some(at))
                .await
                .map(|(seq, _)| println!("game over after {seq} events")),
            Err(e) => Err(format!("--pause-at takes a number of events: {e}")),
        },
        [addr, code] => bots(addr, code, None)
            .await
            .map(|(seq, _)| println!("game over after {seq} events")),
        _ => Err("usage: long_game ADDR CODE [--pause-at EVENTS] | long_game --find EVENTS".into()),
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("long_game: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
