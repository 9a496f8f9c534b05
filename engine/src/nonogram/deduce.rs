//! Deductions of the line rule one line at a time, in the game's words: the hint a player asks
//! for, the sequence a stepper walks forward and back, and the checks of a player's grid.
//!
//! A [`Deduction`] is one run of the line rule on one line that fixes cells: which line, which
//! cells become filled or empty, and why, as [`Reason`]s and as a sentence such as
//! "row 4: every placement of the 7 covers cells 3–6" or "column 2: no placement of 1 1 reaches
//! cells 5–7, so they are empty". Cells are counted from 1 in sentences (as [`LineRef`] counts
//! lines) and from 0 in fields.
//!
//! [`deductions`] lists them in the order the solver's line stage finds them: every row, then
//! every column, then each line again whose cells changed, first in first out; [`next_deduction`]
//! is the first of that list. The fixpoint they reach is the solver's.

use super::bits::{Bits, by_width};
use super::fast;
use super::lookahead::{self, Probe};
use super::model::{Cell, Clue, Grid, LineRef, Puzzle, PuzzleProblem};
use super::rule::{self, clue_text};
use super::solve::{self, Answer, Limits};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::fmt;

/// Why the line rule fixed a stretch of cells (`first..=last`, along the line, from 0).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Reason {
    /// Every agreeing placement of one run covers these cells, and no other run can: they are
    /// filled.
    Covered {
        /// Which run of the clue, from 0.
        run: usize,
        /// Its length.
        length: u32,
        /// The first cell.
        first: usize,
        /// The last cell.
        last: usize,
    },
    /// Every agreeing placement fills these cells, though not always with the same run.
    Filled {
        /// The first cell.
        first: usize,
        /// The last cell.
        last: usize,
    },
    /// No agreeing placement reaches these cells: they are empty.
    Unreached {
        /// The first cell.
        first: usize,
        /// The last cell.
        last: usize,
    },
}

/// One run of the line rule that fixed cells.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deduction {
    /// The line.
    pub line: LineRef,
    /// Its clue.
    pub clue: Clue,
    /// The cells it fills, along the line, from 0.
    pub filled: Vec<usize>,
    /// The cells it empties, along the line, from 0.
    pub emptied: Vec<usize>,
    /// Why, stretch by stretch, in the line's order.
    pub reasons: Vec<Reason>,
    /// The same in words: "row 4: every placement of the 7 covers cells 3–6".
    pub sentence: String,
}

impl Deduction {
    /// The cells it fixes as `(column, row, value)`, from 0.
    pub fn cells(&self) -> Vec<(usize, usize, Cell)> {
        let at = |i: usize| match self.line {
            LineRef::Row(y) => (i, y),
            LineRef::Column(x) => (x, i),
        };
        let mut out: Vec<(usize, usize, Cell)> = self
            .filled
            .iter()
            .map(|&i| (at(i).0, at(i).1, Cell::Filled))
            .chain(
                self.emptied
                    .iter()
                    .map(|&i| (at(i).0, at(i).1, Cell::Empty)),
            )
            .collect();
        out.sort_by_key(|&(x, y, _)| (y, x));
        out
    }

    /// Applies it to a grid.
    pub fn apply(&self, grid: &mut Grid) {
        for (x, y, v) in self.cells() {
            grid.set(x, y, v);
        }
    }
}

/// A line whose known cells no placement of its clue agrees with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contradiction {
    /// The line.
    pub line: LineRef,
    /// Its clue.
    pub clue: Clue,
}

impl fmt::Display for Contradiction {
    /// "row 4: no placement of 3 1 fits the known cells".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: no placement of {} fits the known cells",
            self.line,
            clue_text(&self.clue)
        )
    }
}

/// What the line rule says next about a grid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Hint {
    /// A line where it fixes cells.
    Deduce(Deduction),
    /// A line where no placement fits: the grid has a mistake (or the puzzle no solution).
    Contradiction(Contradiction),
    /// Every cell is known and every line agrees with its clue.
    Solved,
    /// The line rule fixes nothing more, but a cell tried one way leads it to a line that
    /// cannot be filled (a hint only; the stepper walks the line rule alone).
    Probe(Probe),
    /// The line rule fixes nothing more, and no cell tried either way leads it to a
    /// contradiction (within [`lookahead::BUDGET`]): the rest needs a guess.
    Stuck,
    /// The puzzle is malformed.
    Malformed(Vec<PuzzleProblem>),
}

/// Runs the line rule on one line of a grid and explains it: `Ok(None)` when it fixes nothing,
/// `Err` when no placement fits.
pub fn deduce_line(
    puzzle: &Puzzle,
    grid: &Grid,
    line: LineRef,
) -> Result<Option<Deduction>, Contradiction> {
    let cells = line_cells(puzzle, grid, line);
    explain(line, puzzle.clue(line), &cells)
}

