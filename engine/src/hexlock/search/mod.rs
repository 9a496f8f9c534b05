//! Solving locks: a breadth-first search over states, one turn per step, and what it tells a
//! designer about a lock. `docs/solver.md` describes the search and its measurements.
//!
//! The search plays every [`Move`] from every state, in the order states were found, until the
//! lock opens (a shortest solution), no new state is left (the lock cannot be opened), or a
//! [`Limits`] bound stops it. States are told apart by a compact key of only what can change;
//! turns are expanded by as many threads as it is given, and merged in order so that the answer
//! is the same with any number of threads.
//!
//! # Layout
//! - `encode`: a state's key — the movers' places, the balls as a set, the momentum.
//! - `store`: the visited states, their keys, parents and moves, and the tables finding them.
//! - `bfs`: the layered search, its parallel expansion and in-order merge.
//! - [`limits`]: bounds on states, memory and time, and which one stopped a search.
//! - [`report`]: the options, the answer and the measurements.
//! - [`analysis`]: reachable states, the shortest solution's length and uniqueness, branching,
//!   and the author's solution checked.
//! - [`replay`](mod@replay): a move list played through the physics.
//!
//! [`Move`]: crate::hexlock::physics::Move

pub mod analysis;
mod bfs;
mod encode;
pub mod error;
pub mod limits;
pub mod replay;
pub mod report;
mod store;

pub use analysis::{Analysis, AuthorCheck, analyse, analyse_cancellable};
pub use error::SearchError;
pub use limits::{Limit, Limits};
pub use replay::{Replay, replay};
pub use report::{
    Goal, Progress, SearchOptions, SearchReport, SearchStats, ShortestCount, Verdict,
};

use crate::hexlock::physics::Mechanism;

/// Searches a lock for a shortest solution (or as far as `options.goal` says).
pub fn solve(mech: &Mechanism, options: &SearchOptions) -> Result<SearchReport, SearchError> {
    bfs::run(mech, options, &mut |_| {}, None)
}

/// [`solve`], reporting progress after each batch of states.
pub fn solve_with_progress(
    mech: &Mechanism,
    options: &SearchOptions,
    progress: &mut dyn FnMut(&Progress),
) -> Result<SearchReport, SearchError> {
    bfs::run(mech, options, progress, None)
}

/// [`solve_with_progress`] that stops, with [`Limit::Cancelled`], soon after `cancel` is set:
/// for a search the user runs in the background and may call off.
pub fn solve_cancellable(
    mech: &Mechanism,
    options: &SearchOptions,
    progress: &mut dyn FnMut(&Progress),
    cancel: crate::solving::Cancel<'_>,
) -> Result<SearchReport, SearchError> {
    bfs::run(mech, options, progress, cancel.flag())
}
