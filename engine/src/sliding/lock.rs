//! A sliding lock: the board (its size and dark cells) and the pieces on it, and what makes a
//! lock legal.

use super::cell::{Cell, Dir, MAX_SIDE, Mask, Orientation, cells_of};
use std::fmt;

/// The board: a rectangle of at most 11×11 cells, some of them dark. Its column letters run
/// along the bottom edge and its row numbers along the left edge (the label edges); the top
/// and right edges are unlabelled.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    width: u8,
    height: u8,
    dark: Mask,
}

impl Board {
    /// An all-light board `width` columns wide and `height` rows tall. Sizes beyond 11 are
    /// clamped to 11 and below 1 raised to 1; [`Lock::problems`] says when a size is too small
    /// to hold a lock.
    pub fn new(width: u8, height: u8) -> Board {
        Board {
            width: width.clamp(1, MAX_SIDE),
            height: height.clamp(1, MAX_SIDE),
            dark: 0,
        }
    }

    /// The number of columns.
    pub fn width(&self) -> u8 {
        self.width
    }

    /// The number of rows.
    pub fn height(&self) -> u8 {
        self.height
    }

    /// Whether `cell` is on the board.
    pub fn contains(&self, cell: Cell) -> bool {
        cell.col < self.width && cell.row < self.height
    }

    /// Whether `cell` is dark: no piece is ever placed, slid or turned into it.
    pub fn is_dark(&self, cell: Cell) -> bool {
        self.dark & cell.bit() != 0
    }

    /// Darkens or lightens `cell` (cells off the board are left alone).
    pub fn set_dark(&mut self, cell: Cell, dark: bool) {
        if !self.contains(cell) {
            return;
        }
        if dark {
            self.dark |= cell.bit();
        } else {
            self.dark &= !cell.bit();
        }
    }

    /// Every cell of the board.
    pub fn cells(&self) -> Mask {
        let row: Mask = (1u128 << self.width) - 1;
        (0..self.height).fold(0, |m, r| m | row << (r as usize * MAX_SIDE as usize))
    }

    /// The dark cells.
    pub fn dark(&self) -> Mask {
        self.dark
    }

    /// The light cells: where pieces may lie.
    pub fn light(&self) -> Mask {
        self.cells() & !self.dark
    }

    /// Whether `cell` lies on an unlabelled edge: the top row or the rightmost column.
    pub fn on_unlabelled_edge(&self, cell: Cell) -> bool {
        self.contains(cell) && (cell.row + 1 == self.height || cell.col + 1 == self.width)
    }
}

/// What a piece is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// The Key: two cells long; the lock is picked when it touches the Keyhole end-on.
    Key,
    /// A vertical (1×a) or horizontal (b×1) piece, at least two cells long.
    Slider,
    /// A 1×1 axis: never slides, turns the pieces attached to it.
    Axis,
    /// The 1×1 Keyhole on an unlabelled edge: never moves.
    Keyhole,
}

/// A piece on the board: what it is, its first cell (its bottom or left end), which way it
/// lies and how many cells long it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// What it is.
    pub kind: Kind,
    /// Its bottom cell (vertical) or left cell (horizontal).
    pub at: Cell,
    /// Which way it lies; an axis or the keyhole is recorded as horizontal.
    pub orientation: Orientation,
    /// How many cells long it is: 2 for the key, 1 for an axis or the keyhole.
    pub length: u8,
}

impl Piece {
    /// The Key, two cells from `at` along `orientation`.
    pub fn key(at: Cell, orientation: Orientation) -> Piece {
        Piece {
            kind: Kind::Key,
            at,
            orientation,
            length: 2,
        }
    }

    /// A vertical or horizontal piece `length` cells long from `at`.
    pub fn slider(at: Cell, orientation: Orientation, length: u8) -> Piece {
        Piece {
            kind: Kind::Slider,
            at,
            orientation,
            length,
        }
    }

    /// Where a piece `length` cells long lies once turned about an axis at `axis` to point
    /// `dir` from it: its first cell and orientation, if it stays within the largest board (it
    /// may still leave a smaller one).
    pub fn beside_axis(axis: Cell, dir: Dir, length: u8) -> Option<(Cell, Orientation)> {
        let near = axis.step(dir, 1)?;
        let far = axis.step(dir, length)?;
        Some((near.min_by_line(far), dir.orientation()))
    }

    /// An axis at `at`.
    pub fn axis(at: Cell) -> Piece {
        Piece {
            kind: Kind::Axis,
            at,
            orientation: Orientation::Horizontal,
            length: 1,
        }
    }

    /// The Keyhole at `at`.
    pub fn keyhole(at: Cell) -> Piece {
        Piece {
            kind: Kind::Keyhole,
            at,
            orientation: Orientation::Horizontal,
            length: 1,
        }
    }

    /// Whether the piece slides: the key and the vertical and horizontal pieces.
    pub fn slides(&self) -> bool {
        matches!(self.kind, Kind::Key | Kind::Slider)
    }

