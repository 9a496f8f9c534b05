//! The visited states: every key once, in the order found, with the turn that reached it.
//!
//! A state is a number, its place in the order found. Its key, its parent's number and the move
//! from the parent live in three chunked arrays; the index, sixteen hash tables split by hash,
//! holds only numbers and finds a key by hashing it and comparing the arrays' copy. Per state that
//! is the key's words, five bytes of parent and move, and five bytes per table bucket (a number
//! and hashbrown's control byte). A batch's new states are found in a small table of their own
//! until they are indexed together, the tables shared among threads.
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

/// Tables the index is split into, by hash: each thread adds the new states of its own tables,
/// so a batch's states are indexed in parallel. A fixed number, not one per thread, so that the
/// tables, their growth and the memory they hold do not depend on how many threads there are.
const SHARDS: usize = 16;

/// The table a hash belongs to: bits that hashbrown uses neither for the bucket (the low bits)
/// nor for the tag (the top seven).
fn shard(hash: u64) -> usize {
    (hash >> 40) as usize % SHARDS
}

/// Whether two keys are equal. Keys are one to a few words: comparing them in place is cheaper
/// than the call to `memcmp` a slice comparison makes.
pub(crate) fn same_key(a: &[u64], b: &[u64]) -> bool {
    match (a, b) {
        ([x], [y]) => x == y,
        ([x0, x1], [y0, y1]) => x0 == y0 && x1 == y1,
        _ => a == b,
    }
}

/// Every visited state, numbered in the order found.
///
/// A state is added in two steps: [`Store::add`] numbers it and keeps its key, parent and move
/// (it is then found only by [`Store::find_recent`]); [`Store::index`] later enters every state
/// added since into the index that [`Store::find`] searches, its tables shared among threads.
#[derive(Debug)]
pub(crate) struct Store {
    keys: Chunked<u64>,
    /// Each state's parent; the initial state's is `u32::MAX`, never followed.
    links: Chunked<u32>,
    /// The index in [`crate::hexlock::Move::ALL`] of the move from the parent.
    moves: Chunked<u8>,
    shards: [HashTable<u32>; SHARDS],
    /// The states added since the last [`Store::index`], found by their key until then.
    recent: HashTable<u32>,
    /// The hashes of those states, in the order added.
    pending: Vec<u64>,
    len: usize,
}

