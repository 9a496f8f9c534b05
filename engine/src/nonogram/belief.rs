//! Belief propagation over the picture: each line tells each of its cells how likely it is
//! filled, given what the crossing lines tell the line's other cells.
//!
//! The guide's counts (`count.rs`) take every placement of a line as equally likely. Here a
//! line weighs each placement by what the crossing lines say of its cells: a line's message
//! to a cell is the share of the weighted placements that fill it, with the cell's own weight
//! taken out again (so that no line hears back its own voice). Lines are worked out again, first
//! queued first, until the messages settle; a cell's belief is the product of its two messages.
//!
//! On random pictures where the clues pin the picture down (60×60 at density 0.50), the
//! settled beliefs are the picture itself on all but a few dozen cells, while each line's counts
//! alone are close to a coin toss on every cell.

use super::bits::Bits;
use super::board::{Board, Compiled};
use super::count::cells_needed;
use std::collections::VecDeque;

/// Messages are kept within this distance of 0 and 1, so that a message that is almost sure can
/// still change, and a product of odds along a line stays a finite float for lines of up to
/// about 100 cells (past that it may not; such a line then says nothing, see `line`).
const EDGE: f64 = 1e-3;

/// Each new message is this share of the old one and the rest the new: undamped sweeps swing.
const DAMPING: f64 = 0.5;

/// Beliefs at the root: at most this many sweeps' worth of lines where they will score the
/// cells alone, and `ROOT_SWEEPS_VOTING` where they will be a third vote beside the lines'
/// counts. Either way the root rarely settles before; fewer sweeps lose everywhere, more lose
/// where the beliefs score alone (docs/nonogram-solver.md).
const ROOT_SWEEPS_ALONE: usize = 30;
const ROOT_SWEEPS_VOTING: usize = 60;
/// At the root, lines are worked out again until no message moves by more than this.
const SETTLED: f64 = 1e-3;
/// A belief past this (or below 1 − it) is sure.
const SURE: f64 = 0.9;

/// The messages, kept from one refresh to the next so that each starts where the last ended.
pub(crate) struct Beliefs<B> {
    /// The longest line: line `l`'s message to its cell `i` is at `l × stride + i`.
    stride: usize,
    height: usize,
    width: usize,
    /// Per line and cell, the chance the line gives the cell to be filled.
    message: Vec<f64>,
    /// Per line, the known cells its messages were last worked out for.
    seen: Vec<Option<(B, B)>>,
    /// Lines whose messages are to be worked out again, each once.
    queue: VecDeque<usize>,
    queued: Vec<bool>,
    /// Cells (row by row) whose belief moved since the last [`Beliefs::take_touched`].
    touched: Vec<u32>,
    is_touched: Vec<bool>,
    /// One line's buffers.
    odds: Vec<f64>,
    moved: Vec<f64>,
    tables: Tables,
}

impl<B: Bits> Beliefs<B> {
    fn new(c: &Compiled) -> Beliefs<B> {
        let stride = c.width.max(c.height);
        Beliefs {
            stride,
            height: c.height,
            width: c.width,
            message: vec![0.5; c.lines() * stride],
            seen: vec![None; c.lines()],
            queue: (0..c.lines()).collect(),
            queued: vec![true; c.lines()],
            touched: Vec::new(),
            is_touched: vec![false; c.width * c.height],
            odds: Vec::new(),
            moved: Vec::new(),
            tables: Tables::default(),
        }
    }

    /// Beliefs worked out on `board` until no message moves by more than `SETTLED`, or
    /// `ROOT_SWEEPS_ALONE` times as many lines as the puzzle has when they are to score the
    /// cells `alone`, else `ROOT_SWEEPS_VOTING` times.
    pub fn at_root(c: &Compiled, board: &Board<B>, alone: bool) -> Beliefs<B> {
        let sweeps = if alone {
            ROOT_SWEEPS_ALONE
        } else {
            ROOT_SWEEPS_VOTING
        };
        let mut beliefs = Beliefs::new(c);
        beliefs.refresh(c, board, sweeps * c.lines(), SETTLED);
        beliefs.touched.clear();
        beliefs.is_touched.fill(false);
        beliefs
    }

    /// Whether the beliefs are sure that `cell` (row by row) is `filled`.
    pub fn is_sure(&self, cell: usize, filled: bool) -> bool {
        let b = self.belief(cell);
        if filled { b > SURE } else { b < 1.0 - SURE }
    }

