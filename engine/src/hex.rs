//! Hex geometry: axial coordinates on a pointy-top grid, the six directions, rotation by 60° and
//! distance.
//!
//! Axial coordinates `(q, r)`: `q` grows to the east, `r` grows to the south-east, so that a row of
//! the picture is one value of `r`. The third cube coordinate is `s = -q - r`.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Add, Mul, Neg, Sub};

/// A cell of the hex grid, in axial coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Hex {
    /// Column axis: grows eastwards.
    pub q: i32,
    /// Row axis: grows south-eastwards; one picture row per value.
    pub r: i32,
}

impl Hex {
    /// The centre of the lock.
    pub const ORIGIN: Hex = Hex { q: 0, r: 0 };

    /// A cell from its axial coordinates.
    pub const fn new(q: i32, r: i32) -> Hex {
        Hex { q, r }
    }

    /// The third cube coordinate.
    pub const fn s(self) -> i32 {
        -self.q - self.r
    }

    /// Number of steps from the origin.
    pub const fn length(self) -> i32 {
        (self.q.abs() + self.r.abs() + self.s().abs()) / 2
    }

    /// Number of steps between two cells.
    pub fn distance(self, other: Hex) -> i32 {
        (self - other).length()
    }

    /// The neighbouring cell in a direction.
    pub fn neighbour(self, dir: Dir) -> Hex {
        self + dir.offset()
    }

    /// The six neighbours, in [`Dir::ALL`] order.
    pub fn neighbours(self) -> [Hex; 6] {
        Dir::ALL.map(|d| self.neighbour(d))
    }

    /// This offset turned 60° clockwise about the origin.
    pub const fn rotate_cw(self) -> Hex {
        Hex {
            q: -self.r,
            r: self.q + self.r,
        }
    }

    /// This offset turned 60° anticlockwise about the origin.
    pub const fn rotate_ccw(self) -> Hex {
        Hex {
            q: self.q + self.r,
            r: -self.q,
        }
    }

    /// This cell turned 60° in `rotation` about `centre`.
    pub fn rotate_about(self, centre: Hex, rotation: Rotation) -> Hex {
        let offset = self - centre;
        centre
            + match rotation {
                Rotation::Clockwise => offset.rotate_cw(),
                Rotation::Anticlockwise => offset.rotate_ccw(),
            }
    }

    /// If `other` lies on one of the six hex lines through `self`, the direction from `self` to
    /// it and the number of steps; `None` for the same cell or a cell off every line.
    pub fn line_to(self, other: Hex) -> Option<(Dir, i32)> {
        let d = other - self;
        let n = d.length();
        if n == 0 {
            return None;
        }
        Dir::ALL
            .into_iter()
            .find(|dir| dir.offset() * n == d)
            .map(|dir| (dir, n))
    }
}

impl Add for Hex {
    type Output = Hex;
    fn add(self, o: Hex) -> Hex {
        Hex {
            q: self.q + o.q,
            r: self.r + o.r,
        }
    }
}

impl Sub for Hex {
    type Output = Hex;
    fn sub(self, o: Hex) -> Hex {
        Hex {
            q: self.q - o.q,
            r: self.r - o.r,
        }
    }
}

impl Neg for Hex {
    type Output = Hex;
    fn neg(self) -> Hex {
        Hex {
            q: -self.q,
            r: -self.r,
        }
    }
}

impl Mul<i32> for Hex {
    type Output = Hex;
    fn mul(self, k: i32) -> Hex {
        Hex {
            q: self.q * k,
            r: self.r * k,
        }
    }
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.q, self.r)
    }
}

/// One of the six directions of the pointy-top grid, in anticlockwise order from east.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Dir {
    /// East: along the row, to the right.
    E,
    /// North-east: up a row, to the right.
    NE,
    /// North-west: up a row, to the left.
    NW,
    /// West: along the row, to the left.
    W,
    /// South-west: down a row, to the left.
    SW,
    /// South-east: down a row, to the right.
    SE,
}

impl Dir {
    /// All six, anticlockwise from east.
    pub const ALL: [Dir; 6] = [Dir::E, Dir::NE, Dir::NW, Dir::W, Dir::SW, Dir::SE];

    /// Index in [`Dir::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction at an index of [`Dir::ALL`], modulo 6.
    pub const fn from_index(i: usize) -> Dir {
        Dir::ALL[i % 6]
    }

    /// The unit step in this direction.
    pub const fn offset(self) -> Hex {
        match self {
            Dir::E => Hex::new(1, 0),
            Dir::NE => Hex::new(1, -1),
            Dir::NW => Hex::new(0, -1),
            Dir::W => Hex::new(-1, 0),
            Dir::SW => Hex::new(-1, 1),
            Dir::SE => Hex::new(0, 1),
        }
    }

