//! The source pane every editor shows beside its canvas: the text with its highlights and line
//! numbers, the problems under it with their places (errors in red; a click goes to one), and,
//! when the file changed on disk under unsaved edits, the prompt that asks what to keep.

use super::buffer::{self, Buffer, Seen};
use super::large_text::{self, LargeText};
use crate::highlight::{self, LockHighlighter};
use iced::widget::text::{LineHeight, Wrapping};
use iced::widget::{
    Column, button, column, container, responsive, row, scrollable, space, text, text_editor,
};
use iced::{Fill, Font, Length, Size, Task, alignment};
use lockfmt::Diagnostic;

/// The text's size in the pane.
const SIZE: f32 = 14.0;
/// A line's height, as the text editor lays it out (its default, 1.3 of the size).
const LINE: f32 = SIZE * 1.3;
/// The text editor's padding around the text.
const PADDING: f32 = 5.0;
/// A character's advance in the monospace font (about 0.6 of the size in the usual ones; a
/// little more, so that a line is never cut by a narrower guess).
const ADVANCE: f32 = SIZE * 0.62;
/// The room a scrollbar takes across the pane (its width, and a margin).
const SCROLLBAR_ROOM: f32 = 16.0;
/// The room either side of the line numbers.
const GUTTER_PADDING: f32 = 6.0;

/// The id of the pane's scrollable, beside the text's own `id`.
pub fn scroll_id(id: &'static str) -> iced::widget::Id {
    iced::widget::Id::from(format!("{id}-scroll"))
}

/// How wide the line numbers are for a text of `lines` lines.
fn gutter_width(lines: usize) -> f32 {
    let digits = lines.max(1).ilog10() as f32 + 1.0;
    digits * ADVANCE + 2.0 * GUTTER_PADDING
}

/// The line numbers, one a line, as the gutter shows them.
pub fn line_numbers(lines: usize) -> String {
    let mut numbers = String::with_capacity(lines * 4);
    for n in 1..=lines.max(1) {
        if n > 1 {
            numbers.push('\n');
        }
        numbers.push_str(&n.to_string());
    }
    numbers
}

/// The pane, two parts in five of the editor's width: the text with its line numbers,
/// scrolled both ways (long lines are not wrapped, so that a line and column named by a
/// problem is a line and column on screen), the problems under it (a click puts the cursor on
/// one), and the prompt when the file changed on disk under unsaved edits. `id` is the text's
/// widget id (for focus), `on_edit` and `on_buffer` carry its messages to the editor's own.
pub fn view<'a, M: Clone + 'a>(
    buffer: &'a Buffer,
    id: &'static str,
    highlight: &highlight::Settings,
    diagnostics: &[Diagnostic],
    on_edit: fn(text_editor::Action) -> M,
    on_buffer: fn(buffer::Message) -> M,
) -> Column<'a, M> {
    let highlight = highlight.clone();
    let source = responsive(move |room: Size| {
        if let Some(large) = buffer.large() {
            return large_view(buffer, large, id, room, on_buffer);
        }
        let extent = buffer.extent();
        let gutter = gutter_width(extent.lines);
        let widest = extent.widest as f32 * ADVANCE + 2.0 * PADDING + 2.0 * ADVANCE;
        let numbers = text(line_numbers(extent.lines))
            .font(Font::MONOSPACE)
            .size(SIZE)
            .line_height(LineHeight::Absolute(LINE.into()))
            .align_x(alignment::Horizontal::Right)
            .width(gutter)
            .style(super::look::quiet);
        // The text is as tall as its lines (the pane scrolls it, with the numbers beside
        // it) and at least as large as the room, so that a click below or beside the
        // text still lands in it.
        let editor = text_editor(buffer.content())
            .id(id)
            .font(Font::MONOSPACE)
            .size(SIZE)
            .line_height(LineHeight::Absolute(LINE.into()))
            .padding(PADDING)
            .wrapping(Wrapping::None)
            .width(widest.max(room.width - gutter - 1.0))
            .min_height(if widest > room.width - gutter - 1.0 {
                // The sideways bar takes its room under the text.
                room.height - SCROLLBAR_ROOM
            } else {
                room.height
            })
            .on_action(on_edit)
            .highlight_with::<LockHighlighter>(highlight.clone(), highlight::format);
        scrolled_both_ways(
            row![
                container(numbers).padding(iced::Padding {
                    top: PADDING,
                    bottom: PADDING,
                    left: 0.0,
                    right: GUTTER_PADDING,
                }),
                editor
            ],
            id,
            on_buffer,
        )
    });
    let problems = column(diagnostics.iter().map(|d| {
        let kind = if d.is_error() { "error" } else { "warning" };
        let line = text(format!(
            "{}:{}: {kind}: {}",
            d.span.line, d.span.column, d.message
        ))
        .size(13);
        let line = if d.is_error() {
            line.style(super::look::bad)
        } else {
            line
        };
        button(line)
            .padding(0)
            .style(button::text)
            .on_press(on_buffer(buffer::Message::JumpTo(d.span)))
            .into()
    }))
    .spacing(2);
    let title = if diagnostics.is_empty() {
        "No problems".to_string()
    } else {
        lockfmt::words::count(diagnostics.len(), "problem")
    };
    let notice = buffer.large().map(|large| {
        text(format!(
            "{}: read-only here (typing is for texts of up to 1 MB)",
            large_text::megabytes(large.text().len())
        ))
        .size(13)
        .style(super::look::quiet)
    });
    let mut pane = column![
        notice,
        source,
        text(title).size(14),
        super::scroll(problems).height(Length::Fixed(120.0)),
    ]
    .spacing(6)
    .width(Length::FillPortion(2));
    if let Some(prompt) = buffer.conflict_view() {
        pane = pane.push(prompt.map(on_buffer));
    }
    pane
}

