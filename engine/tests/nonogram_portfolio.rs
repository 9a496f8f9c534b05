//! Several searches racing on threads of their own (`solve_on_threads`): the same answers as
//! one search, clean stops at every limit, and no thread for what the line rule answers.

#[path = "nonogram_common.rs"]
mod common;

use common::{answer_word as status, gives_the_clues, random_picture, rows_and_columns_of};
use engine::nonogram::{
    Answer, Limits, Puzzle, PuzzleInfo, Stop, solve, solve_on_threads, solve_seeded,
};
use engine::solving::Cancel;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Clues of a random picture of 6 to 12 cells a side; every third takes its columns from
/// another picture, so that some have no solution.
fn random_puzzle(i: u64) -> Puzzle {
    let (w, h) = (6 + (i % 7) as usize, 6 + (i / 7 % 7) as usize);
    let density = 0.3 + (i % 5) as f64 * 0.1;
    let a = random_picture(w, h, density, i);
    let b = if i.is_multiple_of(3) {
        random_picture(w, h, density, i ^ 0x5eed)
    } else {
        a.clone()
    };
    rows_and_columns_of(&a, &b)
}

#[test]
fn racing_searches_answer_as_one_search_does() {
    let mut searched = 0;
    for i in 1..=400 {
        let p = random_puzzle(i);
        let one = solve(&p, &Limits::default());
        let many = solve_on_threads(&p, &Limits::default(), Cancel::NEVER, 3);
        assert_eq!(status(&one.answer), status(&many.answer), "puzzle {i}");
        assert_eq!(one.line_solvable, many.line_solvable, "puzzle {i}");
        match (&one.answer, &many.answer) {
            (Answer::Unique(a), Answer::Unique(b)) => assert_eq!(a, b, "puzzle {i}"),
            (Answer::Several(..), Answer::Several(a, b)) => {
                assert_ne!(a, b, "puzzle {i}");
                assert!(
                    gives_the_clues(&p, a) && gives_the_clues(&p, b),
                    "puzzle {i}"
                );
            }
            _ => {}
        }
        if one.stats.nodes > 1 {
            searched += 1;
        }
    }
    // Else the race was never run and the test says nothing of it.
    assert!(
        searched >= 40,
        "only {searched} of 400 puzzles needed search"
    );
}

#[test]
fn each_search_of_a_race_answers_alike() {
    for i in (1..=400).filter(|i| i % 4 == 1) {
        let p = random_puzzle(i);
        let one = solve(&p, &Limits::default());
        for seed in 1..4 {
            let r = solve_seeded(
                &p,
                &Limits::default(),
                Cancel::by(&AtomicBool::new(false)),
                seed,
            );
            assert_eq!(
                status(&one.answer),
                status(&r.answer),
                "puzzle {i} seed {seed}"
            );
            if let Some(g) = r.answer.solution() {
                assert!(gives_the_clues(&p, g), "puzzle {i} seed {seed}");
            }
        }
    }
}

#[test]
fn a_puzzle_the_line_rule_answers_starts_no_race() {
    let p = Puzzle::from_picture(random_picture(10, 10, 0.7, 3), PuzzleInfo::default());
    let r = solve_on_threads(&p, &Limits::default(), Cancel::NEVER, 4);
    assert!(r.line_solvable, "{:?}", r.answer);
    assert_eq!(r.stats.nodes, 0);
}

/// A 60×60 picture at density 0.45, which no search answers in seconds.
fn hard() -> Puzzle {
    Puzzle::from_picture(random_picture(60, 60, 0.45, 1), PuzzleInfo::default())
}