    /// Works out again the lines whose known cells changed, then, up to `budget` lines in all,
    /// the lines whose crossing lines moved a message to them by more than `tolerance`, first
    /// queued first. What is left waits for the next call. Returns the lines taken from the
    /// queue (a line whose cells are all known is taken and skipped).
    pub fn refresh(
        &mut self,
        c: &Compiled,
        board: &Board<B>,
        budget: usize,
        tolerance: f64,
    ) -> usize {
        for l in 0..c.lines() {
            if self.seen[l] != Some((board.f[l], board.e[l])) {
                self.enqueue(l);
            }
        }
        let mut done = 0;
        while done < budget {
            let Some(l) = self.queue.pop_front() else {
                break;
            };
            self.queued[l] = false;
            done += 1;
            self.seen[l] = Some((board.f[l], board.e[l]));
            if board.unknown_in_line(c, l).is_zero() {
                // Every cell known: no message of this line is read again (a crossing line
                // takes a known cell's odds as 1), so there is nothing to work out.
                continue;
            }
            self.line(c, board, l);
            for i in 0..self.moved.len() {
                let moved = self.moved[i];
                if moved > 0.0 {
                    let cell = self.cell(l, i);
                    if !self.is_touched[cell] {
                        self.is_touched[cell] = true;
                        self.touched.push(cell as u32);
                    }
                }
                if moved > tolerance {
                    let (crossing, _) = self.crossing(l, i);
                    self.enqueue(crossing);
                }
            }
        }
        done
    }

    /// The cells whose belief moved since the last call, row by row (`y × width + x`).
    pub fn take_touched(&mut self, out: &mut Vec<u32>) {
        out.clear();
        for &cell in &self.touched {
            self.is_touched[cell as usize] = false;
        }
        std::mem::swap(out, &mut self.touched);
    }

    /// The chance that cell `y × width + x` is filled.
    pub fn belief(&self, cell: usize) -> f64 {
        let (x, y) = (cell % self.width, cell / self.width);
        let r = self.message[y * self.stride + x];
        let k = self.message[(self.height + x) * self.stride + y];
        let yes = r * k;
        yes / (yes + (1.0 - r) * (1.0 - k))
    }

    fn enqueue(&mut self, l: usize) {
        if !self.queued[l] {
            self.queued[l] = true;
            self.queue.push_back(l);
        }
    }

    /// Cell `i` of line `l`, row by row.
    fn cell(&self, l: usize, i: usize) -> usize {
        if l < self.height {
            l * self.width + i
        } else {
            i * self.width + (l - self.height)
        }
    }

    /// The line crossing line `l` at its cell `i`, and where on it that cell is.
    fn crossing(&self, l: usize, i: usize) -> (usize, usize) {
        if l < self.height {
            (self.height + i, l)
        } else {
            (i, l - self.height)
        }
    }

    /// Line `l`'s messages to its cells, worked out again; `moved` says by how much each moved.
    fn line(&mut self, c: &Compiled, board: &Board<B>, l: usize) {
        let n = c.len_of(l);
        let (filled, empty) = (board.f[l], board.e[l]);
        self.odds.clear();
        for i in 0..n {
            let (line, at) = self.crossing(l, i);
            let q = self.message[line * self.stride + at].clamp(EDGE, 1.0 - EDGE);
            self.odds.push(if filled.has(i) || empty.has(i) {
                1.0
            } else {
                q / (1.0 - q)
            });
        }
        self.moved.clear();
        self.moved.resize(n, 0.0);
        if !weighted_shares(c.runs_of(l), &self.odds, filled, empty, &mut self.tables) {
            // No placement agrees (the line rule finds that out), or the weights left a float's
            // range on a very long line: nothing to say.
            return;
        }
        let messages = &mut self.message[l * self.stride..l * self.stride + n];
        let cells = messages
            .iter_mut()
            .zip(&self.tables.share)
            .zip(&self.odds)
            .zip(&mut self.moved);
        for (i, (((slot, &share), &odds), moved)) in cells.enumerate() {
            if filled.has(i) || empty.has(i) {
                continue;
            }
            let q = share.clamp(EDGE, 1.0 - EDGE);
            // The line's odds with the cell's own weight taken out.
            let own = q / (1.0 - q) / odds;
            let fresh = own / (1.0 + own);
            let next = DAMPING * *slot + (1.0 - DAMPING) * fresh;
            *moved = (next - *slot).abs();
            *slot = next;
        }
    }
}

/// One line's working tables, kept to spare allocations.
#[derive(Default)]
struct Tables {
    /// The product of the odds before each cell, and its inverse.
    product: Vec<f64>,
    inverse: Vec<f64>,
    /// From each cell, how many cells in a row can be filled.
    fillable: Vec<u32>,
    /// Per cell, 1 when it can be empty on its own.
    alone: Vec<f64>,
    /// Per cell up to the line's end, 1 when a run may end just before it.
    closes: Vec<f64>,
    /// Per run, where its band starts (the runs before it packed left), and past the last.
    lo: Vec<usize>,
    /// Per band entry `(j, s)`, the weight of run `j` starting there with the empty cell after
    /// it (0 when they do not agree).
    runs: Vec<f64>,
    forward: Vec<f64>,
    backward: Vec<f64>,
    /// The result: per cell, the weighted share of placements filling it.
    share: Vec<f64>,
}

