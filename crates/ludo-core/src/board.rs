//! Board geometry as data: the track, starts, stars, home columns, bases and goal of every
//! board kind, each square with grid coordinates so the game can draw any layout from data.
//!
//! The cross board is built from four identical arms, each a quarter turn from the last. The
//! *by player count* boards leave out the arms of absent colours and bridge the gap with the
//! three squares along that side of the centre, so the track stays one closed loop. Five and
//! six seats play on a radial board of as many arms round the centre, each arm the cross's:
//! thirteen track squares a seat, its start, star and home column where the cross has them.

mod radial;

use serde::{Deserialize, Serialize};

use crate::colour::Colour;
use crate::rules::{BoardChoice, Rules, SafeSquares};
pub use radial::Point;
use radial::Radial;

/// Squares in a home column.
pub const HOME_LEN: u8 = 5;
/// Track length of the cross board.
pub const TRACK_LEN: u8 = 52;
/// Track squares of one arm: a seat's share of the loop.
pub const ARM_LEN: u8 = 13;
/// The most seats at a table.
pub const MAX_SEATS: u8 = 6;
/// Steps from a colour's start to its star.
pub const STAR_OFFSET: u8 = 8;
/// The board grid is GRID × GRID cells.
pub const GRID: u8 = 15;

/// A place on the board. On the grid boards a cell of the 15×15 grid: `x` is the column from
/// the left, `y` the row from the top. On the radial boards a spot of an arm (see `radial`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Cell {
    pub x: u8,
    pub y: u8,
}

impl Cell {
    const fn new(x: u8, y: u8) -> Self {
        Cell { x, y }
    }

    /// A quarter turn clockwise about the centre of the grid.
    fn turned(self, quarter_turns: usize) -> Cell {
        let mut c = self;
        for _ in 0..quarter_turns % 4 {
            c = Cell::new(GRID - 1 - c.y, c.x);
        }
        c
    }
}

/// The shape of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardKind {
    /// The classic cross with all four arms.
    Cross,
    /// Two opposite arms, for two seats.
    Horizontal,
    /// Three arms, for three seats.
    T,
    /// Five or six arms round the centre, for five or six seats.
    Radial,
}

/// The colours that sit at a table of `seats`, in seat (clockwise) order. Two seats sit
/// opposite each other, as is usual on a cross board.
pub fn seat_colours(seats: u8) -> &'static [Colour] {
    match seats {
        2 => &[Colour::Yellow, Colour::Red],
        3 => &[Colour::Yellow, Colour::Blue, Colour::Red],
        4 => &Colour::CROSS,
        5 => &Colour::ALL[..5],
        _ => &Colour::ALL,
    }
}

/// Arm 0, the top-left colour's, in walking order: in along the bottom row of the left arm,
/// round its end, and out along its top row, starting with the square *before* the start.
const ARM: [Cell; 13] = [
    Cell::new(5, 8),
    Cell::new(4, 8),
    Cell::new(3, 8),
    Cell::new(2, 8),
    Cell::new(1, 8),
    Cell::new(0, 8),
    Cell::new(0, 7),
    Cell::new(0, 6),
    Cell::new(1, 6), // the start of arm 0's colour
    Cell::new(2, 6),
    Cell::new(3, 6),
    Cell::new(4, 6),
    Cell::new(5, 6),
];
/// Where the start square sits in `ARM`.
const ARM_START: usize = 8;
/// The three squares along the top of the centre that join arm 0 to arm 2 when arm 1 is absent.
const BRIDGE: [Cell; 3] = [Cell::new(6, 6), Cell::new(7, 6), Cell::new(8, 6)];
const HOME: [Cell; 5] = [
    Cell::new(1, 7),
    Cell::new(2, 7),
    Cell::new(3, 7),
    Cell::new(4, 7),
    Cell::new(5, 7),
];
const GOAL: Cell = Cell::new(7, 7);
const BASE_SLOTS: [Cell; 4] = [
    Cell::new(1, 1),
    Cell::new(4, 1),
    Cell::new(1, 4),
    Cell::new(4, 4),
];

