//! The line rule of the seed: on one line, every placement of the clue that agrees with the
//! known cells; the cells they all agree on are fixed; none agreeing is a contradiction. The fast
//! rule (`rule::line`) must answer exactly as the seed's own procedure (`rule::by_placements`).

use engine::nonogram::Cell::{self, Empty as X, Filled as O, Unknown as U};
use engine::nonogram::rule::{self, NoPlacement};
use proptest::prelude::*;

#[test]
fn rule_the_seeds_worked_example() {
    // Clue 2 2 on `? o ? ? x ? ?` gives `? o ? x x o o`.
    let known = [U, O, U, U, X, U, U];
    let want = vec![U, O, U, X, X, O, O];
    assert_eq!(rule::by_placements(&[2, 2], &known), Ok(want.clone()));
    assert_eq!(rule::line(&[2, 2], &known), Ok(want));
    // Its steps: six placements, two survive.
    let all = rule::placements(&[2, 2], 7);
    assert_eq!(all.len(), 6);
    let survivors: Vec<_> = all
        .into_iter()
        .filter(|p| rule::agrees(p, &known))
        .collect();
    assert_eq!(
        survivors,
        vec![vec![O, O, X, X, X, O, O], vec![X, O, O, X, X, O, O]]
    );
}

#[test]
fn rule_line_fixes_cells_every_placement_agrees_on() {
    // A 7 on 10 cells: every placement covers cells 4 to 7 (from 1).
    let got = rule::line(&[7], &[U; 10]).expect("placements");
    assert_eq!(got, vec![U, U, U, O, O, O, O, U, U, U]);
    // Known cells narrow the placements and so fix more, empty cells too.
    let got = rule::line(&[3], &[U, U, O, U, U, U, U]).expect("placements");
    assert_eq!(got, vec![U, U, O, U, U, X, X]);
}

#[test]
fn rule_fixes_nothing_when_placements_disagree_everywhere() {
    assert_eq!(rule::line(&[1], &[U; 4]), Ok(vec![U; 4]));
}

#[test]
fn rule_no_surviving_placement_is_a_contradiction() {
    assert_eq!(rule::line(&[3, 1], &[U, O, X, O, U]), Err(NoPlacement));
    assert_eq!(
        rule::by_placements(&[3, 1], &[U, O, X, O, U]),
        Err(NoPlacement)
    );
    // A clue longer than its line has no placement at all.
    assert_eq!(rule::line(&[3, 3], &[U; 6]), Err(NoPlacement));
    // A filled cell on an empty line.
    assert_eq!(rule::line(&[], &[U, O, U]), Err(NoPlacement));
}

#[test]
fn rule_a_complete_line_is_checked_against_its_clue() {
    assert_eq!(rule::line(&[2, 1], &[O, O, X, O]), Ok(vec![O, O, X, O]));
    assert_eq!(rule::line(&[1, 2], &[O, O, X, O]), Err(NoPlacement));
}

#[test]
fn rule_a_lone_zero_is_the_empty_clue() {
    assert_eq!(rule::line(&[0], &[U; 3]), Ok(vec![X; 3]));
    assert_eq!(rule::by_placements(&[0], &[U; 3]), Ok(vec![X; 3]));
    assert_eq!(rule::clue_text(&[0]), "0");
    assert_eq!(rule::clue_text(&[3, 1]), "3 1");
}

#[test]
fn rule_works_on_lines_of_any_length() {
    // 61, 62, 125, 126 and 600 cells cross every width of bit set the engine uses.
    for n in [61, 62, 125, 126, 509, 510, 600] {
        let mut known = vec![U; n];
        known[n / 2] = O;
        let got = rule::line(&[n as u32 - 2], &known).expect("placements");
        assert_eq!(got.iter().filter(|c| **c == O).count(), n - 4, "{n} cells");
        assert_eq!(rule::line(&[n as u32 + 1], &known), Err(NoPlacement));
    }
}

fn clue_and_line() -> impl Strategy<Value = (Vec<u32>, Vec<Cell>)> {
    (1usize..=25).prop_flat_map(|n| {
        (
            prop::collection::vec(1u32..=6, 0..=n.div_ceil(2) + 1),
            prop::collection::vec(prop_oneof![4 => Just(U), 1 => Just(O), 1 => Just(X)], n),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Random lines up to 25 cells, random clues, random known cells: the fast rule returns
    /// exactly what the seed's procedure returns, contradiction included.
    #[test]
    fn rule_fast_line_rule_is_the_seeds_procedure((clue, cells) in clue_and_line()) {
        prop_assert_eq!(rule::line(&clue, &cells), rule::by_placements(&clue, &cells));
    }

    /// What the rule fixes from a placement's own cells is that placement: the rule accepts
    /// every line its clue describes.
    #[test]
    fn rule_accepts_every_placement_of_its_clue((clue, cells) in clue_and_line()) {
        for p in rule::placements(&clue, cells.len()).into_iter().take(20) {
            prop_assert_eq!(rule::line(&clue, &p), Ok(p.clone()));
        }
    }
}

/// The whole-puzzle reference lists exactly the grids that give every clue, in any order: on
/// 300 random puzzles of 1×1 to 4×4, a third with the rows of one picture and the columns of
/// another (often no picture at all), against trying every grid.
#[test]
fn every_picture_is_every_grid_that_gives_the_clues() {
    use engine::nonogram::model::clue_of;
    use engine::nonogram::{Grid, Puzzle, PuzzleInfo};
    let mut s = 0x0123_4567_89AB_CDEFu64;
    let mut next = move || engine::random::xorshift64(&mut s);
    let grid = |w: usize, h: usize, bits: u64| {
        let mut g = Grid::new(w, h);
        for i in 0..w * h {
            g.set(i % w, i / w, if bits >> i & 1 == 1 { O } else { X });
        }
        g
    };
    let mut none = 0;
    for case in 0..300 {
        let (w, h) = (1 + (next() % 4) as usize, 1 + (next() % 4) as usize);
        let a = grid(w, h, next());
        let b = if case % 3 == 0 {
            grid(w, h, next())
        } else {
            a.clone()
        };
        let mut p = Puzzle::from_picture(a, PuzzleInfo::default());
        p.columns = (0..w).map(|x| clue_of(&b.column(x))).collect();
        let gives = |g: &Grid| {
            (0..h).all(|y| rule::runs(&clue_of(g.row(y))) == rule::runs(&p.rows[y]))
                && (0..w).all(|x| rule::runs(&clue_of(&g.column(x))) == rule::runs(&p.columns[x]))
        };
        let want: Vec<Grid> = (0..1u64 << (w * h))
            .map(|bits| grid(w, h, bits))
            .filter(gives)
            .collect();
        let got = rule::every_picture(&p, usize::MAX);
        assert_eq!(got.len(), want.len(), "case {case}");
        assert!(got.iter().all(|g| want.contains(g)), "case {case}");
        assert_eq!(
            rule::every_picture(&p, 1).len(),
            want.len().min(1),
            "case {case}"
        );
        none += usize::from(want.is_empty());
    }
    assert!(none > 20, "{none} puzzles with no picture");
}
