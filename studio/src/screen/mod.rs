//! The studio's screens, each with its own state, messages, `update` and `view`.

pub mod buffer;
pub mod death_match;
pub mod document;
pub mod editor;
pub mod folder;
pub mod hexlock;
mod history;
mod large_text;
pub mod look;
pub mod nonogram;
pub mod online;
pub mod quadrillion;
pub mod reading;
pub mod saved_solution;
pub mod settings;
pub mod sliding;
pub mod source_pane;
pub mod toolbar;
pub mod tutorial;

use crate::family::Family;
use iced::widget::{Scrollable, column, container, row, scrollable, text};
use iced::{Color, Element, Font, Length};
use lockfmt::diff::Row as DiffRow;

/// The editor a file of `family` opens in: the studio's one entry per family.
pub fn editor_of(family: Family) -> document::Opener {
    match family {
        Family::HexLock => document::opener::<hexlock::editor::Editor>,
        Family::Nonogram => document::opener::<nonogram::editor::Editor>,
        Family::Quadrillion => document::opener::<quadrillion::editor::Editor>,
        Family::Sliding => document::opener::<sliding::editor::Editor>,
    }
}

/// A scrollable whose bar, when the content overflows, takes room of its own beside the content
/// instead of lying over its right edge (where the buttons of a list are).
pub fn scroll<'a, M: 'a>(content: impl Into<Element<'a, M>>) -> Scrollable<'a, M> {
    scrollable(content).spacing(SCROLLBAR_GAP)
}

/// The id of the region holding a screen's canvas (the board, the lock, the picture): tests
/// check that it stays where it is while bars and messages come and go.
pub const CANVAS_ID: &str = "canvas";

/// A canvas in its region, as large as it is given, with the id [`CANVAS_ID`].
pub fn canvas_region<'a, M: 'a>(canvas: impl Into<Element<'a, M>>) -> Element<'a, M> {
    container(canvas)
        .id(CANVAS_ID)
        .width(Length::Fill)
        .height(Length::Fill)
        .into()
}

/// The room a verdict line keeps: two lines of its text, whatever it says (or while it says
/// nothing), so that the canvas under it never moves when the verdict changes.
pub const VERDICT_HEIGHT: f32 = 40.0;

/// A verdict line in its room of [`VERDICT_HEIGHT`].
pub fn verdict_region<'a, M: 'a>(verdict: impl Into<Element<'a, M>>) -> Element<'a, M> {
    container(verdict)
        .height(Length::Fixed(VERDICT_HEIGHT))
        .width(Length::Fill)
        .align_y(iced::alignment::Vertical::Center)
        .clip(true)
        .into()
}

/// The room between a scrollable's content and its bar.
pub const SCROLLBAR_GAP: f32 = 4.0;

/// Shared lines shown around each change of a diff.
const DIFF_CONTEXT: usize = 3;

/// The rows of a diff shown, at most: every row is laid out at every frame, and a diff of a
/// large file changed throughout (a 4096×4096 picture's clues all replaced) has tens of
/// thousands of rows, which took the window seconds a frame. Far more than a change made by
/// hand shows; the rest are counted.
const DIFF_ROWS_SHOWN: usize = 400;

/// The characters of a line a diff shows, at most (a 4096×4096 picture's clue line has 8,000);
/// the rest are counted.
const DIFF_LINE_CHARS: usize = 300;

/// A line diff from another text to the buffer's, worked out once for a pair of texts: the rows
/// of a side-by-side diff and, for a family, what changed in its words.
#[derive(Debug, Default)]
pub struct LineDiff {
    rows: Vec<DiffRow>,
    changes: Vec<String>,
}

impl LineDiff {
    /// The diff from `theirs` to `mine`, with the changes in `family`'s words when both texts
    /// read cleanly. Milliseconds on a large file: work for a background task, or for a memo.
    pub fn of(family: Option<Family>, theirs: &str, mine: &str) -> LineDiff {
        LineDiff {
            rows: lockfmt::diff::side_by_side(theirs, mine, DIFF_CONTEXT),
            changes: family
                .and_then(|f| f.changes(theirs.as_bytes(), mine.as_bytes()).ok())
                .unwrap_or_default(),
        }
    }
}

/// A side-by-side line diff from another text (the file on disk, another lock) to the buffer's,
/// as editors show one: how many lines changed, then each change with a few lines around it,
/// the other's lines red on the left, the buffer's green on the right, a replaced line beside
/// its replacement, each with its line number; the shared lines between changes are counted,
/// not shown. With a family, what changed in its words comes first (when both texts read
/// cleanly). It fills the height it is given.
pub fn diff_view<'a, M: 'a>(theirs_name: &str, diff: &LineDiff) -> Element<'a, M> {
    let (rows, changes) = (&diff.rows, &diff.changes);
    let changed = rows
        .iter()
        .filter(|r| matches!(r, DiffRow::Changed { .. }))
        .count();
    let summary = if rows.is_empty() {
        format!("{theirs_name} and this buffer have the same lines.")
    } else {
        format!("{} changed", lockfmt::words::count(changed, "line"))
    };
    let (red, green) = (look::Tone::Bad, look::Tone::Good);
    let not_shown = rows.len().saturating_sub(DIFF_ROWS_SHOWN);
    let body = column(
        rows.iter()
            .take(DIFF_ROWS_SHOWN)
            .map(|r| -> Element<'a, M> {
                match r {
                    DiffRow::Same { old, new, text } => sides(
                        diff_line(Some(*old), text, None),
                        diff_line(Some(*new), text, None),
                    ),
                    DiffRow::Changed { old, new } => {
                        let side = |l: &Option<(usize, String)>, c| match l {
                            Some((n, t)) => diff_line(Some(*n), t, Some(c)),
                            None => diff_line(None, "", None),
                        };
                        sides(side(old, red), side(new, green))
                    }
                    &DiffRow::Unchanged(n) => {
                        counted(format!("{} unchanged", lockfmt::words::count(n, "line")))
                    }
                }
            }),
    )
    .push((not_shown > 0).then(|| {
        counted(format!(
            "{} more, too many to show here",
            lockfmt::words::count(not_shown, "row")
        ))
    }))
    .spacing(1);
    column![
        column(changes.iter().map(|c| text(c.clone()).size(13).into())).spacing(2),
        text(summary).size(13),
        sides(
            text(theirs_name.to_string()).size(13).into(),
            text("this buffer").size(13).into()
        ),
        scroll(body).height(Length::Fill),
    ]
    .spacing(4)
    .into()
}

/// The line diff of two small texts (a buffer against another file of its family), as last worked out for
/// them: the view is drawn again at every event (a move of the mouse), so the answer is kept
/// until either text changes. Large texts are diffed in the background instead (the buffer's
/// diff with disk), as hashing them at every frame would cost what diffing them does.
fn small_diff(theirs: &str, mine: &str) -> std::rc::Rc<LineDiff> {
    use std::hash::{Hash, Hasher};
    type Memo = Vec<(u64, std::rc::Rc<LineDiff>)>;
    thread_local! {
        static MEMO: std::cell::RefCell<Memo> = const { std::cell::RefCell::new(Vec::new()) };
    }
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (theirs, mine).hash(&mut h);
    let key = h.finish();
    MEMO.with_borrow_mut(|memo| {
        if let Some((_, done)) = memo.iter().find(|(k, _)| *k == key) {
            return done.clone();
        }
        let done = std::rc::Rc::new(LineDiff::of(None, theirs, mine));
        // A few: the lock's diff and its line diff may be drawn in turn.
        if memo.len() >= 4 {
            memo.remove(0);
        }
        memo.push((key, done.clone()));
        done
    })
}

/// [`diff_view`] of two small texts, kept between frames (see [`small_diff`]).
pub fn small_diff_view<'a, M: 'a>(theirs_name: &str, theirs: &str, mine: &str) -> Element<'a, M> {
    diff_view(theirs_name, &small_diff(theirs, mine))
}

