//! The line rule, the one rule of the seed (`003_…`): on one line, take every **placement** of
//! the line's clue (every way to lay its runs in order, each separated from the next by at least
//! one empty cell), keep those that **agree** with the cells already known, and fix every cell on
//! which all of them agree, filled or empty. When no placement agrees, the line is a
//! **contradiction**: the known cells are wrong.
//!
//! [`line`] is the rule as the engine runs it, a dynamic programme that never lists the
//! placements (linear in the line's length times the clue's runs); [`by_placements`] is the
//! seed's own procedure — generate, validate, evidence — kept as the reference the fast rule is
//! tested against, exponential by design; [`every_picture`] lists a whole puzzle's pictures the
//! same way, the reference the solver is tested against.
//!
//! Clues are read as [`Puzzle`](super::Puzzle)s hold them: runs in order; a run of 0 counts for
//! nothing, so `[0]` is the empty clue.
//!
//! ```
//! use engine::nonogram::{rule, Cell::{Empty as X, Filled as O, Unknown as U}};
//! // The seed's example: clue 2 2 on `? o ? ? x ? ?`.
//! let known = [U, O, U, U, X, U, U];
//! assert_eq!(rule::line(&[2, 2], &known), Ok(vec![U, O, U, X, X, O, O]));
//! assert_eq!(rule::by_placements(&[2, 2], &known), rule::line(&[2, 2], &known));
//! ```

use super::bits::{Bits, by_width};
use super::fast;
use super::model::{Cell, Grid, Puzzle, clue_of};

/// No placement of the clue agrees with the line's known cells: a contradiction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no placement of the clue fits the known cells")]
pub struct NoPlacement;

/// The runs of a clue, without its 0s: `[0]` and `[]` both give no run.
pub fn runs(clue: &[u32]) -> Vec<u32> {
    clue.iter().copied().filter(|&n| n > 0).collect()
}

