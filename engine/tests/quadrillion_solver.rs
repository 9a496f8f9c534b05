//! The Quadrillion solver: the seed's counts, its saved challenges, hints, limits and the
//! challenge generator — every solution replayed through the table's rules.

mod quadrillion_common;

use engine::quadrillion::generate::{Random, generate, random_board};
use engine::quadrillion::{
    Answer, Board, Challenge, Dot, Hint, Limits, Orientation, Placement, ShapeId, Stop, count,
    hint, solve,
};
use engine::solving::Cancel;
use quadrillion_common::{data_boards, read_picture, replay, saved_challenges};
use std::sync::atomic::AtomicBool;

#[test]
fn the_default_board_has_10162_solutions() {
    let board = data_boards()
        .into_iter()
        .find(|b| b.name == "default")
        .unwrap();
    let c = count(&board.challenge, None, &Limits::default(), Cancel::NEVER).unwrap();
    assert_eq!(c.stopped, None);
    assert_eq!(c.solutions, 10_162);
    assert_eq!(Some(c.solutions), board.solutions);
    for s in &c.first {
        replay(&board.challenge, s);
    }
}

#[test]
fn each_saved_challenge_has_exactly_one_solution_the_seeds() {
    let saved = saved_challenges();
    assert_eq!(saved.len(), 12);
    for b in saved {
        let c = count(&b.challenge, None, &Limits::default(), Cancel::NEVER).unwrap();
        assert!(c.is_unique(), "{}: {} solutions", b.name, c.solutions);
        let seeds = read_picture(&b.challenge.board, &b.first_solution);
        assert_eq!(c.first[0], seeds, "{}", b.name);
        replay(&b.challenge, &c.first[0]);
        let one = solve(&b.challenge, &Limits::default(), Cancel::NEVER).unwrap();
        assert_eq!(one.answer, Answer::Solved(seeds), "{}", b.name);
    }
}

#[test]
fn solutions_found_on_random_boards_keep_every_rule() {
    let mut rng = Random::new(7);
    for _ in 0..20 {
        let board = random_board(&mut rng);
        assert_eq!(board.problems(), vec![]);
        let ch = Challenge::empty(board);
        let c = count(&ch, Some(3), &Limits::default(), Cancel::NEVER).unwrap();
        for s in &c.first {
            replay(&ch, s);
        }
    }
}

fn at(shape: ShapeId, o: Orientation, row: i32, col: i32) -> Placement {
    Placement {
        shape,
        orientation: o,
        at: Dot::new(row, col),
    }
}

