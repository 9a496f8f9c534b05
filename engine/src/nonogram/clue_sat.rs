//! The clues as a formula for a general SAT solver (batsat, a MiniSat), the search's second
//! opinion on the puzzles its own learning handles badly.
//!
//! Why: the search learns clauses over cells only. Where the proof that no other picture exists
//! needs facts about where a line's runs lie, as on webpbn #8098 "Domino Logic III", it cannot
//! say them: after a million guesses it has not shown the picture unique. Each line here is its
//! clue's automaton unrolled over the line's cells, one variable a state at each cell, so the
//! solver learns clauses about the runs too; it shows #8098 unique after about 12,000 conflicts.
//! On random pictures it is far slower than the search (`docs/nonogram-solver.md`), so it only
//! gets a share of a search that has already run long.
//!
//! The encoding: a line of `n` cells whose clue reads as the word `1^r1 0 1^r2 … 0 1^rk`
//! (`m` symbols) is accepted by the automaton whose state `q` is "the first `q` symbols read";
//! a state stays on a `0` at the start, at the end and after a gap. State `q` can stand after
//! `i` cells only when `q <= i` and `m - q <= n - i`; the others have no variable. Each state
//! and cell value imply the next state (or are refused when the automaton has no move), the
//! line starts in state 0 and ends in state `m`: so every model's cells are a picture that
//! gives the clues. Each state also implies one of the states that lead to it, and the cell
//! value that does, which is what lets unit propagation work backwards along the line.

use super::bits::Bits;
use super::board::{Board, Compiled};
use batsat::{Callbacks, Lit, SolverInterface, SolverOpts, Var, lbool};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Stops the solver at the end of its turn or on the caller's cancel.
struct Stopper<'a> {
    deadline: Option<Instant>,
    cancel: Option<&'a AtomicBool>,
}

impl Callbacks for Stopper<'_> {
    fn stop(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
    }
}

/// What one turn of the solver found.
pub(crate) enum Turn {
    /// A picture that gives the clues and is none of those forbidden.
    Picture(Vec<bool>),
    /// No picture is left: every one is among those forbidden.
    Exhausted,
    /// The turn ended, or the caller called the search off.
    Undecided,
}

/// The clues as a formula, with the pictures already found forbidden.
pub(crate) struct ClueSat<'a> {
    solver: batsat::Solver<Stopper<'a>>,
    /// One variable per cell, row by row.
    cells: Vec<Var>,
    /// How many pictures are forbidden.
    pub forbidden: usize,
}

/// The most state variables a formula may have: each takes four or five clauses, so about a
/// hundred megabytes of solver at most. A 60×60 picture needs about 150,000; one line of 4,096
/// cells with a clue of 2,000 cells would need some 8 million alone.
pub(crate) const MOST_STATES: usize = 1_000_000;

/// Whether the clues of `c` make a formula small enough to build ([`MOST_STATES`]).
pub(crate) fn fits(c: &Compiled) -> bool {
    states_needed(c) <= MOST_STATES
}

/// The state variables the clues of `c` would take: for each line, each cell, the states that
/// can stand there.
pub(crate) fn states_needed(c: &Compiled) -> usize {
    (0..c.lines())
        .map(|l| {
            let n = c.len_of(l);
            let runs = c.runs_of(l);
            let m = runs.iter().map(|&r| r as usize).sum::<usize>() + runs.len().saturating_sub(1);
            (n + 1).saturating_mul(n.saturating_sub(m).min(m) + 1)
        })
        .fold(0usize, usize::saturating_add)
}

