//! The server's HTTP side: `/ws` for games, `/r/CODE` for invite links (the browser build's
//! page, which reads the code from the address), `/g/ID` for a finished game's review (the
//! page with the game in it; `/g/ID.json`, the game file), `/leaderboard` (and its JSON), and
//! the browser build itself, with brotli or
//! gzip files chosen by `Accept-Encoding` and caching that never serves a stale page.

use std::sync::Arc;

use axum::Router;
use axum::extract::{Request, State, WebSocketUpgrade};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use ludo_proto::{
    GameFile, MAX_MESSAGE_BYTES, MAX_SERVER_MESSAGE_BYTES, ServedDice, normalize_code, seed_hash,
};
use tower_http::services::ServeDir;

use crate::node::Shared;

pub fn router(shared: Arc<Shared>) -> Router {
    let mut app = Router::new()
        .route("/ws", get(ws))
        .route("/r/{code}", get(invite))
        .route("/g/{id}", get(finished_game))
        .route("/leaderboard", get(super::leaderboard::page))
        .route("/leaderboard.json", get(super::leaderboard::json))
        .route("/healthz", get(|| async { "ok" }))
        .route("/readyz", get(ready));
    if let Some(web) = &shared.config.web {
        let files = ServeDir::new(web).precompressed_br().precompressed_gzip();
        app = app.fallback_service(files);
    }
    app.layer(middleware::from_fn(cache_control))
        .with_state(shared)
}

/// 200 while the node takes new rooms; 503 while it drains (a deploy stops it).
async fn ready(State(shared): State<Arc<Shared>>) -> Response {
    if shared.draining.load(std::sync::atomic::Ordering::Relaxed) {
        (StatusCode::SERVICE_UNAVAILABLE, "draining\n").into_response()
    } else {
        "ready\n".into_response()
    }
}

/// The figures for a host's monitoring, on an address of their own (`--metrics-addr`).
pub fn metrics_router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/metrics", get(metrics))
        .with_state(shared)
}

async fn metrics(State(shared): State<Arc<Shared>>) -> Response {
    use crate::metrics::METRICS;
    METRICS.quick_waiting.set(shared.queue.len() as i64);
    let draining = shared.draining.load(std::sync::atomic::Ordering::Relaxed);
    METRICS.ready.set(i64::from(!draining));
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8"),
        )],
        METRICS.text(),
    )
        .into_response()
}

async fn ws(State(shared): State<Arc<Shared>>, upgrade: WebSocketUpgrade) -> Response {
    // Board-game messages are small: small buffers keep a socket's memory small. The write
    // buffer takes the largest message the server sends and its frame header.
    upgrade
        .max_message_size(MAX_MESSAGE_BYTES)
        .max_frame_size(MAX_MESSAGE_BYTES)
        .read_buffer_size(4096)
        .write_buffer_size(0)
        .max_write_buffer_size(MAX_SERVER_MESSAGE_BYTES + 16)
        .on_upgrade(move |socket| super::conn::serve(shared, socket))
}

/// The page behind an invite link: the browser build's page (it reads the code from the
/// address), with its relative addresses taken from the site's root, or a note when this
/// server has no browser build.
async fn invite(
    State(shared): State<Arc<Shared>>,
    axum::extract::Path(code): axum::extract::Path<String>,
) -> Response {
    if let Some(web) = &shared.config.web
        && let Ok(page) = tokio::fs::read_to_string(web.join("index.html")).await
    {
        let page = page.replacen("<head>", "<head>\n  <base href=\"/\">", 1);
        return Html(page).into_response();
    }
    let code: String = code
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .take(16)
        .collect();
    Html(format!(
        "<!doctype html><meta charset=utf-8><title>Ludo</title>\
         <p>Room <b>{code}</b>: open Ludo and join with this code. \
         (This server has no browser build: <code>make web</code>, then start it with \
         <code>--web web/dist</code>.)</p>"
    ))
    .into_response()
}