impl Store {
    /// An empty store of keys `width` words wide.
    pub(crate) fn new(width: usize) -> Store {
        Store {
            keys: Chunked::new(width),
            links: Chunked::new(1),
            moves: Chunked::new(1),
            shards: std::array::from_fn(|_| HashTable::new()),
            recent: HashTable::new(),
            pending: Vec::new(),
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

    /// The state with a key, if visited and indexed.
    pub(crate) fn find(&self, hash: u64, key: &[u64]) -> Option<u32> {
        self.shards[shard(hash)]
            .find(hash, |&i| same_key(self.keys.get(i as usize), key))
            .copied()
    }

    /// The state with a key, if added since the last [`Store::index`].
    pub(crate) fn find_recent(&self, hash: u64, key: &[u64]) -> Option<u32> {
        self.recent
            .find(hash, |&i| same_key(self.keys.get(i as usize), key))
            .copied()
    }

    /// Adds a key found neither by [`Store::find`] nor by [`Store::find_recent`], as a new state
    /// reached from `parent` by move `mv`, and returns its number.
    pub(crate) fn add(&mut self, hash: u64, key: &[u64], parent: u32, mv: u8) -> u32 {
        let id = self.len as u32;
        let keys = &self.keys;
        self.recent
            .insert_unique(hash, id, |&i| hash_key(keys.get(i as usize)));
        self.keys.push(key);
        self.links.push(&[parent]);
        self.moves.push(&[mv]);
        self.pending.push(hash);
        self.len += 1;
        id
    }

    /// Enters the states added since the last call into the index, on up to `threads` threads.
    pub(crate) fn index(&mut self, threads: usize) {
        let first = (self.len - self.pending.len()) as u32;
        let keys = &self.keys;
        let pending = &self.pending;
        // Spawning costs more than entering a handful of states.
        let threads = if pending.len() < 4096 {
            1
        } else {
            threads.clamp(1, SHARDS)
        };
        if threads == 1 {
            for (s, table) in self.shards.iter_mut().enumerate() {
                index_into(table, s, keys, pending, first);
            }
        } else {
            // Threads take a table at a time, so that one held up leaves the rest to others.
            let tables = std::sync::Mutex::new(self.shards.iter_mut().enumerate());
            let work = || {
                loop {
                    let next = match tables.lock() {
                        Ok(mut t) => t.next(),
                        Err(poisoned) => poisoned.into_inner().next(),
                    };
                    let Some((s, table)) = next else { break };
                    index_into(table, s, keys, pending, first);
                }
            };
            std::thread::scope(|scope| {
                for _ in 1..threads {
                    scope.spawn(work);
                }
                work();
            });
        }
        self.pending.clear();
        self.recent.clear();
    }

    /// Bytes allocated.
    pub(crate) fn bytes(&self) -> usize {
        self.keys.bytes()
            + self.links.bytes()
            + self.moves.bytes()
            + self
                .shards
                .iter()
                .map(HashTable::allocation_size)
                .sum::<usize>()
            + self.recent.allocation_size()
            + self.pending.capacity() * size_of::<u64>()
    }

    /// Bytes that adding one more state with this hash and indexing it might allocate, counting
    /// old and new tables both held while one is rehashed.
    pub(crate) fn growth(&self, hash: u64) -> usize {
        let table = shard_growth(&self.shards[shard(hash)]) + shard_growth(&self.recent);
        let pending = if self.pending.len() < self.pending.capacity() {
            0
        } else {
            (self.pending.capacity() * 2).max(4) * size_of::<u64>()
        };
        table + pending + self.keys.growth() + self.links.growth() + self.moves.growth()
    }
}

/// Bytes a table might allocate on its next insertion.
fn shard_growth(table: &HashTable<u32>) -> usize {
    if table.len() < table.capacity() {
        0
    } else {
        // hashbrown doubles its buckets; an empty table's first allocation is small.
        (2 * table.allocation_size()).max(128)
    }
}

/// Enters into table `s` the pending states whose hash is its.
fn index_into(
    table: &mut HashTable<u32>,
    s: usize,
    keys: &Chunked<u64>,
    pending: &[u64],
    first: u32,
) {
    let hasher = |&i: &u32| hash_key(keys.get(i as usize));
    for (j, &hash) in pending.iter().enumerate() {
        if shard(hash) == s {
            table.insert_unique(hash, first + j as u32, hasher);
        }
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
        assert_eq!(s.add(hash_key(&a), &a, u32::MAX, 0), 0);
        assert_eq!(s.add(hash_key(&b), &b, 0, 7), 1);
        assert_eq!(s.find_recent(hash_key(&a), &a), Some(0));
        assert_eq!(s.find(hash_key(&a), &a), None, "not indexed yet");
        s.index(2);
        assert_eq!(s.find_recent(hash_key(&a), &a), None);
        assert_eq!(s.find(hash_key(&a), &a), Some(0));
        assert_eq!(s.find(hash_key(&b), &b), Some(1));
        assert_eq!(s.link(1), (0, 7));
        assert_eq!(s.key(1), &b);
        assert_eq!(s.len(), 2);
    }

    #[test]
    fn many_states_survive_chunks_and_table_growth() {
        let mut s = Store::new(1);
        for i in 0..200_000u64 {
            s.add(hash_key(&[i * 7]), &[i * 7], 0, 0);
            // Indexed a batch at a time, as the search does.
            if i % 8_192 == 0 {
                s.index(2);
            }
        }
        s.index(3);
        for i in (0..200_000u64).step_by(997) {
            assert_eq!(s.find(hash_key(&[i * 7]), &[i * 7]), Some(i as u32));
            assert_eq!(s.key(i as u32), &[i * 7]);
        }
        let per_state = s.bytes() as f64 / s.len() as f64;
        assert!(per_state < 8.0 + 5.0 + 12.0, "{per_state} bytes per state");
    }
}
