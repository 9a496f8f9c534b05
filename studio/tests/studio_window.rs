//! The studio window as a user meets it: the folder panel and its file operations, live reload,
//! comparing locks, the smallest window and play on the current buffer (export is in
//! `studio_export.rs`, the guard and recovery of unsaved edits in `studio_unsaved.rs`, keys and
//! settings in `studio_keys.rs`).

mod common;

use common::{Driver, bars_over_content, sees, shown_whole, start_at};
use engine::Hex;
use iced::keyboard;
use iced_test::Error;
use studio::app::{Message, Screen, Studio};
use studio::screen::document;
use studio::screen::editor::Editing as _;
use studio::screen::folder;
use studio::screen::hexlock::editor;
use studio::screen::hexlock::play;
use studio::screen::tutorial;
use studio::settings::Settings;

use common::editing::{edit, file_named, open_path, studio};

#[test]
fn first_start_fills_the_lock_folder_and_opens_a_lock() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let s = studio(&d, home.path());
    assert_eq!(s.folder().files().len(), 6);
    for name in [
        "ball-stop",
        "pivot-gate",
        "spring-pull",
        "long-reach",
        "two-balls",
        "gate-keeper",
    ] {
        assert!(sees(&s, name), "{name} is listed");
    }
    assert!(
        s.document()
            .editor::<studio::screen::hexlock::editor::Editor>()
            .and_then(|e| e.lock())
            .is_some()
    );
}

/// A folder of hundreds of puzzles was a list to scroll through for the one wanted: a list of
/// a dozen or more has a filter above it, which keeps the files whose names hold every word.
#[test]
fn a_long_list_is_filtered_by_the_words_typed() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    assert!(
        d.type_into(&mut s, folder::FILTER_ID, "x").is_err(),
        "three files: no filter"
    );
    let lock = common::starter("pivot-gate.lock");
    let mut written = Vec::new();
    for i in 0..10 {
        let file = s.folder().path().join(format!("gate-{i:02}.lock"));
        std::fs::write(&file, &lock).expect("write");
        written.push(file);
    }
    d.send(
        &mut s,
        Message::Changed(studio::watch::Changed::paths(written)),
    );
    assert_eq!(s.folder().files().len(), 16);
    d.type_into(&mut s, folder::FILTER_ID, "GATE 0")?;
    for shown in ["gate-00", "gate-09"] {
        assert!(sees(&s, shown), "{shown}");
    }
    for hidden in ["pivot-gate", "ball-stop", "spring-pull"] {
        assert!(!sees(&s, hidden), "{hidden}");
    }
    d.send(
        &mut s,
        // Not the name itself, which the filter's field would show as well.
        Message::Folder(folder::Message::Filter("07".into())),
    );
    assert!(sees(&s, "gate-07") && !sees(&s, "gate-08") && !sees(&s, "pivot-gate"));
    d.click(&mut s, "gate-07")?;
    assert!(open_path(&s).ends_with("gate-07.lock"));
    d.send(
        &mut s,
        Message::Folder(folder::Message::Filter("zebra".into())),
    );
    assert!(sees(&s, "No file's name holds “zebra”."));
    d.send(
        &mut s,
        Message::Folder(folder::Message::Filter(String::new())),
    );
    assert!(sees(&s, "ball-stop") && sees(&s, "gate-03"));
    // A file made here is opened, and the filter goes rather than hide it.
    d.send(
        &mut s,
        Message::Folder(folder::Message::Filter("07".into())),
    );
    assert!(!sees(&s, "ball-stop"));
    d.click(&mut s, "Duplicate")?;
    assert!(sees(&s, "ball-stop"), "the filter is gone");
    assert_eq!(s.folder().files().len(), 17);
    Ok(())
}

