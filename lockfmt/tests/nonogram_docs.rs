//! The examples in docs/nonogram-format.md: each `non` block reads without errors and is in
//! canonical form, and each `non-input` block formats to the `non` block after it.

#[test]
fn every_nonogram_example_in_the_format_doc_parses_and_formats_as_shown() {
    let doc = include_str!("../../docs/nonogram-format.md");
    let mut blocks: Vec<(&str, String)> = Vec::new();
    let mut current: Option<(&str, String)> = None;
    for line in doc.lines() {
        match (&mut current, line) {
            (None, "```non") => current = Some(("non", String::new())),
            (None, "```non-input") => current = Some(("non-input", String::new())),
            (Some(_), "```") => blocks.extend(current.take()),
            (Some((_, text)), l) => {
                text.push_str(l);
                text.push('\n');
            }
            (None, _) => {}
        }
    }
    let canonical = blocks.iter().filter(|b| b.0 == "non").count();
    assert!(
        canonical >= 4,
        "the doc has four `non` examples, found {canonical}"
    );
    for (i, (kind, text)) in blocks.iter().enumerate() {
        let parsed = lockfmt::nonogram::parse(text);
        assert!(
            !parsed.has_errors(),
            "example {}: {:#?}\n{text}",
            i + 1,
            parsed.diagnostics
        );
        let formatted = lockfmt::nonogram::format(text).expect("formats");
        match *kind {
            "non" => assert_eq!(&formatted, text, "example {} is not canonical", i + 1),
            _ => {
                let next = blocks.get(i + 1).filter(|b| b.0 == "non");
                let (_, want) = next.unwrap_or_else(|| panic!("example {} has no result", i + 1));
                assert_eq!(
                    &formatted,
                    want,
                    "example {} does not format as shown",
                    i + 1
                );
            }
        }
    }
}
