//! The work a keystroke costs, bounded for every family: typing into the source pane reads the
//! text once a keystroke (one syntax tree, in the background) and no more, whatever editor the
//! document holds. Counted with lockfmt's tally of syntax trees, which every reader builds; this
//! file holds one test so that no other test's readings land in the count.

mod common;

use common::Driver;
use common::editing::{put_and_open, studio};
use iced::widget::text_editor::{Action, Edit, Motion};
use std::path::Path;
use studio::app::{Message, Studio};
use studio::screen::document;

fn template(path: &str) -> String {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../templates")
        .join(path);
    std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()))
}

/// Sends one source-pane action to the open editor, whichever family it is.
fn source(d: &Driver, s: &mut Studio, action: Action) {
    use studio::screen::{hexlock, nonogram, quadrillion, sliding};
    let document = s.document();
    let message = if document.editor::<hexlock::editor::Editor>().is_some() {
        document::Message::new(hexlock::editor::Message::Source(action))
    } else if document.editor::<nonogram::editor::Editor>().is_some() {
        document::Message::new(nonogram::editor::Message::Source(action))
    } else if document.editor::<quadrillion::editor::Editor>().is_some() {
        document::Message::new(quadrillion::editor::Message::Source(action))
    } else if document.editor::<sliding::editor::Editor>().is_some() {
        document::Message::new(sliding::editor::Message::Source(action))
    } else {
        panic!("no family's editor is open");
    };
    d.send(s, Message::Document(message));
}

#[test]
fn typing_reads_the_text_once_a_keystroke_in_every_familys_editor() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let typed = "\n# a note";
    for (name, path) in [
        ("ball-stop.lock", "hexlock/starter/ball-stop.lock"),
        ("dancer.non", "nonogram/dancer.non"),
        ("default.quad", "quadrillion/default.quad"),
        ("seed.slide", "sliding/seed-example.slide"),
    ] {
        let text = template(path);
        put_and_open(&d, &mut s, name, &text);
        source(&d, &mut s, Action::Move(Motion::DocumentEnd));
        let before = lockfmt::syntax_trees_built();
        for c in typed.chars() {
            source(&d, &mut s, Action::Edit(Edit::Insert(c)));
        }
        let trees = lockfmt::syntax_trees_built() - before;
        let keys = typed.chars().count() as u64;
        assert!(
            s.document().text().ends_with(typed),
            "{name}: the keys were typed: {}",
            s.document().text()
        );
        assert_eq!(
            trees, keys,
            "{name}: {keys} keystrokes built {trees} syntax trees: one a keystroke, no more"
        );
    }
}
