//! The pieces of a hex lock.

use crate::hex::{Dir, Hex};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A block: any connected set of cells. A block is stationary unless it is the end of a spring.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Block {
    /// Its name: a letter, `A`–`Z` or `a`–`z` but not `o` or `O` (those read as balls).
    pub name: char,
    /// The cells it covers, sorted.
    pub cells: Vec<Hex>,
}

impl Block {
    /// Whether a character may name a block.
    pub fn is_valid_name(c: char) -> bool {
        c.is_ascii_alphabetic() && c != 'o' && c != 'O'
    }
}

/// A fixed pivot: a hub that never moves, with arms that turn about it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pivot {
    /// Its name: a digit `0`–`9`.
    pub name: char,
    /// The cell it turns about.
    pub hub: Hex,
    /// The directions its arms point in from the hub, sorted, each at most once.
    pub arms: Vec<Dir>,
}

impl Pivot {
    /// Whether a character may name a pivot.
    pub fn is_valid_name(c: char) -> bool {
        c.is_ascii_digit()
    }

    /// The hub and each arm's cell.
    pub fn cells(&self) -> Vec<Hex> {
        std::iter::once(self.hub)
            .chain(self.arms.iter().map(|&d| self.hub.neighbour(d)))
            .collect()
    }
}

/// The hook: a mobile pivot with one arm, moved and turned by the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hook {
    /// The cell it turns about.
    pub hub: Hex,
    /// The direction of its arm from the hub.
    pub arm: Dir,
}

impl Hook {
    /// The hub and the arm's cell.
    pub fn cells(&self) -> [Hex; 2] {
        [self.hub, self.hub.neighbour(self.arm)]
    }
}

/// The wrench: a mobile block with momentum, pushed by the player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wrench {
    /// The cells it covers, sorted.
    pub cells: Vec<Hex>,
    /// The direction it is moving in, if it is moving.
    pub momentum: Option<Dir>,
}

/// What a spring is rooted in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Anchor {
    /// A block, by name.
    Block(char),
    /// A fixed pivot, by name; the spring is attached at its hub.
    Pivot(char),
}

impl Anchor {
    /// The name of the piece.
    pub fn name(self) -> char {
        match self {
            Anchor::Block(c) | Anchor::Pivot(c) => c,
        }
    }
}

/// A directed spring from a root piece to an end block, lying straight along one hex line.
///
/// Its length is the number of cells strictly between its two attachment cells, so a spring
/// between two touching blocks has length 0. It may be anywhere from 0 (fully compressed) to
/// twice its natural length (fully extended).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Spring {
    /// The piece it is rooted in.
    pub root: Anchor,
    /// Where it attaches to its root (the hub, for a pivot).
    pub root_cell: Hex,
    /// The block at its end, by name.
    pub end: char,
    /// Where it attaches to its end block.
    pub end_cell: Hex,
    /// The length at which it pushes and pulls on nothing.
    pub natural_length: i32,
}

impl Spring {
    /// The longest natural length allowed in a lock of `size`.
    pub fn max_natural_length(size: i32) -> i32 {
        2 * size
    }

    /// The shortest length it can be compressed to.
    pub fn min_length(&self) -> i32 {
        0
    }

    /// The longest length it can be extended to.
    pub fn max_length(&self) -> i32 {
        2 * self.natural_length
    }

    /// The direction from root to end and the current length, when the two attachment cells
    /// lie on one hex line.
    pub fn line(&self) -> Option<(Dir, i32)> {
        self.root_cell
            .line_to(self.end_cell)
            .map(|(dir, steps)| (dir, steps - 1))
    }

    /// The cells strictly between the two attachment cells, root side first (empty when the
    /// ends are off a line).
    pub fn run(&self) -> Vec<Hex> {
        match self.line() {
            Some((dir, len)) => (1..=len)
                .map(|i| self.root_cell + dir.offset() * i)
                .collect(),
            None => Vec::new(),
        }
    }
}

/// A reference to one piece of a lock, for problems, traces and pictures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum PieceRef {
    /// A block, by name.
    Block(char),
    /// A pivot, by name.
    Pivot(char),
    /// A ball, by index in [`crate::hexlock::Lock::balls`].
    Ball(usize),
    /// A hook, by index in [`crate::hexlock::Lock::hooks`].
    Hook(usize),
    /// A wrench, by index in [`crate::hexlock::Lock::wrenches`].
    Wrench(usize),
}

impl fmt::Display for PieceRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PieceRef::Block(c) => write!(f, "block {c}"),
            PieceRef::Pivot(c) => write!(f, "pivot {c}"),
            PieceRef::Ball(_) => f.write_str("a ball"),
            PieceRef::Hook(_) => f.write_str("the hook"),
            PieceRef::Wrench(_) => f.write_str("the wrench"),
        }
    }
}