/// The next deduction of the line rule on a grid: the first line, rows first then columns, where
/// it fixes a cell or finds a contradiction — the first step of [`deductions`]; where the line
/// rule fixes nothing more, the look-ahead's shortest [`Probe`].
pub fn next_deduction(puzzle: &Puzzle, grid: &Grid) -> Hint {
    let problems = puzzle.validate();
    if !problems.is_empty() {
        return Hint::Malformed(problems);
    }
    for line in puzzle.lines() {
        match deduce_line(puzzle, grid, line) {
            Ok(Some(d)) => return Hint::Deduce(d),
            Ok(None) => {}
            Err(c) => return Hint::Contradiction(c),
        }
    }
    if is_complete(puzzle, grid) {
        Hint::Solved
    } else if let Some(p) = lookahead::probe(puzzle, grid) {
        Hint::Probe(p)
    } else {
        Hint::Stuck
    }
}

/// One step of the stepper: a deduction and the grid after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// What was deduced.
    pub deduction: Deduction,
    /// The grid after it (before it: the previous step's, or the start).
    pub after: Grid,
}

/// The line rule's deductions from a grid, in order, and how they end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Steps {
    /// The grid they start from (the puzzle's size).
    pub start: Grid,
    /// Each deduction, with the grid after it.
    pub steps: Vec<Step>,
    /// How it ends: [`Hint::Solved`], [`Hint::Stuck`], [`Hint::Contradiction`] or
    /// [`Hint::Malformed`] (never [`Hint::Deduce`] or [`Hint::Probe`]).
    pub end: Hint,
}

impl Steps {
    /// The grid after the first `n` steps (`0`: the start).
    pub fn grid_at(&self, n: usize) -> &Grid {
        match n.min(self.steps.len()) {
            0 => &self.start,
            n => &self.steps[n - 1].after,
        }
    }
}

/// Every deduction of the line rule from a grid, in the solver's order (every row, then every
/// column, then each line again whose cells changed, first in first out), until it is solved,
/// stuck, or a line contradicts.
pub fn deductions(puzzle: &Puzzle, grid: &Grid) -> Steps {
    let problems = puzzle.validate();
    let mut g = Grid::new(puzzle.width, puzzle.height);
    for y in 0..puzzle.height {
        for x in 0..puzzle.width {
            g.set(x, y, grid.get(x, y));
        }
    }
    let start = g.clone();
    if !problems.is_empty() {
        return Steps {
            start,
            steps: vec![],
            end: Hint::Malformed(problems),
        };
    }
    let mut queue: VecDeque<LineRef> = puzzle.lines().collect();
    let mut queued: std::collections::HashSet<LineRef> = queue.iter().copied().collect();
    let mut steps = Vec::new();
    while let Some(line) = queue.pop_front() {
        queued.remove(&line);
        match deduce_line(puzzle, &g, line) {
            Err(c) => {
                return Steps {
                    start,
                    steps,
                    end: Hint::Contradiction(c),
                };
            }
            Ok(None) => {}
            Ok(Some(d)) => {
                d.apply(&mut g);
                let mut crossing: Vec<usize> = d.filled.iter().chain(&d.emptied).copied().collect();
                crossing.sort_unstable();
                for i in crossing {
                    let other = match line {
                        LineRef::Row(_) => LineRef::Column(i),
                        LineRef::Column(_) => LineRef::Row(i),
                    };
                    if queued.insert(other) {
                        queue.push_back(other);
                    }
                }
                steps.push(Step {
                    deduction: d,
                    after: g.clone(),
                });
            }
        }
    }
    let end = if is_complete(puzzle, &g) {
        Hint::Solved
    } else {
        Hint::Stuck
    };
    Steps { start, steps, end }
}

/// The first line, rows first, whose own known cells no placement of its clue fits — each line
/// alone, nothing deduced: the "mistakes check" for a grid that breaks a clue outright.
pub fn check(puzzle: &Puzzle, grid: &Grid) -> Option<Contradiction> {
    puzzle.lines().find_map(|line| {
        let cells = line_cells(puzzle, grid, line);
        rule::line(puzzle.clue(line), &cells)
            .is_err()
            .then(|| Contradiction {
                line,
                clue: rule::runs(puzzle.clue(line)),
            })
    })
}

/// The known cells of `grid` that differ from `solution`, as `(column, row)`, row by row.
pub fn mistakes(solution: &Grid, grid: &Grid) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for y in 0..solution.height() {
        for x in 0..solution.width() {
            let v = grid.get(x, y);
            if v.is_known() && v != solution.get(x, y) {
                out.push((x, y));
            }
        }
    }
    out
}

/// The player's cells that disagree with the puzzle's unique solution, solving it first;
/// `Err` with the solver's answer when it has no unique solution (several, none, or stopped).
pub fn mistakes_against_solution(
    puzzle: &Puzzle,
    grid: &Grid,
    limits: &Limits,
) -> Result<Vec<(usize, usize)>, Answer> {
    match solve::solve(puzzle, limits).answer {
        Answer::Unique(s) => Ok(mistakes(&s, grid)),
        other => Err(other),
    }
}

fn is_complete(puzzle: &Puzzle, grid: &Grid) -> bool {
    (0..puzzle.height).all(|y| (0..puzzle.width).all(|x| grid.get(x, y).is_known()))
}

