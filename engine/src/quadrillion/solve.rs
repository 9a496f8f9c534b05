//! The exact-cover solver: every open dot covered once, every shape placed once.
//!
//! The open dots not yet covered are numbered row by row (at most 64, one bit each). Every place
//! a remaining shape can lie in any orientation is a set of dots; the places still possible are
//! a set of bits too. Each node branches, as dancing links does, on the **column** with the
//! fewest places left: a dot (every place that covers it) or a shape (every place of it). A
//! column with none ends the branch; one with a single place is forced. Placing a shape removes
//! every place that overlaps it and every other place of that shape.
//!
//! Places are numbered in the order of their first dot, so the places covering one dot lie in a
//! few neighbouring words and counting a dot's places reads only those.
//!
//! After each place, every region of empty dots it cut off must be as large as some choice of
//! the unused shapes (3 + 4 + 5 + 5 … — never 1, 2, 6 or 11 dots, for instance), and a region as
//! small as one shape must be exactly the place of an unused one: otherwise the branch ends at
//! once.

use super::board::{Challenge, ChallengeProblem, Placement, Solution};
use super::dot::Dot;
use super::shape::ShapeId;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

pub use crate::solving::{Cancel, Limits, Stop};

/// What the search for one solution found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A solution: the challenge's shapes and the ones the search placed.
    Solved(Solution),
    /// No way to place the remaining shapes.
    None,
    /// A limit stopped it first.
    Stopped(Stop),
}

impl Answer {
    /// The answer in the shape every family's solver shares.
    pub fn outcome(&self) -> crate::solving::Outcome<&Solution> {
        use crate::solving::Outcome;
        match self {
            Answer::Solved(s) => Outcome::Solved(s),
            Answer::None => Outcome::Unsolvable,
            Answer::Stopped(stop) => Outcome::Stopped {
                stop: *stop,
                found: None,
            },
        }
    }
}

/// One search's answer and what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The answer.
    pub answer: Answer,
    /// Search nodes opened.
    pub nodes: u64,
    /// How long it took.
    pub elapsed: Duration,
}

/// Every solution counted (or as many as a limit allowed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// How many solutions were found.
    pub solutions: u64,
    /// The first two found.
    pub first: Vec<Solution>,
    /// Set when a limit stopped the count: `solutions` is then a lower bound.
    pub stopped: Option<Stop>,
    /// Search nodes opened.
    pub nodes: u64,
    /// How long it took.
    pub elapsed: Duration,
}

impl Count {
    /// The count in the shape every family's solver shares: solved (the first found) when
    /// one or more were found and nothing stopped it, unsolvable when none exists.
    pub fn outcome(&self) -> crate::solving::Outcome<&Solution> {
        use crate::solving::Outcome;
        match (self.stopped, self.first.as_slice()) {
            (Some(stop), first) => Outcome::Stopped {
                stop,
                found: first.first(),
            },
            (None, []) => Outcome::Unsolvable,
            (None, [first, ..]) => Outcome::Solved(first),
        }
    }

    /// Whether the count is complete and exactly one.
    pub fn is_unique(&self) -> bool {
        self.stopped.is_none() && self.solutions == 1
    }
}

/// A hint for a player who has placed some shapes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// One more shape, placed where a solution that keeps every placed shape has it.
    Place(Placement),
    /// Every shape is placed: the challenge is solved.
    Solved,
    /// No solution keeps every shape as placed; lifting these of the player's (as few as
    /// possible, the latest placed first) leaves one that does.
    Lift(Vec<ShapeId>),
    /// No solution exists even with none of the player's shapes: the challenge itself has none.
    NoSolution,
    /// A limit stopped the search.
    Stopped(Stop),
}

/// A place a shape can lie: the dots it covers, as bits.
#[derive(Clone, Copy, Debug)]
struct Place {
    dots: u64,
    /// The dots beside it: only the regions these touch change when it is placed.
    halo: u64,
    shape: u8,
    placement: Placement,
}

