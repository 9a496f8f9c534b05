//! What a search is asked to do and what it answers.

use super::limits::{Limit, Limits};
use crate::hexlock::physics::Move;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// How far a search goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Goal {
    /// Stop at the first open state found: one shortest solution.
    #[default]
    Solution,
    /// Finish the turn in which the lock first opens, to count its shortest solutions.
    AllShortest,
    /// Visit every reachable state, to count them; play stops at open states.
    Everything,
}

/// How to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchOptions {
    /// Threads to expand each turn's states with; the answer does not depend on it.
    pub threads: usize,
    /// Bounds on states, memory and time.
    pub limits: Limits,
    /// How far to go.
    pub goal: Goal,
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions {
            threads: 1,
            limits: Limits::default(),
            goal: Goal::Solution,
        }
    }
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum Verdict {
    /// The lock opens; the report holds a shortest solution.
    Solved,
    /// Every reachable state was visited and none is open: the lock cannot be opened.
    Unsolvable,
    /// A limit stopped the search before it found a solution or ran out of states.
    GaveUp {
        /// Which limit.
        limit: Limit,
    },
}

impl Verdict {
    /// The verdict in the shape every family's solver shares (the solution itself is the
    /// report's).
    pub fn outcome(&self) -> crate::solving::Outcome<()> {
        use crate::solving::Outcome;
        match self {
            Verdict::Solved => Outcome::Solved(()),
            Verdict::Unsolvable => Outcome::Unsolvable,
            Verdict::GaveUp { limit } => Outcome::Stopped {
                stop: *limit,
                found: None,
            },
        }
    }
}

/// How many shortest solutions there are, counted over the whole turn in which the lock first
/// opens. Counts stop growing at `u64::MAX`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShortestCount {
    /// Distinct sequences of states from the lock to an open state, of the shortest length. Two
    /// move lists that pass through the same states (pushing the hook against the frame, or
    /// waiting) are one sequence.
    pub state_paths: u64,
    /// Distinct move lists of the shortest length that open the lock.
    pub move_lists: u64,
    /// Distinct open states reached at the shortest length.
    pub open_states: u64,
}

impl ShortestCount {
    /// Whether exactly one sequence of states opens the lock in the fewest turns.
    pub fn unique(&self) -> bool {
        self.state_paths == 1
    }
}

/// What a search measured.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SearchStats {
    /// States visited: the initial state and every distinct state found from it.
    pub visited: u64,
    /// States played on with every move.
    pub expanded: u64,
    /// Turns played: one generated state each.
    pub generated: u64,
    /// Distinct successors summed over expanded states, not counting a state itself.
    pub successors: u64,
    /// New states found at each number of turns: `layers[0]` is the initial state.
    pub layers: Vec<u64>,
    /// Bytes held by the visited states at the end: keys, parents, moves and the table.
    pub store_bytes: u64,
    /// The most bytes held at once, counting the buffers of the turn being expanded.
    pub peak_bytes: u64,
    /// Words in a state's key.
    pub key_words: usize,
    /// Information in a state's key, in bits.
    pub key_bits: f64,
    /// Pieces that can move (or turn).
    pub movable_pieces: usize,
    /// Threads used.
    pub threads: usize,
    /// Time taken.
    pub elapsed: Duration,
}

impl SearchStats {
    /// Bytes held per visited state.
    pub fn bytes_per_state(&self) -> f64 {
        self.store_bytes as f64 / self.visited.max(1) as f64
    }

    /// Mean distinct successors of an expanded state.
    pub fn branching(&self) -> f64 {
        self.successors as f64 / self.expanded.max(1) as f64
    }

    /// Turns played per second.
    pub fn generated_per_second(&self) -> f64 {
        self.generated as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchReport {
    /// A shortest solution, when one was found. Among shortest solutions it is the first found:
    /// states are played in the order they were found and moves in [`Move::ALL`] order, so it is
    /// the same on every run and with any number of threads.
    pub solution: Option<Vec<Move>>,
    /// The limit that stopped the search, if one did.
    pub stopped_by: Option<Limit>,
    /// Whether every reachable state was visited.
    pub exhausted: bool,
    /// The shortest solutions counted, when the goal asked for it and the turn was finished.
    pub shortest: Option<ShortestCount>,
    /// What the search measured.
    pub stats: SearchStats,
}

impl SearchReport {
    /// How the search ended.
    pub fn verdict(&self) -> Verdict {
        match (&self.solution, self.stopped_by) {
            (Some(_), _) => Verdict::Solved,
            (None, Some(limit)) => Verdict::GaveUp { limit },
            (None, None) => Verdict::Unsolvable,
        }
    }
}

/// How a search is going, reported after each batch of states.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// Turns from the lock's initial state to the states being expanded.
    pub depth: u32,
    /// States visited so far.
    pub visited: u64,
    /// States at this depth still to expand.
    pub frontier: u64,
    /// Turns played so far.
    pub generated: u64,
    /// Bytes held now.
    pub bytes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
}
