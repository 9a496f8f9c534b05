//! What every family's reader does alike around its own lines: refusing a file that is too
//! large or not UTF-8, building the syntax tree, and (for the line-by-line readers of
//! Quadrillion boards and sliding locks) splitting a line into words and reading the author's
//! `title`, `by`, `source`, `license` and `note` lines.

use crate::diagnostic::{Diagnostic, Span};
use crate::info::Info;

/// The text of a file's bytes, or the diagnostic that says why there is none: more than
/// `limit` bytes, or not UTF-8 (at the line and column of the first bad byte). `what` names the
/// file in the family's words: "a nonogram file".
pub(crate) fn text_of<'a>(
    bytes: &'a [u8],
    limit: usize,
    what: &str,
) -> Result<&'a str, Diagnostic> {
    if bytes.len() > limit {
        return Err(Diagnostic::error(
            Span::START,
            "file-too-large",
            format!(
                "the file is {} bytes; {what} is at most {limit} bytes ({})",
                bytes.len(),
                in_binary_units(limit)
            ),
        ));
    }
    std::str::from_utf8(bytes).map_err(|e| {
        let good = &bytes[..e.valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        let start = good.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        // The prefix is valid UTF-8 by construction.
        let column = std::str::from_utf8(&good[start..]).map_or(1, |s| s.chars().count() + 1);
        Diagnostic::error(
            Span::on_line(line, column, 1),
            "invalid-utf8",
            format!(
                "the file is not UTF-8 text: byte 0x{:02x} at offset {} cannot start a character",
                bytes[e.valid_up_to()],
                e.valid_up_to()
            ),
        )
    })
}

/// "1 MiB", "64 KiB": a limit as people say it.
fn in_binary_units(bytes: usize) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else if bytes >= 1 << 10 && bytes.is_multiple_of(1 << 10) {
        format!("{} KiB", bytes >> 10)
    } else {
        format!("{bytes} bytes")
    }
}

/// The syntax tree of `text`, or the diagnostic that says why there is none. Neither should
/// happen in a build whose tests pass; `grammar` names the family for the report ("the nonogram
/// grammar").
pub(crate) fn syntax_tree(
    language: &tree_sitter::Language,
    text: &str,
    grammar: &str,
) -> Result<tree_sitter::Tree, Diagnostic> {
    let mut parser = tree_sitter::Parser::new();
    if parser.set_language(language).is_err() {
        return Err(Diagnostic::error(
            Span::START,
            "internal",
            format!("{grammar} does not match this build's tree-sitter runtime"),
        ));
    }
    parser.parse(text, None).ok_or_else(|| {
        Diagnostic::error(Span::START, "internal", "the parser gave up on this file")
    })
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
pub(crate) enum Property {
    Title,
    By,
    Source,
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

#[cfg(test)]
mod tests {
    use super::{Property, read_property, split, text_of};
    use crate::info::Info;

    #[test]
    fn a_file_over_the_limit_is_refused_with_the_limit_in_words() {
        let err = text_of(&[b'a'; 65], 64, "a board").expect_err("too large");
        assert_eq!(err.code, "file-too-large");
        assert!(
            err.message.contains("a board is at most 64 bytes"),
            "{}",
            err.message
        );
        let err = text_of(&vec![b'a'; (64 << 10) + 1], 64 << 10, "a lock file").expect_err("large");
        assert!(err.message.ends_with("(64 KiB)"), "{}", err.message);
    }

    #[test]
    fn a_byte_that_is_not_utf8_is_placed_at_its_line_and_column() {
        let err = text_of(b"title \"x\"\nab\xffc", 1 << 20, "a file").expect_err("not UTF-8");
        assert_eq!(err.code, "invalid-utf8");
        assert_eq!((err.span.line, err.span.column), (2, 3));
        assert!(
            err.message.contains("byte 0xff at offset 12"),
            "{}",
            err.message
        );
    }

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
}