/// A challenge compiled for the search.
struct Cover {
    /// Open dots not covered by the challenge's shapes, row by row.
    dots: Vec<Dot>,
    /// Every place of every remaining shape.
    places: Vec<Place>,
    /// Words in a set of places.
    words: usize,
    /// For each dot, the set of places that cover it (`words` words each).
    covering: Vec<u64>,
    /// For each shape (by index), the set of its places.
    of_shape: Vec<u64>,
    /// For each dot, the words of `covering` that are not empty: from, to (exclusive).
    dot_words: Vec<(usize, usize)>,
    /// For each shape, the words of `of_shape` that are not empty.
    shape_words: Vec<(usize, usize)>,
    /// The shapes to place, as bits of `ShapeId::index`.
    shapes: u16,
    /// Every dot to cover.
    all: u64,
    /// The challenge's placements.
    fixed: Vec<Placement>,
    /// Each dot's neighbours among the dots to cover.
    neighbours: Vec<u64>,
    /// Every place's dots with the shapes that can lie there, sorted: a region as small as one
    /// shape must be exactly the place of an unused one.
    exact: Vec<(u64, u16)>,
}

/// The bits of every shape.
const ALL_SHAPES: u16 = (1 << 12) - 1;

/// [`fillable_sizes`] for every set of used shapes, built once.
fn fillable() -> &'static [u64] {
    static TABLE: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| (0..=ALL_SHAPES).map(fillable_sizes).collect())
}

/// The sizes (as bits, up to 63) that some choice of the unused shapes covers exactly, for
/// `used` shapes; only the shapes' sizes matter (one of 3 dots, one of 4, ten of 5).
fn fillable_sizes(used: u16) -> u64 {
    let (mut three, mut four, mut fives) = (0, 0, 0);
    for s in ShapeId::ALL {
        if used & (1 << s.index()) == 0 {
            match s.size() {
                3 => three += 1,
                4 => four += 1,
                _ => fives += 1,
            }
        }
    }
    let mut sizes = 0u64;
    for a in 0..=three {
        for b in 0..=four {
            for c in 0..=fives {
                let n = 3 * a + 4 * b + 5 * c;
                if n < 64 {
                    sizes |= 1 << n;
                }
            }
        }
    }
    sizes
}

/// Iterates the set bits of a word.
fn bits(mut w: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (w != 0).then(|| {
            let i = w.trailing_zeros() as usize;
            w &= w - 1;
            i
        })
    })
}

