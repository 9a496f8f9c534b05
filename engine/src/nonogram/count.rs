//! How many placements of a line's clue agree with its known cells, and in what share of them
//! each cell is filled: the search's guide for which cell to guess and which way first.
//!
//! The line rule answers "can this cell be filled, can it be empty"; this answers "how often".
//! The same left/right programme as the rule (`fast.rs`), over counts instead of bit sets: on the
//! line padded with an empty cell at each end (`m = n + 2` cells), `F[j][p]` counts the ways
//! cells `0..p` hold the first `j` runs with cell `p − 1` empty, `B[j][q]` the ways cells `q..m`
//! hold runs `j..k` with cell `q` empty. A placement leaves cell `p` empty with `j` runs before
//! it in exactly `F[j][p + 1] · B[j][p]` ways. Counts are `f64`: they reach `C(509, 254)`, far
//! past any integer word, and a share needs no more than a float's precision.

use super::bits::Bits;

/// Buffers kept by whoever counts many lines.
#[derive(Clone, Debug, Default)]
pub(crate) struct Counter {
    /// Per padded cell, 1 when it can be empty, else 0: a factor, so that a count is reset at
    /// a filled cell without a branch.
    can_empty: Vec<f64>,
    /// From each padded cell, how many cells in a row can be filled.
    fillable: Vec<u32>,
    /// Per run, the first cell it may start at when the runs before it are packed left.
    lo: Vec<usize>,
    /// Per padded cell, the weight of the placements that leave it empty.
    none: Vec<f64>,
}

/// One line's counts, kept from one count of it to the next: `F[j][p]` depends only on the
/// cells before `p` and `B[j][q]` only on the cells from `q` on, so after a few cells change
/// (a guess and what it fixes) only the entries right of the first change and left of the last
/// are worked out again.
#[derive(Clone, Debug, Default)]
pub(crate) struct Kept<B> {
    /// The known cells (filled, empty) the tables are the counts of, if they are whole.
    key: Option<(B, B)>,
    fwd: Vec<f64>,
    bwd: Vec<f64>,
}

/// The cells runs `lens` need with one empty cell after each: a line of `n` cells holds them
/// when this is at most `n + 1`.
pub(crate) fn cells_needed(lens: &[u32]) -> usize {
    lens.iter().map(|&len| len as usize + 1).sum()
}

/// log2 of the number of placements of runs `lens` on a line of `n` cells with none known:
/// `C(slack + k, k)` for `k` runs and `slack` cells left over once each run has one empty cell
/// after it. 0 when there is none (`-inf` would poison sums).
pub(crate) fn log2_placements(lens: &[u32], n: usize) -> f64 {
    let k = lens.len();
    let need = cells_needed(lens);
    let Some(slack) = (n + 1).checked_sub(need) else {
        return 0.0;
    };
    (0..k)
        .map(|i| ((slack + k - i) as f64).log2() - ((i + 1) as f64).log2())
        .sum()
}

/// log2 of the number of pictures a random grid of the puzzle's size would be expected to give
/// every clue, were its lines independent: every line's placements multiplied, against the
/// `2^cells` grids. Far above 0, the clues leave a vast choice; far below, they pin the picture
/// down; near 0, random puzzles are at their threshold, where every known search is slowest.
pub(crate) fn log2_expected_pictures(c: &super::board::Compiled) -> f64 {
    let lines: f64 = (0..c.lines())
        .map(|l| log2_placements(c.runs_of(l), c.len_of(l)))
        .sum();
    lines - (c.width * c.height) as f64
}

/// The entries a [`Kept`] holds for a line of `n` cells with runs `lens`, both tables together.
pub(crate) fn kept_entries(lens: &[u32], n: usize) -> usize {
    let need = cells_needed(lens);
    2 * (lens.len() + 1) * (n + 3).saturating_sub(need)
}

impl<B> Kept<B> {
    /// Lets the next count work out every entry.
    pub(crate) fn forget(&mut self) {
        self.key = None;
    }
}

/// 1 when a run of `len` fits in `fillable` cells, else 0.
#[inline(always)]
fn fits(fillable: u32, len: u32) -> f64 {
    f64::from(u8::from(fillable >= len))
}

/// What one row of the counts reads: the can-be-empty factors from its first cell, the fillable
/// stretches from where its run may start, and the length of that run.
type Row<'a> = (&'a [f64], &'a [u32], u32);

