//! What a `theme.ron` says. Every field has a default (the classic look), so a theme can
//! change one thing and leave the rest. Plain serde data: the loader reads it, `Look`
//! resolves it, MODDING.md documents it field by field.

use bevy::color::Srgba;
use ludo_core::Colour;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The classic theme's music, the default of every theme.
pub const DEFAULT_MUSIC: &str = "/sounds/music.ogg";

/// A whole theme file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ThemeFile {
    /// The name shown in Settings.
    pub name: String,
    pub seats: Seats,
    pub board: BoardColours,
    pub style: Style,
    pub die: DieColours,
    pub sprites: Sprites,
    pub sounds: SoundFiles,
    /// The music under the game, looped: an Ogg Vorbis or WAV file; `None`: no music.
    pub music: Option<String>,
    /// A TrueType or OpenType font for every text of the game; none: the built-in font.
    pub font: Option<String>,
    pub animation: Animation,
    /// The windows, plates and buttons around the board.
    pub ui: UiSkin,
}

impl Default for ThemeFile {
    fn default() -> Self {
        ThemeFile {
            name: "Classic".into(),
            seats: Seats::default(),
            board: BoardColours::default(),
            style: Style::default(),
            die: DieColours::default(),
            sprites: Sprites::default(),
            sounds: SoundFiles::default(),
            music: Some(DEFAULT_MUSIC.into()),
            font: None,
            animation: Animation::default(),
            ui: UiSkin::default(),
        }
    }
}

/// A colour written as `"#rrggbb"` or `"#rrggbbaa"` (also the short `"#rgb"`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hex(pub Srgba);

impl Hex {
    pub const fn rgb(r: u8, g: u8, b: u8) -> Hex {
        Hex::rgba(r, g, b, 255)
    }

    pub const fn rgba(r: u8, g: u8, b: u8, a: u8) -> Hex {
        const fn f(v: u8) -> f32 {
            v as f32 / 255.0
        }
        Hex(Srgba::new(f(r), f(g), f(b), f(a)))
    }
}

impl Serialize for Hex {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0.to_hex().to_lowercase())
    }
}

impl<'de> Deserialize<'de> for Hex {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Hex, D::Error> {
        struct Visit;
        impl serde::de::Visitor<'_> for Visit {
            type Value = Hex;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a colour as a string like \"#1e90ff\"")
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Hex, E> {
                if !s.starts_with('#') {
                    return Err(E::custom(format!(
                        "expected a colour like \"#1e90ff\", got {s:?}"
                    )));
                }
                Srgba::hex(s).map(Hex).map_err(|_| {
                    E::custom(format!(
                        "expected a colour like \"#1e90ff\" (#rgb, #rrggbb or #rrggbbaa), got {s:?}"
                    ))
                })
            }
        }
        d.deserialize_str(Visit)
    }
}

/// The owner mark drawn on a seat's pieces, start square, home column and yard, so a seat is
/// known by shape as well as colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    Ring,
    Square,
    Triangle,
    Cross,
    Diamond,
    Dot,
}

/// The seats' looks; a seat left out keeps the classic look.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Seats {
    pub yellow: SeatLook,
    pub blue: SeatLook,
    pub red: SeatLook,
    pub green: SeatLook,
    /// The fifth and sixth seats (five- and six-seat tables).
    pub purple: SeatLook,
    pub orange: SeatLook,
}

impl Seats {
    pub fn of(&self, c: Colour) -> &SeatLook {
        match c {
            Colour::Yellow => &self.yellow,
            Colour::Blue => &self.blue,
            Colour::Red => &self.red,
            Colour::Green => &self.green,
            Colour::Purple => &self.purple,
            Colour::Orange => &self.orange,
        }
    }
}

/// One seat. Each field left out takes that seat's classic value (so these are options: the
/// default depends on the seat).
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SeatLook {
    /// Pieces, start square, home column, goal triangle, yard.
    pub colour: Option<Hex>,
    /// The waiting circles in the yard; default: `colour` mixed with white.
    pub light: Option<Hex>,
    /// The mark drawn on `colour`.
    pub ink: Option<Hex>,
    pub mark: Option<Mark>,
}

/// The classic value of each seat field.
pub fn classic_seat(c: Colour) -> (Hex, Hex, Mark) {
    const DARK: Hex = Hex::rgb(26, 28, 36);
    const WHITE: Hex = Hex::rgb(255, 255, 255);
    match c {
        Colour::Yellow => (Hex::rgb(237, 184, 13), DARK, Mark::Ring),
        Colour::Blue => (Hex::rgb(33, 112, 219), WHITE, Mark::Square),
        Colour::Red => (Hex::rgb(219, 56, 43), WHITE, Mark::Triangle),
        Colour::Green => (Hex::rgb(41, 153, 77), WHITE, Mark::Cross),
        Colour::Purple => (Hex::rgb(128, 70, 190), WHITE, Mark::Dot),
        Colour::Orange => (Hex::rgb(240, 130, 30), DARK, Mark::Diamond),
    }
}

