//! The solver: the line rule to a fixpoint, then probing and backtracking search for what the
//! line rule cannot finish. `docs/nonogram-solver.md` describes it and its measurements.
//!
//! 1. **Lines.** Every line is queued, rows first; the line rule runs on the first line of the
//!    queue, and every line crossing a cell it fixes is queued again, until the queue is empty.
//!    The result does not depend on the order: the rule only ever adds what every agreeing
//!    placement agrees on, and more known cells never let it fix fewer, so every order reaches
//!    the same fixpoint (or a contradiction).
//! 2. **Probing.** Each unknown cell is tried both ways, with the line rule to a fixpoint after
//!    each: when one way leads to a contradiction the cell is the other way; when both do, this
//!    branch of the search has no solution; cells that both ways fix alike are fixed too.
//!    Probing is repeated until a whole pass fixes nothing.
//! 3. **Search.** If cells are still unknown, a guess is tried both ways, depth first, until two
//!    distinct solutions are found. It runs in attempts of two kinds, alternating, with growing
//!    budgets of nodes (restarts): a probing attempt probes again, at each node, the cells of
//!    the lines its guess changed and guesses the cell whose two probes fixed the most; a dive
//!    probes nowhere below the root and guesses the cell its row and column, counting their
//!    placements, are surest of (`guide`), its likelier value first. The first attempt dives
//!    when probing at the root fixed almost nothing; the last attempt probes without a budget,
//!    so the search is complete.
//!
//! Every answer is exact: a solution returned has every line's clue; "none" is proven; a limit
//! ends the search cleanly with [`Answer::Stopped`].

use super::bits::{Bits, MAX_LINE, Wide};
use super::board::{Board, Compiled, Propagator};
use super::guide::Guide;
use super::model::{Clue, Grid, LineRef, Puzzle, PuzzleProblem};
use super::rule::clue_text;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Bounds on a solve; `None` leaves a bound off. The default has none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    /// The longest the solve may run.
    pub timeout: Option<Duration>,
    /// The most search nodes (guesses plus the root) it may open.
    pub max_nodes: Option<u64>,
}

impl Limits {
    /// Only a time bound.
    pub fn time(timeout: Duration) -> Limits {
        Limits {
            timeout: Some(timeout),
            max_nodes: None,
        }
    }
}

/// What ended a solve before it could answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "stop", rename_all = "snake_case")]
pub enum Stop {
    /// It ran for as long as it was allowed.
    Time {
        /// The bound.
        after: Duration,
    },
    /// It opened as many search nodes as it was allowed.
    Nodes {
        /// The bound.
        max: u64,
    },
    /// The caller called it off through the cancel flag.
    Cancelled,
    /// A line is longer than the engine solves ([`MAX_LINE`](super::MAX_LINE) cells).
    TooLarge {
        /// The longest line's cells.
        cells: usize,
        /// The most the engine takes.
        max: usize,
    },
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::Time { after } => write!(f, "the time limit of {:.3} s", after.as_secs_f64()),
            Stop::Nodes { max } => write!(f, "the limit of {max} search nodes"),
            Stop::Cancelled => write!(f, "a cancellation"),
            Stop::TooLarge { cells, max } => {
                write!(f, "a line of {cells} cells (the solver takes up to {max})")
            }
        }
    }
}

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
pub fn solve_cancellable(puzzle: &Puzzle, limits: &Limits, cancel: &AtomicBool) -> Report {
    run(puzzle, None, limits, Some(cancel), 2).report
}

/// [`solve`] from a partly known grid: the solutions that agree with its known cells (a cell
/// past the grid's edges is unknown). A contradiction the line rule finds among the given cells
/// is [`Unsolvable::Line`].
pub fn solve_from(
    puzzle: &Puzzle,
    start: &Grid,
    limits: &Limits,
    cancel: Option<&AtomicBool>,
) -> Report {
    run(puzzle, Some(start), limits, cancel, 2).report
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
        };
        if n + 3 <= u64::BITS as usize {
            s.go::<u64>()
        } else if n + 3 <= u128::BITS as usize {
            s.go::<u128>()
        } else if n <= MAX_LINE {
            s.go::<Wide>()
        } else {
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
            }
        }
    };
    out.report.stats.elapsed = t0.elapsed();
    out
}

/// What a solve is given.
struct Setup<'a> {
    c: &'a Compiled,
    start: Option<&'a Grid>,
    limits: &'a Limits,
    cancel: Option<&'a AtomicBool>,
    want: usize,
    t0: Instant,
}

