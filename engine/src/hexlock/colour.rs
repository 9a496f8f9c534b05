//! A hex lock's pieces coloured so that no two touching pieces share a colour.
//!
//! Two pieces touch when a cell of one is a neighbour of a cell of the other; the graph of
//! touching pieces is coloured by [`crate::colour::colour_graph`].

use super::model::{Lock, PieceRef};
use crate::colour::colour_graph;
use crate::hex::Hex;
use std::collections::{BTreeMap, BTreeSet};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::colour::COLOURS;
    use crate::hex::Dir;
    use crate::hexlock::model::Block;

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
