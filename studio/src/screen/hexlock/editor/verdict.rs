//! The solver's word on the lock being drawn, as the other families' editors give theirs: the
//! fewest moves that open it and one way to, or that no way does, found on one thread in the
//! background within a few seconds. Every change of the lock asks again; the search asked about
//! an earlier lock is called off and its answer dropped. Longer searches, and every shortest
//! solution, are the play screen's solver panel's.
//!
//! The author's saved solution (`NAME.solution`) is replayed on each lock too, so that the line
//! says when a change of the lock lets a shorter way through (a shortcut) or stops the intended
//! one from opening it.

use crate::background::{self, Generation};
use crate::hexlock::solver::{self, Job, Running, Update};
pub use crate::screen::saved_solution::Replayed as Saved;
use engine::hexlock::search::{Goal, Limits};
use engine::hexlock::{Lock, Move};
use iced::Task;
use std::path::PathBuf;
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

    /// The fewest moves, when the lock opens.
    pub fn fewest(&self) -> Option<usize> {
        match self {
            Verdict::Opens(moves) => Some(moves.len()),
            _ => None,
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

/// What a search, or the replay of the saved solution, brought back.
#[derive(Debug, Clone)]
pub enum Heard {
    /// The search of this generation moved on or ended.
    Search(Generation, Update),
    /// The saved solution, replayed on the lock of this generation (none saved: `None`).
    Saved(Generation, Option<Saved>),
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
    /// The saved solution replayed on it.
    saved: Option<Saved>,
    /// The last answer given, about whatever lock, with the saved solution's replay: the room
    /// the line keeps while the solver looks again.
    last: Option<(Verdict, Option<Saved>)>,
}

impl Solver {
    /// Asks about `lock`, unless it is the lock asked about already, and replays on it the
    /// solution saved beside its file at `path`, if there is one.
    pub fn ask(&mut self, lock: &Lock, path: Option<PathBuf>) -> Task<Heard> {
        if self.asked.as_ref() == Some(lock) {
            return Task::none();
        }
        self.asked = Some(lock.clone());
        self.said = None;
        self.saved = None;
        let run = self.runs.advance();
        let replayed = lock.clone();
        let saved = background::run(
            move || {
                let solution = crate::library::own_solution(path.as_deref()?)?;
                replay(&solution, &replayed)
            },
            move |saved| Heard::Saved(run, saved),
        );
        let job = Job {
            lock: lock.clone(),
            // One thread: the studio stays quick while the author draws.
            threads: Some(1),
            limits: Limits {
                max_steps: None,
                max_memory: Some(EDITOR_MEMORY),
                timeout: Some(EDITOR_TIME),
            },
            goal: Goal::Solution,
            analyse: None,
        };
        let (task, running) = solver::start(run, job);
        self.running = Some(running);
        Task::batch([task.map(|(run, u)| Heard::Search(run, u)), saved])
    }

    /// Nothing is asked and nothing said until the next [`Solver::ask`]: the text gives no
    /// playable lock, or what was said must be asked again (the saved solution changed).
    pub fn forget(&mut self) {
        self.runs.advance();
        self.running = None;
        self.asked = None;
        self.said = None;
        self.saved = None;
    }

    /// What a search or a replay brought back, when it is about the current lock.
    pub fn update(&mut self, heard: Heard) {
        let (run, update) = match heard {
            Heard::Saved(run, saved) => {
                if self.runs.is_current(run) {
                    self.saved = saved;
                    if let Some(last) = &mut self.last {
                        last.1 = saved;
                    }
                }
                return;
            }
            Heard::Search(run, update) => (run, update),
        };
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
        self.last = self.said.clone().map(|v| (v, self.saved));
    }

    /// The last answer given, about whatever lock, and the saved solution's replay on it.
    pub fn last_said(&self) -> Option<(&Verdict, Option<Saved>)> {
        self.last.as_ref().map(|(v, s)| (v, *s))
    }

    /// The answer about the lock asked about last.
    pub fn verdict(&self) -> Option<&Verdict> {
        self.said.as_ref()
    }

    /// The saved solution replayed on the lock asked about last, once replayed.
    pub fn saved(&self) -> Option<Saved> {
        self.saved
    }

    /// Whether a search is under way.
    pub fn is_looking(&self) -> bool {
        self.running.is_some()
    }
}

/// The moves saved at `path`, played on `lock`: whether, and after how many, they open it.
/// Slow work (a file read and a game played): for a thread of its own.
fn replay(path: &std::path::Path, lock: &Lock) -> Option<Saved> {
    let text = crate::files::read_text(path, crate::screen::buffer::MAX_FILE_BYTES).ok()?;
    let moves = lockfmt::hexlock::parse_solution(&text).ok()?.moves;
    let mut session = crate::hexlock::session::Session::new(lock)?;
    for (i, &mv) in moves.iter().enumerate() {
        session.play(mv);
        if session.is_open() {
            return Some(Saved::Solves(i + 1));
        }
    }
    Some(if session.is_open() {
        Saved::Solves(0)
    } else {
        Saved::Fails(moves.len())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The verdict that the lock opens by these moves.
    fn opens_by(moves: &str) -> Verdict {
        Verdict::Opens(
            lockfmt::hexlock::parse_solution(moves)
                .expect("moves")
                .moves,
        )
    }

    #[test]
    fn a_verdict_says_how_many_moves_and_the_way_or_why_none() {
        let opens = opens_by("hE hCW");
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
