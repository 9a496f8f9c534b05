//! What the line-by-line formats (Quadrillion boards and sliding locks) share: a line split into
//! words and its comment, the author's `title`, `by`, `source`, `license` and `note` lines read
//! and printed, and comments kept beside the lines they stand before or on.

use crate::diagnostic::{Diagnostic, Span};
use crate::info::Info;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The text as its lines are read: a byte-order mark at its start (Windows Notepad once began
/// every file with one) is a blank, one column wide as the mark is, so that places on the first
/// line are where an editor shows them; without this the first line read as an unknown word.
pub(crate) fn without_mark(text: &str) -> std::borrow::Cow<'_, str> {
    match text.strip_prefix('\u{feff}') {
        Some(rest) => std::borrow::Cow::Owned(format!(" {rest}")),
        None => std::borrow::Cow::Borrowed(text),
    }
}

/// A word of a line: its text and where it starts (column from 1, in characters).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Word<'a> {
    pub text: &'a str,
    pub column: usize,
}

impl Word<'_> {
    /// Where the word is, on line `line`.
    pub fn span(&self, line: usize) -> Span {
        Span::on_line(line, self.column, self.text.chars().count())
    }
}

/// Splits a line into its content's words and its comment (from a `#`, outside quotes when
/// `quotes`). The comment runs to the line's end, blanks and all, so that what comes before it
/// is the content; the caller trims it.
pub(crate) fn split(line: &str, quotes: bool) -> (Vec<Word<'_>>, Option<&str>) {
    let mut words = Vec::new();
    let mut in_quotes = false;
    let mut start: Option<(usize, usize)> = None;
    let mut comment = None;
    for (column, (i, c)) in line.char_indices().enumerate() {
        let column = column + 1;
        if c == '"' && quotes {
            in_quotes = !in_quotes;
        }
        if c == '#' && !in_quotes {
            comment = Some(&line[i..]);
            if let Some((s, col)) = start.take() {
                words.push(Word {
                    text: &line[s..i],
                    column: col,
                });
            }
            break;
        }
        if c.is_whitespace() && !in_quotes {
            if let Some((s, col)) = start.take() {
                words.push(Word {
                    text: &line[s..i],
                    column: col,
                });
            }
        } else if start.is_none() {
            start = Some((i, column));
        }
    }
    if comment.is_none()
        && let Some((s, col)) = start
    {
        words.push(Word {
            text: &line[s..],
            column: col,
        });
    }
    (words, comment)
}

/// Which of the author's lines a property line was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Property {
    /// `title`.
    Title,
    /// `by`.
    By,
    /// `source`.
    Source,
    /// `license`.
    License,
    /// The n-th `note` (from 0).
    Note(usize),
}

/// Reads a property line (`words[0]` is `title`, `by`, `source`, `license` or `note`; `text`
/// the line's content) into `info`: its value runs from its second word to the end of the
/// content, a quoted value without its quotes. A puzzle has one of each but notes; `puzzle`
/// says what it is in the report of a second one ("a lock").
pub(crate) fn read_property(
    info: &mut Info,
    line: usize,
    text: &str,
    words: &[Word],
    puzzle: &str,
) -> Result<Property, Diagnostic> {
    let key = words[0];
    let value = words.get(1).map(|w| {
        let start = text
            .char_indices()
            .nth(w.column - 1)
            .map_or(text.len(), |(i, _)| i);
        let last = words.last().map_or(w, |l| l);
        let end = text
            .char_indices()
            .nth(last.column - 1 + last.text.chars().count())
            .map_or(text.len(), |(i, _)| i);
        (&text[start..end], w.column)
    });
    let value = match value {
        None => {
            return Err(Diagnostic::error(
                key.span(line),
                "missing-value",
                format!("`{}` needs a value, e.g. `{} \"…\"`", key.text, key.text),
            ));
        }
        Some((v, column)) if v.starts_with('"') => {
            if v.len() < 2 || !v.ends_with('"') {
                return Err(Diagnostic::error(
                    Span::on_line(line, column, v.chars().count()),
                    "unterminated-string",
                    "this string has no closing quote",
                ));
            }
            v[1..v.len() - 1].replace("&quot;", "\"")
        }
        Some((v, _)) => v.to_string(),
    };
    let slot = match key.text {
        "title" => (&mut info.title, Property::Title),
        "by" => (&mut info.by, Property::By),
        "source" => (&mut info.source, Property::Source),
        "license" => (&mut info.license, Property::License),
        _ => {
            info.notes.push(value);
            return Ok(Property::Note(info.notes.len() - 1));
        }
    };
    if slot.0.is_some() {
        return Err(Diagnostic::error(
            key.span(line),
            "repeated-property",
            format!("`{}` is given twice; {puzzle} has one", key.text),
        ));
    }
    *slot.0 = Some(value);
    Ok(slot.1)
}