impl<'a> ClueSat<'a> {
    /// The clues of `c`, with the cells `root` knows fixed.
    pub(crate) fn new<B: Bits>(
        c: &Compiled,
        root: &Board<B>,
        cancel: Option<&'a AtomicBool>,
    ) -> ClueSat<'a> {
        let stopper = Stopper {
            deadline: None,
            cancel,
        };
        let mut solver = batsat::Solver::new(SolverOpts::default(), stopper);
        let cells: Vec<Var> = (0..c.width * c.height)
            .map(|_| solver.new_var_default())
            .collect();
        let mut sat = ClueSat {
            solver,
            cells,
            forbidden: 0,
        };
        for y in 0..c.height {
            for x in 0..c.width {
                let v = sat.cells[y * c.width + x];
                if root.f[y].has(x) {
                    sat.add(&[Lit::new(v, true)]);
                } else if root.e[y].has(x) {
                    sat.add(&[Lit::new(v, false)]);
                }
            }
        }
        for l in 0..c.lines() {
            let line: Vec<Var> = if l < c.height {
                (0..c.width).map(|x| sat.cells[l * c.width + x]).collect()
            } else {
                let x = l - c.height;
                (0..c.height).map(|y| sat.cells[y * c.width + x]).collect()
            };
            sat.add_line(&line, c.runs_of(l));
        }
        sat
    }

    fn add(&mut self, lits: &[Lit]) {
        let mut clause = lits.to_vec();
        self.solver.add_clause_reuse(&mut clause);
    }

    /// One line's automaton over its cells.
    fn add_line(&mut self, cells: &[Var], runs: &[u32]) {
        let mut word: Vec<bool> = vec![];
        for (j, &r) in runs.iter().enumerate() {
            if j > 0 {
                word.push(false);
            }
            word.extend(std::iter::repeat_n(true, r as usize));
        }
        let (n, m) = (cells.len(), word.len());
        if m > n {
            // The line rule refuses such a line before any search; refuse it here too.
            self.add(&[]);
            return;
        }
        // Where state `q` stands after `i` cells, or `None` where it cannot.
        let mut state = vec![vec![None; m + 1]; n + 1];
        for (i, row) in state.iter_mut().enumerate() {
            for (q, s) in row.iter_mut().enumerate() {
                if q <= i && m - q <= n - i {
                    *s = Some(self.solver.new_var_default());
                }
            }
        }
        let on = |q: usize, filled: bool| -> Option<usize> {
            if filled {
                (q < m && word[q]).then_some(q + 1)
            } else if q == 0 || q == m || !word[q - 1] {
                Some(q)
            } else {
                (!word[q]).then_some(q + 1)
            }
        };
        if let Some(s) = state[0][0] {
            self.add(&[Lit::new(s, true)]);
        }
        if let Some(s) = state[n][m] {
            self.add(&[Lit::new(s, true)]);
        }
        for i in 0..n {
            let cell = cells[i];
            for q in 0..=m {
                let Some(s) = state[i][q] else { continue };
                for filled in [true, false] {
                    // The state and this value lead on, or are refused.
                    let mut clause = vec![Lit::new(s, false), Lit::new(cell, !filled)];
                    if let Some(next) = on(q, filled).and_then(|p| state[i + 1][p]) {
                        clause.push(Lit::new(next, true));
                    }
                    self.add(&clause);
                }
            }
            for p in 0..=m {
                let Some(t) = state[i + 1][p] else { continue };
                // The states and values that lead to `p` here.
                // The automaton stays or reads one symbol on: only `p - 1` and `p` lead here.
                let from: Vec<(Var, bool)> = (p.saturating_sub(1)..=p)
                    .filter_map(|q| state[i][q].map(|s| (q, s)))
                    .flat_map(|(q, s)| {
                        [true, false]
                            .into_iter()
                            .filter(move |&f| on(q, f) == Some(p))
                            .map(move |f| (s, f))
                    })
                    .collect();
                let mut clause = vec![Lit::new(t, false)];
                clause.extend(from.iter().map(|&(s, _)| Lit::new(s, true)));
                self.add(&clause);
                if from.iter().all(|&(_, f)| f == from[0].1) {
                    if let Some(&(_, f)) = from.first() {
                        self.add(&[Lit::new(t, false), Lit::new(cell, f)]);
                    }
                } else {
                    for &(s, f) in &from {
                        self.add(&[Lit::new(s, false), Lit::new(t, false), Lit::new(cell, f)]);
                    }
                }
            }
        }
    }

    /// Forbids a picture, cells row by row.
    pub(crate) fn forbid(&mut self, picture: &[bool]) {
        let clause: Vec<Lit> = self
            .cells
            .iter()
            .zip(picture)
            .map(|(&v, &filled)| Lit::new(v, !filled))
            .collect();
        self.add(&clause);
        self.forbidden += 1;
    }

    /// Searches until a picture, none, or `deadline`; what it learned is kept for the next
    /// turn.
    pub(crate) fn turn(&mut self, deadline: Option<Instant>) -> Turn {
        self.solver.cb_mut().deadline = deadline;
        let answer = self.solver.solve_limited(&[]);
        if answer == lbool::FALSE {
            Turn::Exhausted
        } else if answer == lbool::TRUE {
            let picture = self
                .cells
                .iter()
                .map(|&v| self.solver.value_var(v) == lbool::TRUE)
                .collect();
            Turn::Picture(picture)
        } else {
            Turn::Undecided
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{ClueSat, MOST_STATES, Turn, states_needed};
    use crate::nonogram::board::{Board, Compiled};
    use crate::nonogram::model::{Cell, Grid, Puzzle, PuzzleInfo, clue_of};
    use crate::nonogram::testing::next;

    /// Every picture of `w`×`h` cells whose clues are the puzzle's, by trying each.
    fn every_picture(p: &Puzzle) -> Vec<Vec<bool>> {
        let (w, h) = (p.width, p.height);
        (0u32..1 << (w * h))
            .map(|bits| {
                (0..w * h)
                    .map(|i| bits >> i & 1 == 1)
                    .collect::<Vec<bool>>()
            })
            .filter(|cells| {
                let cell = |x: usize, y: usize| {
                    if cells[y * w + x] {
                        Cell::Filled
                    } else {
                        Cell::Empty
                    }
                };
                (0..h)
                    .all(|y| clue_of(&(0..w).map(|x| cell(x, y)).collect::<Vec<_>>()) == p.rows[y])
                    && (0..w).all(|x| {
                        clue_of(&(0..h).map(|y| cell(x, y)).collect::<Vec<_>>()) == p.columns[x]
                    })
            })
            .collect()
    }

    /// The formula's models are exactly the pictures that give the clues: on small random
    /// puzzles, some with a row's clue changed so that no picture gives them, every picture
    /// the solver finds (each then forbidden) against every picture there is.
    #[test]
    fn the_formulas_pictures_are_exactly_those_that_give_the_clues() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let (mut with_pictures, mut without) = (0, 0);
        for case in 0..400 {
            let w = (next(&mut seed) % 4) as usize + 1;
            let h = (next(&mut seed) % 4) as usize + 1;
            let density = next(&mut seed) % 100;
            let rows: Vec<String> = (0..h)
                .map(|_| {
                    (0..w)
                        .map(|_| {
                            if next(&mut seed) % 100 < density {
                                '#'
                            } else {
                                '.'
                            }
                        })
                        .collect()
                })
                .collect();
            let grid = Grid::from_rows(&rows).expect("a grid");
            let mut p = Puzzle::from_picture(grid, PuzzleInfo::default());
            if case % 3 == 0 {
                let y = (next(&mut seed) % h as u64) as usize;
                p.rows[y] = vec![(next(&mut seed) % w as u64) as u32 + 1];
            }
            let mut expected = every_picture(&p);
            let c = Compiled::new(&p);
            let mut sat = ClueSat::new(&c, &Board::<u64>::new(&c), None);
            let mut found = vec![];
            loop {
                match sat.turn(None) {
                    Turn::Picture(cells) => {
                        assert!(!found.contains(&cells), "case {case}: a picture twice");
                        sat.forbid(&cells);
                        found.push(cells);
                    }
                    Turn::Exhausted => break,
                    Turn::Undecided => panic!("case {case}: no deadline, yet undecided"),
                }
            }
            expected.sort();
            found.sort();
            assert_eq!(found, expected, "case {case}: {p:?}");
            if expected.is_empty() {
                without += 1;
            } else {
                with_pictures += 1;
            }
        }
        assert!(
            with_pictures > 100 && without > 20,
            "{with_pictures} and {without}"
        );
    }

    /// The size of a formula is known before it is built, so that the search never builds one
    /// too large: a 1,000×1,000 puzzle whose lines are half filled would need hundreds of
    /// millions of state variables.
    #[test]
    fn a_formula_too_large_is_not_built() {
        let rows: Vec<String> = (0..1000)
            .map(|y| {
                (0..1000)
                    .map(|x| if (x / 5 + y / 5) % 2 == 0 { '#' } else { '.' })
                    .collect()
            })
            .collect();
        let p = Puzzle::from_picture(
            Grid::from_rows(&rows).expect("a grid"),
            PuzzleInfo::default(),
        );
        let c = Compiled::new(&p);
        assert!(states_needed(&c) > MOST_STATES, "{}", states_needed(&c));
        let small = Puzzle::from_picture(
            Grid::from_rows(&["#.#", ".#.", "##."]).expect("a grid"),
            PuzzleInfo::default(),
        );
        let c = Compiled::new(&small);
        // Rows and columns of three cells, clues of one to three: (3 + 1) × 2 states at most.
        assert!(states_needed(&c) <= 6 * 4 * 2, "{}", states_needed(&c));
    }
}