/// The 6×6 corner yard of a colour.
fn base_area(colour: Colour) -> BaseArea {
    let turns = colour.index();
    // The corner cell of a turned yard is the turned cell with the smallest x and y.
    let corners = [
        Cell::new(0, 0),
        Cell::new(5, 0),
        Cell::new(0, 5),
        Cell::new(5, 5),
    ]
    .map(|c| c.turned(turns));
    let corner = Cell::new(
        corners.iter().map(|c| c.x).min().unwrap(),
        corners.iter().map(|c| c.y).min().unwrap(),
    );
    BaseArea {
        colour,
        corner,
        size: 6,
        slots: BASE_SLOTS.map(|s| s.turned(turns)),
    }
}

/// A set of track squares, bit `i` for square `i`: the loop has 78 squares at six seats.
pub type Squares = u128;

/// The compact geometry the engine plays on: no coordinates, only what the rules need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Track {
    pub seats: u8,
    /// Squares on the closed loop.
    pub len: u8,
    /// Absolute track index of each seat's start square.
    pub starts: [u8; MAX_SEATS as usize],
    /// Bit `i` is set when track square `i` is safe.
    pub safe: Squares,
    /// Bit `i` is set when track square `i` is some colour's start.
    pub start_squares: Squares,
    /// Bit `i` is set when track square `i` is a star.
    pub stars: Squares,
    /// Seat × progress → absolute track square, or `NOT_ON_TRACK`: a table, because this
    /// lookup is on the hot path of every legal-move check. Eight rows of 128 so that a
    /// masked index needs no bounds check.
    squares: [[u8; 128]; 8],
}

/// Marks a progress value that is not on the track in `Track`'s lookup table.
const NOT_ON_TRACK: u8 = u8::MAX;

/// Every track a game has asked for, each built once.
static SHARED: std::sync::Mutex<Vec<&'static Track>> = std::sync::Mutex::new(Vec::new());

impl Track {
    pub fn new(rules: &Rules, seats: u8) -> Track {
        if seats > 4 {
            Track::radial(seats, rules.safe_squares)
        } else {
            Layout::new(rules.board, seats).track(rules.safe_squares)
        }
    }

