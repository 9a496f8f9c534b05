//! The square grid of a sliding lock: cells named in algebraic notation, the four directions a
//! piece slides in, and the turns an axis makes.
//!
//! Columns are lettered from `A` at the left, rows numbered from `1` at the bottom, as on a
//! chessboard: the seed's example only works that way round.

use std::fmt;

/// The largest side of a board, in cells: boards are no larger than 11×11.
pub const MAX_SIDE: u8 = 11;

/// A cell of the board: its column (0 is `A`) and row (0 is row `1`, at the bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// The column, from 0 (`A`) at the left.
    pub col: u8,
    /// The row, from 0 (row `1`) at the bottom.
    pub row: u8,
}

impl Cell {
    /// The cell at column `col` and row `row`, both from 0.
    pub const fn new(col: u8, row: u8) -> Cell {
        Cell { col, row }
    }

    /// The cell's bit in a [`Mask`]: cells are numbered row by row with a stride of
    /// [`MAX_SIDE`], so every board fits in 121 bits.
    pub fn bit(self) -> Mask {
        1u128 << self.index()
    }

    /// The cell's number in a [`Mask`].
    pub fn index(self) -> usize {
        self.row as usize * MAX_SIDE as usize + self.col as usize
    }

    /// The cell numbered `index` in a [`Mask`].
    pub fn from_index(index: usize) -> Cell {
        Cell::new(
            (index % MAX_SIDE as usize) as u8,
            (index / MAX_SIDE as usize) as u8,
        )
    }

    /// The cell `distance` cells away in `dir`, when that is still on an 11×11 grid.
    pub fn step(self, dir: Dir, distance: u8) -> Option<Cell> {
        let (dc, dr) = dir.delta();
        let col = self.col as i32 + dc * distance as i32;
        let row = self.row as i32 + dr * distance as i32;
        let side = MAX_SIDE as i32;
        ((0..side).contains(&col) && (0..side).contains(&row))
            .then(|| Cell::new(col as u8, row as u8))
    }

    /// The column's letter: `A` for column 0.
    pub fn column_letter(col: u8) -> char {
        (b'A' + col) as char
    }

    /// Reads a cell's name, `C3`: a column letter (either case) and a row number from 1.
    pub fn parse(name: &str) -> Option<Cell> {
        let mut chars = name.chars();
        let letter = chars.next()?.to_ascii_uppercase();
        if !letter.is_ascii_uppercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 2 {
            return None;
        }
        let row: u8 = digits.parse().ok()?;
        let col = letter as u8 - b'A';
        ((1..=MAX_SIDE).contains(&row) && col < MAX_SIDE).then(|| Cell::new(col, row - 1))
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", Cell::column_letter(self.col), self.row + 1)
    }
}

/// A set of cells, one bit per cell of an 11×11 grid (see [`Cell::bit`]).
pub type Mask = u128;

/// The cells of a mask, in order of their numbers (row by row from the bottom).
pub fn cells_of(mut mask: Mask) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(Cell::from_index(i))
    })
}

/// A direction on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// Towards higher rows.
    Up,
    /// Towards later columns.
    Right,
    /// Towards lower rows.
    Down,
    /// Towards earlier columns.
    Left,
}

impl Dir {
    /// The four directions, clockwise from up.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Right, Dir::Down, Dir::Left];

    /// The step in columns and rows.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::Up => (0, 1),
            Dir::Right => (1, 0),
            Dir::Down => (0, -1),
            Dir::Left => (-1, 0),
        }
    }

    /// The opposite direction.
    pub fn opposite(self) -> Dir {
        self.turned(Turn::Half)
    }

    /// This direction after `turn`.
    pub fn turned(self, turn: Turn) -> Dir {
        let i = Dir::ALL.iter().position(|&d| d == self).unwrap_or(0);
        let by = match turn {
            Turn::Clockwise => 1,
            Turn::Half => 2,
            Turn::Anticlockwise => 3,
        };
        Dir::ALL[(i + by) % 4]
    }

    /// The orientation of a piece lying along this direction.
    pub fn orientation(self) -> Orientation {
        match self {
            Dir::Up | Dir::Down => Orientation::Vertical,
            Dir::Left | Dir::Right => Orientation::Horizontal,
        }
    }

    /// The word for this direction: `up`, `right`, `down`, `left`.
    pub fn word(self) -> &'static str {
        match self {
            Dir::Up => "up",
            Dir::Right => "right",
            Dir::Down => "down",
            Dir::Left => "left",
        }
    }

    /// The letter for this direction in the move notation: `U`, `R`, `D`, `L`.
    pub fn letter(self) -> char {
        match self {
            Dir::Up => 'U',
            Dir::Right => 'R',
            Dir::Down => 'D',
            Dir::Left => 'L',
        }
    }
}

