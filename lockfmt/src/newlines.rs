//! Line breaks as a file has them. The canonical printers break lines with `\n`; a file whose
//! lines end in `\r\n` (as many Windows editors write them) keeps its `\r\n` when it is
//! formatted or edited on a canvas, so that the change touches only the lines that changed.

use std::borrow::Cow;

/// Whether `text` breaks its lines with `\r\n`: its first line break decides.
pub fn is_crlf(text: &str) -> bool {
    text.find('\n')
        .is_some_and(|i| i > 0 && text.as_bytes()[i - 1] == b'\r')
}

/// `printed` with the line breaks of `original`: every line break `\r\n` when the original's
/// are, else `printed` as it is.
pub fn like<'a>(printed: &'a str, original: &str) -> Cow<'a, str> {
    if is_crlf(original) {
        Cow::Owned(printed.replace("\r\n", "\n").replace('\n', "\r\n"))
    } else {
        Cow::Borrowed(printed)
    }
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
}
