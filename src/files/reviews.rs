//! Opening a finished game for review — one of the past games, a game file (`--review FILE`,
//! a room server's `/g/ID`) — and exporting one as its file. A game that cannot be replayed
//! is said once, naming the step, and nothing else changes.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use ludo_proto::GameFile;

use crate::files::past_games::PastGames;
use crate::files::saved::Notice;
use crate::table::Table;
use crate::table::review::{self, Review};
use crate::table::screen::Screen;
use crate::table::signal::Signal;

/// Open a review of …
#[derive(Message, Clone, Debug)]
pub enum ReviewRequested {
    /// … the past game at this place in the list (0: the game just finished).
    Past(usize),
    /// … this game file, at `at`.
    File { file: Box<GameFile>, at: ReviewAt },
}

/// Where a review opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewAt {
    /// The position after this many steps.
    Step(usize),
    /// The turn of the chart's moment with this index (from 0).
    Moment(usize),
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ReviewRequested>()
        .add_systems(Update, open_requested);
}

fn open_requested(
    mut requests: MessageReader<ReviewRequested>,
    past: Res<PastGames>,
    mut table: ResMut<Table>,
    open: Option<ResMut<Review>>,
    (screen, mut next): (Res<State<Screen>>, ResMut<NextState<Screen>>),
    mut commands: Commands,
    mut notice: ResMut<Notice>,
    (mut opened, mut signals): (
        MessageWriter<crate::table::flow::TableOpened>,
        MessageWriter<Signal>,
    ),
) {
    let Some(request) = requests.read().last() else {
        return;
    };
    let (file, at) = match request {
        ReviewRequested::Past(i) => (
            past.games.get(*i).map(|g| g.file.clone()),
            ReviewAt::Step(0),
        ),
        ReviewRequested::File { file, at } => (Some((**file).clone()), *at),
    };
    let Some(file) = file else { return };
    match Review::open(file) {
        Ok(mut review) => {
            review.at = match at {
                ReviewAt::Step(n) => n.min(review.end()),
                ReviewAt::Moment(k) => review.moment_at(k).unwrap_or(0),
            };
            signals.write(review.signal());
            signals.write_batch(review.chart_signal());
            let screen = *screen.get();
            let open = open.map(|r| r.into_inner());
            review::begin(review, open, &mut table, screen, &mut commands, &mut next);
            opened.write(crate::table::flow::TableOpened);
        }
        Err(e) => notice.say(format!("This game cannot be reviewed: {e}")),
    }
}

/// Reads a game file for review; the error names the file, the line and what was expected.
pub fn read_game_file(path: &Path) -> Result<GameFile, String> {
    let name = path.display().to_string();
    let text =
        crate::files::storage::read(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
    GameFile::parse(&name, &text)
}

/// The file name a game is exported as: `ludo-game-SECONDS.json`.
pub fn export_name(file: &GameFile) -> String {
    format!("ludo-game-{}.json", file.finished.unwrap_or_default())
}

/// Writes `file` as JSON into `dir`'s `exports` folder (the desktop) and says where; the
/// browser downloads it instead.
pub fn export(dir: &Path, file: &GameFile) -> Result<PathBuf, String> {
    let text = serde_json::to_string_pretty(file).map_err(|e| e.to_string())?;
    let path = dir.join("exports").join(export_name(file));
    #[cfg(target_arch = "wasm32")]
    download(&export_name(file), &text)?;
    #[cfg(not(target_arch = "wasm32"))]
    crate::files::storage::write(&path, &text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path)
}

/// The browser saves `text` as the file `name` (a link to it, clicked).
#[cfg(target_arch = "wasm32")]
fn download(name: &str, text: &str) -> Result<(), String> {
    use wasm_bindgen::JsCast;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no page to download from")?;
    let link = document
        .create_element("a")
        .map_err(|_| "the page made no link")?;
    let href = format!(
        "data:application/json;charset=utf-8,{}",
        js_sys::encode_uri_component(text)
    );
    let _ = link.set_attribute("href", &href);
    let _ = link.set_attribute("download", name);
    link.dyn_into::<web_sys::HtmlElement>()
        .map_err(|_| "the page's link is not an element")?
        .click();
    Ok(())
}

/// The browser asks for a finished game's file (the page's file picker); the page opens its
/// review once it is read.
#[cfg(target_arch = "wasm32")]
pub fn pick_file() {
    use wasm_bindgen::JsCast;
    if let Some(input) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("ludo-open"))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        input.click();
    }
}