impl Cover {
    fn new(ch: &Challenge) -> Result<Cover, Vec<ChallengeProblem>> {
        let problems = ch.problems();
        if !problems.is_empty() {
            return Err(problems);
        }
        let covered: Vec<Dot> = ch.placed.iter().flat_map(|p| p.dots()).collect();
        let dots: Vec<Dot> = ch
            .board
            .open_dots()
            .into_iter()
            .filter(|d| !covered.contains(d))
            .collect();
        // Four 4×4 grids hold at most 64 dots.
        debug_assert!(dots.len() <= 64);
        let (rows, cols) = ch.board.size();
        let corner = ch.board.corner();
        // Each dot of the board's bounding box: its number, or none.
        let mut number = vec![u8::MAX; (rows * cols).max(0) as usize];
        for (i, d) in dots.iter().enumerate() {
            number[((d.row - corner.row) * cols + d.col - corner.col) as usize] = i as u8;
        }
        let index = |d: Dot| {
            let (r, c) = (d.row - corner.row, d.col - corner.col);
            if (0..rows).contains(&r) && (0..cols).contains(&c) {
                let n = number[(r * cols + c) as usize];
                (n != u8::MAX).then_some(usize::from(n))
            } else {
                None
            }
        };
        let neighbours: Vec<u64> = dots
            .iter()
            .map(|d| {
                d.neighbours()
                    .into_iter()
                    .filter_map(index)
                    .fold(0u64, |m, i| m | 1 << i)
            })
            .collect();
        let mut places = Vec::new();
        let mut shapes = 0u16;
        for shape in ch.unplaced() {
            shapes |= 1 << shape.index();
            for (orientation, cells) in shape.distinct_orientations() {
                let (h, w) = cells
                    .iter()
                    .fold((0, 0), |(h, w), d| (h.max(d.row + 1), w.max(d.col + 1)));
                for r in 0..=rows - h {
                    for c in 0..=cols - w {
                        let at = Dot::new(corner.row + r, corner.col + c);
                        let mut mask = 0u64;
                        if cells
                            .iter()
                            .all(|&d| index(d.offset(at)).map(|i| mask |= 1 << i).is_some())
                        {
                            let halo = bits(mask).fold(0, |h, i| h | neighbours[i]) & !mask;
                            places.push(Place {
                                dots: mask,
                                halo,
                                shape: shape.index() as u8,
                                placement: Placement {
                                    shape,
                                    orientation,
                                    at,
                                },
                            });
                        }
                    }
                }
            }
        }
        // Places in the order of their first dot: the places covering one dot then lie in a few
        // neighbouring words, the only ones a count over that dot reads.
        places.sort_by_key(|p| p.dots.trailing_zeros());
        let words = places.len().div_ceil(64).max(1);
        let mut covering = vec![0u64; dots.len() * words];
        let mut of_shape = vec![0u64; 12 * words];
        for (i, p) in places.iter().enumerate() {
            for d in bits(p.dots) {
                covering[d * words + i / 64] |= 1 << (i % 64);
            }
            of_shape[usize::from(p.shape) * words + i / 64] |= 1 << (i % 64);
        }
        let span = |set: &[u64]| -> (usize, usize) {
            let lo = set.iter().position(|w| *w != 0).unwrap_or(0);
            let hi = set.iter().rposition(|w| *w != 0).map_or(lo, |i| i + 1);
            (lo, hi)
        };
        let dot_words = (0..dots.len())
            .map(|d| span(&covering[d * words..(d + 1) * words]))
            .collect();
        let shape_words = (0..12)
            .map(|s| span(&of_shape[s * words..(s + 1) * words]))
            .collect();
        let mut exact: Vec<(u64, u16)> = places.iter().map(|p| (p.dots, 1u16 << p.shape)).collect();
        exact.sort_unstable();
        exact.dedup_by(|b, a| {
            if a.0 == b.0 {
                a.1 |= b.1;
                true
            } else {
                false
            }
        });
        let all = if dots.len() == 64 {
            u64::MAX
        } else {
            (1u64 << dots.len()) - 1
        };
        Ok(Cover {
            dots,
            places,
            words,
            dot_words,
            shape_words,
            covering,
            of_shape,
            shapes,
            all,
            fixed: ch.placed.clone(),
            neighbours,
            exact,
        })
    }

    /// Whether the remaining shapes cover exactly the remaining dots, by size.
    fn sizes_agree(&self) -> bool {
        let area: usize = ShapeId::ALL
            .iter()
            .filter(|s| self.shapes & (1 << s.index()) != 0)
            .map(|s| s.size())
            .sum();
        area == self.dots.len()
    }
}

/// What the search does with a solution: go on (`true`) or stop.
struct Search<'a, F> {
    cover: &'a Cover,
    limits: Limits,
    cancel: Option<&'a AtomicBool>,
    t0: Instant,
    nodes: u64,
    stop: Option<Stop>,
    path: Vec<Place>,
    /// The places still possible at each depth, `words` words a level.
    alive: Vec<u64>,
    on_solution: F,
}

/// What a node branches on: every place covering a dot, or every place of a shape.
#[derive(Clone, Copy)]
enum Column {
    Dot(usize),
    Shape(usize),
}