/// Which way a piece lies, and so which way it slides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Orientation {
    /// Along a row: the piece slides left and right.
    Horizontal,
    /// Along a column: the piece slides up and down.
    Vertical,
}

impl Orientation {
    /// The direction from a piece's first cell to its others (right or up).
    pub fn forward(self) -> Dir {
        match self {
            Orientation::Horizontal => Dir::Right,
            Orientation::Vertical => Dir::Up,
        }
    }

    /// Whether a piece of this orientation slides in `dir`.
    pub fn slides(self, dir: Dir) -> bool {
        dir.orientation() == self
    }

    /// The other orientation.
    pub fn crossed(self) -> Orientation {
        match self {
            Orientation::Horizontal => Orientation::Vertical,
            Orientation::Vertical => Orientation::Horizontal,
        }
    }
}

/// A turn of an axis: 90° either way, or 180° in one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Turn {
    /// 90° clockwise (as seen on the board, row 1 at the bottom).
    Clockwise,
    /// 90° anticlockwise.
    Anticlockwise,
    /// 180°.
    Half,
}

impl Turn {
    /// The three turns.
    pub const ALL: [Turn; 3] = [Turn::Clockwise, Turn::Anticlockwise, Turn::Half];

    /// The turn's word in the move notation: `CW`, `CCW`, `180`.
    pub fn word(self) -> &'static str {
        match self {
            Turn::Clockwise => "CW",
            Turn::Anticlockwise => "CCW",
            Turn::Half => "180",
        }
    }

    /// The turn that undoes this one.
    pub fn inverse(self) -> Turn {
        match self {
            Turn::Clockwise => Turn::Anticlockwise,
            Turn::Anticlockwise => Turn::Clockwise,
            Turn::Half => Turn::Half,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_named_as_on_a_chessboard_row_1_at_the_bottom() {
        assert_eq!(Cell::new(2, 0).to_string(), "C1");
        assert_eq!(Cell::new(0, 10).to_string(), "A11");
        assert_eq!(Cell::parse("c3"), Some(Cell::new(2, 2)));
        assert_eq!(Cell::parse("K11"), Some(Cell::new(10, 10)));
        assert_eq!(Cell::parse("L1"), None);
        assert_eq!(Cell::parse("A12"), None);
        assert_eq!(Cell::parse("A0"), None);
        assert_eq!(Cell::parse("3C"), None);
        assert_eq!(Cell::new(1, 0).step(Dir::Up, 2), Some(Cell::new(1, 2)));
        assert_eq!(Cell::new(0, 0).step(Dir::Left, 1), None);
    }

    #[test]
    fn turns_go_round_the_four_directions() {
        assert_eq!(Dir::Up.turned(Turn::Clockwise), Dir::Right);
        assert_eq!(Dir::Up.turned(Turn::Anticlockwise), Dir::Left);
        assert_eq!(Dir::Left.turned(Turn::Half), Dir::Right);
        for d in Dir::ALL {
            for t in Turn::ALL {
                assert_eq!(d.turned(t).turned(t.inverse()), d);
            }
        }
    }

    #[test]
    fn masks_list_their_cells_in_order() {
        let m = Cell::new(3, 2).bit() | Cell::new(0, 0).bit() | Cell::new(10, 10).bit();
        let cells: Vec<Cell> = cells_of(m).collect();
        assert_eq!(
            cells,
            vec![Cell::new(0, 0), Cell::new(3, 2), Cell::new(10, 10)]
        );
    }
}