#[test]
fn the_side_panel_makes_duplicates_and_deletes_with_confirmation() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    // Regression: New wrote "New lock.lock" without a word; the name is asked before
    // anything is written, with a free one ready to be typed over.
    d.click(&mut s, "New")?;
    assert_eq!(s.folder().naming(), Some("New lock"));
    assert_eq!(s.folder().files().len(), 6, "nothing is written yet");
    assert!(sees(&s, "Name the new hex lock:"));
    d.type_into(&mut s, folder::NAME_ID, " for Ann")
        .expect("the name field");
    d.click(&mut s, "Make")?;
    assert_eq!(s.folder().files().len(), 7);
    assert!(
        open_path(&s).ends_with("New lock for Ann.lock"),
        "{}",
        open_path(&s).display()
    );
    // A name already taken is refused: the file there is kept, and nothing else opens.
    let taken = open_path(&s);
    let before = std::fs::read_to_string(&taken).expect("read");
    d.send(&mut s, Message::Folder(folder::Message::New));
    d.send(
        &mut s,
        Message::Folder(folder::Message::NameInput("New lock for Ann".into())),
    );
    d.send(&mut s, Message::Folder(folder::Message::NameDone));
    assert!(s.notice().contains("already exists"), "{}", s.notice());
    assert_eq!(std::fs::read_to_string(&taken).expect("read"), before);
    assert_eq!(s.folder().files().len(), 7);
    d.click(&mut s, "Duplicate")?;
    assert_eq!(
        s.folder().renaming(),
        None,
        "a copy keeps its name until asked"
    );
    assert_eq!(s.folder().files().len(), 8);
    let doomed = open_path(&s);
    assert!(doomed.ends_with("New lock for Ann copy.lock"));
    d.click(&mut s, "Delete")?;
    assert!(
        doomed.exists(),
        "nothing is deleted before the user confirms"
    );
    assert!(sees(&s, "Delete New lock for Ann copy.lock?"));
    d.click(&mut s, "Keep")?;
    assert!(doomed.exists());
    d.click(&mut s, "Delete")?;
    // The confirmation's own button is the second "Delete" on screen: confirm directly.
    d.send(
        &mut s,
        Message::Folder(folder::Message::ConfirmDelete(true)),
    );
    assert!(!doomed.exists());
    assert_eq!(s.folder().files().len(), 7);
    assert!(s.document().path().is_some(), "another lock is open");
    Ok(())
}

#[test]
fn files_of_two_families_with_one_name_are_listed_with_their_extensions() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let folder = home.path().join("locks");
    std::fs::create_dir_all(&folder).expect("folder");
    for (name, text) in [
        ("gate.lock", common::starter("ball-stop.lock")),
        (
            "gate.non",
            "width 1\nheight 1\n\nrows\n1\n\ncolumns\n1\n".to_string(),
        ),
        (
            "alone.non",
            "width 1\nheight 1\n\nrows\n0\n\ncolumns\n0\n".to_string(),
        ),
    ] {
        std::fs::write(folder.join(name), text).expect("write");
    }
    let s = studio(&d, home.path());
    assert!(sees(&s, "gate.lock") && sees(&s, "gate.non"));
    assert!(sees(&s, "alone") && !sees(&s, "alone.non"));
}

