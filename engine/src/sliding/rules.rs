//! The rules of a move: a slide of one piece along its own line, as far as the player likes but
//! never off the board, into a dark cell or past another piece; or a turn of an axis, which
//! carries every piece attached to it and ignores whatever lies in the way.
//!
//! Where the seed is silent (see `docs/sliding.md`):
//! - attachment is where the pieces are: a piece whose end touches an axis in line is attached,
//!   so a piece that slides up against an axis becomes attached;
//! - the Key attaches to an axis like any other piece;
//! - a turn ignores pieces, dark cells and the board's edge between where the pieces start and
//!   where they end: only the cells they end on must be light, on the board and free;
//! - the pieces attached to one axis turn together, as one rigid body;
//! - every axis keeps at least one attached piece after every move, not only after a slide that
//!   detaches (the seed: "there must always be at least one piece attached to any given axis");
//! - once the lock is picked, no further move is made.

use super::cell::{Cell, Dir, Mask, Turn};
use super::lock::{Kind, Lock, Piece};
use std::fmt;

/// One move: a slide or a turn. Moves name pieces by their place in [`Lock::pieces`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Slide a piece `distance` cells in `dir`.
    Slide {
        /// The piece.
        piece: usize,
        /// Which way.
        dir: Dir,
        /// How many cells, at least 1.
        distance: u8,
    },
    /// Turn an axis and the pieces attached to it.
    Turn {
        /// The axis.
        axis: usize,
        /// How far.
        turn: Turn,
    },
}

/// What stops a slide.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Obstacle {
    /// The board's edge.
    Edge,
    /// A dark cell.
    Dark,
    /// A piece, by its name.
    Piece(String),
}

/// Why a move is refused, in the game's words (pieces by their names before the move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// No piece has that name.
    NoSuchPiece {
        /// The name written.
        name: String,
    },
    /// The lock is picked: nothing more moves.
    AlreadyPicked,
    /// An axis or the Keyhole does not slide.
    DoesNotSlide {
        /// The piece.
        piece: String,
        /// What it is.
        kind: Kind,
    },
    /// A piece slides only along its own line.
    WrongWay {
        /// The piece.
        piece: String,
        /// The direction asked.
        dir: Dir,
    },
    /// A slide of no cells.
    ZeroDistance {
        /// The piece.
        piece: String,
    },
    /// The slide meets an obstacle.
    Blocked {
        /// The piece.
        piece: String,
        /// The direction.
        dir: Dir,
        /// The distance asked.
        distance: u8,
        /// How far it could go.
        reach: u8,
        /// What stops it.
        by: Obstacle,
        /// The first cell it cannot enter (`None` past the board's edge).
        at: Option<Cell>,
    },
    /// Only an axis turns.
    NotAnAxis {
        /// The piece.
        piece: String,
    },
    /// A piece would end a turn off the board.
    TurnOffBoard {
        /// The axis.
        axis: Cell,
        /// The piece.
        piece: String,
    },
    /// A piece would end a turn on a dark cell.
    TurnIntoDark {
        /// The axis.
        axis: Cell,
        /// The dark cell.
        at: Cell,
    },
    /// A piece would end a turn on another piece.
    TurnOntoPiece {
        /// The axis.
        axis: Cell,
        /// The cell.
        at: Cell,
        /// The piece already there.
        other: String,
    },
    /// The move would leave an axis with nothing attached.
    LeavesAxisBare {
        /// The axis.
        axis: Cell,
    },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NoSuchPiece { name } => write!(f, "no piece is called {name}"),
            Refusal::AlreadyPicked => f.write_str("the lock is already picked"),
            Refusal::DoesNotSlide { piece, kind } => match kind {
                Kind::Axis => write!(f, "the axis {piece} never slides: it turns"),
                _ => write!(f, "the {piece} never moves"),
            },
            Refusal::WrongWay { piece, dir } => {
                let ways = match dir.orientation() {
                    super::Orientation::Horizontal => "up and down",
                    super::Orientation::Vertical => "left and right",
                };
                write!(f, "{piece} slides only {ways}, not {}", dir.word())
            }
            Refusal::ZeroDistance { piece } => write!(f, "{piece} must slide at least one cell"),
            Refusal::Blocked {
                piece,
                dir,
                distance,
                reach,
                by,
                at,
            } => {
                let what = match (by, at) {
                    (Obstacle::Edge, _) => "the board's edge".to_string(),
                    (Obstacle::Dark, Some(c)) => format!("the dark cell {c}"),
                    (Obstacle::Dark, None) => "a dark cell".to_string(),
                    (Obstacle::Piece(p), _) => p.clone(),
                };
                let cells = if *distance == 1 { "cell" } else { "cells" };
                write!(
                    f,
                    "{piece} cannot slide {distance} {cells} {}: {what} stops it after {reach}",
                    dir.word()
                )
            }
            Refusal::NotAnAxis { piece } => write!(f, "{piece} is not an axis: only an axis turns"),
            Refusal::TurnOffBoard { axis, piece } => {
                write!(
                    f,
                    "turning the axis {axis} would carry {piece} off the board"
                )
            }
            Refusal::TurnIntoDark { axis, at } => {
                write!(
                    f,
                    "turning the axis {axis} would carry a piece onto the dark cell {at}"
                )
            }
            Refusal::TurnOntoPiece { axis, at, other } => write!(
                f,
                "turning the axis {axis} would carry a piece onto {at}, where {other} lies"
            ),
            Refusal::LeavesAxisBare { axis } => write!(
                f,
                "the move would leave the axis {axis} with no piece attached; one must always stay"
            ),
        }
    }
}

