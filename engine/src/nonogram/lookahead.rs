//! The look-ahead a player makes when the line rule alone is stuck: try a cell one way, follow
//! the line rule from it, and when some line can then not be filled, the cell is the other way.
//! The hint gives the cell whose contradiction comes soonest, so that its reasoning is the
//! shortest to follow.

use super::deduce::Contradiction;
use super::model::{Cell, Grid, LineRef, Puzzle};
use super::rule::{self, clue_text};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// A cell tried one way, from which the line rule reaches a line that cannot be filled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Probe {
    /// The cell, `(column, row)` from 0.
    pub cell: (usize, usize),
    /// The value tried, which fails.
    pub tried: Cell,
    /// How many lines the line rule fixes cells on after the tried value, before the line
    /// that fails.
    pub steps: usize,
    /// The line that cannot be filled then.
    pub contradiction: Contradiction,
    /// Whether the other value fails too: then a cell already on the grid is wrong.
    pub both_fail: bool,
}

impl Probe {
    /// The value the cell must take (when only the tried value fails).
    pub fn value(&self) -> Cell {
        match self.tried {
            Cell::Filled => Cell::Empty,
            _ => Cell::Filled,
        }
    }

    /// The reasoning in words: "if column 3, row 5 were filled, then after 2 more lines row 7
    /// would have no placement of 2 1: so it is empty".
    pub fn sentence(&self) -> String {
        let (x, y) = self.cell;
        let word = |c: Cell| if c == Cell::Filled { "filled" } else { "empty" };
        let after = match self.steps {
            0 => String::new(),
            1 => "after 1 more line, ".to_string(),
            n => format!("after {n} more lines, "),
        };
        let failing = format!(
            "{} would have no placement of {}",
            self.contradiction.line,
            clue_text(&self.contradiction.clue)
        );
        let cell = format!("column {}, row {}", x + 1, y + 1);
        if self.both_fail {
            format!(
                "{cell} can be neither: {} leads the line rule to a line that cannot be \
                 filled ({after}{failing}), and so does {}; a cell already on the grid is wrong",
                word(self.tried),
                word(self.value())
            )
        } else {
            format!(
                "if {cell} were {}, then {after}{failing}: so it is {}",
                word(self.tried),
                word(self.value())
            )
        }
    }
}

/// At most this many runs of the line rule go into looking for a probe, and as many again
/// into trying the found cell's other value: a few tenths of a second on a 60×60 puzzle the
/// look-ahead cannot touch, and a sure answer on any puzzle a person solves by hand.
pub const BUDGET: usize = 300_000;

/// The unknown cell and value, tried row by row with filled first, whose contradiction comes
/// after the fewest lines fixed; `None` when no value of any unknown cell fails within
/// [`BUDGET`]. `grid` should be where the line rule leaves it: only the lines through a cell
/// that changes are looked at again.
pub fn probe(puzzle: &Puzzle, grid: &Grid) -> Option<Probe> {
    let mut budget = BUDGET;
    let mut best: Option<Probe> = None;
    'cells: for y in 0..puzzle.height {
        for x in 0..puzzle.width {
            if grid.get(x, y).is_known() {
                continue;
            }
            for tried in [Cell::Filled, Cell::Empty] {
                // A later probe must be shorter to win.
                let cap = best
                    .as_ref()
                    .map_or(usize::MAX, |b| b.steps.saturating_sub(1));
                if best.as_ref().is_some_and(|b| b.steps == 0) {
                    break 'cells;
                }
                match fails(puzzle, grid, (x, y), tried, cap, &mut budget) {
                    Outcome::Fails(steps, contradiction) => {
                        best = Some(Probe {
                            cell: (x, y),
                            tried,
                            steps,
                            contradiction,
                            both_fail: false,
                        });
                    }
                    Outcome::Holds => {}
                    Outcome::OutOfBudget => break 'cells,
                }
            }
        }
    }
    let mut best = best?;
    let other = best.value();
    let mut rest = BUDGET;
    if let Outcome::Fails(..) = fails(puzzle, grid, best.cell, other, usize::MAX, &mut rest) {
        best.both_fail = true;
    }
    Some(best)
}

enum Outcome {
    /// A line cannot be filled, after this many lines fixed cells.
    Fails(usize, Contradiction),
    /// The line rule settles (or passes the cap of lines) without a contradiction.
    Holds,
    OutOfBudget,
}

