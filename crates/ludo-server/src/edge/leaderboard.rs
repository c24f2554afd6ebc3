//! The leaderboard: the server's best ratings from ranked games (a profile shows once it has
//! played `LEADERBOARD_MIN_GAMES`), as a plain page (`/leaderboard`, no JavaScript) and as
//! JSON for the game's window (`/leaderboard.json?me=ID` adds that profile's own line).

use std::sync::Arc;

use axum::extract::{Query, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};

use crate::node::Shared;
use crate::store::{LEADERBOARD_MIN_GAMES, Leader};

/// How many lines the leaderboard shows.
pub const TOP: u32 = 100;

#[derive(serde::Deserialize)]
pub struct Asked {
    /// The asking player's profile, for their own place.
    me: Option<i64>,
}

#[derive(serde::Serialize)]
struct Board {
    leaders: Vec<Leader>,
    /// The asking profile's line, when it is on the board.
    you: Option<Leader>,
    min_games: i64,
}

pub async fn json(State(shared): State<Arc<Shared>>, Query(asked): Query<Asked>) -> Response {
    let leaders = shared.store.leaders(TOP).await;
    let you = match asked.me {
        Some(id) => shared.store.leader(id).await.map(Some),
        None => Ok(None),
    };
    match (leaders, you) {
        (Ok(leaders), Ok(you)) => {
            let board = Board {
                leaders,
                you: you.flatten(),
                min_games: LEADERBOARD_MIN_GAMES,
            };
            let text = serde_json::to_string(&board).expect("a leaderboard serializes");
            ([(header::CONTENT_TYPE, "application/json")], text).into_response()
        }
        (Err(e), _) | (_, Err(e)) => unreadable(e),
    }
}

pub async fn page(State(shared): State<Arc<Shared>>) -> Response {
    match shared.store.leaders(TOP).await {
        Ok(leaders) => Html(render(&leaders)).into_response(),
        Err(e) => unreadable(e),
    }
}

fn unreadable(e: String) -> Response {
    tracing::error!("reading the leaderboard: {e}");
    let words = "The leaderboard cannot be read just now.";
    (StatusCode::INTERNAL_SERVER_ERROR, words).into_response()
}

/// The page: a table of place, name, rating, games and wins. Names are the players' own, so
/// each is escaped.
pub fn render(leaders: &[Leader]) -> String {
    let mut rows = String::new();
    for l in leaders {
        rows.push_str(&format!(
            "<tr><td>{}</td><td>{}</td><td>{:.0}</td><td>{}</td><td>{}</td></tr>\n",
            l.place,
            escape(&l.name),
            l.rating,
            l.games,
            l.wins
        ));
    }
    let body = if leaders.is_empty() {
        format!(
            "<p>Nobody yet: a player shows here after {LEADERBOARD_MIN_GAMES} ranked games.</p>"
        )
    } else {
        format!(
            "<table><thead><tr><th>#</th><th>Player</th><th>Rating</th><th>Games</th><th>Wins</th></tr></thead>\n<tbody>\n{rows}</tbody></table>"
        )
    };
    format!(
        "<!doctype html><html lang=en><meta charset=utf-8>\
         <meta name=viewport content=\"width=device-width, initial-scale=1\">\
         <title>Ludo: leaderboard</title>\
         <style>body{{font:16px/1.4 system-ui,sans-serif;margin:1.5em auto;max-width:40em;padding:0 1em;\
         background:#1d2330;color:#eef0f4}}table{{border-collapse:collapse;width:100%}}\
         td,th{{padding:.35em .6em;text-align:left}}td:nth-child(n+3),th:nth-child(n+3){{text-align:right}}\
         tbody tr:nth-child(odd){{background:#262d3d}}th{{border-bottom:2px solid #f0b429}}\
         td:first-child{{color:#f0b429;font-weight:bold}}</style>\
         <h1>Ludo: leaderboard</h1>\
         <p>Ranked games only (every seat a person, the standard rules); a player shows after \
         {LEADERBOARD_MIN_GAMES} of them.</p>\n{body}\n</html>\n"
    )
}

/// Text as HTML shows it: `<script>` stays words.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_shown_as_text() {
        assert_eq!(
            escape("<script>x</script> & 'y'"),
            "&lt;script&gt;x&lt;/script&gt; &amp; &#39;y&#39;"
        );
        let page = render(&[Leader {
            place: 1,
            id: 1,
            name: "<b>Ana</b>".into(),
            rating: 1612.4,
            games: 7,
            wins: 3,
        }]);
        assert!(page.contains("&lt;b&gt;Ana&lt;/b&gt;"), "{page}");
        assert!(!page.contains("<b>Ana"), "{page}");
        assert!(page.contains("<td>1612</td>"), "{page}");
    }
}
