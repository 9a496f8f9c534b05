//! The line rule as a left/right dynamic programme over bit sets: for a clue of `k` runs on a
//! line of `n` cells it costs `O(k · log n)` word operations, with no placement ever listed.
//!
//! # How it works
//! The line is padded with a virtual empty cell at each end, so it has `m = n + 2` cells, cell 0
//! and cell `m − 1` empty, and every run is followed by an empty cell. Two masks describe what is
//! known: `can_fill` (cells not known empty) and `can_empty` (cells not known filled).
//!
//! - `F[j]`, **from the left**: the positions `p` such that cells `0..p` can hold the first `j`
//!   runs, agreeing with the known cells, with cell `p − 1` empty.
//!   `F[0]` is every `p` reached from 1 across cells that can be empty; run `j` of length `len`
//!   can start at `s` when `s ∈ F[j]`, cells `s..s+len` can be filled and cell `s + len` can be
//!   empty (`S[j]`, the starts); then `s + len + 1 ∈ F[j+1]`, and so is every position reached
//!   from there across cells that can be empty. Reaching across a stretch of cells is one
//!   addition: `fill(P, M) = P | ((M + (P & M)) ^ M)` (the carry runs through `M`'s ones).
//! - `G[j]`, **from the right**: the positions `q` such that cells `q..m` can hold runs `j..k`
//!   with cell `q` empty. It is `F` of the reversed line and clue, read backwards.
//!
//! The line has a placement that agrees with the known cells when `m ∈ F[k]`. Then run `j` has
//! an agreeing placement starting at `s` exactly when `s ∈ S[j]` and `s + len ∈ G[j+1]`, so the
//! cells some placement fills are the union of those placements; and cell `p` is empty in some
//! placement exactly when, for some `j`, `p + 1 ∈ F[j]` and `p ∈ G[j]` (runs `0..j` before it,
//! the rest after it). The rule fixes a cell when only one of the two is possible.

use super::bits::Bits;

/// Buffers for the line rule, kept by whoever runs it many times: `k + 1` sets each way.
#[derive(Clone, Debug, Default)]
pub(crate) struct Scratch<B> {
    /// `F[j]`, from the left.
    fwd: Vec<B>,
    /// `S[j]`, the starts found from the left.
    starts: Vec<B>,
    /// `F[j]` of the reversed line.
    bwd: Vec<B>,
}

impl<B: Bits> Scratch<B> {
    /// Buffers for clues of up to `runs` runs.
    pub(crate) fn new(runs: usize) -> Scratch<B> {
        Scratch {
            fwd: vec![B::zero(); runs + 1],
            starts: vec![B::zero(); runs + 1],
            bwd: vec![B::zero(); runs + 1],
        }
    }

    fn ensure(&mut self, runs: usize) {
        if self.fwd.len() < runs + 1 {
            *self = Scratch::new(runs);
        }
    }
}

/// What the rule allows on a line: the cells that some agreeing placement fills, and those
/// that some agreeing placement leaves empty. A cell in only one of the two is fixed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Reach<B> {
    /// Cells filled by some agreeing placement.
    pub can_fill: B,
    /// Cells left empty by some agreeing placement.
    pub can_empty: B,
}

/// Every position reached from a position of `p` by stepping across cells of `m`.
#[inline(always)]
fn fill<B: Bits>(p: B, m: B) -> B {
    p.or(m.add(p.and(m)).xor(m))
}

/// The positions `s` with cells `s..s+len` all in `c` (`len ≥ 1`).
#[inline(always)]
fn runs<B: Bits>(c: B, len: usize) -> B {
    let mut r = c;
    let mut have = 1;
    while have * 2 <= len {
        r = r.and(r.shr(have));
        have *= 2;
    }
    if have < len {
        r = r.and(r.shr(len - have));
    }
    r
}

/// Cells `s..s+len` for every `s` in `x` (`len ≥ 1`).
#[inline(always)]
fn spread<B: Bits>(x: B, len: usize) -> B {
    let mut y = x;
    let mut have = 1;
    while have * 2 <= len {
        y = y.or(y.shl(have));
        have *= 2;
    }
    if have < len {
        y = y.or(y.shl(len - have));
    }
    y
}