#[test]
fn a_race_stops_cleanly_at_a_time_limit_a_node_limit_and_a_cancel() {
    let p = hard();
    let r = solve_on_threads(
        &p,
        &Limits::time(Duration::from_millis(100)),
        Cancel::NEVER,
        3,
    );
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

    let limits = Limits {
        timeout: None,
        max_steps: Some(50),
        max_memory: None,
    };
    let r = solve_on_threads(&p, &limits, Cancel::NEVER, 3);
    assert!(
        matches!(
            r.answer,
            Answer::Stopped {
                stop: Stop::Nodes { max: 50 },
                ..
            }
        ),
        "{:?}",
        r.answer
    );

    let cancel = AtomicBool::new(false);
    let r = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(100));
            cancel.store(true, Ordering::Relaxed);
        });
        solve_on_threads(&p, &Limits::default(), Cancel::by(&cancel), 3)
    });
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
fn a_race_answers_a_puzzle_too_large_to_search_as_one_search_does() {
    let width = engine::nonogram::MAX_LINE + 1;
    let p = Puzzle::from_picture(random_picture(width, 2, 0.5, 1), PuzzleInfo::default());
    let r = solve_on_threads(&p, &Limits::default(), Cancel::NEVER, 4);
    assert!(
        matches!(
            r.answer,
            Answer::Stopped {
                stop: Stop::TooLarge { .. },
                ..
            }
        ),
        "{:?}",
        r.answer
    );
}

/// The thread count may be a question (finding the machine's cores reads files): it is asked
/// only once the line rule has left the picture unfinished, and once.
#[test]
fn the_thread_count_is_asked_only_for_a_search() {
    let asked = std::cell::Cell::new(0);
    let count = |_cells| {
        asked.set(asked.get() + 1);
        2
    };
    let line_solvable = Puzzle::from_picture(random_picture(20, 20, 0.8, 3), PuzzleInfo::default());
    let r = solve_on_threads(&line_solvable, &Limits::default(), Cancel::NEVER, count);
    assert!(r.line_solvable);
    assert_eq!(asked.get(), 0);
    let searched = Puzzle::from_picture(random_picture(30, 30, 0.5, 2), PuzzleInfo::default());
    let r = solve_on_threads(&searched, &Limits::default(), Cancel::NEVER, count);
    assert!(r.stats.nodes > 0, "{:?}", r.stats);
    assert!(matches!(r.answer, Answer::Unique(_) | Answer::Several(..)));
    assert_eq!(asked.get(), 1);
}

/// A diagonal of two cells in the corner of a blank `side`×`side` picture: two pictures give
/// its clues, and only a search tells them apart.
fn two_pictures(side: usize) -> Puzzle {
    let mut rows = vec![".".repeat(side); side];
    rows[0].replace_range(0..1, "#");
    rows[1].replace_range(1..2, "#");
    let picture = engine::nonogram::Grid::from_rows(&rows).expect("a picture");
    Puzzle::from_picture(picture, PuzzleInfo::default())
}

/// The report says whether the SAT solver ran on a thread of its own: with two threads or
/// more on a picture of up to 2,048 cells that needs a search, whichever search answers; never
/// with one thread, on a picture the line rule finishes, or past 2,048 cells.
#[test]
fn the_report_says_whether_the_sat_solver_had_a_thread_of_its_own() {
    let limits = Limits::default();
    let small = two_pictures(2);
    for threads in [2, 3, 4] {
        let r = solve_on_threads(&small, &limits, Cancel::NEVER, threads);
        assert!(matches!(r.answer, Answer::Several(..)), "{:?}", r.answer);
        assert!(r.stats.sat_solver_thread, "{threads} threads");
    }
    let alone = solve_on_threads(&small, &limits, Cancel::NEVER, 1);
    assert!(matches!(alone.answer, Answer::Several(..)));
    assert!(!alone.stats.sat_solver_thread);
    let line_solvable = Puzzle::from_picture(random_picture(10, 10, 0.7, 3), PuzzleInfo::default());
    let r = solve_on_threads(&line_solvable, &limits, Cancel::NEVER, 2);
    assert!(r.line_solvable && !r.stats.sat_solver_thread);
    let wide = two_pictures(50);
    let r = solve_on_threads(&wide, &limits, Cancel::NEVER, 2);
    assert!(matches!(r.answer, Answer::Several(..)), "{:?}", r.answer);
    assert!(
        r.stats.nodes > 0 && !r.stats.sat_solver_thread,
        "{:?}",
        r.stats
    );
}
