//! Which cell the search guesses, and which way first.
//!
//! Each line's share of agreeing placements that fill a cell (`count.rs`) is a vote; a cell's
//! row and column votes are combined as independent odds, `q = r·c / (r·c + (1−r)(1−c))`. The
//! search guesses the cell both lines are surest of, its likelier value first. On pictures with
//! many solutions (random ones the line rule barely touches) such a guess is almost always part
//! of a solution, so a search reaches one with few wrong turns; a guess that fixes many cells
//! (what probing scores) is a coin toss there, and a wrong one is found out only deep below it.
//! Once the beliefs over the whole picture (`belief.rs`) vote, a cell's belief is a third vote,
//! or scores it alone (then the lines are no longer counted): see `search.rs`.
//!
//! Shares are counted again only for lines whose known cells changed since they were counted
//! (a child and its parent differ in a few lines), and only those lines' cells are scored again.
//! The last few states of each line are remembered with their shares: after a jump back, most
//! changed lines are as they were a few guesses ago (random 60×60, d=0.35 seed 1: 4 states
//! counted a third fewer lines; 8 states took the solve from about 147 to 105 ms).

use super::belief::Beliefs;
use super::bits::Bits;
use super::board::{Board, Compiled};
use super::count::{Counter, Kept, kept_entries};

/// Below every unknown cell's sureness (known cells have −1).
const NOT_A_GUESS: f32 = -0.5;

/// The first cell whose sureness is the greatest, if one is above [`NOT_A_GUESS`], as a plain
/// scan would pick it. Cells are taken in blocks: a block's greatest is found over eight lanes
/// kept apart, so that the loop runs as vector instructions (one lane's order of comparisons
/// never changes its answer), and only the first block holding the greatest is scanned.
fn surest(sure: &[f32]) -> Option<usize> {
    const BLOCK: usize = 64;
    let mut best = (NOT_A_GUESS, usize::MAX);
    for (b, block) in sure.chunks(BLOCK).enumerate() {
        let mut lanes = [NOT_A_GUESS; 8];
        let mut chunks = block.chunks_exact(8);
        for chunk in &mut chunks {
            for (lane, &v) in lanes.iter_mut().zip(chunk) {
                if v > *lane {
                    *lane = v;
                }
            }
        }
        for &v in chunks.remainder() {
            if v > lanes[0] {
                lanes[0] = v;
            }
        }
        let top = lanes
            .into_iter()
            .fold(NOT_A_GUESS, |a, v| if v > a { v } else { a });
        if top > best.0 {
            best = (top, b);
        }
    }
    let start = best.1.checked_mul(BLOCK)?;
    let at = sure[start..].iter().position(|&v| v == best.0)?;
    Some(start + at)
}

/// Lines whose beliefs are worked out again at each pick, first queued first: a line whose cells
/// changed joins the queue behind the lines a moved message queued (putting it at the head did
/// not pay, docs/nonogram-solver.md).
const LINES_A_PICK: usize = 6;
/// The same where the beliefs score the cells alone: three lines a pick take a few more guesses
/// than six, each cheaper, and answer sooner (docs/nonogram-solver.md).
const LINES_A_PICK_ALONE: usize = 3;
/// The same near the threshold, where a random grid would give the clues to about as many
/// pictures as the one drawn (`search.rs`): twelve lines a pick cost about half as much again a
/// guess as three, but go wrong less often. Random 60×60 pictures at density 0.45, seeds 1–24,
/// at most 100,000 guesses each: 13 answered against 9 (docs/nonogram-solver.md).
const LINES_A_PICK_NEAR: usize = 12;
/// A line whose message to a cell moved by more than this is queued to tell the crossing line.
const MOVED_ENOUGH: f64 = 0.05;

/// States remembered per line.
const MEMO: usize = 8;

