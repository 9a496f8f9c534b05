//! The promise that no edit is ever lost: the guard before anything replaces a buffer with
//! unsaved edits (opening another file, New, Duplicate, Delete, closing the window), and the
//! recovery folder after a crash.

mod common;

use common::editing::{edit, file_named, open_path, studio};
use common::{Driver, sees};
use iced_test::Error;
use studio::app::{Message, Pending};
use studio::screen::folder;
use studio::screen::{document, hexlock::editor};
use studio::settings::Settings;

#[test]
fn opening_another_file_with_unsaved_edits_asks_save_discard_or_cancel() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let first = open_path(&s);
    edit(&d, &mut s);
    let mine = s.document().text();
    let other = file_named(&s, "pivot-gate");

    // Cancel: nothing happens, the edits stay.
    d.send(
        &mut s,
        Message::Folder(folder::Message::Open(other.clone())),
    );
    assert_eq!(s.guard().pending(), Some(&Pending::Open(other.clone())));
    assert!(sees(
        &s,
        "«ball-stop.lock» has unsaved edits. Save them before you open pivot-gate.lock?"
    ));
    assert_eq!(open_path(&s), first);
    d.click(&mut s, "Cancel")?;
    assert_eq!(s.guard().pending(), None);
    assert_eq!(
        (open_path(&s), s.document().text()),
        (first.clone(), mine.clone())
    );

    // Save: the edits are written, then the other file opens.
    d.send(
        &mut s,
        Message::Folder(folder::Message::Open(other.clone())),
    );
    d.click(&mut s, "Save first")?;
    assert_eq!(std::fs::read_to_string(&first).expect("read"), mine);
    assert_eq!(open_path(&s), other);

    // Discard: the edits go, the file stays as it was, and the other file opens.
    edit(&d, &mut s);
    d.send(
        &mut s,
        Message::Folder(folder::Message::Open(first.clone())),
    );
    d.click(&mut s, "Discard edits")?;
    assert_eq!(open_path(&s), first);
    assert_eq!(
        std::fs::read_to_string(&other).expect("read"),
        common::starter("pivot-gate.lock")
    );
    Ok(())
}

/// Regression: New, Duplicate and Delete replaced the buffer without a word.
#[test]
fn new_duplicate_and_delete_ask_first_when_there_are_unsaved_edits() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let first = open_path(&s);
    edit(&d, &mut s);
    d.click(&mut s, "New")?;
    assert_eq!(
        s.guard().pending(),
        None,
        "the new puzzle's name is asked first"
    );
    for (label, pending) in [
        ("Make", Pending::New("size-6".into(), "New lock".into())),
        ("Duplicate", Pending::Duplicate),
    ] {
        d.click(&mut s, label)?;
        assert_eq!(s.guard().pending(), Some(&pending), "{label} waits");
        assert_eq!(s.folder().files().len(), 6, "{label} did nothing yet");
        d.click(&mut s, "Cancel")?;
    }
    d.click(&mut s, "Delete")?;
    d.send(
        &mut s,
        Message::Folder(folder::Message::ConfirmDelete(true)),
    );
    assert_eq!(s.guard().pending(), Some(&Pending::Delete(first.clone())));
    assert!(first.exists());
    d.click(&mut s, "Cancel")?;
    assert!(first.exists() && s.document().is_dirty());
    Ok(())
}

/// Regression: the guard asked "before you make a new lock?" when the New picked was a
/// nonogram; it names the family New makes.
#[test]
fn the_guard_names_the_family_new_makes() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    edit(&d, &mut s);
    d.send(
        &mut s,
        Message::Folder(folder::Message::TemplatePicked(
            "nonogram-blank-10x10".into(),
        )),
    );
    d.click(&mut s, "New")?;
    assert!(sees(&s, "Name the new nonogram:"));
    d.click(&mut s, "Make")?;
    assert!(sees(
        &s,
        "«ball-stop.lock» has unsaved edits. Save them before you make a new nonogram?"
    ));
    d.click(&mut s, "Cancel")?;
    Ok(())
}

/// Regression: closing the window exited without asking.
#[test]
fn closing_the_window_with_unsaved_edits_asks_first() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let id = iced::window::Id::unique();
    // With nothing unsaved the window closes at once.
    let close = s.update(Message::CloseRequested(id));
    assert!(
        iced_runtime::task::into_stream(close).is_some(),
        "a close task"
    );
    assert_eq!(s.guard().pending(), None);
    edit(&d, &mut s);
    let close = s.update(Message::CloseRequested(id));
    assert!(
        iced_runtime::task::into_stream(close).is_none(),
        "nothing closes yet"
    );
    assert_eq!(s.guard().pending(), Some(&Pending::Close(id)));
    assert!(sees(
        &s,
        "«ball-stop.lock» has unsaved edits. Save them before you close the studio?"
    ));
    d.click(&mut s, "Cancel")?;
    assert!(s.document().is_dirty());
    Ok(())
}

/// A studio edits its lock, keeps the edits for recovery and is gone without saving (a
/// crash): the lock's file and the edited text.
fn crash_with_edits_kept(d: &Driver, home: &std::path::Path) -> (std::path::PathBuf, String) {
    let mut s = studio(d, home);
    edit(d, &mut s);
    d.send(&mut s, Message::Guard(studio::app::GuardMessage::Keep));
    (open_path(&s), s.document().text())
}