/// Sets `cell` to `tried` on a copy of `grid` and runs the line rule from its row and column,
/// first in first out, until a line fails, nothing changes, more than `cap` lines have fixed
/// cells, or the budget of line runs is spent.
fn fails(
    puzzle: &Puzzle,
    grid: &Grid,
    cell: (usize, usize),
    tried: Cell,
    cap: usize,
    budget: &mut usize,
) -> Outcome {
    let mut g = grid.clone();
    g.set(cell.0, cell.1, tried);
    let mut queue: VecDeque<LineRef> =
        VecDeque::from([LineRef::Row(cell.1), LineRef::Column(cell.0)]);
    let mut queued = vec![false; puzzle.width + puzzle.height];
    let slot = |l: LineRef| match l {
        LineRef::Row(y) => y,
        LineRef::Column(x) => puzzle.height + x,
    };
    for &l in &queue {
        queued[slot(l)] = true;
    }
    let mut steps = 0;
    while let Some(line) = queue.pop_front() {
        queued[slot(line)] = false;
        if *budget == 0 {
            return Outcome::OutOfBudget;
        }
        *budget -= 1;
        let cells = g.line(line);
        let clue = puzzle.clue(line);
        let Ok(fixed) = rule::line(clue, &cells) else {
            return Outcome::Fails(
                steps,
                Contradiction {
                    line,
                    clue: rule::runs(clue),
                },
            );
        };
        let mut changed = false;
        for (i, (&now, &after)) in cells.iter().zip(&fixed).enumerate() {
            if now.is_known() || !after.is_known() {
                continue;
            }
            changed = true;
            let (x, y, crossing) = match line {
                LineRef::Row(y) => (i, y, LineRef::Column(i)),
                LineRef::Column(x) => (x, i, LineRef::Row(i)),
            };
            g.set(x, y, after);
            if !queued[slot(crossing)] {
                queued[slot(crossing)] = true;
                queue.push_back(crossing);
            }
        }
        if changed {
            steps += 1;
            if steps > cap {
                return Outcome::Holds;
            }
        }
    }
    Outcome::Holds
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nonogram::model::PuzzleInfo;
    use crate::nonogram::rule::every_picture;
    use crate::nonogram::testing::next;

    fn puzzle(rows: &[&[u32]], columns: &[&[u32]]) -> Puzzle {
        Puzzle {
            info: PuzzleInfo::default(),
            width: columns.len(),
            height: rows.len(),
            rows: rows.iter().map(|r| r.to_vec()).collect(),
            columns: columns.iter().map(|c| c.to_vec()).collect(),
            goal: None,
        }
    }

    /// On random small pictures left where the line rule stops: the probe's value is the
    /// cell's value in every picture with these clues, and the probe is the first (rows first,
    /// filled first) of those whose contradiction comes after the fewest lines, found by trying
    /// every unknown cell both ways; none is given only when no value of any cell fails.
    #[test]
    fn a_probe_is_sound_and_the_shortest_of_all() {
        let mut seed = 11u64;
        let mut random = || next(&mut seed);
        let (mut found, mut none) = (0, 0);
        for _ in 0..400 {
            let (w, h) = (3 + (random() % 5) as usize, 3 + (random() % 5) as usize);
            let mut picture = Grid::new(w, h);
            for y in 0..h {
                for x in 0..w {
                    let v = if random() % 2 == 0 {
                        Cell::Filled
                    } else {
                        Cell::Empty
                    };
                    picture.set(x, y, v);
                }
            }
            let p = Puzzle::from_picture(picture, PuzzleInfo::default());
            let steps = crate::nonogram::deduce::deductions(&p, &Grid::new(w, h));
            let start = steps.grid_at(steps.steps.len()).clone();
            let mut shortest: Option<((usize, usize), Cell, usize)> = None;
            for y in 0..h {
                for x in 0..w {
                    if start.get(x, y).is_known() {
                        continue;
                    }
                    for v in [Cell::Filled, Cell::Empty] {
                        let mut budget = usize::MAX;
                        if let Outcome::Fails(n, _) =
                            fails(&p, &start, (x, y), v, usize::MAX, &mut budget)
                            && shortest.is_none_or(|(_, _, m)| n < m)
                        {
                            shortest = Some(((x, y), v, n));
                        }
                    }
                }
            }
            let Some(probe) = probe(&p, &start) else {
                assert_eq!(shortest, None, "a probe was missed");
                none += 1;
                continue;
            };
            found += 1;
            assert_eq!(
                Some((probe.cell, probe.tried, probe.steps)),
                shortest,
                "{}",
                probe.sentence()
            );
            assert!(
                !probe.both_fail,
                "a grid the line rule reached from nothing"
            );
            let (x, y) = probe.cell;
            let pictures = every_picture(&p, usize::MAX);
            assert!(
                pictures.iter().all(|g| g.get(x, y) == probe.value()),
                "{}",
                probe.sentence()
            );
        }
        assert!(found > 10 && none > 10, "{found} probes, {none} without");
    }

    /// Two pictures (the diagonals): neither value of any cell fails, so there is no probe.
    #[test]
    fn where_every_cell_could_go_either_way_there_is_no_probe() {
        let two = puzzle(&[&[1], &[1]], &[&[1], &[1]]);
        assert_eq!(probe(&two, &Grid::new(2, 2)), None);
    }

    /// A cell neither value of which survives says the grid already holds a mistake.
    #[test]
    fn a_cell_that_fails_both_ways_says_a_cell_is_wrong() {
        // Rows 1 and 1, columns 1 and 1 (the diagonals), with a cell filled and the one
        // across from it emptied: each line alone still fits, but the top right cell fails
        // filled (its row has two) and empty (its column has none).
        let p = puzzle(&[&[1], &[1]], &[&[1], &[1]]);
        let mut grid = Grid::new(2, 2);
        grid.set(0, 0, Cell::Filled);
        grid.set(1, 1, Cell::Empty);
        let found = probe(&p, &grid).expect("a probe");
        assert!(found.both_fail, "{}", found.sentence());
        assert!(
            found
                .sentence()
                .contains("a cell already on the grid is wrong")
        );
    }

    #[test]
    fn a_probe_says_what_it_tried_where_it_failed_and_what_follows() {
        let probe = Probe {
            cell: (2, 4),
            tried: Cell::Filled,
            steps: 2,
            contradiction: Contradiction {
                line: LineRef::Row(6),
                clue: vec![2, 1],
            },
            both_fail: false,
        };
        assert_eq!(
            probe.sentence(),
            "if column 3, row 5 were filled, then after 2 more lines, row 7 would have no \
             placement of 2 1: so it is empty"
        );
    }
}