fn line_cells(puzzle: &Puzzle, grid: &Grid, line: LineRef) -> Vec<Cell> {
    let n = puzzle.line_length(line);
    (0..n)
        .map(|i| match line {
            LineRef::Row(y) => grid.get(i, y),
            LineRef::Column(x) => grid.get(x, i),
        })
        .collect()
}

/// For each run of the clue, which cells some agreeing placement of it covers; `None` when no
/// placement agrees, `Some(None)` past [`MAX_LINE`] (the runs are then not told apart).
fn run_covers(runs: &[u32], cells: &[Cell]) -> Option<Option<Vec<Vec<bool>>>> {
    fn with<B: Bits>(runs: &[u32], cells: &[Cell]) -> Option<Vec<Vec<bool>>> {
        let (f, e) = rule::masks::<B>(cells);
        let covers = fast::covers(runs, cells.len(), f, e)?;
        Some(
            covers
                .iter()
                .map(|c| (0..cells.len()).map(|i| c.has(i)).collect())
                .collect(),
        )
    }
    by_width!(cells.len(), rule::reach(runs, cells).map(|_| None), |B| {
        with::<B>(runs, cells).map(Some)
    })
}

/// The line rule on one line, explained.
fn explain(
    line: LineRef,
    clue: &[u32],
    cells: &[Cell],
) -> Result<Option<Deduction>, Contradiction> {
    let runs = rule::runs(clue);
    let contradiction = || Contradiction {
        line,
        clue: runs.clone(),
    };
    let fixed = rule::line(&runs, cells).map_err(|_| contradiction())?;
    let covers = run_covers(&runs, cells).ok_or_else(contradiction)?;
    // Per new cell, its reason's key: Some(run) covered by one run, None by several; or empty.
    #[derive(Clone, Copy, PartialEq)]
    enum Key {
        Run(usize),
        Filled,
        Empty,
    }
    let mut keyed: Vec<(usize, Key)> = Vec::new();
    for (i, (&was, &now)) in cells.iter().zip(&fixed).enumerate() {
        if was.is_known() || !now.is_known() {
            continue;
        }
        let key = if now == Cell::Empty {
            Key::Empty
        } else {
            let by: Vec<usize> = covers
                .as_ref()
                .map(|cv| (0..runs.len()).filter(|&j| cv[j][i]).collect())
                .unwrap_or_default();
            match by.as_slice() {
                [j] => Key::Run(*j),
                _ => Key::Filled,
            }
        };
        keyed.push((i, key));
    }
    if keyed.is_empty() {
        return Ok(None);
    }
    let mut reasons = Vec::new();
    let mut k = 0;
    while k < keyed.len() {
        let (first, key) = keyed[k];
        let mut last = first;
        while k + 1 < keyed.len() && keyed[k + 1].1 == key && keyed[k + 1].0 == last + 1 {
            k += 1;
            last = keyed[k].0;
        }
        k += 1;
        reasons.push(match key {
            Key::Run(run) => Reason::Covered {
                run,
                length: runs[run],
                first,
                last,
            },
            Key::Filled => Reason::Filled { first, last },
            Key::Empty => Reason::Unreached { first, last },
        });
    }
    let filled = keyed
        .iter()
        .filter(|(_, k)| *k != Key::Empty)
        .map(|(i, _)| *i)
        .collect();
    let emptied = keyed
        .iter()
        .filter(|(_, k)| *k == Key::Empty)
        .map(|(i, _)| *i)
        .collect();
    let sentence = sentence(line, &runs, &reasons);
    Ok(Some(Deduction {
        line,
        clue: runs,
        filled,
        emptied,
        reasons,
        sentence,
    }))
}

/// "cell 3" or "cells 3–6", counted from 1.
fn cells_text(first: usize, last: usize) -> String {
    if first == last {
        format!("cell {}", first + 1)
    } else {
        format!("cells {}–{}", first + 1, last + 1)
    }
}

/// "the 7", or "the second 2" when the clue has more than one run of that length.
fn run_name(runs: &[u32], run: usize) -> String {
    let len = runs[run];
    if runs.iter().filter(|&&r| r == len).count() == 1 {
        return format!("the {len}");
    }
    let nth = runs[..=run].iter().filter(|&&r| r == len).count();
    const ORDINALS: [&str; 10] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth",
    ];
    match ORDINALS.get(nth - 1) {
        Some(o) => format!("the {o} {len}"),
        None => format!("the {len} (run {})", run + 1),
    }
}

/// The deduction in words.
fn sentence(line: LineRef, runs: &[u32], reasons: &[Reason]) -> String {
    let parts: Vec<String> = reasons
        .iter()
        .map(|r| match *r {
            Reason::Covered {
                run, first, last, ..
            } => format!(
                "every placement of {} covers {}",
                run_name(runs, run),
                cells_text(first, last)
            ),
            Reason::Filled { first, last } => {
                format!("every placement fills {}", cells_text(first, last))
            }
            Reason::Unreached { first, last } => format!(
                "no placement of {} reaches {}, so {} empty",
                clue_text(runs),
                cells_text(first, last),
                if first == last { "it is" } else { "they are" }
            ),
        })
        .collect();
    format!("{line}: {}", parts.join("; "))
}
