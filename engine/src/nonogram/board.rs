//! The solver's private, compact state: a puzzle compiled to runs per line, a board of bit sets
//! (each line's filled and empty cells, rows and columns both, kept in step), and the line rule
//! run to a fixpoint from a queue of lines whose cells changed.

use super::bits::Bits;
use super::fast::{self, Scratch};
use super::model::{Cell, Grid, LineRef, Puzzle};

/// A puzzle as the solver reads it. Lines are numbered rows first (`0..height`), then columns
/// (`height..height + width`).
#[derive(Clone, Debug)]
pub(crate) struct Compiled {
    /// Rows.
    pub height: usize,
    /// Columns.
    pub width: usize,
    /// Every line's runs, one after the other, without 0s.
    runs: Vec<u32>,
    /// Where each line's runs are in `runs`.
    spans: Vec<(u32, u32)>,
    /// The most runs of any line.
    pub max_runs: usize,
}

impl Compiled {
    /// The puzzle's clues; it must be well formed.
    pub fn new(p: &Puzzle) -> Compiled {
        let mut runs = Vec::new();
        let mut spans = Vec::new();
        let mut max_runs = 0;
        for line in p.lines() {
            let start = runs.len();
            runs.extend(p.clue(line).iter().copied().filter(|&n| n > 0));
            max_runs = max_runs.max(runs.len() - start);
            spans.push((start as u32, runs.len() as u32));
        }
        Compiled {
            height: p.height,
            width: p.width,
            runs,
            spans,
            max_runs,
        }
    }

    /// How many lines: rows and columns.
    pub fn lines(&self) -> usize {
        self.height + self.width
    }

    /// A line's length.
    #[inline]
    pub fn len_of(&self, l: usize) -> usize {
        if l < self.height {
            self.width
        } else {
            self.height
        }
    }

    /// A line's runs.
    #[inline]
    pub fn runs_of(&self, l: usize) -> &[u32] {
        let (a, b) = self.spans[l];
        &self.runs[a as usize..b as usize]
    }

    /// A line by its number.
    pub fn line_ref(&self, l: usize) -> LineRef {
        if l < self.height {
            LineRef::Row(l)
        } else {
            LineRef::Column(l - self.height)
        }
    }
}

/// What is known of every cell, by line: `f[l]` the filled cells of line `l`, `e[l]` its empty
/// ones. A cell is in its row and its column; both always say the same.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Board<B> {
    /// Filled cells, per line.
    pub f: Vec<B>,
    /// Empty cells, per line.
    pub e: Vec<B>,
    /// How many cells are known.
    pub known: usize,
}

impl<B: Bits> Board<B> {
    /// Nothing known.
    pub fn new(c: &Compiled) -> Board<B> {
        Board {
            f: vec![B::zero(); c.lines()],
            e: vec![B::zero(); c.lines()],
            known: 0,
        }
    }

    /// The cells of a grid of the puzzle's size (unknown past its edges).
    pub fn from_grid(c: &Compiled, g: &Grid) -> Board<B> {
        let mut b = Board::new(c);
        for y in 0..c.height {
            for x in 0..c.width {
                match g.get(x, y) {
                    Cell::Unknown => {}
                    v => b.set(c, x, y, v == Cell::Filled),
                }
            }
        }
        b
    }

    /// Copies another board into this one, keeping its buffers.
    #[inline]
    pub fn copy_from(&mut self, o: &Board<B>) {
        self.f.copy_from_slice(&o.f);
        self.e.copy_from_slice(&o.e);
        self.known = o.known;
    }

    /// The cell at column `x`, row `y`.
    #[inline]
    pub fn get(&self, x: usize, y: usize) -> Cell {
        if self.f[y].has(x) {
            Cell::Filled
        } else if self.e[y].has(x) {
            Cell::Empty
        } else {
            Cell::Unknown
        }
    }

    /// Makes an unknown cell filled or empty, in its row and its column.
    #[inline]
    pub fn set(&mut self, c: &Compiled, x: usize, y: usize, filled: bool) {
        let (col, row) = (c.height + x, y);
        if filled {
            self.f[row] = self.f[row].or(B::bit(x));
            self.f[col] = self.f[col].or(B::bit(y));
        } else {
            self.e[row] = self.e[row].or(B::bit(x));
            self.e[col] = self.e[col].or(B::bit(y));
        }
        self.known += 1;
    }

