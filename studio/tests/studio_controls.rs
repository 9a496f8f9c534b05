//! The Intricacy client's controls in the studio: a right-click on a button rebinds its key (the
//! next key pressed, with Ctrl, Alt or Shift held if the user likes; a key another action has
//! is shown and moved only when the user says so), and the window fills the screen and comes
//! back by a button or a key.

mod common;

use common::editing::{file_named, studio};
use common::{Driver, sees};
use iced::keyboard::{Key, Modifiers, key::Named};
use iced_test::Error;
use studio::app::{Message, Screen, Studio};
use studio::keys::{Action, Chord};
use studio::screen::{document, folder, hexlock::editor};
use studio::settings::Settings;

fn chord(s: &Studio, action: Action) -> Option<String> {
    s.settings()
        .settings()
        .keys
        .chord(action)
        .map(ToString::to_string)
}

fn open_a_lock(d: &Driver, s: &mut Studio) {
    let lock = file_named(s, "pivot-gate");
    d.send(s, Message::Folder(folder::Message::Open(lock)));
}

#[test]
fn a_right_click_on_a_toolbar_button_binds_the_next_chord_pressed_to_its_action()
-> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    open_a_lock(&d, &mut s);

    d.right_click(&mut s, "Undo")?;
    assert!(sees(
        &s,
        "Press the key for «Undo» (now ctrl+z); Ctrl, Alt and Shift may be held. Escape gives up."
    ));
    // Ctrl alone is not a chord yet: the studio waits for the key held with it.
    d.key(&mut s, Key::Named(Named::Control), Modifiers::CTRL);
    assert!(s.settings().is_recording());
    d.key(
        &mut s,
        Key::Character("u".into()),
        Modifiers::CTRL | Modifiers::ALT,
    );
    assert_eq!(chord(&s, Action::Undo).as_deref(), Some("ctrl+alt+u"));
    assert!(!s.settings().is_recording());
    assert!(!sees(&s, "Give up"), "the bar goes once the key is bound");

    // The new chord runs the action; the old one no longer does.
    let text = s.document().text();
    common::editing::edit(&d, &mut s);
    assert_ne!(s.document().text(), text);
    d.key(&mut s, Key::Character("z".into()), Modifiers::CTRL);
    assert_ne!(s.document().text(), text, "ctrl+z is no longer Undo");
    d.key(
        &mut s,
        Key::Character("u".into()),
        Modifiers::CTRL | Modifiers::ALT,
    );
    assert_eq!(s.document().text(), text, "ctrl+alt+u undoes");

    // A tool's tile is rebound alike.
    d.right_click(&mut s, "Block")?;
    d.key(&mut s, Key::Named(Named::F6), Modifiers::SHIFT);
    assert_eq!(chord(&s, Action::ToolBlock).as_deref(), Some("shift+f6"));
    Ok(())
}

#[test]
fn a_chord_another_action_has_is_shown_and_moved_only_when_the_user_says_so() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    open_a_lock(&d, &mut s);

    d.right_click(&mut s, "Colours")?;
    d.key(&mut s, Key::Character("s".into()), Modifiers::CTRL);
    assert!(sees(
        &s,
        "ctrl+s already runs «Save the file». Give it to «Hex lock: switch the colouring» instead?"
    ));
    d.click(&mut s, "Keep it there")?;
    assert_eq!(chord(&s, Action::Save).as_deref(), Some("ctrl+s"));
    assert_eq!(chord(&s, Action::Colours).as_deref(), Some("ctrl+k"));

    d.right_click(&mut s, "Colours")?;
    d.key(&mut s, Key::Character("s".into()), Modifiers::CTRL);
    d.click(&mut s, "Move the key")?;
    assert_eq!(chord(&s, Action::Colours).as_deref(), Some("ctrl+s"));
    assert_eq!(chord(&s, Action::Save), None);

    // Escape gives up: the action keeps its key.
    d.right_click(&mut s, "Redo")?;
    d.key(&mut s, Key::Named(Named::Escape), Modifiers::empty());
    assert_eq!(chord(&s, Action::Redo).as_deref(), Some("ctrl+y"));
    assert!(!s.settings().is_recording());

    // The choice is kept in the settings file, as the settings screen's list keeps it.
    let saved = Settings::load(&home.path().join("settings.toml")).expect("saved settings");
    assert_eq!(
        saved
            .keys
            .chord(Action::Colours)
            .map(ToString::to_string)
            .as_deref(),
        Some("ctrl+s")
    );
    Ok(())
}