    /// The same track as `new`, built once per board and kept: a game holds a reference, so
    /// that cloning a game (the CPU players' search does it thousands of times a move) copies
    /// a pointer rather than the lookup table. There are a few dozen boards at most.
    pub fn shared(rules: &Rules, seats: u8) -> &'static Track {
        let track = Track::new(rules, seats);
        let mut shared = SHARED.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&known) = shared.iter().find(|&&t| *t == track) {
            return known;
        }
        let leaked: &'static Track = Box::leak(Box::new(track));
        shared.push(leaked);
        leaked
    }

    /// The radial board of `seats` arms (five or six): each seat's start at the same place in
    /// its arm's thirteen squares as on the cross, its star eight squares on.
    pub fn radial(seats: u8, safe: SafeSquares) -> Track {
        let starts: Vec<u8> = (0..seats).map(|seat| seat * ARM_LEN).collect();
        Track::from_starts(seats * ARM_LEN, &starts, &starts, safe)
    }

    /// A loop of `len` squares with the seats' starts at `starts`; `all_starts` lists every
    /// start drawn on the board (seated or not), each with its star.
    fn from_starts(len: u8, starts: &[u8], all_starts: &[u8], safe: SafeSquares) -> Track {
        let mut start_squares: Squares = 0;
        let mut stars: Squares = 0;
        for &start in all_starts {
            start_squares |= 1 << start;
            stars |= 1 << ((start + STAR_OFFSET) % len);
        }
        let safe = match safe {
            SafeSquares::StartsAndStars => start_squares | stars,
            SafeSquares::StartsOnly => start_squares,
            SafeSquares::None => 0,
        };
        let mut seat_starts = [0u8; MAX_SEATS as usize];
        let mut squares = [[NOT_ON_TRACK; 128]; 8];
        for (seat, &s) in starts.iter().enumerate() {
            seat_starts[seat] = s;
            for progress in 0..=len - 2 {
                squares[seat][progress as usize] =
                    ((s as u16 + progress as u16) % len as u16) as u8;
            }
            squares[seat][(len + HOME_LEN) as usize] =
                ((s as u16 + len as u16 - 1) % len as u16) as u8;
        }
        Track {
            seats: starts.len() as u8,
            len,
            starts: seat_starts,
            safe,
            start_squares,
            stars,
            squares,
        }
    }

    /// Progress of the last track square (the mouth of the home column).
    #[inline]
    pub fn last_track(&self) -> u8 {
        self.len - 2
    }

    /// Progress of the goal.
    #[inline]
    pub fn goal(&self) -> u8 {
        self.len + HOME_LEN - 1
    }

    /// Progress of the track square just behind a seat's start, where only a piece going
    /// round again stands (*capture before home*): past the goal, because the progress after
    /// the last track square is the home column's.
    #[inline]
    pub fn behind_start(&self) -> u8 {
        self.goal() + 1
    }

    /// Steps a piece at `progress` has walked from its start: its progress, but behind the
    /// start (a piece going round again, stored past the goal) the whole lap less one square.
    /// What the ranking, the CPU players and every figure of a piece's progress count.
    #[inline]
    pub fn walked(&self, progress: u8) -> u8 {
        if progress == self.behind_start() {
            self.len - 1
        } else {
            progress
        }
    }

    /// Steps a move takes from `from` to `to` (neither in base), round again included.
    #[inline]
    pub fn steps(&self, from: u8, to: u8) -> u8 {
        let (a, b) = (self.walked(from) as u16, self.walked(to) as u16);
        ((b + self.len as u16 - a) % self.len as u16) as u8
    }

    /// Absolute track square of a seat's piece at `progress`, if it is on the track.
    #[inline]
    pub fn square(&self, seat: usize, progress: u8) -> Option<u8> {
        let sq = self.squares[seat & 7][progress as usize & 127];
        (sq != NOT_ON_TRACK).then_some(sq)
    }

    /// Progress a seat's piece has when it stands on absolute track square `square`.
    #[inline]
    pub fn progress_at(&self, seat: usize, square: u8) -> u8 {
        ((square as u16 + self.len as u16 - self.starts[seat] as u16) % self.len as u16) as u8
    }

    #[inline]
    pub fn is_safe(&self, square: u8) -> bool {
        self.safe & (1 << square) != 0
    }

    /// Whether track square `square` is a star.
    #[inline]
    pub fn is_star(&self, square: u8) -> bool {
        self.stars & (1 << square) != 0
    }

    /// Whether track square `square` is some seat's start.
    #[inline]
    pub fn is_start(&self, square: u8) -> bool {
        self.start_squares & (1 << square) != 0
    }
}

/// What a drawn square is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SquareKind {
    /// A square of the loop, with its absolute index.
    Track {
        index: u8,
        /// Whose start square this is, if any.
        start: Option<Colour>,
        star: bool,
    },
    /// A colour's home column; `step` 0 is the first square after the track.
    Home { colour: Colour, step: u8 },
    /// The centre.
    Goal,
    /// A place in a colour's base yard where a piece waits.
    BaseSlot { colour: Colour, slot: u8 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Square {
    pub cell: Cell,
    pub kind: SquareKind,
}

/// A base yard: a 6×6 corner of the grid, or a radial board's wedge between two arms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BaseArea {
    pub colour: Colour,
    /// Top-left cell of the yard (on the grid boards).
    pub corner: Cell,
    pub size: u8,
    pub slots: [Cell; 4],
}

