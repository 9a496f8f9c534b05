//! Sliding locks (Lockmaker): a square board of at most 11×11 cells, vertical and horizontal
//! pieces that slide along their own line, axes that turn the pieces attached to them, and a
//! Key to bring against the Keyhole.
//!
//! # Layout
//! - [`cell`]: cells in algebraic notation (row 1 at the bottom), directions, turns, masks.
//! - [`lock`]: the board, the pieces, the lock and what makes it legal.
//! - [`rules`]: a slide, a turn, what each refuses and why, and when the lock is picked.
//! - [`notation`]: the seed's names for pieces by their cells, and the move notation.
//! - [`relax`]: where each piece could go alone — a quick proof that a lock cannot be picked,
//!   and the pieces that can never matter.
//! - [`space`], [`store`]: the solver's states, the moves between them, and the states seen.
//! - [`pattern`]: a relaxation small enough to search whole, as a lower bound on the moves
//!   left or a proof that the lock cannot be picked.
//! - [`solve`]: the fewest-moves best-first solver, which also proves a lock impossible.

pub mod cell;
pub mod lock;
pub mod notation;
mod pattern;
pub mod relax;
pub mod rules;
pub mod solve;
mod space;
mod standing;
mod store;

pub use cell::{Cell, Dir, MAX_SIDE, Mask, Orientation, Turn};
pub use lock::{Board, Kind, Lock, Piece, Problem, ProblemKind};
pub use notation::{Action, NotationError, Written, format_moves, parse_moves};
pub use rules::{Move, Obstacle, Refusal};
pub use solve::{
    Answer, BYTES_A_STATE, Cancel, DEFAULT_MAX_STATES, Limits, Proof, Report, Stop,
    bounds_against_truth, prove_by_standing_pieces, solve, solve_breadth_first, solve_cancellable,
    solve_pausing_at, solve_with_relaxations_of,
};
