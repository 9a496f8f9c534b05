//! The solver on the public puzzles and on puzzles built to fail: answers match the files,
//! every solution gives the clues, every impossible input is answered.

#[path = "nonogram_common.rs"]
mod common;

use common::{data_puzzles, gives_the_clues};
use engine::nonogram::{Answer, Limits, solve};
use engine::solving::Cancel;

#[test]
fn the_public_puzzles_are_answered_as_their_files_say() {
    for d in data_puzzles() {
        let r = solve(&d.puzzle, &Limits::default());
        assert_eq!(r.line_solvable, d.line_solvable, "{}", d.name);
        assert_eq!(r.stats.unknown_after_lines, d.line_unknown, "{}", d.name);
        match &r.answer {
            Answer::Unique(g) => {
                assert!(d.unique, "{}", d.name);
                assert!(gives_the_clues(&d.puzzle, g), "{}", d.name);
                if let Some(goal) = &d.puzzle.goal {
                    assert_eq!(g, goal, "{}", d.name);
                }
            }
            Answer::Several(a, b) => {
                assert!(!d.unique, "{}", d.name);
                assert!(gives_the_clues(&d.puzzle, a) && gives_the_clues(&d.puzzle, b));
                assert_ne!(a, b);
            }
            other => panic!("{}: {other:?}", d.name),
        }
    }
}

use common::{every_solution, random_picture, rows_and_columns_of};
use engine::nonogram::{
    Grid, LineRef, MAX_LINE, Puzzle, PuzzleInfo, PuzzleProblem, Stop, Unsolvable,
    solve::solve_from, solve_cancellable, solve_on_threads,
};
use proptest::prelude::*;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn puzzle(width: usize, height: usize, rows: &[&[u32]], columns: &[&[u32]]) -> Puzzle {
    Puzzle {
        info: PuzzleInfo::default(),
        width,
        height,
        rows: rows.iter().map(|r| r.to_vec()).collect(),
        columns: columns.iter().map(|c| c.to_vec()).collect(),
        goal: None,
    }
}

