//! The browser build's own parts: the page's query read as command-line arguments, and the
//! milestones the page and the browser test wait for (first frame, a window opened, the
//! window's size, game over, where a finger would go), written to the console.

use bevy::prelude::*;

use crate::table::flow::Happened;
use crate::table::screen::Pause;
use crate::table::signal::Signal;
use crate::ui::overlay::Overlay;

/// The query keys the game reads. Anything else (a tracking tag added to a shared link, say)
/// is not for the game and is left alone rather than refused.
const KEYS: [&str; 16] = [
    "text-size",
    "high-contrast",
    "reduced-motion",
    "seats",
    "seed",
    "speed",
    "open",
    "theme",
    "lang",
    "room",
    "create",
    "quick",
    "name",
    "print-events",
    "strip",
    "review",
];

/// The page's path and query as the command line: an invite's path `/r/CODE` is
/// `--join CODE`, a finished game's `/g/ID` is `--review /g/ID` (its server puts the game in
/// the page).
pub fn page_to_args(path: &str, query: &str) -> Vec<String> {
    let mut args = Vec::new();
    if let Some(code) = path.strip_prefix("/r/").map(|c| c.trim_end_matches('/'))
        && !code.is_empty()
    {
        args.extend(["--join".to_string(), decode(code)]);
    }
    if let Some(id) = path.strip_prefix("/g/").map(|c| c.trim_end_matches('/'))
        && !id.is_empty()
    {
        args.extend(["--review".to_string(), format!("/g/{}", decode(id))]);
    }
    for pair in query.trim_start_matches('?').split('&') {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let key = decode(key);
        if !KEYS.contains(&key.as_str()) {
            continue;
        }
        // `?room=CODE` is the invite's query form of `/r/CODE`.
        let flag = if key == "room" { "join" } else { key.as_str() };
        args.push(format!("--{flag}"));
        if !value.is_empty() {
            args.push(decode(value));
        }
    }
    args
}

/// Undoes the URL's percent-encoding (`cpu%3Ahard` → `cpu:hard`) and `+` for a space.
fn decode(s: &str) -> String {
    percent_encoding::percent_decode_str(&s.replace('+', " "))
        .decode_utf8_lossy()
        .into_owned()
}

/// The page's canvas in CSS pixels, as the page has laid it out.
#[cfg(target_arch = "wasm32")]
pub fn canvas_size() -> Option<(u32, u32)> {
    let canvas = web_sys::window()?
        .document()?
        .get_element_by_id("ludo-canvas")?;
    let (width, height) = (canvas.client_width(), canvas.client_height());
    (width > 0 && height > 0).then_some((width as u32, height as u32))
}

/// Shows why the game cannot start on the page itself, where a player looks (the page's
/// cover, in its failed style), not only in the console.
#[cfg(target_arch = "wasm32")]
pub fn show_error(message: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Some(cover) = document.get_element_by_id("cover") {
        cover.set_class_name("failed");
    }
    if let Some(status) = document.get_element_by_id("status") {
        status.set_inner_html(&escape(message));
    }
}

/// The finished game to review: the one the room server put in the page at `/g/ID` (a
/// `ludo-game` script of JSON), else a file dropped on the page or picked (the page keeps it
/// for this load, `?review=NAME`); `address` names it in the error.
#[cfg(target_arch = "wasm32")]
pub fn game_in_page(address: &str) -> Result<ludo_proto::GameFile, String> {
    let window = web_sys::window().ok_or("no page")?;
    let served = window
        .document()
        .and_then(|d| d.get_element_by_id("ludo-game"))
        .and_then(|e| e.text_content());
    let kept = || {
        let store = window.session_storage().ok().flatten()?;
        let text = store.get_item("ludo-game").ok().flatten()?;
        let _ = store.remove_item("ludo-game");
        Some(text)
    };
    let text = served.or_else(kept).ok_or_else(|| {
        format!("{address}: this page carries no finished game (open a game's /g/ID at its room server, or drop its file on the page)")
    })?;
    ludo_proto::GameFile::parse(address, &text)
}