#[test]
fn the_players_move_buttons_rebind_the_keys_that_make_their_moves() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    open_a_lock(&d, &mut s);
    d.send(
        &mut s,
        Message::Document(document::Message::new(editor::Message::Play)),
    );
    assert!(matches!(s.screen(), Screen::Play(..)));
    d.right_click(&mut s, "Wait")?;
    assert!(sees(
        &s,
        "Press the key for «Hex lock play: wait a turn» (now space); Ctrl, Alt and Shift may be held. Escape gives up."
    ));
    d.key(&mut s, Key::Character("j".into()), Modifiers::empty());
    assert_eq!(chord(&s, Action::Wait).as_deref(), Some("j"));
    d.key(&mut s, Key::Character("j".into()), Modifiers::empty());
    let Screen::Play(p, _) = s.screen() else {
        panic!("still playing")
    };
    assert_eq!(p.session().at, 1, "j waits a turn now");
    assert_eq!(
        Chord::parse("j"),
        s.settings().settings().keys.chord(Action::Wait).cloned()
    );
    Ok(())
}

#[test]
fn the_window_fills_the_screen_and_comes_back_by_a_button_or_its_key() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    assert!(!s.is_fullscreen());
    d.click(&mut s, "Full screen")?;
    assert!(s.is_fullscreen());
    assert!(
        sees(&s, "Window"),
        "the button now says where it goes back to"
    );
    d.key(&mut s, Key::Named(Named::F11), Modifiers::empty());
    assert!(!s.is_fullscreen());
    assert!(sees(&s, "Full screen"));
    Ok(())
}

#[test]
fn sound_is_off_at_first_and_turned_on_by_its_button_or_key_at_the_volume_kept() -> Result<(), Error>
{
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    assert!(!s.settings().settings().sound, "off by default");
    d.click(&mut s, "Sound: off")?;
    assert!(s.settings().settings().sound);
    assert!(sees(&s, "Sound: on"));
    // A move with sound on: heard where there is a device, harmless where there is none.
    open_a_lock(&d, &mut s);
    d.send(
        &mut s,
        Message::Document(document::Message::new(editor::Message::Play)),
    );
    d.key(&mut s, Key::Named(Named::Space), Modifiers::empty());
    let Screen::Play(p, _) = s.screen() else {
        panic!("playing")
    };
    assert_eq!(p.session().at, 1);
    d.key(&mut s, Key::Named(Named::F8), Modifiers::empty());
    assert!(!s.settings().settings().sound, "F8 turns it off");

    d.click(&mut s, "Settings")?;
    assert!(sees(&s, "Sounds: off"));
    d.send(
        &mut s,
        Message::Settings(studio::screen::settings::Message::Volume(30)),
    );
    d.send(
        &mut s,
        Message::Settings(studio::screen::settings::Message::VolumeSet),
    );
    assert!(sees(&s, "30%"));
    let saved = Settings::load(&home.path().join("settings.toml")).expect("saved settings");
    assert_eq!((saved.sound, saved.volume), (false, 30));
    Ok(())
}

#[test]
fn every_familys_editor_rebinds_its_buttons_keys_by_a_right_click() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let files = [
        ("dancer.non", "../templates/nonogram/dancer.non"),
        ("seed.slide", "../templates/sliding/seed-example.slide"),
        ("board.quad", "../templates/quadrillion/default.quad"),
    ];
    for (name, template) in files {
        let text = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(template),
        )
        .expect("template");
        common::editing::put_and_open(&d, &mut s, name, &text);
        for (label, action) in [
            ("Save", Action::Save),
            ("Undo", Action::Undo),
            ("Redo", Action::Redo),
        ] {
            d.right_click(&mut s, label)?;
            assert_eq!(s.settings().recording(), Some(action), "{name}: {label}");
            d.key(&mut s, Key::Named(Named::Escape), Modifiers::empty());
            assert!(!s.settings().is_recording(), "{name}");
        }
    }
    Ok(())
}
