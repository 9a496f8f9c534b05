//! Boards, challenges and solutions.
//!
//! A **board** is the four grids' arrangement. It is legal when each grid lies once, no two
//! overlap, and they hold together by their magnets: two grids are joined when they share a side
//! along its whole length or along half of it (offset by two dots), as the magnets allow, and
//! every grid is joined to the others through such joins. Touching with an offset of one or three
//! dots, or only at a corner, is no join; and the magnets never hold two grids that overlap.
//!
//! A **challenge** is a board with some shapes already placed; a **solution** places every
//! shape, each on open dots only, none over another.

use super::dot::{Dot, Orientation, bounds};
use super::grid::{GRID_SIZE, GridId, GridPlacement, Side};
use super::shape::ShapeId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use thiserror::Error;

/// The four grids' arrangement.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    /// The grids as they lie; a legal board has each grid once.
    pub grids: Vec<GridPlacement>,
}

/// Why a board is not legal.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardProblem {
    /// A grid is not on the board.
    #[error("grid {0} is missing: a board has all four grids")]
    MissingGrid(GridId),
    /// A grid lies twice.
    #[error("grid {0} is placed twice")]
    RepeatedGrid(GridId),
    /// A grid is turned by four quarter turns or more.
    #[error("grid {grid} is turned {turns} quarter turns; 0 to 3 are possible")]
    BadTurns {
        /// The grid.
        grid: GridId,
        /// Its turns.
        turns: u8,
    },
    /// Two grids overlap.
    #[error("grids {0} and {1} overlap")]
    Overlap(GridId, GridId),
    /// Two grids touch where the magnets cannot hold them.
    #[error(
        "grids {0} and {1} touch at an offset of {2} along their side: grids join along a whole side or half of one (offset 0 or 2)"
    )]
    Misaligned(GridId, GridId, i32),
    /// The grids are not all joined into one board.
    #[error("grid {0} is not joined to grid {1}'s side of the board")]
    NotJoined(GridId, GridId),
}

/// How two grids lie against each other.
enum Contact {
    /// Apart, or touching at a corner only.
    None,
    /// Overlapping.
    Overlap,
    /// Sharing a side, offset along it by this many dots.
    Side(i32),
}

fn contact(a: &GridPlacement, b: &GridPlacement) -> Contact {
    let dr = b.at.row - a.at.row;
    let dc = b.at.col - a.at.col;
    if dr.abs() < GRID_SIZE && dc.abs() < GRID_SIZE {
        Contact::Overlap
    } else if dr.abs() == GRID_SIZE && dc.abs() < GRID_SIZE {
        Contact::Side(dc.abs())
    } else if dc.abs() == GRID_SIZE && dr.abs() < GRID_SIZE {
        Contact::Side(dr.abs())
    } else {
        Contact::None
    }
}

impl Board {
    /// The seed's default board: the four grids in a 2×2 square, white side up, unturned.
    pub fn default_board() -> Board {
        let at = |g: GridId, row, col| GridPlacement {
            grid: g,
            side: Side::White,
            turns: 0,
            at: Dot::new(row, col),
        };
        Board {
            grids: vec![
                at(GridId::G1, 0, 0),
                at(GridId::G2, 0, 4),
                at(GridId::G3, 4, 0),
                at(GridId::G4, 4, 4),
            ],
        }
    }

    /// The grid `g`, if it lies on the board.
    pub fn grid(&self, g: GridId) -> Option<&GridPlacement> {
        self.grids.iter().find(|p| p.grid == g)
    }

    /// Every reason the board is not legal; empty when it is.
    pub fn problems(&self) -> Vec<BoardProblem> {
        let mut out = Vec::new();
        for g in GridId::ALL {
            match self.grids.iter().filter(|p| p.grid == g).count() {
                0 => out.push(BoardProblem::MissingGrid(g)),
                1 => {}
                _ => out.push(BoardProblem::RepeatedGrid(g)),
            }
        }
        for p in &self.grids {
            if p.turns > 3 {
                out.push(BoardProblem::BadTurns {
                    grid: p.grid,
                    turns: p.turns,
                });
            }
        }
        for (i, a) in self.grids.iter().enumerate() {
            for b in &self.grids[i + 1..] {
                match contact(a, b) {
                    Contact::Overlap => out.push(BoardProblem::Overlap(a.grid, b.grid)),
                    Contact::Side(offset) if offset % 2 != 0 => {
                        out.push(BoardProblem::Misaligned(a.grid, b.grid, offset))
                    }
                    Contact::None | Contact::Side(_) => {}
                }
            }
        }
        if let Some(i) = self.joined_to_first().iter().position(|joined| !joined) {
            out.push(BoardProblem::NotJoined(
                self.grids[i].grid,
                self.grids[0].grid,
            ));
        }
        out
    }