impl<F: FnMut(&[Place]) -> bool> Search<'_, F> {
    /// Branches on the dot or the shape with the fewest places left (none: a dead end; one: a
    /// forced place); returns `false` when the search should end.
    fn fill(&mut self, depth: usize, filled: u64, used: u16) -> bool {
        if filled == self.cover.all {
            return (self.on_solution)(&self.path);
        }
        // The node limit is held exactly: a search that has opened as many opens no more, and
        // counts none it did not open. The clock and the cancel flag are read every 4,096
        // nodes.
        let at_limit = self.limits.max_steps.is_some_and(|m| self.nodes >= m);
        if (at_limit || (self.nodes + 1) & 0xfff == 0) && self.limited() {
            return false;
        }
        self.nodes += 1;
        let cover = self.cover;
        let w = cover.words;
        let alive = &self.alive[depth * w..(depth + 1) * w];
        let count = |set: &[u64], (lo, hi): (usize, usize)| -> u32 {
            set[lo..hi]
                .iter()
                .zip(&alive[lo..hi])
                .map(|(a, b)| (a & b).count_ones())
                .sum()
        };
        let mut best = (u32::MAX, Column::Dot(0));
        for d in bits(cover.all & !filled) {
            let n = count(&cover.covering[d * w..(d + 1) * w], cover.dot_words[d]);
            if n < best.0 {
                best = (n, Column::Dot(d));
                if n <= 1 {
                    break;
                }
            }
        }
        if best.0 > 1 {
            for s in bits(u64::from(!used & ALL_SHAPES)) {
                let n = count(&cover.of_shape[s * w..(s + 1) * w], cover.shape_words[s]);
                if n < best.0 {
                    best = (n, Column::Shape(s));
                    if n <= 1 {
                        break;
                    }
                }
            }
        }
        if best.0 == 0 {
            return true;
        }
        let set = match best.1 {
            Column::Dot(d) => &cover.covering[d * w..(d + 1) * w],
            Column::Shape(s) => &cover.of_shape[s * w..(s + 1) * w],
        };
        // The column's places left. A dot is covered by at most 12 × 8 × 5 places (a shape, an
        // orientation, which of its dots); a shape is chosen only with fewer than the best dot.
        let mut candidates = [0u16; 480];
        let mut n_candidates = 0;
        let (lo, hi) = match best.1 {
            Column::Dot(d) => cover.dot_words[d],
            Column::Shape(s) => cover.shape_words[s],
        };
        for k in lo..hi {
            for j in bits(set[k] & alive[k]) {
                if let Some(c) = candidates.get_mut(n_candidates) {
                    *c = (k * 64 + j) as u16;
                    n_candidates += 1;
                }
            }
        }
        for &i in &candidates[..n_candidates] {
            let place = cover.places[usize::from(i)];
            let now_filled = filled | place.dots;
            let now_used = used | (1 << place.shape);
            if !self.regions_fillable(now_filled, now_used, place.halo) {
                continue;
            }
            // Places that overlap this one, or are of its shape, are gone.
            let (now, below) = self.alive.split_at_mut((depth + 1) * w);
            let (now, next) = (&now[depth * w..], &mut below[..w]);
            let shape = &cover.of_shape[usize::from(place.shape) * w..];
            for k in 0..w {
                next[k] = now[k] & !shape[k];
            }
            for d in bits(place.dots) {
                let (lo, hi) = cover.dot_words[d];
                let c = &cover.covering[d * w..(d + 1) * w];
                for k in lo..hi {
                    next[k] &= !c[k];
                }
            }
            self.path.push(place);
            let go_on = self.fill(depth + 1, now_filled, now_used);
            self.path.pop();
            if !go_on {
                return false;
            }
        }
        true
    }

    /// Whether every region of empty dots that touches `halo` is as large as some choice of the
    /// unused shapes (the others were checked when they were cut off), and a region as small as
    /// one shape is exactly the place of an unused one.
    fn regions_fillable(&self, filled: u64, used: u16, halo: u64) -> bool {
        let sizes = fillable()[usize::from(used & ALL_SHAPES)];
        let empty = self.cover.all & !filled;
        let mut left = empty & halo;
        while left != 0 {
            let mut region = left & left.wrapping_neg();
            let mut frontier = region;
            while frontier != 0 {
                let mut next = 0u64;
                for i in bits(frontier) {
                    next |= self.cover.neighbours[i];
                }
                frontier = next & empty & !region;
                region |= frontier;
            }
            let size = region.count_ones();
            if sizes & (1 << size) == 0 {
                return false;
            }
            if size <= 5 {
                let shapes = match self.cover.exact.binary_search_by_key(&region, |e| e.0) {
                    Ok(i) => self.cover.exact[i].1,
                    Err(_) => 0,
                };
                if shapes & !used == 0 {
                    return false;
                }
            }
            left &= !region;
        }
        true
    }

    fn limited(&mut self) -> bool {
        if let Some(max) = self.limits.max_steps
            && self.nodes >= max
        {
            self.stop = Some(Stop::Nodes { max });
        } else if let Some(after) = self.limits.timeout
            && self.t0.elapsed() >= after
        {
            self.stop = Some(Stop::Time { after });
        } else if self.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            self.stop = Some(Stop::Cancelled);
        }
        self.stop.is_some()
    }
}

