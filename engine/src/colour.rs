//! Piece colouring: five colours such that no two touching pieces share one.
//!
//! Two pieces touch when a cell of one is a neighbour of a cell of the other. Pieces are
//! connected regions of the hex plane, so the graph of touching pieces is planar and five
//! colours always suffice. The colouring is found by backtracking in DSATUR order (most
//! constrained piece first), which on graphs of a lock's size finishes at once; it is
//! deterministic, so a lock is always drawn the same way.

use crate::hex::Hex;
use crate::lock::{Lock, PieceRef};
use std::collections::{BTreeMap, BTreeSet};

/// The number of colours.
pub const COLOURS: u8 = 5;

/// The pieces of a lock and, for each, the indices of the pieces it touches.
pub fn adjacency(lock: &Lock) -> (Vec<PieceRef>, Vec<BTreeSet<usize>>) {
    let pieces = lock.pieces();
    let mut owner: BTreeMap<Hex, usize> = BTreeMap::new();
    for (i, (_, cells)) in pieces.iter().enumerate() {
        for &c in cells {
            owner.entry(c).or_insert(i);
        }
    }
    let mut adj = vec![BTreeSet::new(); pieces.len()];
    for (i, (_, cells)) in pieces.iter().enumerate() {
        for c in cells {
            for n in c.neighbours() {
                if let Some(&j) = owner.get(&n)
                    && j != i
                {
                    adj[i].insert(j);
                    adj[j].insert(i);
                }
            }
        }
    }
    (pieces.into_iter().map(|(p, _)| p).collect(), adj)
}

/// A colour from `0..COLOURS` for every piece, no two touching pieces alike.
pub fn five_colouring(lock: &Lock) -> BTreeMap<PieceRef, u8> {
    let (pieces, adj) = adjacency(lock);
    let colours = colour_graph(&adj);
    pieces.into_iter().zip(colours).collect()
}

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
    use crate::hex::Dir;
    use crate::lock::Block;

    fn proper(adj: &[BTreeSet<usize>], colours: &[u8]) -> bool {
        adj.iter()
            .enumerate()
            .all(|(i, ns)| ns.iter().all(|&j| colours[i] != colours[j]))
            && colours.iter().all(|&c| c < COLOURS)
    }

    #[test]
    fn touching_pieces_never_share_a_colour_in_a_packed_lock() {
        // Fill a size-5 lock with one-cell blocks: every cell touches six others.
        let mut lock = Lock::starter(5);
        let names: Vec<char> = ('A'..='Z')
            .chain('a'..='z')
            .filter(|&c| Block::is_valid_name(c))
            .collect();
        let mut k = 0;
        for c in crate::hex::hexagon(5) {
            if lock.occupancy().contains_key(&c) || k >= names.len() {
                continue;
            }
            lock.blocks.push(Block {
                name: names[k],
                cells: vec![c],
            });
            k += 1;
        }
        let (_, adj) = adjacency(&lock);
        let colouring = five_colouring(&lock);
        let colours: Vec<u8> = colouring.values().copied().collect();
        assert_eq!(colours.len(), adj.len());
        let (pieces, _) = adjacency(&lock);
        let ordered: Vec<u8> = pieces.iter().map(|p| colouring[p]).collect();
        assert!(proper(&adj, &ordered));
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

    #[test]
    fn the_hook_and_a_block_beside_it_touch() {
        let mut lock = Lock::starter(4);
        let hook = lock.hooks[0];
        lock.blocks.push(Block {
            name: 'A',
            cells: vec![hook.hub.neighbour(Dir::NW)],
        });
        let (pieces, adj) = adjacency(&lock);
        let a = pieces
            .iter()
            .position(|p| *p == PieceRef::Block('A'))
            .expect("block");
        let h = pieces
            .iter()
            .position(|p| matches!(p, PieceRef::Hook(_)))
            .expect("hook");
        assert!(adj[a].contains(&h));
        let c = five_colouring(&lock);
        assert_ne!(c[&PieceRef::Block('A')], c[&PieceRef::Hook(0)]);
    }
}
