//! The solver: the line rule to a fixpoint, then probing at the root and a search that learns
//! from its conflicts for what the line rule cannot finish. `docs/nonogram-solver.md` describes
//! it and its measurements.
//!
//! 1. **Lines.** Every line is queued, rows first; the line rule runs on the first line of the
//!    queue, and every line crossing a cell it fixes is queued again, until the queue is empty.
//!    The result does not depend on the order: the rule only ever adds what every agreeing
//!    placement agrees on, and more known cells never let it fix fewer, so every order reaches
//!    the same fixpoint (or a contradiction).
//! 2. **Probing** (`search`). Each unknown cell is tried both ways, with the line rule to a
//!    fixpoint after each: when one way leads to a contradiction the cell is the other way; when
//!    both do, there is no solution; cells that both ways fix alike are fixed too. Probing is
//!    repeated until a whole pass fixes nothing.
//! 3. **Search** (`learn`). If cells are still unknown, the cell its row and column, counting
//!    their placements, are surest of is guessed (`guide`), its likelier value first; the line
//!    rule and the learned clauses fix what follows. A conflict is explained (`explain`) and
//!    turned into a clause, and the search jumps back to where that clause fixes a cell. A
//!    solution found is forbidden by a clause and the search goes on until two distinct ones are
//!    found or a conflict at level 0 proves there are no more; restarts keep every clause, so
//!    the search is complete.
//!
//! Every answer is exact: a solution returned has every line's clue; "none" is proven; a limit
//! ends the search cleanly with [`Answer::Stopped`].

use super::bits::{Bits, MAX_LINE, by_width};
use super::board::{Board, Compiled, Propagator};
use super::model::{Clue, Grid, LineRef, Puzzle, PuzzleProblem};
use super::rule::clue_text;
use super::search::Searcher;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

pub use crate::solving::{Cancel, Limits, Stop};

/// Why a puzzle has no solution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unsolvable {
    /// It is malformed (see [`Puzzle::validate`]).
    Malformed(Vec<PuzzleProblem>),
    /// The line rule alone, from the empty grid, reached a line where no placement of the clue
    /// fits the cells the other lines had fixed.
    Line {
        /// The line.
        line: LineRef,
        /// Its clue.
        clue: Clue,
    },
    /// Probing and search tried every case.
    Exhausted,
}

impl fmt::Display for Unsolvable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unsolvable::Malformed(problems) => {
                let all: Vec<String> = problems.iter().map(ToString::to_string).collect();
                write!(f, "the puzzle is malformed: {}", all.join("; "))
            }
            Unsolvable::Line { line, clue } => write!(
                f,
                "{line}: no placement of {} fits the known cells",
                clue_text(clue)
            ),
            Unsolvable::Exhausted => write!(f, "the search tried every case"),
        }
    }
}

/// The solver's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// Exactly one picture has these clues.
    Unique(Grid),
    /// More than one does: two of them, which differ.
    Several(Grid, Grid),
    /// None does, and why.
    None(Unsolvable),
    /// A limit ended the solve first.
    Stopped {
        /// Which.
        stop: Stop,
        /// A solution found before it, if any (there may be others).
        found: Option<Grid>,
    },
}

impl Answer {
    /// The answer in the shape every family's solver shares.
    pub fn outcome(&self) -> crate::solving::Outcome<&Grid> {
        use crate::solving::Outcome;
        match self {
            Answer::Unique(g) => Outcome::Solved(g),
            Answer::Several(a, b) => Outcome::Several(a, b),
            Answer::None(_) => Outcome::Unsolvable,
            Answer::Stopped { stop, found } => Outcome::Stopped {
                stop: *stop,
                found: found.as_ref(),
            },
        }
    }
}

impl Answer {
    /// The first solution in the answer, if any.
    pub fn solution(&self) -> Option<&Grid> {
        match self {
            Answer::Unique(g) | Answer::Several(g, _) => Some(g),
            Answer::Stopped { found, .. } => found.as_ref(),
            Answer::None(_) => None,
        }
    }
}

/// How much work a solve did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Search nodes opened: 1 when probing ran at the root and no guess was needed, more for
    /// each guess; 0 when the line rule alone answered.
    pub nodes: u64,
    /// Cells tried both ways by probing (each try counts once for its two ways).
    pub probes: u64,
    /// Times the line rule ran on a line.
    pub line_runs: u64,
    /// Cells the line rule alone left unknown, from the empty grid.
    pub unknown_after_lines: usize,
    /// Wall time.
    pub elapsed: Duration,
    /// Whether one of the threads asked for was the general SAT solver's, beside the (first)
    /// search: it takes it once the search goes past probing.
    #[serde(default)]
    pub sat_solver_thread: bool,
}

/// The solver's answer and what it took.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    /// The answer.
    pub answer: Answer,
    /// Whether the line rule alone, from the empty grid, finds the whole picture.
    pub line_solvable: bool,
    /// The work done.
    pub stats: Stats,
}

/// Solves a puzzle: unique, several, none (with why), or stopped by a limit.
pub fn solve(puzzle: &Puzzle, limits: &Limits) -> Report {
    run(puzzle, None, limits, None, 2).report
}

