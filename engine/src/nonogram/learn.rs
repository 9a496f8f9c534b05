//! Search that learns from its failures: conflict-driven clause learning with the line rule as
//! a propagator that explains itself.
//!
//! Cells are the variables. Every fixed cell is on a trail with its decision level and why it
//! was fixed: a guess, the line rule on one line, or a learned clause. When the line rule finds a
//! line with no agreeing placement (or a clause has every literal false), the conflict is traced
//! back along the trail to the first cell of the last level through which every reason passes
//! (1-UIP); the clause learned says "not all of these together", and the search jumps back to the
//! level where that clause fixes a cell, which may be far above the last guess. A dive's wrong
//! guess, found out hundreds of levels below it, is then undone at once instead of after every
//! case below it is exhausted.
//!
//! A jump of more than [`JUMP_AT_MOST`] levels goes back one level instead: the guesses in
//! between stay, and the learned clause's cell is fixed at the level of its clause's other
//! cells although it lies later on the trail. Every cell therefore keeps the level it follows
//! at (for the line rule, the highest level among the line's known cells), going back to a
//! level keeps the cells of that level and below wherever they lie, and a conflict is taken
//! back to its own highest level before it is analysed.
//!
//! Guesses come from the placement counts (`guide`), the same as a dive's.
//!
//! A solution found is forbidden by a clause over the guesses that led to it, and the search
//! goes on: a second solution means "several"; a conflict at level 0 means there is no other
//! (or none at all). The search is complete: restarts keep the learned clauses.

use super::bits::Bits;
use super::board::{Board, Compiled};
use super::explain::Explainer;
use super::guide::Guide;

/// The most levels a conflict's jump back undoes. A jump undoes every guess above the level
/// where the learned clause fixes a cell, most of them unrelated to the conflict, and the guide
/// then makes them again one by one (on random 60×60 pictures at density 0.35, conflicts come
/// about 2,000 guesses deep and undo 15 levels on average, some several hundred). Past this,
/// the search goes back one level only: the learned clause's cell is fixed at its own level
/// but on top of the trail, and the guesses in between stay (chronological backtracking, as
/// Nadel and Ryvchin put it in 2018).
const JUMP_AT_MOST: u32 = 100;

/// A cell and a value: `2 × cell + 1` filled, `2 × cell` empty (cells row by row).
pub(crate) type Lit = u32;

/// Why a cell is fixed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reason {
    /// Known before the search (level 0) or fixed at level 0: never explained.
    Root,
    /// A guess.
    Guess,
    /// The line rule on this line.
    Line(u32),
    /// This clause, all of whose other literals were false.
    Clause(u32),
}

/// What went wrong in propagation.
#[derive(Clone, Copy, Debug)]
enum Conflict {
    Line(u32),
    Clause(u32),
}

/// How a learning search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ended {
    /// It has as many solutions as it wanted, or proved there are no more.
    Done,
    /// The caller's `stop` said so.
    Stopped,
    /// It made as many guesses as it was allowed.
    Guesses,
}

/// A learned clause, or the one that forbids a solution found (`keep`).
struct Clause {
    lits: Vec<Lit>,
    /// Distinct decision levels among its literals when learned: a guide to which to keep.
    lbd: u32,
    keep: bool,
}

/// The trail and every cell's value, level, position and reason; the board mirrors the values.
struct Trail<B> {
    board: Board<B>,
    /// Per cell: 0 unknown, 1 empty, 2 filled.
    val: Vec<u8>,
    level: Vec<u32>,
    pos: Vec<u32>,
    reason: Vec<Reason>,
    lits: Vec<Lit>,
    /// Where each level starts on the trail.
    starts: Vec<usize>,
}

impl<B: Bits> Trail<B> {
    #[inline]
    fn is_true(&self, l: Lit) -> bool {
        self.val[(l >> 1) as usize] == 1 + (l & 1) as u8
    }

    #[inline]
    fn is_false(&self, l: Lit) -> bool {
        self.val[(l >> 1) as usize] == 2 - (l & 1) as u8
    }

    fn level_now(&self) -> u32 {
        self.starts.len() as u32
    }

    /// Fixes `l` at the level now: a guess, or a cell before the search.
    #[inline]
    fn assign(&mut self, c: &Compiled, l: Lit, why: Reason) {
        self.assign_at(c, l, why, self.level_now());
    }