impl Lock {
    /// How far `piece` can slide in `dir` before the edge, a dark cell or another piece stops
    /// it, with what stops it and the first cell it cannot enter. Zero for a piece that does not
    /// slide that way.
    pub fn reach(&self, piece: usize, dir: Dir) -> (u8, Obstacle, Option<Cell>) {
        let Some(p) = self.pieces.get(piece) else {
            return (0, Obstacle::Edge, None);
        };
        if !p.slides() || !p.orientation.slides(dir) {
            return (0, Obstacle::Edge, None);
        }
        let others = self.occupied() & !p.mask();
        let mut front = p.end(dir);
        let mut k = 0u8;
        loop {
            let next = front.step(dir, 1).filter(|c| self.board.contains(*c));
            let Some(c) = next else {
                return (k, Obstacle::Edge, None);
            };
            if self.board.is_dark(c) {
                return (k, Obstacle::Dark, Some(c));
            }
            if others & c.bit() != 0 {
                let name = self.piece_at(c).map(|i| self.name(i)).unwrap_or_default();
                return (k, Obstacle::Piece(name), Some(c));
            }
            k += 1;
            front = c;
        }
    }

    /// The lock after `mv`, or why the rules refuse it.
    pub fn apply(&self, mv: &Move) -> Result<Lock, Refusal> {
        if self.is_picked() {
            return Err(Refusal::AlreadyPicked);
        }
        let next = match *mv {
            Move::Slide {
                piece,
                dir,
                distance,
            } => self.slid(piece, dir, distance)?,
            Move::Turn { axis, turn } => self.turned(axis, turn)?,
        };
        if let Some(bare) = next.bare_axis() {
            return Err(Refusal::LeavesAxisBare { axis: bare });
        }
        Ok(next)
    }

    fn piece_or_refuse(&self, piece: usize) -> Result<&Piece, Refusal> {
        self.pieces.get(piece).ok_or_else(|| Refusal::NoSuchPiece {
            name: format!("#{piece}"),
        })
    }

    fn slid(&self, piece: usize, dir: Dir, distance: u8) -> Result<Lock, Refusal> {
        let p = *self.piece_or_refuse(piece)?;
        let name = self.name(piece);
        if !p.slides() {
            return Err(Refusal::DoesNotSlide {
                piece: name,
                kind: p.kind,
            });
        }
        if !p.orientation.slides(dir) {
            return Err(Refusal::WrongWay { piece: name, dir });
        }
        if distance == 0 {
            return Err(Refusal::ZeroDistance { piece: name });
        }
        let (reach, by, at) = self.reach(piece, dir);
        if reach < distance {
            return Err(Refusal::Blocked {
                piece: name,
                dir,
                distance,
                reach,
                by,
                at,
            });
        }
        let mut next = self.clone();
        if let Some(at) = p.at.step(dir, distance) {
            next.pieces[piece].at = at;
        }
        Ok(next)
    }

    fn turned(&self, axis: usize, turn: Turn) -> Result<Lock, Refusal> {
        let a = *self.piece_or_refuse(axis)?;
        if a.kind != Kind::Axis {
            return Err(Refusal::NotAnAxis {
                piece: self.name(axis),
            });
        }
        let attached = self.attached(axis);
        let carried: Mask = attached
            .iter()
            .fold(0, |m, &(i, _)| m | self.pieces[i].mask());
        let others = self.occupied() & !carried;
        let mut next = self.clone();
        for &(i, from) in &attached {
            let p = self.pieces[i];
            let to = from.turned(turn);
            let mut first = None;
            let mut last = None;
            for k in 1..=p.length {
                let Some(c) = a.at.step(to, k).filter(|c| self.board.contains(*c)) else {
                    return Err(Refusal::TurnOffBoard {
                        axis: a.at,
                        piece: self.name(i),
                    });
                };
                if self.board.is_dark(c) {
                    return Err(Refusal::TurnIntoDark { axis: a.at, at: c });
                }
                if others & c.bit() != 0 {
                    let other = self.piece_at(c).map(|j| self.name(j)).unwrap_or_default();
                    return Err(Refusal::TurnOntoPiece {
                        axis: a.at,
                        at: c,
                        other,
                    });
                }
                first.get_or_insert(c);
                last = Some(c);
            }
            let (Some(first), Some(last)) = (first, last) else {
                continue;
            };
            next.pieces[i].orientation = to.orientation();
            next.pieces[i].at = first.min_by_line(last);
        }
        Ok(next)
    }

    /// An axis with nothing attached, if any.
    pub fn bare_axis(&self) -> Option<Cell> {
        (0..self.pieces.len())
            .filter(|&i| self.pieces[i].kind == Kind::Axis)
            .find(|&i| self.attached(i).is_empty())
            .map(|i| self.pieces[i].at)
    }

    /// Every move the rules allow from here: each slide of each distance, and each turn.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.is_picked() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for (i, p) in self.pieces.iter().enumerate() {
            if p.slides() {
                for dir in [p.orientation.forward(), p.orientation.forward().opposite()] {
                    let (reach, _, _) = self.reach(i, dir);
                    for distance in 1..=reach {
                        let mv = Move::Slide {
                            piece: i,
                            dir,
                            distance,
                        };
                        if self.apply(&mv).is_ok() {
                            out.push(mv);
                        }
                    }
                }
            } else if p.kind == Kind::Axis {
                for turn in Turn::ALL {
                    let mv = Move::Turn { axis: i, turn };
                    if self.apply(&mv).is_ok() {
                        out.push(mv);
                    }
                }
            }
        }
        out
    }
}

impl Cell {
    /// The bottom or left one of two cells on one line.
    pub(crate) fn min_by_line(self, other: Cell) -> Cell {
        if (other.row, other.col) < (self.row, self.col) {
            other
        } else {
            self
        }
    }
}
