//! The undo and redo history of a source text: each step keeps the text as it was and where the
//! cursor stood in it, so that taking a change back puts the cursor where the change was; and a
//! run of typed characters, or of deletions, is one step, as in any text editor, where every
//! keystroke was a step of its own.

use iced::widget::text_editor::{Action, Content, Cursor, Edit, Position};

/// The text before a change, and the cursor in it.
#[derive(Debug, Clone)]
pub struct Step {
    pub text: String,
    pub cursor: Cursor,
}

/// What a typed edit was, for telling whether it goes on the run before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Typed {
    /// A character that is not blank.
    Letter,
    /// A space or a tab.
    Blank,
    Backspace,
    Delete,
}

impl Typed {
    /// The kind of a typed edit; `None` for every other action (a new line, a paste, a move).
    pub fn of(action: &Action) -> Option<Typed> {
        match action {
            Action::Edit(Edit::Insert(c)) if *c == '\n' || *c == '\r' => None,
            Action::Edit(Edit::Insert(c)) if c.is_whitespace() => Some(Typed::Blank),
            Action::Edit(Edit::Insert(_)) => Some(Typed::Letter),
            Action::Edit(Edit::Backspace) => Some(Typed::Backspace),
            Action::Edit(Edit::Delete) => Some(Typed::Delete),
            _ => None,
        }
    }

    /// Whether this edit, right after `last`, belongs to the same step: letters and the blanks
    /// after them are one word; a letter after a blank begins the next word's step.
    fn follows(self, last: Typed) -> bool {
        matches!(
            (last, self),
            (Typed::Letter | Typed::Blank, Typed::Blank)
                | (Typed::Letter, Typed::Letter)
                | (Typed::Backspace, Typed::Backspace)
                | (Typed::Delete, Typed::Delete)
        )
    }
}

/// The most bytes of text the steps to undo hold together: past it the oldest are let go (at
/// least one stays), so that a hundred changes drawn on a picture of 16 MB of clues do not
/// hold 1.6 GB.
pub const HISTORY_BYTES: usize = 256 << 20;

/// Steps to undo and to redo, and the typed run the last step is.
#[derive(Debug, Default)]
pub struct History {
    undo: Vec<Step>,
    redo: Vec<Step>,
    /// The last edit, while the next typed one may join its step.
    run: Option<Typed>,
}

impl History {
    /// A change of the text from `before`: a step of its own, unless it is typed and goes on
    /// the run of the step before.
    pub fn changed(&mut self, before: Step, typed: Option<Typed>) {
        let joins = matches!((self.run, typed), (Some(last), Some(t)) if t.follows(last));
        if !joins {
            self.undo.push(before);
            self.keep_within_budget();
        }
        self.redo.clear();
        self.run = typed;
    }

    /// The cursor moved, or the text was changed otherwise than by typing: the next typed edit
    /// begins a step.
    pub fn interrupt(&mut self) {
        self.run = None;
    }

    /// The step to go back to, the text as it is now going to redo.
    pub fn undo(&mut self, now: Step) -> Option<Step> {
        let back = self.undo.pop()?;
        self.redo.push(now);
        self.run = None;
        Some(back)
    }

    /// The step taken back, to make again, the text as it is now going to undo.
    pub fn redo(&mut self, now: Step) -> Option<Step> {
        let again = self.redo.pop()?;
        self.undo.push(now);
        self.keep_within_budget();
        self.run = None;
        Some(again)
    }

    /// Lets the oldest steps to undo go while they hold more than [`HISTORY_BYTES`].
    fn keep_within_budget(&mut self) {
        let mut held: usize = self.undo.iter().map(|s| s.text.len()).sum();
        let mut gone = 0;
        while held > HISTORY_BYTES && gone + 1 < self.undo.len() {
            held -= self.undo[gone].text.len();
            gone += 1;
        }
        self.undo.drain(..gone);
    }

    /// How many steps there are to undo.
    #[cfg(test)]
    pub fn undo_steps(&self) -> usize {
        self.undo.len()
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }
}

/// `cursor` moved onto `content`'s text: a line and a column it has (the column a byte offset
/// on a character's boundary), without a selection.
pub fn clamped(content: &Content, cursor: Cursor) -> Cursor {
    let last = content.line_count().saturating_sub(1);
    let line = cursor.position.line.min(last);
    let text = content
        .line(line)
        .map(|l| l.text.into_owned())
        .unwrap_or_default();
    on_line(line, &text, cursor.position.column)
}

/// A cursor on line `line`, whose text is `text`, at byte `column` or the nearest character
/// boundary before it (the line's end past it), without a selection.
pub fn on_line(line: usize, text: &str, column: usize) -> Cursor {
    let mut column = column.min(text.len());
    while !text.is_char_boundary(column) {
        column -= 1;
    }
    Cursor {
        position: Position { line, column },
        selection: None,
    }
}

/// The start of the text.
pub fn start() -> Cursor {
    Cursor {
        position: Position { line: 0, column: 0 },
        selection: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each change of a picture of 16 MB of clues kept a whole copy to undo: a hundred held
    /// 1.6 GB. The oldest steps go once they hold more than the budget; the newest stay.
    #[test]
    fn the_steps_to_undo_hold_at_most_the_budget() {
        let mut history = History::default();
        let step = |n: usize| Step {
            text: format!("{n:08}") + &"x".repeat(16 << 20),
            cursor: start(),
        };
        for n in 0..40 {
            history.changed(step(n), None);
        }
        assert_eq!(history.undo_steps(), HISTORY_BYTES / step(0).text.len());
        let newest = history.undo(step(99)).expect("a step to undo");
        assert!(newest.text.starts_with("00000039"));
        let mut huge = History::default();
        huge.changed(
            Step {
                text: "y".repeat(HISTORY_BYTES + 1),
                cursor: start(),
            },
            None,
        );
        assert!(huge.can_undo(), "one step stays, however large");
    }

    #[test]
    fn a_cursor_is_kept_within_the_text_and_on_a_characters_boundary() {
        let content = Content::with_text("héllo\nab");
        let at = |line, column| Cursor {
            position: Position { line, column },
            selection: Some(Position { line: 0, column: 0 }),
        };
        assert_eq!(
            clamped(&content, at(0, 2)).position,
            Position { line: 0, column: 1 }
        );
        assert_eq!(
            clamped(&content, at(1, 9)).position,
            Position { line: 1, column: 2 }
        );
        assert_eq!(
            clamped(&content, at(7, 1)).position,
            Position { line: 1, column: 1 }
        );
        assert_eq!(clamped(&content, at(0, 3)).selection, None);
    }

    #[test]
    fn a_word_and_the_blanks_after_it_are_one_step_and_deleting_is_another() {
        use Typed::*;
        let mut h = History::default();
        let step = |t: &str| Step {
            text: t.into(),
            cursor: start(),
        };
        for (before, typed) in [("", Letter), ("a", Letter), ("ab", Blank), ("ab ", Letter)] {
            h.changed(step(before), Some(typed));
        }
        h.changed(step("ab c"), Some(Backspace));
        h.changed(step("ab "), Some(Backspace));
        h.interrupt();
        h.changed(step("ab"), Some(Backspace));
        let mut backs = Vec::new();
        while let Some(s) = h.undo(step("now")) {
            backs.push(s.text);
        }
        assert_eq!(backs, ["ab", "ab c", "ab ", ""]);
    }
}
