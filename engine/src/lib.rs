//! The pure core of Lockwright: hex geometry, the hex lock model and its validation.
//!
//! # Layout
//! - [`hex`]: axial coordinates, the six directions, rotation and distance.
//! - [`colour`]: five colours for pieces, no two touching pieces alike.
//! - [`lock`]: the hex lock — frame and bolthole, blocks, springs, pivots, balls, the hook and the
//!   wrench — and [`lock::validate`], which returns every problem with its reason and place.
//! - [`physics`]: one turn of play — force groups, clawing, springs, blocking — with a trace of
//!   how it was resolved and the blockage annotations drawn from it.
//!
//! Nothing here does I/O, spawns threads for its own sake or knows about text or windows: the text
//! format lives in `lockfmt`, and everything above builds on these types.
#![deny(missing_docs)]

pub mod colour;
pub mod hex;
pub mod lock;
pub mod physics;
pub mod search;

pub use hex::{Dir, Hex, Rotation};
pub use lock::{Anchor, Block, Hook, Lock, LockInfo, Pivot, Spring, Wrench};
pub use physics::{Mechanism, Move, State, Trace, TurnOutcome, turn};
pub use search::{SearchOptions, SearchReport, analyse, replay, solve};