/// The board's own colours.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BoardColours {
    /// Around the board.
    pub background: Hex,
    /// The board under the squares: the gaps between squares show it as lines.
    pub lines: Hex,
    pub track: Hex,
    /// Star (safe) squares.
    pub safe: Hex,
    /// The star drawn on a safe square.
    pub star: Hex,
    /// The inner square of a yard, where the waiting circles sit.
    pub yard_inner: Hex,
    /// Behind the goal's triangles.
    pub goal: Hex,
    /// Home columns in one colour for every seat; none: each seat's colour.
    pub home_columns: Option<Hex>,
    /// Yards in one colour for every seat; none: each seat's colour.
    pub bases: Option<Hex>,
    /// The glow around the yard of the seat to play.
    pub glow: Hex,
    /// Where a movable piece would land.
    pub hint: Hex,
    /// Around pieces.
    pub outline: Hex,
    /// The dots along the path of the move under the pointer or the keyboard's pick.
    pub path: Hex,
    /// The ring on a piece the move under the pointer would capture.
    pub threat: Hex,
    /// Under each piece (further below it while it hops).
    pub shadow: Hex,
}

impl Default for BoardColours {
    fn default() -> Self {
        BoardColours {
            background: Hex::rgb(33, 38, 48),
            lines: Hex::rgb(56, 61, 74),
            track: Hex::rgb(247, 245, 237),
            safe: Hex::rgb(214, 219, 230),
            star: Hex::rgba(26, 28, 36, 140),
            yard_inner: Hex::rgb(255, 255, 255),
            goal: Hex::rgb(247, 245, 237),
            home_columns: None,
            bases: None,
            glow: Hex::rgba(255, 255, 217, 230),
            hint: Hex::rgba(255, 255, 255, 140),
            outline: Hex::rgb(20, 23, 28),
            path: Hex::rgba(26, 28, 36, 110),
            threat: Hex::rgb(255, 69, 58),
            shadow: Hex::rgba(0, 0, 0, 70),
        }
    }
}

/// Shapes and sizes, in cells.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Style {
    /// How much of its cell a square fills (1.0: no lines between squares).
    pub square_size: f32,
    /// A piece's width (a flat piece's diameter).
    pub piece_size: f32,
    /// The die's side.
    pub die_size: f32,
    /// Points of the star on safe squares (3 to 12).
    pub star_points: u8,
    /// How far a square stands up from the board: a darker edge along its right and lower
    /// sides, in cells (0: flat).
    pub bevel: f32,
    /// An arrow on each start square, the way out of the yard.
    pub start_arrows: bool,
}