    /// Its cells from the first, as far as they lie on an 11×11 grid.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        let forward = self.orientation.forward();
        (0..self.length).map_while(move |k| self.at.step(forward, k))
    }

    /// Its cells as a mask.
    pub fn mask(&self) -> Mask {
        self.cells().fold(0, |m, c| m | c.bit())
    }

    /// Its last cell (top or right end).
    pub fn last(&self) -> Cell {
        self.cells().last().unwrap_or(self.at)
    }

    /// The cell at its end facing `dir` (for a piece lying along `dir`'s line).
    pub fn end(&self, dir: Dir) -> Cell {
        if dir == self.orientation.forward() {
            self.last()
        } else {
            self.at
        }
    }
}

/// A sliding lock: the board and every piece on it, the Key and Keyhole among them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Lock {
    /// The board.
    pub board: Board,
    /// The pieces. Moves name pieces by their place in this list, which never changes.
    pub pieces: Vec<Piece>,
}

/// Why a lock is not legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProblemKind {
    /// The board is narrower or shorter than two cells.
    BoardTooSmall,
    /// No Key.
    NoKey,
    /// More than one Key.
    SecondKey,
    /// No Keyhole.
    NoKeyhole,
    /// More than one Keyhole.
    SecondKeyhole,
    /// The Key is not two cells long.
    KeyLength,
    /// A vertical or horizontal piece shorter than two cells.
    SliderTooShort,
    /// A piece runs off the board.
    OffBoard,
    /// A piece lies on a dark cell.
    OnDarkCell,
    /// Two pieces share a cell.
    Overlap,
    /// The Keyhole is not on an unlabelled edge (the top row or the rightmost column).
    KeyholeNotOnUnlabelledEdge,
    /// An axis with no piece attached to it end-on.
    BareAxis,
    /// The Key already touches the Keyhole end-on: there is nothing to pick.
    AlreadyPicked,
}

