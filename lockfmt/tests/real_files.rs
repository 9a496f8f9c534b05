//! Files as they come from other tools and systems read as the canonical ones do: without a
//! final newline, with `\r\n` line ends, with a UTF-8 byte-order mark; every family, and the
//! solution files. Places stay where they are (a byte-order mark is the first character of line
//! 1, as every reader counts it), printing stays canonical (`\n`, no mark), and the limits that
//! remain are refused in whole sentences that name them.

use lockfmt::{Diagnostic, Format};

const LOCK: &str = include_str!("../../templates/hexlock/starter/pivot-gate.lock");
const NON: &str = include_str!("../../templates/nonogram/dancer.non");
const QUAD: &str = include_str!("../../templates/quadrillion/default.quad");
const SLIDE: &str = include_str!("../../templates/sliding/seed-example.slide");
const LOCK_SOLUTION: &str = include_str!("../../templates/hexlock/starter/pivot-gate.solution");
const SLIDE_SOLUTION: &str = include_str!("../../templates/sliding/seed-example.solution");

fn without_final_newline(text: &str) -> String {
    text.trim_end_matches('\n').to_string()
}

fn crlf(text: &str) -> String {
    text.replace('\n', "\r\n")
}

fn marked(text: &str) -> String {
    format!("\u{feff}{text}")
}

/// Where and what each diagnostic says.
fn places(diagnostics: &[Diagnostic]) -> Vec<(usize, usize, usize, usize, String)> {
    diagnostics
        .iter()
        .map(|d| {
            let s = d.span;
            (
                s.line,
                s.column,
                s.end_line,
                s.end_column,
                d.message.clone(),
            )
        })
        .collect()
}

/// A valid file reads, without errors, to the canonical text of the file as written.
fn reads_as_canonical<F: Format>(variant: &str, canonical_source: &str) {
    let canonical = F::format(canonical_source).expect("the template reads");
    let parsed = F::parse(variant);
    assert!(
        !parsed.has_errors(),
        "{variant:?}: {:#?}",
        parsed.diagnostics
    );
    let printed = F::print(parsed.document.as_ref().expect("a document"));
    assert_eq!(printed, canonical, "printing is canonical: \\n, no mark");
    assert_eq!(
        F::format(&canonical).as_deref(),
        Ok(canonical.as_str()),
        "round trip"
    );
}

/// The same errors at the same places (line 1 one column on with a mark).
fn same_places<F: Format>(broken: &str) {
    let plain = places(&F::parse(broken).diagnostics);
    assert!(!plain.is_empty(), "the broken file has errors");
    for variant in [
        without_final_newline(broken),
        crlf(broken),
        crlf(&without_final_newline(broken)),
    ] {
        assert_eq!(
            places(&F::parse(&variant).diagnostics),
            plain,
            "{variant:?}"
        );
    }
    let shifted: Vec<_> = plain
        .iter()
        .cloned()
        .map(|(l, c, el, ec, m)| (l, c + usize::from(l == 1), el, ec + usize::from(el == 1), m))
        .collect();
    assert_eq!(places(&F::parse(&marked(broken)).diagnostics), shifted);
}

fn every_convention<F: Format>(template: &str) {
    reads_as_canonical::<F>(&without_final_newline(template), template);
    reads_as_canonical::<F>(&crlf(template), template);
    reads_as_canonical::<F>(&crlf(&without_final_newline(template)), template);
    reads_as_canonical::<F>(&marked(template), template);
    reads_as_canonical::<F>(&marked(&crlf(&without_final_newline(template))), template);
}

#[test]
fn a_hex_lock_reads_without_a_final_newline_with_crlf_and_with_a_byte_order_mark() {
    every_convention::<lockfmt::hexlock::HexLock>(LOCK);
}

#[test]
fn a_nonogram_reads_without_a_final_newline_with_crlf_and_with_a_byte_order_mark() {
    every_convention::<lockfmt::nonogram::Nonogram>(NON);
}

