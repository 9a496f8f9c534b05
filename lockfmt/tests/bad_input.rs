//! Bad input never panics: each kind gets a clear diagnostic at its place.

use lockfmt::Diagnostic;
use lockfmt::hexlock::{parse, parse_bytes};
use proptest::prelude::*;

const GOOD: &str = "\
lockwright-lock 1
name: Good
author: ABC
size: 3

grid:
   . . : :
  . . A A :
 . . . ~ . .
. . . B . . .
 . . . . . .
  . @ - . .
   % . . .

spring A r2c4 -> B r4c4 natural 2
hook arm E
wrench momentum none
";

fn errors(text: &str) -> Vec<Diagnostic> {
    parse(text)
        .diagnostics
        .into_iter()
        .filter(Diagnostic::is_error)
        .collect()
}

fn one_error(text: &str) -> Diagnostic {
    let e = errors(text);
    assert_eq!(e.len(), 1, "expected one error, got {e:#?}");
    e.into_iter().next().expect("one")
}

#[test]
fn the_good_lock_is_valid() {
    assert_eq!(errors(GOOD), vec![]);
}

#[test]
fn random_bytes_give_diagnostics_not_panics() {
    let mut x: u64 = 0x1234_5678;
    for len in [0usize, 1, 7, 100, 4096] {
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x as u8
            })
            .collect();
        let parsed = parse_bytes(&bytes);
        assert!(parsed.has_errors(), "{len} random bytes are not a lock");
    }
}

#[test]
fn invalid_utf8_is_reported_at_its_line_and_column() {
    let mut bytes = b"lockwright-lock 1\nname: caf".to_vec();
    bytes.push(0xff);
    let d = parse_bytes(&bytes).diagnostics;
    assert_eq!(d.len(), 1);
    assert_eq!((d[0].span.line, d[0].span.column), (2, 10));
    assert!(d[0].message.contains("not UTF-8"), "{}", d[0].message);
}

#[test]
fn a_fifty_megabyte_file_is_refused_quickly() {
    let big = vec![b'.'; 50 * 1024 * 1024];
    let parsed = parse_bytes(&big);
    // Refused by its size before any reading: no syntax tree was built, no document read.
    assert!(parsed.tree.is_none() && parsed.document.is_none());
    let d = parsed.diagnostics;
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].code, "file-too-large");
    assert!(d[0].message.contains("at most"), "{}", d[0].message);
}

#[test]
fn a_grid_row_of_the_wrong_width_is_named_with_its_row() {
    let text = GOOD.replace("  . . A A :\n", "  . . A A : .\n");
    let d = one_error(&text);
    assert_eq!(d.code, "grid-row-width");
    assert_eq!(d.span.line, 8);
    assert!(
        d.message.contains("row 2 of the grid has 6 cells"),
        "{}",
        d.message
    );
}

#[test]
fn a_grid_with_too_few_rows_is_named() {
    let text = GOOD.replace("   % . . .\n", "");
    let e = errors(&text);
    assert!(
        e.iter()
            .any(|d| d.code == "grid-rows" && d.message.contains("has 6 rows")),
        "{e:#?}"
    );
}

#[test]
fn an_unknown_glyph_is_named_at_its_cell() {
    let text = GOOD.replace(" . . . ~ . .", " . $ . ~ . .");
    let d = one_error(&text);
    assert_eq!(d.code, "unknown-glyph");
    assert_eq!((d.span.line, d.span.column), (9, 4));
    assert!(d.message.contains("unknown glyph `$`"), "{}", d.message);
}

#[test]
fn unterminated_sections_are_reported() {
    // A grid header with no rows at the end of the file.
    let e = errors("lockwright-lock 1\nsize: 3\ngrid:");
    assert!(!e.is_empty());
    // A spring line cut short.
    let text = GOOD.replace("spring A r2c4 -> B r4c4 natural 2", "spring A r2c4 -> B");
    let e = errors(&text);
    assert!(e.iter().any(|d| d.span.line == 15), "{e:#?}");
    // A file cut off in the middle of the grid.
    let cut = &GOOD[..GOOD.find(". . . B").expect("row")];
    let e = errors(cut);
    assert!(e.iter().any(|d| d.code == "grid-rows"), "{e:#?}");
}

#[test]
fn duplicate_piece_names_are_reported() {
    // The same pivot described twice.
    let text = GOOD.replace("hook arm E", "pivot 1 arms\npivot 1 arms E\nhook arm E");
    let e = errors(&text);
    assert!(e.iter().any(|d| d.code == "duplicate-name" && d.message.contains("pivot 1 is described twice")), "{e:#?}");
    // The same letter in two places: a block in two pieces.
    let text = GOOD.replace("  . @ - . .", "  . @ - . A");
    let e = errors(&text);
    assert!(e.iter().any(|d| d.code == "disconnected-piece"), "{e:#?}");
    // Two pivots with one digit.
    let text = GOOD.replace(" . . . . . .\n  . @", " 3 . . . 3 .\n  . @");
    let e = errors(&text);
    assert!(
        e.iter()
            .any(|d| d.code == "duplicate-name" && d.message.contains("two pivots are named 3")),
        "{e:#?}"
    );
}

#[test]
fn unknown_statements_and_fields_are_named() {
    let text = GOOD.replace("hook arm E", "sprung A r1c1\nhook arm E");
    let d = one_error(&text);
    assert_eq!(d.code, "unknown-statement");
    assert!(d.message.contains("`sprung`"), "{}", d.message);
    let text = GOOD.replace("name: Good", "nmae: Good");
    let d = one_error(&text);
    assert_eq!(d.code, "unknown-field");
    assert!(d.message.contains("did you mean `name:`"), "{}", d.message);
}

/// A statement whose numbers do not read (no number has a sign) failed as a whole, and was
/// reported as "unexpected `spring`: a line is … a spring … line", naming the one word that
/// was right. It says which line does not read and how that line reads.
#[test]
fn a_statement_that_does_not_read_says_how_it_reads() {
    for (from, to, says) in [
        (
            "natural 2",
            "natural -2",
            "this spring line does not read: a spring reads `spring ROOT rRcC -> END rRcC natural N`",
        ),
        (
            "A r2c4",
            "A r-2c4",
            "this spring line does not read: a spring reads `spring ROOT rRcC -> END rRcC natural N`",
        ),
    ] {
        let d = one_error(&GOOD.replace(from, to));
        assert_eq!(
            (d.code.as_str(), d.span.line),
            ("syntax", 15),
            "{to}: {d:?}"
        );
        assert_eq!(d.message, says, "{to}");
    }
}

#[test]
fn several_problems_are_reported_at_once() {
    let text = GOOD
        .replace("size: 3", "size: 3\nsize: 4")
        .replace(" . . . ~ . .", " . $ . ~ . .")
        .replace("natural 2", "natural 0");
    let e = errors(&text);
    assert!(e.len() >= 3, "{e:#?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>()) {
        let _ = parse(&text);
    }

    #[test]
    fn lock_like_noise_never_panics(text in "[ \t\u{2000}.:~oA-Za-z0-9@%/\\\\#\\n-]{0,400}") {
        let _ = parse(&text);
    }

    #[test]
    fn mutated_good_locks_never_panic(pos in 0usize..400, byte in any::<u8>()) {
        let mut bytes = GOOD.as_bytes().to_vec();
        let at = pos % bytes.len();
        bytes[at] = byte;
        let _ = parse_bytes(&bytes);
    }
}