    /// Whether every cell is known.
    #[inline]
    pub fn is_complete(&self, c: &Compiled) -> bool {
        self.known == c.width * c.height
    }

    /// The unknown cells of line `l` (rows first, then columns; row `y` is line `y`).
    #[inline]
    pub fn unknown_in_line(&self, c: &Compiled, l: usize) -> B {
        B::low(c.len_of(l)).and_not(self.f[l].or(self.e[l]))
    }

    /// As a grid.
    pub fn to_grid(&self, c: &Compiled) -> Grid {
        let mut g = Grid::new(c.width, c.height);
        for y in 0..c.height {
            for x in 0..c.width {
                g.set(x, y, self.get(x, y));
            }
        }
        g
    }
}

/// Runs the line rule to a fixpoint: a queue of lines to look at, each line at most once in it.
#[derive(Clone, Debug)]
pub(crate) struct Propagator<B> {
    /// Lines waiting, first in first out.
    queue: std::collections::VecDeque<u32>,
    /// Whether each line is waiting.
    queued: Vec<bool>,
    /// The line rule's buffers.
    scratch: Scratch<B>,
    /// How many times the line rule ran.
    pub line_runs: u64,
}

impl<B: Bits> Propagator<B> {
    /// An empty queue for this puzzle.
    pub fn new(c: &Compiled) -> Propagator<B> {
        Propagator {
            queue: std::collections::VecDeque::with_capacity(c.lines()),
            queued: vec![false; c.lines()],
            scratch: Scratch::new(c.max_runs),
            line_runs: 0,
        }
    }

    /// Puts a line in the queue, unless it waits already.
    #[inline]
    pub fn push(&mut self, l: usize) {
        if !self.queued[l] {
            self.queued[l] = true;
            self.queue.push_back(l as u32);
        }
    }

    /// Puts every line in the queue, rows first.
    pub fn push_all(&mut self, c: &Compiled) {
        for l in 0..c.lines() {
            self.push(l);
        }
    }

    /// Puts the row and the column of a cell in the queue.
    #[inline]
    pub fn push_cell(&mut self, c: &Compiled, x: usize, y: usize) {
        self.push(y);
        self.push(c.height + x);
    }

    /// Empties the queue.
    pub fn clear(&mut self) {
        for l in self.queue.drain(..) {
            self.queued[l as usize] = false;
        }
    }

    /// Runs the line rule on the queued lines, and on every line whose cells it changes, until
    /// none is left; `Err(line)` names the line that had no agreeing placement (the queue is
    /// then emptied and the board is part way).
    pub fn run(&mut self, c: &Compiled, b: &mut Board<B>) -> Result<(), usize> {
        self.run_at_most(c, b, u64::MAX).map(|_| ())
    }

    /// As [`Propagator::run`], but stops after `most` lines, with the rest still queued:
    /// `Ok(true)` when none is left, `Ok(false)` when some are (so that a caller can look at
    /// its clock between two stretches: the line rule alone runs for seconds on a 4096×4096
    /// picture).
    pub fn run_at_most(
        &mut self,
        c: &Compiled,
        b: &mut Board<B>,
        most: u64,
    ) -> Result<bool, usize> {
        let mut left = most;
        while left > 0
            && let Some(l) = self.queue.pop_front()
        {
            left -= 1;
            let l = l as usize;
            self.queued[l] = false;
            let (f, e) = (b.f[l], b.e[l]);
            self.line_runs += 1;
            let Some(r) = fast::reach(c.runs_of(l), c.len_of(l), f, e, &mut self.scratch) else {
                self.clear();
                return Err(l);
            };
            let nf = r.can_fill.and_not(r.can_empty).and_not(f);
            let ne = r.can_empty.and_not(r.can_fill).and_not(e);
            if nf.is_zero() && ne.is_zero() {
                continue;
            }
            b.f[l] = f.or(nf);
            b.e[l] = e.or(ne);
            b.known += (nf.count() + ne.count()) as usize;
            let (cross, me) = if l < c.height {
                (c.height, l)
            } else {
                (0, l - c.height)
            };
            let bit = B::bit(me);
            for i in nf.ones() {
                b.f[cross + i] = b.f[cross + i].or(bit);
                self.push(cross + i);
            }
            for i in ne.ones() {
                b.e[cross + i] = b.e[cross + i].or(bit);
                self.push(cross + i);
            }
        }
        Ok(self.queue.is_empty())
    }
}
