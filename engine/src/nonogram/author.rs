//! What the studio's editor asks as the author paints (off the UI thread): is the puzzle unique
//! and line-solvable, how hard is it, which cells are ambiguous, and which few cells of the
//! picture to change to make it unique. `docs/nonogram-solver.md` gives the reasons for each
//! choice.

use super::model::{Cell, Grid, Puzzle};
use super::solve::{self, Answer, Cancel, Limits, Report};
use serde::{Deserialize, Serialize};
use std::time::Instant;

pub use super::suggest::{Suggestion, suggest_unique};

/// How much beyond the line rule a puzzle needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// The line rule alone solves it.
    Line,
    /// The line rule with probing (trying a cell both ways) solves it without a guess.
    Probing,
    /// It needs guesses (backtracking search).
    Search,
}

/// A difficulty figure on one scale: `0` for the line rule alone; `1 + p` with probing, where
/// `p = probes / cells` (below 1 for most puzzles); `2 + log2(search nodes)` with search.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Difficulty {
    /// Which technique it needs.
    pub level: Level,
    /// The figure.
    pub score: f64,
}

/// The difficulty of a puzzle from its solve report; `None` unless it has a unique solution.
pub fn difficulty(report: &Report, cells: usize) -> Option<Difficulty> {
    if !matches!(report.answer, Answer::Unique(_)) {
        return None;
    }
    let s = &report.stats;
    Some(if report.line_solvable {
        Difficulty {
            level: Level::Line,
            score: 0.0,
        }
    } else if s.nodes <= 1 {
        Difficulty {
            level: Level::Probing,
            score: 1.0 + s.probes as f64 / cells.max(1) as f64,
        }
    } else {
        Difficulty {
            level: Level::Search,
            score: 2.0 + (s.nodes as f64).log2(),
        }
    })
}

/// What the editor shows of a puzzle: the solver's report and the difficulty.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Review {
    /// The solve: unique, several, none, stopped; line-solvable; the work done.
    pub report: Report,
    /// The difficulty, when the solution is unique.
    pub difficulty: Option<Difficulty>,
}

/// Solves and rates a puzzle: one call for the editor's live status, by `threads` searches at
/// once (`solve::solve_on_threads`).
pub fn review(
    puzzle: &Puzzle,
    limits: &Limits,
    cancel: Cancel<'_>,
    threads: impl super::portfolio::SearchThreads,
) -> Review {
    let report = super::portfolio::run(puzzle, None, limits, cancel.flag(), 2, threads).report;
    let difficulty = difficulty(&report, puzzle.width * puzzle.height);
    Review { report, difficulty }
}

/// The cells that differ among a puzzle's solutions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ambiguity {
    /// The ambiguous cells as `(column, row)`, row by row: each differs between two solutions
    /// found.
    pub cells: Vec<(usize, usize)>,
    /// Whether every other cell was proven to be the same in every solution. When false, a
    /// limit ended the search first: the list holds the cells proven ambiguous so far.
    pub complete: bool,
    /// The solutions found along the way.
    pub solutions: usize,
}

/// Every cell not fixed across all solutions, within the limits. Cells the line rule and probing
/// fix at the root are the same in every solution; two solutions give the first ambiguous cells;
/// then each remaining cell is searched with its value opposite to the first solution's: a
/// solution found makes every cell where it differs ambiguous, none found proves the cell fixed.
pub fn ambiguous_cells(puzzle: &Puzzle, limits: &Limits, cancel: Cancel<'_>) -> Ambiguity {
    let cancel = cancel.flag();
    let t0 = Instant::now();
    let first = solve::run(puzzle, None, limits, cancel, 2);
    let (s1, s2) = match &first.report.answer {
        Answer::Several(a, b) => (a.clone(), b.clone()),
        Answer::Unique(_) | Answer::None(_) => {
            return Ambiguity {
                cells: vec![],
                complete: true,
                solutions: first.solutions.len(),
            };
        }
        Answer::Stopped { .. } => {
            return Ambiguity {
                cells: vec![],
                complete: false,
                solutions: first.solutions.len(),
            };
        }
    };
    let (w, h) = (puzzle.width, puzzle.height);
    let mut ambiguous = vec![false; w * h];
    let mark = |amb: &mut Vec<bool>, other: &Grid| {
        for y in 0..h {
            for x in 0..w {
                if other.get(x, y) != s1.get(x, y) {
                    amb[y * w + x] = true;
                }
            }
        }
    };
    mark(&mut ambiguous, &s2);
    let root = first.root.unwrap_or_else(|| Grid::new(w, h));
    let mut solutions = 2;
    let mut complete = true;
    'cells: for y in 0..h {
        for x in 0..w {
            if root.get(x, y).is_known() || ambiguous[y * w + x] {
                continue;
            }
            let left = remaining(limits, t0);
            if left.is_none() {
                complete = false;
                break 'cells;
            }
            let mut start = root.clone();
            start.set(
                x,
                y,
                if s1.get(x, y) == Cell::Filled {
                    Cell::Empty
                } else {
                    Cell::Filled
                },
            );
            let r = solve::run(puzzle, Some(&start), &left.unwrap_or_default(), cancel, 1);
            match &r.report.answer {
                Answer::Unique(g) | Answer::Several(g, _) => {
                    solutions += 1;
                    mark(&mut ambiguous, g);
                }
                Answer::Stopped { found: Some(g), .. } => {
                    solutions += 1;
                    mark(&mut ambiguous, g);
                }
                Answer::None(_) => {}
                Answer::Stopped { found: None, .. } => {
                    complete = false;
                    break 'cells;
                }
            }
        }
    }
    let cells = (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .filter(|&(x, y)| ambiguous[y * w + x])
        .collect();
    Ambiguity {
        cells,
        complete,
        solutions,
    }
}

/// The limits left after `t0`; `None` when the time is up.
pub(super) fn remaining(limits: &Limits, t0: Instant) -> Option<Limits> {
    match limits.timeout {
        None => Some(*limits),
        Some(t) => t
            .checked_sub(t0.elapsed())
            .filter(|d| !d.is_zero())
            .map(|d| Limits {
                timeout: Some(d),
                ..*limits
            }),
    }
}
