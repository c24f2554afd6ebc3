//! The server's edge: every TCP connection at the door (`door`), the HTTP routes (`http`: the
//! WebSocket, room links, finished games, the browser build, the leaderboard's pages in
//! `leaderboard`), and each WebSocket connection (`conn`).

mod conn;
pub mod door;
pub mod http;
mod leaderboard;