/// The pane's text, scrolled both ways, saying where it is scrolled to.
fn scrolled_both_ways<'a, M: Clone + 'a>(
    body: impl Into<iced::Element<'a, M>>,
    id: &'static str,
    on_buffer: fn(buffer::Message) -> M,
) -> iced::Element<'a, M> {
    scrollable(body)
        .id(scroll_id(id))
        .direction(scrollable::Direction::Both {
            vertical: scrollable::Scrollbar::default(),
            horizontal: scrollable::Scrollbar::default(),
        })
        .on_scroll(move |v| on_buffer(scrolled(v)))
        .width(Fill)
        .height(Fill)
        .into()
}

/// What the pane's scrollable says when it is scrolled or resized.
fn scrolled(v: scrollable::Viewport) -> buffer::Message {
    buffer::Message::Scrolled(Seen {
        offset: iced::Vector::new(v.absolute_offset().x, v.absolute_offset().y),
        size: v.bounds().size(),
    })
}

/// The lines and columns of a large text that a pane scrolled as `seen` shows: the first line,
/// how many, the first column, how many (a line and a column to spare each way).
fn in_sight(seen: Seen, gutter: f32) -> (usize, usize, usize, usize) {
    let first_line = ((seen.offset.y - PADDING) / LINE).floor().max(0.0) as usize;
    let lines = (seen.size.height / LINE).ceil() as usize + 2;
    let first_column = ((seen.offset.x - gutter - PADDING) / ADVANCE)
        .floor()
        .max(0.0) as usize;
    let columns = (seen.size.width / ADVANCE).ceil() as usize + 2;
    (first_line, lines, first_column, columns)
}

/// A text too large to type into, read-only: as tall and wide as the text editor would make
/// it, but only the lines and columns in sight are laid out, so that the pane costs what a
/// screenful does whatever the text's size.
fn large_view<'a, M: Clone + 'a>(
    buffer: &Buffer,
    large: &LargeText,
    id: &'static str,
    room: Size,
    on_buffer: fn(buffer::Message) -> M,
) -> iced::Element<'a, M> {
    let lines = large.line_count();
    let gutter = gutter_width(lines);
    let width = gutter + large.widest() as f32 * ADVANCE + 2.0 * PADDING + 2.0 * ADVANCE;
    let seen = buffer.seen().unwrap_or(Seen {
        offset: iced::Vector::ZERO,
        size: room,
    });
    let (first, count, first_column, columns) = in_sight(seen, gutter);
    let last = (first + count).min(lines);
    let first = first.min(last);
    let shown = column((first..last).map(|i| {
        row![
            text((i + 1).to_string())
                .font(Font::MONOSPACE)
                .size(SIZE)
                .line_height(LineHeight::Absolute(LINE.into()))
                .align_x(alignment::Horizontal::Right)
                .width(gutter - GUTTER_PADDING)
                .style(super::look::quiet),
            space().width(GUTTER_PADDING + PADDING + first_column as f32 * ADVANCE),
            text(large.columns(i, first_column, columns).to_string())
                .font(Font::MONOSPACE)
                .size(SIZE)
                .line_height(LineHeight::Absolute(LINE.into()))
                .wrapping(Wrapping::None),
        ]
        .into()
    }));
    let body = column![
        space().height(PADDING + first as f32 * LINE),
        shown,
        space().height((lines - last) as f32 * LINE + PADDING),
    ]
    .width(width.max(room.width));
    scrolled_both_ways(body, id, on_buffer)
}