/// Runs the search over `cover`, calling `on_solution` with each solution's places until it
/// says stop; returns the nodes and the stop, if a limit stopped it.
fn search(
    cover: &Cover,
    limits: &Limits,
    cancel: Option<&AtomicBool>,
    on_solution: impl FnMut(&[Place]) -> bool,
) -> (u64, Option<Stop>) {
    if !cover.sizes_agree() {
        return (0, None);
    }
    let w = cover.words;
    // One level per shape placed, and one more.
    let mut alive = vec![0u64; w * 14];
    for (i, a) in alive[..w].iter_mut().enumerate() {
        let from = i * 64;
        let n = cover.places.len().saturating_sub(from).min(64);
        *a = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    }
    let mut s = Search {
        cover,
        limits: *limits,
        cancel,
        t0: Instant::now(),
        nodes: 0,
        stop: None,
        path: Vec::with_capacity(12),
        alive,
        on_solution,
    };
    // The unused shapes are the bits of `cover.shapes`; `used` marks the others as used.
    let used = !cover.shapes;
    s.fill(0, 0, used);
    (s.nodes, s.stop)
}

fn solution(cover: &Cover, path: &[Place]) -> Solution {
    Solution::new(
        cover
            .fixed
            .iter()
            .copied()
            .chain(path.iter().map(|p| p.placement)),
    )
}

/// Calls `each` with the places of every solution (the challenge's own shapes not included)
/// until it says stop; returns the nodes and what stopped it, if a limit did.
pub(crate) fn for_each_solution(
    ch: &Challenge,
    limits: &Limits,
    cancel: Option<&AtomicBool>,
    mut each: impl FnMut(&[Placement]) -> bool,
) -> Result<(u64, Option<Stop>), Vec<ChallengeProblem>> {
    let cover = Cover::new(ch)?;
    let mut buf = Vec::with_capacity(12);
    Ok(search(&cover, limits, cancel, |path| {
        buf.clear();
        buf.extend(path.iter().map(|p| p.placement));
        each(&buf)
    }))
}

/// Finds one solution of a playable challenge; the challenge's problems otherwise.
pub fn solve(
    ch: &Challenge,
    limits: &Limits,
    cancel: Cancel<'_>,
) -> Result<Report, Vec<ChallengeProblem>> {
    let cancel = cancel.flag();
    let t0 = Instant::now();
    let cover = Cover::new(ch)?;
    let mut found = None;
    let (nodes, stop) = search(&cover, limits, cancel, |path| {
        found = Some(solution(&cover, path));
        false
    });
    let answer = match (found, stop) {
        (Some(s), _) => Answer::Solved(s),
        (None, Some(stop)) => Answer::Stopped(stop),
        (None, None) => Answer::None,
    };
    Ok(Report {
        answer,
        nodes,
        elapsed: t0.elapsed(),
    })
}

