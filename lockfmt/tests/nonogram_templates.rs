//! The public puzzles shipped in `templates/nonogram/`: each is canonical, says who made it and
//! under which licence, and the solver finds its goal as the one solution.

use engine::nonogram::model::clue_of;
use engine::nonogram::{Answer, Limits};
use std::path::Path;

#[test]
fn every_nonogram_template_is_canonical_licensed_and_solves_to_its_goal() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../templates/nonogram");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).expect("the templates") {
        let path = entry.expect("entry").path();
        if path.extension().is_none_or(|e| e != "non") {
            continue;
        }
        seen += 1;
        let text = std::fs::read_to_string(&path).expect("read");
        let parsed = lockfmt::nonogram::parse(&text);
        let shown = path.display();
        assert!(!parsed.has_errors(), "{shown}: {:?}", parsed.diagnostics);
        assert_eq!(
            lockfmt::nonogram::format(&text).as_deref(),
            Ok(text.as_str()),
            "{shown}"
        );
        let puzzle = parsed.valid_puzzle().expect("valid");
        let info = &puzzle.info;
        assert!(
            info.by.is_some() && info.copyright.is_some() && info.license.is_some(),
            "{shown} names its author, copyright and licence"
        );
        let report = engine::nonogram::solve(puzzle, &Limits::default());
        let Answer::Unique(solution) = &report.answer else {
            panic!("{shown}: {:?}", report.answer)
        };
        for line in puzzle.lines() {
            assert_eq!(
                clue_of(&solution.line(line)),
                puzzle.clue(line),
                "{shown}: {line}"
            );
        }
        assert_eq!(Some(solution), puzzle.goal.as_ref(), "{shown}");
    }
    assert!(seen >= 5, "the templates are there");
}
