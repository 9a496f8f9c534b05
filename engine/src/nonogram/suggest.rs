//! Which cells of a picture to change so that its puzzle has one solution, for the editor's
//! *Suggest*. One change, else two, are searched among the cells near the ambiguous ones, so
//! that what is found is the fewest there; a picture whose ambiguous cells lie in several
//! separate regions (two 2×2 switches in opposite corners) usually needs a change in each, more
//! than a pair search reaches in time, so it is settled region by region.

use super::author::ambiguous_cells;
use super::model::{Cell, Grid, Puzzle, PuzzleInfo};
use super::solve::{self, Answer, Limits, Stop};
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// What [`suggest_unique`] found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Suggestion {
    /// Cells of the picture to change (filled ↔ empty), as `(column, row)`, that make the
    /// puzzle unique: empty when it is unique already; `None` when the search found none.
    pub changes: Option<Vec<(usize, usize)>>,
    /// The cells it tried changing first: the ambiguous cells and their neighbours.
    pub candidates: usize,
    /// How many changed pictures it solved.
    pub tried: usize,
    /// Whether every single change among the candidates was tried.
    pub singles_done: bool,
    /// Whether every pair of changes among the candidates was tried.
    pub pairs_done: bool,
    /// How many separate regions the ambiguous cells lie in (cells touching, diagonals too).
    pub regions: usize,
    /// Whether no fewer changes among the candidates would do: one, or two once every single
    /// was tried. Changes found region by region may be more than the fewest.
    pub fewest: bool,
}

/// How many changes region by region may make before giving up: a change can make new
/// ambiguous cells elsewhere, and the search must end.
const MOST_STEPS: usize = 64;

/// A bounded search for the fewest cells to change in a picture so that its puzzle has one
/// solution: the ambiguous cells and their eight neighbours are the candidates; each single
/// change is tried; when the ambiguous cells form several regions, they are then settled one
/// at a time (a change near a region, else a pair, after which none of its cells is
/// ambiguous); then each pair is tried (for a fifth of the budget at most when the regions
/// were settled with three changes or more), until `budget` runs out. A picture that needs
/// changes elsewhere gets `None`.
pub fn suggest_unique(
    picture: &Grid,
    budget: Duration,
    cancel: crate::solving::Cancel<'_>,
) -> Suggestion {
    let cancel = cancel.flag();
    let mut search = Search {
        deadline: Instant::now() + budget,
        cancel,
        out: Suggestion {
            changes: None,
            candidates: 0,
            tried: 0,
            singles_done: false,
            pairs_done: false,
            regions: 0,
            fewest: false,
        },
    };
    let first = solve::run(&puzzle_of(picture), None, &Limits::time(budget), cancel, 2);
    if matches!(first.report.answer, Answer::Unique(_)) {
        search.out.changes = Some(vec![]);
        search.out.singles_done = true;
        search.out.pairs_done = true;
        search.out.fewest = true;
        return search.out;
    }
    // Ambiguous cells, with a quarter of the budget.
    let amb = ambiguous_cells(
        &puzzle_of(picture),
        &Limits::time(budget / 4),
        cancel.into(),
    );
    let mut cells = amb.cells.clone();
    if let (Answer::Several(a, b), true) = (&first.report.answer, cells.is_empty()) {
        cells = differing(a, b);
    }
    let regions = regions_of(&cells);
    search.out.regions = regions.len();
    let candidates = around(&cells, picture.width(), picture.height());
    search.out.candidates = candidates.len();
    let unique = |s: &mut Search, changes: &[(usize, usize)]| s.unique(&flipped(picture, changes));
    match search.first_of(&candidates, Changes::Single, unique) {
        Some(Some(single)) => return search.found(single, true),
        Some(None) => {}
        None => return search.out,
    }
    search.out.singles_done = true;
    let by_region = if regions.len() > 1 {
        search.region_by_region(picture, amb.complete.then_some(regions))
    } else {
        None
    };
    // Two changes after every single was tried are the fewest among the candidates.
    if let Some(changes) = by_region.as_ref().filter(|c| c.len() == 2) {
        return search.found(changes.clone(), true);
    }
    // A pair is the fewest when no single did. After the regions were settled with more, a
    // pair is looked for only a while, so that the author does not wait the whole budget
    // for what may well not be there.
    if by_region.is_some() {
        search.deadline = search.deadline.min(Instant::now() + budget / 5);
    }
    match search.first_of(&candidates, Changes::Pair, unique) {
        Some(Some(pair)) => return search.found(pair, true),
        Some(None) => search.out.pairs_done = true,
        None => {}
    }
    match by_region {
        Some(changes) => search.found(changes, false),
        None => search.out,
    }
}