/// Scrolls the pane of the text `id` so that the buffer's cursor is in sight, with a line and
/// a few characters to spare; nothing when it is (or when the pane has never overflowed, so
/// shows the whole text).
pub fn follow<M: Send + 'static>(buffer: &Buffer, id: &'static str) -> Task<M> {
    let Some(seen) = buffer.seen() else {
        return Task::none();
    };
    let cursor = buffer.cursor().position;
    let column = buffer.line(cursor.line).map_or(0, |l| {
        l.get(..cursor.column).map_or(0, |t| t.chars().count())
    });
    let top = PADDING + cursor.line as f32 * LINE;
    let left = gutter_width(buffer.extent().lines) + PADDING + column as f32 * ADVANCE;
    let y = into_sight(top, LINE, seen.offset.y, seen.size.height, LINE);
    let x = into_sight(left, ADVANCE, seen.offset.x, seen.size.width, 4.0 * ADVANCE);
    if x.is_none() && y.is_none() {
        return Task::none();
    }
    iced::widget::operation::scroll_to(scroll_id(id), scrollable::AbsoluteOffset { x, y })
}

/// The offset that brings `[at, at + size)` into a view of `room` scrolled to `offset`, with
/// `spare` around it; `None` when it is in sight already.
fn into_sight(at: f32, size: f32, offset: f32, room: f32, spare: f32) -> Option<f32> {
    if at < offset {
        Some((at - spare).max(0.0))
    } else if at + size > offset + room {
        Some((at + size + spare - room).max(0.0))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::{into_sight, line_numbers, view};
    use crate::highlight;
    use crate::screen::buffer::{self, Buffer};
    use iced::Element;
    use iced::widget::text_editor::Position;
    use lockfmt::{Diagnostic, Span};

    #[derive(Clone, Debug)]
    enum Message {
        Edit,
        Buffer(buffer::Message),
    }

    fn pane<'a>(buffer: &'a Buffer, diagnostics: &[Diagnostic]) -> Element<'a, Message> {
        view(
            buffer,
            "source",
            &highlight::Settings::default(),
            diagnostics,
            |_| Message::Edit,
            Message::Buffer,
        )
        .into()
    }

    fn sees(buffer: &Buffer, diagnostics: &[Diagnostic], wanted: &str) -> bool {
        iced_test::simulator(pane(buffer, diagnostics))
            .find(wanted)
            .is_ok()
    }

    /// Every editor lists its text's problems under it the same way: each at its line and
    /// column, then how many there are.
    #[test]
    fn the_problems_are_listed_with_their_places_and_counted() {
        let buffer = Buffer::new(None, "width 5\nheight x\n");
        assert!(sees(&buffer, &[], "No problems"));
        let problems = [
            Diagnostic::error(Span::on_line(2, 8, 1), "number", "`x` is not a number"),
            Diagnostic::warning(Span::on_line(1, 1, 5), "unusual", "this is unusual"),
        ];
        assert!(sees(&buffer, &problems, "2 problems"));
        assert!(sees(&buffer, &problems, "2:8: error: `x` is not a number"));
        assert!(sees(&buffer, &problems, "1:1: warning: this is unusual"));
        assert!(sees(&buffer, &problems[..1], "1 problem"));
    }

    /// The text's lines are numbered beside it, one number a line, the empty line after the
    /// last line break counted as the editor shows it.
    #[test]
    fn the_lines_are_numbered() {
        let buffer = Buffer::new(None, "width 5\nheight x\n");
        assert!(sees(&buffer, &[], "1\n2\n3"));
        assert_eq!(line_numbers(0), "1");
        assert_eq!(line_numbers(11).lines().last(), Some("11"));
    }

    /// A click on a problem puts the cursor on its place, the span selected: columns count
    /// characters, so a line with a wide character before the place still lands on it.
    #[test]
    fn a_clicked_problem_puts_the_cursor_on_its_place() {
        let mut buffer = Buffer::new(None, "name ‘é’\nheight x9\n");
        let problems = [Diagnostic::error(
            Span::on_line(2, 8, 2),
            "number",
            "`x9` is not a number",
        )];
        let mut ui = iced_test::simulator(pane(&buffer, &problems));
        assert!(ui.click("2:8: error: `x9` is not a number").is_ok());
        let messages: Vec<Message> = ui.into_messages().collect();
        let Some(Message::Buffer(jump)) = messages.into_iter().next() else {
            panic!("the click gave no message of the buffer's");
        };
        assert_eq!(buffer.update(jump), Some(buffer::Event::Jumped));
        let cursor = buffer.content().cursor();
        assert_eq!(cursor.position, Position { line: 1, column: 7 });
        assert_eq!(cursor.selection, Some(Position { line: 1, column: 9 }));
        assert_eq!(buffer.content().selection().as_deref(), Some("x9"));

        // A place on a line with characters wider than a byte is counted in characters.
        buffer.jump_to(Span::on_line(1, 7, 1));
        assert_eq!(buffer.content().selection().as_deref(), Some("é"));
        // A place past the text's end is its end, not a panic.
        buffer.jump_to(Span::on_line(40, 99, 3));
        assert_eq!(buffer.content().cursor().position.line, 2);
    }

    /// A long line is not wrapped or cut: the text is as wide as it, and the pane scrolls
    /// sideways to it.
    #[test]
    fn a_long_line_widens_the_text_instead_of_being_cut() {
        let long = format!("goal {}\n", "#.".repeat(200));
        let buffer = Buffer::new(None, &long);
        let mut ui = iced_test::simulator(pane(&buffer, &[]));
        let text = ui
            .find(iced_test::selector::id("source"))
            .expect("the text");
        assert!(
            text.bounds().width > 400.0 * 8.0,
            "the text is {} wide for a line of 405 characters",
            text.bounds().width
        );
        let short = Buffer::new(None, "width 5\n");
        let mut ui = iced_test::simulator(pane(&short, &[]));
        let text = ui
            .find(iced_test::selector::id("source"))
            .expect("the text");
        assert!(
            text.bounds().width > 900.0,
            "a short text still fills the pane's width, not {}",
            text.bounds().width
        );
    }

    /// The pane follows the cursor: a place above or below what is seen brings the view to
    /// it with room to spare; a place in sight leaves it.
    #[test]
    fn the_view_follows_a_place_out_of_sight() {
        assert_eq!(into_sight(100.0, 18.0, 0.0, 300.0, 18.0), None);
        assert_eq!(into_sight(400.0, 18.0, 0.0, 300.0, 18.0), Some(136.0));
        assert_eq!(into_sight(50.0, 18.0, 200.0, 300.0, 18.0), Some(32.0));
        assert_eq!(into_sight(5.0, 18.0, 200.0, 300.0, 18.0), Some(0.0));
    }

    /// A text too large to type into is shown read-only, a screenful at a time: the lines in
    /// sight are laid out and the rest are not, wherever the pane is scrolled.
    #[test]
    fn a_large_text_shows_only_the_lines_in_sight() {
        use super::{LINE, PADDING};
        let line = |i: usize| format!("line {i} {}", "x".repeat(40));
        let text: String = (0..30_000).map(|i| line(i) + "\n").collect();
        let mut buffer = Buffer::new(None, &text);
        assert!(sees(&buffer, &[], &line(0)));
        assert!(sees(&buffer, &[], &line(10)));
        assert!(!sees(&buffer, &[], &line(500)));
        assert!(sees(
            &buffer,
            &[],
            "1.5 MB: read-only here (typing is for texts of up to 1 MB)"
        ));
        buffer.update(buffer::Message::Scrolled(buffer::Seen {
            offset: iced::Vector::new(0.0, PADDING + 20_000.0 * LINE),
            size: iced::Size::new(600.0, 400.0),
        }));
        assert!(sees(&buffer, &[], &line(20_000)));
        assert!(sees(&buffer, &[], "20001"), "its number beside it");
        assert!(sees(&buffer, &[], &line(20_015)));
        assert!(!sees(&buffer, &[], &line(0)));
        assert!(!sees(&buffer, &[], &line(20_100)));
    }
}
