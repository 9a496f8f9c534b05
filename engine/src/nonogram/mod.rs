//! Nonograms (Picross): a grid whose rows and columns are given as clues — the lengths of the
//! runs of filled cells, in order — and whose picture is to be found.
//!
//! # Layout
//! - [`model`]: clues, puzzles, grids of cells (filled, empty, unknown), and the problems that
//!   make a puzzle malformed.

pub mod model;

pub use model::{Cell, Clue, Grid, LineRef, Puzzle, PuzzleInfo, PuzzleProblem};
