//! Files the studio reads beside a puzzle (its solution) that are not regular files: a named
//! pipe is passed over at once, never waited on.

mod common;

use common::Driver;
use common::editing::{open_path, studio};
use std::sync::mpsc;
use std::time::Duration;
use studio::app::{Message, Screen};
use studio::screen::document;
use studio::screen::hexlock::editor;

/// Regression: a FIFO where the lock's solution would be made Play wait on it for ever.
#[cfg(unix)]
#[test]
fn a_fifo_beside_a_lock_in_place_of_its_solution_does_not_stop_play() {
    let (done, finished) = mpsc::channel();
    std::thread::spawn(move || {
        let d = Driver::new();
        let home = tempfile::tempdir().expect("home");
        let mut s = studio(&d, home.path());
        let solution = open_path(&s).with_extension("solution");
        let _ = std::fs::remove_file(&solution);
        let made = std::process::Command::new("mkfifo").arg(&solution).status();
        assert!(made.is_ok_and(|m| m.success()), "mkfifo");
        d.send(
            &mut s,
            Message::Document(document::Message::new(editor::Message::Play)),
        );
        let _ = done.send(matches!(s.screen(), Screen::Play(..)));
    });
    let playing = finished
        .recv_timeout(Duration::from_secs(20))
        .expect("Play came back within 20 s");
    assert!(playing, "the lock is played, without its solution");
}
