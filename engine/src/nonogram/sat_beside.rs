//! The general SAT solver (`clue_sat`) on a thread of its own beside the search, when a core is
//! spare: the same second opinion as its turns between the search's restarts, but run without a
//! break.
//!
//! Why: a turn ends the SAT solver's `solve` call, and the next call starts its restarts and its
//! learned-clause budget over. On webpbn #18297 "Thing" (36×42), where the SAT solver finds the
//! pictures and the search does not, taking turns answered in 8–33 s on one core (the SAT
//! solver's share 4–16 s of it), and the SAT solver run through in one go in about 5 s; on its
//! own core the search's time is not halved either.
//!
//! The two share what they find: the search hands its pictures over between its restarts (the
//! SAT solver forbids them before its next picture), and takes the SAT solver's. When the SAT
//! solver has found enough pictures, or shows that no picture is left but those it forbade,
//! that is the answer for both, and the search is stopped at once.

use super::bits::Bits;
use super::board::{Board, Compiled};
use super::clue_sat::{ClueSat, Turn};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Receiver;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Instant;

/// What the search and the SAT solver beside it share.
#[derive(Default)]
pub(crate) struct Beside {
    found: Mutex<Found>,
    /// Set by the SAT solver when its news ends the search: enough pictures, or none left.
    pub answered: AtomicBool,
    /// Set by the search when it ends, which ends the SAT solver.
    pub over: AtomicBool,
}

/// The pictures each side has found, cells row by row.
#[derive(Default)]
pub(crate) struct Found {
    pub by_search: Vec<Vec<bool>>,
    pub by_sat: Vec<Vec<bool>>,
    /// The SAT solver showed that every picture is among those both have found.
    pub exhausted: bool,
}

impl Beside {
    pub(crate) fn found(&self) -> MutexGuard<'_, Found> {
        // A side that panicked while holding the lock left whole pictures behind: each is
        // pushed in one step.
        self.found.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Sets the search's end when dropped, however the search ends.
pub(crate) struct EndsWithSearch<'a>(pub &'a AtomicBool);

impl Drop for EndsWithSearch<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// The SAT solver's thread: waits for the search to say start (a search that ends first drops
/// `start` and this returns), then looks for pictures other than those found until it has
/// `want` in all, shows there are no more, reaches `deadline`, or the search ends.
pub(crate) fn run<B: Bits>(
    c: &Compiled,
    root: &Board<B>,
    beside: &Beside,
    start: Receiver<()>,
    deadline: Option<Instant>,
    want: usize,
) {
    if start.recv().is_err() {
        return;
    }
    let mut sat = ClueSat::new(c, root, Some(&beside.over));
    let mut forbidden: Vec<Vec<bool>> = Vec::new();
    loop {
        let from_search: Vec<Vec<bool>> = {
            let found = beside.found();
            found
                .by_search
                .iter()
                .filter(|p| !forbidden.contains(p))
                .cloned()
                .collect()
        };
        for p in from_search {
            sat.forbid(&p);
            forbidden.push(p);
        }
        if forbidden.len() >= want {
            beside.answered.store(true, Ordering::Relaxed);
            return;
        }
        match sat.turn(deadline) {
            Turn::Undecided => return,
            Turn::Exhausted => {
                beside.found().exhausted = true;
                beside.answered.store(true, Ordering::Relaxed);
                return;
            }
            Turn::Picture(p) => {
                sat.forbid(&p);
                forbidden.push(p.clone());
                beside.found().by_sat.push(p);
            }
        }
    }
}
