//! What the studio says as it starts: problems in its files and what it made stand above the
//! screen until dismissed, and a settings file that does not read is kept, never written over.

mod common;

use common::editing::{file_named, studio};
use common::{Driver, sees, start_at};
use iced_test::Error;
use studio::app::{Message, Screen, Studio};
use studio::screen::{folder, tutorial};
use studio::settings::Settings;

/// Regression: a problem in the settings file, said as the studio started, was wiped from the
/// notice line a moment later when the first file opened, so it was never seen.
#[test]
fn what_the_start_finds_wrong_stays_on_screen_until_dismissed() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let problem = "settings.toml:3: `theme` is \"pink\": expected \"light\" or \"dark\"";
    let settings = Settings {
        problems: vec![problem.into()],
        ..Settings::default()
    };
    let mut s = studio(&d, home.path());
    drop(s);
    s = d.studio_at(home.path(), settings);
    if matches!(s.screen(), Screen::Tutorial) {
        d.send(&mut s, Message::Tutorial(tutorial::Message::Close));
    }
    assert!(sees(&s, problem), "after the first file opened");
    let gate = file_named(&s, "pivot-gate");
    d.send(&mut s, Message::Folder(folder::Message::Open(gate)));
    assert!(sees(&s, problem), "after another file opened");
    d.click(&mut s, "Dismiss")?;
    assert!(!sees(&s, problem));
    Ok(())
}

/// A settings file that does not read is shown above the screen, and the first change made in
/// the studio keeps it beside, never writes over it.
#[test]
fn a_settings_file_that_does_not_read_is_said_and_kept_beside() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut start = start_at(home.path(), Settings::default());
    let path = start.settings_path.clone().expect("a settings path");
    let mine = "theme = \"pink\"\n[keys]\nsave = \"f2\"\n";
    std::fs::write(&path, mine).expect("write");
    let why = Settings::load(&path).expect_err("does not read");
    start.settings = Settings::in_place_of_unreadable(&path, &why);
    let (mut s, first) = Studio::new(start);
    d.run(&mut s, first);
    if matches!(s.screen(), Screen::Tutorial) {
        d.send(&mut s, Message::Tutorial(tutorial::Message::Close));
    }
    assert!(
        s.lasting().iter().any(|w| w.contains("pink")),
        "{:?}",
        s.lasting()
    );
    assert_eq!(s.folder().shade(), studio::family::Shade::Light);
    d.click(&mut s, "Theme")?;
    // The folder's and the online screen's thumbnails follow the theme.
    assert_eq!(s.folder().shade(), studio::family::Shade::Dark);
    assert_eq!(s.online().shade(), studio::family::Shade::Dark);
    let aside = home.path().join("settings.toml.unreadable");
    assert_eq!(std::fs::read_to_string(&aside).expect("kept beside"), mine);
    assert!(Settings::load(&path).is_ok_and(|s| s.theme == studio::settings::ThemeChoice::Dark));
    Ok(())
}