impl Setup<'_> {
    fn go<B: Bits>(self) -> Run {
        let c = self.c;
        let mut prop = Propagator::<B>::new(c);
        let mut board = match self.start {
            Some(g) => Board::from_grid(c, g),
            None => Board::new(c),
        };
        prop.push_all(c);
        let lines = prop.run(c, &mut board);
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
        let mut s = Searcher {
            c,
            prop,
            limits: *self.limits,
            cancel: self.cancel,
            t0: self.t0,
            nodes: 0,
            probes: 0,
            want: self.want,
            solutions: vec![],
            stop: None,
            tmp_fill: Board::new(c),
            tmp_empty: Board::new(c),
            before: Board::new(c),
            score: vec![0; c.width * c.height],
            pool: vec![],
            dirty_pool: vec![],
            root: None,
            attempt_nodes: 0,
            budget: u64::MAX,
            rng: 0x2545_F491_4F6C_DD1D,
            unit: 512,
            hits: 0,
            dive: false,
            shaken: false,
            dive_unit: 512,
            guide: Guide::new(c),
        };
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

/// Why the search ended early.
enum Halt {
    /// It found as many solutions as it wanted.
    Enough,
    /// A limit.
    Stopped,
    /// The attempt's budget of nodes is spent: start again.
    Restart,
}

/// What one pass of probing found.
enum Probed {
    /// A cell can be neither filled nor empty: no solution here.
    Dead,
    /// Cells were fixed: probe again.
    Changed,
    /// Nothing was fixed.
    Stable,
}

/// The depth-first search with probing.
struct Searcher<'a, B> {
    c: &'a Compiled,
    prop: Propagator<B>,
    limits: Limits,
    cancel: Option<&'a AtomicBool>,
    t0: Instant,
    nodes: u64,
    probes: u64,
    want: usize,
    solutions: Vec<Board<B>>,
    stop: Option<Stop>,
    /// The probe of a cell as filled.
    tmp_fill: Board<B>,
    /// The probe of a cell as empty.
    tmp_empty: Board<B>,
    /// The board before probing changed it, to see which lines changed.
    before: Board<B>,
    /// Per cell (row by row), how many cells its last two probes fixed, as (filled + 1) ×
    /// (empty + 1). Kept across the search: a probing attempt guesses the cell of the highest
    /// score (a guess that fixes much splits the search best); a guide, not a fact.
    score: Vec<u32>,
    /// Boards to reuse.
    pool: Vec<Board<B>>,
    /// Sets of cells to probe, one per row, to reuse.
    dirty_pool: Vec<Vec<B>>,
    /// The root's fixpoint after probing.
    root: Option<Board<B>>,
    /// Nodes opened in this attempt.
    attempt_nodes: u64,
    /// The most nodes this attempt may open.
    budget: u64,
    /// The random generator's state (xorshift).
    rng: u64,
    /// The budget of nodes of the shortest attempt.
    unit: u64,
    /// Chooses the guesses.
    guide: Guide<B>,
    /// Probes that fixed a cell.
    hits: u64,
    /// Whether this attempt dives (no probing below the root, the guide's surest cell first)
    /// rather than probes at every node and guesses the cell whose probes fixed the most.
    dive: bool,
    /// Whether ties are broken at random (after each way's first attempt).
    shaken: bool,
    /// The budget of nodes of the shortest dive: the cells unknown at the start.
    dive_unit: u64,
}

