//! What the module's tests share: a small random generator, so that they need no generator
//! crate, and random lines with some cells known.

use super::model::Cell;

/// The next number of a xorshift generator with state `s` (never 0).
pub(crate) fn next(s: &mut u64) -> u64 {
    crate::random::xorshift64(s)
}

/// A random line of 1 to `longest` cells, each known filled with one chance in `one_in`, known
/// empty with another, and a clue of up to `most_runs` runs of 1 to 4 (not always one the line
/// can take).
pub(crate) fn random_line(
    seed: &mut u64,
    longest: u64,
    most_runs: u64,
    one_in: u64,
) -> (Vec<u32>, Vec<Cell>) {
    let n = (next(seed) % longest) as usize + 1;
    let k = (next(seed) % (most_runs + 1)) as usize;
    let clue = (0..k).map(|_| (next(seed) % 4) as u32 + 1).collect();
    let known = (0..n)
        .map(|_| match next(seed) % one_in {
            0 => Cell::Filled,
            1 => Cell::Empty,
            _ => Cell::Unknown,
        })
        .collect();
    (clue, known)
}
