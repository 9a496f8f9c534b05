//! The pure core of Lockwright: geometry shared by every puzzle family, and each family's model,
//! rules and solver.
//!
//! # Layout
//! - [`hex`]: axial coordinates, the six directions, rotation and distance.
//! - [`colour`]: five colours for a planar graph of touching pieces.
//! - [`random`]: the one seeded random source of every generator and bot (SplitMix64).
//! - [`solving`]: the one contract of every family's solver — its limits, its cancel handle,
//!   why it stopped, and the shape of its answer.
//! - [`seconds`]: a time as the solvers' messages write it.
//! - [`hexlock`]: the hex lock of Intricacy — its model and validation, the physics of a turn
//!   with its trace and blockage annotations, and the solver.
//! - [`nonogram`]: nonograms (Picross) — clues, puzzles and grids, the line rule and the solver.
//! - [`quadrillion`]: Quadrillion — grids, boards and shapes, the table's rules, the exact-cover
//!   solver and the challenge generator.
//! - [`sliding`]: Lockmaker's sliding locks — the board, pieces, axes, Key and Keyhole, the
//!   rules of a slide and a turn, the seed's notation, and the fewest-moves solver.
//!
//! Nothing here does I/O, spawns threads for its own sake or knows about text or windows: the text
//! formats live in `lockfmt`, and everything above builds on these types.
#![deny(missing_docs)]

pub mod colour;
pub mod hex;
pub mod hexlock;
pub mod nonogram;
pub mod quadrillion;
pub mod random;
pub mod seconds;
pub mod sliding;
pub mod solving;
pub mod words;

pub use hex::{Dir, Hex, Rotation};
