//! A file's own conventions of bytes around its lines. The canonical printers break lines with
//! `\n` and begin with the first line; a file whose lines end in `\r\n` (as many Windows editors
//! write them), or that begins with a byte-order mark (as Windows Notepad once did), keeps them
//! when it is formatted or edited on a canvas, so that the change touches only the lines that
//! changed.

use std::borrow::Cow;

const MARK: char = '\u{feff}';

/// Whether `text` breaks its lines with `\r\n`: its first line break decides.
pub fn is_crlf(text: &str) -> bool {
    text.find('\n')
        .is_some_and(|i| i > 0 && text.as_bytes()[i - 1] == b'\r')
}

/// `printed` with the line breaks and the byte-order mark of `original`: every line break
/// `\r\n` when the original's are, and the mark first when the original begins with one; else
/// `printed` as it is (never a `\r\n` taken back to `\n`).
pub fn like<'a>(printed: &'a str, original: &str) -> Cow<'a, str> {
    let crlf = is_crlf(original);
    let mark = original.starts_with(MARK) && !printed.starts_with(MARK);
    if !crlf && !mark {
        return Cow::Borrowed(printed);
    }
    let mut out = String::with_capacity(printed.len() + printed.len() / 16 + 3);
    if mark {
        out.push(MARK);
    }
    if crlf {
        out.push_str(&printed.replace("\r\n", "\n").replace('\n', "\r\n"));
    } else {
        out.push_str(printed);
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::{is_crlf, like};

    #[test]
    fn the_first_line_break_decides() {
        assert!(is_crlf("a\r\nb\n"));
        assert!(!is_crlf("a\nb\r\n"));
        assert!(!is_crlf("no break"));
        assert!(!is_crlf("\nstarts with one"));
    }

    #[test]
    fn printed_text_takes_the_originals_line_breaks_and_never_doubles_a_return() {
        assert_eq!(like("a\nb\n", "x\r\ny\r\n"), "a\r\nb\r\n");
        assert_eq!(like("a\r\nb\n", "x\r\n"), "a\r\nb\r\n");
        assert_eq!(like("a\nb\n", "x\ny\n"), "a\nb\n");
        assert_eq!(like("a\r\nb\r\n", "x\ny\n"), "a\r\nb\r\n", "never to \\n");
    }

    #[test]
    fn printed_text_keeps_the_originals_byte_order_mark_once() {
        assert_eq!(like("a\n", "\u{feff}x\n"), "\u{feff}a\n");
        assert_eq!(like("\u{feff}a\n", "\u{feff}x\n"), "\u{feff}a\n");
        assert_eq!(like("a\n", "\u{feff}x\r\n"), "\u{feff}a\r\n");
        assert_eq!(like("a\n", "x\n"), "a\n");
    }
}
