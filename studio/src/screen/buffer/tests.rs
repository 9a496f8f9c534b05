use super::{Buffer, Message};
use std::path::PathBuf;

/// A canvas edit printed its text with `\n` over a file broken with `\r\n`, and saving it
/// rewrote every line of the file.
#[test]
fn a_printed_text_keeps_the_files_line_breaks() {
    let mut b = Buffer::new(None, "one\r\ntwo\r\n");
    assert!(b.set_text("one\ntwo\nthree\n"));
    assert_eq!(b.text(), "one\r\ntwo\r\nthree\r\n");
    b.replace_last("one\n");
    assert_eq!(b.text(), "one\r\n");
    assert!(b.undo());
    assert_eq!(b.text(), "one\r\ntwo\r\n");
    let mut unix = Buffer::new(None, "one\n");
    assert!(unix.set_text("one\ntwo\n"));
    assert_eq!(unix.text(), "one\ntwo\n");
    let mut marked = Buffer::new(None, "\u{feff}one\n");
    assert!(marked.set_text("one\ntwo\n"));
    assert_eq!(marked.text(), "\u{feff}one\ntwo\n");
}

/// A line typed into a file broken with \r\n was broken with \n, and the saved file mixed
/// the two.
#[test]
fn a_line_typed_or_pasted_keeps_the_files_line_breaks() {
    use iced::widget::text_editor::{Action, Edit, Motion};
    let mut b = Buffer::new(None, "one\r\ntwo\r\n");
    b.perform(Action::Move(Motion::End));
    assert!(b.perform(Action::Edit(Edit::Enter)));
    assert_eq!(b.text(), "one\r\n\r\ntwo\r\n");
    assert!(b.perform(Action::Edit(Edit::Paste(std::sync::Arc::new(
        "a\nb".into()
    )))));
    assert_eq!(b.text(), "one\r\na\r\nb\r\ntwo\r\n");
    let mut unix = Buffer::new(None, "one\ntwo\n");
    unix.perform(Action::Move(Motion::End));
    assert!(unix.perform(Action::Edit(Edit::Enter)));
    assert_eq!(unix.text(), "one\n\ntwo\n");
}

fn typed(b: &mut Buffer, keys: &str) {
    use iced::widget::text_editor::{Action, Edit};
    for c in keys.chars() {
        b.perform(Action::Edit(Edit::Insert(c)));
    }
}

/// Every keystroke was a step of its own, and undo sent the cursor to the start of the
/// file, so that the next key typed landed on its first line.
#[test]
fn undo_takes_back_a_typed_word_and_the_cursor_stays_where_it_was() {
    use iced::widget::text_editor::{Action, Motion};
    let mut b = Buffer::new(None, "width 23\nheight 23\n");
    b.perform(Action::Move(Motion::Down));
    b.perform(Action::Move(Motion::End));
    typed(&mut b, "00 7");
    assert_eq!(b.text(), "width 23\nheight 2300 7\n");
    assert!(b.undo());
    assert_eq!(b.text(), "width 23\nheight 2300 \n", "the last word");
    assert!(b.undo());
    assert_eq!(b.text(), "width 23\nheight 23\n", "the word and its blank");
    assert!(!b.can_undo());
    typed(&mut b, "4");
    assert_eq!(
        b.text(),
        "width 23\nheight 234\n",
        "typed where the word was"
    );
    assert!(b.undo());
    assert!(b.redo());
    typed(&mut b, "5");
    assert_eq!(
        b.text(),
        "width 23\nheight 2345\n",
        "redo leaves it after the change"
    );
}

/// A cursor move ends a word's step, and a run of deletions is a step.
#[test]
fn a_move_or_a_deletion_begins_a_new_step() {
    use iced::widget::text_editor::{Action, Edit, Motion};
    let mut b = Buffer::new(None, "ab");
    b.perform(Action::Move(Motion::End));
    typed(&mut b, "cd");
    b.perform(Action::Move(Motion::Left));
    typed(&mut b, "x");
    assert_eq!(b.text(), "abcxd");
    b.perform(Action::Edit(Edit::Backspace));
    b.perform(Action::Edit(Edit::Backspace));
    assert_eq!(b.text(), "abd");
    assert!(b.undo());
    assert_eq!(b.text(), "abcxd");
    assert!(b.undo());
    assert_eq!(b.text(), "abcd");
    assert!(b.undo());
    assert_eq!(b.text(), "ab");
}