#[test]
fn rename_offers_the_name_ready_to_type_over_and_takes_the_solution_along() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    d.click(&mut s, "ball-stop")?;
    let open = open_path(&s);
    let solution = open.with_extension("solution");
    std::fs::write(&solution, common::starter("ball-stop.solution")).expect("a saved solution");
    // The field takes the keyboard with the old name selected: the window focuses it.
    let t = s.update(Message::Folder(folder::Message::RenameStart));
    assert_eq!(
        studio::testing::widget_actions(&d.rt, t),
        2,
        "focus, then select all"
    );
    assert!(sees(&s, "ball-stop") && sees(&s, "Cancel"));
    d.click(&mut s, "Cancel")?;
    assert!(!sees(&s, "Cancel"), "the field is gone");
    assert_eq!(open_path(&s), open);
    d.send(&mut s, Message::Folder(folder::Message::RenameStart));
    d.type_into(&mut s, folder::RENAME_ID, "-two")?;
    d.send(&mut s, Message::Folder(folder::Message::RenameDone));
    let renamed = open_path(&s);
    assert!(
        renamed.ends_with("ball-stop-two.lock"),
        "{}",
        renamed.display()
    );
    assert!(!solution.exists() && renamed.with_extension("solution").exists());
    // Deleting says the solution goes too, and takes it.
    d.click(&mut s, "Delete")?;
    assert!(sees(
        &s,
        "Delete ball-stop-two.lock and its saved solution?"
    ));
    d.send(
        &mut s,
        Message::Folder(folder::Message::ConfirmDelete(true)),
    );
    assert!(!renamed.exists() && !renamed.with_extension("solution").exists());
    Ok(())
}

#[test]
fn a_lock_written_from_outside_is_reloaded() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let open = open_path(&s);
    let mut lock = s
        .document()
        .editor::<studio::screen::hexlock::editor::Editor>()
        .and_then(|e| e.lock())
        .cloned()
        .expect("lock");
    lock.balls.push(Hex::ORIGIN);
    let text = lockfmt::hexlock::print(&lock);
    std::fs::write(&open, &text).expect("another editor saves");
    d.send(
        &mut s,
        Message::Changed(studio::watch::Changed::paths(vec![open])),
    );
    assert_eq!(s.document().text(), text);
    assert!(
        s.document()
            .editor::<studio::screen::hexlock::editor::Editor>()
            .and_then(|e| e.lock())
            .is_some_and(|l| l.balls.contains(&Hex::ORIGIN))
    );
}

#[test]
fn thumbnails_are_drawn_once_per_change_of_their_file() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let listed = |s: &Studio| s.folder().files().len();
    assert_eq!(listed(&s), 6);
    // Another save of one file: listed again; only its thumbnail is drawn again.
    let open = open_path(&s);
    d.send(
        &mut s,
        Message::Changed(studio::watch::Changed::paths(vec![open])),
    );
    assert_eq!(listed(&s), 6);
}

#[test]
fn any_two_locks_are_compared_on_two_canvases() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    // Ball Stop (open) against Pivot Gate: the pivot is gone and a ball is new.
    assert!(open_path(&s).ends_with("ball-stop.lock"));
    let other = file_named(&s, "pivot-gate");
    d.send(&mut s, Message::Folder(folder::Message::CompareWith(other)));
    assert!(
        s.document()
            .editor::<studio::screen::hexlock::editor::Editor>()
            .expect("a lock")
            .is_comparing()
    );
    assert!(sees(&s, "pivot-gate"));
    assert!(sees(&s, "this buffer"));
    assert!(sees(&s, "removed pivot 1 (3 cells)"));
    assert!(sees(&s, "added a ball (1 cell)"));
}

/// How many ⇄ buttons the folder panel shows.
fn compare_buttons(s: &Studio) -> usize {
    let mut shown = 0;
    let mut ui = iced_test::simulator(s.view());
    let _ = ui.find(|c: iced_test::selector::Candidate<'_>| {
        if let iced_test::selector::Candidate::Text { content: "⇄", .. } = c {
            shown += 1;
        }
        None::<()>
    });
    shown
}

/// Regression: ⇄ showed beside every file and did nothing, without a word, unless a hex lock
/// was open and the other file was one too.
#[test]
fn compare_is_offered_only_between_two_hex_locks() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    common::every_family(home.path());
    std::fs::write(
        home.path().join("locks/pivot-gate.lock"),
        common::starter("pivot-gate.lock"),
    )
    .expect("a second lock");
    let mut s = studio(&d, home.path());
    d.click(&mut s, "ball-stop")?;
    assert_eq!(compare_buttons(&s), 1, "beside pivot-gate only");
    for other in ["dancer", "seed", "board"] {
        d.click(&mut s, other)?;
        assert_eq!(compare_buttons(&s), 0, "with {other} open");
    }
    Ok(())
}