/// How many rows to take in one loop when `left` are still to do.
fn rows_at_once(left: usize) -> usize {
    match left {
        1 => 1,
        2 | 3 => 2,
        _ => 4,
    }
}

/// Rows `j..j + R` of the forward counts (`F[i][lo[i] + t]`, `t` in `0..width`), each from the
/// row before, the first from `prev`: cell `p − 1` empty after either nothing new or run
/// `i − 1` ending just before it. Each row's entries follow from the entry before, a chain of
/// additions; taking `R` rows in one loop gives the processor `R` chains at once. Row `j + r`
/// reads `row[r]`: the factors from its first cell, the stretches from the row before's.
///
/// Entries before `from` (at least 1) are taken as they are.
fn forward_rows<const R: usize>(prev: &[f64], rows: &mut [f64], row: [Row; R], from: usize) {
    let width = prev.len();
    let rows = &mut rows[..R * width];
    let ce = row.map(|(c, _, _)| &c[..width - 1]);
    let run = row.map(|(_, r, _)| &r[..width]);
    let len = row.map(|(_, _, l)| l);
    let mut acc = [0.0f64; R];
    for r in 0..R {
        rows[r * width] = 0.0;
        acc[r] = rows[r * width + from - 1];
    }
    for t in from..width {
        let mut carry = prev[t];
        for r in 0..R {
            acc[r] = ce[r][t - 1] * (acc[r] + fits(run[r][t], len[r]) * carry);
            rows[r * width + t] = acc[r];
            carry = acc[r];
        }
    }
}

/// Rows `j − 1` down to `j − R` of the backward counts (`B[i][lo[i] + t]`), each from the row
/// after, the first from `next` (row `j`); `rows` holds them in order, row `j − R` first.
/// Row `j − 1 − r` reads `row[r]`: the factors from its first cell, the stretches from one cell
/// after it.
///
/// Entries after `to` (at most `width − 2`) are taken as they are.
fn backward_rows<const R: usize>(next: &[f64], rows: &mut [f64], row: [Row; R], to: usize) {
    let width = next.len();
    let rows = &mut rows[..R * width];
    let ce = row.map(|(c, _, _)| &c[..width - 1]);
    let run = row.map(|(_, r, _)| &r[..width - 1]);
    let len = row.map(|(_, _, l)| l);
    let mut acc = [0.0f64; R];
    for r in 0..R {
        rows[(R - 1 - r) * width + width - 1] = 0.0;
        acc[r] = rows[(R - 1 - r) * width + to + 1];
    }
    for t in (0..=to).rev() {
        let mut carry = next[t];
        for r in 0..R {
            acc[r] = ce[r][t] * (acc[r] + fits(run[r][t], len[r]) * carry);
            rows[(R - 1 - r) * width + t] = acc[r];
            carry = acc[r];
        }
    }
}

