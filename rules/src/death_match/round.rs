//! A round's board and the pieces offered for its draft. Generating them is the host's job;
//! the match only checks that a round can be played.

use engine::sliding::{Board, Cell, Kind, MAX_SIDE, Orientation, Piece};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::fmt;

/// What the shapes' notation (`h3`, `v3`, `axis`) means, in a sentence for players.
pub const NOTATION: &str = "h3: a horizontal piece 3 cells long, sliding left and right; v3: a \
                            vertical one, sliding up and down; axis: an axis that turns the \
                            pieces attached to it";

/// A draftable piece's shape. The Key and the Keyhole are never drafted: every lock has them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Shape {
    /// A vertical (1×a) or horizontal (b×1) piece, at least two cells long, placed as drafted.
    Slider {
        /// Horizontal pieces slide left and right, vertical ones up and down.
        orientation: Orientation,
        /// Its length in cells.
        length: u8,
    },
    /// A 1×1 axis.
    Axis,
}

impl Shape {
    /// A horizontal piece `length` cells long.
    pub fn horizontal(length: u8) -> Shape {
        Shape::Slider {
            orientation: Orientation::Horizontal,
            length,
        }
    }

    /// A vertical piece `length` cells long.
    pub fn vertical(length: u8) -> Shape {
        Shape::Slider {
            orientation: Orientation::Vertical,
            length,
        }
    }

    /// A piece of this shape with its first cell (left or bottom end) at `at`.
    pub fn piece_at(self, at: Cell) -> Piece {
        match self {
            Shape::Slider {
                orientation,
                length,
            } => Piece::slider(at, orientation, length),
            Shape::Axis => Piece::axis(at),
        }
    }

    /// The shape of a piece of a lock, or `None` for the Key and the Keyhole.
    pub fn of(piece: &Piece) -> Option<Shape> {
        match piece.kind {
            Kind::Slider => Some(Shape::Slider {
                orientation: piece.orientation,
                length: piece.length,
            }),
            Kind::Axis => Some(Shape::Axis),
            Kind::Key | Kind::Keyhole => None,
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shape::Slider {
                orientation: Orientation::Horizontal,
                length,
            } => write!(f, "a horizontal {length}×1 piece"),
            Shape::Slider {
                orientation: Orientation::Vertical,
                length,
            } => write!(f, "a vertical 1×{length} piece"),
            Shape::Axis => f.write_str("an axis"),
        }
    }
}

/// A piece offered in the draft: its number in the round, and its shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OfferedPiece {
    /// Its number, unique in the round: players draft by it.
    pub id: u32,
    /// Its shape.
    pub shape: Shape,
}

/// A round's board and the pieces offered for its draft.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// The board every lock of the round is built on.
    #[serde(with = "super::serial::board")]
    pub board: Board,
    /// The pieces offered, in the order shown.
    pub offered: Vec<OfferedPiece>,
}

impl Round {
    /// The offered pieces as `number=shape`, one after another with `separator` between.
    pub fn offered_line(&self, separator: &str) -> String {
        pieces_line(&self.offered, separator)
    }
}

/// Pieces as `number=shape`, one after another with `separator` between.
pub fn pieces_line(pieces: &[OfferedPiece], separator: &str) -> String {
    pieces
        .iter()
        .map(|p| format!("{}={}", p.id, String::from(p.shape)))
        .collect::<Vec<_>>()
        .join(separator)
}

/// Why a round cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The board cannot hold the Key.
    #[error("the board is {width}×{height}: a lock needs at least 2×2 cells")]
    BoardTooSmall {
        /// Columns.
        width: u8,
        /// Rows.
        height: u8,
    },
    /// Two offered pieces have one number.
    #[error("two offered pieces are numbered {id}")]
    DuplicateId {
        /// The number.
        id: u32,
    },
    /// A vertical or horizontal piece shorter than 2 cells or longer than the board allows.
    #[error("offered piece {id} is {length} cells long: pieces are 2 to 11 cells long")]
    BadLength {
        /// The piece.
        id: u32,
        /// Its length.
        length: u8,
    },
}

impl Round {
    /// Checks the round can be played.
    pub fn check(&self) -> Result<(), SetupError> {
        let (width, height) = (self.board.width(), self.board.height());
        if width < 2 || height < 2 {
            return Err(SetupError::BoardTooSmall { width, height });
        }
        let mut ids = BTreeSet::new();
        for p in &self.offered {
            if !ids.insert(p.id) {
                return Err(SetupError::DuplicateId { id: p.id });
            }
            if let Shape::Slider { length, .. } = p.shape
                && !(2..=MAX_SIDE).contains(&length)
            {
                return Err(SetupError::BadLength { id: p.id, length });
            }
        }
        Ok(())
    }
}