/// A finished game by its ID, `CODE-NUMBER` (the room's code and the game's number in it):
/// `/g/ID` is the browser build's page with the game file in it (a `ludo-game` script of
/// JSON, which the game opens for review); `/g/ID.json` is the file itself.
async fn finished_game(
    State(shared): State<Arc<Shared>>,
    axum::extract::Path(id): axum::extract::Path<String>,
) -> Response {
    let (id, json) = match id.strip_suffix(".json") {
        Some(id) => (id.to_string(), true),
        None => (id, false),
    };
    let shown: String = id
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .take(24)
        .collect();
    let Some((code, number)) = id
        .rsplit_once('-')
        .and_then(|(code, n)| Some((normalize_code(code)?, n.parse::<u32>().ok()?)))
    else {
        return note(
            StatusCode::BAD_REQUEST,
            &format!(
                "<b>{shown}</b> is not a game's ID: expected the room's code and the game's number, as <code>K7X9-PQTA-1</code>."
            ),
        );
    };
    let found = match shared.store.finished_game(&code, number).await {
        Ok(found) => found,
        Err(e) => {
            tracing::error!("reading finished game {code}-{number}: {e}");
            return note(
                StatusCode::INTERNAL_SERVER_ERROR,
                "The games cannot be read just now.",
            );
        }
    };
    let Some(file) =
        found.and_then(|(record, finished)| game_file(&code, number, &record, finished))
    else {
        return note(
            StatusCode::NOT_FOUND,
            &format!("No finished game <b>{shown}</b> on this server."),
        );
    };
    let text = serde_json::to_string(&file).expect("a game file serializes");
    if json {
        return ([(header::CONTENT_TYPE, "application/json")], text).into_response();
    }
    if let Some(web) = &shared.config.web
        && let Ok(page) = tokio::fs::read_to_string(web.join("index.html")).await
    {
        // `</` never ends the script early: JSON allows `<\/`.
        let script = format!(
            "<script type=\"application/json\" id=\"ludo-game\">{}</script>",
            text.replace("</", "<\\/")
        );
        let page = page.replacen(
            "<head>",
            &format!("<head>\n  <base href=\"/\">\n  {script}"),
            1,
        );
        return Html(page).into_response();
    }
    note(
        StatusCode::OK,
        &format!(
            "Game <b>{shown}</b>: its file is <a href=\"/g/{shown}.json\">/g/{shown}.json</a> (open it with <code>ludo --review FILE</code>). This server has no browser build to show it in."
        ),
    )
}

/// The game file of a stored game: kept with its dice's seal, or (a game from before shares)
/// a bare record, whose seed's hash is what the server published.
fn game_file(code: &str, number: u32, stored: &str, finished: i64) -> Option<GameFile> {
    let mut file = GameFile::parse("the stored game", stored).ok()?;
    if file.sealed.is_none() {
        let Some(ludo_core::Seed::Number(seed)) = file.record.seed else {
            return None;
        };
        file.served = Some(ServedDice {
            promised: seed_hash(seed),
            seed,
        });
    }
    file.finished = u64::try_from(finished).ok();
    file.id = Some(format!("{code}-{number}"));
    Some(file)
}

/// A short page that says why.
fn note(status: StatusCode, words: &str) -> Response {
    (
        status,
        Html(format!(
            "<!doctype html><meta charset=utf-8><title>Ludo</title><p>{words}</p>"
        )),
    )
        .into_response()
}

/// Files whose names carry a content hash never change and are kept for a year; everything
/// else (the page above all) is checked again on each visit.
async fn cache_control(request: Request, next: Next) -> Response {
    let hashed = is_hashed(request.uri().path());
    let mut response = next.run(request).await;
    if response.status().is_success() && !response.headers().contains_key(header::CACHE_CONTROL) {
        let value = if hashed {
            "public, max-age=31536000, immutable"
        } else {
            "no-cache"
        };
        response
            .headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    }
    response
}

/// `name-0123abcd….ext`: a dash or dot, then eight or more hex digits, then the extension.
fn is_hashed(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or("");
    let stem = name.split('.').next().unwrap_or("");
    stem.rsplit(['-', '_']).next().is_some_and(|h| {
        h.len() >= 8 && h.len() < stem.len() && h.bytes().all(|b| b.is_ascii_hexdigit())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashed_names_are_recognised() {
        assert!(is_hashed("/ludo-3f2a9c0d11.wasm"));
        assert!(is_hashed("/assets/ludo_bg-0123abcdef.js"));
        assert!(!is_hashed("/index.html"));
        assert!(!is_hashed("/ludo_bg.wasm"));
        assert!(!is_hashed("/deadbeef12.js"));
    }
}
