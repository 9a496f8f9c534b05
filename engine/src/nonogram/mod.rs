//! Nonograms (Picross): a grid whose rows and columns are given as clues — the lengths of the
//! runs of filled cells, in order — and whose picture is to be found.
//!
//! # Layout
//! - [`model`]: clues, puzzles, grids of cells (filled, empty, unknown), and the problems that
//!   make a puzzle malformed.
//! - [`rule`]: the line rule of the seed, fast, and its reference by listing placements.
//! - [`author`]: for the editor — uniqueness, difficulty, ambiguous cells, fewest changes
//!   (`suggest`: the changes, searched near the ambiguous cells, region by region).
//! - [`deduce`]: the line rule's deductions in words — hints, the stepper, mistakes checks.
//! - [`lookahead`]: the hint where the line rule is stuck — a cell tried one way that leads to
//!   a line that cannot be filled.
//! - [`solve`]: the solver — the line rule to a fixpoint, probing, search — and its answers.
//! - `bits`, `fast`: lines as bit sets and the line rule's dynamic programme over them.
//! - `count`: how many placements of a line agree, and the share of them filling each cell.
//! - `guide`: which cell a search guesses, from the counts (and the beliefs).
//! - `belief`: what the whole picture says of each cell — belief propagation, each line
//!   weighing its placements by what the crossing lines say.
//! - `search`, `learn`, `explain`: probing at the root, then a search that learns a clause from
//!   every conflict, with the line rule explaining what it fixed.
//! - `portfolio`: several searches at once on threads of their own, the first answer kept.

pub mod author;
mod belief;
mod bits;
mod board;
mod clue_sat;
mod count;
pub mod deduce;
mod explain;
mod fast;
mod guide;
mod learn;
pub mod lookahead;
pub mod model;
mod portfolio;
pub mod rule;
mod sat_beside;
mod search;
pub mod solve;
mod suggest;
#[cfg(test)]
mod testing;

pub use bits::MAX_LINE;
pub use model::{Cell, Clue, Grid, LineRef, Puzzle, PuzzleInfo, PuzzleProblem};
pub use portfolio::{SAT_SOLVER_THREAD_UP_TO, SearchThreads, split_threads};
pub use solve::{
    Answer, Cancel, Limits, Report, Stats, Stop, Unsolvable, solve, solve_cancellable,
    solve_on_threads, solve_seeded,
};