    /// The opposite direction.
    pub const fn opposite(self) -> Dir {
        Dir::from_index(self.index() + 3)
    }

    /// Turned 60° in `rotation`.
    pub const fn rotate(self, rotation: Rotation) -> Dir {
        match rotation {
            Rotation::Anticlockwise => Dir::from_index(self.index() + 1),
            Rotation::Clockwise => Dir::from_index(self.index() + 5),
        }
    }

    /// The name used in text: `E`, `NE`, `NW`, `W`, `SW`, `SE`.
    pub const fn name(self) -> &'static str {
        match self {
            Dir::E => "E",
            Dir::NE => "NE",
            Dir::NW => "NW",
            Dir::W => "W",
            Dir::SW => "SW",
            Dir::SE => "SE",
        }
    }

    /// Reads a direction name, in any case.
    pub fn from_name(name: &str) -> Option<Dir> {
        Dir::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(name))
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A turn of 60°, as seen in the picture (rows drawn top to bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Rotation {
    /// Clockwise on screen.
    Clockwise,
    /// Anticlockwise on screen.
    Anticlockwise,
}

impl Rotation {
    /// The other way round.
    pub const fn reverse(self) -> Rotation {
        match self {
            Rotation::Clockwise => Rotation::Anticlockwise,
            Rotation::Anticlockwise => Rotation::Clockwise,
        }
    }
}

/// Every cell within `radius` steps of the origin, row by row from the top, west to east.
pub fn hexagon(radius: i32) -> impl Iterator<Item = Hex> {
    (-radius..=radius).flat_map(move |r| row_cells(radius, r))
}

/// The cells of row `r` of a hexagon of `radius`, west to east.
pub fn row_cells(radius: i32, r: i32) -> impl Iterator<Item = Hex> {
    let q_min = (-radius).max(-radius - r);
    let q_max = radius.min(radius - r);
    (q_min..=q_max).map(move |q| Hex::new(q, r))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_directions_are_unit_steps_and_sum_to_zero() {
        let sum = Dir::ALL.iter().fold(Hex::ORIGIN, |acc, d| acc + d.offset());
        assert_eq!(sum, Hex::ORIGIN);
        for d in Dir::ALL {
            assert_eq!(d.offset().length(), 1);
            assert_eq!(d.opposite().offset(), -d.offset());
        }
    }

    #[test]
    fn clockwise_turns_east_to_south_east() {
        assert_eq!(Dir::E.rotate(Rotation::Clockwise), Dir::SE);
        assert_eq!(Dir::E.offset().rotate_cw(), Dir::SE.offset());
        assert_eq!(Dir::E.rotate(Rotation::Anticlockwise), Dir::NE);
        for d in Dir::ALL {
            assert_eq!(
                d.offset().rotate_cw(),
                d.rotate(Rotation::Clockwise).offset()
            );
            assert_eq!(
                d.offset().rotate_ccw(),
                d.rotate(Rotation::Anticlockwise).offset()
            );
        }
    }

    #[test]
    fn six_turns_are_a_full_circle() {
        let h = Hex::new(3, -1);
        let mut g = h;
        for _ in 0..6 {
            g = g.rotate_cw();
        }
        assert_eq!(g, h);
        assert_eq!(h.rotate_cw().rotate_ccw(), h);
    }

    #[test]
    fn rotation_keeps_distance() {
        let c = Hex::new(1, 1);
        for h in hexagon(3) {
            let t = h.rotate_about(c, Rotation::Clockwise);
            assert_eq!(t.distance(c), h.distance(c));
        }
    }

    #[test]
    fn distance_counts_steps() {
        assert_eq!(Hex::new(0, 0).distance(Hex::new(2, -1)), 2);
        assert_eq!(Hex::new(-2, 2).distance(Hex::new(2, -2)), 4);
        assert_eq!(Hex::new(3, 0).distance(Hex::new(0, 3)), 3);
    }

    #[test]
    fn hexagon_has_centred_hexagonal_number_of_cells() {
        for n in 0..12 {
            assert_eq!(hexagon(n).count() as i32, 3 * n * (n + 1) + 1);
            assert!(hexagon(n).all(|h| h.length() <= n));
        }
    }

    #[test]
    fn line_to_finds_direction_and_steps() {
        assert_eq!(Hex::ORIGIN.line_to(Hex::new(0, 3)), Some((Dir::SE, 3)));
        assert_eq!(Hex::ORIGIN.line_to(Hex::new(2, -2)), Some((Dir::NE, 2)));
        assert_eq!(Hex::ORIGIN.line_to(Hex::new(2, -1)), None);
        assert_eq!(Hex::ORIGIN.line_to(Hex::ORIGIN), None);
    }
}