/// Which changes a walk over cells tries: each cell alone, or each pair of them.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Changes {
    Single,
    Pair,
}

/// One suggestion's search: its limits, and what it has found so far.
struct Search<'a> {
    /// When the time is up.
    deadline: Instant,
    cancel: Option<&'a AtomicBool>,
    out: Suggestion,
}

impl Search<'_> {
    /// The time left, or `None` once it is up (or the search is called off).
    fn left(&self) -> Option<Limits> {
        if self
            .cancel
            .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
        {
            return None;
        }
        let left = self.deadline.checked_duration_since(Instant::now())?;
        (!left.is_zero()).then_some(Limits::time(left))
    }

    fn found(mut self, changes: Vec<(usize, usize)>, fewest: bool) -> Suggestion {
        self.out.fewest = fewest;
        self.out.changes = Some(changes);
        self.out
    }

    /// Whether the puzzle of `picture` has one solution; `None` when the time ran out first.
    fn unique(&mut self, picture: &Grid) -> Option<bool> {
        let left = self.left()?;
        self.out.tried += 1;
        match solve::run(&puzzle_of(picture), None, &left, self.cancel, 2)
            .report
            .answer
        {
            Answer::Unique(_) => Some(true),
            Answer::Stopped {
                stop: Stop::Cancelled | Stop::Time { .. },
                ..
            } => None,
            _ => Some(false),
        }
    }

    /// Whether none of `cells` is ambiguous in the puzzle of `picture`: each, set against the
    /// picture, leaves no solution. `None` when the time ran out first.
    fn settled(&mut self, picture: &Grid, cells: &[(usize, usize)]) -> Option<bool> {
        let puzzle = puzzle_of(picture);
        for &(x, y) in cells {
            let left = self.left()?;
            let mut start = Grid::new(picture.width(), picture.height());
            start.set(x, y, opposite(picture.get(x, y)));
            self.out.tried += 1;
            match solve::run(&puzzle, Some(&start), &left, self.cancel, 1)
                .report
                .answer
            {
                Answer::None(_) => {}
                // A limit, with no solution found: only time limits this search.
                Answer::Stopped { found: None, .. } => return None,
                _ => return Some(false),
            }
        }
        Some(true)
    }

    /// Changes that settle the ambiguous regions of `picture` one at a time (`regions`: those
    /// already found, when complete), each by the first single change near it after which
    /// none of its cells is ambiguous, else the first such pair, looking again at the whole
    /// picture after each (a change may settle other regions too, or unsettle cells elsewhere).
    /// `None` when some region could not be settled near it, or the time ran out.
    fn region_by_region(
        &mut self,
        picture: &Grid,
        mut regions: Option<Vec<Vec<(usize, usize)>>>,
    ) -> Option<Vec<(usize, usize)>> {
        let mut current = picture.clone();
        let mut changes: Vec<(usize, usize)> = Vec::new();
        for _ in 0..MOST_STEPS {
            let regions_now = match regions.take() {
                Some(r) => r,
                None => {
                    let amb =
                        ambiguous_cells(&puzzle_of(&current), &self.left()?, self.cancel.into());
                    if !amb.complete {
                        return None;
                    }
                    regions_of(&amb.cells)
                }
            };
            if regions_now.is_empty() {
                return Some(changes);
            }
            // A region whose cells switch together with cells far off may not be settled near
            // it: the next is tried.
            let mut settling = None;
            for region in &regions_now {
                match self.settle(&current, region, &changes) {
                    Some(Some(found)) => {
                        settling = Some(found);
                        break;
                    }
                    Some(None) => {}
                    None => return None,
                }
            }
            let settling = settling?;
            current = flipped(&current, &settling);
            changes.extend(settling);
        }
        None
    }

    /// The first single change (or pair of changes) among `cells` that `does` holds for:
    /// `Some(None)` when it holds for none, `None` when the time ran out first.
    fn first_of(
        &mut self,
        cells: &[(usize, usize)],
        changes: Changes,
        mut does: impl FnMut(&mut Self, &[(usize, usize)]) -> Option<bool>,
    ) -> Option<Option<Vec<(usize, usize)>>> {
        for (i, &a) in cells.iter().enumerate() {
            if changes == Changes::Single {
                if does(self, &[a])? {
                    return Some(Some(vec![a]));
                }
                continue;
            }
            for &b in &cells[i + 1..] {
                if does(self, &[a, b])? {
                    return Some(Some(vec![a, b]));
                }
            }
        }
        Some(None)
    }

    /// The first change near `region` (not among `made`) after which none of its cells is
    /// ambiguous, else the first such pair: `Some(None)` when there is none, `None` when the
    /// time ran out first.
    fn settle(
        &mut self,
        current: &Grid,
        region: &[(usize, usize)],
        made: &[(usize, usize)],
    ) -> Option<Option<Vec<(usize, usize)>>> {
        let near: Vec<(usize, usize)> = around(region, current.width(), current.height())
            .into_iter()
            .filter(|c| !made.contains(c))
            .collect();
        let settles = |s: &mut Self, changes: &[(usize, usize)]| {
            s.settled(&flipped(current, changes), region)
        };
        match self.first_of(&near, Changes::Single, settles)? {
            Some(single) => Some(Some(single)),
            None => self.first_of(&near, Changes::Pair, settles),
        }
    }
}