#[test]
fn a_quadrillion_board_reads_without_a_final_newline_with_crlf_and_with_a_byte_order_mark() {
    every_convention::<lockfmt::quadrillion::Quadrillion>(QUAD);
}

#[test]
fn a_sliding_lock_reads_without_a_final_newline_with_crlf_and_with_a_byte_order_mark() {
    every_convention::<lockfmt::sliding::Sliding>(SLIDE);
}

/// webpbn #35105 "Wild Tattoo" as nonogram-db publishes it ends without a newline after its
/// goal; its shape here (the clues are shortened, the last line is a goal with no newline).
#[test]
fn a_nonogram_whose_goal_ends_the_file_without_a_newline_reads() {
    let text = "catalogue \"webpbn.com #35105\"\ntitle \"Wild Tattoo\"\nwidth 2\nheight 2\n\nrows\n2\n1\n\ncolumns\n2\n1\n\ngoal \"1110\"";
    let parsed = lockfmt::nonogram::parse(text);
    assert!(!parsed.has_errors(), "{:#?}", parsed.diagnostics);
    let puzzle = parsed.valid_puzzle().expect("a puzzle");
    assert_eq!((puzzle.width, puzzle.height), (2, 2));
    assert!(
        parsed
            .document
            .as_ref()
            .is_some_and(|d| d.puzzle.goal.is_some())
    );
}

#[test]
fn a_hex_lock_with_errors_places_them_alike_whatever_its_line_ends() {
    same_places::<lockfmt::hexlock::HexLock>(&format!(
        "name: first\n{LOCK}spring A r99c1 -> B r1c1 natural 2\n"
    ));
}

#[test]
fn a_nonogram_with_errors_places_them_alike_whatever_its_line_ends() {
    same_places::<lockfmt::nonogram::Nonogram>(&format!("width x\n{NON}goal \"12\"\n"));
}

#[test]
fn a_quadrillion_board_with_errors_places_them_alike_whatever_its_line_ends() {
    same_places::<lockfmt::quadrillion::Quadrillion>(&format!("grid 9\n{QUAD}shape Q turn 1\n"));
}

#[test]
fn a_sliding_lock_with_errors_places_them_alike_whatever_its_line_ends() {
    same_places::<lockfmt::sliding::Sliding>(&format!("axis Z9: a\n{SLIDE}axis Q1: b\n"));
}

#[test]
fn solution_files_read_without_a_final_newline_with_crlf_and_with_a_byte_order_mark() {
    let hex = lockfmt::hexlock::parse_solution(LOCK_SOLUTION).expect("reads");
    let sliding = lockfmt::sliding::solution::parse_solution(SLIDE_SOLUTION).expect("reads");
    let variants = |t: &str| {
        [
            without_final_newline(t),
            crlf(t),
            crlf(&without_final_newline(t)),
            marked(t),
            marked(&crlf(&without_final_newline(t))),
        ]
    };
    for t in variants(LOCK_SOLUTION) {
        assert_eq!(
            lockfmt::hexlock::parse_solution(&t).as_ref(),
            Ok(&hex),
            "{t:?}"
        );
    }
    for t in variants(SLIDE_SOLUTION) {
        assert_eq!(
            lockfmt::sliding::solution::parse_solution(&t).as_ref(),
            Ok(&sliding),
            "{t:?}"
        );
    }
    assert_eq!(lockfmt::hexlock::print_solution(&hex), LOCK_SOLUTION);
}

/// A message that names its limit is a sentence: it does not stop on "cannot be", it names the
/// number.
fn names_the_limit(d: &Diagnostic, limit: &str) {
    assert!(d.message.contains(limit), "{limit} in {:?}", d.message);
    assert!(
        !d.message.trim_end().ends_with("cannot be"),
        "{:?}",
        d.message
    );
}

