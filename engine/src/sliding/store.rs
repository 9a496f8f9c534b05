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
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let w = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        h = (h ^ w).wrapping_mul(0x9E3779B97F4A7C15);
        h ^= h >> 29;
    }
    // The tail a byte at a time: a copy of unknown length would be a call per state.
    let mut w = 0u64;
    for (k, &b) in chunks.remainder().iter().enumerate() {
        w |= u64::from(b) << (8 * k);
    }
    h = (h ^ w).wrapping_mul(0x9E3779B97F4A7C15);
    h ^ (h >> 29)
}

/// Whether two states are the same, eight bytes at a time.
fn same(a: &[u8], b: &[u8]) -> bool {
    let (mut x, mut y) = (a.chunks_exact(8), b.chunks_exact(8));
    for (p, q) in (&mut x).zip(&mut y) {
        if p.try_into().unwrap_or([0u8; 8]) != q.try_into().unwrap_or([1u8; 8]) {
            return false;
        }
    }
    x.remainder().iter().eq(y.remainder().iter())
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
                same(&arena[n as usize * w..(n as usize + 1) * w], state)
            })
            .copied()
    }

    /// The state's number if seen, else the hash to add it with.
    pub(crate) fn find_or_hash(&self, state: &[u8]) -> Result<u32, u64> {
        let h = hash(state);
        let w = self.width;
        let arena = &self.arena;
        self.table
            .find(h, |&n| {
                same(&arena[n as usize * w..(n as usize + 1) * w], state)
            })
            .copied()
            .ok_or(h)
    }

    /// Adds a state not seen, with its hash from [`Store::find_or_hash`]; its number.
    pub(crate) fn add(&mut self, state: &[u8], h: u64) -> u32 {
        let w = self.width;
        let n = self.len() as u32;
        self.arena.extend_from_slice(state);
        let arena = &self.arena;
        self.table.insert_unique(h, n, |&m| {
            hash(&arena[m as usize * w..(m as usize + 1) * w])
        });
        n
    }

    /// The state's number, and whether it is new.
    pub(crate) fn insert(&mut self, state: &[u8]) -> (u32, bool) {
        let h = hash(state);
        let w = self.width;
        let arena = &self.arena;
        if let Some(&n) = self.table.find(h, |&n| {
            same(&arena[n as usize * w..(n as usize + 1) * w], state)
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