/// The counted shares and the cells' scores, kept across the search.
pub(crate) struct Guide<B> {
    counter: Counter,
    /// Per line, its counts from its last count, so that the next redoes only what changed.
    kept: Vec<Kept<B>>,
    /// The longest line: line `l`'s shares are at `l × stride`.
    stride: usize,
    /// Per line, the share of its agreeing placements that fill each cell.
    shares: Vec<f32>,
    /// The known cells each line's shares were counted for.
    counted: Vec<Option<(B, B)>>,
    /// Per line, the last few states counted and their shares (`MEMO` slots each, the oldest
    /// replaced): a search that jumps back finds a line as it was a moment ago.
    memo_keys: Vec<Option<(B, B)>>,
    memo: Vec<f32>,
    /// Per line, the slot to replace next.
    memo_next: Vec<u8>,
    /// Lines counted again since the cells were last scored.
    fresh: Vec<bool>,
    /// Per line, with the beliefs alone, the cells that became known or unknown since they were
    /// last scored: the only ones of a changed line whose score changes.
    changed: Vec<B>,
    /// Per cell (row by row), how sure the two lines are (`|q − ½|` plus the noise), or −1
    /// when it is known.
    sure: Vec<f32>,
    /// Per cell, whether filled is the likelier value.
    likely: Vec<bool>,
    /// Per cell, a small random amount added to `sure`: restarts take other paths.
    noise: Vec<f32>,
    /// Per cell, the chance it is filled from what the whole picture says (`belief.rs`), as a
    /// third vote beside its two lines' (½ says nothing), or alone.
    belief: Vec<f32>,
    /// Whether the beliefs score the cells alone, and the lines are no longer counted.
    beliefs_alone: bool,
    /// Lines whose beliefs are worked out again at each pick when they score alone.
    lines_alone: usize,
    /// What the whole picture says of each cell, refreshed as the search goes (`belief.rs`).
    beliefs: Option<Beliefs<B>>,
    /// Cells whose belief moved, to be scored again.
    touched: Vec<u32>,
}

/// The most entries (8 bytes each) the lines' kept counts may hold together: 16 MiB.
const MOST_KEPT: usize = 2 << 20;

/// Whether every line may keep its counts between counts: on a 60×60 puzzle they take about a
/// megabyte; on the largest puzzles, with hundreds of runs a line, gigabytes.
fn keeps_counts(c: &Compiled) -> bool {
    let entries: usize = (0..c.lines())
        .map(|l| kept_entries(c.runs_of(l), c.len_of(l)))
        .sum();
    entries <= MOST_KEPT
}

impl<B: Bits> Guide<B> {
    pub fn new(c: &Compiled) -> Guide<B> {
        let stride = c.width.max(c.height);
        let cells = c.width * c.height;
        Guide {
            counter: Counter::default(),
            kept: vec![Kept::default(); if keeps_counts(c) { c.lines() } else { 1 }],
            stride,
            shares: vec![0.0; c.lines() * stride],
            counted: vec![None; c.lines()],
            memo_keys: vec![None; c.lines() * MEMO],
            memo: vec![0.0; c.lines() * MEMO * stride],
            memo_next: vec![0; c.lines()],
            fresh: vec![false; c.lines()],
            changed: vec![B::zero(); c.lines()],
            sure: vec![-1.0; cells],
            likely: vec![false; cells],
            noise: vec![0.0; cells],
            belief: vec![0.5; cells],
            beliefs_alone: false,
            lines_alone: LINES_A_PICK_ALONE,
            beliefs: None,
            touched: Vec::new(),
        }
    }

    /// Sets the noise from `random` (scaled to below `amount`); every cell is scored again.
    pub fn shake(&mut self, amount: f32, mut random: impl FnMut() -> u32) {
        for n in &mut self.noise {
            *n = amount * (random() as f32 / u32::MAX as f32);
        }
        self.fresh.fill(true);
    }

    /// Whether the beliefs are sure that `cell` (row by row) is not `filled`.
    pub fn doubts(&self, cell: usize, filled: bool) -> bool {
        self.beliefs
            .as_ref()
            .is_some_and(|b| b.is_sure(cell, !filled))
    }

    /// From now on, each cell's belief (`belief.rs`) is a third vote beside its lines' counts,
    /// or, `alone`, scores it alone and the lines are no longer counted; either way refreshed at
    /// each pick.
    pub fn believe(&mut self, beliefs: Beliefs<B>, alone: bool) {
        self.beliefs_alone = alone;
        for (cell, p) in self.belief.iter_mut().enumerate() {
            *p = beliefs.belief(cell) as f32;
        }
        self.fresh.fill(true);
        self.beliefs = Some(beliefs);
    }

    /// From now on, where the beliefs score the cells alone, they are worked out on more lines a
    /// pick ([`LINES_A_PICK_NEAR`]): for pictures near the threshold.
    pub fn near_threshold(&mut self) {
        self.lines_alone = LINES_A_PICK_NEAR;
    }

