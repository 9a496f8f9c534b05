//! Lines as bit sets: one bit per cell, bit `i` for the line's cell `i`. The line rule and the
//! solver are written once over [`Bits`] and compiled for a ladder of widths: `u64` (lines of up
//! to 61 cells), `u128` (up to 125) and [`Wide`] sets of 8, 9, 17, 33 and 65 words (up to 509,
//! 573, 1085, 2109 and 4157 cells: each just holds 500, 512, 1024, 2048 and 4096, the sizes
//! large puzzles come in); a puzzle is solved with the narrowest that holds its longest line
//! ([`by_width!`]), since every operation on a wide set costs one step per word (a 512×512
//! puzzle took twice as long on 17 words as on 9). The line rule
//! pads a line with an empty cell at each end and needs one bit more for "past the end", hence
//! three bits fewer than the word holds.

use std::fmt::Debug;
use std::hash::Hash;

/// The longest line the engine solves: 4096 cells, the size of the largest published puzzles
/// and then some. Lines of that length take the widest [`Wide`] (65 words); a board of
/// 4096×4096 holds two such sets per line, 8 MiB.
pub const MAX_LINE: usize = 4096;

/// The widest set the ladder has, in words.
pub(crate) const WIDEST_WORDS: usize = 65;

const _: () = assert!(
    64 * WIDEST_WORDS - 3 >= MAX_LINE,
    "the widest set holds MAX_LINE"
);

/// Runs `$body` with the type name `$B` bound to the narrowest [`Bits`] that holds a line of
/// `$n` cells (with the line rule's three bits of padding), or gives `$none` past [`MAX_LINE`].
/// One ladder for every caller, so that the widths a puzzle is solved at cannot drift apart.
macro_rules! by_width {
    ($n:expr, $none:expr, |$B:ident| $body:expr) => {{
        let n: usize = $n;
        let fits = |bits: usize| n + 3 <= bits;
        if fits(64) {
            type $B = u64;
            $body
        } else if fits(128) {
            type $B = u128;
            $body
        } else if fits(64 * 8) {
            type $B = $crate::nonogram::bits::Wide<8>;
            $body
        } else if fits(64 * 9) {
            type $B = $crate::nonogram::bits::Wide<9>;
            $body
        } else if fits(64 * 17) {
            type $B = $crate::nonogram::bits::Wide<17>;
            $body
        } else if fits(64 * 33) {
            type $B = $crate::nonogram::bits::Wide<33>;
            $body
        } else if n <= $crate::nonogram::bits::MAX_LINE {
            type $B = $crate::nonogram::bits::Wide<{ $crate::nonogram::bits::WIDEST_WORDS }>;
            $body
        } else {
            $none
        }
    }};
}
pub(crate) use by_width;

/// A fixed-width set of bit positions, with the arithmetic the line rule needs.
pub(crate) trait Bits: Copy + Eq + Hash + Debug + Default + Send + Sync + 'static {
    /// How many bits it holds.
    const BITS: usize;
    /// No bit set.
    fn zero() -> Self;
    /// Only bit `i`.
    fn bit(i: usize) -> Self;
    /// Bits `0..n`.
    fn low(n: usize) -> Self;
    /// Bitwise and.
    fn and(self, o: Self) -> Self;
    /// Bitwise or.
    fn or(self, o: Self) -> Self;
    /// Bitwise and-not: bits of `self` not in `o`.
    fn and_not(self, o: Self) -> Self;
    /// Bitwise exclusive or.
    fn xor(self, o: Self) -> Self;
    /// Shifted towards higher positions; bits past the top are lost.
    fn shl(self, n: usize) -> Self;
    /// Shifted towards lower positions.
    fn shr(self, n: usize) -> Self;
    /// Sum as integers, wrapping.
    fn add(self, o: Self) -> Self;
    /// Bit `i` moved to `BITS - 1 - i`.
    fn reverse(self) -> Self;
    /// Whether bit `i` is set.
    fn has(self, i: usize) -> bool;
    /// Whether no bit is set.
    fn is_zero(self) -> bool;
    /// How many bits are set.
    fn count(self) -> u32;
    /// The lowest set bit, if any.
    fn lowest(self) -> Option<usize>;

    /// The set bits, from the lowest.
    fn ones(self) -> Ones<Self> {
        Ones(self)
    }
}

