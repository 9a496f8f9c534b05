//! The one way Lockwright runs the hex lock solver: the command line's `solve`, the play
//! screen's solver panel and the online screen's "solve, then publish" all go through [`run`];
//! the studio runs it on a thread of its own with [`start`], numbered so that the answer of a
//! search the user has left behind is dropped.

use crate::background::{Cancel, Generation};
use engine::hexlock::search::{
    self, Analysis, Goal, Limits, Progress, SearchError, SearchOptions, SearchReport,
};
use engine::hexlock::{Lock, Mechanism, Move};
use iced_runtime::Task;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// A search to run.
#[derive(Clone, Debug)]
pub struct Job {
    /// The lock to solve.
    pub lock: Lock,
    /// Threads to expand with: `None` for every core.
    pub threads: Option<usize>,
    /// Bounds on states, memory and time.
    pub limits: Limits,
    /// How far to search.
    pub goal: Goal,
    /// Analyse the lock rather than stop at a solution: with the author's moves to check, if any.
    pub analyse: Option<Option<Vec<Move>>>,
}

impl Job {
    /// A search for a shortest solution, on every core, with no limits.
    pub fn shortest(lock: Lock, goal: Goal) -> Job {
        Job {
            lock,
            threads: None,
            limits: Limits::default(),
            goal,
            analyse: None,
        }
    }

    /// The engine's options for this job.
    pub fn options(&self) -> SearchOptions {
        SearchOptions {
            threads: self
                .threads
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
                .max(1),
            limits: self.limits,
            goal: self.goal,
        }
    }
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The search's answer and measurements.
    pub report: SearchReport,
    /// With [`Job::analyse`]: what the search says about the lock's design.
    pub analysis: Option<Analysis>,
}

/// Why a search could not run.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// The lock cannot be played (it is invalid).
    #[error("the lock cannot be played: {0}")]
    Unplayable(String),
    /// The search itself failed.
    #[error(transparent)]
    Search(#[from] SearchError),
}

/// Runs a search to its end, reporting progress; stops soon after `cancel` is set. Blocking:
/// CPU work for a thread of its own.
pub fn run(
    job: &Job,
    progress: &mut dyn FnMut(&Progress),
    cancel: Option<&AtomicBool>,
) -> Result<Answer, SolveError> {
    let mech = Mechanism::new(&job.lock).map_err(|e| SolveError::Unplayable(e.to_string()))?;
    let options = job.options();
    match &job.analyse {
        Some(author) => {
            let a = search::analyse_cancellable(
                &mech,
                &options,
                author.as_deref(),
                progress,
                cancel.into(),
            )?;
            Ok(Answer {
                report: a.report.clone(),
                analysis: Some(a),
            })
        }
        None => {
            let report = match cancel {
                Some(c) => search::solve_cancellable(&mech, &options, progress, c.into())?,
                None => search::solve_with_progress(&mech, &options, progress)?,
            };
            Ok(Answer {
                report,
                analysis: None,
            })
        }
    }
}

/// Progress as the studio shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Status {
    /// Turns from the start to the states being expanded.
    pub depth: u32,
    /// States visited.
    pub visited: u64,
    /// States at this depth still to expand.
    pub frontier: u64,
    /// Turns played per second.
    pub rate: f64,
    /// Bytes held.
    pub bytes: u64,
}

impl Status {
    /// The panel's line, its counts grouped in thousands as everywhere else.
    pub fn words(&self) -> String {
        format!(
            "searching: depth {}, {} states, frontier {}, {} states/s, {:.1} MB",
            self.depth,
            lockfmt::words::grouped(self.visited),
            lockfmt::words::grouped(self.frontier),
            lockfmt::words::grouped(self.rate as u64),
            self.bytes as f64 / 1e6
        )
    }
}

/// What a search started with [`start`] reports.
#[derive(Clone, Debug)]
pub enum Update {
    /// A few times a second while it runs.
    Progress(Status),
    /// Its end: the answer, or why there is none.
    Done(Result<Arc<Answer>, String>),
}

/// A search running in the background: cancel it, or know its answers by its number.
#[derive(Debug)]
pub struct Running {
    /// The number its updates carry.
    pub run: Generation,
    /// Dropped with the run: a search nobody waits for is stopped, its thread and memory freed.
    cancel: Cancel,
}

impl Running {
    /// Calls the search off; it stops soon and reports its end.
    pub fn cancel(&self) {
        self.cancel.cancel();
    }
}

