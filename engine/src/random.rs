//! The one seeded random source every generator and bot draws from: SplitMix64, written here
//! rather than taken from a crate so that a seed means the same board, round or decision in
//! every build and on every machine. The nonogram search breaks its ties with the same
//! module's [`xorshift64`] step, which it keeps in a word of its own state.

/// A small, fast random generator (SplitMix64), repeatable from its seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Random(u64);

impl Random {
    /// The generator from `seed` (any number, 0 included).
    pub fn new(seed: u64) -> Random {
        Random(seed)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        (self.next_u64() % n as u64) as usize
    }

    /// A number in `lo..=hi`.
    pub fn between(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi.saturating_sub(lo) + 1)
    }

    /// A number in `0.0..1.0`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// Puts `items` in a random order (Fisher–Yates, from the last item down).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    /// One of `items`, or `None` when there are none.
    pub fn choose<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        let i = self.below(items.len());
        items.get(i)
    }
}

/// One step of a xorshift generator whose state is `state` (never 0): the next state, which is
/// also the number drawn.
pub fn xorshift64(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A seed gives the same numbers in every build: the published challenges, rounds and
    /// decisions depend on it. The first numbers of SplitMix64 from 0 and 1.
    #[test]
    fn a_seed_always_gives_the_same_numbers() {
        let mut r = Random::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        let mut r = Random::new(1);
        assert_eq!(r.next_u64(), 0x910A_2DEC_8902_5CC1);
        let mut s = 1;
        assert_eq!(xorshift64(&mut s), 0x4082_2041);
    }

    #[test]
    fn below_between_and_choose_stay_in_range() {
        let mut r = Random::new(42);
        assert_eq!(r.below(0), 0);
        for _ in 0..1000 {
            assert!(r.below(7) < 7);
            let b = r.between(3, 5);
            assert!((3..=5).contains(&b));
            let u = r.unit();
            assert!((0.0..1.0).contains(&u));
        }
        assert_eq!(r.choose::<u8>(&[]), None);
        assert!(r.choose(&[1, 2, 3]).is_some());
    }
}
