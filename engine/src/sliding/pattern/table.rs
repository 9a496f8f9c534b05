//! A relaxation's distances in one flat array, for lookups without hashing.

use super::super::store::Store;

/// A relaxation's distances laid out in one array, looked up without hashing: each relaxed
/// mover's places seen in the relaxation are numbered, and a state's entry is found by adding
/// each mover's offset for its place.
pub(super) struct Table {
    /// For relaxed mover `k` at place `byte`: `offsets[k * 256 + byte]`, [`UNSEEN`] for a
    /// place the relaxation never reaches.
    offsets: Vec<u32>,
    pub(super) dist: Vec<u8>,
}

const UNSEEN: u32 = u32::MAX;

/// The most entries a [`Table`] may have, reached states or not: a megabyte.
const TABLE_MOST: usize = 1 << 20;

impl Table {
    pub(super) fn new(store: &Store, dist: &[u8], width: usize) -> Option<Table> {
        let mut offsets = vec![UNSEEN; width * 256];
        let mut counts = vec![0u32; width];
        for n in 0..store.len() {
            for (k, &b) in store.get(n as u32).iter().enumerate() {
                let slot = &mut offsets[k * 256 + usize::from(b)];
                if *slot == UNSEEN {
                    *slot = counts[k];
                    counts[k] += 1;
                }
            }
        }
        let mut size = 1usize;
        for k in 0..width {
            let radix = size as u32;
            for slot in &mut offsets[k * 256..(k + 1) * 256] {
                if *slot != UNSEEN {
                    *slot *= radix;
                }
            }
            size = size.checked_mul(counts[k] as usize)?;
            if size > TABLE_MOST {
                return None;
            }
        }
        // Entries no reachable state lands on keep the safe bound 0.
        let mut table = Table {
            offsets,
            dist: vec![0; size],
        };
        for (n, &d) in dist.iter().enumerate() {
            if let Some(i) = table.index(store.get(n as u32).iter().copied()) {
                table.dist[i] = d;
            }
        }
        Some(table)
    }

    pub(super) fn index(&self, places: impl Iterator<Item = u8>) -> Option<usize> {
        let mut i = 0usize;
        for (k, b) in places.enumerate() {
            let o = self.offsets[k * 256 + usize::from(b)];
            if o == UNSEEN {
                return None;
            }
            i += o as usize;
        }
        Some(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sliding::pattern::DEAD;

    /// A table gives every stored state its distance, 0 for a combination of places no
    /// stored state has, and is not made when the combinations would pass its size.
    #[test]
    fn a_table_finds_each_relaxed_state_by_its_places() {
        let mut store = Store::new(3);
        let states: [[u8; 3]; 5] = [
            [4, 10, 200],
            [5, 10, 200],
            [4, 12, 7],
            [6, 11, 7],
            [5, 12, 200],
        ];
        let dist = [3, 2, 9, DEAD, 0];
        for s in &states {
            store.insert(s);
        }
        let table = Table::new(&store, &dist, 3).expect("27 combinations fit");
        for (s, &d) in states.iter().zip(&dist) {
            assert_eq!(
                table.index(s.iter().copied()).map(|i| table.dist[i]),
                Some(d)
            );
        }
        // Places each seen, but never together.
        assert_eq!(
            table.index([6, 10, 200].into_iter()).map(|i| table.dist[i]),
            Some(0)
        );
        // A place never seen.
        assert_eq!(table.index([7, 10, 200].into_iter()), None);

        // Eleven movers with four places each: 4^11 combinations, more than a table holds.
        let mut big = Store::new(11);
        for k in 0..4u8 {
            big.insert(&[k; 11]);
        }
        assert!(Table::new(&big, &[1, 2, 3, 4], 11).is_none());
    }
}
