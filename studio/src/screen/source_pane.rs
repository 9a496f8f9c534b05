//! The source pane every editor shows beside its canvas: the text with its highlights, the
//! problems under it with their places (errors in red), and, when the file changed on disk
//! under unsaved edits, the prompt that asks what to keep.

use super::buffer::{self, Buffer};
use crate::highlight::{self, LockHighlighter};
use iced::widget::{Column, column, text, text_editor};
use iced::{Fill, Font, Length};
use lockfmt::Diagnostic;

/// The pane, two parts in five of the editor's width. `id` is the text's widget id (for
/// focus), `on_edit` and `on_buffer` carry its messages to the editor's own.
pub fn view<'a, M: Clone + 'a>(
    buffer: &'a Buffer,
    id: &'static str,
    highlight: &highlight::Settings,
    diagnostics: &[Diagnostic],
    on_edit: fn(text_editor::Action) -> M,
    on_buffer: fn(buffer::Message) -> M,
) -> Column<'a, M> {
    let source = text_editor(buffer.content())
        .id(id)
        .font(Font::MONOSPACE)
        .size(14)
        .height(Fill)
        .on_action(on_edit)
        .highlight_with::<LockHighlighter>(highlight.clone(), highlight::format);
    let problems = column(diagnostics.iter().map(|d| {
        let kind = if d.is_error() { "error" } else { "warning" };
        let line = text(format!(
            "{}:{}: {kind}: {}",
            d.span.line, d.span.column, d.message
        ))
        .size(13);
        if d.is_error() {
            line.color(super::RED).into()
        } else {
            line.into()
        }
    }))
    .spacing(2);
    let title = if diagnostics.is_empty() {
        "No problems".to_string()
    } else {
        lockfmt::words::count(diagnostics.len(), "problem")
    };
    let mut pane = column![
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

#[cfg(test)]
mod tests {
    use super::view;
    use crate::highlight;
    use crate::screen::buffer::Buffer;
    use iced::Element;
    use lockfmt::{Diagnostic, Span};

    #[derive(Clone, Debug)]
    enum Message {
        Edit,
        Buffer,
    }

    fn sees(buffer: &Buffer, diagnostics: &[Diagnostic], wanted: &str) -> bool {
        let pane: Element<'_, Message> = view(
            buffer,
            "source",
            &highlight::Settings::default(),
            diagnostics,
            |_| Message::Edit,
            |_| Message::Buffer,
        )
        .into();
        iced_test::simulator(pane).find(wanted).is_ok()
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
}