/// The full geometry of one board for drawing: every square with its cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Layout {
    pub kind: BoardKind,
    /// Seat → colour, clockwise.
    pub colours: Vec<Colour>,
    /// The loop, absolute index → cell. Index 0 is the yellow start.
    pub track: Vec<Cell>,
    /// Seat → absolute index of its start.
    pub starts: Vec<u8>,
    /// Seat → its home column cells, from the track inwards.
    pub homes: Vec<[Cell; HOME_LEN as usize]>,
    /// The centre cell (the goal is drawn as the centre region around it).
    pub goal: Cell,
    /// All cells of the centre region that belong to the goal.
    pub goal_cells: Vec<Cell>,
    pub bases: Vec<BaseArea>,
}

impl Layout {
    /// The board of a table of `seats`: the cross or a smaller board for two to four, the
    /// radial board for five and six.
    pub fn new(choice: BoardChoice, seats: u8) -> Layout {
        let seats = seats.clamp(2, MAX_SEATS);
        if seats > 4 {
            return Layout::radial(seats);
        }
        let colours = seat_colours(seats).to_vec();
        let kind = match (choice, seats) {
            (BoardChoice::AlwaysCross, _) | (_, 4) => BoardKind::Cross,
            (BoardChoice::ByPlayerCount, 2) => BoardKind::Horizontal,
            (BoardChoice::ByPlayerCount, _) => BoardKind::T,
        };
        let arm_present = |arm: usize| match kind {
            BoardKind::Cross => true,
            _ => colours.iter().any(|c| c.index() == arm),
        };

        // Walk the arms clockwise from arm 0, bridging across the centre for absent arms.
        let mut track = Vec::with_capacity(TRACK_LEN as usize);
        let mut start_cells = [None; 4];
        for (arm, start_cell) in start_cells.iter_mut().enumerate() {
            if arm_present(arm) {
                for (i, cell) in ARM.iter().enumerate() {
                    if i == ARM_START {
                        *start_cell = Some(cell.turned(arm));
                    }
                    track.push(cell.turned(arm));
                }
            } else {
                // The bridge for an absent arm k runs along the centre side facing arm k.
                track.extend(BRIDGE.iter().map(|c| c.turned(arm + 3)));
            }
        }
        // Index 0 is arm 0's start square.
        track.rotate_left(ARM_START);
        let index_of = |cell: Cell| track.iter().position(|&c| c == cell).unwrap() as u8;
        let starts = colours
            .iter()
            .map(|c| index_of(start_cells[c.index()].expect("seated arm is present")))
            .collect();
        let homes = colours
            .iter()
            .map(|c| HOME.map(|h| h.turned(c.index())))
            .collect();
        let bridges: Vec<Cell> = track.clone();
        let goal_cells = (6..=8)
            .flat_map(|y| (6..=8).map(move |x| Cell::new(x, y)))
            .filter(|c| !bridges.contains(c))
            .collect();
        let bases = colours.iter().map(|&colour| base_area(colour)).collect();
        Layout {
            kind,
            colours,
            track,
            starts,
            homes,
            goal: GOAL,
            goal_cells,
            bases,
        }
    }

    /// The radial board of five or six seats, every arm seated.
    fn radial(seats: u8) -> Layout {
        let colours = seat_colours(seats).to_vec();
        let mut track: Vec<Cell> = (0..seats).flat_map(radial::arm_walk).collect();
        track.rotate_left(ARM_START);
        Layout {
            kind: BoardKind::Radial,
            starts: (0..seats).map(|seat| seat * ARM_LEN).collect(),
            homes: (0..seats).map(radial::home_column).collect(),
            goal: GOAL,
            goal_cells: Vec::new(),
            bases: colours
                .iter()
                .enumerate()
                .map(|(arm, &colour)| BaseArea {
                    colour,
                    corner: GOAL,
                    size: 6,
                    slots: radial::yard_slots(arm as u8),
                })
                .collect(),
            colours,
            track,
        }
    }

    fn radial_shape(&self) -> Option<Radial> {
        (self.kind == BoardKind::Radial).then_some(Radial {
            arms: self.colours.len() as u8,
        })
    }