/// A clue as the game writes it: `3 1`, and `0` for the empty clue.
pub fn clue_text(clue: &[u32]) -> String {
    let runs = runs(clue);
    if runs.is_empty() {
        "0".to_string()
    } else {
        runs.iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The line rule: the line with every cell fixed on which all placements of `clue` that agree
/// with the known cells of `cells` agree (the known cells among them, unchanged), or
/// [`NoPlacement`] when none agrees. Any length; `O(length × runs)`.
pub fn line(clue: &[u32], cells: &[Cell]) -> Result<Vec<Cell>, NoPlacement> {
    let (can_fill, can_empty) = reach(clue, cells).ok_or(NoPlacement)?;
    Ok(can_fill
        .iter()
        .zip(&can_empty)
        .map(|(&f, &e)| match (f, e) {
            (true, false) => Cell::Filled,
            (false, true) => Cell::Empty,
            _ => Cell::Unknown,
        })
        .collect())
}

/// Per cell, whether an agreeing placement fills it and whether one leaves it empty.
pub(crate) fn reach(clue: &[u32], cells: &[Cell]) -> Option<(Vec<bool>, Vec<bool>)> {
    let lens = runs(clue);
    let n = cells.len();
    fn with<B: Bits>(lens: &[u32], cells: &[Cell]) -> Option<(Vec<bool>, Vec<bool>)> {
        let (f, e) = masks::<B>(cells);
        let mut scratch = fast::Scratch::new(lens.len());
        let r = fast::reach(lens, cells.len(), f, e, &mut scratch)?;
        Some((
            (0..cells.len()).map(|i| r.can_fill.has(i)).collect(),
            (0..cells.len()).map(|i| r.can_empty.has(i)).collect(),
        ))
    }
    by_width!(n, reach_long(&lens, cells), |B| with::<B>(&lens, cells))
}

/// The rule on plain vectors of flags, for a line longer than the widest bit set.
fn reach_long(lens: &[u32], cells: &[Cell]) -> Option<(Vec<bool>, Vec<bool>)> {
    let known: Vec<Option<bool>> = cells
        .iter()
        .map(|c| match c {
            Cell::Filled => Some(true),
            Cell::Empty => Some(false),
            Cell::Unknown => None,
        })
        .collect();
    fast::reach_long(lens, &known)
}

/// The filled and empty cells of a line as bit sets.
pub(crate) fn masks<B: Bits>(cells: &[Cell]) -> (B, B) {
    let mut f = B::zero();
    let mut e = B::zero();
    for (i, c) in cells.iter().enumerate() {
        match c {
            Cell::Filled => f = f.or(B::bit(i)),
            Cell::Empty => e = e.or(B::bit(i)),
            Cell::Unknown => {}
        }
    }
    (f, e)
}

/// The seed's step **generate**: every placement of `clue` on a line of `length` cells, each a
/// complete line, the first run leftmost first (the order of the seed's example). Their number
/// grows as a binomial coefficient of the line's slack: for small lines only.
pub fn placements(clue: &[u32], length: usize) -> Vec<Vec<Cell>> {
    fn place(runs: &[u32], length: usize, prefix: &mut Vec<Cell>, out: &mut Vec<Vec<Cell>>) {
        let Some((&first, rest)) = runs.split_first() else {
            let mut line = prefix.clone();
            line.resize(length, Cell::Empty);
            out.push(line);
            return;
        };
        let first = first as usize;
        let rest_needs = super::model::clue_length(rest) + usize::from(!rest.is_empty());
        let at = prefix.len();
        if at + first + rest_needs > length {
            return;
        }
        for start in at..=length - first - rest_needs {
            let before = prefix.len();
            prefix.resize(start, Cell::Empty);
            prefix.resize(start + first, Cell::Filled);
            if !rest.is_empty() {
                prefix.push(Cell::Empty);
            }
            place(rest, length, prefix, out);
            prefix.truncate(before);
        }
    }
    let mut out = Vec::new();
    place(&runs(clue), length, &mut Vec::new(), &mut out);
    out
}

/// log2 of the number of pictures a random grid of the puzzle's size would be expected to give
/// every clue, were its lines independent (`count::log2_expected_pictures`). Far above 0, the
/// clues leave a vast choice; far below, they pin the picture down; near 0 is the threshold
/// where random puzzles are hardest for every known search.
pub fn log2_expected_pictures(p: &Puzzle) -> f64 {
    super::count::log2_expected_pictures(&super::board::Compiled::new(p))
}

/// Every picture of the puzzle, up to `cap`, by the seed's **generate** over whole rows: each
/// row takes each of its placements in turn, and the pictures whose columns give their clues
/// are kept, in that order. Exponential: the reference the solver is tested against, for small
/// puzzles only.
pub fn every_picture(p: &Puzzle, cap: usize) -> Vec<Grid> {
    let per_row: Vec<Vec<Vec<Cell>>> = p.rows.iter().map(|c| placements(c, p.width)).collect();
    let columns: Vec<Vec<u32>> = p.columns.iter().map(|c| runs(c)).collect();
    let mut out = Vec::new();
    if cap == 0 || per_row.iter().any(Vec::is_empty) {
        return out;
    }
    let mut pick = vec![0usize; p.height];
    loop {
        let mut g = Grid::new(p.width, p.height);
        for (y, &i) in pick.iter().enumerate() {
            for (x, &c) in per_row[y][i].iter().enumerate() {
                g.set(x, y, c);
            }
        }
        if (0..p.width).all(|x| runs(&clue_of(&g.column(x))) == columns[x]) {
            out.push(g);
            if out.len() >= cap {
                return out;
            }
        }
        // The next combination, the first row fastest.
        let mut y = 0;
        loop {
            if y == p.height {
                return out;
            }
            pick[y] += 1;
            if pick[y] < per_row[y].len() {
                break;
            }
            pick[y] = 0;
            y += 1;
        }
    }
}

/// The seed's step **validate**: whether a placement agrees with the known cells (every known
/// cell has the placement's value).
pub fn agrees(placement: &[Cell], known: &[Cell]) -> bool {
    placement.len() == known.len()
        && placement
            .iter()
            .zip(known)
            .all(|(p, k)| !k.is_known() || p == k)
}

/// The seed's step **evidence**: the common part of the surviving placements — each cell on
/// which all agree, unknown elsewhere; `None` when there is no survivor.
pub fn common_part(survivors: &[Vec<Cell>]) -> Option<Vec<Cell>> {
    let (first, rest) = survivors.split_first()?;
    let mut common = first.clone();
    for s in rest {
        for (c, v) in common.iter_mut().zip(s) {
            if c != v {
                *c = Cell::Unknown;
            }
        }
    }
    Some(common)
}

/// The line rule by the seed's own procedure: generate every placement, validate each against
/// the known cells, evidence the common part of the survivors. The same answer as [`line`],
/// slow by design (it lists every placement): the reference the fast rule is tested against.
pub fn by_placements(clue: &[u32], cells: &[Cell]) -> Result<Vec<Cell>, NoPlacement> {
    let survivors: Vec<Vec<Cell>> = placements(clue, cells.len())
        .into_iter()
        .filter(|p| agrees(p, cells))
        .collect();
    common_part(&survivors).ok_or(NoPlacement)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nonogram::bits::Wide;
    use proptest::prelude::*;

    /// Each width of the fast rule against the reference, on the cells it is given.
    fn each_width(lens: &[u32], cells: &[Cell]) -> Vec<Option<(Vec<bool>, Vec<bool>)>> {
        fn with<B: Bits>(lens: &[u32], cells: &[Cell]) -> Option<(Vec<bool>, Vec<bool>)> {
            let (f, e) = masks::<B>(cells);
            let r = fast::reach(lens, cells.len(), f, e, &mut fast::Scratch::new(0))?;
            Some((
                (0..cells.len()).map(|i| r.can_fill.has(i)).collect(),
                (0..cells.len()).map(|i| r.can_empty.has(i)).collect(),
            ))
        }
        let known: Vec<Option<bool>> = cells
            .iter()
            .map(|c| c.is_known().then_some(*c == Cell::Filled))
            .collect();
        let mut out = vec![
            with::<u128>(lens, cells),
            with::<Wide<8>>(lens, cells),
            with::<Wide<17>>(lens, cells),
            fast::reach_long(lens, &known),
        ];
        if cells.len() + 3 <= 64 {
            out.push(with::<u64>(lens, cells));
        }
        out
    }

    fn to_cells(r: Option<(Vec<bool>, Vec<bool>)>) -> Result<Vec<Cell>, NoPlacement> {
        let (f, e) = r.ok_or(NoPlacement)?;
        Ok(f.iter()
            .zip(&e)
            .map(|(&f, &e)| match (f, e) {
                (true, false) => Cell::Filled,
                (false, true) => Cell::Empty,
                _ => Cell::Unknown,
            })
            .collect())
    }

    fn line_and_clue() -> impl Strategy<Value = (Vec<u32>, Vec<Cell>)> {
        (1usize..=22).prop_flat_map(|n| {
            (
                prop::collection::vec(1u32..=5, 0..=n.div_ceil(2)),
                prop::collection::vec(
                    prop_oneof![
                        3 => Just(Cell::Unknown),
                        1 => Just(Cell::Filled),
                        1 => Just(Cell::Empty)
                    ],
                    n,
                ),
            )
        })
    }

    proptest! {
        /// Every width of bit set and the long-line fallback answer as the seed's procedure.
        #[test]
        fn every_implementation_of_the_rule_agrees_with_the_seed((lens, cells) in line_and_clue()) {
            let want = by_placements(&lens, &cells);
            for got in each_width(&lens, &cells) {
                prop_assert_eq!(to_cells(got), want.clone());
            }
        }
    }

    /// Long lines, where placements cannot be listed: every width of bit set and the fallback
    /// agree with each other, on a line of 120 cells with the seed's example repeated.
    #[test]
    fn long_lines_are_solved_alike_by_every_width() {
        let mut cells = Vec::new();
        let mut lens = Vec::new();
        for i in 0..15 {
            cells.extend([
                Cell::Unknown,
                Cell::Filled,
                Cell::Unknown,
                Cell::Unknown,
                Cell::Empty,
                Cell::Unknown,
                Cell::Unknown,
                if i % 3 == 0 {
                    Cell::Empty
                } else {
                    Cell::Unknown
                },
            ]);
            lens.extend([2, 2]);
        }
        let all = each_width(&lens, &cells);
        assert!(all[0].is_some());
        assert!(all.iter().all(|r| *r == all[0]));
    }

    #[test]
    fn placements_come_in_the_seeds_order() {
        use Cell::{Empty as X, Filled as O};
        let p = placements(&[2, 2], 7);
        assert_eq!(p.len(), 6);
        assert_eq!(p[0], vec![O, O, X, O, O, X, X]);
        assert_eq!(p[5], vec![X, X, O, O, X, O, O]);
        assert_eq!(placements(&[0], 3), vec![vec![X, X, X]]);
        assert!(placements(&[3, 1], 4).is_empty());
    }
}