/// A family's lines, as far as this module needs to name them.
pub trait AuthorLine: Ord + Copy {
    /// The line of an author's property.
    fn property(p: Property) -> Self;
    /// The n-th unknown line (from 0).
    fn unknown(n: usize) -> Self;
}

/// Comments, each kept with the line it stands before or on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comments<L> {
    /// Comment lines before everything else, separated from the first line by a blank line.
    pub head: Vec<String>,
    /// Comment lines just before a line.
    pub leading: BTreeMap<L, Vec<String>>,
    /// A comment at the end of a line.
    pub trailing: BTreeMap<L, String>,
    /// Comment lines after everything else.
    pub tail: Vec<String>,
}

impl<L> Default for Comments<L> {
    fn default() -> Self {
        Comments {
            head: Vec::new(),
            leading: BTreeMap::new(),
            trailing: BTreeMap::new(),
            tail: Vec::new(),
        }
    }
}

impl<L: Ord + Copy> Comments<L> {
    /// Writes the head comments, then a blank line when there are any.
    pub(crate) fn write_head(&self, out: &mut String) {
        for h in &self.head {
            let _ = writeln!(out, "{h}");
        }
        if !self.head.is_empty() {
            out.push('\n');
        }
    }

    /// Writes `text` as `line`, with the comments before it and on it.
    pub(crate) fn write_line(&self, out: &mut String, line: L, text: &str) {
        for l in self.leading.get(&line).into_iter().flatten() {
            let _ = writeln!(out, "{l}");
        }
        match self.trailing.get(&line) {
            Some(t) => {
                let _ = writeln!(out, "{text} {t}");
            }
            None => {
                let _ = writeln!(out, "{text}");
            }
        }
    }

    /// Writes the tail comments, after a blank line when anything comes before them.
    pub(crate) fn write_tail(&self, out: &mut String) {
        if self.tail.is_empty() {
            return;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        for t in &self.tail {
            let _ = writeln!(out, "{t}");
        }
    }
}

/// Gathers comments while a file is read line by line.
#[derive(Debug)]
pub(crate) struct Gatherer<L> {
    comments: Comments<L>,
    /// Comment lines waiting for the line they stand before.
    pending: Vec<String>,
    /// Whether any line but a comment has been read.
    started: bool,
}

impl<L> Default for Gatherer<L> {
    fn default() -> Self {
        Gatherer {
            comments: Comments::default(),
            pending: Vec::new(),
            started: false,
        }
    }
}

impl<L: Ord + Copy> Gatherer<L> {
    /// A line with no words: a comment line, or a blank line (which ends the head comments).
    pub(crate) fn blank_or_comment(&mut self, comment: Option<&str>) {
        match comment {
            Some(c) => self.pending.push(c.to_string()),
            None if !self.started && !self.pending.is_empty() => {
                self.comments.head.append(&mut self.pending);
            }
            None => {}
        }
    }

    /// A line with words was read.
    pub(crate) fn started(&mut self) {
        self.started = true;
    }

    /// The line just read is `line`, with `comment` at its end: the comments waiting go before
    /// it. A second comment for the same line (a second footer) joins the first.
    pub(crate) fn attach(&mut self, line: L, comment: Option<&str>) {
        if !self.pending.is_empty() {
            let pending = std::mem::take(&mut self.pending);
            self.comments
                .leading
                .entry(line)
                .or_default()
                .extend(pending);
        }
        if let Some(c) = comment {
            let t = self.comments.trailing.entry(line).or_default();
            if !t.is_empty() {
                t.push(' ');
            }
            t.push_str(c);
        }
    }