#[test]
fn no_scrollbar_lies_over_the_rows_it_scrolls() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let locks = home.path().join("locks");
    std::fs::create_dir_all(&locks).expect("lock folder");
    for i in 0..40 {
        std::fs::write(
            locks.join(format!("lock-{i:02}.lock")),
            common::starter("ball-stop.lock"),
        )
        .expect("a lock");
    }
    let mut s = studio(&d, home.path());
    assert!(sees(&s, "lock-39"), "forty locks in the folder list");
    assert_eq!(bars_over_content(&s), vec![], "the folder list");
    d.click(&mut s, "Settings")?;
    assert_eq!(
        bars_over_content(&s),
        vec![],
        "the keys on the settings screen"
    );
    Ok(())
}

#[test]
fn at_the_smallest_window_every_screens_controls_show_whole() -> Result<(), Error> {
    use studio::app::SMALLEST_WINDOW;
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    common::every_family(home.path());
    let mut s = studio(&d, home.path());
    let whole = |s: &Studio, screen: &str, labels: &[&str]| {
        for label in labels {
            assert!(
                shown_whole(s, SMALLEST_WINDOW, label),
                "{screen}: «{label}» is cut off"
            );
        }
    };

    d.click(&mut s, "ball-stop")?;
    whole(&s, "hex lock editor", &["Merge", "Diff with disk"]);
    d.click(&mut s, "▶ Play")?;
    whole(
        &s,
        "hex lock play",
        &["Back to mark", "blocking", "all", "none"],
    );
    d.click(&mut s, "Back to editing")?;

    d.click(&mut s, "dancer")?;
    whole(&s, "nonogram editor", &["Diff with disk"]);
    d.click(&mut s, "▶ Play")?;
    whole(
        &s,
        "nonogram player",
        &["Back to editing", "Check for mistakes", "Steps"],
    );
    d.click(&mut s, "Back to editing")?;

    d.click(&mut s, "seed")?;
    whole(&s, "sliding editor", &["Diff with disk", "Erase", "+ row"]);
    d.click(&mut s, "▶ Play")?;
    whole(
        &s,
        "sliding player",
        &["Restart", "Turn 180°", "Load moves"],
    );
    // The field for moves is wide enough to read what is typed in it.
    let moves_field =
        iced_test::Simulator::with_size(iced::Settings::default(), SMALLEST_WINDOW, s.view())
            .find(iced_test::selector::id(
                studio::screen::sliding::editor::MOVES_ID,
            ))
            .map(|t| t.bounds().width)?;
    assert!(
        moves_field >= 200.0,
        "the moves' field is {moves_field} wide"
    );

    d.click(&mut s, "board")?;
    whole(
        &s,
        "Quadrillion, authoring",
        &["Save", "Shapes for this board"],
    );
    d.click(&mut s, "▶ Play")?;
    whole(
        &s,
        "Quadrillion, playing",
        &["Hint (H)", "Solve (F)", "Reset (R)"],
    );
    Ok(())
}

/// Regression: clicking another lock in the list replaced the buffer's unsaved edits.
/// Regression: Play drew the lock as it was before a reload until the first move.
#[test]
fn play_plays_the_current_buffer() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let open = open_path(&s);
    let mut lock = s
        .document()
        .editor::<studio::screen::hexlock::editor::Editor>()
        .and_then(|e| e.lock())
        .cloned()
        .expect("lock");
    lock.balls.push(Hex::new(0, -2));
    lock.normalise();
    std::fs::write(&open, lockfmt::hexlock::print(&lock)).expect("another editor saves");
    d.send(
        &mut s,
        Message::Changed(studio::watch::Changed::paths(vec![open])),
    );
    d.send(
        &mut s,
        Message::Document(document::Message::new(editor::Message::Play)),
    );
    let Screen::Play(p, _) = s.screen() else {
        panic!("not playing")
    };
    assert_eq!(p.designed(), &lock, "the lock in play is the buffer's");
    assert_eq!(&p.session().lock(), &lock, "and so is its picture");
}