/// `F` (and the starts, when asked) over a padded line of `m` cells. Returns whether `m ∈ F[k]`.
#[inline(always)]
fn forward<B: Bits>(
    lens: &[u32],
    reversed: bool,
    m: usize,
    can_fill: B,
    can_empty: B,
    f: &mut [B],
    mut starts: Option<&mut [B]>,
) -> bool {
    let k = lens.len();
    f[0] = fill(B::bit(1), can_empty);
    for j in 0..k {
        let len = lens[if reversed { k - 1 - j } else { j }] as usize;
        let s = f[j].and(runs(can_fill, len)).and(can_empty.shr(len));
        if let Some(st) = starts.as_deref_mut() {
            st[j] = s;
        }
        if s.is_zero() {
            for later in f.iter_mut().take(k + 1).skip(j + 1) {
                *later = B::zero();
            }
            return false;
        }
        f[j + 1] = fill(s.shl(len + 1), can_empty);
    }
    f[k].has(m)
}

/// The padded masks of a line of `n` cells with these known cells.
#[inline(always)]
fn padded<B: Bits>(n: usize, filled: B, empty: B) -> (B, B) {
    let all = B::low(n);
    let can_fill = all.and_not(empty).shl(1);
    let can_empty = all.and_not(filled).shl(1).or(B::bit(0)).or(B::bit(n + 1));
    (can_fill, can_empty)
}

/// The line rule: what the placements of `lens` (runs, none of them 0) that agree with the known
/// cells allow on a line of `n` cells (`n + 3 ≤ B::BITS`); `None` when no placement agrees.
/// `filled` and `empty` must not share a bit, nor have bits at or past `n`.
#[inline]
pub(crate) fn reach<B: Bits>(
    lens: &[u32],
    n: usize,
    filled: B,
    empty: B,
    scratch: &mut Scratch<B>,
) -> Option<Reach<B>> {
    let k = lens.len();
    scratch.ensure(k);
    let m = n + 2;
    let (can_fill, can_empty) = padded(n, filled, empty);
    let Scratch { fwd, starts, bwd } = scratch;
    if !forward(lens, false, m, can_fill, can_empty, fwd, Some(starts)) {
        return None;
    }
    // The reversed line: bit i ↦ m − 1 − i.
    let rev = |x: B| x.reverse().shr(B::BITS - m);
    let ok = forward(lens, true, m, rev(can_fill), rev(can_empty), bwd, None);
    debug_assert!(
        ok,
        "a line that has a placement from the left has one from the right"
    );
    // G[j] = bwd[k − j] read backwards: bit p' ↦ m − p'.
    let g = |j: usize| bwd[k - j].reverse().shr(B::BITS - 1 - m);
    let mut fills = B::zero();
    let mut empties = fwd[k].shr(1).and(g(k));
    // Each G[j] once: reversing a set is the dearest step here.
    let mut g_j = g(0);
    for j in 0..k {
        let len = lens[j] as usize;
        let g_next = g(j + 1);
        let valid = starts[j].and(g_next.shr(len));
        fills = fills.or(spread(valid, len));
        empties = empties.or(fwd[j].shr(1).and(g_j));
        g_j = g_next;
    }
    let all = B::low(n);
    Some(Reach {
        can_fill: fills.shr(1).and(all),
        can_empty: empties.shr(1).and(all),
    })
}

/// Whether some placement of `lens` agrees with the known cells: [`reach`]'s first pass alone,
/// about a third of its work, for when only that is asked.
#[inline]
pub(crate) fn agrees<B: Bits>(
    lens: &[u32],
    n: usize,
    filled: B,
    empty: B,
    scratch: &mut Scratch<B>,
) -> bool {
    scratch.ensure(lens.len());
    let (can_fill, can_empty) = padded(n, filled, empty);
    forward(
        lens,
        false,
        n + 2,
        can_fill,
        can_empty,
        &mut scratch.fwd,
        None,
    )
}

/// For each run, the cells that some agreeing placement of that run covers; `None` when no
/// placement agrees. The same programme as [`reach`], keeping each run's share: for explaining
/// a deduction, not for the hot path.
pub(crate) fn covers<B: Bits>(lens: &[u32], n: usize, filled: B, empty: B) -> Option<Vec<B>> {
    let k = lens.len();
    let mut scratch = Scratch::<B>::new(k);
    let m = n + 2;
    let (can_fill, can_empty) = padded(n, filled, empty);
    let Scratch { fwd, starts, bwd } = &mut scratch;
    if !forward(lens, false, m, can_fill, can_empty, fwd, Some(starts)) {
        return None;
    }
    let rev = |x: B| x.reverse().shr(B::BITS - m);
    forward(lens, true, m, rev(can_fill), rev(can_empty), bwd, None);
    let g = |j: usize| bwd[k - j].reverse().shr(B::BITS - 1 - m);
    let all = B::low(n);
    Some(
        (0..k)
            .map(|j| {
                let len = lens[j] as usize;
                spread(starts[j].and(g(j + 1).shr(len)), len)
                    .shr(1)
                    .and(all)
            })
            .collect(),
    )
}

