//! What a designer wants to know about a lock: how big its space is, how short and how unique
//! its solution, and whether the author's own solution is the shortest.

use super::bfs;
use super::error::SearchError;
use super::replay::{Replay, replay};
use super::report::{Goal, Progress, SearchOptions, SearchReport};
use crate::hexlock::physics::{Mechanism, Move};
use serde::{Deserialize, Serialize};

/// The author's solution, checked against the lock and against the search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuthorCheck {
    /// The author's moves.
    pub moves: Vec<Move>,
    /// What playing them did.
    pub replay: Replay,
    /// A solution strictly shorter than the author's, when the search found one: an unintended
    /// shortcut.
    pub shortcut: Option<Vec<Move>>,
}

/// An analysis of a lock.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    /// The search, run over every reachable state (within the limits).
    pub report: SearchReport,
    /// The number of states reachable from the initial state, when all were visited. Play stops
    /// at open states, so nothing beyond them is counted.
    pub reachable: Option<u64>,
    /// The fewest turns that open the lock, when known.
    pub shortest_length: Option<usize>,
    /// Whether exactly one sequence of states opens it in that many turns, when known.
    pub unique: Option<bool>,
    /// Mean distinct successors of an expanded state.
    pub branching: f64,
    /// The author's solution, checked, when given.
    pub author: Option<AuthorCheck>,
}

/// Analyses a lock: searches every reachable state (the goal in `options` is ignored) and
/// checks the author's solution, if given.
pub fn analyse(
    mech: &Mechanism,
    options: &SearchOptions,
    author: Option<&[Move]>,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Analysis, SearchError> {
    analyse_cancellable(
        mech,
        options,
        author,
        progress,
        crate::solving::Cancel::NEVER,
    )
}

/// [`analyse`] that stops, with [`Limit::Cancelled`](super::Limit::Cancelled), soon after
/// `cancel` is set.
pub fn analyse_cancellable(
    mech: &Mechanism,
    options: &SearchOptions,
    author: Option<&[Move]>,
    progress: &mut dyn FnMut(&Progress),
    cancel: crate::solving::Cancel<'_>,
) -> Result<Analysis, SearchError> {
    let options = SearchOptions {
        goal: Goal::Everything,
        ..*options
    };
    let report = bfs::run(mech, &options, progress, cancel.flag())?;
    let author = match author {
        Some(moves) => {
            let replay = replay(mech, moves)?;
            let shortcut = match (&report.solution, replay.opened_after) {
                (Some(s), Some(n)) if s.len() < n => Some(s.clone()),
                _ => None,
            };
            Some(AuthorCheck {
                moves: moves.to_vec(),
                replay,
                shortcut,
            })
        }
        None => None,
    };
    Ok(Analysis {
        reachable: report.exhausted.then_some(report.stats.visited),
        shortest_length: report.solution.as_ref().map(Vec::len),
        unique: report.shortest.map(|s| s.unique()),
        branching: report.stats.branching(),
        author,
        report,
    })
}