/// Regression: clicking another lock while playing kept playing the old one.
#[test]
fn choosing_another_file_while_playing_leaves_play_for_it() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    d.send(
        &mut s,
        Message::Document(document::Message::new(editor::Message::Play)),
    );
    assert!(matches!(s.screen(), Screen::Play(..)));
    let other = file_named(&s, "spring-pull");
    d.send(
        &mut s,
        Message::Folder(folder::Message::Open(other.clone())),
    );
    assert!(matches!(s.screen(), Screen::Editor), "play is left");
    assert_eq!(open_path(&s), other);
    // With unsaved edits, the guard asks first, and play waits until then.
    edit(&d, &mut s);
    d.send(
        &mut s,
        Message::Document(document::Message::new(editor::Message::Play)),
    );
    let back = file_named(&s, "ball-stop");
    d.send(&mut s, Message::Folder(folder::Message::Open(back)));
    assert!(s.guard().pending().is_some());
    assert!(matches!(s.screen(), Screen::Play(..)));
    d.click(&mut s, "Discard edits")?;
    assert!(matches!(s.screen(), Screen::Editor));
    Ok(())
}

#[test]
fn a_studio_started_on_a_file_opens_it() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let folder = home.path().join("locks");
    std::fs::create_dir_all(&folder).expect("folder");
    let file = folder.join("mine.lock");
    std::fs::write(&file, common::starter("pivot-gate.lock")).expect("write");
    let mut start = start_at(home.path(), Settings::default());
    start.file = Some(file.clone());
    let (mut s, first) = Studio::new(start);
    d.run(&mut s, first);
    assert_eq!(s.document().path(), Some(file.as_path()));
}

/// A puzzle named at the start that is not there yet opens empty, in its family's editor, and
/// saving writes it, as an editor opens a new file (it opened an empty hex lock with no file).
#[test]
fn a_studio_started_on_a_new_file_opens_it_empty_and_save_writes_it() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let folder = home.path().join("locks");
    std::fs::create_dir_all(&folder).expect("folder");
    let file = folder.join("fresh.non");
    let mut start = start_at(home.path(), Settings::default());
    start.file = Some(file.clone());
    let (mut s, first) = Studio::new(start);
    d.run(&mut s, first);
    if matches!(s.screen(), Screen::Tutorial) {
        d.send(&mut s, Message::Tutorial(tutorial::Message::Close));
    }
    assert_eq!(s.document().path(), Some(file.as_path()));
    assert!(
        s.document()
            .editor::<studio::screen::nonogram::editor::Editor>()
            .is_some(),
        "the nonogram editor"
    );
    assert!(sees(
        &s,
        &format!(
            "{} is a new file: it is written when you save",
            file.display()
        )
    ));
    assert!(!file.exists(), "nothing is written before a save");
    d.click(&mut s, "Save")?;
    assert_eq!(std::fs::read_to_string(&file).ok().as_deref(), Some(""));
    Ok(())
}