/// Text as HTML that shows it as it is.
#[cfg(target_arch = "wasm32")]
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Last,
        (
            first_frame,
            game_over,
            opened.run_if(state_changed::<Overlay>.or_else(state_changed::<Pause>)),
            window_size,
            where_to_tap,
            #[cfg(target_arch = "wasm32")]
            live_region,
        )
            .before(crate::table::signal::Tell),
    );
}

/// What a screen reader says goes into the page's live region (`#said`), a paragraph a
/// sentence (an event's carries its number, `data-event`, for the test), the last 40 kept;
/// the board's canvas is named in the player's language.
#[cfg(target_arch = "wasm32")]
fn live_region(
    mut said: ResMut<crate::ui::hud::announce::Announcements>,
    texts: Res<crate::i18n::Texts>,
    mut named: Local<String>,
) {
    let fresh = said.take();
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let name = texts.get("say-board").into_string();
    if *named != name
        && let Some(canvas) = document.get_element_by_id("ludo-canvas")
    {
        let _ = canvas.set_attribute("aria-label", &name);
        *named = name;
    }
    let Some(region) = document.get_element_by_id("said") else {
        return;
    };
    for sentence in fresh {
        let event = sentence
            .event
            .map(|n| format!(" data-event=\"{n}\""))
            .unwrap_or_default();
        let _ = region.insert_adjacent_html(
            "beforeend",
            &format!("<p{event}>{}</p>", escape(&sentence.text)),
        );
    }
    while region.child_element_count() > 40 {
        match region.first_element_child() {
            Some(oldest) => oldest.remove(),
            None => break,
        }
    }
}

/// Once per decision of a person on this device, where a finger would go, in CSS pixels of
/// the page (the phone test taps there), after the number of events so far: the die to roll
/// (`Signal::TapDie`), and to move, for each legal move, its piece and the dot where it would
/// land (`Signal::TapMove`). Told again if the points move (the window resized).
fn where_to_tap(
    table: Res<crate::table::Table>,
    (busy, decider): (
        Res<crate::table::flow::Busy>,
        Res<crate::table::flow::Decider>,
    ),
    camera: Single<(&Camera, &GlobalTransform), With<crate::board::camera::MainCamera>>,
    targets: crate::board::input::Targets,
    mut happened: MessageReader<Happened>,
    (mut events, mut said): (Local<usize>, Local<Option<Signal>>),
    mut signals: MessageWriter<Signal>,
) {
    *events += happened.read().count();
    let game = &table.game;
    if busy.0 || game.is_over() || !decider.person_here(&table, game.turn()) {
        return;
    }
    let (camera, at) = *camera;
    let px = |world: Vec2| {
        camera
            .world_to_viewport(at, world.extend(0.0))
            .ok()
            .map(|p| [p.x.round() as i32, p.y.round() as i32])
    };
    // Whose pieces move: under partners, a seat whose own are home moves its partner's.
    let seat = game.mover();
    let aim = crate::board::piece_shape::PieceShape::of(&targets.theme).aim_at;
    let signal = match game.awaiting() {
        ludo_core::Awaiting::Roll | ludo_core::Awaiting::Release | ludo_core::Awaiting::RollOff => {
            let Some(at) = px(targets.die.translation.truncate()) else {
                return;
            };
            Signal::TapDie {
                events: *events,
                at,
            }
        }
        ludo_core::Awaiting::Move => {
            let stacks = crate::board::pieces::stacks(&table);
            let legal = game.legal_moves();
            let sharing = |m: &ludo_core::Move| {
                let cell = table.layout.cell(seat as usize, m.piece as usize, m.from);
                stacks.get(&cell).map_or(1, |group| group.len() as u8)
            };
            let moves = game
                .legal_moves()
                .iter()
                .enumerate()
                .map(|(i, m)| {
                    let piece = targets
                        .pieces
                        .iter()
                        .find(|(p, _)| {
                            p.seat == seat && game.pieces(seat)[p.index as usize] == m.from
                        })
                        // Where a finger goes: the piece's body (a pawn's, above its foot).
                        .and_then(|(_, t)| px(t.translation.truncate() + aim * t.scale.truncate()));
                    let hint = targets
                        .hints
                        .iter()
                        .find(|(h, _)| h.0 == i)
                        .and_then(|(_, t)| px(t.translation().truncate()));
                    piece.into_iter().chain(hint).collect()
                })
                .collect();
            Signal::TapMove {
                events: *events,
                moves,
                pieces: legal.iter().map(|m| m.piece).collect(),
                sharing: legal.iter().map(sharing).collect(),
            }
        }
        ludo_core::Awaiting::Over => return,
    };
    // Told again when the window changes under it (turned, resized): the points move.
    if said.as_ref() != Some(&signal) {
        signals.write(signal.clone());
        *said = Some(signal);
    }
}

