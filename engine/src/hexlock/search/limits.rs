//! The limits a user sets on a search, and which of them stopped it.

use serde::{Deserialize, Serialize};
use std::time::Duration;

/// Bounds on a search; `None` leaves a bound off.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    /// The most states the search may visit (the initial state counts).
    pub max_states: Option<u64>,
    /// The most bytes the search's tables and buffers may hold at once.
    pub max_memory: Option<u64>,
    /// The longest the search may run.
    pub timeout: Option<Duration>,
}

/// The limit that stopped a search before it could answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "limit", rename_all = "snake_case")]
pub enum Limit {
    /// It visited as many states as it was allowed.
    States {
        /// The bound.
        max: u64,
    },
    /// Going on would have held more memory than allowed.
    Memory {
        /// The bound, in bytes.
        max_bytes: u64,
    },
    /// It ran for as long as it was allowed.
    Time {
        /// The bound.
        after: Duration,
    },
    /// The user called it off.
    Cancelled,
}

impl std::fmt::Display for Limit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Limit::States { max } => {
                write!(
                    f,
                    "the limit of {}",
                    crate::words::count(*max as usize, "state")
                )
            }
            Limit::Memory { max_bytes } => write!(f, "the memory limit of {max_bytes} bytes"),
            Limit::Time { after } => {
                write!(f, "the time limit of {}", crate::seconds::Seconds(*after))
            }
            Limit::Cancelled => write!(f, "a cancellation"),
        }
    }
}
