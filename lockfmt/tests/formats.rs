//! The families' one contract, held for every format [`FORMATS`] lists: what one family's
//! format does here, every family's does, and a new family's is tested by being listed.

use lockfmt::{FORMATS, Format, Severity, Text};
use std::path::{Path, PathBuf};

/// The committed parser must come from the committed grammar: `grammars/generate.sh FAMILY`
/// records the grammar's digest when it regenerates the parser.
#[test]
fn every_formats_generated_parser_comes_from_its_grammar() {
    for format in FORMATS {
        let (grammar, recorded) = format.grammar();
        let digest = grammar.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        });
        assert_eq!(
            recorded.trim(),
            format!("{digest:016x}"),
            "the {} grammar.js changed since its src/parser.c was generated: run \
             lockfmt/grammars/generate.sh",
            format.kind()
        );
    }
}

/// Highlighting is on the typed [`Format`] only (see [`Text`]), so every family is named here;
/// a family added to [`FORMATS`] and not here fails the comparison of kinds.
#[test]
fn every_capture_of_every_formats_highlights_query_is_a_known_one() {
    fn captures_known<F: Format>() -> (&'static str, bool) {
        (F::KIND, F::highlights().all_captures_known())
    }
    let checked = [
        captures_known::<lockfmt::hexlock::HexLock>(),
        captures_known::<lockfmt::nonogram::Nonogram>(),
        captures_known::<lockfmt::quadrillion::Quadrillion>(),
        captures_known::<lockfmt::sliding::Sliding>(),
    ];
    let kinds: Vec<&str> = FORMATS.iter().map(|f| f.kind()).collect();
    assert_eq!(checked.map(|(kind, _)| kind), kinds.as_slice());
    for (kind, known) in checked {
        assert!(
            known,
            "a capture of the {kind} query is missing from CAPTURES"
        );
    }
}

#[test]
fn kinds_and_extensions_are_the_products_and_each_names_one_format() {
    let kinds: Vec<&str> = FORMATS.iter().map(|f| f.kind()).collect();
    assert_eq!(kinds, ["lock", "nonogram", "quadrillion", "sliding"]);
    let extensions: Vec<&str> = FORMATS.iter().map(|f| f.extension()).collect();
    assert_eq!(extensions, ["lock", "non", "quad", "slide"]);
    for format in FORMATS {
        let by_kind = lockfmt::format::of_kind(format.kind()).expect("its kind");
        assert_eq!(by_kind.extension(), format.extension());
        let by_extension =
            lockfmt::format::of_extension(&format.extension().to_uppercase()).expect("its ext");
        assert_eq!(by_extension.kind(), format.kind());
        assert!(format.a_file().starts_with("a "), "{}", format.a_file());
    }
    assert!(lockfmt::format::of_kind("hexlock").is_none());
    assert_eq!(
        lockfmt::format::extensions_listed(),
        ".lock, .non, .quad and .slide"
    );
}

/// Every template the product ships, in every family: it reads without errors, its canonical
/// form reads back to the same canonical form, and it compares to itself with no change.
#[test]
fn every_shipped_template_reads_prints_canonically_and_has_no_change_from_itself() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../templates");
    let mut checked = [0usize; 4];
    for (i, format) in FORMATS.iter().enumerate() {
        for path in files_with(&root, format.extension()) {
            let bytes = std::fs::read(&path).expect("a template reads");
            let first = format.check(&bytes);
            let errors: Vec<_> = first
                .diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Error)
                .collect();
            assert!(errors.is_empty(), "{}: {errors:?}", path.display());
            let canonical = first.canonical.expect("a valid file prints");
            let again = format.check(canonical.as_bytes());
            assert_eq!(
                again.canonical.as_deref(),
                Some(canonical.as_str()),
                "{}: printing is not canonical",
                path.display()
            );
            let changes = format
                .changes(&bytes, canonical.as_bytes())
                .expect("both versions read");
            assert!(
                changes.said.is_empty() && changes.json.is_empty(),
                "{}: its canonical form changed it: {:?}",
                path.display(),
                changes.said
            );
            checked[i] += 1;
        }
    }
    assert!(
        checked.iter().all(|&n| n >= 3),
        "too few templates a family: {checked:?}"
    );
}

/// Bad bytes are one diagnostic at their place in every format, never a panic, and never a
/// canonical form that would overwrite the file.
#[test]
fn bytes_that_are_not_text_are_refused_at_their_place_by_every_format() {
    let bytes = b"title \"a\xffb\"\n";
    for format in FORMATS {
        let checked = format.check(bytes);
        assert!(checked.canonical.is_none(), "{}", format.kind());
        let first = checked.diagnostics.first().expect("a diagnostic");
        assert_eq!(first.severity, Severity::Error, "{}", format.kind());
        assert_eq!(first.span.line, 1, "{}: {first:?}", format.kind());
        assert!(
            format.changes(bytes, bytes).is_err(),
            "{}: an unreadable text has no changes to name",
            format.kind()
        );
    }
}

/// Two versions that differ are said to differ in every family's words.
#[test]
fn a_change_is_named_by_every_format() {
    let sliding = include_str!("../../templates/sliding/seed-example.slide");
    let retitled = sliding.replacen("title \"", "title \"Another ", 1);
    assert_ne!(retitled, sliding, "the example has a title");
    let pairs: [(&dyn Text, &str, &str); 4] = [
        (
            FORMATS[0],
            include_str!("../../templates/hexlock/empty/size-3.lock"),
            include_str!("../../templates/hexlock/empty/size-4.lock"),
        ),
        (
            FORMATS[1],
            "width 1\nheight 1\nrows\n1\ncolumns\n1\n",
            "width 1\nheight 1\nrows\n0\ncolumns\n0\n",
        ),
        (
            FORMATS[2],
            include_str!("../../templates/quadrillion/challenge-49.quad"),
            include_str!("../../templates/quadrillion/challenge-50.quad"),
        ),
        (FORMATS[3], sliding, &retitled),
    ];
    for (format, old, new) in pairs {
        let said = format.changes(old.as_bytes(), new.as_bytes());
        let said = said.map(|c| c.said);
        assert!(
            said.as_ref().is_ok_and(|s| !s.is_empty()),
            "{}: {said:?}",
            format.kind()
        );
    }
}

fn files_with(root: &Path, extension: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == extension) {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}