impl Default for Style {
    fn default() -> Self {
        Style {
            square_size: 0.94,
            piece_size: 0.68,
            die_size: 1.5,
            star_points: 6,
            bevel: 0.05,
            start_arrows: true,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DieColours {
    pub body: Hex,
    pub pips: Hex,
    pub edge: Hex,
}

impl Default for DieColours {
    fn default() -> Self {
        DieColours {
            body: Hex::rgb(250, 250, 245),
            pips: Hex::rgb(31, 31, 38),
            edge: Hex::rgb(20, 23, 28),
        }
    }
}

/// Pictures (PNG), as paths from the theme's folder (`"/…"`: from `assets/`). Each one left
/// out is drawn with the built-in shapes.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Sprites {
    /// A piece, drawn white and tinted with each seat's colour; the mark goes on top.
    pub piece: Option<String>,
    /// Six faces, one to six; none: drawn pips.
    pub die_faces: Vec<String>,
    /// Under the whole board (15×15 cells).
    pub backdrop: Option<String>,
    /// Over the centre of the board.
    pub goal: Option<String>,
}

/// Sounds (WAV or OGG), as paths from the theme's folder (`"/…"`: from `assets/`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SoundFiles {
    pub roll: String,
    pub step: String,
    pub capture: String,
    pub goal: String,
    pub win: String,
    pub extra_roll: String,
    pub three_sixes: String,
    pub click: String,
    pub your_turn: String,
    /// The die comes to rest (`roll` is its rattle, from the press).
    pub land: String,
    /// A piece leaves its base.
    pub enter: String,
}

impl Default for SoundFiles {
    fn default() -> Self {
        let s = |n: &str| format!("/sounds/{n}.wav");
        SoundFiles {
            roll: s("roll"),
            step: s("step"),
            capture: s("capture"),
            goal: s("goal"),
            win: s("win"),
            extra_roll: s("extra_roll"),
            three_sixes: s("three_sixes"),
            click: s("click"),
            your_turn: s("your_turn"),
            land: s("land"),
            enter: s("enter"),
        }
    }
}

impl SoundFiles {
    /// Each sound's field name and path.
    pub fn all(&self) -> [(&'static str, &str); 11] {
        [
            ("roll", &self.roll),
            ("step", &self.step),
            ("capture", &self.capture),
            ("goal", &self.goal),
            ("win", &self.win),
            ("extra_roll", &self.extra_roll),
            ("three_sixes", &self.three_sixes),
            ("click", &self.click),
            ("your_turn", &self.your_turn),
            ("land", &self.land),
            ("enter", &self.enter),
        ]
    }
}

/// How a move's hop goes from square to square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Easing {
    Linear,
    #[default]
    Cubic,
    Sine,
    /// Overshoots a little and settles.
    Back,
}

impl Easing {
    /// The eased progress at `t` (0 to 1): Bevy's easing functions.
    pub fn apply(self, t: f32) -> f32 {
        use bevy::math::curve::{Curve, EaseFunction};
        match self {
            Easing::Linear => EaseFunction::Linear,
            Easing::Cubic => EaseFunction::CubicInOut,
            Easing::Sine => EaseFunction::SineInOut,
            Easing::Back => EaseFunction::BackOut,
        }
        .sample_clamped(t)
    }
}

/// Animation timings at normal speed (the speed setting scales them), in seconds, and the
/// sizes of the effects, in squares. Reduced motion (a setting) turns off the arcs, the
/// squash, the shake and the bursts, and keeps the sounds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Animation {
    /// One square of a move.
    pub hop_secs: f32,
    /// A whole move at most: a long move hops faster.
    pub move_max_secs: f32,
    /// How much a hopping piece grows at the top of its hop (0.25 = a quarter).
    pub hop_lift: f32,
    /// How high a hop's arc rises, in squares.
    pub hop_height: f32,
    /// How much a piece squashes as it lands on each square (0.2 = a fifth wider, shorter).
    pub squash: f32,
    pub easing: Easing,
    /// A piece leaving its base for its start square: one high jump.
    pub enter_secs: f32,
    /// A captured piece's flight home.
    pub fly_home_secs: f32,
    /// The die's tumble, from the press (online: at least this, until the server's roll).
    pub tumble_secs: f32,
    /// Turns the die makes while tumbling.
    pub tumble_turns: f32,
    /// The die's landing: it overshoots its face and settles.
    pub settle_secs: f32,
    /// Everything on the board stands still this long when a piece is hit.
    pub freeze_secs: f32,
    /// How far the board shakes at a capture, in squares (0: no shake).
    pub shake: f32,
    /// Sparks flying from a capture or a piece reaching the goal.
    pub sparks: u8,
    pub sparks_secs: f32,
    /// Each square's tick is this much higher than the one before (0.06 = 6 %).
    pub step_pitch: f32,
    /// How much the pieces that can move swell and shrink while a person chooses.
    pub pulse: f32,
    /// How far the pieces that cannot move fade while a person chooses (0: not at all).
    pub dim: f32,
}

impl Default for Animation {
    fn default() -> Self {
        Animation {
            hop_secs: 0.15,
            move_max_secs: 0.9,
            hop_lift: 0.2,
            hop_height: 0.3,
            squash: 0.2,
            easing: Easing::Cubic,
            enter_secs: 0.34,
            fly_home_secs: 0.5,
            tumble_secs: 0.5,
            tumble_turns: 1.4,
            settle_secs: 0.24,
            freeze_secs: 0.065,
            shake: 0.22,
            sparks: 16,
            sparks_secs: 0.6,
            step_pitch: 0.06,
            pulse: 0.07,
            dim: 0.5,
        }
    }
}

