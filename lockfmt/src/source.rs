//! What every family's reader does alike before its own lines: refusing a file that is too
//! large or not UTF-8, and building the syntax tree.

use crate::diagnostic::{Diagnostic, Span};

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
        if let Some(order) = utf16_order(bytes) {
            return Diagnostic::error(
                Span::on_line(1, 1, 1),
                "invalid-utf8",
                format!(
                    "the file is UTF-16 text ({order}: it begins with UTF-16's byte-order mark, \
                     bytes 0x{:02x} 0x{:02x}); {what} is read as UTF-8: save it as UTF-8",
                    bytes[0], bytes[1]
                ),
            );
        }
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

/// The byte order of a file that begins with UTF-16's byte-order mark, which Windows editors
/// write when told to save "Unicode": said apart from other bytes that are not UTF-8, since
/// its fix is the editor's encoding, not a character. (UTF-8's mark, `EF BB BF`, reads.)
pub fn utf16_order(bytes: &[u8]) -> Option<&'static str> {
    match bytes {
        [0xff, 0xfe, ..] => Some("little-endian"),
        [0xfe, 0xff, ..] => Some("big-endian"),
        _ => None,
    }
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

/// `text` as the line grammars read it: every line, the last one too, ends with `\n`. Many
/// files end without a final newline (webpbn's exports, editors that do not add one); the hex
/// lock and nonogram grammars end every item at a newline, so such a file's last line read as
/// "missing the end of the line". Adding the newline after the text moves no place in it: every
/// line and column stays where it was.
pub(crate) fn with_final_newline(text: &str) -> std::borrow::Cow<'_, str> {
    if text.is_empty() || text.ends_with('\n') {
        std::borrow::Cow::Borrowed(text)
    } else {
        std::borrow::Cow::Owned(format!("{text}\n"))
    }
}

/// How many syntax trees this process has built: every reading of a file of any family builds
/// one, so a count taken around an action bounds that action's parsing (the studio's tests hold
/// typing to one reading a keystroke).
static SYNTAX_TREES_BUILT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// The number of syntax trees built so far in this process, by every family's reader.
pub fn syntax_trees_built() -> u64 {
    SYNTAX_TREES_BUILT.load(std::sync::atomic::Ordering::Relaxed)
}

/// The syntax tree of `text`, or the diagnostic that says why there is none. Neither should
/// happen in a build whose tests pass; `grammar` names the family for the report ("the nonogram
/// grammar").
pub(crate) fn syntax_tree(
    language: &tree_sitter::Language,
    text: &str,
    grammar: &str,
) -> Result<tree_sitter::Tree, Diagnostic> {
    SYNTAX_TREES_BUILT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
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

#[cfg(test)]
mod tests {
    use super::text_of;

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

    /// A file saved as UTF-16 is told apart, in either byte order, at its first character.
    #[test]
    fn a_utf16_file_is_said_to_be_utf16_and_to_be_saved_as_utf8() {
        let little: Vec<u8> = [0xff, 0xfe]
            .into_iter()
            .chain("rows\n".encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        let big: Vec<u8> = [0xfe, 0xff]
            .into_iter()
            .chain("rows\n".encode_utf16().flat_map(u16::to_be_bytes))
            .collect();
        for (bytes, order) in [(little, "little-endian"), (big, "big-endian")] {
            let err = text_of(&bytes, 1 << 20, "a nonogram file").expect_err("UTF-16");
            assert_eq!(err.code, "invalid-utf8");
            assert_eq!((err.span.line, err.span.column), (1, 1));
            assert!(
                err.message
                    .starts_with(&format!("the file is UTF-16 text ({order}")),
                "{}",
                err.message
            );
            assert!(
                err.message
                    .ends_with("a nonogram file is read as UTF-8: save it as UTF-8"),
                "{}",
                err.message
            );
        }
    }

    /// A byte-order mark leaves every family's highlights as they are without it, three bytes
    /// on (tree-sitter skips the mark; the line readers do since they take it for a blank).
    #[test]
    fn a_byte_order_mark_leaves_the_first_lines_highlights_as_they_are() {
        let shifted = |spans: Vec<crate::highlight::Span>| -> Vec<(std::ops::Range<usize>, &str)> {
            spans
                .into_iter()
                .map(|s| (s.range.start + 3..s.range.end + 3, s.capture))
                .collect()
        };
        let check = |plain: &str, lines: &dyn Fn(&str) -> Vec<Vec<crate::highlight::Span>>| {
            let marked = format!("\u{feff}{plain}");
            let (a, b) = (lines(plain), lines(&marked));
            let b0: Vec<_> = b[0].iter().map(|s| (s.range.clone(), s.capture)).collect();
            assert_eq!(shifted(a[0].clone()), b0, "{plain}");
            assert_eq!(a[1..], b[1..]);
        };
        check(
            include_str!("../../templates/quadrillion/default.quad"),
            &|t| crate::quadrillion::highlight::lines(t, &crate::quadrillion::parse(t)),
        );
        check(
            include_str!("../../templates/sliding/seed-example.slide"),
            &|t| crate::sliding::highlight::lines(t, &crate::sliding::parse(t)),
        );
        check(include_str!("../../templates/nonogram/dancer.non"), &|t| {
            crate::nonogram::highlight::lines(t, &crate::nonogram::parse(t))
        });
        check(
            include_str!("../../templates/hexlock/starter/pivot-gate.lock"),
            &|t| crate::hexlock::highlight::lines(t, &crate::hexlock::parse(t)),
        );
    }
}