/// [`solve`] that stops with [`Stop::Cancelled`] soon after `cancel` is set: for a solve run
/// off the UI thread that the user may call off.
pub fn solve_cancellable(puzzle: &Puzzle, limits: &Limits, cancel: Cancel<'_>) -> Report {
    run(puzzle, None, limits, cancel.flag(), 2).report
}

/// [`solve`] whose search breaks its ties by `seed` (0 searches exactly as [`solve`]): what
/// each search of [`solve_on_threads`] is, for measuring them one by one.
#[doc(hidden)]
pub fn solve_seeded(puzzle: &Puzzle, limits: &Limits, cancel: Cancel<'_>, seed: u64) -> Report {
    run_seeded(puzzle, None, limits, cancel.flag(), 2, seed, false).report
}

/// [`solve`] by `threads` searches at once, each breaking the guide's ties its own way, the
/// first to answer answering for all (`portfolio`): the same status as [`solve`], sooner on
/// hard pictures; for "several", which two solutions may differ from run to run. The node
/// limit applies to each search.
pub fn solve_on_threads(
    puzzle: &Puzzle,
    limits: &Limits,
    cancel: Cancel<'_>,
    threads: impl super::portfolio::SearchThreads,
) -> Report {
    super::portfolio::run(puzzle, None, limits, cancel.flag(), 2, threads).report
}

/// [`solve`] from a partly known grid: the solutions that agree with its known cells (a cell
/// past the grid's edges is unknown). A contradiction the line rule finds among the given cells
/// is [`Unsolvable::Line`].
pub fn solve_from(puzzle: &Puzzle, start: &Grid, limits: &Limits, cancel: Cancel<'_>) -> Report {
    run(puzzle, Some(start), limits, cancel.flag(), 2).report
}

/// A solve's report and, for the authoring helpers, every solution found and the root's
/// fixpoint after probing.
pub(crate) struct Run {
    pub report: Report,
    pub solutions: Vec<Grid>,
    /// What the line rule and probing fixed at the root, when the search reached it.
    pub root: Option<Grid>,
}

/// The width of bit set a puzzle needs, or `None` past [`MAX_LINE`].
fn longest(p: &Puzzle) -> usize {
    p.width.max(p.height)
}

/// Solves with up to `want` solutions.
pub(crate) fn run(
    puzzle: &Puzzle,
    start: Option<&Grid>,
    limits: &Limits,
    cancel: Option<&AtomicBool>,
    want: usize,
) -> Run {
    run_seeded(puzzle, start, limits, cancel, want, 0, false)
}

/// [`run`] whose search breaks the guide's ties by `seed` (0: as [`run`] does), with the
/// general SAT solver on a thread of its own when `sat_beside` (search 0 only).
pub(crate) fn run_seeded(
    puzzle: &Puzzle,
    start: Option<&Grid>,
    limits: &Limits,
    cancel: Option<&AtomicBool>,
    want: usize,
    seed: u64,
    sat_beside: bool,
) -> Run {
    let which = Which::Seeded { seed, sat_beside };
    run_with(puzzle, start, limits, cancel, want, which)
}

/// Whether a run searches once the line rule has left cells unknown.
pub(crate) enum Here {
    /// It does, with the general SAT solver beside it on a thread of its own or not.
    Search { sat_beside: bool },
    /// It ends there, for searches on other threads to take up.
    HandOver,
}

/// [`run`], asking `search_here` with the picture's cells once the line rule has left cells
/// unknown whether the search goes on in this run: when it hands over, the run ends there, as
/// a search stopped at 0 nodes (for the searches that race to take up, without the line rule
/// run twice).
pub(crate) fn run_or_hand_over(
    puzzle: &Puzzle,
    start: Option<&Grid>,
    limits: &Limits,
    cancel: Option<&AtomicBool>,
    want: usize,
    search_here: &mut dyn FnMut(usize) -> Here,
) -> Run {
    run_with(
        puzzle,
        start,
        limits,
        cancel,
        want,
        Which::Asked(search_here),
    )
}

fn run_with(
    puzzle: &Puzzle,
    start: Option<&Grid>,
    limits: &Limits,
    cancel: Option<&AtomicBool>,
    want: usize,
    which: Which<'_>,
) -> Run {
    let t0 = Instant::now();
    let problems = puzzle.validate();
    let mut out = if !problems.is_empty() {
        Run {
            report: Report {
                answer: Answer::None(Unsolvable::Malformed(problems)),
                line_solvable: false,
                stats: Stats::default(),
            },
            solutions: vec![],
            root: None,
        }
    } else {
        let n = longest(puzzle);
        let c = Compiled::new(puzzle);
        let s = Setup {
            c: &c,
            start,
            limits,
            cancel,
            want,
            t0,
            which,
        };
        by_width!(
            n,
            Run {
                report: Report {
                    answer: Answer::Stopped {
                        stop: Stop::TooLarge {
                            cells: n,
                            max: MAX_LINE,
                        },
                        found: None,
                    },
                    line_solvable: false,
                    stats: Stats::default(),
                },
                solutions: vec![],
                root: None,
            },
            |B| s.go::<B>()
        )
    };
    out.report.stats.elapsed = t0.elapsed();
    out
}