/// A row of a diff that counts what it does not show.
fn counted<'a, M: 'a>(what: String) -> Element<'a, M> {
    container(text(format!("⋯ {what} ⋯")).size(12).style(look::quiet))
        .center_x(Length::Fill)
        .padding([2, 0])
        .into()
}

fn sides<'a, M: 'a>(left: Element<'a, M>, right: Element<'a, M>) -> Element<'a, M> {
    row![
        container(left).width(Length::FillPortion(1)),
        container(right).width(Length::FillPortion(1))
    ]
    .spacing(12)
    .into()
}

/// One side of a diff's row: the line's number and text, tinted when it changed.
fn diff_line<'a, M: 'a>(
    number: Option<usize>,
    line: &str,
    tint: Option<look::Tone>,
) -> Element<'a, M> {
    let number = number.map(|n| n.to_string()).unwrap_or_default();
    let line = match line.char_indices().nth(DIFF_LINE_CHARS) {
        Some((cut, _)) => format!(
            "{}… ({} in all)",
            &line[..cut],
            lockfmt::words::count(line.chars().count(), "character")
        ),
        None => line.to_string(),
    };
    // A line longer than its side (a nonogram's goal) wraps within it, between any letters.
    let mut words = text(line)
        .font(Font::MONOSPACE)
        .size(12)
        .wrapping(text::Wrapping::WordOrGlyph);
    if let Some(tone) = tint {
        words = words.style(tone.style(true));
    }
    let line = row![
        text(number)
            .font(Font::MONOSPACE)
            .size(12)
            .style(look::quiet)
            .width(Length::Fixed(32.0))
            .align_x(iced::alignment::Horizontal::Right),
        words
    ]
    .spacing(6);
    match tint {
        Some(c) => container(line)
            .width(Length::Fill)
            .style(move |theme| {
                container::Style::default().background(Color {
                    a: 0.12,
                    ..c.colour(theme)
                })
            })
            .into(),
        None => line.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::{LineDiff, diff_view, small_diff, small_diff_view};

    #[test]
    fn a_diff_is_worked_out_once_per_pair_of_texts() {
        let a = small_diff("a\nb\n", "a\nc\n");
        let b = small_diff("a\nb\n", "a\nc\n");
        assert!(
            std::rc::Rc::ptr_eq(&a, &b),
            "drawn again, not worked out again"
        );
        let c = small_diff("a\nb\n", "a\nd\n");
        assert!(!std::rc::Rc::ptr_eq(&a, &c));
        assert_eq!(c.rows.len(), 2);
    }
    use iced_test::simulator;

    fn shows(view: iced::Element<'_, ()>, what: &[&str]) {
        let mut ui = simulator(view);
        for w in what {
            assert!(ui.find(*w).is_ok(), "{w} is shown");
        }
    }

    #[test]
    fn a_diff_shows_each_change_beside_its_line_numbers_and_counts_what_it_leaves_out() {
        let theirs: String = (1..=30).map(|i| format!("line {i}\n")).collect();
        let mine = theirs.replace("line 20\n", "line twenty\n");
        shows(
            diff_view(
                "on disk",
                &LineDiff::of(Some(crate::family::Family::Nonogram), &theirs, &mine),
            ),
            &[
                "1 line changed",
                "on disk",
                "this buffer",
                "⋯ 16 lines unchanged ⋯",
                "line 20",
                "line twenty",
                "20",
                "⋯ 7 lines unchanged ⋯",
            ],
        );
        let mut ui = simulator(diff_view::<()>(
            "on disk",
            &LineDiff::of(None, &theirs, &mine),
        ));
        assert!(
            ui.find("line 5").is_err(),
            "far from the change, lines are counted"
        );
        let seed = "width 2\nheight 2\n\nrows\n1\n1\n\ncolumns\n1\n1\n\ngoal \"1001\"\n";
        let painted = seed
            .replace("rows\n1\n", "rows\n2\n")
            .replace("columns\n1\n1\n", "columns\n1\n2\n")
            .replace("1001", "1101");
        shows(
            diff_view(
                "on disk",
                &LineDiff::of(Some(crate::family::Family::Nonogram), seed, &painted),
            ),
            &[
                "row 1: 2 (was 1)",
                "column 2: 2 (was 1)",
                "the goal differs in 1 cell",
                "3 lines changed",
            ],
        );
        shows(
            small_diff_view("pivot-gate", &theirs, &theirs),
            &["pivot-gate and this buffer have the same lines."],
        );
    }

    /// A diff of a large file changed throughout shows its first rows, each long line cut,
    /// and counts the rest: every row shown is laid out at every frame.
    #[test]
    fn a_huge_diff_shows_its_first_rows_and_cuts_long_lines() {
        let theirs: String = (0..2000)
            .map(|i| format!("{i}{}\n", "1,".repeat(2000)))
            .collect();
        let mine: String = (0..2000)
            .map(|i| format!("{i}{}\n", "2,".repeat(2000)))
            .collect();
        let diff = LineDiff::of(None, &theirs, &mine);
        assert_eq!(diff.rows.len(), 2000);
        let first = format!("0{}", "1,".repeat(2000));
        let cut = format!("{}… (4,001 characters in all)", &first[..300]);
        shows(
            diff_view("on disk", &diff),
            &[
                "2,000 lines changed",
                &cut,
                "⋯ 1,600 rows more, too many to show here ⋯",
            ],
        );
        let mut ui = simulator(diff_view::<()>("on disk", &diff));
        assert!(ui.find("400").is_ok() && ui.find("401").is_err());
    }
}