    /// The unknown cell to guess, `(x, y, filled first)`; `None` when every cell is known or a
    /// line has no agreeing placement (which the line rule's fixpoint rules out).
    pub fn pick(&mut self, c: &Compiled, board: &Board<B>) -> Option<(usize, usize, bool)> {
        let s = self.stride;
        if let Some(beliefs) = &mut self.beliefs {
            let budget = if self.beliefs_alone {
                self.lines_alone
            } else {
                LINES_A_PICK
            };
            beliefs.refresh(c, board, budget, MOVED_ENOUGH);
            beliefs.take_touched(&mut self.touched);
            for &cell in &self.touched {
                self.belief[cell as usize] = beliefs.belief(cell as usize) as f32;
            }
        }
        for l in 0..c.lines() {
            let key = (board.f[l], board.e[l]);
            if self.counted[l] == Some(key) {
                continue;
            }
            // With the beliefs alone, a changed line's cells whose known state changed are only
            // scored again.
            if self.beliefs_alone {
                if let Some((f, e)) = self.counted[l] {
                    let flipped = f.or(e).xor(key.0.or(key.1));
                    self.changed[l] = self.changed[l].or(flipped);
                    self.counted[l] = Some(key);
                    continue;
                }
            } else {
                let out = &mut self.shares[l * s..(l + 1) * s];
                let slots = l * MEMO..(l + 1) * MEMO;
                if let Some(k) = self.memo_keys[slots.clone()]
                    .iter()
                    .position(|&m| m == Some(key))
                {
                    let at = (l * MEMO + k) * s;
                    out.copy_from_slice(&self.memo[at..at + s]);
                } else {
                    let kept = if self.kept.len() == 1 {
                        // One table for every line: never another line's counts.
                        self.kept[0].forget();
                        &mut self.kept[0]
                    } else {
                        &mut self.kept[l]
                    };
                    self.counter
                        .shares(kept, c.runs_of(l), c.len_of(l), key.0, key.1, out)?;
                    let k = self.memo_next[l] as usize;
                    self.memo_next[l] = ((k + 1) % MEMO) as u8;
                    self.memo_keys[l * MEMO + k] = Some(key);
                    let at = (l * MEMO + k) * s;
                    self.memo[at..at + s].copy_from_slice(out);
                }
            }
            self.counted[l] = Some(key);
            self.fresh[l] = true;
        }
        for y in 0..c.height {
            let changed = std::mem::replace(&mut self.changed[y], B::zero());
            if std::mem::take(&mut self.fresh[y]) {
                for x in 0..c.width {
                    self.score(c, board, x, y);
                }
            } else {
                for x in changed.ones() {
                    self.score(c, board, x, y);
                }
            }
        }
        for x in 0..c.width {
            let l = c.height + x;
            let changed = std::mem::replace(&mut self.changed[l], B::zero());
            if std::mem::take(&mut self.fresh[l]) {
                for y in 0..c.height {
                    self.score(c, board, x, y);
                }
            } else {
                for y in changed.ones() {
                    self.score(c, board, x, y);
                }
            }
        }
        for k in 0..self.touched.len() {
            let cell = self.touched[k] as usize;
            self.score(c, board, cell % c.width, cell / c.width);
        }
        let i = surest(&self.sure)?;
        Some((i % c.width, i / c.width, self.likely[i]))
    }

    #[inline]
    fn score(&mut self, c: &Compiled, board: &Board<B>, x: usize, y: usize) {
        let i = y * c.width + x;
        if board.f[y].or(board.e[y]).has(x) {
            self.sure[i] = -1.0;
            return;
        }
        let q = if self.beliefs_alone {
            self.belief[i]
        } else {
            let r = self.shares[y * self.stride + x];
            let k = self.shares[(c.height + x) * self.stride + y];
            let b = self.belief[i];
            let yes = r * k * b;
            yes / (yes + (1.0 - r) * (1.0 - k) * (1.0 - b)).max(f32::MIN_POSITIVE)
        };
        self.sure[i] = (q - 0.5).abs() + self.noise[i];
        self.likely[i] = q >= 0.5;
    }
}

#[cfg(test)]
mod tests {
    use super::{Guide, NOT_A_GUESS, keeps_counts, surest};
    use crate::nonogram::belief::Beliefs;
    use crate::nonogram::board::{Board, Compiled};
    use crate::nonogram::model::{Grid, Puzzle, PuzzleInfo};
    use crate::nonogram::testing::next;

    fn random_puzzle(width: usize, height: usize, seed: &mut u64) -> (Puzzle, Vec<Vec<bool>>) {
        let picture: Vec<Vec<bool>> = (0..height)
            .map(|_| (0..width).map(|_| next(seed) % 5 < 2).collect())
            .collect();
        let rows: Vec<String> = picture
            .iter()
            .map(|r| r.iter().map(|&c| if c { '#' } else { '.' }).collect())
            .collect();
        let grid = Grid::from_rows(&rows).expect("a rectangle");
        (Puzzle::from_picture(grid, PuzzleInfo::default()), picture)
    }