/// Counts the solutions of a playable challenge, stopping at `at_most` if given (2 tells
/// unique from not).
pub fn count(
    ch: &Challenge,
    at_most: Option<u64>,
    limits: &Limits,
    cancel: Cancel<'_>,
) -> Result<Count, Vec<ChallengeProblem>> {
    let cancel = cancel.flag();
    let t0 = Instant::now();
    let cover = Cover::new(ch)?;
    let mut solutions = 0u64;
    let mut first = Vec::new();
    let (nodes, stopped) = search(&cover, limits, cancel, |path| {
        solutions += 1;
        if first.len() < 2 {
            first.push(solution(&cover, path));
        }
        at_most.is_none_or(|m| solutions < m)
    });
    Ok(Count {
        solutions,
        first,
        stopped,
        nodes,
        elapsed: t0.elapsed(),
    })
}

/// A hint for a player who has placed `mine` on a challenge (latest last): one more shape, or
/// which of theirs to lift. The challenge's problems, or a problem with `mine`, otherwise.
pub fn hint(
    ch: &Challenge,
    mine: &[Placement],
    limits: &Limits,
    cancel: Cancel<'_>,
) -> Result<Hint, Vec<ChallengeProblem>> {
    let cancel = cancel.flag();
    let t0 = Instant::now();
    let with = |keep: &dyn Fn(usize) -> bool| Challenge {
        board: ch.board.clone(),
        placed: ch
            .placed
            .iter()
            .copied()
            .chain(
                mine.iter()
                    .enumerate()
                    .filter(|(i, _)| keep(*i))
                    .map(|(_, p)| *p),
            )
            .collect(),
    };
    let all = with(&|_| true);
    if all.placed.len() == ShapeId::ALL.len() && all.problems().is_empty() {
        return Ok(Hint::Solved);
    }
    // Each try gets what is left of the time.
    let left = |limits: &Limits| Limits {
        timeout: limits.timeout.map(|t| t.saturating_sub(t0.elapsed())),
        ..*limits
    };
    let try_solve = |c: &Challenge| -> Result<Answer, Vec<ChallengeProblem>> {
        solve(c, &left(limits), cancel.into()).map(|r| r.answer)
    };
    match try_solve(&all)? {
        Answer::Solved(s) => {
            // The shape the search placed first: the one covering the top-left empty dot.
            let placed: Vec<ShapeId> = all.placed.iter().map(|p| p.shape).collect();
            let covered: Vec<Dot> = all.placed.iter().flat_map(|p| p.dots()).collect();
            let first_empty = ch
                .board
                .open_dots()
                .into_iter()
                .find(|d| !covered.contains(d));
            let next = s
                .placements
                .iter()
                .filter(|p| !placed.contains(&p.shape))
                .find(|p| first_empty.is_some_and(|d| p.dots().contains(&d)))
                .or_else(|| s.placements.iter().find(|p| !placed.contains(&p.shape)));
            return Ok(next.map_or(Hint::Solved, |p| Hint::Place(*p)));
        }
        Answer::Stopped(stop) => return Ok(Hint::Stopped(stop)),
        Answer::None => {}
    }
    // Fewest lifts first; among as many, the latest placed first.
    let n = mine.len();
    for lifts in 1..=n.min(2) {
        let mut sets: Vec<Vec<usize>> = if lifts == 1 {
            (0..n).rev().map(|i| vec![i]).collect()
        } else {
            let mut v = Vec::new();
            for i in (0..n).rev() {
                for j in (0..i).rev() {
                    v.push(vec![i, j]);
                }
            }
            v
        };
        for set in sets.drain(..) {
            let c = with(&|i| !set.contains(&i));
            match try_solve(&c)? {
                Answer::Solved(_) => {
                    return Ok(Hint::Lift(set.iter().map(|&i| mine[i].shape).collect()));
                }
                Answer::Stopped(stop) => return Ok(Hint::Stopped(stop)),
                Answer::None => {}
            }
        }
    }
    match try_solve(ch)? {
        Answer::Solved(_) if n > 0 => Ok(Hint::Lift(mine.iter().rev().map(|p| p.shape).collect())),
        Answer::Solved(_) | Answer::None => Ok(Hint::NoSolution),
        Answer::Stopped(stop) => Ok(Hint::Stopped(stop)),
    }
}
