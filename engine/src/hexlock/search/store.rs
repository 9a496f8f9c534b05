//! The visited states: every key once, in the order found, with the turn that reached it.
//!
//! A state is a number, its place in the order found. Its key, its parent's number and the move
//! from the parent live in three chunked arrays; the hash table holds only numbers and finds a
//! key by hashing it and comparing the arrays' copy. Per state that is the key's words, five bytes
//! of parent and move, and five bytes per table bucket (a number and hashbrown's control byte).
//!
//! The arrays grow a chunk at a time instead of doubling, so that what they hold stays within a
//! chunk of what they use, and the memory reported is what is allocated.

use hashbrown::HashTable;

/// States per chunk of the arrays.
const CHUNK: usize = 1 << 16;

/// A growable array of fixed-width records, allocated a chunk at a time.
#[derive(Debug)]
struct Chunked<T> {
    /// Items per record.
    stride: usize,
    chunks: Vec<Vec<T>>,
}

impl<T: Copy> Chunked<T> {
    fn new(stride: usize) -> Chunked<T> {
        Chunked {
            stride,
            chunks: Vec::new(),
        }
    }

    fn chunk_items(&self) -> usize {
        CHUNK * self.stride
    }

    /// Appends one record of `stride` items.
    fn push(&mut self, record: &[T]) {
        let full = self.chunk_items();
        if self.chunks.last().is_none_or(|c| c.len() == full) {
            // The first chunk starts small, so that a small search holds little.
            let first = if self.chunks.is_empty() {
                (64 * self.stride).min(full)
            } else {
                full
            };
            self.chunks.push(Vec::with_capacity(first));
        }
        let Some(last) = self.chunks.last_mut() else {
            return;
        };
        if last.len() + record.len() > last.capacity() {
            let grown = (last.capacity() * 2).min(full);
            last.reserve_exact(grown - last.len());
        }
        last.extend_from_slice(record);
    }

    fn get(&self, i: usize) -> &[T] {
        let at = (i % CHUNK) * self.stride;
        &self.chunks[i / CHUNK][at..at + self.stride]
    }

    /// Bytes allocated.
    fn bytes(&self) -> usize {
        self.chunks
            .iter()
            .map(|c| c.capacity() * size_of::<T>())
            .sum::<usize>()
            + self.chunks.capacity() * size_of::<Vec<T>>()
    }

    /// Bytes that appending one record might allocate, old and new held at once.
    fn growth(&self) -> usize {
        let full = self.chunk_items();
        match self.chunks.last() {
            Some(c) if c.len() < c.capacity() => 0,
            Some(c) if c.len() < full => (c.capacity() * 2).min(full) * size_of::<T>(),
            _ => full * size_of::<T>(),
        }
    }
}

/// Hashes a key. Mixed-radix keys keep their entropy in the low bits, so each word is
/// multiplied up and the result folded down: hashbrown takes the bucket from the low bits and a
/// tag from the top seven.
pub(crate) fn hash_key(key: &[u64]) -> u64 {
    let mut h: u64 = 0x243f_6a88_85a3_08d3;
    for &w in key {
        h = (h.rotate_left(23) ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    h ^= h >> 33;
    h = h.wrapping_mul(0xd6e8_feb8_6659_fd93);
    h ^ (h >> 29)
}

/// What [`Store::find_or_insert`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Found {
    /// The key was already there, as this state.
    Old(u32),
    /// The key was new and is now this state.
    New(u32),
}

/// Every visited state, numbered in the order found.
#[derive(Debug)]
pub(crate) struct Store {
    keys: Chunked<u64>,
    /// Each state's parent; the initial state's is `u32::MAX`, never followed.
    links: Chunked<u32>,
    /// The index in [`crate::hexlock::Move::ALL`] of the move from the parent.
    moves: Chunked<u8>,
    table: HashTable<u32>,
    len: usize,
}

impl Store {
    /// An empty store of keys `width` words wide.
    pub(crate) fn new(width: usize) -> Store {
        Store {
            keys: Chunked::new(width),
            links: Chunked::new(1),
            moves: Chunked::new(1),
            table: HashTable::new(),
            len: 0,
        }
    }

    /// The number of states.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The key of a state.
    pub(crate) fn key(&self, state: u32) -> &[u64] {
        self.keys.get(state as usize)
    }

    /// The parent of a state and the index in [`crate::hexlock::Move::ALL`] of the move from it.
    pub(crate) fn link(&self, state: u32) -> (u32, u8) {
        (
            self.links.get(state as usize)[0],
            self.moves.get(state as usize)[0],
        )
    }

    /// The state with a key, if visited.
    pub(crate) fn find(&self, hash: u64, key: &[u64]) -> Option<u32> {
        self.table
            .find(hash, |&i| self.keys.get(i as usize) == key)
            .copied()
    }

    /// Finds a key, or adds it as a new state reached from `parent` by move `mv`.
    pub(crate) fn find_or_insert(&mut self, hash: u64, key: &[u64], parent: u32, mv: u8) -> Found {
        let keys = &self.keys;
        let entry = self.table.entry(
            hash,
            |&i| keys.get(i as usize) == key,
            |&i| hash_key(keys.get(i as usize)),
        );
        match entry {
            hashbrown::hash_table::Entry::Occupied(e) => Found::Old(*e.get()),
            hashbrown::hash_table::Entry::Vacant(v) => {
                let id = self.len as u32;
                v.insert(id);
                self.keys.push(key);
                self.links.push(&[parent]);
                self.moves.push(&[mv]);
                self.len += 1;
                Found::New(id)
            }
        }
    }

    /// Bytes allocated.
    pub(crate) fn bytes(&self) -> usize {
        self.keys.bytes() + self.links.bytes() + self.moves.bytes() + self.table.allocation_size()
    }

    /// Bytes that adding one more state might allocate, counting the old and new table both
    /// held while it is rehashed.
    pub(crate) fn growth(&self) -> usize {
        let table = if self.table.len() < self.table.capacity() {
            0
        } else {
            // hashbrown doubles its buckets; an empty table's first allocation is small.
            (2 * self.table.allocation_size()).max(128)
        };
        table + self.keys.growth() + self.links.growth() + self.moves.growth()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_are_numbered_in_the_order_found_and_found_again() {
        let mut s = Store::new(2);
        let a = [1, 2];
        let b = [3, 4];
        assert_eq!(
            s.find_or_insert(hash_key(&a), &a, u32::MAX, 0),
            Found::New(0)
        );
        assert_eq!(s.find_or_insert(hash_key(&b), &b, 0, 7), Found::New(1));
        assert_eq!(s.find_or_insert(hash_key(&a), &a, 1, 3), Found::Old(0));
        assert_eq!(s.find(hash_key(&b), &b), Some(1));
        assert_eq!(s.link(1), (0, 7));
        assert_eq!(s.key(1), &b);
        assert_eq!(s.len(), 2);
    }

    #[test]
    fn many_states_survive_chunks_and_table_growth() {
        let mut s = Store::new(1);
        for i in 0..200_000u64 {
            s.find_or_insert(hash_key(&[i * 7]), &[i * 7], 0, 0);
        }
        for i in (0..200_000u64).step_by(997) {
            assert_eq!(s.find(hash_key(&[i * 7]), &[i * 7]), Some(i as u32));
            assert_eq!(s.key(i as u32), &[i * 7]);
        }
        let per_state = s.bytes() as f64 / s.len() as f64;
        assert!(per_state < 8.0 + 5.0 + 12.0, "{per_state} bytes per state");
    }
}
