//! Recovery keeps only what the user still has, in every family's editor: edits kept for
//! recovery and then undone back to the file, saved or discarded are never offered back after
//! a crash; edits still unsaved are.

mod common;

use common::editing::{edit, file_named, open_path, put_and_open, studio};
use common::{Driver, sees};
use iced::keyboard::{Key, Modifiers};
use iced::widget::text_editor::{Action, Edit, Motion};
use std::path::{Path, PathBuf};
use studio::app::{GuardMessage, Message, Studio};
use studio::screen::document;
use studio::screen::folder;
use studio::screen::{nonogram, quadrillion, sliding};
use studio::settings::Settings;

/// A family's editor as these tests drive it: a file of the family to open, and an edit the
/// user makes there as the family's editor offers it.
struct Family {
    name: &'static str,
    /// Opens a file of the family in a studio: the path.
    open: fn(&Driver, &mut Studio) -> PathBuf,
    /// Makes an unsaved edit.
    edit: fn(&Driver, &mut Studio),
}

fn template(path: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../templates")
            .join(path),
    )
    .expect("a template")
}

const SLIDING: &str = "title \"The seed's example\"

4 . . a .
3 K K a @
2 . . . .
1 . b b .
  A B C D
";

/// Pastes an empty line at the end of the source pane.
fn type_at_end<M: Clone + std::fmt::Debug + Send + 'static>(
    d: &Driver,
    s: &mut Studio,
    source: fn(Action) -> M,
) {
    // Pasted: one edit, so one undo step.
    let actions = [
        Action::Move(Motion::DocumentEnd),
        Action::Edit(Edit::Paste(std::sync::Arc::new("\n".to_string()))),
    ];
    for a in actions {
        d.send(s, Message::Document(document::Message::new(source(a))));
    }
}

const FAMILIES: &[Family] = &[
    Family {
        name: "hex lock",
        open: |_, s| file_named(s, "ball-stop"),
        edit: |d, s| edit(d, s),
    },
    Family {
        name: "nonogram",
        open: |d, s| put_and_open(d, s, "spade.non", &template("nonogram/spade.non")),
        edit: |d, s| type_at_end(d, s, nonogram::editor::Message::Source),
    },
    Family {
        name: "Quadrillion",
        open: |d, s| put_and_open(d, s, "default.quad", &template("quadrillion/default.quad")),
        edit: |d, s| type_at_end(d, s, quadrillion::editor::Message::Source),
    },
    Family {
        name: "sliding lock",
        open: |d, s| put_and_open(d, s, "seed.slide", SLIDING),
        edit: |d, s| {
            d.send(
                s,
                Message::Document(document::Message::new(sliding::editor::Message::SetTool(
                    sliding::author::Tool::Darken,
                ))),
            );
            let at =
                studio::sliding::canvas::Spot::of(engine::sliding::Cell::parse("A2").expect("A2"));
            for input in [
                studio::sliding::canvas::Input::Pressed {
                    spot: at,
                    right: false,
                    shift: false,
                },
                studio::sliding::canvas::Input::Released { spot: at },
            ] {
                d.send(
                    s,
                    Message::Document(document::Message::new(sliding::editor::Message::Canvas(
                        input,
                    ))),
                );
            }
        },
    },
];

fn ctrl(d: &Driver, s: &mut Studio, key: &str) {
    d.key(s, Key::Character(key.into()), Modifiers::CTRL);
}

/// What the next start offers back after a studio opened a file of `family`, edited it, kept
/// the edits for recovery, did `then`, and was killed.
fn offered_after(family: &Family, then: impl FnOnce(&Driver, &mut Studio, &Path)) -> usize {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    {
        let mut s = studio(&d, home.path());
        let path = (family.open)(&d, &mut s);
        assert_eq!(open_path(&s), path, "{}", family.name);
        (family.edit)(&d, &mut s);
        assert!(s.document().is_dirty(), "{}: edited", family.name);
        d.send(&mut s, Message::Guard(GuardMessage::Keep));
        then(&d, &mut s, &path);
    }
    d.studio_at(home.path(), Settings::default())
        .guard()
        .recovered()
        .len()
}

