//! Why the physics refuses a lock.

use crate::hexlock::model::Problem;
use thiserror::Error;

/// Why a turn cannot be played on a lock.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PhysicsError {
    /// The lock breaks the rules of the model; the problems say where.
    #[error("the lock is not valid: {}", first_message(.problems))]
    InvalidLock {
        /// Every problem validation found, in its order.
        problems: Vec<Problem>,
    },
    /// The lock has more pieces than the compact state can number.
    #[error("the lock has {count} pieces; at most {max} are supported")]
    TooManyPieces {
        /// How many pieces the lock has.
        count: usize,
        /// The most the physics can number.
        max: usize,
    },
    /// A state was given that does not belong to this mechanism.
    #[error("the state has {found} pieces but the lock has {expected}")]
    ForeignState {
        /// Pieces in the lock.
        expected: usize,
        /// Pieces in the state.
        found: usize,
    },
}

fn first_message(problems: &[Problem]) -> String {
    match problems {
        [] => "no problem reported".to_owned(),
        [p] => p.message.clone(),
        [p, rest @ ..] => format!("{} (and {} more)", p.message, rest.len()),
    }
}
