//! The server's HTTP side: `/ws` for games, `/r/CODE` for invite links (the browser build's
//! page, which reads the code from the address), and the browser build itself, with brotli or
//! gzip files chosen by `Accept-Encoding` and caching that never serves a stale page.

use std::sync::Arc;

use axum::Router;
use axum::extract::{Request, State, WebSocketUpgrade};
use axum::http::{HeaderValue, header};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use ludo_proto::{MAX_MESSAGE_BYTES, MAX_SERVER_MESSAGE_BYTES};
use tower_http::services::ServeDir;

use crate::Shared;

pub fn router(shared: Arc<Shared>) -> Router {
    let mut app = Router::new()
        .route("/ws", get(ws))
        .route("/r/{code}", get(invite))
        .route("/healthz", get(|| async { "ok" }));
    if let Some(web) = &shared.config.web {
        let files = ServeDir::new(web).precompressed_br().precompressed_gzip();
        app = app.fallback_service(files);
    }
    app.layer(middleware::from_fn(cache_control))
        .with_state(shared)
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
        .on_upgrade(move |socket| crate::conn::serve(shared, socket))
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
