//! Quadrillion (SmartGames): four two-sided 4×4 grids joined into a board, and twelve shapes to
//! fit on the board's open dots.
//!
//! # Layout
//! - [`dot`]: dots of the plane, and the turns and flips of a set of dots.
//! - [`shape`]: the twelve shapes in every orientation.
//! - [`grid`]: the four grids, their two sides, and a grid placed on the plane.
//! - [`board`]: a board (the four grids' arrangement, and when it is legal), a challenge (a board
//!   with shapes already placed) and a solution.
//! - [`table`]: the seed's controller — ground, grids and shapes in three layers, pick, move,
//!   turn, flip, release and unpick, with every rule it enforces.
//! - [`solve`]: the exact-cover solver — one solution, every solution counted, and hints.
//! - [`generate`]: challenges with exactly one solution, from a seed.

pub mod board;
pub mod dot;
pub mod generate;
pub mod grid;
pub mod shape;
pub mod solve;
pub mod table;

pub use board::{Board, BoardProblem, Challenge, ChallengeProblem, Placement, Solution};
pub use dot::{Dot, Orientation};
pub use grid::{GRID_SIZE, GridId, GridPlacement, Side};
pub use shape::ShapeId;
pub use solve::{Answer, Cancel, Count, Hint, Limits, Stop, count, hint, solve};
pub use table::{Item, RuleBroken, Table};
