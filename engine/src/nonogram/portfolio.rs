//! Several searches of one puzzle at once, on threads of their own, each breaking the guide's
//! ties its own way; the first to answer answers for all and the others are called off.
//!
//! Why: the learning search's time on a hard picture is heavy-tailed. On random 60×60 pictures
//! at density 0.50 the same puzzle takes 40 ms with one tie-breaking and 2 s with another
//! (`docs/nonogram-solver.md`, "Several searches at once"), so the quickest of two or four
//! searches cuts the long waits far more than it costs on the short ones. Every search is
//! complete, so "unique", "several" and "none" are the same whichever answers; only which two
//! solutions stand for "several" may differ from run to run.

use super::model::{Grid, Puzzle};
use super::solve::{self, Answer, Limits, Run};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How often the caller's cancel flag is looked at while the searches run.
const CANCEL_POLL: Duration = Duration::from_millis(5);

/// How many searches race: a number, or a way to find it that is asked only once the line rule
/// has left the picture unfinished. Finding the machine's cores reads files (the process's
/// cgroup and its CPU quota), a few hundredths of a millisecond that a script solving thousands
/// of small puzzles, most of them finished by the line rule, would pay for each.
pub trait SearchThreads {
    /// The number.
    fn count(self) -> usize;
}

impl SearchThreads for usize {
    fn count(self) -> usize {
        self
    }
}

impl<F: FnOnce() -> usize> SearchThreads for F {
    fn count(self) -> usize {
        self()
    }
}

/// Solves with up to `want` solutions by `threads` searches at once (1 or fewer: one search,
/// exactly as [`solve::run`]). The line rule runs once first: a puzzle it answers starts no
/// thread, and asks no thread count. The node limit applies to each search.
pub(crate) fn run(
    puzzle: &Puzzle,
    start: Option<&Grid>,
    limits: &Limits,
    cancel: Option<&AtomicBool>,
    want: usize,
    threads: impl SearchThreads,
) -> Run {
    let t0 = Instant::now();
    // Only the search is raced: what the line rule answers, and a puzzle too large to search,
    // are answered by this first run, which asks no thread count; with one thread it searches
    // too, the line rule's work kept.
    let (mut threads, mut raced) = (Some(threads), None);
    let first = solve::run_or_hand_over(puzzle, start, limits, cancel, want, &mut || {
        let n = threads.take().map_or(1, SearchThreads::count);
        raced = Some(n);
        n <= 1
    });
    let threads = match raced {
        Some(n) if n > 1 => n,
        _ => return first,
    };
    let limits = match limits.timeout {
        Some(t) => Limits {
            timeout: Some(t.saturating_sub(t0.elapsed())),
            ..*limits
        },
        None => *limits,
    };
    let over = AtomicBool::new(false);
    let mut answered: Option<Run> = None;
    let mut stopped: Vec<(u64, Run)> = Vec::new();
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        for seed in 0..threads as u64 {
            let tx = tx.clone();
            let (limits, over) = (&limits, &over);
            scope.spawn(move || {
                let r = solve::run_seeded(puzzle, start, limits, Some(over), want, seed);
                // The receiver lives until every search has ended.
                let _ = tx.send((seed, r));
            });
        }
        drop(tx);
        loop {
            match rx.recv_timeout(CANCEL_POLL) {
                Ok((seed, r)) => {
                    if matches!(r.report.answer, Answer::Stopped { .. }) {
                        stopped.push((seed, r));
                    } else if answered.is_none() {
                        over.store(true, Ordering::Relaxed);
                        answered = Some(r);
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                        over.store(true, Ordering::Relaxed);
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
    });
    if answered.is_none() && stopped.is_empty() {
        return solve::run(puzzle, start, &limits, cancel, want);
    }
    let mut out = answered.unwrap_or_else(|| {
        // Every search stopped at the same kind of limit (or the caller's cancel): the first
        // search's report, with a solution another found if it found none.
        stopped.sort_by_key(|(seed, _)| *seed);
        let found = stopped.iter().find_map(|(_, r)| match &r.report.answer {
            Answer::Stopped { found: Some(g), .. } => Some(g.clone()),
            _ => None,
        });
        let mut r = stopped.swap_remove(0).1;
        if let Answer::Stopped {
            found: f @ None, ..
        } = &mut r.report.answer
        {
            *f = found;
        }
        r
    });
    out.report.stats.elapsed = t0.elapsed();
    out
}
