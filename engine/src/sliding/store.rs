//! The states a search has seen: one after another in one arena, numbered in the order they
//! were added, with a hash table of their numbers to find one again.

use hashbrown::HashTable;

pub(crate) struct Store {
    width: usize,
    arena: Vec<u8>,
    table: HashTable<u32>,
}

fn hash(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for chunk in bytes.chunks(8) {
        let mut w = [0u8; 8];
        w[..chunk.len()].copy_from_slice(chunk);
        h = (h ^ u64::from_le_bytes(w)).wrapping_mul(0x9E3779B97F4A7C15);
        h ^= h >> 29;
    }
    h
}

impl Store {
    /// A store of states `width` bytes long (at least one).
    pub(crate) fn new(width: usize) -> Store {
        Store {
            width: width.max(1),
            arena: Vec::new(),
            table: HashTable::new(),
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.arena.len() / self.width
    }

    pub(crate) fn get(&self, n: u32) -> &[u8] {
        let n = n as usize;
        &self.arena[n * self.width..(n + 1) * self.width]
    }

    pub(crate) fn find(&self, state: &[u8]) -> Option<u32> {
        let w = self.width;
        let arena = &self.arena;
        self.table
            .find(hash(state), |&n| {
                &arena[n as usize * w..(n as usize + 1) * w] == state
            })
            .copied()
    }

    /// The state's number, and whether it is new.
    pub(crate) fn insert(&mut self, state: &[u8]) -> (u32, bool) {
        let h = hash(state);
        let w = self.width;
        let arena = &self.arena;
        if let Some(&n) = self.table.find(h, |&n| {
            &arena[n as usize * w..(n as usize + 1) * w] == state
        }) {
            return (n, false);
        }
        let n = self.len() as u32;
        self.arena.extend_from_slice(state);
        let arena = &self.arena;
        self.table.insert_unique(h, n, |&m| {
            hash(&arena[m as usize * w..(m as usize + 1) * w])
        });
        (n, true)
    }
}