    /// The comments, those still waiting being the tail.
    pub(crate) fn finish(mut self) -> Comments<L> {
        self.comments.tail = self.pending;
        self.comments
    }
}

/// A property's value, quoted; a line break (which only a program or an editor's field can put
/// there) becomes a space, so that the value stays on its line.
pub(crate) fn quoted(s: &str) -> String {
    format!(
        "\"{}\"",
        s.replace('"', "&quot;").replace(['\r', '\n'], " ")
    )
}

/// Writes the author's lines, then the unknown lines, each with its comments; whether any was
/// written.
pub(crate) fn write_author_lines<L: AuthorLine>(
    out: &mut String,
    comments: &Comments<L>,
    info: &Info,
    unknown: &[String],
) -> bool {
    let mut any = false;
    for (property, key, value) in [
        (Property::Title, "title", &info.title),
        (Property::By, "by", &info.by),
        (Property::Source, "source", &info.source),
        (Property::License, "license", &info.license),
    ] {
        if let Some(v) = value {
            comments.write_line(out, L::property(property), &format!("{key} {}", quoted(v)));
            any = true;
        }
    }
    for (i, n) in info.notes.iter().enumerate() {
        comments.write_line(
            out,
            L::property(Property::Note(i)),
            &format!("note {}", quoted(n)),
        );
        any = true;
    }
    for (i, u) in unknown.iter().enumerate() {
        comments.write_line(out, L::unknown(i), u);
        any = true;
    }
    any
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_inside_quotes_is_part_of_the_word_when_quotes_count() {
        let (words, comment) = split(r#"title "a # b" # said"#, true);
        let texts: Vec<&str> = words.iter().map(|w| w.text).collect();
        assert_eq!(texts, ["title", "\"a # b\""]);
        assert_eq!(comment, Some("# said"));
        let (words, comment) = split(r#"4 "a # b"#, false);
        assert_eq!(words.len(), 2);
        assert_eq!(comment, Some("# b"));
    }

    #[test]
    fn a_property_runs_to_the_end_of_the_content_and_is_given_once() {
        let mut info = Info::default();
        let text = r#"title "Two  words""#;
        let (words, _) = split(text, true);
        assert_eq!(
            read_property(&mut info, 1, text, &words, "a lock"),
            Ok(Property::Title)
        );
        assert_eq!(info.title.as_deref(), Some("Two  words"));
        let err = read_property(&mut info, 2, text, &words, "a lock").expect_err("twice");
        assert!(err.message.ends_with("a lock has one"), "{}", err.message);
        let text = "note plain words";
        let (words, _) = split(text, true);
        assert_eq!(
            read_property(&mut info, 3, text, &words, "a lock"),
            Ok(Property::Note(0))
        );
        assert_eq!(info.notes, ["plain words"]);
    }

    /// A value with a line break (set by a program, never read from a file) is printed on its
    /// line, so that the file reads back with the same lines.
    #[test]
    fn a_line_break_in_a_value_is_printed_as_a_space() {
        assert_eq!(quoted("two\nlines \"x\""), "\"two lines &quot;x&quot;\"");
    }

    #[test]
    fn comments_wait_for_their_line_and_the_rest_are_the_tail() {
        let mut g: Gatherer<u8> = Gatherer::default();
        g.blank_or_comment(Some("# head"));
        g.blank_or_comment(None);
        g.blank_or_comment(Some("# before"));
        g.started();
        g.attach(1, Some("# on"));
        g.attach(1, Some("# more"));
        g.blank_or_comment(None);
        g.blank_or_comment(Some("# last"));
        let c = g.finish();
        assert_eq!(c.head, ["# head"]);
        assert_eq!(c.leading[&1], ["# before"]);
        assert_eq!(c.trailing[&1], "# on # more");
        assert_eq!(c.tail, ["# last"]);
    }

    /// A file saved by an editor that begins files with a byte-order mark (Windows Notepad did)
    /// read its first line as an unknown word: a board's title, a lock's first comment. The mark
    /// reads as a blank, one column wide, and the canonical text leaves it out.
    #[test]
    fn a_byte_order_mark_at_the_start_is_read_as_a_blank() {
        fn check<D: PartialEq + std::fmt::Debug>(
            plain: &str,
            read: impl Fn(&str) -> (Option<D>, Vec<Diagnostic>),
            format: impl Fn(&str) -> Option<String>,
        ) {
            let marked = format!("\u{feff}{plain}");
            let ((a, _), (b, problems)) = (read(plain), read(&marked));
            assert!(problems.is_empty(), "{problems:?}");
            assert_eq!(a, b);
            assert_eq!(format(&marked).as_deref(), Some(plain));
            // Places on the first line count the mark as the column it takes in an editor.
            let (_, problems) = read(&format!("\u{feff}title\n{plain}"));
            assert_eq!((problems[0].span.line, problems[0].span.column), (1, 2));
        }
        check(
            include_str!("../../templates/quadrillion/default.quad"),
            |t| {
                let p = crate::quadrillion::parse(t);
                (p.document, p.diagnostics)
            },
            |t| crate::quadrillion::format(t).ok(),
        );
        check(
            include_str!("../../templates/sliding/seed-example.slide"),
            |t| {
                let p = crate::sliding::parse(t);
                (p.document, p.diagnostics)
            },
            |t| crate::sliding::format(t).ok(),
        );
    }

    /// A solution file saved with a byte-order mark read its first line as an unknown move.
    #[test]
    fn a_solution_file_with_a_byte_order_mark_reads_as_without_it() {
        let hex = "lockwright-solution 1\nlock: Gate\nmoves: hW hE\n";
        assert_eq!(
            crate::hexlock::moves::parse_solution(&format!("\u{feff}{hex}")),
            crate::hexlock::moves::parse_solution(hex)
        );
        let sliding = "BC1 L1\nC34 D2\nKey R1\n";
        assert_eq!(
            crate::sliding::solution::parse_solution(&format!("\u{feff}{sliding}")),
            crate::sliding::solution::parse_solution(sliding)
        );
        assert!(crate::sliding::solution::parse_solution(sliding).is_ok());
    }
}
