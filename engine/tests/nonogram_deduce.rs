//! The line rule's deductions in words: the hint, the stepper's sequence, and the checks of a
//! player's grid. Sentences count lines and cells from 1.

#[path = "nonogram_common.rs"]
mod common;

use common::data_puzzles;
use engine::nonogram::deduce::{
    Hint, Reason, check, deduce_line, deductions, mistakes, mistakes_against_solution,
    next_deduction,
};
use engine::nonogram::{Answer, Cell, Grid, Limits, LineRef, Puzzle, PuzzleInfo, rule};

fn from_rows(rows: &[&str]) -> Puzzle {
    Puzzle::from_picture(
        Grid::from_rows(rows).expect("a grid"),
        PuzzleInfo::default(),
    )
}

fn line_of(grid: &Grid, line: LineRef) -> Vec<Cell> {
    grid.line(line)
}

#[test]
fn the_hint_names_the_line_the_run_and_the_cells_in_words() {
    let p = from_rows(&[".#######.."]);
    match next_deduction(&p, &Grid::new(10, 1)) {
        Hint::Deduce(d) => {
            assert_eq!(d.line, LineRef::Row(0));
            assert_eq!(
                d.sentence,
                "row 1: every placement of the 7 covers cells 4–7"
            );
            assert_eq!(d.filled, vec![3, 4, 5, 6]);
            assert!(d.emptied.is_empty());
            assert_eq!(
                d.reasons,
                vec![Reason::Covered {
                    run: 0,
                    length: 7,
                    first: 3,
                    last: 6
                }]
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn runs_of_the_same_length_are_told_apart_by_their_order() {
    let p = from_rows(&["###..###"]);
    match next_deduction(&p, &Grid::new(8, 1)) {
        Hint::Deduce(d) => assert_eq!(
            d.sentence,
            "row 1: every placement of the first 3 covers cells 2–3; \
             every placement of the second 3 covers cells 6–7"
        ),
        other => panic!("{other:?}"),
    }
}

#[test]
fn cells_no_placement_reaches_are_said_to_be_empty() {
    let p = from_rows(&["..#..", "..#.."]);
    let mut g = Grid::new(5, 2);
    g.set(2, 0, Cell::Filled);
    let d = deduce_line(&p, &g, LineRef::Row(0))
        .expect("no contradiction")
        .expect("a deduction");
    assert_eq!(d.emptied, vec![0, 1, 3, 4]);
    assert_eq!(
        d.sentence,
        "row 1: no placement of 1 reaches cells 1–2, so they are empty; \
         no placement of 1 reaches cells 4–5, so they are empty"
    );
}

#[test]
fn a_line_whose_known_cells_fit_no_placement_is_a_contradiction() {
    let p = from_rows(&["#.", ".#"]);
    let mut g = Grid::new(2, 2);
    g.set(0, 0, Cell::Filled);
    g.set(1, 0, Cell::Filled);
    match next_deduction(&p, &g) {
        Hint::Contradiction(c) => {
            assert_eq!(c.line, LineRef::Row(0));
            assert_eq!(
                c.to_string(),
                "row 1: no placement of 1 fits the known cells"
            );
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(check(&p, &g).map(|c| c.line), Some(LineRef::Row(0)));
    assert_eq!(check(&p, &Grid::new(2, 2)), None);
}

#[test]
fn a_finished_grid_hints_solved_and_one_the_line_rule_cannot_go_on_hints_stuck() {
    let p = from_rows(&["#.", ".#"]);
    assert_eq!(next_deduction(&p, &Grid::new(2, 2)), Hint::Stuck);
    let solved = Grid::from_rows(&["#.", ".#"]).expect("a grid");
    assert_eq!(next_deduction(&p, &solved), Hint::Solved);
}

#[test]
fn a_malformed_puzzle_gets_no_deduction_but_its_problems() {
    let mut p = from_rows(&["#.", ".#"]);
    p.rows[0] = vec![3];
    assert!(matches!(
        next_deduction(&p, &Grid::new(2, 2)),
        Hint::Malformed(_)
    ));
    assert!(matches!(
        deductions(&p, &Grid::new(2, 2)).end,
        Hint::Malformed(_)
    ));
}

/// Each step of the stepper is one run of the line rule on one line, and the steps reach the
/// fixpoint the solver's line stage reaches: solved exactly for the puzzles the files call
/// line-solvable, with as many cells unknown as the files say for the others.
#[test]
fn the_stepper_walks_the_line_rule_to_the_solvers_fixpoint_on_every_public_puzzle() {
    for d in data_puzzles() {
        let p = &d.puzzle;
        let steps = deductions(p, &Grid::new(p.width, p.height));
        for (n, step) in steps.steps.iter().enumerate() {
            let before = steps.grid_at(n);
            let line = step.deduction.line;
            let by_rule =
                rule::line(p.clue(line), &line_of(before, line)).expect("no contradiction");
            assert_eq!(line_of(&step.after, line), by_rule, "{} step {n}", d.name);
            let changed: usize = (0..p.height)
                .flat_map(|y| (0..p.width).map(move |x| (x, y)))
                .filter(|&(x, y)| before.get(x, y) != step.after.get(x, y))
                .count();
            assert_eq!(changed, step.deduction.cells().len(), "{} step {n}", d.name);
            assert!(changed > 0, "{} step {n} fixes nothing", d.name);
        }
        let last = steps.grid_at(steps.steps.len());
        let unknown = last.cells().iter().filter(|c| !c.is_known()).count();
        assert_eq!(unknown, d.line_unknown, "{}", d.name);
        assert_eq!(
            steps.end == Hint::Solved,
            d.line_solvable,
            "{}: {:?}",
            d.name,
            steps.end
        );
        match &steps.steps.first() {
            Some(first) => assert_eq!(
                next_deduction(p, &Grid::new(p.width, p.height)),
                Hint::Deduce(first.deduction.clone()),
                "{}: the hint is the stepper's first step",
                d.name
            ),
            None => assert!(d.line_unknown == p.width * p.height),
        }
    }
}

/// Where the line rule stops on a public puzzle with one picture, the hint looks ahead, hint
/// after hint, to the picture: each names a cell, and the value it gives is the picture's.
/// Followed with the line rule between them, the hints finish every such puzzle.
#[test]
fn where_the_line_rule_stops_on_a_public_puzzle_look_ahead_hints_finish_it() {
    let mut stuck = 0;
    for d in data_puzzles()
        .into_iter()
        .filter(|d| d.unique && !d.line_solvable)
    {
        stuck += 1;
        let p = &d.puzzle;
        let Answer::Unique(picture) = engine::nonogram::solve(p, &Limits::default()).answer else {
            panic!("{}: unique", d.name);
        };
        let mut grid = Grid::new(p.width, p.height);
        let mut probes = 0;
        loop {
            let steps = deductions(p, &grid);
            grid = steps.grid_at(steps.steps.len()).clone();
            match next_deduction(p, &grid) {
                Hint::Solved => break,
                Hint::Probe(probe) => {
                    probes += 1;
                    let (x, y) = probe.cell;
                    assert!(!probe.both_fail, "{}: {}", d.name, probe.sentence());
                    assert_eq!(probe.value(), picture.get(x, y), "{}", d.name);
                    grid.set(x, y, probe.value());
                }
                other => panic!("{}: {other:?} after {probes} look-aheads", d.name),
            }
        }
        assert!(probes > 0, "{}", d.name);
        assert_eq!(grid, picture, "{}", d.name);
    }
    assert!(stuck >= 3, "the public puzzles the line rule cannot finish");
}

#[test]
fn mistakes_are_the_known_cells_that_differ_from_the_solution() {
    let p = from_rows(&["##.", ".#.", ".#."]);
    let mut g = Grid::new(3, 3);
    g.set(0, 0, Cell::Filled);
    g.set(2, 0, Cell::Filled);
    g.set(0, 1, Cell::Filled);
    g.set(1, 1, Cell::Empty);
    let solution = Grid::from_rows(&["##.", ".#.", ".#."]).expect("a grid");
    assert_eq!(mistakes(&solution, &g), vec![(2, 0), (0, 1), (1, 1)]);
    assert_eq!(
        mistakes_against_solution(&p, &g, &Limits::default()),
        Ok(vec![(2, 0), (0, 1), (1, 1)])
    );
    let several = from_rows(&["#.", ".#"]);
    assert!(matches!(
        mistakes_against_solution(&several, &Grid::new(2, 2), &Limits::default()),
        Err(Answer::Several(..))
    ));
}