impl Counter {
    /// For each of the line's `n` cells, the share of the agreeing placements of `lens` (runs,
    /// none 0) that fill it, written to `out[..n]`; `None` when no placement agrees, else the
    /// number of agreeing placements. `kept` holds the line's counts from its last count, and
    /// then this one's.
    pub(crate) fn shares<B: Bits>(
        &mut self,
        kept: &mut Kept<B>,
        lens: &[u32],
        n: usize,
        filled: B,
        empty: B,
        out: &mut [f32],
    ) -> Option<f64> {
        let k = lens.len();
        let m = n + 2;
        self.can_empty.clear();
        self.can_empty
            .extend((0..m).map(|i| f64::from(u8::from(i == 0 || i > n || !filled.has(i - 1)))));
        self.fillable.clear();
        self.fillable.resize(m + 1, 0);
        for i in (1..=n).rev() {
            if !empty.has(i - 1) {
                self.fillable[i] = self.fillable[i + 1] + 1;
            }
        }
        // Run j can only lie between the first j runs packed left and the rest packed right:
        // F[j][p] and B[j][q] are 0 outside p − 1, q in lo[j]..=hi[j].
        self.lo.clear();
        self.lo.push(0);
        for &len in lens {
            let last = self.lo[self.lo.len() - 1];
            self.lo.push(last + len as usize + 1);
        }
        let need = self.lo[k];
        if need > n + 1 {
            return None;
        }
        // Run j's places lie in a band of the same width for every j: `F[j][p]` is 0 but for
        // `p` in `lo[j]..lo[j] + width`, and so is `B[j][q]`. Each row is kept as its band,
        // `F[j][lo[j] + t]` at `j · width + t`, and every entry is written, so nothing is
        // cleared first.
        let width = m + 1 - need;
        let size = (k + 1) * width;
        // The padded positions to work out again: `F` from `from` on, `B` up to `to`; all of
        // them when nothing is kept, none when the same cells are known.
        let (from, to) = match kept.key {
            Some((f0, e0)) if kept.fwd.len() == size => {
                let changed = f0.xor(filled).or(e0.xor(empty));
                match changed.lowest() {
                    None => (m + 1, None),
                    Some(lowest) => {
                        let highest = B::BITS - 1 - changed.reverse().lowest().unwrap_or(0);
                        (lowest + 2, Some(highest + 1))
                    }
                }
            }
            _ => {
                kept.fwd.clear();
                kept.fwd.resize(size, 0.0);
                kept.bwd.clear();
                kept.bwd.resize(size, 0.0);
                (1, Some(m - 1))
            }
        };
        // Until both tables are the counts of these cells.
        kept.key = None;
        let (ce, run, lo) = (&self.can_empty, &self.fillable, &self.lo);
        let f = &mut kept.fwd[..size];
        // No run yet: the padded first cell is empty, and every cell after it up to p − 1 must
        // be able to be.
        f[0] = 0.0;
        f[1] = 1.0;
        for t in from.max(2)..width {
            f[t] = ce[t - 1] * f[t - 1];
        }
        // Each row's entries follow from the entry before, a chain of additions; up to four
        // rows are taken in one loop, so that the processor works on as many chains at once.
        // A group starts at the first entry its last row (the one furthest right) must redo.
        let mut j = 1;
        while j <= k {
            let (before, rest) = f.split_at_mut(j * width);
            let prev = &before[(j - 1) * width..];
            let row =
                |r: usize| -> Row { (&ce[lo[j + r]..], &run[lo[j + r - 1]..], lens[j + r - 1]) };
            let group = rows_at_once(k + 1 - j);
            let start = from.saturating_sub(lo[j + group - 1]).max(1);
            if start < width {
                match group {
                    1 => forward_rows::<1>(prev, rest, std::array::from_fn(row), start),
                    2 => forward_rows::<2>(prev, rest, std::array::from_fn(row), start),
                    _ => forward_rows::<4>(prev, rest, std::array::from_fn(row), start),
                }
            }
            j += group;
        }
        let total = f[k * width + width - 1];
        if total <= 0.0 {
            return None;
        }
        let b = &mut kept.bwd[..size];
        // The last entry a row starting at `lo` must redo, if any.
        let top = |lo: usize| to.and_then(|q| q.checked_sub(lo)).map(|t| t.min(width - 2));
        {
            // The last row: no run left, every cell from q to the padded end can be empty.
            let last = &mut b[k * width..];
            last[width - 1] = 0.0;
            last[width - 2] = 1.0;
            if let Some(t0) = top(lo[k]) {
                for t in (0..(t0 + 1).min(width - 2)).rev() {
                    last[t] = ce[lo[k] + t] * last[t + 1];
                }
            }
        }
        let mut j = k;
        while j > 0 {
            let (head, after) = b.split_at_mut(j * width);
            let next = &after[..width];
            let row = |r: usize| -> Row {
                (
                    &ce[lo[j - 1 - r]..],
                    &run[lo[j - 1 - r] + 1..],
                    lens[j - 1 - r],
                )
            };
            let group = rows_at_once(j);
            // The group's last row (the one furthest left) redoes the most.
            if let Some(t0) = top(lo[j - group]) {
                let rows = &mut head[(j - group) * width..];
                match group {
                    1 => backward_rows::<1>(next, rows, std::array::from_fn(row), t0),
                    2 => backward_rows::<2>(next, rows, std::array::from_fn(row), t0),
                    _ => backward_rows::<4>(next, rows, std::array::from_fn(row), t0),
                }
            }
            j -= group;
        }
        kept.key = Some((filled, empty));
        self.none.clear();
        self.none.resize(m, 0.0);
        for j in 0..=k {
            let (fr, br) = (
                &f[j * width..(j + 1) * width],
                &b[j * width..(j + 1) * width],
            );
            if lo[j] > n {
                continue;
            }
            // Cells p = lo[j] + t from cell 1, up to the last real cell n and the band's end.
            let first = usize::from(lo[j] == 0);
            let last = (width - 2).min(n - lo[j]);
            if first > last {
                continue;
            }
            let none = &mut self.none[lo[j] + first..=lo[j] + last];
            let (fr, br) = (&fr[first + 1..=last + 1], &br[first..=last]);
            for ((e, &x), &y) in none.iter_mut().zip(fr).zip(br) {
                *e += x * y;
            }
        }
        for (o, &e) in out[..n].iter_mut().zip(&self.none[1..=n]) {
            *o = (1.0 - e / total).clamp(0.0, 1.0) as f32;
        }
        Some(total)
    }
}