/// The look of everything egui draws around the board: windows, plates, the bar, buttons
/// and text. High contrast (a setting) overrides the colours.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct UiSkin {
    /// Windows, plates and the bar.
    pub panel: Hex,
    /// The edge of a window or a plate.
    pub edge: Hex,
    pub text: Hex,
    /// Less important text: a seat's second line, older lines of the log.
    pub weak_text: Hex,
    /// Buttons at rest, under the pointer, and pressed.
    pub button: Hex,
    pub button_hover: Hex,
    pub button_pressed: Hex,
    /// A window's main button (Play again, Start, Continue) and its text.
    pub primary: Hex,
    pub primary_text: Hex,
    /// Something to read: a broken file, a lost connection, a turn running out.
    pub warning: Hex,
    /// Rounded corners of windows, plates and buttons, in points.
    pub corner_radius: f32,
    /// How far a window's shadow spreads, in points (0: none).
    pub shadow: f32,
    /// Space between widgets, in points.
    pub spacing: f32,
    /// Text sizes in points (at a window 720 pixels high): the body, headings, the prompt.
    pub text_size: f32,
    pub heading_size: f32,
    pub prompt_size: f32,
}

impl Default for UiSkin {
    fn default() -> Self {
        UiSkin {
            panel: Hex::rgb(40, 46, 61),
            edge: Hex::rgb(66, 75, 97),
            text: Hex::rgb(242, 242, 240),
            weak_text: Hex::rgb(176, 183, 198),
            button: Hex::rgb(58, 67, 88),
            button_hover: Hex::rgb(76, 88, 114),
            button_pressed: Hex::rgb(44, 50, 66),
            primary: Hex::rgb(240, 180, 41),
            primary_text: Hex::rgb(26, 28, 36),
            warning: Hex::rgb(240, 170, 60),
            corner_radius: 10.0,
            shadow: 16.0,
            spacing: 8.0,
            text_size: 15.0,
            heading_size: 22.0,
            prompt_size: 20.0,
        }
    }
}

/// A value out of its range: the field's name (as written in the file) and what was expected.
#[derive(Debug, PartialEq)]
pub struct OutOfRange {
    pub field: &'static str,
    pub expected: String,
}

impl ThemeFile {
    /// Numbers a theme may not set (a zero-sized piece, a ten-second hop).
    pub fn check(&self) -> Result<(), OutOfRange> {
        let range = |field: &'static str, v: f32, lo: f32, hi: f32| {
            if (lo..=hi).contains(&v) {
                Ok(())
            } else {
                Err(OutOfRange {
                    field,
                    expected: format!("{field} from {lo} to {hi}, got {v}"),
                })
            }
        };
        range("square_size", self.style.square_size, 0.5, 1.0)?;
        range("piece_size", self.style.piece_size, 0.3, 1.0)?;
        range("die_size", self.style.die_size, 0.5, 2.5)?;
        range("star_points", self.style.star_points as f32, 3.0, 12.0)?;
        range("bevel", self.style.bevel, 0.0, 0.15)?;
        let a = &self.animation;
        range("hop_secs", a.hop_secs, 0.02, 1.0)?;
        range("move_max_secs", a.move_max_secs, 0.1, 5.0)?;
        range("hop_lift", a.hop_lift, 0.0, 1.0)?;
        range("hop_height", a.hop_height, 0.0, 2.0)?;
        range("squash", a.squash, 0.0, 0.6)?;
        range("enter_secs", a.enter_secs, 0.02, 2.0)?;
        range("fly_home_secs", a.fly_home_secs, 0.05, 3.0)?;
        range("tumble_secs", a.tumble_secs, 0.05, 3.0)?;
        range("tumble_turns", a.tumble_turns, 0.0, 10.0)?;
        range("settle_secs", a.settle_secs, 0.0, 1.0)?;
        range("freeze_secs", a.freeze_secs, 0.0, 0.2)?;
        range("shake", a.shake, 0.0, 1.0)?;
        range("sparks", a.sparks as f32, 0.0, 64.0)?;
        range("sparks_secs", a.sparks_secs, 0.05, 3.0)?;
        range("step_pitch", a.step_pitch, 0.0, 0.2)?;
        range("pulse", a.pulse, 0.0, 0.3)?;
        range("dim", a.dim, 0.0, 0.9)?;
        range("corner_radius", self.ui.corner_radius, 0.0, 24.0)?;
        range("shadow", self.ui.shadow, 0.0, 40.0)?;
        range("spacing", self.ui.spacing, 2.0, 16.0)?;
        range("text_size", self.ui.text_size, 10.0, 24.0)?;
        range("heading_size", self.ui.heading_size, 12.0, 40.0)?;
        range("prompt_size", self.ui.prompt_size, 12.0, 36.0)?;
        if let Some(music) = &self.music
            && !(music.ends_with(".ogg") || music.ends_with(".wav"))
        {
            return Err(OutOfRange {
                field: "music",
                expected: format!(
                    "music: an Ogg Vorbis (.ogg) or WAV (.wav) file, or None, got {music:?}"
                ),
            });
        }
        let n = self.sprites.die_faces.len();
        if n != 0 && n != 6 {
            return Err(OutOfRange {
                field: "die_faces",
                expected: format!("die_faces: six pictures (one to six) or none, got {n}"),
            });
        }
        Ok(())
    }
}