fn puzzle_of(g: &Grid) -> Puzzle {
    Puzzle::from_picture(g.clone(), PuzzleInfo::default())
}

fn opposite(c: Cell) -> Cell {
    if c == Cell::Filled {
        Cell::Empty
    } else {
        Cell::Filled
    }
}

/// The picture with each of `changes` turned over (filled ↔ empty).
fn flipped(picture: &Grid, changes: &[(usize, usize)]) -> Grid {
    let mut g = picture.clone();
    for &(x, y) in changes {
        g.set(x, y, opposite(g.get(x, y)));
    }
    g
}

/// The cells where two grids differ, row by row.
fn differing(a: &Grid, b: &Grid) -> Vec<(usize, usize)> {
    (0..a.height())
        .flat_map(|y| (0..a.width()).map(move |x| (x, y)))
        .filter(|&(x, y)| a.get(x, y) != b.get(x, y))
        .collect()
}

/// `cells` and their eight neighbours on a `w × h` grid, each once, the cells first.
fn around(cells: &[(usize, usize)], w: usize, h: usize) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = cells.to_vec();
    for &(x, y) in cells {
        for ny in y.saturating_sub(1)..=(y + 1).min(h - 1) {
            for nx in x.saturating_sub(1)..=(x + 1).min(w - 1) {
                if !out.contains(&(nx, ny)) {
                    out.push((nx, ny));
                }
            }
        }
    }
    out
}

/// `cells` grouped into regions of cells touching one another (diagonals too), each region in
/// the order of its first cell in `cells`.
fn regions_of(cells: &[(usize, usize)]) -> Vec<Vec<(usize, usize)>> {
    let touching =
        |a: (usize, usize), b: (usize, usize)| a.0.abs_diff(b.0) <= 1 && a.1.abs_diff(b.1) <= 1;
    let mut region_of: Vec<Option<usize>> = vec![None; cells.len()];
    let mut regions: Vec<Vec<(usize, usize)>> = Vec::new();
    for start in 0..cells.len() {
        if region_of[start].is_some() {
            continue;
        }
        let id = regions.len();
        region_of[start] = Some(id);
        let mut region = vec![cells[start]];
        let mut next = 0;
        while next < region.len() {
            let here = region[next];
            next += 1;
            for (i, &c) in cells.iter().enumerate() {
                if region_of[i].is_none() && touching(here, c) {
                    region_of[i] = Some(id);
                    region.push(c);
                }
            }
        }
        regions.push(region);
    }
    regions
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_touching_even_at_a_corner_are_one_region() {
        let cells = [(0, 0), (5, 5), (1, 1), (9, 0), (6, 6), (2, 3)];
        assert_eq!(
            regions_of(&cells),
            vec![
                vec![(0, 0), (1, 1)],
                vec![(5, 5), (6, 6)],
                vec![(9, 0)],
                vec![(2, 3)]
            ]
        );
        assert!(regions_of(&[]).is_empty());
    }

    #[test]
    fn the_neighbourhood_stays_on_the_grid() {
        assert_eq!(
            around(&[(0, 0)], 2, 2),
            vec![(0, 0), (1, 0), (0, 1), (1, 1)]
        );
        assert_eq!(around(&[(0, 0)], 1, 1), vec![(0, 0)]);
    }
}
