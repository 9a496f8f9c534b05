//! Several searches of one puzzle at once, on threads of their own, each breaking the guide's
//! ties its own way; the first to answer answers for all and the others are called off.
//!
//! Why: the learning search's time on a hard picture is heavy-tailed. On random 60×60 pictures
//! at density 0.50 the same puzzle takes 40 ms with one tie-breaking and 2 s with another
//! (`docs/nonogram-solver.md`, "Several searches at once"), so the quickest of two or four
//! searches cuts the long waits far more than it costs on the short ones. Every search is
//! complete, so "unique", "several" and "none" are the same whichever answers; only which two
//! solutions stand for "several" may differ from run to run.
//!
//! On a picture of up to [`SAT_SOLVER_THREAD_UP_TO`] cells, one of the threads goes to the
//! general SAT solver beside the first search (`sat_beside`), where it would otherwise take
//! turns with it: with two threads, one search and the SAT solver.

use super::model::{Grid, Puzzle};
use super::solve::{self, Answer, Here, Limits, Run};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How often the caller's cancel flag is looked at while the searches run.
const CANCEL_POLL: Duration = Duration::from_millis(5);

/// How many threads a solve may use: a number, or a way to find it from the picture's cells
/// that is asked only once the line rule has left the picture unfinished. Finding the machine's
/// cores reads files (the process's cgroup and its CPU quota), a few hundredths of a
/// millisecond that a script solving thousands of small puzzles, most of them finished by the
/// line rule, would pay for each.
pub trait SearchThreads {
    /// The number, for a picture of `cells` cells.
    fn count(self, cells: usize) -> usize;
}

impl SearchThreads for usize {
    fn count(self, _cells: usize) -> usize {
        self
    }
}

impl<F: FnOnce(usize) -> usize> SearchThreads for F {
    fn count(self, cells: usize) -> usize {
        self(cells)
    }
}

/// On pictures of up to this many cells, a solve given two threads or more runs the general
/// SAT solver on one of them (the rest race), and one given one thread lets it take as much
/// time as the search, in turns. Past it, the SAT solver gets a tenth of the search's time in
/// turns with the first search: on random 60×60 pictures it answered none within 30–60 s
/// (`docs/nonogram-solver.md`).
pub const SAT_SOLVER_THREAD_UP_TO: usize = 2048;

/// The searches that race, and whether the SAT solver has a thread of its own, for `threads`
/// threads on a picture of `cells` cells (the thread is set aside even where the clues' formula
/// turns out too large to build).
pub fn split_threads(threads: usize, cells: usize) -> (usize, bool) {
    if threads <= 1 {
        (1, false)
    } else if cells <= SAT_SOLVER_THREAD_UP_TO {
        (threads - 1, true)
    } else {
        (threads, false)
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
    let first = solve::run_or_hand_over(puzzle, start, limits, cancel, want, &mut |cells| {
        let n = threads.take().map_or(1, |t| t.count(cells));
        let (searches, sat_beside) = split_threads(n, cells);
        raced = Some((searches, sat_beside));
        if searches <= 1 {
            Here::Search { sat_beside }
        } else {
            Here::HandOver
        }
    });
    let (threads, sat_beside) = match raced {
        Some((n, beside)) if n > 1 => (n, beside),
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
    // Whichever search answers, the SAT solver had a thread beside the first or not.
    let mut sat_solver_thread = false;
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        for seed in 0..threads as u64 {
            let tx = tx.clone();
            let (limits, over) = (&limits, &over);
            scope.spawn(move || {
                let beside = sat_beside && seed == 0;
                let r = solve::run_seeded(puzzle, start, limits, Some(over), want, seed, beside);
                // The receiver lives until every search has ended.
                let _ = tx.send((seed, r));
            });
        }
        drop(tx);
        loop {
            match rx.recv_timeout(CANCEL_POLL) {
                Ok((seed, r)) => {
                    sat_solver_thread |= seed == 0 && r.report.stats.sat_solver_thread;
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
    out.report.stats.sat_solver_thread = sat_solver_thread;
    out
}

#[cfg(test)]
mod tests {
    use super::{SAT_SOLVER_THREAD_UP_TO, split_threads};

    /// One thread searches alone (the SAT solver in turns with it); more give the SAT solver a
    /// thread of its own on pictures it gets as much time as the search on, the rest racing;
    /// on larger pictures every thread searches.
    #[test]
    fn the_sat_solver_takes_a_thread_of_its_own_only_on_pictures_it_helps() {
        assert_eq!(split_threads(0, 100), (1, false));
        assert_eq!(split_threads(1, 100), (1, false));
        assert_eq!(split_threads(2, SAT_SOLVER_THREAD_UP_TO), (1, true));
        assert_eq!(split_threads(4, 900), (3, true));
        assert_eq!(split_threads(2, SAT_SOLVER_THREAD_UP_TO + 1), (2, false));
        assert_eq!(split_threads(8, 3600), (8, false));
    }
}