/// Reads a theme file. `Option` fields take a bare value (`font: "fonts/x.ttf"`), as
/// modders write them.
pub fn parse(text: &str) -> Result<ThemeFile, ron::error::SpannedError> {
    ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .from_str(text)
}

/// Line and column (from 1) of the first `needle` in `text` that is not in a comment, or
/// the start of the file: where to point a modder for a problem serde cannot place (a
/// missing file, a number out of range).
pub fn locate(text: &str, needle: &str) -> (usize, usize) {
    for (i, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        if let Some(col) = code.find(needle) {
            return (i + 1, line[..col].chars().count() + 1);
        }
    }
    (1, 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn easings_keep_their_shapes() {
        let close = |a: f32, b: f32| (a - b).abs() < 1e-4;
        for e in [Easing::Linear, Easing::Cubic, Easing::Sine, Easing::Back] {
            assert!(
                close(e.apply(0.0), 0.0) && close(e.apply(1.0), 1.0),
                "{e:?}"
            );
            assert!(close(e.apply(2.0), 1.0), "{e:?} clamps");
        }
        assert!(close(Easing::Linear.apply(0.3), 0.3));
        // 4t³ in the first half, symmetric after.
        assert!(close(Easing::Cubic.apply(0.25), 0.0625));
        assert!(close(Easing::Cubic.apply(0.75), 0.9375));
        assert!(close(Easing::Sine.apply(0.5), 0.5));
        // Overshoots: 1 + 2.70158(t−1)³ + 1.70158(t−1)².
        assert!(close(Easing::Back.apply(0.5), 1.0876975));
    }

    #[test]
    fn one_field_keeps_every_other_default() {
        let t = parse("(board: (track: \"#102030\"))").unwrap();
        assert_eq!(t.board.track, Hex::rgb(0x10, 0x20, 0x30));
        let classic = ThemeFile::default();
        assert_eq!(t.board.safe, classic.board.safe);
        assert_eq!(t.sounds, classic.sounds);
        assert_eq!(t.animation, classic.animation);
        assert_eq!(t.seats, classic.seats);
    }

    #[test]
    fn colours_must_be_hex_strings() {
        let e = parse("(board: (track: \"teal\"))").unwrap_err();
        assert!(e.to_string().contains("#1e90ff"), "{e}");
        let e = parse("(board: (track: 12))").unwrap_err();
        assert!(e.to_string().contains("Expected string"), "{e}");
    }

    #[test]
    fn hex_round_trips() {
        let t = ThemeFile::default();
        let text = ron::to_string(&t).unwrap();
        let back = parse(&text).unwrap();
        assert_eq!(back, t);
    }

    #[test]
    fn easings_start_at_zero_and_end_at_one() {
        for e in [Easing::Linear, Easing::Cubic, Easing::Sine, Easing::Back] {
            assert!(e.apply(0.0).abs() < 1e-5, "{e:?}");
            assert!((e.apply(1.0) - 1.0).abs() < 1e-5, "{e:?}");
        }
    }

    #[test]
    fn a_theme_without_a_ui_section_gets_the_default_skin() {
        let t = parse("(name: \"Mine\")").unwrap();
        assert_eq!(t.ui, UiSkin::default());
        let t = parse("(ui: (primary: \"#00ff00\", corner_radius: 4.0))").unwrap();
        assert_eq!(t.ui.primary, Hex::rgb(0, 255, 0));
        assert_eq!(t.ui.panel, UiSkin::default().panel);
        // A misspelt field is named, at its line and column.
        let e = parse("(\n  ui: (\n    pannel: \"#000000\",\n  ),\n)").unwrap_err();
        assert_eq!((e.span.start.line, e.span.start.col), (3, 5), "{e}");
        assert!(e.to_string().contains("pannel"), "{e}");
        let text = "(\n  ui: (corner_radius: 90.0),\n)";
        let e = parse(text).unwrap().check().unwrap_err();
        assert_eq!(e.field, "corner_radius");
        assert_eq!(locate(text, e.field), (2, 8));
    }

    #[test]
    fn ranges_are_checked_and_located() {
        let text = "(\n  style: (\n    piece_size: 3.0,\n  ),\n)";
        let t = parse(text).unwrap();
        let e = t.check().unwrap_err();
        assert_eq!(e.field, "piece_size");
        assert_eq!(locate(text, e.field), (3, 5));
    }
}
