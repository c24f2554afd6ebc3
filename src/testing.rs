//! The tests' one door into the game. The game's modules are private: what an integration test
//! (`tests/`) builds an app from, reads or sets is named here, and nothing else is reachable
//! from outside the crate. A layer's plugin keeps its layer's name (`board_hops_plugin`).

pub use crate::{frame_order, rules_plugin};

// The table's flow, headless.
pub use crate::table::flow::{
    Busy, Decider, Happened, MoveChosen, NewTableRequested, RematchRequested, RollRequested,
    dice_rolled, piece_moved,
};
pub use crate::table::hint::{Hint, HintRequested, may_hint};
pub use crate::table::profiles::{LastRatings, PROFILES_VERSION, Profiles, Unranked};
pub use crate::table::review::{Review, ReviewStep, TryAgainRequested};
pub use crate::table::screen::{Pause, Screen};
pub use crate::table::settings::{Settings, Speed};
pub use crate::table::stats::Story;
pub use crate::table::turn_clock::TurnClock;
pub use crate::table::{GameSet, SeatKind, Table, TableConfig, TurnLimit, UNNAMED};

// What is kept between runs.
pub use crate::files::asset_list::manifest_dir;
pub use crate::files::online::{OnlineMemory, load_online};
pub use crate::files::past_games::{PastGames, load_past_games};
pub use crate::files::profiles::{load_profiles, save_profiles};
pub use crate::files::resume::{DataDir, SAVE_VERSION, SavedGame, load_game, resume, save_game};
pub use crate::files::reviews::{ReviewAt, ReviewRequested, read_game_file};

// Online tables.
pub use crate::online::{Online, OnlineRequest, Problem, Status};

// Languages.
pub use crate::i18n::{
    Languages, SHIPPED as SHIPPED_LANGUAGES, SHIPPED_FONTS, Texts,
    available as available_languages, named_fonts, parse as parse_language, plugin as i18n_plugin,
};

// Themes.
pub use crate::theme::file::parse as parse_theme;
pub use crate::theme::look::egui as egui_colour;
pub use crate::theme::view::ui_fonts;
pub use crate::theme::{
    ActiveTheme, Look, SHIPPED as SHIPPED_THEMES, ThemeFile, ThemeProblem,
    available as available_themes, plugin as theme_plugin,
};

// The board.
pub use crate::board::board_sets;
pub use crate::board::camera::MainCamera;
pub use crate::board::clock::{BoardClock, plugin as board_clock_plugin};
pub use crate::board::dice::{Die, Settle, Tumble, motion as dice_motion};
pub use crate::board::hops::{FlyHome, Hop, Squash, plugin as board_hops_plugin};
pub use crate::board::input::keyboard_plugin;
pub use crate::board::pieces::{Emphasis, Lift, Piece, RestScale, rest as pieces_rest};
pub use crate::board::shake::{Shake, plugin as board_shake_plugin};
pub use crate::board::squares::{BoardSquare, plugin as board_squares_plugin};

// The windows.
pub use crate::ui::look::visuals;
pub use crate::ui::overlay::{Overlay, plugin as overlay_plugin};
pub use crate::ui::pause::plugin as pause_plugin;
pub use crate::ui::profiles::{ProfilesOpen, plugin as profiles_plugin};
pub use crate::ui::setup::{Chair, SetupDraft, plugin as setup_plugin};