    /// Where a cell's centre is, in squares from the board's centre, x to the right and y up.
    pub fn point(&self, cell: Cell) -> Point {
        match self.radial_shape() {
            Some(radial) => radial.point(cell),
            None => {
                let half = (GRID as f32 - 1.0) / 2.0;
                [cell.x as f32 - half, half - cell.y as f32]
            }
        }
    }

    /// How far a cell's square is turned, in radians anticlockwise: its arm's angle on the
    /// radial boards, none on the grid.
    pub fn turn(&self, cell: Cell) -> f32 {
        match self.radial_shape() {
            Some(radial) if cell.x < radial.arms => radial.turn(cell.x),
            _ => 0.0,
        }
    }

    /// The board's outline, clockwise from its top-left corner: the 15×15 square, or the
    /// radial board's polygon.
    pub fn outline(&self) -> Vec<Point> {
        match self.radial_shape() {
            Some(radial) => radial.outline(),
            None => {
                let h = GRID as f32 / 2.0;
                vec![[-h, h], [h, h], [h, -h], [-h, -h]]
            }
        }
    }

    /// The centre of a colour's yard.
    pub fn yard_centre(&self, colour: Colour) -> Point {
        match self.radial_shape() {
            Some(radial) => radial.yard_centre(self.arm_of(colour)),
            None => {
                let base = base_area(colour);
                let [x, y] = self.point(base.corner);
                let half = (base.size as f32 - 1.0) / 2.0;
                [x + half, y - half]
            }
        }
    }

    /// Where the die rests when a colour is to play: the middle of its yard on the grid (the
    /// waiting places are at its corners), past the waiting places on the radial boards.
    pub fn die_spot(&self, colour: Colour) -> Point {
        match self.radial_shape() {
            Some(radial) => radial.die_spot(self.arm_of(colour)),
            None => self.yard_centre(colour),
        }
    }

    /// The outline of a colour's yard: its square on the grid, its wedge on the radial boards.
    pub fn yard_outline(&self, colour: Colour) -> Vec<Point> {
        match self.radial_shape() {
            Some(radial) => radial.yard_outline(self.arm_of(colour)).to_vec(),
            None => {
                let [x, y] = self.yard_centre(colour);
                let h = 3.0;
                vec![
                    [x - h, y + h],
                    [x + h, y + h],
                    [x + h, y - h],
                    [x - h, y - h],
                ]
            }
        }
    }

    /// The arm a seated colour's is on the radial boards.
    fn arm_of(&self, colour: Colour) -> u8 {
        self.colours.iter().position(|&c| c == colour).unwrap_or(0) as u8
    }

    /// The colours whose arm is drawn: all four on the cross (seated or not), the seated
    /// colours on the *by player count* boards.
    pub fn arm_colours(&self) -> Vec<Colour> {
        match self.kind {
            BoardKind::Cross => Colour::CROSS.to_vec(),
            _ => self.colours.clone(),
        }
    }

    /// A colour's home column cells, from the track inwards (drawn even when not seated).
    pub fn home_of(&self, colour: Colour) -> [Cell; HOME_LEN as usize] {
        match self.radial_shape() {
            Some(_) => radial::home_column(self.arm_of(colour)),
            None => HOME.map(|h| h.turned(colour.index())),
        }
    }

    /// A colour's base yard (drawn even when not seated).
    pub fn base_of(&self, colour: Colour) -> BaseArea {
        match self.bases.iter().find(|b| b.colour == colour) {
            Some(&base) if self.kind == BoardKind::Radial => base,
            _ => base_area(colour),
        }
    }

    pub fn for_rules(rules: &Rules, seats: u8) -> Layout {
        Layout::new(rules.board, seats)
    }

    /// The engine's compact view of this board under a choice of safe squares. On the cross
    /// board all four starts and stars count, whether or not their colour is seated.
    pub fn track(&self, safe: SafeSquares) -> Track {
        Track::from_starts(
            self.track.len() as u8,
            &self.starts,
            &self.all_start_indices(),
            safe,
        )
    }