/// A webpbn XML file named at the start opens as the nonogram it holds, unsaved, under a name
/// no file has; Save writes it. (It opened in the hex lock editor with 48 errors.)
#[test]
fn a_studio_started_on_webpbn_xml_opens_its_nonogram_unsaved() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let folder = home.path().join("locks");
    std::fs::create_dir_all(&folder).expect("folder");
    let xml = folder.join("dancer.xml");
    std::fs::write(
        &xml,
        "<puzzleset><puzzle><title>Dancer</title><solution><image>|X.X|\n|.X.|</image></solution></puzzle></puzzleset>",
    )
    .expect("write");
    std::fs::write(folder.join("dancer.non"), "an older puzzle\n").expect("write");
    let mut start = start_at(home.path(), Settings::default());
    start.imported = Some(studio::nonogram::webpbn::import(&xml).expect("imports"));
    let (mut s, first) = Studio::new(start);
    d.run(&mut s, first);
    if matches!(s.screen(), Screen::Tutorial) {
        d.send(&mut s, Message::Tutorial(tutorial::Message::Close));
    }
    let file = folder.join("dancer-2.non");
    assert_eq!(s.document().path(), Some(file.as_path()));
    let editor = s
        .document()
        .editor::<studio::screen::nonogram::editor::Editor>()
        .expect("the nonogram editor");
    assert!(
        editor.text().contains("title \"Dancer\""),
        "{}",
        editor.text()
    );
    assert!(s.document().is_dirty(), "not saved yet");
    assert_eq!(s.document().status(), "not saved yet: Save writes it");
    assert!(
        sees(
            &s,
            &format!(
                "imported from {} (webpbn XML): {} is written when you save",
                xml.display(),
                file.display()
            )
        ),
        "{}",
        s.notice()
    );
    assert!(!file.exists(), "nothing is written before a save");
    d.click(&mut s, "Save")?;
    let saved = std::fs::read_to_string(&file).expect("saved");
    assert!(saved.contains("goal \"101010\""), "{saved}");
    assert_eq!(
        std::fs::read_to_string(folder.join("dancer.non"))
            .ok()
            .as_deref(),
        Some("an older puzzle\n"),
        "the file of that name is left alone"
    );
    Ok(())
}

/// A nonogram in the folder opens in the nonogram editor, and plays in the nonogram player.
#[test]
fn a_nonogram_opens_in_its_own_editor_and_plays() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let file = s.folder().path().join("seed.non");
    std::fs::write(
        &file,
        "title \"Seed\"\nwidth 5\nheight 5\n\nrows\n3\n1,1,1\n5\n3\n1,1\n\ncolumns\n2\n1,3\n4\n1,3\n2\n\ngoal \"0111010101111110111001010\"\n",
    )
    .expect("write");
    d.send(
        &mut s,
        Message::Changed(studio::watch::Changed::paths(vec![file.clone()])),
    );
    assert!(sees(&s, "seed"), "listed beside the locks");
    d.send(&mut s, Message::Folder(folder::Message::Open(file.clone())));
    let editor = s
        .document()
        .editor::<studio::screen::nonogram::editor::Editor>()
        .expect("the nonogram editor");
    assert_eq!(editor.puzzle().map(|p| p.width), Some(5));
    d.click(&mut s, "▶ Play")?;
    let Screen::Nonogram(p) = s.screen() else {
        panic!("not playing the nonogram")
    };
    assert_eq!(p.puzzle().height, 5);
    // A hint, by its key and by its button: the next deduction in words, on the screen. The
    // key comes as the platform sends it: shift held on the `/` key, which types `?`.
    let typed = studio::app::key_message(keyboard::Event::KeyPressed {
        key: keyboard::Key::Character("/".into()),
        modified_key: keyboard::Key::Character("?".into()),
        physical_key: keyboard::key::Physical::Code(keyboard::key::Code::Slash),
        location: keyboard::Location::Standard,
        modifiers: keyboard::Modifiers::SHIFT,
        text: Some("?".into()),
        repeat: false,
    })
    .expect("a key press");
    d.send(&mut s, typed);
    assert!(
        sees(&s, "Hint — row 1: every placement of the 3 covers cell 3."),
        "the hint is shown"
    );
    d.click(&mut s, "Hint")?;
    assert!(sees(
        &s,
        "Hint — row 1: every placement of the 3 covers cell 3."
    ));
    // The stepper walks forward to the end and keeps the cells: the puzzle is solved.
    d.click(&mut s, "Steps")?;
    assert!(sees(&s, "Step forward ▶") && sees(&s, "Keep these cells"));
    for _ in 0..40 {
        if d.click(&mut s, "Step forward ▶").is_err() {
            break;
        }
    }
    d.click(&mut s, "Keep these cells")?;
    let Screen::Nonogram(p) = s.screen() else {
        panic!("not playing the nonogram")
    };
    assert!(p.is_solved(), "the line rule alone solves the seed");
    assert!(sees(&s, "Seed — solved!"));
    d.click(&mut s, "Back to editing")?;
    assert!(matches!(s.screen(), Screen::Editor));
    Ok(())
}