/// Which search a run makes: one given, or the one `search_here` answers for once the line
/// rule has left cells unknown (see [`run_or_hand_over`]).
enum Which<'h> {
    /// Search `seed` of a race (0: as [`run`] does), with the general SAT solver on a thread
    /// of its own or not.
    Seeded {
        seed: u64,
        sat_beside: bool,
    },
    Asked(&'h mut dyn FnMut(usize) -> Here),
}

/// How many lines the line rule works through, before the search, between two looks at the
/// clock and the cancel flag: a few milliseconds on a 4096×4096 picture, and a 60×60 one never
/// looks (its first stretch holds all 120 lines, and most finish within a few hundred).
const LINES_BETWEEN_CLOCKS: u64 = 256;

/// Whether the time limit or the cancel flag says stop, and how.
pub(super) fn stopped(limits: &Limits, t0: Instant, cancel: Option<&AtomicBool>) -> Option<Stop> {
    if let Some(after) = limits.timeout
        && t0.elapsed() >= after
    {
        Some(Stop::Time { after })
    } else if cancel.is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed)) {
        Some(Stop::Cancelled)
    } else {
        None
    }
}

/// What a solve is given.
struct Setup<'a, 'h> {
    c: &'a Compiled,
    start: Option<&'a Grid>,
    limits: &'a Limits,
    cancel: Option<&'a AtomicBool>,
    want: usize,
    t0: Instant,
    which: Which<'h>,
}

impl Setup<'_, '_> {
    fn go<B: Bits>(self) -> Run {
        let c = self.c;
        let mut prop = Propagator::<B>::new(c);
        let mut board = match self.start {
            Some(g) => Board::from_grid(c, g),
            None => Board::new(c),
        };
        prop.push_all(c);
        let lines = loop {
            match prop.run_at_most(c, &mut board, LINES_BETWEEN_CLOCKS) {
                Ok(false) => {}
                done => break done,
            }
            if let Some(stop) = stopped(self.limits, self.t0, self.cancel) {
                return Run {
                    report: Report {
                        answer: Answer::Stopped { stop, found: None },
                        line_solvable: false,
                        stats: Stats {
                            unknown_after_lines: c.width * c.height - board.known,
                            line_runs: prop.line_runs,
                            ..Stats::default()
                        },
                    },
                    solutions: vec![],
                    root: None,
                };
            }
        };
        let mut stats = Stats {
            unknown_after_lines: c.width * c.height - board.known,
            line_runs: prop.line_runs,
            ..Stats::default()
        };
        if let Err(l) = lines {
            let line = c.line_ref(l);
            return Run {
                report: Report {
                    answer: Answer::None(Unsolvable::Line {
                        line,
                        clue: c.runs_of(l).to_vec(),
                    }),
                    line_solvable: false,
                    stats,
                },
                solutions: vec![],
                root: None,
            };
        }
        if board.is_complete(c) {
            let g = board.to_grid(c);
            return Run {
                report: Report {
                    answer: Answer::Unique(g.clone()),
                    line_solvable: true,
                    stats,
                },
                solutions: vec![g],
                root: Some(board.to_grid(c)),
            };
        }
        let (seed, here) = match self.which {
            Which::Seeded { seed, sat_beside } => (seed, Here::Search { sat_beside }),
            Which::Asked(search_here) => (0, search_here(c.width * c.height)),
        };
        let (hand_over, sat_beside) = match here {
            Here::Search { sat_beside } => (false, sat_beside),
            Here::HandOver => (true, false),
        };
        let limits = if hand_over {
            Limits {
                max_steps: Some(0),
                ..*self.limits
            }
        } else {
            *self.limits
        };
        // A thread set aside for the SAT solver, which it takes once the search goes past
        // probing; only where the clues' formula fits, decided here once.
        stats.sat_solver_thread = sat_beside && !hand_over && super::clue_sat::fits(c);
        let mut s = Searcher::new(c, prop, limits, self.cancel, self.t0, self.want, seed);
        s.sat_beside = stats.sat_solver_thread;
        s.search(board);
        stats.nodes = s.nodes;
        stats.probes = s.probes;
        stats.line_runs = s.prop.line_runs;
        let mut grids: Vec<Grid> = s.solutions.iter().map(|b| b.to_grid(c)).collect();
        let answer = match (s.stop, grids.len()) {
            (Some(stop), _) if grids.len() < 2 => Answer::Stopped {
                stop,
                found: grids.first().cloned(),
            },
            (_, 0) => Answer::None(Unsolvable::Exhausted),
            (_, 1) => Answer::Unique(grids[0].clone()),
            _ => Answer::Several(grids[0].clone(), grids[1].clone()),
        };
        let root = s.root.map(|b| b.to_grid(c));
        grids.truncate(self.want);
        Run {
            report: Report {
                answer,
                line_solvable: false,
                stats,
            },
            solutions: grids,
            root,
        }
    }
}
