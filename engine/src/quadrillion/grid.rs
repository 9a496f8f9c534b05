//! The four grids: 4×4 dots each, two-sided, some dots closed (no shape may cover them).
//!
//! The closed dots differ by side. Each side's closed dots are given in that side's own frame,
//! face up, unturned — as the seed's data gives them; the seed does not say how the two frames
//! relate, so turning a grid over changes its side and keeps its turns.

use super::dot::{Dot, Orientation};
use serde::{Deserialize, Serialize};

/// The dots along a grid's side.
pub const GRID_SIZE: i32 = 4;

/// One of the four grids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum GridId {
    /// The first grid (one closed dot a side).
    G1,
    /// The second grid.
    G2,
    /// The third grid.
    G3,
    /// The fourth grid.
    G4,
}

/// Which side of a grid is up.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub enum Side {
    /// Open dots white, closed dots black.
    #[default]
    White,
    /// Open dots black, closed dots white.
    Black,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// The side's name in files: `white` or `black`.
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }
}

impl GridId {
    /// The four grids in order.
    pub const ALL: [GridId; 4] = [GridId::G1, GridId::G2, GridId::G3, GridId::G4];

    /// Its place in [`GridId::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// Its number, 1 to 4.
    pub fn number(self) -> u8 {
        self as u8 + 1
    }

    /// The grid numbered `n` (1 to 4).
    pub fn from_number(n: u8) -> Option<GridId> {
        GridId::ALL.get(usize::from(n).checked_sub(1)?).copied()
    }

    /// The closed dots of `side`, face up and unturned.
    pub fn closed(self, side: Side) -> &'static [Dot] {
        macro_rules! d {
            ($row:expr, $col:expr) => {
                Dot {
                    row: $row,
                    col: $col,
                }
            };
        }
        match (self, side) {
            (GridId::G1, Side::White) => &[d!(0, 1)],
            (GridId::G1, Side::Black) => &[d!(3, 1)],
            (GridId::G2, Side::White) => &[d!(0, 1), d!(0, 2)],
            (GridId::G2, Side::Black) => &[d!(0, 3), d!(2, 2)],
            (GridId::G3, Side::White) => &[d!(0, 0), d!(0, 3)],
            (GridId::G3, Side::Black) => &[d!(0, 0), d!(2, 0)],
            (GridId::G4, Side::White) => &[d!(0, 0), d!(3, 2)],
            (GridId::G4, Side::Black) => &[d!(1, 2), d!(3, 3)],
        }
    }
}

impl std::fmt::Display for GridId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// A grid lying on the plane: which side is up, how far it is turned, and its top-left dot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GridPlacement {
    /// The grid.
    pub grid: GridId,
    /// The side up.
    pub side: Side,
    /// Clockwise quarter turns, 0 to 3.
    pub turns: u8,
    /// Its top-left dot.
    pub at: Dot,
}

impl GridPlacement {
    /// Every dot it spans, row by row.
    pub fn dots(&self) -> impl Iterator<Item = Dot> + '_ {
        (0..GRID_SIZE).flat_map(move |r| {
            (0..GRID_SIZE).map(move |c| Dot::new(self.at.row + r, self.at.col + c))
        })
    }

    /// Its closed dots on the plane, sorted.
    pub fn closed_dots(&self) -> Vec<Dot> {
        Orientation::new(false, self.turns)
            .orient_in_square(self.grid.closed(self.side), GRID_SIZE)
            .into_iter()
            .map(|d| d.offset(self.at))
            .collect()
    }

    /// Its open dots on the plane, row by row.
    pub fn open_dots(&self) -> Vec<Dot> {
        let closed = self.closed_dots();
        self.dots().filter(|d| !closed.contains(d)).collect()
    }

    /// Whether `d` is one of its dots.
    pub fn spans(&self, d: Dot) -> bool {
        (self.at.row..self.at.row + GRID_SIZE).contains(&d.row)
            && (self.at.col..self.at.col + GRID_SIZE).contains(&d.col)
    }
}