/// A canvas printed its text over the buffer, and the cursor went to the start.
#[test]
fn a_printed_text_leaves_the_cursor_where_it_was() {
    use iced::widget::text_editor::{Action, Motion};
    let mut b = Buffer::new(None, "abc\ndef\n");
    b.perform(Action::Move(Motion::Down));
    b.perform(Action::Move(Motion::End));
    assert!(b.set_text("abc\ndefg\n"));
    typed(&mut b, "X");
    assert_eq!(b.text(), "abc\ndefXg\n");
    b.replace_last("a\n");
    typed(&mut b, "Y");
    assert_eq!(b.text(), "a\nY", "on the nearest place the text has");
}

fn saved_buffer() -> Buffer {
    let mut b = Buffer::new(Some(PathBuf::from("/p/x.non")), "one");
    b.set_text("two");
    b.update(Message::Saved("two".into(), Ok(())));
    b
}

#[test]
fn an_edit_after_a_save_shows_the_text_unsaved_not_saved() {
    let mut b = saved_buffer();
    assert_eq!(b.status_line(), "saved /p/x.non");
    b.set_text("three");
    assert_eq!(b.status_line(), "/p/x.non — unsaved");
    assert!(b.undo());
    assert_eq!(b.status_line(), "/p/x.non", "back to the saved text");
}

#[test]
fn edits_made_while_the_write_was_under_way_are_said_to_be_unsaved() {
    let mut b = Buffer::new(Some(PathBuf::from("/p/x.non")), "one");
    b.set_text("two");
    b.set_text("three");
    b.update(Message::Saved("two".into(), Ok(())));
    assert!(b.is_dirty());
    assert_eq!(
        b.status_line(),
        "saved /p/x.non; the edits made since are unsaved"
    );
}

#[test]
fn a_reload_is_said_about_the_text_it_brought() {
    let mut b = Buffer::new(Some(PathBuf::from("/p/x.non")), "one");
    let asked = b.disk_reads.advance();
    b.update(Message::DiskRead(asked, Ok("theirs".into())));
    assert_eq!(b.text(), "theirs");
    assert_eq!(b.status_line(), "reloaded: the file changed on disk");
}

/// A text of more than a megabyte, one numbered line after another.
fn large_text(lines: usize) -> String {
    (0..lines)
        .map(|i| format!("line {i} {}\n", "x".repeat(40)))
        .collect()
}

/// A 16.8 MB nonogram held 3.6 GB in the text editor's layout of every line before the
/// window showed it: past a megabyte the text is held as it is, shown read-only, and
/// everything but typing works on it.
#[test]
fn a_text_too_large_to_type_into_is_held_as_it_is_and_changed_only_by_the_canvas() {
    use iced::widget::text_editor::{Action, Edit};
    let text = large_text(30_000);
    assert!(text.len() > super::large_text::TYPED_TEXT_BYTES);
    let mut b = Buffer::new(Some(PathBuf::from("/p/x.non")), &text);
    assert!(b.large().is_some());
    assert_eq!(b.content().line_count(), 1, "the text editor holds nothing");
    assert_eq!(b.extent().lines, 30_001);
    assert_eq!(
        b.line(29_999).as_deref(),
        Some(&*format!("line 29999 {}", "x".repeat(40)))
    );
    assert!(!b.is_dirty());

    assert!(!b.perform(Action::Edit(Edit::Insert('q'))));
    assert_eq!(b.text(), text, "typing changes nothing");
    assert!(
        b.status_line()
            .contains("types only into texts of up to 1 MB")
    );

    let drawn = format!("{text}one more\n");
    assert!(b.set_text(&drawn));
    assert_eq!(b.text(), drawn);
    assert!(b.is_dirty());
    assert!(b.undo());
    assert_eq!(b.text(), text);
    assert!(!b.is_dirty());

    // Shrunk to a megabyte or less, the text can be typed into again.
    assert!(b.set_text("width 2\n"));
    assert!(b.large().is_none());
    b.perform(Action::Move(iced::widget::text_editor::Motion::DocumentEnd));
    assert!(b.perform(Action::Edit(Edit::Insert('q'))));
    assert_eq!(b.text(), "width 2\nq");
}

/// A click on a problem of a large text puts its cursor there, for the pane to follow.
#[test]
fn a_problem_of_a_large_text_is_jumped_to() {
    let mut b = Buffer::new(None, &large_text(30_000));
    b.update(Message::JumpTo(lockfmt::Span::on_line(20_001, 6, 5)));
    assert_eq!(b.cursor().position.line, 20_000);
    assert_eq!(b.cursor().position.column, 5);
    b.update(Message::JumpTo(lockfmt::Span::on_line(90_000, 1, 1)));
    assert_eq!(
        b.cursor().position.line,
        30_000,
        "past the end: the last line"
    );
}
