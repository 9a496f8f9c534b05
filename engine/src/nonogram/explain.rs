//! Why the line rule fixed a cell, or found a line with no agreeing placement, as a short list
//! of the line's known cells: what learning (`learn`) turns into clauses.
//!
//! All the cells the line knew are a sound reason, but a long one: a clause over 40 cells of
//! which only 3 mattered forbids almost nothing. So the reason is shrunk greedily: each known
//! cell, the most recently fixed first, is left out when the line rule still reaches the same
//! conclusion without it (one pass of the bit-set programme from the left each: only whether a
//! placement agrees is asked). Recent cells go first because the cells that stay should be old
//! ones: a clause over cells of early levels jumps back far.

use super::bits::Bits;
use super::board::{Board, Compiled};
use super::fast::{self, Reach, Scratch};
use super::learn::{Lit, cell_of};

/// The line rule's buffers and the explainer's.
pub(crate) struct Explainer<B> {
    scratch: Scratch<B>,
    /// Known cells of the line as (trail position, index in the line), reused.
    known: Vec<(u32, usize)>,
}

impl<B: Bits> Explainer<B> {
    pub fn new(c: &Compiled) -> Explainer<B> {
        Explainer {
            scratch: Scratch::new(c.max_runs),
            known: vec![],
        }
    }

    /// The line rule on line `l` with these known cells.
    #[inline]
    pub fn reach(&mut self, c: &Compiled, l: usize, f: B, e: B) -> Option<Reach<B>> {
        fast::reach(c.runs_of(l), c.len_of(l), f, e, &mut self.scratch)
    }

    /// The known cells of line `l` (as true literals, level 0 left out) that make the line rule
    /// fix `p`, or, for `None`, find no agreeing placement. Only cells fixed before `p` count.
    #[allow(clippy::too_many_arguments)]
    pub fn explain(
        &mut self,
        c: &Compiled,
        pos: &[u32],
        level: &[u32],
        board: &Board<B>,
        l: usize,
        p: Option<Lit>,
        out: &mut Vec<Lit>,
    ) {
        let (f_all, e_all) = (board.f[l], board.e[l]);
        let before = p.map_or(u32::MAX, |q| pos[(q >> 1) as usize]);
        let mut f = B::zero();
        let mut e = B::zero();
        self.known.clear();
        for i in f_all.or(e_all).ones() {
            let v = cell_of(c, l, i);
            if pos[v] >= before {
                continue;
            }
            if f_all.has(i) {
                f = f.or(B::bit(i));
            } else {
                e = e.or(B::bit(i));
            }
            if level[v] > 0 {
                self.known.push((pos[v], i));
            }
        }
        // The opposite of `p` is added to the test: the rule must still find no placement.
        let (tf, te) = match p {
            None => (B::zero(), B::zero()),
            Some(q) => {
                let v = (q >> 1) as usize;
                let i = if l < c.height {
                    v % c.width
                } else {
                    v / c.width
                };
                if q & 1 == 1 {
                    (B::zero(), B::bit(i))
                } else {
                    (B::bit(i), B::zero())
                }
            }
        };
        self.known.sort_unstable_by_key(|k| std::cmp::Reverse(k.0));
        for k in 0..self.known.len() {
            let i = self.known[k].1;
            let bit = B::bit(i);
            let (f2, e2) = (f.and_not(bit), e.and_not(bit));
            if !fast::agrees(
                c.runs_of(l),
                c.len_of(l),
                f2.or(tf),
                e2.or(te),
                &mut self.scratch,
            ) {
                f = f2;
                e = e2;
            }
        }
        for (_, i) in &self.known {
            let v = cell_of(c, l, *i) as Lit;
            if f.has(*i) {
                out.push(v * 2 + 1);
            } else if e.has(*i) {
                out.push(v * 2);
            }
        }
    }
}