/// The page hides its loading bar, and the test starts its clock, on this line.
fn first_frame(mut frames: Local<u32>, mut signals: MessageWriter<Signal>) {
    *frames += 1;
    if *frames == 2 {
        signals.write(Signal::FirstFrame);
        #[cfg(target_arch = "wasm32")]
        hide_cover();
    }
}

/// The page's loading cover goes once the game has drawn a frame (unless it says why the
/// game could not start).
#[cfg(target_arch = "wasm32")]
fn hide_cover() {
    if let Some(cover) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("cover"))
        && cover.class_name() != "failed"
    {
        cover.set_class_name("hidden");
    }
}

/// The window's size as the game sees it, each time it changes (a phone turned, a browser
/// zoomed): what the test compares with the page's.
fn window_size(
    window: Single<Ref<Window>, With<bevy::window::PrimaryWindow>>,
    mut signals: MessageWriter<Signal>,
) {
    if window.is_changed() {
        let physical = window.physical_size();
        signals.write(Signal::Window {
            size: [
                window.width().round() as u32,
                window.height().round() as u32,
            ],
            scale_percent: (window.scale_factor() * 100.0).round() as u32,
            pixels: [physical.x, physical.y],
        });
    }
}

/// A window opened (the pause menu is `Pause`; `None`: the last one closed, the table is
/// back): the test's proof that the menu answers a tap.
fn opened(
    overlay: Res<State<Overlay>>,
    pause: Res<State<Pause>>,
    mut signals: MessageWriter<Signal>,
) {
    let window = match (**overlay, **pause) {
        (Overlay::None, Pause::Paused) => "Pause".to_string(),
        (overlay, _) => format!("{overlay:?}"),
    };
    signals.write(Signal::Opened { window });
}

fn game_over(mut happened: MessageReader<Happened>, mut signals: MessageWriter<Signal>) {
    if happened
        .read()
        .any(|h| matches!(h.0, ludo_core::Event::GameOver { .. }))
    {
        signals.write(Signal::GameOver);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `?seats=cpu,cpu:hard&speed=instant&seed=3` → `--seats cpu,cpu:hard --speed instant
    /// --seed 3`.
    fn query_to_args(query: &str) -> Vec<String> {
        page_to_args("/", query)
    }

    #[test]
    fn the_query_reads_as_the_command_line() {
        assert_eq!(
            query_to_args("?seats=cpu,cpu%3Ahard,person%3AAna+Li&speed=instant&seed=3&open=menu"),
            [
                "--seats",
                "cpu,cpu:hard,person:Ana Li",
                "--speed",
                "instant",
                "--seed",
                "3",
                "--open",
                "menu"
            ]
        );
        // A shared link's tracking tags, and the test harness's own flags, are not the game's.
        assert_eq!(
            query_to_args("?fbclid=Iw4R&seats=cpu,cpu&utm_source=x&screenshot=a.png"),
            ["--seats", "cpu,cpu"]
        );
        assert!(query_to_args("").is_empty());
        assert_eq!(
            page_to_args("/r/K7X9PQTA", "?name=Budi"),
            ["--join", "K7X9PQTA", "--name", "Budi"]
        );
        assert_eq!(query_to_args("?room=k7x9-pqta"), ["--join", "k7x9-pqta"]);
        assert_eq!(
            page_to_args("/g/K7X9PQTA-2", ""),
            ["--review", "/g/K7X9PQTA-2"]
        );
        assert!(query_to_args("?").is_empty());
        assert_eq!(decode("100%"), "100%");
        assert_eq!(decode("%zz"), "%zz");
        assert_eq!(decode("%C3%A9t%C3%A9"), "été");
    }
}