/// The same rule on plain vectors of flags, for lines longer than the widest bit set: `O(n · k)`.
/// Returns, per cell, whether some agreeing placement fills it and whether one leaves it empty.
pub(crate) fn reach_long(lens: &[u32], known: &[Option<bool>]) -> Option<(Vec<bool>, Vec<bool>)> {
    let n = known.len();
    let m = n + 2;
    let k = lens.len();
    // Padded: cell 0 and m − 1 are empty.
    let cf: Vec<bool> = (0..m)
        .map(|i| i > 0 && i <= n && known[i - 1] != Some(false))
        .collect();
    let ce: Vec<bool> = (0..m)
        .map(|i| i == 0 || i > n || known[i - 1] != Some(true))
        .collect();
    // run[s]: how many cells from s on can be filled.
    let mut run = vec![0usize; m + 1];
    for s in (0..m).rev() {
        run[s] = if cf[s] { run[s + 1] + 1 } else { 0 };
    }
    let fits = |s: usize, len: usize| s + len < m && run[s] >= len && ce[s + len];
    // f[j][p] as in `reach`.
    let mut f = vec![vec![false; m + 1]; k + 1];
    let mut starts = vec![vec![false; m + 1]; k];
    f[0][1] = true;
    for j in 0..=k {
        for p in 1..=m {
            if f[j][p - 1] && ce[p - 1] {
                f[j][p] = true;
            }
        }
        if j == k {
            break;
        }
        let len = lens[j] as usize;
        for s in 0..m {
            if f[j][s] && fits(s, len) {
                starts[j][s] = true;
                f[j + 1][s + len + 1] = true;
            }
        }
    }
    if !f[k][m] {
        return None;
    }
    // g[j][q]: cells q..m hold runs j.. with cell q empty.
    let mut g = vec![vec![false; m + 1]; k + 1];
    for j in (0..=k).rev() {
        for q in (0..m).rev() {
            if !ce[q] {
                continue;
            }
            let next_empty = (q + 1 == m && j == k) || (q + 1 < m && g[j][q + 1]);
            let run_next = j < k && {
                let len = lens[j] as usize;
                fits(q + 1, len) && g[j + 1][q + 1 + len]
            };
            g[j][q] = next_empty || run_next;
        }
    }
    let mut can_fill = vec![false; n];
    let mut can_empty = vec![false; n];
    for j in 0..k {
        let len = lens[j] as usize;
        for s in 0..m {
            if starts[j][s] && g[j + 1][s + len] {
                for c in s..s + len {
                    can_fill[c - 1] = true;
                }
            }
        }
    }
    for p in 1..=n {
        if (0..=k).any(|j| f[j][p + 1] && g[j][p]) {
            can_empty[p - 1] = true;
        }
    }
    Some((can_fill, can_empty))
}

#[cfg(test)]
mod tests {
    use super::{Scratch, agrees, reach};
    use crate::nonogram::rule::{self, masks, placements};
    use crate::nonogram::testing::random_line;

    #[test]
    fn agrees_is_whether_some_placement_agrees_with_the_known_cells() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut scratch = Scratch::<u64>::new(0);
        let (mut some, mut none) = (0, 0);
        for _ in 0..3000 {
            let (clue, known) = random_line(&mut seed, 20, 5, 5);
            let n = known.len();
            let listed = placements(&clue, n).iter().any(|p| rule::agrees(p, &known));
            let (f, e) = masks::<u64>(&known);
            let got = agrees(&clue, n, f, e, &mut scratch);
            assert_eq!(got, listed, "{clue:?} {known:?}");
            assert_eq!(got, reach(&clue, n, f, e, &mut scratch).is_some());
            if got { some += 1 } else { none += 1 }
        }
        assert!(some > 300 && none > 300, "{some} agree, {none} do not");
    }
}
