//! The twelve shapes: one of 3 dots, one of 4, and ten pentominoes (57 dots in all).
//!
//! Each is named by the letter the seed draws it with; [`ShapeId::common_name`] gives the
//! polyomino's usual name.

use super::dot::{Dot, Orientation};
use serde::{Deserialize, Serialize};

/// One of the twelve shapes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ShapeId {
    /// `<`: the V-tromino, 3 dots.
    Corner,
    /// `2`: the skew tetromino, 4 dots.
    Skew,
    /// `b`: the P-pentomino.
    P,
    /// `U`: the U-pentomino.
    U,
    /// `T`: the T-pentomino.
    T,
    /// `C`: the V-pentomino.
    V,
    /// `/`: the W-pentomino.
    W,
    /// `Z`: the Z-pentomino.
    Z,
    /// `F`: the F-pentomino.
    F,
    /// `L`: the L-pentomino.
    L,
    /// `1`: the Y-pentomino.
    Y,
    /// `9`: the N-pentomino.
    N,
}

impl ShapeId {
    /// The twelve shapes in the seed's order.
    pub const ALL: [ShapeId; 12] = [
        ShapeId::Corner,
        ShapeId::Skew,
        ShapeId::P,
        ShapeId::U,
        ShapeId::T,
        ShapeId::V,
        ShapeId::W,
        ShapeId::Z,
        ShapeId::F,
        ShapeId::L,
        ShapeId::Y,
        ShapeId::N,
    ];

    /// Its place in [`ShapeId::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The letter the seed draws it with.
    pub fn letter(self) -> char {
        match self {
            ShapeId::Corner => '<',
            ShapeId::Skew => '2',
            ShapeId::P => 'b',
            ShapeId::U => 'U',
            ShapeId::T => 'T',
            ShapeId::V => 'C',
            ShapeId::W => '/',
            ShapeId::Z => 'Z',
            ShapeId::F => 'F',
            ShapeId::L => 'L',
            ShapeId::Y => '1',
            ShapeId::N => '9',
        }
    }

    /// The shape drawn with `letter`.
    pub fn from_letter(letter: char) -> Option<ShapeId> {
        ShapeId::ALL.into_iter().find(|s| s.letter() == letter)
    }

    /// The polyomino's usual name.
    pub fn common_name(self) -> &'static str {
        match self {
            ShapeId::Corner => "V-tromino",
            ShapeId::Skew => "skew tetromino",
            ShapeId::P => "P-pentomino",
            ShapeId::U => "U-pentomino",
            ShapeId::T => "T-pentomino",
            ShapeId::V => "V-pentomino",
            ShapeId::W => "W-pentomino",
            ShapeId::Z => "Z-pentomino",
            ShapeId::F => "F-pentomino",
            ShapeId::L => "L-pentomino",
            ShapeId::Y => "Y-pentomino",
            ShapeId::N => "N-pentomino",
        }
    }

    /// Its dots unturned and unflipped, as the seed defines them, sorted.
    pub fn dots(self) -> &'static [Dot] {
        macro_rules! d {
            ($row:expr, $col:expr) => {
                Dot {
                    row: $row,
                    col: $col,
                }
            };
        }
        match self {
            ShapeId::Corner => &[d!(0, 0), d!(0, 1), d!(1, 0)],
            ShapeId::Skew => &[d!(0, 0), d!(0, 1), d!(1, 1), d!(1, 2)],
            ShapeId::P => &[d!(0, 0), d!(0, 1), d!(0, 2), d!(1, 0), d!(1, 1)],
            ShapeId::U => &[d!(0, 0), d!(0, 1), d!(0, 2), d!(1, 0), d!(1, 2)],
            ShapeId::T => &[d!(0, 0), d!(0, 1), d!(0, 2), d!(1, 1), d!(2, 1)],
            ShapeId::V => &[d!(0, 0), d!(1, 0), d!(2, 0), d!(2, 1), d!(2, 2)],
            ShapeId::W => &[d!(0, 0), d!(1, 0), d!(1, 1), d!(2, 1), d!(2, 2)],
            ShapeId::Z => &[d!(0, 0), d!(0, 1), d!(1, 1), d!(2, 1), d!(2, 2)],
            ShapeId::F => &[d!(0, 0), d!(0, 1), d!(1, 1), d!(1, 2), d!(2, 1)],
            ShapeId::L => &[d!(0, 0), d!(0, 1), d!(0, 2), d!(0, 3), d!(1, 0)],
            ShapeId::Y => &[d!(0, 0), d!(0, 1), d!(0, 2), d!(0, 3), d!(1, 1)],
            ShapeId::N => &[d!(0, 0), d!(0, 1), d!(0, 2), d!(1, 2), d!(1, 3)],
        }
    }

    /// How many dots it covers.
    pub fn size(self) -> usize {
        self.dots().len()
    }

    /// Its dots in `orientation`, with the bounding box at row 0, column 0.
    pub fn oriented(self, orientation: Orientation) -> Vec<Dot> {
        orientation.orient(self.dots())
    }

    /// The orientations that give different sets of dots (the first of each kind, in
    /// [`Orientation::ALL`]'s order), with their dots.
    pub fn distinct_orientations(self) -> Vec<(Orientation, Vec<Dot>)> {
        let mut out: Vec<(Orientation, Vec<Dot>)> = Vec::new();
        for o in Orientation::ALL {
            let dots = self.oriented(o);
            if !out.iter().any(|(_, d)| *d == dots) {
                out.push((o, dots));
            }
        }
        out
    }
}

impl std::fmt::Display for ShapeId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.letter())
    }
}
