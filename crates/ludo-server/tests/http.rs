//! The server as a web site: the browser build with precompressed files chosen by
//! `Accept-Encoding`, the right types, caching, and invite links that open the game's page.

mod common;

use common::*;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A plain HTTP/1.1 GET; the status line and headers (lower-case names) and the body.
async fn get(addr: &str, path: &str, accept: &str) -> (String, Vec<u8>) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!(
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nAccept-Encoding: {accept}\r\nConnection: close\r\n\r\n"
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut all = Vec::new();
    s.read_to_end(&mut all).await.unwrap();
    let end = all.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&all[..end]).to_lowercase();
    (head, all[end + 4..].to_vec())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_browser_build_is_served_compressed_and_invites_open_it() {
    let web = tempfile::tempdir().unwrap();
    let page = "<!doctype html><html><head><title>Ludo</title></head><body>game</body></html>";
    std::fs::write(web.path().join("index.html"), page).unwrap();
    std::fs::write(web.path().join("ludo_bg.wasm"), b"\0asm plain").unwrap();
    std::fs::write(web.path().join("ludo_bg.wasm.br"), b"brotli bytes").unwrap();
    std::fs::write(web.path().join("ludo_bg.wasm.gz"), b"gzip bytes").unwrap();
    std::fs::write(web.path().join("ludo-0123abcdef.js"), b"js").unwrap();
    std::fs::write(web.path().join("manifest.webmanifest"), b"{}").unwrap();
    std::fs::write(web.path().join("sw.js"), b"// worker").unwrap();
    let t = start(ludo_server::Config {
        web: Some(web.path().to_path_buf()),
        ..fast()
    })
    .await;
    within(20, async {
        let (head, body) = get(&t.addr, "/ludo_bg.wasm", "gzip, br").await;
        assert!(head.starts_with("http/1.1 200"), "{head}");
        assert!(head.contains("content-type: application/wasm"), "{head}");
        assert!(head.contains("content-encoding: br"), "{head}");
        assert!(head.contains("cache-control: no-cache"), "{head}");
        assert_eq!(body, b"brotli bytes");
        let (head, body) = get(&t.addr, "/ludo_bg.wasm", "gzip").await;
        assert!(head.contains("content-encoding: gzip"), "{head}");
        assert_eq!(body, b"gzip bytes");
        let (head, body) = get(&t.addr, "/ludo_bg.wasm", "identity").await;
        assert!(!head.contains("content-encoding"), "{head}");
        assert_eq!(body, b"\0asm plain");
        let (head, _) = get(&t.addr, "/ludo-0123abcdef.js", "identity").await;
        assert!(head.contains("immutable"), "{head}");
        // An invite link opens the game's page, whose relative addresses start at the root.
        let (head, body) = get(&t.addr, "/r/K7X9PQTA", "identity").await;
        assert!(head.starts_with("http/1.1 200"), "{head}");
        let body = String::from_utf8(body).unwrap();
        assert!(
            body.contains("<base href=\"/\">") && body.contains("game"),
            "{body}"
        );
        // What makes the game installable: its manifest by its type, and the offline
        // worker checked again on every visit (a new build replaces it at once).
        let (head, _) = get(&t.addr, "/manifest.webmanifest", "identity").await;
        assert!(
            head.contains("content-type: application/manifest+json"),
            "{head}"
        );
        let (head, _) = get(&t.addr, "/sw.js", "identity").await;
        assert!(head.contains("cache-control: no-cache"), "{head}");
        assert!(head.contains("javascript"), "{head}");
        let (head, _) = get(&t.addr, "/nothing-here", "identity").await;
        assert!(head.starts_with("http/1.1 404"), "{head}");
    })
    .await;
}

/// A finished game is served at `/g/ID`: the game's page with the game in it, and its file at
/// `/g/ID.json`, whose dice check on the device; an unknown or garbled ID gets a clear note.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_served_for_review() {
    let web = tempfile::tempdir().unwrap();
    let page = "<!doctype html><html><head><title>Ludo</title></head><body>game</body></html>";
    std::fs::write(web.path().join("index.html"), page).unwrap();
    let t = start(ludo_server::Config {
        web: Some(web.path().to_path_buf()),
        ..fast()
    })
    .await;
    within(60, async {
        let mut p = ludo_server_tools::client::Player::create(&t.addr, table(&[OPEN, CPU]), "Ana")
            .await
            .unwrap();
        let end = p.play_to_end().await.unwrap();
        let result = end.game.unwrap().result.unwrap();
        let id = format!("{}-1", ludo_proto::display_code(&p.code));
        let (head, body) = get(&t.addr, &format!("/g/{id}.json"), "identity").await;
        assert!(head.starts_with("http/1.1 200"), "{head}");
        assert!(head.contains("content-type: application/json"), "{head}");
        let file =
            ludo_proto::GameFile::parse("served", &String::from_utf8(body).unwrap()).unwrap();
        assert_eq!(file.record, result.record);
        assert_eq!(file.check_dice(), Some(ludo_proto::DiceCheck::Fair));
        assert_eq!(file.id.as_deref(), Some(format!("{}-1", p.code).as_str()));
        // The page carries the same game for the browser build to open.
        let (head, body) = get(&t.addr, &format!("/g/{id}"), "identity").await;
        assert!(head.starts_with("http/1.1 200"), "{head}");
        let body = String::from_utf8(body).unwrap();
        let script = body
            .split("<script type=\"application/json\" id=\"ludo-game\">")
            .nth(1)
            .and_then(|rest| rest.split("</script>").next())
            .expect("the game is in the page");
        let in_page = ludo_proto::GameFile::parse("page", &script.replace("<\\/", "</")).unwrap();
        assert_eq!(in_page, file);
        assert!(body.contains("<base href=\"/\">") && body.contains("game"));
        // Unknown and garbled IDs.
        let unknown = format!("/g/{}-9", ludo_proto::display_code(&p.code));
        let (head, body) = get(&t.addr, &unknown, "identity").await;
        assert!(head.starts_with("http/1.1 404"), "{head}");
        assert!(String::from_utf8_lossy(&body).contains("No finished game"));
        let (head, body) = get(&t.addr, "/g/not%20a%20game", "identity").await;
        assert!(head.starts_with("http/1.1 400"), "{head}");
        assert!(String::from_utf8_lossy(&body).contains("not a game's ID"));
        // A game against a CPU is not ranked: the leaderboard (a page, and JSON for the
        // game's window) has nobody yet, and says when a player shows.
        let (head, body) = get(&t.addr, "/leaderboard", "identity").await;
        assert!(head.starts_with("http/1.1 200"), "{head}");
        assert!(head.contains("content-type: text/html"), "{head}");
        let body = String::from_utf8(body).unwrap();
        assert!(
            body.contains("Nobody yet") && body.contains("5 ranked games"),
            "{body}"
        );
        let (head, body) = get(&t.addr, "/leaderboard.json?me=1", "identity").await;
        assert!(head.contains("content-type: application/json"), "{head}");
        let board: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(board["leaders"], serde_json::json!([]));
        assert_eq!(board["you"], serde_json::Value::Null);
        assert_eq!(board["min_games"], 5);
    })
    .await;
}