    /// The grids a problem lies with, for an editor to mark: both of two that overlap or touch
    /// where the magnets cannot hold them, and every grid not joined to the first grid's side
    /// of the board (the problems name only the first such grid).
    pub fn misplaced_grids(&self) -> Vec<GridId> {
        let mut out = Vec::new();
        for problem in self.problems() {
            match problem {
                BoardProblem::Overlap(a, b) | BoardProblem::Misaligned(a, b, _) => {
                    out.extend([a, b])
                }
                BoardProblem::RepeatedGrid(g) | BoardProblem::BadTurns { grid: g, .. } => {
                    out.push(g)
                }
                BoardProblem::NotJoined(..) | BoardProblem::MissingGrid(_) => {}
            }
        }
        out.extend(
            self.grids
                .iter()
                .zip(self.joined_to_first())
                .filter(|(_, joined)| !joined)
                .map(|(p, _)| p.grid),
        );
        out.sort();
        out.dedup();
        out
    }

    /// For each grid, whether the magnets join it to the first grid's side of the board (the
    /// first grid itself included), through grids that share a side whole or by half.
    fn joined_to_first(&self) -> Vec<bool> {
        let mut joined = vec![false; self.grids.len()];
        if let Some(first) = joined.first_mut() {
            *first = true;
        }
        let mut grew = true;
        while grew {
            grew = false;
            for i in 0..self.grids.len() {
                if joined[i] {
                    continue;
                }
                let joins = self.grids.iter().zip(&joined).any(|(q, &j)| {
                    j && matches!(contact(&self.grids[i], q), Contact::Side(offset) if offset % 2 == 0)
                });
                if joins {
                    joined[i] = true;
                    grew = true;
                }
            }
        }
        joined
    }

    /// Whether the board is legal.
    pub fn is_legal(&self) -> bool {
        self.problems().is_empty()
    }

    /// The open dots of every grid, row by row (sorted).
    pub fn open_dots(&self) -> Vec<Dot> {
        let mut dots: Vec<Dot> = self.grids.iter().flat_map(|g| g.open_dots()).collect();
        dots.sort();
        dots.dedup();
        dots
    }

    /// The closed dots of every grid, sorted.
    pub fn closed_dots(&self) -> Vec<Dot> {
        let mut dots: Vec<Dot> = self.grids.iter().flat_map(|g| g.closed_dots()).collect();
        dots.sort();
        dots
    }

    /// Whether `d` is an open dot of some grid (and a closed dot of none).
    pub fn is_open(&self, d: Dot) -> bool {
        self.grids.iter().any(|g| g.spans(d)) && !self.is_closed(d)
    }

    /// Whether `d` is a closed dot of some grid.
    pub fn is_closed(&self, d: Dot) -> bool {
        self.grids
            .iter()
            .any(|g| g.spans(d) && g.closed_dots().contains(&d))
    }

    /// The dot every grid's top-left is measured from: the top-left of the grids' bounding box.
    pub fn corner(&self) -> Dot {
        let tops: Vec<Dot> = self.grids.iter().map(|g| g.at).collect();
        bounds(&tops).map_or(Dot::new(0, 0), |(d, _, _)| d)
    }

    /// The board's size: rows and columns of the grids' bounding box.
    pub fn size(&self) -> (i32, i32) {
        let dots: Vec<Dot> = self
            .grids
            .iter()
            .flat_map(|g| [g.at, Dot::new(g.at.row + 3, g.at.col + 3)])
            .collect();
        bounds(&dots).map_or((0, 0), |(_, h, w)| (h, w))
    }

    /// The board moved by `by`.
    pub fn moved(&self, by: Dot) -> Board {
        Board {
            grids: self
                .grids
                .iter()
                .map(|g| GridPlacement {
                    at: g.at.offset(by),
                    ..*g
                })
                .collect(),
        }
    }

    /// The board in its canonical form: moved so that its bounding box starts at row 0,
    /// column 0, its grids by number.
    pub fn normalised(&self) -> Board {
        let c = self.corner();
        let mut board = self.moved(Dot::new(-c.row, -c.col));
        board.grids.sort_by_key(|g| g.grid);
        board
    }
}

/// A shape lying on the plane: its orientation and the top-left of its bounding box.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Placement {
    /// The shape.
    pub shape: ShapeId,
    /// How it is turned and flipped.
    pub orientation: Orientation,
    /// The top-left dot of its bounding box.
    pub at: Dot,
}

impl Placement {
    /// The dots it covers, sorted.
    pub fn dots(&self) -> Vec<Dot> {
        self.shape
            .oriented(self.orientation)
            .into_iter()
            .map(|d| d.offset(self.at))
            .collect()
    }

