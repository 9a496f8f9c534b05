//! The hex lock of Intricacy: its model, the physics of a turn and the solver.
//!
//! # Layout
//! - [`model`]: the lock — frame and bolthole, blocks, springs, pivots, balls, the hook and the
//!   wrench — and [`model::validate`], which returns every problem with its reason and place.
//! - [`physics`]: one turn of play — force groups, clawing, springs, blocking — with a trace of
//!   how it was resolved and the blockage annotations drawn from it.
//! - [`search`]: the breadth-first solver and what it tells a designer about a lock.
//! - [`colour`]: the pieces five-coloured so that touching pieces differ.

pub mod colour;
pub mod model;
pub mod physics;
pub mod search;

pub use model::{Anchor, Block, Hook, Lock, LockInfo, PieceRef, Pivot, Spring, Wrench};
pub use physics::{Mechanism, Move, State, Trace, TurnOutcome, turn};
pub use search::{SearchOptions, SearchReport, analyse, replay, solve};