    /// Fixes `l` at `level`, the highest level among the cells that force it, which may be
    /// below the level now when the search went back only one level from a conflict.
    #[inline]
    fn assign_at(&mut self, c: &Compiled, l: Lit, why: Reason, level: u32) {
        let v = (l >> 1) as usize;
        let filled = l & 1 == 1;
        self.val[v] = 1 + filled as u8;
        self.level[v] = level;
        self.pos[v] = self.lits.len() as u32;
        self.reason[v] = why;
        self.lits.push(l);
        self.board.set(c, v % c.width, v / c.width, filled);
    }

    /// Unfixes every cell above `level`. Cells of `level` or below that lie later on the trail
    /// (fixed after a jump of one level) stay, in their order. Returns where the first level
    /// above `level` began: the trail from there is to be propagated again, because cells that
    /// followed from the cells kept may have gone.
    fn back_to(&mut self, c: &Compiled, level: u32) -> usize {
        if self.level_now() <= level {
            return self.lits.len();
        }
        let keep = self.starts[level as usize];
        let mut kept = keep;
        for r in keep..self.lits.len() {
            let l = self.lits[r];
            let v = (l >> 1) as usize;
            if self.level[v] <= level {
                self.lits[kept] = l;
                self.pos[v] = kept as u32;
                kept += 1;
                continue;
            }
            self.val[v] = 0;
            let (x, y) = (v % c.width, v / c.width);
            let col = c.height + x;
            let b = &mut self.board;
            if l & 1 == 1 {
                b.f[y] = b.f[y].and_not(B::bit(x));
                b.f[col] = b.f[col].and_not(B::bit(y));
            } else {
                b.e[y] = b.e[y].and_not(B::bit(x));
                b.e[col] = b.e[col].and_not(B::bit(y));
            }
            b.known -= 1;
        }
        self.lits.truncate(kept);
        self.starts.truncate(level as usize);
        keep
    }

    /// The highest level among the cells of line `l` that are known.
    fn line_level(&self, c: &Compiled, l: usize) -> u32 {
        let known = self.board.f[l].or(self.board.e[l]);
        known
            .ones()
            .map(|i| self.level[cell_of(c, l, i)])
            .max()
            .unwrap_or(0)
    }
}

/// The learning search's state, kept across restarts.
pub(crate) struct Learner<'a, B> {
    c: &'a Compiled,
    t: Trail<B>,
    /// Next trail position whose consequences are still to be drawn.
    head: usize,
    /// Lines waiting for the line rule, first in first out.
    queue: std::collections::VecDeque<u32>,
    queued: Vec<bool>,
    clauses: Vec<Clause>,
    /// Per literal, the clauses watching it (the first two literals of a clause are watched).
    watches: Vec<Vec<u32>>,
    ex: Explainer<B>,
    seen: Vec<bool>,
    /// Solutions found, distinct.
    pub solutions: Vec<Board<B>>,
    /// Guesses made.
    pub guesses: u64,
    pub conflicts: u64,
    /// Times the line rule ran on a line (explanations not counted).
    pub line_runs: u64,
    /// The most levels a conflict's jump back undoes ([`JUMP_AT_MOST`]).
    pub jump_at_most: u32,
    /// Conflicts after which the search went back one level instead of jumping.
    pub short_jumps: u64,
}