#[cfg(test)]
mod tests {
    use super::{Counter, Kept, log2_placements};
    use crate::nonogram::model::Cell;
    use crate::nonogram::rule::{agrees, masks, placements, runs};
    use crate::nonogram::testing::{next, random_line};

    /// The first-moment estimate's count of a line's placements is the number of placements
    /// listed one by one, empty clues and clues that fill the line included.
    #[test]
    fn log2_placements_is_log2_of_listing_every_placement() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for n in 1..=16usize {
            for _ in 0..40 {
                let mut clue = vec![];
                let mut used = 0;
                while used < n && !next(&mut seed).is_multiple_of(4) {
                    let len = 1 + (next(&mut seed) % (n - used) as u64) as usize;
                    clue.push(len as u32);
                    used += len + 1;
                }
                let listed = placements(&clue, n).len() as f64;
                let counted = log2_placements(&runs(&clue), n);
                assert!((counted - listed.log2()).abs() < 1e-9, "{clue:?} on {n}");
            }
        }
    }

    /// A line counted again after some of its cells changed (one, a few, many or none, some
    /// states with no placement) gives exactly the shares of counting it afresh.
    #[test]
    fn counting_again_after_cells_change_is_counting_afresh() {
        let mut seed = 0x5DEE_CE66_D1CE_4E5Bu64;
        let mut counter = Counter::default();
        let (mut counted, mut none) = (0, 0);
        for _ in 0..300 {
            let n = (next(&mut seed) % 40) as usize + 1;
            let k = (next(&mut seed) % 9) as usize;
            let clue: Vec<u32> = (0..k).map(|_| (next(&mut seed) % 4) as u32 + 1).collect();
            let mut known = vec![Cell::Unknown; n];
            let mut kept = Kept::default();
            for _ in 0..30 {
                let changes = match next(&mut seed) % 4 {
                    0 => 0,
                    1 => 1,
                    2 => 3,
                    _ => n,
                };
                for _ in 0..changes {
                    let i = (next(&mut seed) % n as u64) as usize;
                    known[i] = match next(&mut seed) % 4 {
                        0 => Cell::Filled,
                        1 => Cell::Empty,
                        _ => Cell::Unknown,
                    };
                }
                let (f, e) = masks::<u64>(&known);
                let (mut again, mut afresh) = (vec![0f32; n], vec![0f32; n]);
                let got = counter.shares(&mut kept, &clue, n, f, e, &mut again);
                let want = counter.shares(&mut Kept::default(), &clue, n, f, e, &mut afresh);
                assert_eq!(got, want, "{clue:?} {known:?}");
                if got.is_some() {
                    assert_eq!(again, afresh, "{clue:?} {known:?}");
                    counted += 1;
                } else {
                    none += 1;
                }
            }
        }
        assert!(
            counted > 1000 && none > 1000,
            "{counted} counted, {none} with no placement"
        );
    }

    #[test]
    fn shares_are_the_counts_of_listing_every_placement() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut counter = Counter::default();
        // Up to seven runs: the counts take four rows at a time, then two, then one.
        for _ in 0..4000 {
            let (clue, known) = random_line(&mut seed, 20, 7, 6);
            let n = known.len();
            let agreeing: Vec<Vec<Cell>> = placements(&clue, n)
                .into_iter()
                .filter(|p| agrees(p, &known))
                .collect();
            let (f, e) = masks::<u64>(&known);
            let mut out = vec![0f32; n];
            let got = counter.shares(&mut Kept::default(), &clue, n, f, e, &mut out);
            if agreeing.is_empty() {
                assert_eq!(got, None, "{clue:?} {known:?}");
                continue;
            }
            assert_eq!(got, Some(agreeing.len() as f64), "{clue:?} {known:?}");
            for (i, share) in out.iter().enumerate() {
                let filled = agreeing.iter().filter(|p| p[i] == Cell::Filled).count();
                let want = filled as f32 / agreeing.len() as f32;
                assert!((share - want).abs() < 1e-5, "{clue:?} {known:?} cell {i}");
            }
        }
    }
}
