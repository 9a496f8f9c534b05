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
    fwd: Vec<f64>,
    bwd: Vec<f64>,
    can_empty: Vec<bool>,
    /// From each padded cell, how many cells in a row can be filled.
    fillable: Vec<u32>,
    /// Per run, the first cell it may start at when the runs before it are packed left.
    lo: Vec<usize>,
    /// Per padded cell, the weight of the placements that leave it empty.
    none: Vec<f64>,
}

impl Counter {
    /// For each of the line's `n` cells, the share of the agreeing placements of `lens` (runs,
    /// none 0) that fill it, written to `out[..n]`; `None` when no placement agrees, else the
    /// number of agreeing placements.
    pub(crate) fn shares<B: Bits>(
        &mut self,
        lens: &[u32],
        n: usize,
        filled: B,
        empty: B,
        out: &mut [f32],
    ) -> Option<f64> {
        let k = lens.len();
        let m = n + 2;
        let w = m + 1;
        self.can_empty.clear();
        self.can_empty
            .extend((0..m).map(|i| i == 0 || i > n || !filled.has(i - 1)));
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
        let hi = |j: usize| m - 1 - (need - self.lo[j]);
        let (ce, run, lo) = (&self.can_empty, &self.fillable, &self.lo);
        self.fwd.clear();
        self.fwd.resize((k + 1) * w, 0.0);
        let f = &mut self.fwd;
        f[1] = 1.0;
        for j in 0..=k {
            for p in (lo[j] + 1).max(2)..=hi(j) + 1 {
                if !ce[p - 1] {
                    continue;
                }
                let mut v = f[j * w + p - 1];
                if j > 0 {
                    let len = lens[j - 1] as usize;
                    let s = p - 1 - len;
                    if run[s] as usize >= len {
                        v += f[(j - 1) * w + s];
                    }
                }
                f[j * w + p] = v;
            }
        }
        let total = f[k * w + m];
        if total <= 0.0 {
            return None;
        }
        self.bwd.clear();
        self.bwd.resize((k + 1) * w, 0.0);
        let b = &mut self.bwd;
        b[k * w + m - 1] = 1.0;
        for j in (0..=k).rev() {
            for q in (lo[j]..=hi(j).min(m - 2)).rev() {
                if !ce[q] {
                    continue;
                }
                let mut v = b[j * w + q + 1];
                if j < k {
                    let len = lens[j] as usize;
                    let (s, e) = (q + 1, q + 1 + len);
                    if run[s] as usize >= len {
                        v += b[(j + 1) * w + e];
                    }
                }
                b[j * w + q] = v;
            }
        }
        self.none.clear();
        self.none.resize(m, 0.0);
        for j in 0..=k {
            for p in lo[j].max(1)..=hi(j).min(n) {
                self.none[p] += f[j * w + p + 1] * b[j * w + p];
            }
        }
        for p in 1..=n {
            out[p - 1] = (1.0 - self.none[p] / total).clamp(0.0, 1.0) as f32;
        }
        Some(total)
    }
}

#[cfg(test)]
mod tests {
    use super::Counter;
    use crate::nonogram::model::Cell;
    use crate::nonogram::rule::{agrees, masks, placements};

    /// A small xorshift, so the test needs no generator crate.
    fn next(s: &mut u64) -> u64 {
        *s ^= *s << 13;
        *s ^= *s >> 7;
        *s ^= *s << 17;
        *s
    }

    #[test]
    fn shares_are_the_counts_of_listing_every_placement() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut counter = Counter::default();
        for _ in 0..3000 {
            let n = (next(&mut seed) % 16) as usize + 1;
            let k = (next(&mut seed) % 5) as usize;
            let clue: Vec<u32> = (0..k).map(|_| (next(&mut seed) % 4) as u32 + 1).collect();
            let known: Vec<Cell> = (0..n)
                .map(|_| match next(&mut seed) % 6 {
                    0 => Cell::Filled,
                    1 => Cell::Empty,
                    _ => Cell::Unknown,
                })
                .collect();
            let agreeing: Vec<Vec<Cell>> = placements(&clue, n)
                .into_iter()
                .filter(|p| agrees(p, &known))
                .collect();
            let (f, e) = masks::<u64>(&known);
            let mut out = vec![0f32; n];
            let got = counter.shares(&clue, n, f, e, &mut out);
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
