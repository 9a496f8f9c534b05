//! Nothing moves that the user did not move: on every family's editor and player, the buttons
//! the user is about to click and the canvas keep their places when a message, the guard's
//! question, the recovery bar, a verdict line or the folder's filter comes (or goes).

mod common;

use common::editing::{open_path, put_and_open, studio};
use common::{Driver, sees};
use iced::{Rectangle, Size};
use iced_test::{Simulator, selector};
use studio::app::{GuardMessage, Message, Studio};
use studio::screen::{CANVAS_ID, folder};
use studio::settings::Settings;

/// The window's size the studio is looked at in (its default).
const WINDOW: Size = Size::new(1280.0, 800.0);

/// Where the buttons named by `labels` and the canvas lie in the window.
fn landmarks(s: &Studio, labels: &[&str]) -> Vec<(String, Rectangle)> {
    let mut ui = Simulator::with_size(iced::Settings::default(), WINDOW, s.view());
    let mut found: Vec<(String, Rectangle)> = labels
        .iter()
        .map(|l| {
            let at = ui
                .find(*l)
                .unwrap_or_else(|_| panic!("no {l:?} in the window"))
                .bounds();
            (l.to_string(), at)
        })
        .collect();
    let canvas = ui
        .find(selector::id(CANVAS_ID))
        .expect("a canvas in the window")
        .bounds();
    found.push(("the canvas".into(), canvas));
    found
}

/// Checks, after each change, that every landmark is where it was before any.
struct Watch<'a> {
    labels: &'a [&'a str],
    before: Vec<(String, Rectangle)>,
}

impl<'a> Watch<'a> {
    fn on(s: &Studio, labels: &'a [&'a str]) -> Watch<'a> {
        Watch {
            labels,
            before: landmarks(s, labels),
        }
    }

    fn still(&self, s: &Studio, after: &str) {
        let now = landmarks(s, self.labels);
        for ((name, was), (_, is)) in self.before.iter().zip(&now) {
            assert!(
                (was.x - is.x).abs() < 0.5
                    && (was.y - is.y).abs() < 0.5
                    && (was.width - is.width).abs() < 0.5
                    && (was.height - is.height).abs() < 0.5,
                "{name} moved when {after}: {was:?} → {is:?}"
            );
        }
    }
}

/// Twelve more files in the folder: the filter box appears above the list.
fn fill_the_folder(d: &Driver, s: &mut Studio) {
    let mut written = Vec::new();
    for n in 0..12 {
        let file = s.folder().path().join(format!("filler-{n}.non"));
        std::fs::write(&file, "width 1\nheight 1\nrows\n1\ncolumns\n1\n").expect("write");
        written.push(file);
    }
    d.send(s, Message::Changed(studio::watch::Changed::paths(written)));
    assert!(sees(s, "Filter by name"), "the filter box is shown");
}

/// A message from the studio: the picture exported beside the file.
fn say_something(d: &Driver, s: &mut Studio) {
    d.click(s, "Export PNG").expect("Export PNG");
    assert!(!s.notice().is_empty(), "the export says something");
}

/// The checks every editor passes: a message, the filter, the message history, an unsaved
/// edit that changes the verdict, then the guard's question.
fn editor_stays_put(d: &Driver, s: &mut Studio, source_id: &'static str, labels: &[&str]) {
    let watch = Watch::on(s, labels);
    say_something(d, s);
    watch.still(s, "a message came");
    fill_the_folder(d, s);
    watch.still(s, "the filter appeared");
    d.click(s, "Said").expect("the history");
    watch.still(s, "the messages' history opened");
    d.click(s, "Files").expect("the files again");
    // Words that no family reads: the text has a problem now, and the verdict says so.
    d.type_into(s, source_id, "\n!?\n").expect("typing");
    assert!(s.document().is_dirty());
    watch.still(s, "an edit made the verdict line say to fix the problems");
    let other = s.folder().path().join("filler-0.non");
    d.send(s, Message::Folder(folder::Message::Open(other)));
    assert!(s.guard().pending().is_some(), "the guard asks");
    watch.still(s, "the guard asked about the unsaved edits");
    d.click(s, "Cancel").expect("Cancel");
    watch.still(s, "the guard's question went");
    // The edits thrown away, for the player to open on the file as it was.
    let mine = open_path(s);
    d.send(s, Message::Folder(folder::Message::Open(mine.clone())));
    if s.guard().pending().is_none() {
        d.send(
            s,
            Message::Folder(folder::Message::Open(
                s.folder().path().join("filler-0.non"),
            )),
        );
    }
    d.click(s, "Discard edits").expect("Discard");
    d.send(s, Message::Folder(folder::Message::Open(mine)));
    assert!(!s.document().is_dirty());
}

/// The checks every player passes: a message, the filter.
fn player_stays_put(d: &Driver, s: &mut Studio, labels: &[&str]) {
    let watch = Watch::on(s, labels);
    say_something(d, s);
    watch.still(s, "a message came");
    fill_the_folder(d, s);
    watch.still(s, "the filter appeared");
}

const SIDE: [&str; 3] = ["Export PNG", "Tutorial", "Death Match"];

fn with_side<'a>(own: &[&'a str]) -> Vec<&'a str> {
    own.iter().copied().chain(SIDE).collect()
}

