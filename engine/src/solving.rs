//! The one contract every family's solver keeps: the bounds it is given ([`Limits`]), how its
//! caller calls it off ([`Cancel`]), why it stopped before it could answer ([`Stop`]), and what
//! it answered, in the shape every family shares ([`Outcome`], each family's solution inside).
//! The command line, the studio's background runs and the server treat the families alike
//! through these; each family's solver keeps its own report with what only it measures.

use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Bounds on a solver; `None` leaves a bound off. The default has none (a family whose search
/// must always be bounded says so where it reads them: the sliding lock's search stops at
/// 20 million states unless told otherwise).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    /// The longest the solver may run.
    pub timeout: Option<Duration>,
    /// The most steps it may take: states visited by the searches over positions (hex locks,
    /// sliding locks, the initial state counting), search nodes opened by the searches over
    /// choices (nonograms, Quadrillion boards: guesses plus the root). [`Stop`] says which.
    pub max_steps: Option<u64>,
    /// The most bytes its tables and buffers may hold at once, where the solver counts them
    /// (the hex lock's); the others leave it unread.
    pub max_memory: Option<u64>,
}

impl Limits {
    /// Only a time bound.
    pub const fn time(timeout: Duration) -> Limits {
        Limits {
            timeout: Some(timeout),
            max_steps: None,
            max_memory: None,
        }
    }

    /// Only a bound on steps.
    pub const fn steps(max: u64) -> Limits {
        Limits {
            timeout: None,
            max_steps: Some(max),
            max_memory: None,
        }
    }
}

/// How a solver's caller calls it off: a flag the caller sets, which the solver checks as it
/// goes and then stops with [`Stop::Cancelled`]; or none, for a run nobody calls off.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cancel<'a>(Option<&'a AtomicBool>);

impl<'a> Cancel<'a> {
    /// A run nobody calls off.
    pub const NEVER: Cancel<'static> = Cancel(None);

    /// A run called off once `flag` is set.
    pub fn by(flag: &'a AtomicBool) -> Cancel<'a> {
        Cancel(Some(flag))
    }

    /// Whether the caller has called the run off.
    pub fn is_set(&self) -> bool {
        self.0.is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// The flag, for solvers that share it with threads of their own.
    pub fn flag(&self) -> Option<&'a AtomicBool> {
        self.0
    }
}

impl<'a> From<&'a AtomicBool> for Cancel<'a> {
    fn from(flag: &'a AtomicBool) -> Cancel<'a> {
        Cancel::by(flag)
    }
}

impl<'a> From<Option<&'a AtomicBool>> for Cancel<'a> {
    fn from(flag: Option<&'a AtomicBool>) -> Cancel<'a> {
        Cancel(flag)
    }
}

/// Why a solver stopped before it could answer, in every family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "limit", rename_all = "snake_case")]
pub enum Stop {
    /// It ran for as long as it was allowed.
    Time {
        /// The bound.
        after: Duration,
    },
    /// It visited as many states as it was allowed.
    States {
        /// The bound.
        max: u64,
    },
    /// It opened as many search nodes as it was allowed.
    Nodes {
        /// The bound.
        max: u64,
    },
    /// Going on would have held more memory than allowed.
    Memory {
        /// The bound, in bytes.
        max_bytes: u64,
    },
    /// The caller called it off.
    Cancelled,
    /// A line of the puzzle is longer than the solver takes.
    TooLarge {
        /// The longest line's cells.
        cells: usize,
        /// The most the solver takes.
        max: usize,
    },
}

impl Stop {
    /// The stop said as what happened: "stopped after 3 s", "stopped at its limit of 10
    /// states", "cancelled" (where [`Display`](std::fmt::Display) names the limit itself:
    /// "the time limit of 3 s", for "stopped by …").
    pub fn stopped(&self) -> String {
        match self {
            Stop::Time { after } => format!("stopped after {}", crate::seconds::Seconds(*after)),
            Stop::States { max } => format!(
                "stopped at its limit of {}",
                crate::words::count(*max as usize, "state")
            ),
            Stop::Nodes { max } => format!(
                "stopped at its limit of {}",
                crate::words::count(*max as usize, "search node")
            ),
            Stop::Cancelled => "cancelled".to_string(),
            Stop::Memory { .. } | Stop::TooLarge { .. } => format!("stopped by {self}"),
        }
    }
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stop::Time { after } => {
                write!(f, "the time limit of {}", crate::seconds::Seconds(*after))
            }
            Stop::States { max } => write!(
                f,
                "the limit of {}",
                crate::words::count(*max as usize, "state")
            ),
            Stop::Nodes { max } => write!(
                f,
                "the limit of {}",
                crate::words::count(*max as usize, "search node")
            ),
            Stop::Memory { max_bytes } => write!(f, "the memory limit of {max_bytes} bytes"),
            Stop::Cancelled => write!(f, "a cancellation"),
            Stop::TooLarge { cells, max } => {
                write!(f, "a line of {cells} cells (the solver takes up to {max})")
            }
        }
    }
}

