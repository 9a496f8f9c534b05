//! The solver on the public puzzles and on puzzles built to fail: answers match the files,
//! every solution gives the clues, every impossible input is answered.

#[path = "nonogram_common.rs"]
mod common;

use common::{data_puzzles, gives_the_clues};
use engine::nonogram::{Answer, Limits, solve};

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