/// A reason a lock is not legal, with the pieces and cells concerned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// What is wrong.
    pub kind: ProblemKind,
    /// The pieces concerned, by their place in [`Lock::pieces`].
    pub pieces: Vec<usize>,
    /// The cells concerned.
    pub cells: Vec<Cell>,
    /// The problem in the game's words.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl Lock {
    /// A lock on `board` with `pieces`.
    pub fn new(board: Board, pieces: Vec<Piece>) -> Lock {
        Lock { board, pieces }
    }

    /// The Key's place in [`Lock::pieces`].
    pub fn key(&self) -> Option<usize> {
        self.pieces.iter().position(|p| p.kind == Kind::Key)
    }

    /// The Keyhole's place in [`Lock::pieces`].
    pub fn keyhole(&self) -> Option<usize> {
        self.pieces.iter().position(|p| p.kind == Kind::Keyhole)
    }

    /// Every cell a piece covers.
    pub fn occupied(&self) -> Mask {
        self.pieces.iter().fold(0, |m, p| m | p.mask())
    }

    /// The piece covering `cell`.
    pub fn piece_at(&self, cell: Cell) -> Option<usize> {
        self.pieces.iter().position(|p| p.mask() & cell.bit() != 0)
    }

    /// The pieces attached to the axis at `axis`, each with the direction it extends in from
    /// the axis. A piece is attached when one of its ends (a side of length 1) touches the
    /// axis: it lies in line with the axis, starting at the next cell. The Key attaches like
    /// any other piece; axes and the Keyhole never do.
    pub fn attached(&self, axis: usize) -> Vec<(usize, Dir)> {
        let Some(a) = self.pieces.get(axis).filter(|p| p.kind == Kind::Axis) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for dir in Dir::ALL {
            let Some(next) = a.at.step(dir, 1) else {
                continue;
            };
            for (i, p) in self.pieces.iter().enumerate() {
                if p.slides() && p.orientation == dir.orientation() && p.end(dir.opposite()) == next
                {
                    out.push((i, dir));
                }
            }
        }
        out
    }

    /// Whether the Key touches the Keyhole with a side of length 1: the Keyhole is the next
    /// cell beyond one of the Key's ends, in the Key's line.
    pub fn is_picked(&self) -> bool {
        let (Some(k), Some(h)) = (self.key(), self.keyhole()) else {
            return false;
        };
        let key = self.pieces[k];
        let hole = self.pieces[h].at;
        let forward = key.orientation.forward();
        key.last().step(forward, 1) == Some(hole)
            || key.at.step(forward.opposite(), 1) == Some(hole)
    }

    /// Every reason the lock is not legal; empty when it is.
    pub fn problems(&self) -> Vec<Problem> {
        let mut out = Vec::new();
        let mut add = |kind, pieces: Vec<usize>, cells: Vec<Cell>, message: String| {
            out.push(Problem {
                kind,
                pieces,
                cells,
                message,
            })
        };
        if self.board.width() < 2 || self.board.height() < 2 {
            add(
                ProblemKind::BoardTooSmall,
                vec![],
                vec![],
                format!(
                    "the board is {}×{}: it needs at least 2×2 cells to hold the Key",
                    self.board.width(),
                    self.board.height()
                ),
            );
        }
        let keys: Vec<usize> = self.indices(Kind::Key);
        let holes: Vec<usize> = self.indices(Kind::Keyhole);
        match keys.as_slice() {
            [] => add(
                ProblemKind::NoKey,
                vec![],
                vec![],
                "the lock has no Key".into(),
            ),
            [_] => {}
            [_, rest @ ..] => {
                for &k in rest {
                    add(
                        ProblemKind::SecondKey,
                        vec![k],
                        vec![self.pieces[k].at],
                        "the lock has a second Key: a lock has exactly one".into(),
                    )
                }
            }
        }
        match holes.as_slice() {
            [] => add(
                ProblemKind::NoKeyhole,
                vec![],
                vec![],
                "the lock has no Keyhole".into(),
            ),
            [_] => {}
            [_, rest @ ..] => {
                for &h in rest {
                    add(
                        ProblemKind::SecondKeyhole,
                        vec![h],
                        vec![self.pieces[h].at],
                        "the lock has a second Keyhole: a lock has exactly one".into(),
                    )
                }
            }
        }
        let light = self.board.light();
        let mut seen: Mask = 0;
        for (i, p) in self.pieces.iter().enumerate() {
            let name = self.name(i);
            match p.kind {
                Kind::Key if p.length != 2 => add(
                    ProblemKind::KeyLength,
                    vec![i],
                    vec![p.at],
                    format!("the Key is {} cells long: it is 1×2 or 2×1", p.length),
                ),
                Kind::Slider if p.length < 2 => add(
                    ProblemKind::SliderTooShort,
                    vec![i],
                    vec![p.at],
                    format!(
                        "the piece at {} is one cell: vertical and horizontal pieces are at least two cells long (a 1×1 piece is an axis)",
                        p.at
                    ),
                ),
                _ => {}
            }
            let cells: Vec<Cell> = p.cells().collect();
            let off: Vec<Cell> = cells
                .iter()
                .copied()
                .filter(|c| !self.board.contains(*c))
                .collect();
            if !off.is_empty() || cells.len() < p.length as usize {
                add(
                    ProblemKind::OffBoard,
                    vec![i],
                    cells.clone(),
                    format!("{name} runs off the board"),
                );
            }
            let dark: Vec<Cell> = cells
                .iter()
                .copied()
                .filter(|c| self.board.contains(*c) && light & c.bit() == 0)
                .collect();
            if !dark.is_empty() {
                add(
                    ProblemKind::OnDarkCell,
                    vec![i],
                    dark.clone(),
                    format!(
                        "{name} lies on the dark cell{} {}: pieces lie only on light cells",
                        if dark.len() > 1 { "s" } else { "" },
                        list(&dark)
                    ),
                );
            }
            let clash = p.mask() & seen;
            if clash != 0 {
                let other: Vec<usize> = (0..i)
                    .filter(|&j| self.pieces[j].mask() & clash != 0)
                    .collect();
                let cells: Vec<Cell> = cells_of(clash).collect();
                let with = other
                    .iter()
                    .map(|&j| self.name(j))
                    .collect::<Vec<_>>()
                    .join(" and ");
                add(
                    ProblemKind::Overlap,
                    std::iter::once(i).chain(other).collect(),
                    cells.clone(),
                    format!("{name} and {with} both cover {}", list(&cells)),
                );
            }
            seen |= p.mask();
            if p.kind == Kind::Keyhole && !self.board.on_unlabelled_edge(p.at) {
                add(
                    ProblemKind::KeyholeNotOnUnlabelledEdge,
                    vec![i],
                    vec![p.at],
                    format!(
                        "the Keyhole at {} is not on an unlabelled edge: it belongs in the top row or the rightmost column",
                        p.at
                    ),
                );
            }
            if p.kind == Kind::Axis && self.attached(i).is_empty() {
                add(
                    ProblemKind::BareAxis,
                    vec![i],
                    vec![p.at],
                    format!(
                        "the axis at {} has no piece attached: a vertical or horizontal piece (or the Key) must touch it with an end",
                        p.at
                    ),
                );
            }
        }
        if keys.len() == 1 && holes.len() == 1 && self.is_picked() {
            let k = keys[0];
            add(
                ProblemKind::AlreadyPicked,
                vec![k, holes[0]],
                self.pieces[k].cells().collect(),
                "the Key already touches the Keyhole end-on: the lock is picked before any move"
                    .into(),
            );
        }
        out
    }

    /// Whether the lock is legal.
    pub fn is_legal(&self) -> bool {
        self.problems().is_empty()
    }

    fn indices(&self, kind: Kind) -> Vec<usize> {
        (0..self.pieces.len())
            .filter(|&i| self.pieces[i].kind == kind)
            .collect()
    }
}

/// Cells in words: `C3`, `C3 and C4`, `B1, C1 and D1`.
pub fn list(cells: &[Cell]) -> String {
    let names: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