    /// Absolute indices of every colour's start that is drawn on this board.
    fn all_start_indices(&self) -> Vec<u8> {
        if self.kind == BoardKind::Radial {
            return self.starts.clone();
        }
        Colour::CROSS
            .iter()
            .filter_map(|c| {
                let cell = ARM[ARM_START].turned(c.index());
                self.track.iter().position(|&t| t == cell).map(|i| i as u8)
            })
            .collect()
    }

    /// Whose start square the track square is, if any.
    pub fn start_colour(&self, index: u8) -> Option<Colour> {
        if self.kind == BoardKind::Radial {
            let seat = self.starts.iter().position(|&s| s == index)?;
            return Some(self.colours[seat]);
        }
        let cell = self.track[index as usize];
        Colour::CROSS
            .into_iter()
            .find(|c| ARM[ARM_START].turned(c.index()) == cell)
    }

    /// Every square to draw: track, home columns, goal and base slots.
    pub fn squares(&self) -> Vec<Square> {
        let track = self.track(SafeSquares::StartsAndStars);
        let mut out = Vec::new();
        for (i, &cell) in self.track.iter().enumerate() {
            out.push(Square {
                cell,
                kind: SquareKind::Track {
                    index: i as u8,
                    start: self.start_colour(i as u8),
                    star: track.stars & (1 << i) != 0,
                },
            });
        }
        for (seat, home) in self.homes.iter().enumerate() {
            for (step, &cell) in home.iter().enumerate() {
                out.push(Square {
                    cell,
                    kind: SquareKind::Home {
                        colour: self.colours[seat],
                        step: step as u8,
                    },
                });
            }
        }
        out.push(Square {
            cell: self.goal,
            kind: SquareKind::Goal,
        });
        for base in &self.bases {
            for (slot, &cell) in base.slots.iter().enumerate() {
                out.push(Square {
                    cell,
                    kind: SquareKind::BaseSlot {
                        colour: base.colour,
                        slot: slot as u8,
                    },
                });
            }
        }
        out
    }

    /// The cell where a seat's piece stands: its base slot, a track or home square, or the goal.
    pub fn cell(&self, seat: usize, piece: usize, pos: crate::Pos) -> Cell {
        let len = self.track.len() as u8;
        match pos.progress() {
            None => self.bases[seat].slots[piece % 4],
            Some(p) if p <= len - 2 => {
                self.track[((self.starts[seat] as usize) + p as usize) % len as usize]
            }
            Some(p) if p == len + HOME_LEN => {
                self.track[((self.starts[seat] as usize) + len as usize - 1) % len as usize]
            }
            Some(p) if p < len - 2 + HOME_LEN + 1 => self.homes[seat][(p - (len - 1)) as usize],
            Some(_) => self.goal,
        }
    }

    /// The cells a piece passes through, in order, moving from `from` to `to` (the landing
    /// cell last); leaving base is the one step onto the start square.
    pub fn path(&self, seat: usize, piece: usize, from: crate::Pos, to: crate::Pos) -> Vec<Cell> {
        let len = self.track.len() as u8;
        let (last, behind) = (len - 2, len + HOME_LEN);
        let (Some(a), Some(b)) = (from.progress(), to.progress()) else {
            return vec![self.cell(seat, piece, to)];
        };
        // Going round again (*capture before home*): past the last track square to the square
        // behind the start, then the start.
        let round = b == behind || (b <= last && b < a);
        let next = |q: u8| match q {
            q if q == behind => 0,
            q if q == last && round => behind,
            q => q + 1,
        };
        let mut cells = Vec::new();
        let mut q = a;
        while q != b && cells.len() <= HOME_LEN as usize + len as usize {
            q = next(q);
            cells.push(self.cell(seat, piece, crate::Pos::at(q)));
        }
        if q != b {
            return vec![self.cell(seat, piece, to)];
        }
        cells
    }
}
