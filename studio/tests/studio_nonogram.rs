//! The nonogram editor as an author meets it in the studio window: the solver's verdict on a
//! puzzle that is not unique, the suggestion of cells to change, and the status line's word on
//! whether the file is saved.

mod common;

use common::editing::{put_and_open, studio};

use common::{Driver, shown_whole};
use iced_test::Error;
use std::path::PathBuf;
use studio::app::{Message, SMALLEST_WINDOW, Studio};

/// A puzzle with two solutions: one filled cell in each of the first two rows and columns.
const TWO_SOLUTIONS: &str = "title \"Two ways\"\nwidth 5\nheight 5\n\nrows\n1\n1\n0\n0\n0\n\ncolumns\n1\n1\n0\n0\n0\n\ngoal \"1000001000000000000000000\"\n";

/// Writes a puzzle into the folder and opens it.
fn open(d: &Driver, s: &mut Studio, name: &str, text: &str) -> PathBuf {
    let file = put_and_open(d, s, name, text);
    assert!(s.document().nonogram().is_some(), "the nonogram editor");
    file
}

/// Regression: the suggestion's text and its "Change them" sat on the verdict's line, which ran
/// past the window's right edge and hid the button.
#[test]
fn the_verdict_and_the_suggestion_show_whole_in_the_smallest_window() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    open(&d, &mut s, "two-ways.non", TWO_SOLUTIONS);
    let verdict = s
        .document()
        .nonogram()
        .and_then(|e| e.analysis())
        .map(|a| a.verdict.clone())
        .expect("the solver's verdict");
    assert!(verdict.starts_with("Not unique"), "{verdict}");
    let whole = |s: &Studio, labels: [&str; 2]| {
        for label in labels {
            assert!(
                shown_whole(s, SMALLEST_WINDOW, label),
                "«{label}» is cut off"
            );
        }
    };
    whole(&s, [&verdict, "Suggest"]);
    d.click(&mut s, "Suggest")?;
    let suggestion = s
        .document()
        .nonogram()
        .and_then(|e| e.suggestion())
        .expect("a suggestion");
    assert!(suggestion.changes.as_ref().is_some_and(|c| !c.is_empty()));
    whole(&s, [&verdict, "Change them"]);
    d.click(&mut s, "Change them")?;
    let now = s
        .document()
        .nonogram()
        .and_then(|e| e.analysis())
        .expect("the solver's verdict");
    assert!(now.unique, "{}", now.verdict);
    Ok(())
}

/// Regression: after a save, painting a cell left "saved …" on the status line, so the
/// unsaved edit looked saved.
#[test]
fn a_cell_painted_after_a_save_is_said_to_be_unsaved() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let file = open(&d, &mut s, "two-ways.non", TWO_SOLUTIONS);
    let paint = |d: &Driver, s: &mut Studio, x: usize| {
        use studio::nonogram::canvas::Stroke;
        use studio::screen::document::Message as Doc;
        use studio::screen::nonogram::editor::Message as Non;
        d.send(
            s,
            Message::Document(Doc::Nonogram(Non::Canvas(Stroke::Pressed {
                x,
                y: 4,
                fill: true,
            }))),
        );
        d.send(
            s,
            Message::Document(Doc::Nonogram(Non::Canvas(Stroke::Released))),
        );
    };
    paint(&d, &mut s, 4);
    d.click(&mut s, "Save")?;
    assert!(!s.document().is_dirty());
    let saved = format!("saved {}", file.display());
    assert!(common::sees(&s, &saved), "the status says {saved}");
    paint(&d, &mut s, 2);
    assert!(s.document().is_dirty());
    assert!(!common::sees(&s, &saved), "the save's word lapsed");
    assert!(common::sees(&s, &format!("{} — unsaved", file.display())));
    Ok(())
}
