//! The sliding lock solver in the studio: a numbered run on a thread of its own, which the screen
//! can call off, and its answer in words — the fewest moves and which, or the proof that the
//! lock cannot be picked, or where it stopped.

use crate::background::{self, Cancel, Generation};
use engine::sliding::solve::Proof;
use engine::sliding::{Answer, Limits, Lock, Move, Written, solve_cancellable};
use iced::Task;
use lockfmt::words::{count, grouped};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// How long the solver looks at a lock being authored, after each change.
pub const AUTHOR_TIME: Duration = Duration::from_secs(3);

/// How long "Solve from here" may take before it stops by itself.
pub const PLAY_TIME: Duration = Duration::from_secs(60);

/// How long the solver searches a lock being authored when the author asks it to search
/// longer.
pub const LONGER_TIME: Duration = Duration::from_secs(60);

/// What a run found, for the lock it was given.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// The fewest moves that pick the lock.
    Shortest {
        /// The moves, from the lock given.
        moves: Vec<Move>,
        /// The same, in the seed's notation.
        written: Vec<Written>,
        /// States seen.
        states: u64,
    },
    /// The Key can never touch the Keyhole: how that is known.
    Impossible {
        /// The states seen: every reachable one, when the proof is the search itself.
        states: u64,
        /// The proof.
        proof: Option<Proof>,
    },
    /// A limit, or the user, stopped the search.
    Stopped {
        /// Why, in words.
        why: String,
        /// States seen by then.
        states: u64,
        /// Every way to a pick, if there is one, takes at least this many moves.
        at_least: Option<u16>,
    },
    /// The lock breaks the rules: the first problem.
    Illegal(String),
}

impl Verdict {
    /// The headline: "Shortest: 3 moves", "Cannot be picked", …
    pub fn headline(&self) -> String {
        match self {
            Verdict::Shortest { moves, .. } => match moves.len() {
                1 => "Shortest: 1 move".into(),
                n => format!("Shortest: {n} moves"),
            },
            Verdict::Impossible { .. } => "Cannot be picked".into(),
            Verdict::Stopped { .. } => "No answer yet".into(),
            Verdict::Illegal(_) => "Not a legal lock".into(),
        }
    }

    /// What backs the headline: the moves, the proof, or the reason.
    pub fn detail(&self) -> String {
        match self {
            Verdict::Shortest { written, .. } => engine::sliding::format_moves(written),
            Verdict::Impossible {
                proof: Some(p @ (Proof::KeyNeverReachesKeyhole | Proof::PieceAlwaysBetween { .. })),
                ..
            } => p.to_string(),
            Verdict::Impossible { states, .. } => format!(
                "every one of the {} reachable states was seen, and in none does the Key touch the Keyhole",
                grouped(*states)
            ),
            Verdict::Stopped {
                why,
                states,
                at_least: Some(n @ 2..),
            } => format!(
                "the search {why}, with {} seen: no way to pick the lock takes fewer than {n} moves, and whether it can be picked is not known yet",
                count(*states as usize, "state")
            ),
            Verdict::Stopped { why, states, .. } => format!(
                "the search {why}, with {} seen: whether the lock can be picked is not known yet",
                count(*states as usize, "state")
            ),
            Verdict::Illegal(why) => why.clone(),
        }
    }

    /// The fewest moves, when found.
    pub fn shortest(&self) -> Option<usize> {
        match self {
            Verdict::Shortest { moves, .. } => Some(moves.len()),
            _ => None,
        }
    }
}

/// Solves `lock` to the end or to `limits`, stopping soon after `cancel` is set. Blocking.
pub fn verdict(lock: &Lock, limits: &Limits, cancel: &AtomicBool) -> Verdict {
    match solve_cancellable(lock, limits, cancel.into()) {
        Err(problems) => Verdict::Illegal(
            problems
                .first()
                .map_or_else(|| "the lock breaks the rules".into(), |p| p.to_string()),
        ),
        Ok(report) => match report.answer {
            Answer::Solved { moves } => Verdict::Shortest {
                written: lock.write_all(&moves),
                moves,
                states: report.states,
            },
            Answer::Impossible => Verdict::Impossible {
                states: report.states,
                proof: report.proof,
            },
            Answer::Stopped(stop) => Verdict::Stopped {
                why: match stop {
                    engine::sliding::Stop::Cancelled => "was stopped".into(),
                    other => other.stopped(),
                },
                states: report.states,
                at_least: report.at_least,
            },
        },
    }
}

/// A run in the background: its number, and the flag that calls it off.
#[derive(Debug)]
pub struct Running {
    /// The number its answer carries.
    pub run: Generation,
    /// Dropped with the run: a run nobody waits for is stopped, its thread and memory freed.
    cancel: Cancel,
}

impl Running {
    /// Calls the run off: it answers soon with "cancelled".
    pub fn cancel(&self) {
        self.cancel.cancel();
    }
}

/// Starts a run on `lock`, limited to `time`; its answer carries `run`.
pub fn start(
    run: Generation,
    lock: Lock,
    time: Duration,
) -> (Task<(Generation, Arc<Verdict>)>, Running) {
    let (task, cancel) = background::run_cancellable(
        move |flag| {
            let limits = Limits {
                timeout: Some(time),
                ..Limits::default()
            };
            verdict(&lock, &limits, flag)
        },
        move |v| (run, Arc::new(v)),
    );
    (task, Running { run, cancel })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lock(text: &str) -> Lock {
        lockfmt::sliding::parse(text).document.expect("reads").lock
    }

    #[test]
    fn the_seeds_example_takes_three_moves_and_a_dead_end_cannot_be_picked() {
        let seed = lock("4 . . a .\n3 K K a @\n2 . . . .\n1 . b b .\n  A B C D\n");
        let v = verdict(&seed, &Limits::default(), &AtomicBool::new(false));
        assert_eq!(v.headline(), "Shortest: 3 moves");
        assert_eq!(v.detail(), "BC1 L1, C34 D2, Key R1");
        let stuck = lock("2 * * * b *\n1 K K . b @\n  A B C D E\n");
        let v = verdict(&stuck, &Limits::default(), &AtomicBool::new(false));
        assert_eq!(v.headline(), "Cannot be picked");
        assert_eq!(
            v.detail(),
            "every one of the 2 reachable states was seen, and in none does the Key touch the Keyhole"
        );
        let apart = lock("2 . . @\n1 K K .\n  A B C\n");
        let v = verdict(&apart, &Limits::default(), &AtomicBool::new(false));
        assert_eq!(v.headline(), "Cannot be picked");
        assert_eq!(
            v.detail(),
            "even with every other piece lifted, the Key never lies end-on beside the Keyhole"
        );
        let v = verdict(&seed, &Limits::default(), &AtomicBool::new(true));
        assert_eq!(v.headline(), "No answer yet");
        assert!(
            v.detail().starts_with("the search was stopped"),
            "{}",
            v.detail()
        );
        // Stopped by a limit after every way of one move was searched: the seed's example
        // takes three.
        let limits = Limits {
            max_steps: Some(5),
            timeout: None,
            max_memory: None,
        };
        let v = verdict(&seed, &limits, &AtomicBool::new(false));
        assert_eq!(v.headline(), "No answer yet");
        assert!(
            v.detail()
                .contains("no way to pick the lock takes fewer than 2 moves"),
            "{}",
            v.detail()
        );
    }
}