#[test]
fn a_hint_places_one_more_shape_of_a_solution_that_keeps_the_placed_ones() {
    let b = saved_challenges().into_iter().next().unwrap();
    let solution = read_picture(&b.challenge.board, &b.first_solution);
    let mut mine: Vec<Placement> = Vec::new();
    // Hint after hint finishes the challenge, each one from the only solution.
    for _ in 0..12 {
        match hint(&b.challenge, &mine, &Limits::default(), Cancel::NEVER).unwrap() {
            Hint::Place(p) => {
                assert!(solution.placements.contains(&p.canonical()), "{p:?}");
                mine.push(p);
            }
            Hint::Solved => break,
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(mine.len() + b.challenge.placed.len(), 12);
    assert_eq!(
        hint(&b.challenge, &mine, &Limits::default(), Cancel::NEVER).unwrap(),
        Hint::Solved
    );
}

#[test]
fn a_hint_says_which_shape_to_lift_when_the_placed_ones_have_no_completion() {
    let b = saved_challenges().into_iter().next().unwrap();
    let solution = read_picture(&b.challenge.board, &b.first_solution);
    let fixed: Vec<ShapeId> = b.challenge.placed.iter().map(|p| p.shape).collect();
    let right: Vec<Placement> = solution
        .placements
        .iter()
        .filter(|p| !fixed.contains(&p.shape))
        .take(2)
        .copied()
        .collect();
    // A shape of the solution, and one where the unique solution does not have it: the wrong
    // one is named, whether placed last or first.
    let wrong_shape = solution
        .placements
        .iter()
        .map(|p| p.shape)
        .find(|s| !fixed.contains(s) && !right.iter().any(|p| p.shape == *s))
        .unwrap();
    let open = b.challenge.board.open_dots();
    let covered: Vec<Dot> = b
        .challenge
        .placed
        .iter()
        .chain(&right)
        .flat_map(|p| p.dots())
        .collect();
    let wrong = Orientation::ALL
        .iter()
        .flat_map(|o| open.iter().map(move |d| at(wrong_shape, *o, d.row, d.col)))
        .find(|p| {
            p.dots()
                .iter()
                .all(|d| open.contains(d) && !covered.contains(d))
                && !solution.placements.contains(&p.canonical())
        })
        .unwrap();
    let mut mine = right.clone();
    mine.push(wrong);
    assert_eq!(
        hint(&b.challenge, &mine, &Limits::default(), Cancel::NEVER).unwrap(),
        Hint::Lift(vec![wrong_shape])
    );
    mine.rotate_right(1);
    assert_eq!(
        hint(&b.challenge, &mine, &Limits::default(), Cancel::NEVER).unwrap(),
        Hint::Lift(vec![wrong_shape])
    );
}

#[test]
fn a_hint_on_a_challenge_without_solution_says_so() {
    // The default board with the corner tromino in the corner cut off by grid 1's closed dot
    // at row 0, column 1 leaves a single dot at row 0, column 0 — no shape can cover it.
    let ch = Challenge {
        board: Board::default_board(),
        placed: vec![at(ShapeId::Corner, Orientation::new(false, 0), 1, 0)],
    };
    assert_eq!(
        hint(&ch, &[], &Limits::default(), Cancel::NEVER).unwrap(),
        Hint::NoSolution
    );
    assert_eq!(
        solve(&ch, &Limits::default(), Cancel::NEVER)
            .unwrap()
            .answer,
        Answer::None
    );
    assert_eq!(
        count(&ch, None, &Limits::default(), Cancel::NEVER)
            .unwrap()
            .solutions,
        0
    );
}

#[test]
fn limits_stop_the_search_cleanly() {
    let board = data_boards()
        .into_iter()
        .find(|b| b.name == "default")
        .unwrap();
    let limits = Limits {
        max_steps: Some(5_000),
        ..Limits::default()
    };
    let c = count(&board.challenge, None, &limits, Cancel::NEVER).unwrap();
    assert_eq!(c.stopped, Some(Stop::Nodes { max: 5_000 }));
    assert!(c.solutions < 10_162);
    // The node limit is held to the node, not at the next clock check 4,096 nodes on, and the
    // nodes counted are those opened: as many as the limit (one more, before).
    for max in [1, 10, 100] {
        let limits = Limits {
            max_steps: Some(max),
            ..Limits::default()
        };
        let c = count(&board.challenge, None, &limits, Cancel::NEVER).unwrap();
        assert_eq!(c.stopped, Some(Stop::Nodes { max }));
        assert_eq!(c.nodes, max, "nodes under a limit of {max}");
    }
    let cancel = AtomicBool::new(true);
    let c = count(
        &board.challenge,
        None,
        &Limits::default(),
        Cancel::by(&cancel),
    )
    .unwrap();
    assert_eq!(c.stopped, Some(Stop::Cancelled));
}

#[test]
fn an_illegal_challenge_is_refused_with_its_problems() {
    let mut board = Board::default_board();
    board.grids[3].at = Dot::new(9, 9);
    let err = solve(&Challenge::empty(board), &Limits::default(), Cancel::NEVER).unwrap_err();
    assert!(!err.is_empty());
}

#[test]
fn generated_challenges_have_exactly_one_solution_and_repeat_from_their_seed() {
    for seed in 0..6 {
        let g = generate(seed, None, &Limits::default()).unwrap();
        let c = count(&g.challenge, None, &Limits::default(), Cancel::NEVER).unwrap();
        assert!(c.is_unique(), "seed {seed}: {} solutions", c.solutions);
        replay(&g.challenge, &c.first[0]);
        for p in &g.solution {
            assert!(c.first[0].placements.contains(&p.canonical()));
        }
        assert!(g.difficulty > 0.0);
        assert_eq!(generate(seed, None, &Limits::default()).unwrap(), g);
    }
}

#[test]
fn a_challenge_generated_on_a_given_board_keeps_it() {
    let board = Board::default_board();
    let g = generate(3, Some(&board), &Limits::default()).unwrap();
    assert_eq!(g.challenge.board, board);
    assert!(!g.challenge.placed.is_empty());
    assert!(
        count(&g.challenge, None, &Limits::default(), Cancel::NEVER)
            .unwrap()
            .is_unique()
    );
}