    /// The same placement written with the first of the orientations that cover the same dots
    /// (see [`ShapeId::distinct_orientations`]): two placements covering the same dots compare
    /// equal once canonical.
    pub fn canonical(&self) -> Placement {
        let dots = self.shape.oriented(self.orientation);
        let orientation = self
            .shape
            .distinct_orientations()
            .into_iter()
            .find(|(_, d)| *d == dots)
            .map_or(self.orientation, |(o, _)| o);
        Placement {
            orientation,
            ..*self
        }
    }
}

/// A board with shapes already placed on it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Challenge {
    /// The board.
    pub board: Board,
    /// The shapes placed before the player starts.
    pub placed: Vec<Placement>,
}

/// Why a challenge cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ChallengeProblem {
    /// The board is not legal.
    #[error("{0}")]
    Board(BoardProblem),
    /// A shape is placed twice.
    #[error("shape {0} is placed twice")]
    RepeatedShape(ShapeId),
    /// A shape covers a dot that is not an open dot of the board.
    #[error("shape {shape} covers {what} at row {}, column {}", .dot.row, .dot.col)]
    OffOpenDots {
        /// The shape.
        shape: ShapeId,
        /// The dot.
        dot: Dot,
        /// "a closed dot" or "no grid".
        what: &'static str,
    },
    /// Two shapes cover the same dot.
    #[error("shapes {0} and {1} both cover row {row}, column {col}", row = .2.row, col = .2.col)]
    Overlap(ShapeId, ShapeId, Dot),
}

impl Challenge {
    /// A board with nothing placed on it.
    pub fn empty(board: Board) -> Challenge {
        Challenge {
            board,
            placed: Vec::new(),
        }
    }

    /// Every reason the challenge cannot be played; empty when it can.
    pub fn problems(&self) -> Vec<ChallengeProblem> {
        let mut out: Vec<ChallengeProblem> = self
            .board
            .problems()
            .into_iter()
            .map(ChallengeProblem::Board)
            .collect();
        let mut seen = BTreeSet::new();
        let mut covered: Vec<(Dot, ShapeId)> = Vec::new();
        for p in &self.placed {
            if !seen.insert(p.shape) {
                out.push(ChallengeProblem::RepeatedShape(p.shape));
                continue;
            }
            for dot in p.dots() {
                if !self.board.is_open(dot) {
                    let what = if self.board.is_closed(dot) {
                        "a closed dot"
                    } else {
                        "no grid"
                    };
                    out.push(ChallengeProblem::OffOpenDots {
                        shape: p.shape,
                        dot,
                        what,
                    });
                    break;
                }
                if let Some(&(_, other)) = covered.iter().find(|(d, _)| *d == dot) {
                    out.push(ChallengeProblem::Overlap(other, p.shape, dot));
                    break;
                }
                covered.push((dot, p.shape));
            }
        }
        out
    }

    /// The shapes not placed yet, in the seed's order.
    pub fn unplaced(&self) -> Vec<ShapeId> {
        ShapeId::ALL
            .into_iter()
            .filter(|s| !self.placed.iter().any(|p| p.shape == *s))
            .collect()
    }

    /// The challenge in its canonical form: moved so that the board's bounding box starts at
    /// row 0, column 0, its grids by number and its shapes in the seed's order. Two challenges
    /// that differ only in where they lie or in the order they were listed normalise alike.
    pub fn normalised(&self) -> Challenge {
        let c = self.board.corner();
        let by = Dot::new(-c.row, -c.col);
        let mut placed: Vec<Placement> = self
            .placed
            .iter()
            .map(|p| Placement {
                at: p.at.offset(by),
                ..*p
            })
            .collect();
        placed.sort_by_key(|p| p.shape);
        Challenge {
            board: self.board.normalised(),
            placed,
        }
    }
}

/// Every shape placed: a solution of a challenge.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Solution {
    /// One placement per shape, in the seed's order of shapes, each canonical.
    pub placements: Vec<Placement>,
}

impl Solution {
    /// The solution from placements in any order.
    pub fn new(placements: impl IntoIterator<Item = Placement>) -> Solution {
        let mut placements: Vec<Placement> =
            placements.into_iter().map(|p| p.canonical()).collect();
        placements.sort_by_key(|p| p.shape);
        Solution { placements }
    }

    /// The board's bounding box drawn row by row: each shape's letter on its dots, `x` on closed
    /// dots and a space where no grid lies — the seed's way of writing a solution.
    pub fn picture(&self, board: &Board) -> Vec<String> {
        let corner = board.corner();
        let (h, w) = board.size();
        (0..h)
            .map(|r| {
                (0..w)
                    .map(|c| {
                        let d = Dot::new(corner.row + r, corner.col + c);
                        if let Some(p) = self.placements.iter().find(|p| p.dots().contains(&d)) {
                            p.shape.letter()
                        } else if board.is_closed(d) {
                            'x'
                        } else if board.is_open(d) {
                            '.'
                        } else {
                            ' '
                        }
                    })
                    .collect()
            })
            .collect()
    }
}
