//! The strings of nonogram files: HTML character references read (`&copy;`, `&#233;`,
//! `&#xE9;`) and written back only where they are needed.

use super::entities;

/// A reference that could not be read: where it starts (in characters from the start of the
/// string as written), how long it is, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BadReference {
    pub(crate) column: usize,
    pub(crate) len: usize,
    pub(crate) message: String,
}

/// The longest name or number a reference is looked for in, so that a stray `&` costs little.
const MAX_REFERENCE: usize = 32;

/// What follows an `&`, when it has the shape of a reference: the text between `&` and `;`.
fn reference_body(after: &str) -> Option<&str> {
    let end = after
        .char_indices()
        .take(MAX_REFERENCE + 1)
        .find(|&(_, c)| c == ';')?
        .0;
    let body = &after[..end];
    let shaped = match body.strip_prefix('#') {
        Some(num) => match num.strip_prefix(['x', 'X']) {
            Some(hex) => !hex.is_empty() && hex.chars().all(|c| c.is_ascii_hexdigit()),
            None => !num.is_empty() && num.chars().all(|c| c.is_ascii_digit()),
        },
        None => {
            body.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
                && body.chars().all(|c| c.is_ascii_alphanumeric())
        }
    };
    shaped.then_some(body)
}

/// The character a reference's body stands for, or why it stands for none.
fn resolve(body: &str) -> Result<char, String> {
    let numeric = |digits: &str, radix: u32| {
        u32::from_str_radix(digits, radix)
            .ok()
            .filter(|&n| n != 0)
            .and_then(char::from_u32)
            .ok_or_else(|| format!("`&{body};` names no character"))
    };
    match body.strip_prefix('#') {
        Some(num) => match num.strip_prefix(['x', 'X']) {
            Some(hex) => numeric(hex, 16),
            None => numeric(num, 10),
        },
        None => entities::lookup(body).ok_or_else(|| {
            format!("unknown character reference `&{body};`: it is kept as written")
        }),
    }
}

/// A string as written, with its references read. An `&` that does not start a reference
/// (`AT&T`) is itself; a reference that names no character is kept as written and reported.
pub(crate) fn decode(raw: &str) -> (String, Vec<BadReference>) {
    if !raw.contains('&') {
        return (raw.to_string(), Vec::new());
    }
    let mut out = String::with_capacity(raw.len());
    let mut bad = Vec::new();
    let mut rest = raw;
    let mut column = 0;
    while let Some(at) = rest.find('&') {
        let before = &rest[..at];
        out.push_str(before);
        column += before.chars().count();
        let after = &rest[at + 1..];
        match reference_body(after) {
            Some(body) => {
                let len = body.len() + 2;
                match resolve(body) {
                    Ok(c) => out.push(c),
                    Err(message) => {
                        out.push_str(&rest[at..at + len]);
                        bad.push(BadReference {
                            column,
                            len,
                            message,
                        });
                    }
                }
                // A reference's body is ASCII, so its length in bytes is in characters.
                column += len;
                rest = &rest[at + len..];
            }
            None => {
                out.push('&');
                column += 1;
                rest = after;
            }
        }
    }
    out.push_str(rest);
    (out, bad)
}

/// A string written so that [`decode`] gives it back: in quotes, with `"` as `&quot;`, an `&`
/// that would start a reference as `&amp;`, and line breaks and other control characters as
/// numeric references. Everything else, non-ASCII letters too, is written as itself (files are
/// UTF-8).
pub(crate) fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for (i, c) in text.char_indices() {
        match c {
            '"' => out.push_str("&quot;"),
            '&' if reference_body(&text[i + 1..]).is_some() => out.push_str("&amp;"),
            '\t' => out.push('\t'),
            c if c.is_control() => out.push_str(&format!("&#{};", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Whether a licence can be written bare, as an SPDX code is (`CC-BY-3.0`).
pub(crate) fn is_spdx_like(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphanumeric())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '+'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_are_read_and_a_bare_ampersand_is_itself() {
        let (s, bad) = decode("&copy; 2004 &amp; &#233;t&#xE9; AT&T &c");
        assert_eq!(s, "© 2004 & été AT&T &c");
        assert!(bad.is_empty());
    }

    #[test]
    fn an_unknown_reference_is_kept_and_reported_at_its_column() {
        let (s, bad) = decode("é &bogus; &#0;");
        assert_eq!(s, "é &bogus; &#0;");
        assert_eq!(bad.len(), 2);
        assert_eq!((bad[0].column, bad[0].len), (2, 7));
        assert_eq!(bad[1].column, 10);
    }

    #[test]
    fn quoting_gives_back_the_same_string() {
        for s in [
            "plain",
            "say \"hi\"",
            "&amp; is written &amp;amp;",
            "AT&T",
            "two\nlines\r",
            "© é",
            "&#10;",
            "",
        ] {
            let q = quote(s);
            let inner = &q[1..q.len() - 1];
            assert!(!inner.contains(['"', '\n']), "{q}");
            assert_eq!(decode(inner).0, s, "{q}");
        }
        assert_eq!(quote("AT&T"), "\"AT&T\"");
    }
}