/// What a solver answered, in the shape every family shares: its own solution inside.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<S> {
    /// A solution (for a family that counts them, the only one or a shortest).
    Solved(S),
    /// More than one solution where the family asks for exactly one (a nonogram's picture):
    /// two that differ.
    Several(S, S),
    /// None exists: the search itself, or the family's rules, prove it.
    Unsolvable,
    /// A limit or the caller stopped it first, perhaps after a solution was found.
    Stopped {
        /// Why.
        stop: Stop,
        /// A solution found before it, if any.
        found: Option<S>,
    },
}

impl<S> Outcome<S> {
    /// The process exit code the command line answers with: 0 when a solution exists, 1 when
    /// none does, 3 when the solver was stopped first (2, a file that cannot be read, is the
    /// reader's).
    pub fn exit_code(&self) -> u8 {
        match self {
            Outcome::Solved(_) | Outcome::Several(..) => 0,
            Outcome::Unsolvable => 1,
            Outcome::Stopped { .. } => 3,
        }
    }

    /// What stopped the solver, when something did.
    pub fn stop(&self) -> Option<Stop> {
        match self {
            Outcome::Stopped { stop, .. } => Some(*stop),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_names_its_limit_and_says_what_happened() {
        let after = Duration::from_secs(3);
        assert_eq!(Stop::Time { after }.to_string(), "the time limit of 3 s");
        assert_eq!(Stop::Time { after }.stopped(), "stopped after 3 s");
        assert_eq!(Stop::States { max: 1 }.to_string(), "the limit of 1 state");
        assert_eq!(
            Stop::Nodes { max: 10 }.stopped(),
            "stopped at its limit of 10 search nodes"
        );
        assert_eq!(Stop::Cancelled.to_string(), "a cancellation");
        assert_eq!(Stop::Cancelled.stopped(), "cancelled");
    }

    #[test]
    fn a_cancel_is_set_only_by_its_flag() {
        let flag = AtomicBool::new(false);
        let cancel = Cancel::by(&flag);
        assert!(!cancel.is_set());
        flag.store(true, Ordering::Relaxed);
        assert!(cancel.is_set());
        assert!(!Cancel::NEVER.is_set());
    }

    #[test]
    fn every_outcome_has_the_exit_code_the_command_line_documents() {
        assert_eq!(Outcome::Solved(()).exit_code(), 0);
        assert_eq!(Outcome::Several((), ()).exit_code(), 0);
        assert_eq!(Outcome::<()>::Unsolvable.exit_code(), 1);
        let stopped = Outcome::<()>::Stopped {
            stop: Stop::Cancelled,
            found: None,
        };
        assert_eq!(stopped.exit_code(), 3);
        assert_eq!(stopped.stop(), Some(Stop::Cancelled));
    }
}