fn first_error<F: Format>(text: &str, code: &str) -> Diagnostic {
    let parsed = F::parse(text);
    parsed
        .diagnostics
        .into_iter()
        .find(|d| d.code == code)
        .unwrap_or_else(|| panic!("a `{code}` error in {text:.80?}"))
}

#[test]
fn every_family_refuses_a_file_over_its_size_limit_naming_the_limit() {
    for (format, limit) in [
        (lockfmt::format::of_kind("lock"), "1048576 bytes (1 MiB)"),
        (
            lockfmt::format::of_kind("nonogram"),
            "4194304 bytes (4 MiB)",
        ),
        (
            lockfmt::format::of_kind("quadrillion"),
            "65536 bytes (64 KiB)",
        ),
        (lockfmt::format::of_kind("sliding"), "65536 bytes (64 KiB)"),
    ] {
        let format = format.expect("a format");
        let checked = format.check(&vec![b'#'; 5 << 20]);
        let d = &checked.diagnostics[0];
        assert_eq!(d.code, "file-too-large");
        names_the_limit(d, &format!("is at most {limit}"));
    }
}

#[test]
fn a_nonogram_past_the_longest_line_is_refused_naming_the_limit() {
    type N = lockfmt::nonogram::Nonogram;
    let d = first_error::<N>("width 5000\nheight 1\nrows\n1\ncolumns\n1\n", "too-large");
    assert_eq!(
        d.message,
        "a width of at most 4096 cells is read; this one is 5000"
    );
    let d = first_error::<N>(
        "width 1\nheight 99999999999999999999999\nrows\n1\ncolumns\n1\n",
        "too-large",
    );
    assert_eq!(
        d.message,
        "a height of at most 4096 cells is read; this one is 99999999999999999999999"
    );
    let d = first_error::<N>(
        "width 1\nheight 1\nrows\n99999999999\ncolumns\n1\n",
        "too-large",
    );
    assert_eq!(
        d.message,
        "a run of at most 4096 cells is read; this one is 99999999999"
    );
    assert_eq!((d.span.line, d.span.column), (4, 1));
}

#[test]
fn a_nonogram_of_the_longest_lines_reads() {
    // A 4096×4096 triangle: row y fills its first y + 1 cells.
    let n = engine::nonogram::MAX_LINE;
    assert_eq!(n, 4096);
    let rows: String = (1..=n).map(|k| format!("{k}\n")).collect();
    let columns: String = (1..=n).rev().map(|k| format!("{k}\n")).collect();
    let text = format!("width {n}\nheight {n}\nrows\n{rows}columns\n{columns}");
    let parsed = lockfmt::nonogram::parse(&text);
    assert!(!parsed.has_errors(), "{:#?}", parsed.diagnostics);
    let puzzle = parsed.valid_puzzle().expect("a puzzle");
    assert_eq!((puzzle.width, puzzle.height), (n, n));
}

#[test]
fn a_hex_lock_spring_too_long_to_read_is_refused_naming_the_limit() {
    let text = format!("{LOCK}spring A r1c1 -> B r1c2 natural 99999999999\n");
    let d = first_error::<lockfmt::hexlock::HexLock>(&text, "spring-too-long");
    assert_eq!(
        d.message,
        "a spring's natural length is at most 22 (in a lock of size 11, the largest); this one is 99999999999"
    );
}

#[test]
fn a_sliding_lock_past_its_largest_board_is_refused_naming_the_limit() {
    let side = engine::sliding::MAX_SIDE as usize;
    let row = ". ".repeat(side + 1);
    let text: String = (1..=2).map(|r| format!("{r} {row}\n")).collect();
    let parsed = lockfmt::sliding::parse(&text);
    let d = parsed
        .diagnostics
        .iter()
        .find(|d| d.message.contains("wide"))
        .unwrap_or_else(|| panic!("{:#?}", parsed.diagnostics));
    names_the_limit(d, &format!("a board is at most {side}×{side}"));
}
