//! The canonical printer and the parser agree: `parse(print(lock)) == lock` for every valid lock,
//! and `print(parse(text))` is stable.

mod common;

use proptest::prelude::*;

fn reparse(text: &str) -> engine::hexlock::Lock {
    let parsed = lockfmt::hexlock::parse(text);
    assert!(!parsed.has_errors(), "{:#?}\n{text}", parsed.diagnostics);
    parsed.document.expect("a document").lock
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn parse_of_print_is_the_same_lock(seed in any::<u64>()) {
        let lock = common::random_lock(seed);
        prop_assert_eq!(lock.validate(), vec![]);
        let text = lockfmt::hexlock::print(&lock);
        prop_assert_eq!(reparse(&text), lock, "{}", text);
    }

    #[test]
    fn printing_twice_changes_nothing(seed in any::<u64>()) {
        let text = lockfmt::hexlock::print(&common::random_lock(seed));
        let again = lockfmt::hexlock::format(&text).expect("formats");
        prop_assert_eq!(again, text);
    }
}

#[test]
fn templates_are_canonical_and_stable() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../templates/hexlock");
    let mut seen = 0;
    for folder in std::fs::read_dir(&root).expect("templates") {
        let folder = folder.expect("entry").path();
        if !folder.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(&folder).expect("folder") {
            let path = file.expect("entry").path();
            if path.extension().and_then(|e| e.to_str()) != Some("lock") {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("read");
            let once = lockfmt::hexlock::format(&text)
                .unwrap_or_else(|d| panic!("{}: {d:#?}", path.display()));
            assert_eq!(once, text, "{} is not canonical", path.display());
            seen += 1;
        }
    }
    assert!(seen >= 12, "expected the templates, found {seen}");
}

#[test]
fn formatting_keeps_every_comment_beside_its_line() {
    let text = "\
# The header comment.
lockwright-lock 1
name: Kept
author: ABC
size: 3
# Before the grid.
grid:   # on the grid line
   . . : :
  . . . . :
 . . . . . .
. . . . . . .  # the middle row
 . . . . . .
  . @ - . .
   % . . .
# Before the hook.
hook arm E  # the hook's arm
wrench momentum none
# At the end.
";
    let formatted = lockfmt::hexlock::format(text).expect("formats");
    for comment in [
        "# The header comment.",
        "# Before the grid.\ngrid:  # on the grid line",
        ". . . . . . .  # the middle row",
        "# Before the hook.\nhook arm E  # the hook's arm",
        "# At the end.",
    ] {
        assert!(
            formatted.contains(comment),
            "lost {comment:?} in:\n{formatted}"
        );
    }
    assert_eq!(
        lockfmt::hexlock::format(&formatted).expect("formats"),
        formatted
    );
}

#[test]
fn statements_are_put_in_canonical_order() {
    let text = "\
lockwright-lock 1
size: 3
author: ABC
name: Reordered
wrench momentum none
hook arm E
grid:
   . . : :
  . . . . :
 . . . . . .
. . . . . . .
 . . . . . .
  . @ - . .
   % . . .
";
    let formatted = lockfmt::hexlock::format(text).expect("formats");
    let order: Vec<&str> = formatted
        .lines()
        .filter(|l| !l.starts_with(' ') && !l.starts_with('.'))
        .collect();
    assert_eq!(
        order,
        [
            "lockwright-lock 1",
            "name: Reordered",
            "author: ABC",
            "size: 3",
            "",
            "grid:",
            "",
            "hook arm E",
            "wrench momentum none"
        ]
    );
}

#[test]
fn moving_one_piece_changes_few_lines() {
    let text = include_str!("../../templates/hexlock/starter/pivot-gate.lock");
    let mut doc = lockfmt::hexlock::parse(text).document.expect("a document");
    doc.lock.balls.push(engine::Hex::new(0, 0));
    doc.lock.normalise();
    let after = lockfmt::hexlock::print_document(&doc);
    let changed = text
        .lines()
        .zip(after.lines())
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(changed, 1, "adding a ball changes only its row:\n{after}");

    // Turning the pivot changes its two arm rows and its `pivot` line.
    let mut doc = lockfmt::hexlock::parse(text).document.expect("a document");
    doc.lock.pivots[0].arms = vec![engine::Dir::NW, engine::Dir::SE];
    let after = lockfmt::hexlock::print_document(&doc);
    let changed = text
        .lines()
        .zip(after.lines())
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(changed, 4, "rows 1, 2 and 3 and the pivot line:\n{after}");
}

#[test]
fn notes_keep_their_leading_spaces_and_hashes() {
    let mut lock = engine::hexlock::Lock::starter(3);
    lock.info.notes = vec!["  indented".into(), "# not a comment".into(), String::new()];
    assert_eq!(reparse(&lockfmt::hexlock::print(&lock)), lock);
}
