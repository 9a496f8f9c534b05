//! The solver's word on the lock being drawn, as the other families' editors give theirs: the
//! fewest moves that open it and one way to, or that no way does, found on one thread in the
//! background within a few seconds. Every change of the lock asks again; the search asked about
//! an earlier lock is called off and its answer dropped. Longer searches, and every shortest
//! solution, are the play screen's solver panel's.

use crate::background::Generation;
use crate::hexlock::solver::{self, Job, Running, Update};
use engine::hexlock::search::{Goal, Limits};
use engine::hexlock::{Lock, Move};
use iced::Task;
use std::time::Duration;

/// How long the editor's search may look.
pub const EDITOR_TIME: Duration = Duration::from_secs(3);

/// The most memory the editor's search may hold.
const EDITOR_MEMORY: u64 = 512 << 20;

/// What the solver said of a lock.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// It opens, in as few moves as this way takes.
    Opens(Vec<Move>),
    /// No way opens it: every one of its reachable states was tried.
    Never { states: u64 },
    /// No answer within the editor's limits.
    NotYet { states: u64 },
    /// The search could not run.
    Failed(String),
}

impl Verdict {
    /// The headline: "Opens in 5 moves", "Cannot be opened", …
    pub fn headline(&self) -> String {
        match self {
            Verdict::Opens(moves) if moves.is_empty() => "Open from the start".into(),
            Verdict::Opens(moves) if moves.len() == 1 => "Opens in 1 move".into(),
            Verdict::Opens(moves) => format!("Opens in {} moves", moves.len()),
            Verdict::Never { .. } => "Cannot be opened".into(),
            Verdict::NotYet { .. } => "No answer yet".into(),
            Verdict::Failed(_) => "The solver cannot run".into(),
        }
    }

    /// What follows the headline: the way, or why there is none.
    pub fn detail(&self) -> String {
        match self {
            Verdict::Opens(moves) if moves.is_empty() => "nothing covers the bolthole".into(),
            Verdict::Opens(moves) => lockfmt::hexlock::format_moves(moves),
            Verdict::Never { states } => format!(
                "every one of its {} reachable states was tried",
                lockfmt::words::grouped(*states)
            ),
            Verdict::NotYet { states } => format!(
                "{} states in {} s: ▶ Play and Solve searches on",
                lockfmt::words::grouped(*states),
                EDITOR_TIME.as_secs()
            ),
            Verdict::Failed(why) => why.clone(),
        }
    }
}

/// The search about the lock on the canvas, and its answer.
#[derive(Debug, Default)]
pub struct Solver {
    runs: Generation,
    /// The search under way; dropping it calls it off.
    running: Option<Running>,
    /// The lock asked about last.
    asked: Option<Lock>,
    /// The answer about it, once given.
    said: Option<Verdict>,
}

impl Solver {
    /// Asks about `lock`, unless it is the lock asked about already.
    pub fn ask(&mut self, lock: &Lock) -> Task<(Generation, Update)> {
        if self.asked.as_ref() == Some(lock) {
            return Task::none();
        }
        self.asked = Some(lock.clone());
        self.said = None;
        let run = self.runs.advance();
        let job = Job {
            lock: lock.clone(),
            // One thread: the studio stays quick while the author draws.
            threads: Some(1),
            limits: Limits {
                max_states: None,
                max_memory: Some(EDITOR_MEMORY),
                timeout: Some(EDITOR_TIME),
            },
            goal: Goal::Solution,
            analyse: None,
        };
        let (task, running) = solver::start(run, job);
        self.running = Some(running);
        task
    }

    /// The text no longer gives a playable lock: nothing is asked, and nothing said.
    pub fn forget(&mut self) {
        self.runs.advance();
        self.running = None;
        self.asked = None;
        self.said = None;
    }

    /// A search's update: its answer, when it is the current search's.
    pub fn update(&mut self, run: Generation, update: Update) {
        if !self.runs.is_current(run) {
            return;
        }
        let Update::Done(answer) = update else {
            return;
        };
        self.running = None;
        self.said = Some(match answer {
            Ok(a) => {
                let r = &a.report;
                match (&r.solution, r.stopped_by) {
                    (Some(moves), _) => Verdict::Opens(moves.clone()),
                    (None, None) => Verdict::Never {
                        states: r.stats.visited,
                    },
                    (None, Some(_)) => Verdict::NotYet {
                        states: r.stats.visited,
                    },
                }
            }
            Err(why) => Verdict::Failed(why),
        });
    }

    /// The answer about the lock asked about last.
    pub fn verdict(&self) -> Option<&Verdict> {
        self.said.as_ref()
    }

    /// Whether a search is under way.
    pub fn is_looking(&self) -> bool {
        self.running.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_verdict_says_how_many_turns_and_the_way_or_why_none() {
        let opens = Verdict::Opens(
            lockfmt::hexlock::parse_solution("hE hCW")
                .expect("moves")
                .moves,
        );
        assert_eq!(opens.headline(), "Opens in 2 moves");
        assert_eq!(opens.detail(), "hE hCW");
        let never = Verdict::Never { states: 12_345 };
        assert_eq!(never.headline(), "Cannot be opened");
        assert_eq!(
            never.detail(),
            "every one of its 12,345 reachable states was tried"
        );
    }
}