/// Regression: Save solution in play wrote `NAME.solution` over the solution of another
/// family's puzzle of the same name (`ball-stop.slide` beside `ball-stop.lock`).
#[test]
fn saving_a_solution_never_writes_over_another_puzzles() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let open = open_path(&s);
    let theirs = include_str!("../../templates/sliding/seed-example.solution");
    let solution = open.with_extension("solution");
    std::fs::write(
        open.with_extension("slide"),
        include_str!("../../templates/sliding/seed-example.slide"),
    )
    .expect("a sliding lock of the same name");
    std::fs::write(&solution, theirs).expect("its solution");
    d.send(
        &mut s,
        Message::Document(document::Message::new(editor::Message::Play)),
    );
    assert!(matches!(s.screen(), Screen::Play(..)));
    d.send(&mut s, Message::Play(play::Message::SaveSolution));
    assert_eq!(std::fs::read_to_string(&solution).expect("read"), theirs);
    assert!(
        s.notice().contains("another puzzle's solution"),
        "{}",
        s.notice()
    );
    // The lock's own solution file is replaced as before.
    std::fs::remove_file(open.with_extension("slide")).expect("remove");
    std::fs::write(
        &solution,
        include_str!("../../templates/hexlock/starter/pivot-gate.solution"),
    )
    .expect("an older hex solution");
    d.send(&mut s, Message::Play(play::Message::SaveSolution));
    assert!(s.notice().starts_with("saved "), "{}", s.notice());
    let saved = std::fs::read_to_string(&solution).expect("read");
    assert!(lockfmt::hexlock::parse_solution(&saved).is_ok_and(|p| p.moves.is_empty()));
}

/// A solution saved from play is replayed by the editor's solver line on the way back: the
/// shortcut it warned of is gone once the shortest way is the one saved.
#[test]
fn the_editor_replays_a_solution_saved_from_play_or_by_another_program() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let text = include_str!("../../templates/hexlock/tutorial/03-fixed-parts.lock");
    let file = s.folder().path().join("fixed.solution");
    std::fs::write(&file, "hW hE hNE hSE\n").expect("a longer solution");
    common::editing::put_and_open(&d, &mut s, "fixed.lock", text);
    assert!(sees(&s, "a shortcut: your saved solution takes 4 moves"));
    d.click(&mut s, "▶ Play")?;
    let shortest = lockfmt::hexlock::parse_solution("hNE hSE").expect("moves");
    for &mv in &shortest.moves {
        d.send(&mut s, Message::Play(play::Message::Move(mv)));
    }
    d.send(&mut s, Message::Play(play::Message::SaveSolution));
    d.click(&mut s, "Back to editing")?;
    assert!(matches!(s.screen(), Screen::Editor));
    assert!(sees(&s, "Opens in 2 moves"));
    assert!(
        !sees(&s, "a shortcut: your saved solution takes 4 moves"),
        "the saved solution is the shortest now"
    );
    // Another program writes the solution file: the editor replays it.
    std::fs::write(&file, "hW hE\n").expect("a solution that does not open it");
    d.send(
        &mut s,
        Message::Changed(studio::watch::Changed::paths(vec![file.clone()])),
    );
    assert!(sees(&s, "your saved solution (2 moves) no longer opens it"));
    Ok(())
}