/// Starts a search on a thread of its own. Every update carries `run`, so that the screen can
/// drop those of a search it has left behind; dropping the returned [`Running`] cancels it.
pub fn start(run: Generation, job: Job) -> (Task<(Generation, Update)>, Running) {
    let cancel = Cancel::new();
    let flag = cancel.flag();
    let task = iced_runtime::task::blocking(move |mut out| {
        let mut last = std::time::Instant::now();
        let mut progress = |p: &Progress| {
            // A few updates a second are plenty for a panel.
            if last.elapsed().as_millis() >= 100 {
                last = std::time::Instant::now();
                let _ = futures::executor::block_on(futures::SinkExt::send(
                    &mut out,
                    Update::Progress(status(p)),
                ));
            }
        };
        let answer = run_to_end(&job, &mut progress, &flag);
        let _ = futures::executor::block_on(futures::SinkExt::send(&mut out, Update::Done(answer)));
    })
    .map(move |u| (run, u));
    (task, Running { run, cancel })
}

fn run_to_end(
    job: &Job,
    progress: &mut dyn FnMut(&Progress),
    cancel: &AtomicBool,
) -> Result<Arc<Answer>, String> {
    run(job, progress, Some(cancel))
        .map(Arc::new)
        .map_err(|e| e.to_string())
}

/// Progress in the panel's terms.
pub fn status(p: &Progress) -> Status {
    Status {
        depth: p.depth,
        visited: p.visited,
        frontier: p.frontier,
        rate: p.generated as f64 / p.elapsed.as_secs_f64().max(1e-6),
        bytes: p.bytes,
    }
}

/// A shortest solution of a lock, or why there is none, for publishing: the lock must open.
pub fn solution_for_publishing(answer: &Answer) -> Result<Vec<Move>, String> {
    let report = &answer.report;
    report
        .solution
        .clone()
        .ok_or_else(|| match report.stopped_by {
            Some(limit) => format!("the solver was stopped by {limit} before finding a solution"),
            None => "the lock cannot be opened, so it cannot be published".into(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Regression: the running search's counts were shown ungrouped ("98894 states") where
    /// every other count in the studio is grouped ("174,735").
    #[test]
    fn the_running_search_groups_its_counts() {
        let status = Status {
            depth: 12,
            visited: 98_894,
            frontier: 1_234,
            rate: 1_750_000.4,
            bytes: 2_500_000,
        };
        assert_eq!(
            status.words(),
            "searching: depth 12, 98,894 states, frontier 1,234, 1,750,000 states/s, 2.5 MB"
        );
    }

    fn starter(name: &str) -> Lock {
        let t = crate::hexlock::templates::find(name)
            .map(|t| t.text)
            .unwrap_or_default();
        lockfmt::hexlock::parse(t)
            .valid_lock()
            .cloned()
            .expect("a valid starter lock")
    }

    #[test]
    fn a_starter_lock_is_solved_and_its_solution_opens_it() {
        let lock = starter("spring-pull");
        let answer = run(
            &Job::shortest(lock.clone(), Goal::Solution),
            &mut |_| {},
            None,
        )
        .expect("the search runs");
        let moves = solution_for_publishing(&answer).expect("it opens");
        let mech = Mechanism::new(&lock).expect("playable");
        let replay = engine::hexlock::replay(&mech, &moves).expect("replays");
        assert_eq!(
            replay.opened_after,
            Some(moves.len()),
            "replayed through the rules"
        );
    }

    #[test]
    fn a_set_cancel_flag_stops_the_search() {
        let mut lock = Lock::starter(8);
        lock.blocks.push(engine::hexlock::Block {
            name: 'B',
            cells: lock.bolthole().to_vec(),
        });
        let cancel = AtomicBool::new(true);
        let answer = run(
            &Job::shortest(lock, Goal::AllShortest),
            &mut |_| {},
            Some(&cancel),
        )
        .expect("runs");
        assert_eq!(
            answer.report.stopped_by,
            Some(engine::hexlock::search::Limit::Cancelled)
        );
        assert!(solution_for_publishing(&answer).is_err());
    }

    #[test]
    fn an_invalid_lock_is_refused_with_a_reason() {
        let mut lock = Lock::starter(4);
        lock.hooks.clear();
        let err = run(&Job::shortest(lock, Goal::Solution), &mut |_| {}, None);
        assert!(matches!(err, Err(SolveError::Unplayable(_))), "{err:?}");
    }
}