#[test]
fn several_solutions_come_with_two_that_differ() {
    // The two diagonals of a 2×2 square have the same clues.
    let p = puzzle(2, 2, &[&[1], &[1]], &[&[1], &[1]]);
    match solve(&p, &Limits::default()).answer {
        Answer::Several(a, b) => {
            assert_ne!(a, b);
            assert!(gives_the_clues(&p, &a) && gives_the_clues(&p, &b));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_contradiction_found_in_a_column_pass_is_an_answer_not_a_crash() {
    // The seed crashes here: the rows fill the top row, and column 1's clue `0` cannot hold it.
    let p = puzzle(2, 2, &[&[2], &[0]], &[&[0], &[1]]);
    let r = solve(&p, &Limits::default());
    match &r.answer {
        Answer::None(Unsolvable::Malformed(problems)) => {
            assert!(problems.contains(&PuzzleProblem::Totals {
                rows: 2,
                columns: 1
            }));
        }
        other => panic!("{other:?}"),
    }
    // Totals that agree, still no picture: the column pass finds the contradiction.
    let p = puzzle(2, 2, &[&[2], &[0]], &[&[0], &[2]]);
    match solve(&p, &Limits::default()).answer {
        Answer::None(Unsolvable::Line { line, clue }) => {
            assert_eq!(line, LineRef::Column(0));
            assert!(clue.iter().all(|&n| n == 0), "{clue:?}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn impossible_clue_sets_are_answered_none_never_complete() {
    // The totals agree (4 and 4) and every clue fits its line, yet no picture has them: the
    // column of 3 needs the middle row, whose clue is `0`. (The proptest below meets many more,
    // some that only the search proves.)
    let p = puzzle(3, 3, &[&[1, 1], &[0], &[1, 1]], &[&[3], &[0], &[1]]);
    let r = solve(&p, &Limits::default());
    assert!(matches!(r.answer, Answer::None(_)), "{:?}", r.answer);
    assert!(every_solution(&p, 1).is_empty());
}

#[test]
fn puzzles_the_line_rule_cannot_finish_are_solved_whole_not_half_done() {
    let mut checked = 0;
    for seed in 1..400 {
        let picture = random_picture(20, 20, 0.5, seed);
        let p = Puzzle::from_picture(picture.clone(), PuzzleInfo::default());
        let r = solve(&p, &Limits::default());
        if r.line_solvable {
            continue;
        }
        checked += 1;
        let g = r.answer.solution().expect("a picture has at least itself");
        assert!(g.is_complete(), "seed {seed}: half done");
        assert!(gives_the_clues(&p, g), "seed {seed}");
        if let Answer::Unique(g) = &r.answer {
            assert_eq!(
                g, &picture,
                "seed {seed}: the only picture is the one drawn"
            );
        }
        if checked == 10 {
            break;
        }
    }
    assert_eq!(
        checked, 10,
        "ten pictures that need more than the line rule"
    );
}

/// Sparse random pictures leave almost every cell unknown to the line rule and to probing: the
/// search dives by the lines' counts of placements. Both solutions it gives must be whole,
/// distinct and give every clue.
#[test]
fn pictures_probing_cannot_touch_get_two_whole_solutions() {
    let mut checked = 0;
    for seed in 1..50 {
        let picture = random_picture(40, 40, 0.3, seed);
        let p = Puzzle::from_picture(picture, PuzzleInfo::default());
        let r = solve(&p, &Limits::time(std::time::Duration::from_secs(60)));
        if r.line_solvable {
            continue;
        }
        checked += 1;
        match &r.answer {
            Answer::Several(a, b) => {
                assert_ne!(a, b, "seed {seed}");
                assert!(gives_the_clues(&p, a), "seed {seed}");
                assert!(gives_the_clues(&p, b), "seed {seed}");
            }
            other => panic!("seed {seed}: {other:?}"),
        }
        if checked == 3 {
            break;
        }
    }
    assert_eq!(checked, 3, "three pictures the line rule cannot finish");
}

/// Two solutions of a random 60×60 picture within `nodes` guesses, each whole and giving every
/// clue.
fn two_solutions_within(density: f64, seed: u64, nodes: u64) {
    let p = Puzzle::from_picture(random_picture(60, 60, density, seed), PuzzleInfo::default());
    let r = solve(
        &p,
        &Limits {
            timeout: None,
            max_steps: Some(nodes),
            max_memory: None,
        },
    );
    match &r.answer {
        Answer::Several(a, b) => {
            assert_ne!(a, b, "d={density} seed {seed}");
            assert!(gives_the_clues(&p, a), "d={density} seed {seed}");
            assert!(gives_the_clues(&p, b), "d={density} seed {seed}");
        }
        other => panic!(
            "d={density} seed {seed}: {other:?} after {} nodes",
            r.stats.nodes
        ),
    }
}

/// At density 0.50 the clues of a random 60×60 picture all but pin it down, yet each line's
/// counts are close to a coin toss on every cell: the beliefs over the whole picture, sure of
/// most cells at the root, lead the search from its first conflict (about 1,000 guesses in
/// all; before them, no answer in 60 s, over a million guesses).
#[test]
fn clues_that_pin_the_picture_down_are_solved_by_the_beliefs() {
    for seed in [2, 4] {
        two_solutions_within(0.5, seed, 3_000);
    }
}

/// At density 0.40 the clues leave fewer pictures a cell than the search's threshold, so the
/// beliefs vote from its first conflict (about 3,200 guesses; when they waited for 400
/// conflicts, about 6,500; before the beliefs, no answer in 60 s).
#[test]
fn clues_that_leave_few_pictures_a_cell_turn_the_search_to_the_beliefs_at_once() {
    two_solutions_within(0.4, 2, 5_000);
}

/// At density 0.35 the counts lead most searches without the beliefs; one that keeps failing
/// turns to them after 100 conflicts, going back to before the first guess they reject (seed 5:
/// about 5,000 guesses; after 400 conflicts, 6,800; by the counts alone, 77,000).
#[test]
fn a_search_that_keeps_failing_turns_to_the_beliefs() {
    two_solutions_within(0.35, 5, 10_000);
}

/// A 20×20 picture that needs search: the first seed whose solve opens more than one node.
fn needs_search() -> Puzzle {
    (1..2000)
        .map(|seed| Puzzle::from_picture(random_picture(20, 20, 0.5, seed), PuzzleInfo::default()))
        .find(|p| solve(p, &Limits::default()).stats.nodes > 2)
        .expect("a random picture that needs guesses")
}

#[test]
fn a_node_limit_ends_the_search_with_a_clean_stop() {
    let p = needs_search();
    let limits = Limits {
        timeout: None,
        max_steps: Some(1),
        max_memory: None,
    };
    match solve(&p, &limits).answer {
        Answer::Stopped {
            stop: Stop::Nodes { max: 1 },
            found,
        } => assert!(found.is_none_or(|g| gives_the_clues(&p, &g))),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_time_limit_and_a_cancel_end_the_solve_with_a_clean_stop() {
    let p = needs_search();
    let r = solve(&p, &Limits::time(Duration::ZERO));
    assert!(
        matches!(
            r.answer,
            Answer::Stopped {
                stop: Stop::Time { .. },
                ..
            }
        ),
        "{:?}",
        r.answer
    );
    let r = solve_cancellable(&p, &Limits::default(), Cancel::by(&AtomicBool::new(true)));
    assert!(
        matches!(
            r.answer,
            Answer::Stopped {
                stop: Stop::Cancelled,
                ..
            }
        ),
        "{:?}",
        r.answer
    );
}

#[test]
fn a_line_longer_than_the_solver_takes_is_stopped_not_crashed() {
    let width = MAX_LINE + 1;
    let p = Puzzle::from_picture(
        Grid::from_rows(&["#".repeat(width)]).expect("a row"),
        PuzzleInfo::default(),
    );
    match solve(&p, &Limits::default()).answer {
        Answer::Stopped {
            stop: Stop::TooLarge { cells, max },
            ..
        } => assert_eq!((cells, max), (width, MAX_LINE)),
        other => panic!("{other:?}"),
    }
}

#[test]
fn solving_from_known_cells_keeps_them_and_names_the_line_they_break() {
    let picture = Grid::from_rows(&["##.", ".#.", ".#."]).expect("a grid");
    let p = Puzzle::from_picture(picture.clone(), PuzzleInfo::default());
    let mut start = Grid::new(3, 3);
    start.set(0, 0, engine::nonogram::Cell::Filled);
    match solve_from(&p, &start, &Limits::default(), Cancel::NEVER).answer {
        Answer::Unique(g) => assert_eq!(g, picture),
        other => panic!("{other:?}"),
    }
    // Cells 1 and 3 of row 1 filled: its `2` cannot hold both.
    let mut wrong = Grid::new(3, 3);
    wrong.set(0, 0, engine::nonogram::Cell::Filled);
    wrong.set(2, 0, engine::nonogram::Cell::Filled);
    match solve_from(&p, &wrong, &Limits::default(), Cancel::NEVER).answer {
        Answer::None(Unsolvable::Line { line, clue }) => {
            assert_eq!((line, clue), (LineRef::Row(0), vec![2]));
        }
        other => panic!("{other:?}"),
    }
}

/// Clues for a random small puzzle: the rows of one picture and the columns of another, so that
/// many have no picture at all, some one, some several.
fn small_clues() -> impl Strategy<Value = Puzzle> {
    (
        1usize..=5,
        1usize..=5,
        0.2f64..0.8,
        any::<u64>(),
        any::<bool>(),
    )
        .prop_map(|(w, h, density, seed, mixed)| {
            let a = random_picture(w, h, density, seed);
            let b = if mixed {
                random_picture(w, h, density, seed ^ 0x5eed)
            } else {
                a.clone()
            };
            rows_and_columns_of(&a, &b)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The solver's answer is the truth, found by listing every picture: unique, several or
    /// none; every solution it returns gives every clue.
    #[test]
    fn every_answer_on_small_puzzles_matches_listing_every_picture(p in small_clues()) {
        let all = every_solution(&p, 3);
        let r = solve(&p, &Limits::default());
        match &r.answer {
            Answer::Unique(g) => {
                prop_assert_eq!(all.len(), 1);
                prop_assert_eq!(g, &all[0]);
            }
            Answer::Several(a, b) => {
                prop_assert!(all.len() >= 2);
                prop_assert!(a != b);
                prop_assert!(gives_the_clues(&p, a) && gives_the_clues(&p, b));
            }
            Answer::None(_) => prop_assert!(all.is_empty()),
            Answer::Stopped { .. } => prop_assert!(false, "no limit was set: {:?}", r.answer),
        }
        prop_assert_eq!(r.line_solvable, matches!(r.answer, Answer::Unique(_)) && r.stats.unknown_after_lines == 0);
    }
}

/// A line-solvable 512×512 puzzle (a random picture four-fifths filled) is solved by the line
/// rule alone: no search, and each line looked at about ten times. How long it takes is the
/// benchmark's; the work is bounded here.
#[test]
fn a_line_solvable_512_by_512_puzzle_is_solved_by_the_line_rule_alone() {
    let picture = random_picture(512, 512, 0.8, 7);
    let p = Puzzle::from_picture(picture.clone(), PuzzleInfo::default());
    let r = solve(&p, &Limits::default());
    assert_eq!(r.answer, Answer::Unique(picture));
    assert!(r.line_solvable);
    assert_eq!((r.stats.nodes, r.stats.probes), (0, 0));
    let lines = 512 + 512;
    assert!(
        r.stats.line_runs <= 20 * lines,
        "{} line runs for {lines} lines",
        r.stats.line_runs
    );
}

/// Probing walks each row on from its last probe. A cell it fixes marks its row again; a walk
/// that started over at the row's first cell probed every cell before it again, after each
/// cell a wide white area gives up one at a time. On this tent (two walls over a stepped base,
/// the shape of webpbn #803 "You light up my life", where that walk made 5,996 probes) it made
/// 2,689 probes at the root; walking on, 706.
#[test]
fn probing_walks_a_row_on_from_its_last_probe() {
    let rows = [
        "................#.................#...............",
        "................#.................#...............",
        "................#..................#..............",
        "................#..................#..............",
        "...............#...................#..............",
        "...............#...................#..............",
        "...............#...................#..............",
        "...............#....................#.............",
        "...............#....................#.............",
        "..............#.....................#.............",
        "..............#.....................#.............",
        "...........#############################..........",
        "......######...........................#####......",
        ".######....................................######.",
        "##..............................................##",
    ];
    let picture = Grid::from_rows(&rows).expect("a grid");
    let p = Puzzle::from_picture(picture.clone(), PuzzleInfo::default());
    let r = solve(&p, &Limits::default());
    match &r.answer {
        Answer::Unique(g) => assert_eq!(g, &picture),
        Answer::Several(a, b) => assert!(gives_the_clues(&p, a) && gives_the_clues(&p, b)),
        other => panic!("{other:?}"),
    }
    assert!(r.stats.probes <= 1_000, "{} probes", r.stats.probes);
}

/// A staircase of `k` dominoes on a board of `2k + 1` cells a side: in row `2j` three cells
/// and, below the first, one more cell two to the right; in row `2j + 1` the third cell of the
/// three again; the last row one cell. At `k = 9` its clues are those of webpbn #8098 "Domino
/// Logic III", which neither this search alone nor nonogrid shows unique within 10 s.
fn domino_staircase(k: usize) -> Grid {
    let n = 2 * k + 1;
    let mut rows = vec![vec![b'.'; n]; n];
    for j in 0..k {
        let x0 = n - 3 - 2 * j;
        rows[2 * j][x0..x0 + 3].fill(b'#');
        if j >= 1 {
            rows[2 * j][x0 + 4] = b'#';
        }
        rows[2 * j + 1][x0 + 2] = b'#';
    }
    rows[n - 1][2] = b'#';
    let rows: Vec<String> = rows
        .into_iter()
        .map(|r| String::from_utf8(r).expect("ASCII"))
        .collect();
    Grid::from_rows(&rows).expect("a grid")
}

/// Where the search's clauses over cells cannot say why no other picture exists, the clues
/// go to a general SAT solver too (`clue_sat`), whose clauses can also speak of where the runs
/// lie. The search alone took 26,417 guesses at `k = 7` and had no answer at `k = 8` after
/// 173,570 (20 s); with the SAT solver taking turns, 16,845 at `k = 8`.
#[test]
fn a_staircase_of_dominoes_is_shown_unique_with_the_sat_solvers_help() {
    let picture = domino_staircase(8);
    let p = Puzzle::from_picture(picture.clone(), PuzzleInfo::default());
    let limits = Limits {
        max_steps: Some(100_000),
        ..Limits::default()
    };
    let r = solve(&p, &limits);
    assert_eq!(r.answer, Answer::Unique(picture));
}

/// The staircase of [`domino_staircase`] drawn in the top left corner of a larger blank
/// picture `side` cells square.
fn domino_staircase_in(k: usize, side: usize) -> Grid {
    let stairs = domino_staircase(k);
    let rows: Vec<String> = (0..side)
        .map(|y| {
            (0..side)
                .map(|x| {
                    let inside = x < stairs.width() && y < stairs.height();
                    if inside && stairs.get(x, y) == engine::nonogram::Cell::Filled {
                        '#'
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect();
    Grid::from_rows(&rows).expect("a grid")
}

/// The SAT solver gets as much time as the search on pictures of up to 2,048 cells: webpbn
/// #18297 "Thing" (36×42) is answered in 17–54 s that way, and not in 120 s with a tenth.
/// Drawn in a 40×40 picture, the staircase took 37,572 guesses with a tenth, 16,223 with as
/// much.
#[test]
fn a_staircase_of_dominoes_in_a_picture_of_1600_cells_gets_the_sat_solvers_time() {
    let picture = domino_staircase_in(8, 40);
    let p = Puzzle::from_picture(picture.clone(), PuzzleInfo::default());
    let limits = Limits {
        max_steps: Some(25_000),
        ..Limits::default()
    };
    let r = solve(&p, &limits);
    assert_eq!(r.answer, Answer::Unique(picture), "{:?}", r.stats);
}

/// With two threads, the general SAT solver runs beside the search on a thread of its own
/// (`sat_beside`) instead of in turns: the staircase is shown unique, though the search alone
/// has no answer after 173,570 guesses. The limit is on the search's guesses, which go on
/// while the SAT solver works: with turns 16,845; on a thread of its own, a few thousand.
#[test]
fn a_staircase_of_dominoes_is_shown_unique_by_the_sat_solver_on_a_thread_of_its_own() {
    let picture = domino_staircase(8);
    let p = Puzzle::from_picture(picture.clone(), PuzzleInfo::default());
    let limits = Limits {
        max_steps: Some(150_000),
        ..Limits::default()
    };
    let r = solve_on_threads(&p, &limits, Cancel::NEVER, 2);
    assert_eq!(r.answer, Answer::Unique(picture));
}

/// A search that stops at its limit ends the SAT solver beside it, which has no limit of its
/// own: the solve returns, stopped. A random 45×45 picture at density 0.45 that the search has
/// not answered after 270,000 guesses (20 s) nor CaDiCaL within 5 s.
#[test]
fn a_search_stopped_by_its_limit_stops_the_sat_solver_beside_it() {
    let p = Puzzle::from_picture(random_picture(45, 45, 0.45, 2), PuzzleInfo::default());
    let limits = Limits {
        max_steps: Some(20_000),
        ..Limits::default()
    };
    let r = solve_on_threads(&p, &limits, Cancel::NEVER, 2);
    assert!(
        matches!(
            r.answer,
            Answer::Stopped {
                stop: Stop::Nodes { max: 20_000 },
                ..
            }
        ),
        "{:?}",
        r.answer
    );
}

/// The longest lines the engine takes, 4096 cells, in a 4096×4096 triangle: row `y` fills its
/// first `y + 1` cells.
#[test]
fn a_puzzle_of_the_longest_lines_is_solved() {
    let n = MAX_LINE;
    assert_eq!(n, 4096);
    let p = Puzzle {
        info: PuzzleInfo::default(),
        width: n,
        height: n,
        rows: (1..=n as u32).map(|k| vec![k]).collect(),
        columns: (1..=n as u32).rev().map(|k| vec![k]).collect(),
        goal: None,
    };
    let r = solve(&p, &Limits::default());
    let Answer::Unique(g) = &r.answer else {
        panic!("{:?}", r.stats)
    };
    assert!(r.line_solvable);
    assert_eq!(g.get(0, 0), engine::nonogram::Cell::Filled);
    assert_eq!(g.get(1, 0), engine::nonogram::Cell::Empty);
    assert_eq!(g.get(n - 1, n - 1), engine::nonogram::Cell::Filled);
}

/// A line-solvable picture of `n`×`n` cells: the first two columns and every odd one filled.
fn striped(n: usize) -> engine::nonogram::Puzzle {
    let rows: Vec<String> = (0..n)
        .map(|_| {
            (0..n)
                .map(|x| if x < 2 || x % 2 == 1 { '#' } else { '.' })
                .collect()
        })
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let picture = engine::nonogram::Grid::from_rows(&rows).expect("grid");
    engine::nonogram::Puzzle::from_picture(picture, engine::nonogram::PuzzleInfo::default())
}

/// The answer's kind, without its pictures.
fn named(answer: &Answer) -> String {
    match answer {
        Answer::Stopped { stop, .. } => format!("stopped: {stop:?}"),
        Answer::Unique(_) => "unique".into(),
        Answer::Several(..) => "several".into(),
        Answer::None(why) => format!("none: {why:?}"),
    }
}

/// The line rule ran to its end before the clock or the cancel flag was looked at: given
/// 50 ms, a 4096×4096 picture the rule solves alone took 11.7 s, and a thumbnail that may
/// look for a picture for 50 ms held the folder's other pictures back as long. It now looks
/// every 256 lines.
#[test]
fn the_line_rule_stops_at_the_time_limit_and_at_the_cancel_flag() {
    use engine::nonogram::{Stop, solve_cancellable};
    let p = striped(512);
    let r = solve(&p, &Limits::time(std::time::Duration::ZERO));
    assert!(
        matches!(
            r.answer,
            Answer::Stopped {
                stop: Stop::Time { .. },
                found: None
            }
        ),
        "{}",
        named(&r.answer)
    );
    assert!(r.stats.line_runs <= 256, "{} lines", r.stats.line_runs);
    let cancel = std::sync::atomic::AtomicBool::new(true);
    let r = solve_cancellable(&p, &Limits::default(), Cancel::by(&cancel));
    assert!(
        matches!(
            r.answer,
            Answer::Stopped {
                stop: Stop::Cancelled,
                found: None
            }
        ),
        "{}",
        named(&r.answer)
    );
    assert!(r.stats.line_runs <= 256, "{} lines", r.stats.line_runs);
    let r = solve(&p, &Limits::default());
    assert!(
        matches!(r.answer, Answer::Unique(_)),
        "{}",
        named(&r.answer)
    );
    assert!(r.line_solvable);
    assert!(r.stats.line_runs > 256, "the stretches add up to the whole");
}
