//! Helpers for tests of the studio on its editor: a studio past the tutorial's offer, the open
//! file, an unsaved edit, a file of the folder by name.

use super::Driver;
use std::path::{Path, PathBuf};
use studio::app::{Message, Screen, Studio};
use studio::hexlock::canvas::Event2;
use studio::screen::document;
use studio::screen::hexlock::editor::{self, Tool};
use studio::screen::tutorial;
use studio::settings::Settings;

/// A studio on a home of its own, past the first start's tutorial offer, on the editor.
pub fn studio(d: &Driver, home: &Path) -> Studio {
    let mut s = d.studio_at(home, Settings::default());
    if matches!(s.screen(), Screen::Tutorial) {
        d.send(&mut s, Message::Tutorial(tutorial::Message::Close));
    }
    assert!(matches!(s.screen(), Screen::Editor));
    s
}

/// Writes a puzzle into the studio's folder, as another program would, and opens it.
pub fn put_and_open(d: &Driver, s: &mut Studio, name: &str, text: &str) -> PathBuf {
    let file = s.folder().path().join(name);
    std::fs::write(&file, text).expect("write");
    d.send(
        s,
        Message::Changed(studio::watch::Changed::paths(vec![file.clone()])),
    );
    d.send(
        s,
        Message::Folder(studio::screen::folder::Message::Open(file.clone())),
    );
    file
}

pub fn open_path(s: &Studio) -> PathBuf {
    s.document().path().expect("a file is open").to_path_buf()
}

/// Puts a ball on a free cell with the canvas, so that the buffer has unsaved edits.
pub fn edit(d: &Driver, s: &mut Studio) {
    d.send(
        s,
        Message::Document(document::Message::new(editor::Message::Tool(Tool::Ball))),
    );
    let lock = s
        .document()
        .editor::<studio::screen::hexlock::editor::Editor>()
        .and_then(|e| e.lock())
        .cloned()
        .expect("a lock");
    let taken = lock.occupancy();
    let cell = engine::hex::hexagon(lock.size - 1)
        .into_iter()
        .find(|c| !taken.contains_key(c))
        .expect("a free cell");
    d.send(
        s,
        Message::Document(document::Message::new(editor::Message::Canvas(
            Event2::Clicked(cell),
        ))),
    );
    assert!(s.document().is_dirty(), "{}", s.document().status());
}

pub fn file_named(s: &Studio, stem: &str) -> PathBuf {
    s.folder()
        .files()
        .iter()
        .map(|f| f.path.clone())
        .find(|p| p.file_stem().is_some_and(|n| n == stem))
        .unwrap_or_else(|| panic!("no {stem} in the folder"))
}