#[test]
fn the_hex_lock_editor_and_player_stay_put() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let labels = with_side(&["▶ Play", "Undo", "Diff with disk"]);
    editor_stays_put(
        &d,
        &mut s,
        studio::screen::hexlock::editor::SOURCE_ID,
        &labels,
    );
    d.click(&mut s, "▶ Play").expect("Play");
    player_stays_put(&d, &mut s, &with_side(&[]));
    // The debugger stepping into a turn lists its steps beside the board: the panel scrolls,
    // and neither the board nor the buttons move (the scroll bar's room is kept).
    let labels = with_side(&["Undo", "Restart", "blocking"]);
    let watch = Watch::on(&s, &labels);
    use engine::hexlock::physics::Move;
    // Enough moves for their list to fill the panel's height: its bar comes.
    let moves = std::iter::repeat_n(Move::Wait, 60)
        .chain([Move::Hook(engine::Dir::E), Move::Wrench(engine::Dir::NW)]);
    for m in moves {
        d.send(
            &mut s,
            Message::Play(studio::screen::hexlock::play::Message::Move(m)),
        );
    }
    watch.still(&s, "moves were made");
    d.click(&mut s, "Step into the last turn")
        .expect("the debugger");
    for _ in 0..3 {
        d.send(
            &mut s,
            Message::Play(studio::screen::hexlock::play::Message::StepForward),
        );
    }
    watch.still(&s, "the debugger stepped into the last turn");
}

#[test]
fn the_nonogram_editor_and_player_stay_put() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let dancer = include_str!("../../templates/nonogram/dancer.non");
    put_and_open(&d, &mut s, "dancer.non", dancer);
    let labels = with_side(&["▶ Play", "Undo"]);
    editor_stays_put(
        &d,
        &mut s,
        studio::screen::nonogram::editor::SOURCE_ID,
        &labels,
    );
    d.click(&mut s, "▶ Play").expect("Play");
    player_stays_put(&d, &mut s, &with_side(&["Hint", "Check for mistakes"]));
}

#[test]
fn the_quadrillion_editor_and_player_stay_put() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let board = include_str!("../../templates/quadrillion/default.quad");
    put_and_open(&d, &mut s, "default.quad", board);
    let labels = with_side(&["Undo"]);
    editor_stays_put(
        &d,
        &mut s,
        studio::screen::quadrillion::editor::SOURCE_ID,
        &labels,
    );
    d.click(&mut s, "▶ Play").expect("Play");
    player_stays_put(&d, &mut s, &with_side(&["✎ Author", "Undo"]));
}

#[test]
fn the_sliding_editor_and_player_stay_put() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let lock = include_str!("../../templates/sliding/seed-example.slide");
    put_and_open(&d, &mut s, "seed-example.slide", lock);
    let labels = with_side(&["▶ Play", "Undo"]);
    editor_stays_put(
        &d,
        &mut s,
        studio::screen::sliding::editor::SOURCE_ID,
        &labels,
    );
    d.click(&mut s, "▶ Play").expect("Play");
    player_stays_put(&d, &mut s, &with_side(&[]));
}

/// The bar that offers back edits recovered after a crash lies over the screen: the editor
/// under it is where it is once the bar is gone.
#[test]
fn the_recovery_bar_moves_nothing() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    {
        let mut s = studio(&d, home.path());
        d.type_into(
            &mut s,
            studio::screen::hexlock::editor::SOURCE_ID,
            "\n# mine\n",
        )
        .expect("typing");
        d.send(&mut s, Message::Guard(GuardMessage::Keep));
        assert!(open_path(&s).exists());
    }
    let mut s = d.studio_at(home.path(), Settings::default());
    if matches!(s.screen(), studio::app::Screen::Tutorial) {
        d.send(
            &mut s,
            Message::Tutorial(studio::screen::tutorial::Message::Close),
        );
    }
    assert_eq!(s.guard().recovered().len(), 1, "the edits are offered back");
    let labels = with_side(&["▶ Play", "Undo", "Diff with disk"]);
    let with_bar = landmarks(&s, &labels);
    d.click(&mut s, "Forget them").expect("Forget them");
    assert!(s.guard().recovered().is_empty());
    let watch = Watch {
        labels: &labels,
        before: with_bar,
    };
    watch.still(&s, "the recovery bar went");
}

/// A suggestion for a puzzle with several pictures comes in a line of its own under the
/// verdict: the grid below it stays where it was.
#[test]
fn the_nonogram_suggestion_line_moves_nothing() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    // Two pictures fit these clues: the diagonal and the other diagonal.
    let two = "width 2\nheight 2\n\nrows\n1\n1\n\ncolumns\n1\n1\n";
    put_and_open(&d, &mut s, "two.non", two);
    let labels = with_side(&["▶ Play", "Undo", "Suggest"]);
    let watch = Watch::on(&s, &labels);
    d.click(&mut s, "Suggest").expect("Suggest");
    assert!(sees(&s, "Change them"), "a suggestion is shown");
    let labels = with_side(&["▶ Play", "Undo"]);
    let watch_after = Watch {
        labels: &labels,
        before: watch
            .before
            .iter()
            .filter(|(name, _)| name != "Suggest")
            .cloned()
            .collect(),
    };
    watch_after.still(&s, "a suggestion came");
}

/// A lesson's bar says "Opened in 3 moves" with the next lesson beside it in the room its
/// "Stuck? Show me" had: the board does not move down when the lock opens.
#[test]
fn a_lessons_opened_line_moves_nothing() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = d.studio_at(home.path(), Settings::default());
    d.click(&mut s, "Play lesson 1").expect("the first lesson");
    let labels = with_side(&["Undo", "Restart"]);
    let watch = Watch::on(&s, &labels);
    for m in studio::hexlock::tutorial::solution(0).expect("its solution") {
        d.send(
            &mut s,
            Message::Play(studio::screen::hexlock::play::Message::Move(m)),
        );
    }
    assert!(
        s.tutorial().playing().is_some_and(|p| p.done),
        "the lesson's lock is open"
    );
    watch.still(&s, "the lesson's lock opened");
}
