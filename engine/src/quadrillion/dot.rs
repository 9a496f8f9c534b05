//! Dots of the plane and the orientations of a set of dots.
//!
//! Coordinates are the seed's: `row` grows downward, `col` rightward. An orientation is a flip
//! (mirroring rows) applied first, then a number of clockwise quarter turns — the seed's
//! configuration, so that its saved boards read as they are.

use serde::{Deserialize, Serialize};

/// A dot of the plane.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Dot {
    /// The row, growing downward.
    pub row: i32,
    /// The column, growing rightward.
    pub col: i32,
}

impl Dot {
    /// The dot at `row`, `col`.
    pub const fn new(row: i32, col: i32) -> Dot {
        Dot { row, col }
    }

    /// This dot moved by `by`.
    pub fn offset(self, by: Dot) -> Dot {
        Dot::new(self.row + by.row, self.col + by.col)
    }

    /// The four dots beside this one.
    pub fn neighbours(self) -> [Dot; 4] {
        [
            Dot::new(self.row - 1, self.col),
            Dot::new(self.row + 1, self.col),
            Dot::new(self.row, self.col - 1),
            Dot::new(self.row, self.col + 1),
        ]
    }
}

/// How a set of dots lies: mirrored (rows reversed) or not, then turned clockwise `turns`
/// quarter turns.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct Orientation {
    /// Mirrored first (row `r` becomes `-r`).
    pub flipped: bool,
    /// Clockwise quarter turns after the mirror, 0 to 3.
    pub turns: u8,
}

impl Orientation {
    /// The eight orientations, unflipped first.
    pub const ALL: [Orientation; 8] = {
        let mut all = [Orientation {
            flipped: false,
            turns: 0,
        }; 8];
        let mut i = 0;
        while i < 8 {
            all[i] = Orientation {
                flipped: i >= 4,
                turns: (i % 4) as u8,
            };
            i += 1;
        }
        all
    };

    /// The orientation `turns` and `flipped`.
    pub const fn new(flipped: bool, turns: u8) -> Orientation {
        Orientation {
            flipped,
            turns: turns % 4,
        }
    }

    /// This orientation, then a quarter turn clockwise.
    pub fn turned_clockwise(self) -> Orientation {
        Orientation::new(self.flipped, self.turns + 1)
    }

    /// This orientation, then a quarter turn anticlockwise.
    pub fn turned_anticlockwise(self) -> Orientation {
        Orientation::new(self.flipped, self.turns + 3)
    }

    /// This orientation, then mirrored (rows reversed). Mirroring after `t` turns is the same as
    /// mirroring first and turning `-t`.
    pub fn flipped(self) -> Orientation {
        Orientation::new(!self.flipped, 4 - self.turns)
    }

    /// A dot moved as this orientation moves it about the origin (before normalising).
    pub fn apply(self, d: Dot) -> Dot {
        let mut d = if self.flipped {
            Dot::new(-d.row, d.col)
        } else {
            d
        };
        for _ in 0..self.turns {
            d = Dot::new(d.col, -d.row);
        }
        d
    }

    /// `dots` in this orientation, moved so that their bounding box starts at row 0, column 0,
    /// and sorted.
    pub fn orient(self, dots: &[Dot]) -> Vec<Dot> {
        normalise(dots.iter().map(|&d| self.apply(d)).collect())
    }

    /// `dots` of a `size`×`size` square in this orientation, within the same square.
    pub fn orient_in_square(self, dots: &[Dot], size: i32) -> Vec<Dot> {
        let corner = [Dot::new(0, 0), Dot::new(size - 1, size - 1)];
        let moved: Vec<Dot> = corner.iter().map(|&d| self.apply(d)).collect();
        let shift = Dot::new(
            -moved.iter().map(|d| d.row).min().unwrap_or(0),
            -moved.iter().map(|d| d.col).min().unwrap_or(0),
        );
        let mut out: Vec<Dot> = dots.iter().map(|&d| self.apply(d).offset(shift)).collect();
        out.sort();
        out
    }
}

/// Moves dots so that their bounding box starts at row 0, column 0, and sorts them.
pub fn normalise(mut dots: Vec<Dot>) -> Vec<Dot> {
    let top = dots.iter().map(|d| d.row).min().unwrap_or(0);
    let left = dots.iter().map(|d| d.col).min().unwrap_or(0);
    for d in &mut dots {
        *d = Dot::new(d.row - top, d.col - left);
    }
    dots.sort();
    dots
}

/// The bounding box of `dots`: its top-left dot and its size (rows, columns).
pub fn bounds(dots: &[Dot]) -> Option<(Dot, i32, i32)> {
    let top = dots.iter().map(|d| d.row).min()?;
    let left = dots.iter().map(|d| d.col).min()?;
    let bottom = dots.iter().map(|d| d.row).max()?;
    let right = dots.iter().map(|d| d.col).max()?;
    Some((Dot::new(top, left), bottom - top + 1, right - left + 1))
}
