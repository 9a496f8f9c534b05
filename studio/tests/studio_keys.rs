//! The keys and the settings as a user meets them in the studio window: a bound key runs its
//! action, keys are rebound and saved, keys typed on one screen stay there, Tab moves between
//! the fields of a form, and the server named in the settings.

mod common;

use common::editing::studio;
use common::{Driver, sees};
use iced::keyboard;
use iced_test::Error;
use studio::app::{Message, Screen};
use studio::keys::Action;
use studio::screen::document;
use studio::screen::hexlock::editor::{self, Tool};
use studio::screen::tutorial;
use studio::settings::Settings;

#[test]
fn a_bound_key_runs_its_action() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let key = |c: &str, m| Message::Key(keyboard::Key::Character(c.into()), m);
    d.send(&mut s, key("4", keyboard::Modifiers::CTRL));
    assert_eq!(
        s.document()
            .editor::<studio::screen::hexlock::editor::Editor>()
            .expect("a lock")
            .tool(),
        Tool::Ball,
        "ctrl+4 is the ball tool by default"
    );
    d.send(&mut s, key("1", keyboard::Modifiers::CTRL));
    assert_eq!(
        s.document()
            .editor::<studio::screen::hexlock::editor::Editor>()
            .expect("a lock")
            .tool(),
        Tool::Select
    );
}

#[test]
fn keys_are_rebound_from_the_settings_screen_and_saved() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    d.click(&mut s, "Settings")?;
    assert!(matches!(s.screen(), Screen::Settings));
    assert!(sees(&s, "Save the file"));
    assert!(sees(&s, "ctrl+z"));
    d.send(
        &mut s,
        Message::Settings(studio::screen::settings::Message::Record(Action::Undo)),
    );
    // Holding ctrl first, as a user does, then the key.
    d.key(
        &mut s,
        keyboard::Key::Named(keyboard::key::Named::Control),
        keyboard::Modifiers::CTRL,
    );
    d.key(
        &mut s,
        keyboard::Key::Character("u".into()),
        keyboard::Modifiers::CTRL,
    );
    assert_eq!(
        s.settings().settings().action_for("ctrl+u"),
        Some(Action::Undo)
    );
    let saved = Settings::load(&home.path().join("settings.toml")).expect("saved settings");
    assert_eq!(saved.action_for("ctrl+u"), Some(Action::Undo));
    assert_eq!(saved.action_for("ctrl+z"), None);
    Ok(())
}

#[test]
fn keys_typed_on_the_online_screen_do_not_reach_the_hidden_editor() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    d.send(
        &mut s,
        Message::Document(document::Message::new(editor::Message::Tool(Tool::Ball))),
    );
    d.click(&mut s, "Online")?;
    let before = s.document().text();
    d.key(
        &mut s,
        keyboard::Key::Character("1".into()),
        keyboard::Modifiers::CTRL,
    );
    assert_eq!(
        s.document()
            .editor::<studio::screen::hexlock::editor::Editor>()
            .expect("a lock")
            .tool(),
        Tool::Ball,
        "ctrl+1 did not pick a tool"
    );
    d.key(
        &mut s,
        keyboard::Key::Named(keyboard::key::Named::Delete),
        keyboard::Modifiers::empty(),
    );
    assert_eq!(s.document().text(), before);
    Ok(())
}

#[test]
fn tab_moves_between_the_fields_of_a_form_and_enter_from_the_codename_to_the_password()
-> Result<(), Error> {
    use studio::screen::online;
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    d.click(&mut s, "Online")?;
    let tab = |m| Message::Key(keyboard::Key::Named(keyboard::key::Named::Tab), m);
    // The window carries out the focus; the studio asks for it, forwards and back.
    let t = s.update(tab(keyboard::Modifiers::empty()));
    assert_eq!(studio::testing::widget_actions(&d.rt, t), 1, "Tab");
    let t = s.update(tab(keyboard::Modifiers::SHIFT));
    assert_eq!(studio::testing::widget_actions(&d.rt, t), 1, "shift+Tab");
    // Enter in the codename goes on to the password (a password typed on would show in the
    // codename's field).
    let mut ui = iced_test::simulator(s.view());
    let _ = ui.click(iced_test::selector::id(online::CODENAME_ID))?;
    let _ = ui.typewrite("ab1");
    let _ = ui.tap_key(keyboard::key::Named::Enter);
    let typed: Vec<Message> = ui.into_messages().collect();
    assert!(
        typed
            .iter()
            .any(|m| matches!(m, Message::Online(online::Message::CodenameDone))),
        "{typed:?}"
    );
    let mut asked = 0;
    for m in typed {
        asked += studio::testing::widget_actions(&d.rt, s.update(m));
    }
    assert_eq!(asked, 1, "the password's field is focused");
    // Codenames have no lowercase letters, so what is typed is taken as capitals.
    assert!(sees(&s, "AB1"));
    Ok(())
}

/// Regression: with no remote server named, the switch went to "no server", saved that
/// choice, and said "Cannot reach no server".
#[test]
fn there_is_no_switching_to_a_remote_server_nobody_named() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    d.click(&mut s, "Online")?;
    let before = s.online().server_label();
    assert!(before.starts_with("the embedded server"), "{before}");
    d.click(&mut s, "Switch to the remote server")?;
    assert_eq!(s.online().server_label(), before);
    assert!(
        s.online().status().contains("no remote server is named"),
        "{}",
        s.online().status()
    );
    assert_eq!(
        s.settings().settings().server,
        studio::settings::ServerChoice::Embedded
    );
    assert!(!sees(&s, "Cannot reach"));
    Ok(())
}

/// Regression: a remote server's URL typed without Enter was saved in the settings but never
/// connected to, until the next start.
#[test]
fn a_remote_url_typed_in_the_settings_is_in_force_once_they_are_left() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = d.studio_at(
        home.path(),
        Settings {
            server: studio::settings::ServerChoice::Remote,
            server_url: Some("http://127.0.0.1:9".into()),
            ..Settings::default()
        },
    );
    if matches!(s.screen(), Screen::Tutorial) {
        d.send(&mut s, Message::Tutorial(tutorial::Message::Close));
    }
    assert_eq!(s.online().server_label(), "http://127.0.0.1:9");
    d.click(&mut s, "Settings")?;
    d.send(
        &mut s,
        Message::Settings(studio::screen::settings::Message::ServerUrl(
            "http://127.0.0.1:10".into(),
        )),
    );
    assert_eq!(
        s.online().server_label(),
        "http://127.0.0.1:9",
        "not while typing"
    );
    d.click(&mut s, "Online")?;
    assert_eq!(s.online().server_label(), "http://127.0.0.1:10");
    Ok(())
}
