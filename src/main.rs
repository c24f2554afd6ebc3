//! Ludo: start the game. `ludo --help` lists the options; `src/launch/` reads them.

fn main() -> bevy::app::AppExit {
    ludo::run()
}
