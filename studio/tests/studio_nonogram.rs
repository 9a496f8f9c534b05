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

/// A random 20×20 picture whose ambiguous cells lie in several regions: one change is not
/// enough, and no pair search reaches the four changes it takes.
const SEVERAL_REGIONS: &str = r#"title "Four regions"
width 20
height 20

rows
4,4,1
1,1,2,4,2,1
5,1,1,2,1,1,1
2,1,2,2,4,2
1,3,1,1,2
1,2,2,1,1,1,2,1
3,1,1,4,1,1
1,1,2,2,2,2
1,1,2,3,1,3,2
1,3,1,4,2
3,1,2,2,1
1,1,2,3,1,1,1
2,1,2,2,3
2,2,1,2,3
1,2,1,1,3,1
1,2,2,2,5
1,1,3,1,1,2,1
2,1,3,1,1
1,2,1,1
1,3,1,3,2

columns
6,3,3,1
1,2,1,4,1,1
3,4,1,1,1,1
1,4,1,4
3,1,1,2,1,2,1
1,3,3,1,3,1
2,1,2,2,1
1,1,1,2,1,1,1
2,3,1,1
1,6,3,1,1,1
4,1,6,1
1,1,2,1,1,1,2
1,2,1,1,2
1,4,1,9,1
1,2,3,1
3,3,1,1,1,2
2,7,2
1,2,2,1,1
1,1,4,1,1,1,1
1,5,1,1,1

goal "0111100000111100100010101101111000011010111110101011010101001101011001100111101110011100010001001100101101100101010011011110100101111000100100100100110011011011101011011101001110111001110010000111101111100001011011000010010010110111010101000110001001101100011111001101001101110000100110001010111000101011011001101111100001010111000101001101001101000111010000100100000110000001010010001110010001110011"
"#;

/// The solver's verdict on the open nonogram, once it has one.
fn analysis(s: &Studio) -> Option<&studio::screen::nonogram::editor::Analysis> {
    s.document()
        .editor::<studio::screen::nonogram::editor::Editor>()
        .and_then(|e| e.analysis())
}

/// The cells *Suggest* found to change in the open nonogram, once it has looked.
fn suggestion(s: &Studio) -> Option<&engine::nonogram::author::Suggestion> {
    s.document()
        .editor::<studio::screen::nonogram::editor::Editor>()
        .and_then(|e| e.suggestion())
}

/// Writes a puzzle into the folder and opens it.
fn open(d: &Driver, s: &mut Studio, name: &str, text: &str) -> PathBuf {
    let file = put_and_open(d, s, name, text);
    assert!(
        s.document()
            .editor::<studio::screen::nonogram::editor::Editor>()
            .is_some(),
        "the nonogram editor"
    );
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
    let verdict = analysis(&s)
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
    let suggestion = suggestion(&s).expect("a suggestion");
    assert!(suggestion.changes.as_ref().is_some_and(|c| !c.is_empty()));
    whole(&s, [&verdict, "Change them"]);
    d.click(&mut s, "Change them")?;
    let now = analysis(&s).expect("the solver's verdict");
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
            Message::Document(Doc::new(Non::Canvas(Stroke::Pressed {
                x,
                y: 4,
                fill: true,
            }))),
        );
        d.send(
            s,
            Message::Document(Doc::new(Non::Canvas(Stroke::Released))),
        );
    };
    paint(&d, &mut s, 4);
    d.click(&mut s, "Save")?;
    assert!(!s.document().is_dirty());
    let saved = format!("saved {}", file.display());
    assert!(common::sees(&s, &saved), "the status says {saved}");
    // In the studio's one message area, not under the canvas: that line names the file.
    assert_eq!(s.notice(), saved);
    assert!(common::sees(&s, &file.display().to_string()));
    paint(&d, &mut s, 2);
    assert!(s.document().is_dirty());
    assert!(!common::sees(&s, &saved), "the save's word lapsed");
    assert!(common::sees(&s, &format!("{} — unsaved", file.display())));
    Ok(())
}

/// Regression: on a picture ambiguous in several regions, *Suggest* said "No change of one or
/// two cells near the tinted ones makes it unique" and left the author with nothing: it now
/// settles the regions one at a time, says that fewer changes may do, and they make it unique.
#[test]
fn suggest_settles_a_picture_ambiguous_in_several_regions_one_region_at_a_time() -> Result<(), Error>
{
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    open(&d, &mut s, "several.non", SEVERAL_REGIONS);
    let before = analysis(&s).expect("the solver's verdict");
    assert!(!before.unique, "{}", before.verdict);
    d.click(&mut s, "Suggest")?;
    let suggestion = suggestion(&s).expect("a suggestion");
    let changes = suggestion.changes.clone().expect("changes found");
    assert!(changes.len() >= 3, "{suggestion:?}");
    assert!(!suggestion.fewest);
    // The cells in the players' words, and that they may not be the fewest.
    let each: Vec<String> = changes
        .iter()
        .map(|&(x, y)| format!("column {} row {}", x + 1, y + 1))
        .collect();
    let (last, rest) = each.split_last().expect("cells");
    let said = format!(
        "Change {} cells: {} and {last} (outlined) to make it unique: found one tinted region at \
         a time, so fewer may do.",
        each.len(),
        rest.join(", ")
    );
    assert!(common::sees(&s, &said), "{said}");
    d.click(&mut s, "Change them")?;
    let now = analysis(&s).expect("the solver's verdict");
    assert!(now.unique, "{}", now.verdict);
    Ok(())
}