/// The set bits of a [`Bits`], from the lowest.
pub(crate) struct Ones<B>(B);

impl<B: Bits> Iterator for Ones<B> {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        let i = self.0.lowest()?;
        self.0 = self.0.and_not(B::bit(i));
        Some(i)
    }
}

macro_rules! native_bits {
    ($t:ty) => {
        impl Bits for $t {
            const BITS: usize = <$t>::BITS as usize;
            #[inline]
            fn zero() -> Self {
                0
            }
            #[inline]
            fn bit(i: usize) -> Self {
                if i < <Self as Bits>::BITS { 1 << i } else { 0 }
            }
            #[inline]
            fn low(n: usize) -> Self {
                if n >= <Self as Bits>::BITS {
                    !0
                } else {
                    (1 << n) - 1
                }
            }
            #[inline]
            fn and(self, o: Self) -> Self {
                self & o
            }
            #[inline]
            fn or(self, o: Self) -> Self {
                self | o
            }
            #[inline]
            fn and_not(self, o: Self) -> Self {
                self & !o
            }
            #[inline]
            fn xor(self, o: Self) -> Self {
                self ^ o
            }
            #[inline]
            fn shl(self, n: usize) -> Self {
                if n >= <Self as Bits>::BITS {
                    0
                } else {
                    self << n
                }
            }
            #[inline]
            fn shr(self, n: usize) -> Self {
                if n >= <Self as Bits>::BITS {
                    0
                } else {
                    self >> n
                }
            }
            #[inline]
            fn add(self, o: Self) -> Self {
                self.wrapping_add(o)
            }
            #[inline]
            fn reverse(self) -> Self {
                self.reverse_bits()
            }
            #[inline]
            fn has(self, i: usize) -> bool {
                i < <Self as Bits>::BITS && (self >> i) & 1 == 1
            }
            #[inline]
            fn is_zero(self) -> bool {
                self == 0
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn lowest(self) -> Option<usize> {
                if self == 0 {
                    None
                } else {
                    Some(self.trailing_zeros() as usize)
                }
            }
        }
    };
}

native_bits!(u64);
native_bits!(u128);

/// A set of `W` 64-bit words, for lines longer than 125 cells: slower than the native words
/// (one step per word), the same rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Wide<const W: usize>([u64; W]);

impl<const W: usize> Default for Wide<W> {
    fn default() -> Self {
        Wide([0; W])
    }
}

impl<const W: usize> Bits for Wide<W> {
    const BITS: usize = 64 * W;
    fn zero() -> Self {
        Wide([0; W])
    }
    fn bit(i: usize) -> Self {
        let mut w = Self::zero();
        if i < Self::BITS {
            w.0[i / 64] = 1 << (i % 64);
        }
        w
    }
    fn low(n: usize) -> Self {
        let mut w = Self::zero();
        for (k, word) in w.0.iter_mut().enumerate() {
            let from = k * 64;
            if n >= from + 64 {
                *word = !0;
            } else if n > from {
                *word = (1 << (n - from)) - 1;
            }
        }
        w
    }
    fn and(self, o: Self) -> Self {
        Wide(std::array::from_fn(|k| self.0[k] & o.0[k]))
    }
    fn or(self, o: Self) -> Self {
        Wide(std::array::from_fn(|k| self.0[k] | o.0[k]))
    }
    fn and_not(self, o: Self) -> Self {
        Wide(std::array::from_fn(|k| self.0[k] & !o.0[k]))
    }
    fn xor(self, o: Self) -> Self {
        Wide(std::array::from_fn(|k| self.0[k] ^ o.0[k]))
    }
    fn shl(self, n: usize) -> Self {
        let (words, bits) = (n / 64, n % 64);
        Wide(std::array::from_fn(|k| {
            if k < words {
                return 0;
            }
            let hi = self.0[k - words] << bits;
            let lo = if bits > 0 && k > words {
                self.0[k - words - 1] >> (64 - bits)
            } else {
                0
            };
            hi | lo
        }))
    }
    fn shr(self, n: usize) -> Self {
        let (words, bits) = (n / 64, n % 64);
        Wide(std::array::from_fn(|k| {
            if k + words >= W {
                return 0;
            }
            let lo = self.0[k + words] >> bits;
            let hi = if bits > 0 && k + words + 1 < W {
                self.0[k + words + 1] << (64 - bits)
            } else {
                0
            };
            hi | lo
        }))
    }
    fn add(self, o: Self) -> Self {
        let mut out = Self::zero();
        let mut carry = false;
        for k in 0..W {
            let (s1, c1) = self.0[k].overflowing_add(o.0[k]);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            out.0[k] = s2;
            carry = c1 || c2;
        }
        out
    }
    fn reverse(self) -> Self {
        Wide(std::array::from_fn(|k| self.0[W - 1 - k].reverse_bits()))
    }
    fn has(self, i: usize) -> bool {
        i < Self::BITS && (self.0[i / 64] >> (i % 64)) & 1 == 1
    }
    fn is_zero(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    fn lowest(self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(k, w)| k * 64 + w.trailing_zeros() as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Wide = super::Wide<8>;

    /// The wide set against a `u128` on the low 128 bits: the same arithmetic.
    #[test]
    fn wide_sets_do_the_arithmetic_of_native_words() {
        let to_wide = |x: u128| {
            let mut w = Wide::zero();
            w.0[0] = x as u64;
            w.0[1] = (x >> 64) as u64;
            w
        };
        let samples: [u128; 5] = [
            0,
            1,
            0xdead_beef_0123_4567_89ab_cdef_f00d_cafe,
            u128::MAX >> 3,
            (1 << 127) | 5,
        ];
        for &a in &samples {
            for &b in &samples {
                let (wa, wb) = (to_wide(a), to_wide(b));
                let low = Wide::low(128);
                assert_eq!(wa.and(wb), to_wide(a & b));
                assert_eq!(wa.or(wb), to_wide(a | b));
                assert_eq!(wa.and_not(wb), to_wide(a & !b));
                assert_eq!(wa.add(wb).and(low), to_wide(a.wrapping_add(b)));
                for n in [0, 1, 7, 63, 64, 65, 100, 127] {
                    assert_eq!(wa.shl(n).and(low), to_wide(a << n));
                    assert_eq!(wa.shr(n), to_wide(a >> n));
                }
                assert_eq!(wa.count(), a.count_ones());
                assert_eq!(wa.lowest(), (a != 0).then(|| a.trailing_zeros() as usize));
            }
            assert_eq!(
                to_wide(a).reverse().shr(Wide::BITS - 128),
                to_wide(a.reverse_bits())
            );
        }
        assert_eq!(Wide::low(130).count(), 130);
        assert_eq!(Wide::bit(300).lowest(), Some(300));
        assert_eq!(Wide::bit(300).ones().collect::<Vec<_>>(), vec![300]);
        // The widest set, across its last words.
        type Widest = super::Wide<WIDEST_WORDS>;
        assert_eq!(Widest::low(MAX_LINE + 2).count() as usize, MAX_LINE + 2);
        assert_eq!(Widest::bit(MAX_LINE).shr(MAX_LINE - 1).lowest(), Some(1));
        assert_eq!(Widest::bit(3).reverse().lowest(), Some(Widest::BITS - 4));
    }

    /// Every length up to the limit has a width, the narrowest that holds it; past it none.
    #[test]
    fn every_line_up_to_the_limit_has_the_narrowest_width_that_holds_it() {
        let bits = |n: usize| by_width!(n, None, |B| Some(<B as Bits>::BITS));
        assert_eq!(bits(61), Some(64));
        assert_eq!(bits(62), Some(128));
        assert_eq!(bits(509), Some(512));
        assert_eq!(bits(510), Some(64 * 9));
        assert_eq!(bits(512), Some(64 * 9));
        assert_eq!(bits(574), Some(64 * 17));
        assert_eq!(bits(1024), Some(64 * 17));
        assert_eq!(bits(2048), Some(64 * 33));
        assert_eq!(bits(MAX_LINE), Some(64 * WIDEST_WORDS));
        assert_eq!(bits(MAX_LINE + 1), None);
    }
}
