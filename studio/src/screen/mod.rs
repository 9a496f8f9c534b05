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

/// A side-by-side line diff from another text (the file on disk, another lock) to the buffer's,
/// as editors show one: how many lines changed, then each change with a few lines around it,
/// the other's lines red on the left, the buffer's green on the right, a replaced line beside
/// its replacement, each with its line number; the shared lines between changes are counted,
/// not shown. With a family, what changed in its words comes first (when both texts read
/// cleanly). It fills the height it is given.
pub fn diff_view<'a, M: 'a>(
    family: Option<crate::family::Family>,
    theirs_name: &str,
    theirs: &str,
    mine: &str,
) -> Element<'a, M> {
    let done = compared(family, theirs, mine);
    let (rows, changes) = (&done.0, &done.1);
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
    let body = column(rows.iter().map(|r| -> Element<'a, M> {
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
            &DiffRow::Unchanged(n) => container(
                text(format!(
                    "⋯ {} unchanged ⋯",
                    lockfmt::words::count(n, "line")
                ))
                .size(12)
                .style(look::quiet),
            )
            .center_x(Length::Fill)
            .padding([2, 0])
            .into(),
        }
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

/// The rows of a diff and its changes in words, as last worked out for these texts: the view
/// is drawn again at every event (a move of the mouse), and two large files take milliseconds
/// to diff and parse, so the answer is kept until either text changes.
fn compared(
    family: Option<crate::family::Family>,
    theirs: &str,
    mine: &str,
) -> std::rc::Rc<(Vec<DiffRow>, Vec<String>)> {
    use std::hash::{Hash, Hasher};
    type Memo = Vec<(u64, std::rc::Rc<(Vec<DiffRow>, Vec<String>)>)>;
    thread_local! {
        static MEMO: std::cell::RefCell<Memo> = const { std::cell::RefCell::new(Vec::new()) };
    }
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (family, theirs, mine).hash(&mut h);
    let key = h.finish();
    MEMO.with_borrow_mut(|memo| {
        if let Some((_, done)) = memo.iter().find(|(k, _)| *k == key) {
            return done.clone();
        }
        let rows = lockfmt::diff::side_by_side(theirs, mine, DIFF_CONTEXT);
        let changes = family
            .and_then(|f| f.changes(theirs.as_bytes(), mine.as_bytes()).ok())
            .unwrap_or_default();
        let done = std::rc::Rc::new((rows, changes));
        // A few: the editor's diff and a conflict's may be drawn in turn.
        if memo.len() >= 4 {
            memo.remove(0);
        }
        memo.push((key, done.clone()));
        done
    })
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
    // A line longer than its side (a nonogram's goal) wraps within it, between any letters.
    let mut words = text(line.to_string())
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
    use super::{compared, diff_view};

    #[test]
    fn a_diff_is_worked_out_once_per_pair_of_texts() {
        let a = compared(None, "a\nb\n", "a\nc\n");
        let b = compared(None, "a\nb\n", "a\nc\n");
        assert!(
            std::rc::Rc::ptr_eq(&a, &b),
            "drawn again, not worked out again"
        );
        let c = compared(None, "a\nb\n", "a\nd\n");
        assert!(!std::rc::Rc::ptr_eq(&a, &c));
        assert_eq!(c.0.len(), 2);
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
                Some(crate::family::Family::Nonogram),
                "on disk",
                &theirs,
                &mine,
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
        let mut ui = simulator(diff_view::<()>(None, "on disk", &theirs, &mine));
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
                Some(crate::family::Family::Nonogram),
                "on disk",
                seed,
                &painted,
            ),
            &[
                "row 1: 2 (was 1)",
                "column 2: 2 (was 1)",
                "the goal differs in 1 cell",
                "3 lines changed",
            ],
        );
        shows(
            diff_view(None, "pivot-gate", &theirs, &theirs),
            &["pivot-gate and this buffer have the same lines."],
        );
    }
}
