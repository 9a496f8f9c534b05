//! Graph colouring with five colours, for pictures where touching pieces must differ.
//!
//! Each family builds the graph of its touching pieces (for hex locks,
//! [`crate::hexlock::colour`]). Pieces are connected regions of the plane, so that graph is
//! planar and five colours always suffice. The colouring is found by backtracking in DSATUR order (most
//! constrained piece first), which on graphs of a lock's size finishes at once; it is
//! deterministic, so a lock is always drawn the same way.

use std::collections::BTreeSet;

/// The number of colours.
pub const COLOURS: u8 = 5;

/// Colours a graph given as adjacency sets with at most [`COLOURS`] colours, by backtracking.
/// A graph that needs more (never a lock's) falls back to a greedy colouring that may reuse
/// colours on touching pieces rather than fail.
pub fn colour_graph(adj: &[BTreeSet<usize>]) -> Vec<u8> {
    let n = adj.len();
    let mut colour: Vec<Option<u8>> = vec![None; n];
    let mut budget = 200_000u32;
    if backtrack(adj, &mut colour, &mut budget) {
        return colour.into_iter().map(|c| c.unwrap_or(0)).collect();
    }
    // Greedy fallback, in index order.
    let mut out = vec![0u8; n];
    for i in 0..n {
        let used: BTreeSet<u8> = adj[i].iter().filter(|&&j| j < i).map(|&j| out[j]).collect();
        out[i] = (0..COLOURS).find(|c| !used.contains(c)).unwrap_or(0);
    }
    out
}

fn backtrack(adj: &[BTreeSet<usize>], colour: &mut [Option<u8>], budget: &mut u32) -> bool {
    // The uncoloured vertex with the most distinct neighbour colours, then the most neighbours,
    // then the lowest index: a fixed order, so the result never varies.
    let next = (0..colour.len())
        .filter(|&v| colour[v].is_none())
        .max_by_key(|&v| {
            let sat: BTreeSet<u8> = adj[v].iter().filter_map(|&u| colour[u]).collect();
            (sat.len(), adj[v].len(), std::cmp::Reverse(v))
        });
    let Some(v) = next else { return true };
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    for c in 0..COLOURS {
        if adj[v].iter().all(|&u| colour[u] != Some(c)) {
            colour[v] = Some(c);
            if backtrack(adj, colour, budget) {
                return true;
            }
            colour[v] = None;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn proper(adj: &[BTreeSet<usize>], colours: &[u8]) -> bool {
        adj.iter()
            .enumerate()
            .all(|(i, ns)| ns.iter().all(|&j| colours[i] != colours[j]))
            && colours.iter().all(|&c| c < COLOURS)
    }

    #[test]
    fn a_wheel_needs_and_gets_four_colours() {
        // A hub touching a ring of five: the ring needs three, the hub a fourth.
        let mut adj = vec![BTreeSet::new(); 6];
        let mut link = |a: usize, b: usize| {
            adj[a].insert(b);
            adj[b].insert(a);
        };
        for i in 1..=5 {
            link(0, i);
            link(i, i % 5 + 1);
        }
        let colours = colour_graph(&adj);
        assert!(proper(&adj, &colours));
    }
}