/// Unsaved edits are kept every few seconds and offered back after a crash or a kill.
#[test]
fn unsaved_edits_are_recovered_after_a_crash() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let (path, mine) = crash_with_edits_kept(&d, home.path());
    let on_disk = std::fs::read_to_string(&path).expect("read");
    assert_ne!(on_disk, mine, "the file was never saved");
    let mut s = d.studio_at(home.path(), Settings::default());
    assert_eq!(s.guard().recovered().len(), 1, "the edits are offered back");
    assert!(sees(
        &s,
        "Unsaved edits to «ball-stop.lock» were recovered from an earlier session."
    ));
    d.click(&mut s, "Restore")?;
    assert_eq!(open_path(&s), path);
    assert_eq!(s.document().text(), mine);
    assert!(
        s.document().is_dirty(),
        "restored, not saved: the user decides"
    );
    // Saved now: nothing is left to recover on the next start.
    d.send(
        &mut s,
        Message::Document(document::Message::new(editor::Message::Save)),
    );
    drop(s);
    let s = d.studio_at(home.path(), Settings::default());
    assert!(s.guard().recovered().is_empty());
    Ok(())
}

/// Regression: unsaved edits kept for recovery stayed under the file's old name after a
/// rename, and the next start offered them back for a file that was no longer there.
#[test]
fn edits_kept_for_recovery_follow_a_rename() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let (renamed, mine) = {
        let mut s = studio(&d, home.path());
        edit(&d, &mut s);
        d.send(&mut s, Message::Guard(studio::app::GuardMessage::Keep));
        d.send(&mut s, Message::Folder(folder::Message::RenameStart));
        d.type_into(&mut s, folder::RENAME_ID, "-moved")
            .expect("the name field");
        d.send(&mut s, Message::Folder(folder::Message::RenameDone));
        assert!(s.document().is_dirty(), "the edits are still unsaved");
        (open_path(&s), s.document().text())
        // The studio is gone without saving, before the next keep: the rename kept them.
    };
    assert!(
        renamed.ends_with("ball-stop-moved.lock"),
        "{}",
        renamed.display()
    );
    let s = d.studio_at(home.path(), Settings::default());
    let offered: Vec<_> = s
        .guard()
        .recovered()
        .iter()
        .map(|e| (e.file.clone(), e.text.clone()))
        .collect();
    assert_eq!(offered, [(Some(renamed), mine)], "only under the new name");
}

/// Regression: edits recovered for a file that was moved or removed since could not be
/// restored ("… does not exist"): they were kept only by forgetting them or putting a file back.
#[test]
fn edits_recovered_for_a_file_gone_since_are_restored_and_saved_anew() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let (path, mine) = crash_with_edits_kept(&d, home.path());
    std::fs::remove_file(&path).expect("removed from outside");
    let mut s = d.studio_at(home.path(), Settings::default());
    assert_eq!(s.guard().recovered().len(), 1, "the edits are offered back");
    d.click(&mut s, "Restore")?;
    assert_eq!(open_path(&s), path);
    assert_eq!(s.document().text(), mine);
    assert!(s.document().is_dirty());
    assert!(
        s.document().status().contains("was removed from disk"),
        "{}",
        s.document().status()
    );
    d.send(
        &mut s,
        Message::Document(document::Message::new(editor::Message::Save)),
    );
    assert_eq!(std::fs::read_to_string(&path).expect("written"), mine);
    Ok(())
}

/// What the next start offers back after a studio kept `home`'s lock's edits for recovery,
/// did `then`, and was killed.
fn offered_after(
    d: &Driver,
    home: &std::path::Path,
    then: impl FnOnce(&mut studio::app::Studio),
) -> usize {
    {
        let mut s = studio(d, home);
        edit(d, &mut s);
        d.send(&mut s, Message::Guard(studio::app::GuardMessage::Keep));
        then(&mut s);
    }
    d.studio_at(home, Settings::default())
        .guard()
        .recovered()
        .len()
}

fn undo(d: &Driver, s: &mut studio::app::Studio) {
    d.send(
        s,
        Message::Document(document::Message::new(editor::Message::Undo)),
    );
    assert!(!s.document().is_dirty(), "undone back to the file");
}

/// Regression: edits kept for recovery and then undone back to the file's text stayed in
/// the recovery folder when another file was opened, and a crash offered them back.
#[test]
fn edits_undone_before_another_file_is_opened_are_not_offered_back() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let offered = offered_after(&d, home.path(), |s| {
        undo(&d, s);
        let other = file_named(s, "pivot-gate");
        d.send(s, Message::Folder(folder::Message::Open(other.clone())));
        assert_eq!(open_path(s), other, "a clean buffer is not guarded");
    });
    assert_eq!(offered, 0);
}

/// Edits undone back to the file are forgotten at the next keep, even with the file still open.
#[test]
fn edits_undone_are_forgotten_at_the_next_keep() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let offered = offered_after(&d, home.path(), |s| {
        undo(&d, s);
        d.send(s, Message::Guard(studio::app::GuardMessage::Keep));
    });
    assert_eq!(offered, 0);
}

/// Edits saved are not offered back.
#[test]
fn edits_saved_are_not_offered_back() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let offered = offered_after(&d, home.path(), |s| {
        d.send(
            s,
            Message::Document(document::Message::new(editor::Message::Save)),
        );
        assert!(!s.document().is_dirty());
    });
    assert_eq!(offered, 0);
}

/// Edits discarded at the guard are not offered back.
#[test]
fn edits_discarded_are_not_offered_back() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let offered = offered_after(&d, home.path(), |s| {
        let other = file_named(s, "pivot-gate");
        d.send(s, Message::Folder(folder::Message::Open(other.clone())));
        d.click(s, "Discard edits").expect("the guard's Discard");
        assert_eq!(open_path(s), other);
    });
    assert_eq!(offered, 0);
}

/// The control: edits still unsaved when the studio is killed are offered back.
#[test]
fn edits_still_unsaved_are_offered_back() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    assert_eq!(offered_after(&d, home.path(), |_| {}), 1);
}
