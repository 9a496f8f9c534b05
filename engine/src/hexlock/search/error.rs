//! Why a search cannot be run.

use crate::hexlock::physics::PhysicsError;
use thiserror::Error;

/// Why a lock cannot be searched or a move list replayed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SearchError {
    /// The physics refused the lock or a state.
    #[error(transparent)]
    Physics(#[from] PhysicsError),
    /// A piece reached a place the search's key has no room for. The physics keeps every piece
    /// inside the frame and off stationary pieces, so this means the two disagree: a bug.
    #[error("piece {piece} reached a place the search did not foresee")]
    Unforeseen {
        /// The piece's number in the mechanism.
        piece: usize,
    },
}