    #[test]
    fn lines_keep_their_counts_but_on_the_largest_puzzles() {
        let mut seed = 7;
        let (small, _) = random_puzzle(60, 60, &mut seed);
        assert!(keeps_counts(&Compiled::new(&small)));
        let (large, _) = random_puzzle(400, 400, &mut seed);
        assert!(!keeps_counts(&Compiled::new(&large)));
    }

    /// The guide with one table for every line (as on the largest puzzles) guesses as the
    /// guide with a table per line, on boards that change a few cells or many at a time.
    #[test]
    fn one_shared_table_guesses_as_a_table_per_line() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let (puzzle, picture) = random_puzzle(30, 25, &mut seed);
        let c = Compiled::new(&puzzle);
        let mut per_line = Guide::<u64>::new(&c);
        let mut shared = Guide::<u64>::new(&c);
        shared.kept.truncate(1);
        assert!(per_line.kept.len() > 1);
        let mut board = Board::<u64>::new(&c);
        for step in 0..200 {
            if step % 40 == 39 {
                board = Board::new(&c);
            }
            for _ in 0..1 + next(&mut seed) % 4 {
                let (x, y) = (
                    (next(&mut seed) % 30) as usize,
                    (next(&mut seed) % 25) as usize,
                );
                if picture[y][x] {
                    board.f[y] |= 1 << x;
                    board.f[c.height + x] |= 1 << y;
                } else {
                    board.e[y] |= 1 << x;
                    board.e[c.height + x] |= 1 << y;
                }
            }
            assert_eq!(
                per_line.pick(&c, &board),
                shared.pick(&c, &board),
                "step {step}"
            );
        }
    }

    /// With the beliefs alone, a changed line's cells are scored again only where they became
    /// known or unknown; every cell's score is still what its belief and the board now say,
    /// on boards that gain known cells and, as after a jump back, lose them.
    #[test]
    fn with_the_beliefs_alone_every_cell_is_scored_as_the_board_has_it() {
        let mut seed = 0x5851_F42D_4C95_7F2Du64;
        let (puzzle, picture) = random_puzzle(20, 20, &mut seed);
        let c = Compiled::new(&puzzle);
        let mut guide = Guide::<u64>::new(&c);
        guide.believe(Beliefs::at_root(&c, &Board::new(&c), true), true);
        let mut boards = vec![Board::<u64>::new(&c)];
        for step in 0..300 {
            // Mostly one more known cell; now and then back to an earlier board.
            let mut board = if step % 25 == 24 {
                let back = (next(&mut seed) as usize) % boards.len();
                boards.truncate(back + 1);
                boards[back].clone()
            } else {
                let mut board = boards[boards.len() - 1].clone();
                let (x, y) = (
                    (next(&mut seed) % 20) as usize,
                    (next(&mut seed) % 20) as usize,
                );
                board.set(&c, x, y, picture[y][x]);
                board
            };
            guide.pick(&c, &board);
            for y in 0..20 {
                for x in 0..20 {
                    let i = y * 20 + x;
                    let want = if board.get(x, y).is_known() {
                        -1.0
                    } else {
                        (guide.belief[i] - 0.5).abs() + guide.noise[i]
                    };
                    assert_eq!(guide.sure[i], want, "step {step}, cell ({x}, {y})");
                }
            }
            boards.push(std::mem::replace(&mut board, Board::new(&c)));
        }
    }

    /// The cell picked is the first with the greatest sureness, as a plain scan finds it, ties
    /// and known cells (−1) included, on lengths around the blocks' and lanes' sizes.
    #[test]
    fn the_surest_cell_is_the_first_with_the_greatest_sureness() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for len in [0, 1, 7, 8, 9, 63, 64, 65, 130, 3600] {
            for _ in 0..50 {
                // Few distinct values, so that ties are common.
                let sure: Vec<f32> = (0..len)
                    .map(|_| match next(&mut seed) % 5 {
                        0 => -1.0,
                        v => v as f32 * 0.1,
                    })
                    .collect();
                let mut plain = (NOT_A_GUESS, None);
                for (i, &v) in sure.iter().enumerate() {
                    if v > plain.0 {
                        plain = (v, Some(i));
                    }
                }
                assert_eq!(surest(&sure), plain.1, "{sure:?}");
            }
        }
        assert_eq!(surest(&[-1.0; 70]), None);
    }
}