/// For each cell, the weighted share of the agreeing placements of `lens` that fill it, where a
/// placement weighs the product of `odds` over the cells it fills (1 for known cells); written
/// to `t.share[..n]`. False when no placement agrees.
///
/// States `(j, p)`: `j` runs placed within cells `0..p`, cell `p − 1` empty (or `p` = 0). From
/// it, cell `p` is empty, or run `j` fills `p..p + len` and the cell after it is empty (past
/// the end, a padded empty cell). Cell `p` is empty exactly on the paths through some
/// `(j, p + 1)`. State `(j, p)` can only be reached with the first `j` runs packed left of it
/// (`p ≥ lo[j]`) and the rest fitting after it, a band of the same width for every `j`: it is
/// stored at `j · width + p − lo[j]`. A run keeps its place in the band: `(j, lo[j] + s)` leads
/// to `(j + 1, lo[j + 1] + s)`.
fn weighted_shares<B: Bits>(
    lens: &[u32],
    odds: &[f64],
    filled: B,
    empty: B,
    t: &mut Tables,
) -> bool {
    let n = odds.len();
    let k = lens.len();
    let need = cells_needed(lens);
    if need > n + 1 {
        return false;
    }
    let width = n + 2 - need;
    t.product.clear();
    t.product.push(1.0);
    let mut running = 1.0;
    t.product.extend(odds.iter().map(|&o| {
        running *= o;
        running
    }));
    t.inverse.clear();
    t.inverse.extend(t.product.iter().map(|&p| 1.0 / p));
    // Per cell, 1 when it can be empty on its own, else 0 (the padded cells past the end
    // cannot): a factor, not a branch.
    t.alone.clear();
    t.alone
        .extend((0..n + width + 2).map(|i| f64::from(u8::from(i < n && !filled.has(i)))));
    t.fillable.clear();
    t.fillable.resize(n + 1, 0);
    for i in (0..n).rev() {
        if !empty.has(i) {
            t.fillable[i] = t.fillable[i + 1] + 1;
        }
    }
    // Per cell up to `n`, 1 when a run may end just before it (it can be empty, or it is the
    // end), else 0.
    t.closes.clear();
    t.closes.extend_from_slice(&t.alone[..n]);
    t.closes.push(1.0);
    // Where each run's band starts (the runs before it packed left), and past the last run.
    t.lo.clear();
    t.lo.push(0);
    for (j, &len) in lens.iter().enumerate() {
        let next = t.lo[j] + len as usize + 1;
        t.lo.push(next);
    }
    // Every entry of the tables below is written before it is read: no need to clear them.
    t.runs.resize(k * width, 0.0);
    for (j, &len) in lens.iter().enumerate() {
        let (len, lo) = (len as usize, t.lo[j]);
        // Run `j` at `p = lo + s` must end within the line: `s ≤ n − len − lo`.
        let fits = (n + 1).saturating_sub(lo + len).min(width);
        t.runs[j * width + fits..(j + 1) * width].fill(0.0);
        let row = &mut t.runs[j * width..j * width + fits];
        let starts = t.fillable[lo..lo + fits]
            .iter()
            .zip(&t.inverse[lo..lo + fits]);
        let ends = t.product[lo + len..lo + len + fits]
            .iter()
            .zip(&t.closes[lo + len..lo + len + fits]);
        for (w, ((&fillable, &inverse), (&product, &closes))) in
            row.iter_mut().zip(starts.zip(ends))
        {
            let weight = product * inverse * closes;
            *w = if fillable as usize >= len {
                weight
            } else {
                0.0
            };
        }
    }
    let (runs, alone, los) = (&*t.runs, &*t.alone, &*t.lo);
    t.forward.resize((k + 1) * width, 0.0);
    t.backward.resize((k + 1) * width, 0.0);
    let (f, b) = (&mut *t.forward, &mut *t.backward);
    // Forward row 0: nothing placed, every cell so far empty on its own.
    let mut acc = 1.0;
    f[0] = 1.0;
    for s in 1..width {
        acc *= alone[s - 1];
        f[s] = acc;
    }
    {
        // Backward row k: every cell left empty on its own, up to cell n.
        let row = &mut b[k * width..];
        row[width - 1] = 1.0;
        if width >= 2 {
            row[width - 2] = 1.0;
            let e = &alone[los[k]..];
            for s in (0..width - 2).rev() {
                row[s] = e[s] * row[s + 1];
            }
        }
    }
    // Forward row `step` and backward row `k − step` together: two chains of dependent
    // multiply-adds that the processor overlaps, where one alone waits on each step.
    for step in 1..=k {
        let (before, row) = f.split_at_mut(step * width);
        let (prev, fr) = (&before[(step - 1) * width..], &mut row[..width]);
        let (fw, fe) = (
            &runs[(step - 1) * width..step * width],
            &alone[los[step]..los[step] + width],
        );
        let j = k - step;
        let (head, after) = b.split_at_mut((j + 1) * width);
        let (br, next) = (&mut head[j * width..], &after[..width]);
        let (bw, be) = (
            &runs[j * width..(j + 1) * width],
            &alone[los[j]..los[j] + width],
        );
        let mut forward = prev[0] * fw[0];
        fr[0] = forward;
        let mut backward = bw[width - 1] * next[width - 1];
        br[width - 1] = backward;
        for s in 1..width {
            forward = fe[s - 1] * forward + prev[s] * fw[s];
            fr[s] = forward;
            let r = width - 1 - s;
            backward = be[r] * backward + bw[r] * next[r];
            br[r] = backward;
        }
    }
    // The band's last state is past the padded cell; the one before it, at cell n.
    let at_end = if width >= 2 {
        f[k * width + width - 2]
    } else {
        0.0
    };
    let total = at_end + f[k * width + width - 1];
    if !(total > 0.0 && total.is_finite()) {
        return false;
    }
    let mut lo = 0;
    t.share.clear();
    t.share.resize(n + 1, 0.0);
    for j in 0..=k {
        // State (j, p) says cell p − 1 is empty: p = lo + s from 1 up to n.
        let (fr, br) = (
            &f[j * width..(j + 1) * width],
            &b[j * width..(j + 1) * width],
        );
        let first = usize::from(lo == 0);
        let last = (width - 1).min(n - lo.min(n));
        if lo <= n && first <= last {
            let none = &mut t.share[lo + first - 1..lo + last];
            for ((e, &x), &y) in none
                .iter_mut()
                .zip(&fr[first..=last])
                .zip(&br[first..=last])
            {
                *e += x * y;
            }
        }
        if j < k {
            lo += lens[j] as usize + 1;
        }
    }
    t.share.truncate(n);
    let scale = 1.0 / total;
    for e in t.share.iter_mut() {
        *e = (1.0 - *e * scale).clamp(0.0, 1.0);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::{Tables, weighted_shares};
    use crate::nonogram::model::Cell;
    use crate::nonogram::rule::{agrees, masks, placements, runs};
    use crate::nonogram::testing::{next, random_line};

    /// The weighted shares are those of listing every agreeing placement with its weight (the
    /// product of the odds of the unknown cells it fills): on 3,000 random lines of up to 16
    /// cells with random known cells and random odds.
    #[test]
    fn weighted_shares_are_those_of_listing_every_placement() {
        let mut seed = 0x1234_5678_9abc_def1u64;
        let mut t = Tables::default();
        for _ in 0..3000 {
            let (clue, cells) = random_line(&mut seed, 16, 6, 5);
            let n = cells.len();
            let odds: Vec<f64> = (0..n)
                .map(|i| {
                    if cells[i].is_known() {
                        1.0
                    } else {
                        (1 + next(&mut seed) % 40) as f64 / 8.0
                    }
                })
                .collect();
            let (filled, empty) = masks::<u64>(&cells);
            let mut weight = 0.0;
            let mut fills = vec![0.0; n];
            for p in placements(&clue, n) {
                if !agrees(&p, &cells) {
                    continue;
                }
                let w: f64 = (0..n)
                    .filter(|&i| p[i] == Cell::Filled && !cells[i].is_known())
                    .map(|i| odds[i])
                    .product();
                weight += w;
                for (fill, &cell) in fills.iter_mut().zip(&p) {
                    if cell == Cell::Filled {
                        *fill += w;
                    }
                }
            }
            let runs = runs(&clue);
            let some = weighted_shares(&runs, &odds, filled, empty, &mut t);
            assert_eq!(some, weight > 0.0, "{clue:?} {cells:?}");
            if some {
                for (i, (&got, &fill)) in t.share.iter().zip(&fills).enumerate() {
                    let want = fill / weight;
                    assert!(
                        (got - want).abs() < 1e-9,
                        "{clue:?} {cells:?} {odds:?} cell {i}: {got} against {want}"
                    );
                }
            }
        }
    }
}