impl<B: Bits> Searcher<'_, B> {
    /// The unknown cell whose probes fixed the most, filled first; after the first attempt,
    /// ties are broken and the order is chosen at random.
    fn most_fixing(&mut self, board: &Board<B>) -> Option<(usize, usize, bool)> {
        let c = self.c;
        let jitter = if self.shaken { 0xff } else { 0 };
        let mut best: Option<(u64, usize, usize)> = None;
        for y in 0..c.height {
            for x in board.unknown_in_row(c, y).ones() {
                let s = (u64::from(self.score[y * c.width + x]) << 8)
                    | u64::from(self.random() & jitter);
                if best.is_none_or(|(b, _, _)| s > b) {
                    best = Some((s, x, y));
                }
            }
        }
        let first = self.random() & jitter & 1 == 0;
        best.map(|(_, x, y)| (x, y, first))
    }

    fn random(&mut self) -> u32 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        (self.rng >> 32) as u32
    }

    /// Whether one probe in 20 has fixed a cell.
    fn probing_pays(&self) -> bool {
        self.hits * 20 >= self.probes
    }

    /// Records a solution unless it was found already (by an earlier attempt).
    fn found(&mut self, board: Board<B>) -> Result<(), Halt> {
        if !self.solutions.contains(&board) {
            self.solutions.push(board);
        }
        if self.solutions.len() >= self.want {
            Err(Halt::Enough)
        } else {
            Ok(())
        }
    }

    /// The search from the root's fixpoint, in attempts of growing budgets of nodes (the Luby
    /// sequence times a unit: 512 for probing, the unknown cells for a dive): a search that went
    /// deep the wrong way starts again rather than exhausting a subtree without solutions. The
    /// last attempt has no budget, so the search is complete.
    fn search(&mut self, root: Board<B>) {
        let luby = |i: u64| -> u64 {
            // The i-th term (from 1) of 1, 1, 2, 1, 1, 2, 4, 1, ...
            let mut i = i;
            loop {
                let k = 64 - i.leading_zeros() as u64;
                if i == (1 << k) - 1 {
                    return 1 << (k - 1);
                }
                i -= (1 << (k - 1)) - 1;
            }
        };
        self.dive_unit = (self.c.width * self.c.height - root.known).max(512) as u64;
        let mut attempt = 0u64;
        // The first attempt's way is chosen at the root (see `node`); the others alternate,
        // each way with its own Luby sequence, and the last one, complete, probes.
        let mut first_dives = false;
        loop {
            attempt += 1;
            self.attempt_nodes = 0;
            if attempt > 1 {
                self.dive = attempt <= 40 && (attempt % 2 == 1) == first_dives;
            }
            let unit = if self.dive { self.dive_unit } else { self.unit };
            self.budget = if attempt > 40 {
                u64::MAX
            } else {
                unit * luby(attempt.div_ceil(2))
            };
            if attempt > 2 {
                // Each way's first attempt is plain; the later ones break ties at random.
                self.shaken = true;
                let mut rng = self.rng;
                self.guide.shake(0.01, || {
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    (rng >> 32) as u32
                });
                self.rng = rng;
            }
            let result = match self.root.clone() {
                None => self.node(root.clone(), None),
                Some(r) => self.node(r.clone(), Some(&r)),
            };
            if attempt == 1 {
                first_dives = self.dive;
            }
            match result {
                Err(Halt::Restart) => continue,
                Ok(()) | Err(Halt::Enough) | Err(Halt::Stopped) => return,
            }
        }
    }
    fn board(&mut self) -> Board<B> {
        self.pool.pop().unwrap_or_else(|| Board::new(self.c))
    }

    /// Whether a limit says stop; sets `stop`.
    fn limited(&mut self) -> bool {
        if self.stop.is_some() {
            return true;
        }
        if let Some(after) = self.limits.timeout
            && self.t0.elapsed() >= after
        {
            self.stop = Some(Stop::Time { after });
        } else if self.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            self.stop = Some(Stop::Cancelled);
        }
        self.stop.is_some()
    }

    /// Marks for probing every cell of every line that differs between two boards.
    fn mark_changed(&self, dirty: &mut [B], old: &Board<B>, new: &Board<B>) {
        let c = self.c;
        let all = B::low(c.width);
        for (y, d) in dirty.iter_mut().enumerate() {
            if old.f[y] != new.f[y] || old.e[y] != new.e[y] {
                *d = all;
            }
        }
        for x in 0..c.width {
            let l = c.height + x;
            if old.f[l] != new.f[l] || old.e[l] != new.e[l] {
                for d in dirty.iter_mut() {
                    *d = d.or(B::bit(x));
                }
            }
        }
    }

    /// A search node: `board` is at the line rule's fixpoint; `parent` is the board it was
    /// guessed from (probing looks again only at the cells of the lines that differ).
    fn node(&mut self, mut board: Board<B>, parent: Option<&Board<B>>) -> Result<(), Halt> {
        if let Some(max) = self.limits.max_nodes
            && self.nodes >= max
        {
            self.stop = Some(Stop::Nodes { max });
            return Err(Halt::Stopped);
        }
        if self.attempt_nodes >= self.budget {
            return Err(Halt::Restart);
        }
        if self.nodes.is_multiple_of(16) && self.limited() {
            return Err(Halt::Stopped);
        }
        self.nodes += 1;
        self.attempt_nodes += 1;
        let c = self.c;
        let mut dirty = self
            .dirty_pool
            .pop()
            .unwrap_or_else(|| vec![B::zero(); c.height]);
        match parent {
            None => dirty.fill(B::low(c.width)),
            Some(p) => {
                dirty.fill(B::zero());
                self.mark_changed(&mut dirty, p, &board);
            }
        }
        let probing = parent.is_none() || !self.dive;
        let outcome = loop {
            if board.is_complete(c) {
                break None;
            }
            if !probing {
                break Some(true);
            }
            match self.probe(&mut board, &mut dirty) {
                Err(h) => {
                    self.dirty_pool.push(dirty);
                    return Err(h);
                }
                Ok(Probed::Dead) => break Some(false),
                Ok(Probed::Changed) => continue,
                Ok(Probed::Stable) => break Some(true),
            }
        };
        self.dirty_pool.push(dirty);
        if self.root.is_none() && outcome != Some(false) {
            self.root = Some(board.clone());
        }
        match outcome {
            None => return self.found(board),
            Some(false) => {
                self.pool.push(board);
                return Ok(());
            }
            Some(true) => {}
        }
        if parent.is_none() {
            self.dive = !self.probing_pays();
            if self.dive {
                // A dive guesses about one cell a node: its budget must reach a solution.
                self.budget = self.dive_unit;
            }
        }
        let guess = if self.dive {
            self.guide.pick(c, &board)
        } else {
            self.most_fixing(&board)
        };
        let Some((x, y, first)) = guess else {
            // Unreachable: an incomplete board has an unknown cell.
            self.pool.push(board);
            return Ok(());
        };
        let order = [first, !first];
        for filled in order {
            let mut child = self.board();
            child.copy_from(&board);
            child.set(c, x, y, filled);
            self.prop.push_cell(c, x, y);
            if self.prop.run(c, &mut child).is_ok() {
                if let Err(h) = self.node(child, Some(&board)) {
                    self.pool.push(board);
                    return Err(h);
                }
            } else {
                self.pool.push(child);
            }
        }
        self.pool.push(board);
        Ok(())
    }

    /// One pass of probing over the unknown cells marked in `dirty` (each unmarked once
    /// probed; the cells of lines that probing changes are marked again).
    fn probe(&mut self, board: &mut Board<B>, dirty: &mut [B]) -> Result<Probed, Halt> {
        let c = self.c;
        let mut changed = false;
        for y in 0..c.height {
            loop {
                let todo = dirty[y].and(board.unknown_in_row(c, y));
                let Some(x) = todo.lowest() else {
                    dirty[y] = B::zero();
                    break;
                };
                dirty[y] = todo.and_not(B::bit(x));
                if self.probes.is_multiple_of(32) && self.limited() {
                    return Err(Halt::Stopped);
                }
                self.probes += 1;
                self.tmp_fill.copy_from(board);
                self.tmp_fill.set(c, x, y, true);
                self.prop.push_cell(c, x, y);
                let can_fill = self.prop.run(c, &mut self.tmp_fill).is_ok();
                self.tmp_empty.copy_from(board);
                self.tmp_empty.set(c, x, y, false);
                self.prop.push_cell(c, x, y);
                let can_empty = self.prop.run(c, &mut self.tmp_empty).is_ok();
                self.before.copy_from(board);
                match (can_fill, can_empty) {
                    (false, false) => return Ok(Probed::Dead),
                    (true, false) => board.copy_from(&self.tmp_fill),
                    (false, true) => board.copy_from(&self.tmp_empty),
                    (true, true) => {
                        let known = board.known;
                        let gain = |b: &Board<B>| (b.known - known).min(65_534) as u32;
                        self.score[y * c.width + x] =
                            (gain(&self.tmp_fill) + 1) * (gain(&self.tmp_empty) + 1);
                        // Cells both ways fix alike are fixed.
                        for l in 0..c.height {
                            let f = self.tmp_fill.f[l].and(self.tmp_empty.f[l]);
                            let e = self.tmp_fill.e[l].and(self.tmp_empty.e[l]);
                            let nf = f.and_not(board.f[l]);
                            let ne = e.and_not(board.e[l]);
                            for i in nf.ones() {
                                board.set(c, i, l, true);
                            }
                            for i in ne.ones() {
                                board.set(c, i, l, false);
                            }
                            if !(nf.is_zero() && ne.is_zero()) {
                                self.prop.push(l);
                                for i in nf.or(ne).ones() {
                                    self.prop.push(c.height + i);
                                }
                            }
                        }
                        if board.known == known {
                            continue;
                        }
                        if self.prop.run(c, board).is_err() {
                            // Cannot happen: both probes are consistent fixpoints above it.
                            return Ok(Probed::Dead);
                        }
                    }
                }
                changed = true;
                self.hits += 1;
                self.mark_changed(dirty, &self.before, board);
                if board.is_complete(c) {
                    return Ok(Probed::Changed);
                }
            }
        }
        Ok(if changed {
            Probed::Changed
        } else {
            Probed::Stable
        })
    }
}