impl<'a, B: Bits> Learner<'a, B> {
    /// A search from `root`, a consistent fixpoint of the line rule (its cells are level 0).
    pub fn new(c: &'a Compiled, root: &Board<B>) -> Learner<'a, B> {
        let cells = c.width * c.height;
        let mut t = Trail {
            board: Board::new(c),
            val: vec![0; cells],
            level: vec![0; cells],
            pos: vec![0; cells],
            reason: vec![Reason::Root; cells],
            lits: Vec::with_capacity(cells),
            starts: vec![],
        };
        for y in 0..c.height {
            for x in 0..c.width {
                if root.f[y].has(x) {
                    t.assign(c, ((y * c.width + x) * 2 + 1) as Lit, Reason::Root);
                } else if root.e[y].has(x) {
                    t.assign(c, ((y * c.width + x) * 2) as Lit, Reason::Root);
                }
            }
        }
        let head = t.lits.len();
        Learner {
            c,
            t,
            head,
            queue: Default::default(),
            queued: vec![false; c.lines()],
            clauses: vec![],
            watches: vec![vec![]; cells * 2],
            ex: Explainer::new(c),
            seen: vec![false; cells],
            solutions: vec![],
            guesses: 0,
            conflicts: 0,
            line_runs: 0,
            jump_at_most: JUMP_AT_MOST,
            short_jumps: 0,
        }
    }

    fn push_line(&mut self, l: usize) {
        if !self.queued[l] {
            self.queued[l] = true;
            self.queue.push_back(l as u32);
        }
    }

    fn clear_queue(&mut self) {
        for l in self.queue.drain(..) {
            self.queued[l as usize] = false;
        }
    }

    /// Draws every consequence of the trail: clauses first (cheap), then one line at a time.
    fn propagate(&mut self) -> Option<Conflict> {
        let c = self.c;
        loop {
            while self.head < self.t.lits.len() {
                let p = self.t.lits[self.head];
                self.head += 1;
                if let Some(ci) = self.watch(p) {
                    self.clear_queue();
                    return Some(Conflict::Clause(ci));
                }
                let v = (p >> 1) as usize;
                let by = match self.t.reason[v] {
                    Reason::Line(l) => l as usize,
                    _ => usize::MAX,
                };
                for l in [v / c.width, c.height + v % c.width] {
                    if l != by {
                        self.push_line(l);
                    }
                }
            }
            let l = self.queue.pop_front()? as usize;
            self.queued[l] = false;
            self.line_runs += 1;
            let (f, e) = (self.t.board.f[l], self.t.board.e[l]);
            let Some(r) = self.ex.reach(c, l, f, e) else {
                self.clear_queue();
                return Some(Conflict::Line(l as u32));
            };
            let nf = r.can_fill.and_not(r.can_empty).and_not(f);
            let ne = r.can_empty.and_not(r.can_fill).and_not(e);
            if nf.or(ne).is_zero() {
                continue;
            }
            let level = self.t.line_level(c, l);
            for (set, filled) in [(nf, 1), (ne, 0)] {
                for i in set.ones() {
                    let v = cell_of(c, l, i);
                    self.t
                        .assign_at(c, (v * 2 + filled) as Lit, Reason::Line(l as u32), level);
                }
            }
        }
    }

    /// Visits the clauses watching the literal `p` made false; a clause with every literal
    /// false is returned.
    fn watch(&mut self, p: Lit) -> Option<u32> {
        let falsified = p ^ 1;
        let mut ws = std::mem::take(&mut self.watches[falsified as usize]);
        let (mut i, mut j) = (0, 0);
        let mut conflict = None;
        while i < ws.len() {
            let ci = ws[i];
            i += 1;
            let cl = &mut self.clauses[ci as usize].lits;
            if cl[0] == falsified {
                cl.swap(0, 1);
            }
            if self.t.is_true(cl[0]) {
                ws[j] = ci;
                j += 1;
                continue;
            }
            if let Some(k) = (2..cl.len()).find(|&k| !self.t.is_false(cl[k])) {
                cl.swap(1, k);
                self.watches[cl[1] as usize].push(ci);
                continue;
            }
            if self.t.is_false(cl[0]) {
                ws[j] = ci;
                j += 1;
                conflict = Some(ci);
                while i < ws.len() {
                    ws[j] = ws[i];
                    i += 1;
                    j += 1;
                }
            } else {
                // The second watch goes to the false literal of the highest level, the level
                // `first` takes: going back below it frees both, and the watches see the
                // clause again when that literal is fixed once more.
                let level = |q: Lit| self.t.level[(q >> 1) as usize];
                let top = (1..cl.len()).max_by_key(|&k| level(cl[k])).unwrap_or(1);
                let at = level(cl[top]);
                let first = cl[0];
                if top != 1 && at > level(cl[1]) {
                    cl.swap(1, top);
                    self.watches[cl[1] as usize].push(ci);
                } else {
                    ws[j] = ci;
                    j += 1;
                }
                self.t.assign_at(self.c, first, Reason::Clause(ci), at);
            }
        }
        ws.truncate(j);
        self.watches[falsified as usize] = ws;
        conflict
    }

    /// The literals, true now, that together forced `p` (or, for `None`, caused the conflict).
    fn antecedents(&mut self, why: Reason, p: Option<Lit>, out: &mut Vec<Lit>) {
        out.clear();
        match why {
            Reason::Line(l) => self.ex.explain(
                self.c,
                &self.t.pos,
                &self.t.level,
                &self.t.board,
                l as usize,
                p,
                out,
            ),
            Reason::Clause(ci) => out.extend(
                self.clauses[ci as usize]
                    .lits
                    .iter()
                    .filter(|&&q| Some(q) != p)
                    .map(|&q| q ^ 1),
            ),
            Reason::Root | Reason::Guess => {}
        }
    }

    /// The 1-UIP clause of a conflict, its asserting literal first, and the level to jump to;
    /// `None` when the conflict follows from level 0 alone. A conflict whose cells all lie below
    /// the level now (after a jump of one level) is first taken back to its own highest level.
    fn analyze(&mut self, conflict: Conflict) -> Option<(Vec<Lit>, u32)> {
        let mut why = Vec::new();
        match conflict {
            Conflict::Line(l) => self.antecedents(Reason::Line(l), None, &mut why),
            Conflict::Clause(ci) => {
                why.extend(self.clauses[ci as usize].lits.iter().map(|&q| q ^ 1))
            }
        }
        let now = why
            .iter()
            .map(|&q| self.t.level[(q >> 1) as usize])
            .max()
            .unwrap_or(0);
        if now == 0 {
            return None;
        }
        let from = self.t.back_to(self.c, now);
        self.head = self.head.min(from);
        let mut learnt = vec![0];
        let mut open = 0usize;
        let mut idx = self.t.lits.len();
        let uip = loop {
            for &q in &why {
                let v = (q >> 1) as usize;
                if self.seen[v] || self.t.level[v] == 0 {
                    continue;
                }
                self.seen[v] = true;
                if self.t.level[v] == now {
                    open += 1;
                } else {
                    learnt.push(q ^ 1);
                }
            }
            let p = loop {
                idx -= 1;
                let p = self.t.lits[idx];
                let v = (p >> 1) as usize;
                // Cells of lower levels may lie later on the trail: only this level's count.
                if self.seen[v] && self.t.level[v] == now {
                    break p;
                }
            };
            let v = (p >> 1) as usize;
            self.seen[v] = false;
            open -= 1;
            if open == 0 {
                break p;
            }
            let r = self.t.reason[v];
            self.antecedents(r, Some(p), &mut why);
        };
        learnt[0] = uip ^ 1;
        for &q in &learnt[1..] {
            self.seen[(q >> 1) as usize] = false;
        }
        let mut back = 0;
        for k in 1..learnt.len() {
            let lv = self.t.level[(learnt[k] >> 1) as usize];
            if lv > back {
                back = lv;
                learnt.swap(1, k);
            }
        }
        Some((learnt, back))
    }

    /// Adds a clause whose first literal is unfixed and the others false, and fixes the first.
    fn add_and_assert(&mut self, lits: Vec<Lit>, keep: bool) {
        let mut levels: Vec<u32> = lits
            .iter()
            .map(|&q| self.t.level[(q >> 1) as usize])
            .collect();
        levels.sort_unstable();
        levels.dedup();
        let first = lits[0];
        if lits.len() == 1 {
            // Level 0: true for the whole search, never explained.
            self.t.assign_at(self.c, first, Reason::Root, 0);
            return;
        }
        // `lits[1]` has the highest level among the others: the level `first` follows at.
        let level = self.t.level[(lits[1] >> 1) as usize];
        let ci = self.clauses.len() as u32;
        self.watches[lits[0] as usize].push(ci);
        self.watches[lits[1] as usize].push(ci);
        self.clauses.push(Clause {
            lits,
            lbd: levels.len() as u32,
            keep,
        });
        self.t.assign_at(self.c, first, Reason::Clause(ci), level);
    }

    /// Back to just before the first guess that `doubt` (given the cell, row by row, and
    /// whether it was guessed filled) rejects, keeping what was learned; nowhere when it
    /// rejects none.
    pub fn back_before_first_doubt(&mut self, mut doubt: impl FnMut(usize, bool) -> bool) {
        let first = self.t.starts.iter().position(|&s| {
            let l = self.t.lits[s];
            doubt((l >> 1) as usize, l & 1 == 1)
        });
        if let Some(level) = first {
            let from = self.t.back_to(self.c, level as u32);
            self.head = self.head.min(from);
        }
    }

    /// Back to level 0, with the least useful half of the learned clauses dropped when there are
    /// more than `max`.
    pub fn restart(&mut self, max: usize) {
        let from = self.t.back_to(self.c, 0);
        self.head = self.head.min(from);
        if self.clauses.len() <= max {
            return;
        }
        // Reasons at level 0 are never explained, so clause numbers may change.
        for &l in &self.t.lits {
            self.t.reason[(l >> 1) as usize] = Reason::Root;
        }
        let mut order: Vec<usize> = (0..self.clauses.len()).collect();
        order.sort_by_key(|&i| {
            (
                !self.clauses[i].keep,
                self.clauses[i].lbd,
                self.clauses[i].lits.len(),
            )
        });
        let mut kept: Vec<Clause> = Vec::with_capacity(max / 2 + 1);
        let mut old = std::mem::take(&mut self.clauses);
        for (rank, &i) in order.iter().enumerate() {
            if rank < max / 2 || old[i].keep {
                kept.push(Clause {
                    lits: std::mem::take(&mut old[i].lits),
                    lbd: old[i].lbd,
                    keep: old[i].keep,
                });
            }
        }
        for w in &mut self.watches {
            w.clear();
        }
        for (ci, cl) in kept.iter().enumerate() {
            self.watches[cl.lits[0] as usize].push(ci as u32);
            self.watches[cl.lits[1] as usize].push(ci as u32);
        }
        self.clauses = kept;
    }

    /// Searches until `want` solutions are found, the search is exhausted, `budget` conflicts
    /// have passed (`Ok`: restart), `max_guesses` guesses have been made in all, or `stop` says
    /// stop (checked every few steps).
    pub fn search(
        &mut self,
        guide: &mut Guide<B>,
        want: usize,
        budget: u64,
        max_guesses: u64,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<(), Ended> {
        let c = self.c;
        let mut spent = 0u64;
        let mut steps = 0u64;
        loop {
            steps += 1;
            if steps.is_multiple_of(32) && stop() {
                return Err(Ended::Stopped);
            }
            if let Some(conflict) = self.propagate() {
                self.conflicts += 1;
                spent += 1;
                let Some((learnt, back)) = self.analyze(conflict) else {
                    return Err(Ended::Done);
                };
                let now = self.t.level_now();
                let to = if now - back > self.jump_at_most {
                    self.short_jumps += 1;
                    now - 1
                } else {
                    back
                };
                let from = self.t.back_to(c, to);
                self.head = self.head.min(from);
                self.add_and_assert(learnt, false);
                continue;
            }
            if self.t.board.is_complete(c) {
                if !self.solutions.contains(&self.t.board) {
                    self.solutions.push(self.t.board.clone());
                }
                if self.solutions.len() >= want {
                    return Err(Ended::Done);
                }
                // Forbid this solution: not every guess that led to it.
                let mut lits: Vec<Lit> =
                    self.t.starts.iter().map(|&s| self.t.lits[s] ^ 1).collect();
                if lits.is_empty() {
                    return Err(Ended::Done);
                }
                lits.reverse();
                let back = self.t.level_now() - 1;
                let from = self.t.back_to(c, back);
                self.head = self.head.min(from);
                self.add_and_assert(lits, true);
                continue;
            }
            if spent >= budget {
                return Ok(());
            }
            if self.guesses >= max_guesses {
                return Err(Ended::Guesses);
            }
            let (x, y, filled) = guide
                .pick(c, &self.t.board)
                .or_else(|| self.first_unknown())
                .ok_or(Ended::Done)?;
            self.guesses += 1;
            self.t.starts.push(self.t.lits.len());
            self.t.assign(
                c,
                ((y * c.width + x) * 2 + filled as usize) as Lit,
                Reason::Guess,
            );
        }
    }

    fn first_unknown(&self) -> Option<(usize, usize, bool)> {
        let v = self.t.val.iter().position(|&x| x == 0)?;
        Some((v % self.c.width, v / self.c.width, true))
    }
}

/// The cell (row by row) at position `i` of line `l`.
#[inline]
pub(crate) fn cell_of(c: &Compiled, l: usize, i: usize) -> usize {
    if l < c.height {
        l * c.width + i
    } else {
        i * c.width + (l - c.height)
    }
}

#[cfg(test)]
mod tests {
    use super::{Ended, JUMP_AT_MOST, Learner};
    use crate::nonogram::belief::Beliefs;
    use crate::nonogram::board::{Board, Compiled};
    use crate::nonogram::guide::Guide;
    use crate::nonogram::model::{Cell, Grid, Puzzle, PuzzleInfo, clue_of};
    use crate::nonogram::rule::every_picture;
    use crate::nonogram::testing::next;

    fn picture(w: usize, h: usize, bits: u64) -> Grid {
        let mut g = Grid::new(w, h);
        for i in 0..w * h {
            let v = if bits >> i & 1 == 1 {
                Cell::Filled
            } else {
                Cell::Empty
            };
            g.set(i % w, i / w, v);
        }
        g
    }

    /// Every solution of 600 random puzzles of `sizes` × `sizes` cells (a third with the rows
    /// of one picture and the columns of another), found by the learning search from the empty
    /// grid with `guide` and `pause` (called whenever `every` conflicts have passed), against
    /// listing every picture (`rule::every_picture`): exactly the same pictures, each once.
    fn finds_exactly_every_solution(
        sizes: std::ops::RangeInclusive<u64>,
        every: u64,
        mut guide: impl FnMut(&Compiled) -> Guide<u64>,
        mut pause: impl FnMut(&mut Learner<u64>, &Guide<u64>),
        jump_at_most: u32,
    ) -> u64 {
        let mut s = 0x2545_F491_4F6C_DD1Du64;
        let mut several = 0;
        let mut none = 0;
        let mut short_jumps = 0;
        for case in 0..600 {
            let span = sizes.end() - sizes.start() + 1;
            let w = (sizes.start() + next(&mut s) % span) as usize;
            let h = (sizes.start() + next(&mut s) % span) as usize;
            let a = picture(w, h, next(&mut s));
            let b = if case % 3 == 0 {
                picture(w, h, next(&mut s))
            } else {
                a.clone()
            };
            let mut p = Puzzle::from_picture(a, PuzzleInfo::default());
            p.columns = (0..w).map(|x| clue_of(&b.column(x))).collect();
            p.goal = None;
            let all = every_picture(&p, usize::MAX);
            let c = Compiled::new(&p);
            let mut l = Learner::<u64>::new(&c, &Board::new(&c));
            l.jump_at_most = jump_at_most;
            let mut guide = guide(&c);
            loop {
                match l.search(&mut guide, usize::MAX, every, u64::MAX, &mut || false) {
                    Ok(()) => pause(&mut l, &guide),
                    Err(Ended::Done) => break,
                    Err(e) => panic!("{e:?}"),
                }
            }
            let found: Vec<Grid> = l.solutions.iter().map(|b| b.to_grid(&c)).collect();
            assert_eq!(found.len(), all.len(), "case {case}: {p:?}");
            assert!(found.iter().all(|g| all.contains(g)), "case {case}");
            several += usize::from(all.len() > 1);
            none += usize::from(all.is_empty());
            short_jumps += l.short_jumps;
        }
        assert!(several > 50 && none > 50, "{several} several, {none} none");
        short_jumps
    }

    /// Learned clauses never cut a solution, and the clause forbidding each solution found
    /// forbids only it: with restarts after 3 conflicts and the learned clauses cut to 4 at
    /// each, the search finds exactly every picture — none when there is none.
    #[test]
    fn learning_finds_exactly_every_solution_of_small_puzzles() {
        finds_exactly_every_solution(2..=4, 3, Guide::new, |l, _| l.restart(4), JUMP_AT_MOST);
    }

    /// Going back one level from every conflict, the learned clause's cell fixed below the level
    /// it lies at on the trail, the search still finds exactly every picture; it also does
    /// with restarts in between, which keep those cells that lie at level 0.
    #[test]
    fn going_back_one_level_from_conflicts_finds_exactly_every_solution() {
        let short = finds_exactly_every_solution(4..=6, u64::MAX, Guide::new, |_, _| {}, 0);
        assert!(short > 100, "{short} conflicts went back one level");
        let short = finds_exactly_every_solution(3..=5, 2, Guide::new, |l, _| l.restart(4), 0);
        assert!(short > 100, "{short} conflicts went back one level");
    }

    /// Guessing by the beliefs as well (or alone), and going back (instead of restarting) to before the
    /// first guess a doubt rejects — here a doubt drawn at random, as the beliefs' doubts may
    /// fall anywhere — the search still finds every picture exactly once.
    #[test]
    fn going_back_before_doubted_guesses_finds_exactly_every_solution() {
        let mut doubted = 0;
        let mut s = 0x9E37_79B9_7F4A_7C15u64;
        let mut puzzles = 0;
        finds_exactly_every_solution(
            5..=6,
            1,
            |c| {
                // Every other puzzle, the beliefs alone and no counts.
                puzzles += 1;
                let mut guide = Guide::new(c);
                let alone = puzzles % 2 == 0;
                guide.believe(Beliefs::at_root(c, &Board::new(c), alone), alone);
                guide
            },
            |l, _| {
                let before = l.t.level_now();
                l.back_before_first_doubt(|_, _| next(&mut s).is_multiple_of(3));
                doubted += usize::from(l.t.level_now() < before);
            },
            JUMP_AT_MOST,
        );
        assert!(
            doubted > 5,
            "{doubted} searches went back before a doubted guess"
        );
    }
}
