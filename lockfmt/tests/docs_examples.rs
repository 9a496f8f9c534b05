//! The worked examples in docs/lock-format.md parse without errors and are in canonical form.

#[test]
fn every_lock_example_in_the_format_doc_parses_and_is_canonical() {
    let doc = include_str!("../../docs/lock-format.md");
    let mut examples = Vec::new();
    let mut current: Option<String> = None;
    for line in doc.lines() {
        match (&mut current, line) {
            (None, "```lock") => current = Some(String::new()),
            (Some(text), "```") => {
                examples.push(std::mem::take(text));
                current = None;
            }
            (Some(text), l) => {
                text.push_str(l);
                text.push('\n');
            }
            (None, _) => {}
        }
    }
    assert!(
        examples.len() >= 3,
        "the doc has three worked examples, found {}",
        examples.len()
    );
    for (i, text) in examples.iter().enumerate() {
        let formatted =
            lockfmt::hexlock::format(text).unwrap_or_else(|d| panic!("example {}: {d:#?}", i + 1));
        assert_eq!(&formatted, text, "example {} is not canonical", i + 1);
    }
}