/// Another file of the folder than the one open.
fn another(s: &Studio) -> PathBuf {
    let open = open_path(s);
    s.folder()
        .files()
        .iter()
        .map(|f| f.path.clone())
        .find(|p| *p != open)
        .expect("another file")
}

fn undo_to_the_file(d: &Driver, s: &mut Studio, name: &str) {
    ctrl(d, s, "z");
    assert!(
        !s.document().is_dirty(),
        "{name}: one undo takes the edit back to the file"
    );
}

/// The reported bug: edit, wait past the interval that keeps edits, undo back to the saved
/// text, open another file, kill the studio: the next start offered the undone edits back.
#[test]
fn edits_undone_before_another_file_is_opened_are_not_offered_back_in_any_family() {
    for family in FAMILIES {
        let offered = offered_after(family, |d, s, _| {
            undo_to_the_file(d, s, family.name);
            let other = another(s);
            d.send(s, Message::Folder(folder::Message::Open(other.clone())));
            assert_eq!(
                open_path(s),
                other,
                "{}: a clean buffer is not guarded",
                family.name
            );
        });
        assert_eq!(offered, 0, "{}", family.name);
    }
}

/// Edits undone back to the file are forgotten at once, with the file still open: the studio
/// may be killed before anything else happens.
#[test]
fn edits_undone_are_forgotten_with_the_file_still_open_in_any_family() {
    for family in FAMILIES {
        let offered = offered_after(family, |d, s, _| undo_to_the_file(d, s, family.name));
        assert_eq!(offered, 0, "{}", family.name);
    }
}

#[test]
fn edits_saved_are_not_offered_back_in_any_family() {
    for family in FAMILIES {
        let offered = offered_after(family, |d, s, path| {
            ctrl(d, s, "s");
            assert!(!s.document().is_dirty(), "{}: saved", family.name);
            assert_eq!(
                std::fs::read_to_string(path).expect("read"),
                s.document().text()
            );
        });
        assert_eq!(offered, 0, "{}", family.name);
    }
}

#[test]
fn edits_discarded_are_not_offered_back_in_any_family() {
    for family in FAMILIES {
        let offered = offered_after(family, |d, s, _| {
            let other = another(s);
            d.send(s, Message::Folder(folder::Message::Open(other.clone())));
            assert!(sees(s, "Discard edits"), "{}: the guard asks", family.name);
            d.click(s, "Discard edits").expect("the guard's Discard");
            assert_eq!(open_path(s), other, "{}", family.name);
        });
        assert_eq!(offered, 0, "{}", family.name);
    }
}

/// The control: edits still unsaved when the studio is killed are offered back.
#[test]
fn edits_still_unsaved_are_offered_back_in_any_family() {
    for family in FAMILIES {
        assert_eq!(offered_after(family, |_, _, _| {}), 1, "{}", family.name);
    }
}

/// A kept draft that equals its file (the studio was killed between a save and its forget) is
/// removed at the next start, not only left unoffered: the recovery folder keeps only what the
/// user still has.
#[test]
fn a_draft_that_equals_its_file_is_removed_at_the_next_start() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let folder = {
        let mut s = studio(&d, home.path());
        let path = (FAMILIES[3].open)(&d, &mut s);
        (FAMILIES[3].edit)(&d, &mut s);
        d.send(&mut s, Message::Guard(GuardMessage::Keep));
        // Written by another program with the very text kept: nothing is unsaved any more.
        std::fs::write(&path, s.document().text()).expect("write");
        home.path().join("data/recovery")
    };
    let entries = |folder: &Path| std::fs::read_dir(folder).map_or(0, |l| l.count());
    assert_eq!(entries(&folder), 1, "kept before the kill");
    let s = d.studio_at(home.path(), Settings::default());
    assert!(s.guard().recovered().is_empty(), "nothing is offered");
    assert_eq!(entries(&folder), 0, "and nothing is left");
}
