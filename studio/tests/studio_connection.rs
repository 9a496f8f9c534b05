//! The player's client when the connection is not plain sailing: a server lost and back, the
//! cache shown with no server, switching servers, logging out, replies that arrive too late, a
//! login the server forgot, a refused login and an address that is no URL. Servers are real,
//! on 127.0.0.1.

mod common;

use common::online::*;
use common::{Driver, sees};
use iced::futures::StreamExt;
use iced_test::Error;
use server::server::Running;
use studio::app::Message;
use studio::online::live::Live;
use studio::screen::online::{self, Connection, PASSWORD_ID};
use studio::settings::{self, Settings};

#[test]
fn losing_the_server_is_one_state_and_it_comes_back_with_the_cache_shown() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let data = tempfile::tempdir().expect("data");
    let (mut s, running) = publisher_on_a_test_server(&d, home.path(), data.path(), "DDD")?;
    let addr = running.addr;
    assert_eq!(*s.online().connection(), Connection::Online);

    // The server goes away.
    d.rt.block_on(running.stop()).expect("stops");
    let said = s.online().status().to_string();
    d.send(&mut s, Message::Online(online::Message::Refresh));
    assert!(
        matches!(*s.online().connection(), Connection::Unreachable(_)),
        "{:?}",
        *s.online().connection()
    );
    assert_eq!(
        s.online().status(),
        said,
        "no error per request: the one state says it"
    );
    assert!(
        s.online().live().is_none(),
        "no event stream while unreachable"
    );
    assert!(s.online().probing(), "the server is probed instead");
    // Background refreshes wait for the probe: no storm of failing requests.
    let t = s.online().refresh();
    assert!(iced_runtime::task::into_stream(t).is_none());
    // Regression: the sentence took the row's whole width and squeezed the button to "Tr".
    assert!(common::on_one_line(
        &s,
        studio::app::SMALLEST_WINDOW,
        "Try now"
    ));
    assert!(
        sees(&s, "Slot 1: «Ball Stop» (lock 1, size 4)"),
        "the cache is still shown"
    );
    d.send(&mut s, Message::Online(online::Message::Retry));
    assert!(matches!(
        *s.online().connection(),
        Connection::Unreachable(_)
    ));

    // The server comes back on the same address: the next probe finds it and refreshes.
    let mut config = server_config(data.path());
    config.bind = addr;
    let running = d.rt.block_on(Running::start(config)).expect("restarts");
    d.send(&mut s, Message::Online(online::Message::Retry));
    assert_eq!(*s.online().connection(), Connection::Online);
    assert_eq!(s.online().status(), "the server answers again");
    assert!(s.online().live().is_some(), "the events flow again");

    // Working offline: nothing leaves the studio, the cache shows, and back again.
    d.click(&mut s, "Work offline (cache only)")?;
    assert!(s.online().is_offline());
    assert!(iced_runtime::task::into_stream(s.online().refresh()).is_none());
    // The cache's age is the clock's, not the test's: a loaded machine reads "1 s ago".
    let offline = {
        let mut ui = iced_test::simulator(s.view());
        ui.find(|c: iced_test::selector::Candidate<'_>| match c {
            iced_test::selector::Candidate::Text { content, .. } => content
                .starts_with("Working offline: nothing is sent; this is the cache from ")
                .then_some(()),
            _ => None,
        })
        .is_ok()
    };
    assert!(offline, "the offline line with the cache's age");
    assert!(s.online().live().is_none());
    d.click(&mut s, "Work offline (cache only)")?;
    assert!(!s.online().is_offline());
    assert_eq!(*s.online().connection(), Connection::Online);
    d.rt.block_on(running.stop()).expect("stops");
    Ok(())
}

#[test]
fn the_cache_shows_at_once_on_the_next_start_even_with_no_server() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let data = tempfile::tempdir().expect("data");
    let (s, running) = publisher_on_a_test_server(&d, home.path(), data.path(), "EEE")?;
    let url = running.url();
    drop(s);
    d.rt.block_on(running.stop()).expect("stops");

    // A new start: the login is remembered and the cache shows, though no server answers.
    let mut s = d.studio_at(home.path(), remote(&url));
    assert_eq!(s.online().codename(), Some("EEE"));
    d.click(&mut s, "Online")?;
    assert!(matches!(
        *s.online().connection(),
        Connection::Unreachable(_)
    ));
    assert!(sees(&s, "Slot 1: «Ball Stop» (lock 1, size 4)"));
    Ok(())
}

#[test]
fn switching_servers_is_one_click_and_is_kept_in_the_settings() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let settings_path = home.path().join("settings.toml");
    let mut s = d.studio_at(
        home.path(),
        Settings {
            server_url: Some("http://127.0.0.1:9".into()),
            ..Settings::default()
        },
    );
    register(&d, &mut s, "FFF")?;
    d.click(&mut s, "Switch to the remote server")?;
    assert_eq!(s.online().url(), Some("http://127.0.0.1:9"));
    assert_eq!(s.online().codename(), None, "logins are per server");
    assert_eq!(
        Settings::load(&settings_path).expect("saved").server,
        settings::ServerChoice::Remote
    );
    d.click(&mut s, "Switch to the embedded server")?;
    assert!(s.online().summary().contains("the embedded server"));
    assert_eq!(
        s.online().codename(),
        Some("FFF"),
        "the embedded server's login is remembered"
    );
    Ok(())
}

/// Log out in the studio revokes the token on the server too: a copy of the tokens file made
/// before it opens nothing afterwards.
#[test]
fn logging_out_in_the_studio_revokes_the_token_on_the_server() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = d.studio_at(home.path(), Settings::default());
    register(&d, &mut s, "REV")?;
    let url = s.online().url().map(String::from).expect("url");
    let saved = std::fs::read_to_string(home.path().join("tokens.toml")).expect("tokens");
    let tokens: toml::Table = toml::from_str(&saved).expect("toml");
    let token = tokens["servers"]["embedded"]["players"]["REV"]
        .as_str()
        .expect("REV's token")
        .to_string();
    let copy = server::client::Client::new(&url).with_token(token);
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    runtime.block_on(copy.me()).expect("the token works before");
    d.click(&mut s, "Log out")?;
    let refused = runtime.block_on(copy.me()).expect_err("revoked");
    assert_eq!(refused.status().map(|s| s.as_u16()), Some(401), "{refused}");
    Ok(())
}

/// Regression: a reply in flight when the player logged out was written into the cache of the
/// next login.
#[test]
fn a_reply_arriving_after_logout_is_ignored() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = d.studio_at(home.path(), Settings::default());
    register(&d, &mut s, "GGG")?;
    // A refresh goes out as GGG; GGG logs out before its answers arrive.
    let late = s.online().refresh();
    d.click(&mut s, "Log out")?;
    assert_eq!(s.online().codename(), None);
    d.run(&mut s, late.map(Message::Online));
    assert!(
        s.online().cache().players.is_empty() && s.online().cache().scores.is_none(),
        "GGG's answers did not land after the logout"
    );
    Ok(())
}

/// Regression: a reply in flight when the player switched servers was written into the new
/// server's cache.
#[test]
fn a_reply_arriving_after_a_server_switch_is_ignored() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = d.studio_at(
        home.path(),
        Settings {
            server_url: Some("http://127.0.0.1:9".into()),
            ..Settings::default()
        },
    );
    register(&d, &mut s, "HHH")?;
    let late = s.online().refresh();
    d.click(&mut s, "Switch to the remote server")?;
    assert_eq!(s.online().url(), Some("http://127.0.0.1:9"));
    d.run(&mut s, late.map(Message::Online));
    assert!(
        s.online().cache().players.is_empty(),
        "the embedded server's answers did not land in the remote's cache"
    );
    assert!(
        s.online().status().starts_with("now on") || s.online().status().is_empty(),
        "{}",
        s.online().status()
    );
    Ok(())
}

/// Regression: when the server no longer knew the studio's token (revoked by a logout
/// everywhere from another computer, or a server whose data was begun afresh), the live stream
/// was refused with 401 and the screen said "Cannot reach the server: 401: log in first: send
/// `Authorization: Bearer TOKEN`", tried again every few seconds forever and stayed "as REV".
/// The server answers, so the studio is online; the login is let go, the form is ready with the
/// codename, the dead token leaves the tokens file, and the password alone logs in again. Both
/// ways the studio hears it: the live stream, and an answer to a request.
#[test]
fn a_login_the_server_no_longer_knows_is_let_go_and_offered_again() -> Result<(), Error> {
    let d = Driver::new();
    for heard_by_stream in [true, false] {
        let home = tempfile::tempdir().expect("home");
        let mut s = d.studio_at(home.path(), Settings::default());
        register(&d, &mut s, "REV")?;
        let (url, token) = s.online().live().expect("REV follows the events");
        // Logged out everywhere from another computer.
        let elsewhere = server::client::Client::new(&url).with_token(token.clone());
        d.rt.block_on(async move {
            let mut elsewhere = elsewhere;
            elsewhere.logout(true).await
        })
        .expect("logged out everywhere");

        if heard_by_stream {
            let mut events = Box::pin(studio::online::live::stream(url.clone(), token));
            let first =
                d.rt.block_on(events.next())
                    .expect("the stream says something");
            assert_eq!(first, Live::Lost(studio::online::Trouble::NotLoggedIn));
            d.send(&mut s, Message::Online(online::Message::Live(first)));
        } else {
            d.click(&mut s, "Refresh")?;
        }
        assert_eq!(s.online().codename(), None, "{heard_by_stream}");
        assert_eq!(
            s.online().connection(),
            &Connection::Online,
            "the server answers"
        );
        assert!(
            s.online().status().contains("no longer knows REV's login"),
            "{}",
            s.online().status()
        );
        assert!(!s.online().summary().contains("unreachable"));
        let kept = std::fs::read_to_string(home.path().join("tokens.toml")).expect("tokens");
        assert!(!kept.contains("REV"), "the dead token is forgotten: {kept}");

        d.type_into(&mut s, PASSWORD_ID, "correct horse")?;
        d.click(&mut s, "Log in")?;
        assert_eq!(
            s.online().codename(),
            Some("REV"),
            "{}",
            s.online().status()
        );
    }
    Ok(())
}

/// A stream broken any other way (a server refusing it for a while, or gone) is the one
/// unreachable state, whose probe opens it again: left "online" with the stream ended, the
/// events would never be followed again.
#[test]
fn an_event_stream_refused_for_another_reason_is_opened_again_by_the_probe() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = d.studio_at(home.path(), Settings::default());
    register(&d, &mut s, "STR")?;
    let refused = studio::online::Trouble::Refused {
        code: "rate-limited".into(),
        message: "too many requests: wait a second".into(),
    };
    d.send(
        &mut s,
        Message::Online(online::Message::Live(Live::Lost(refused))),
    );
    assert!(matches!(
        s.online().connection(),
        Connection::Unreachable(_)
    ));
    assert!(s.online().live().is_none() && s.online().probing());
    assert_eq!(s.online().codename(), Some("STR"), "the login stays");
    d.send(&mut s, Message::Online(online::Message::Retry));
    assert_eq!(s.online().connection(), &Connection::Online);
    assert!(s.online().live().is_some(), "the stream is followed again");
    Ok(())
}

/// Regression: a wrong password (or a codename the server does not know) said "log in first",
/// as if the player had not tried: the server's own sentence is said.
#[test]
fn a_refused_login_says_why() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = d.studio_at(home.path(), Settings::default());
    register(&d, &mut s, "PWD")?;
    d.click(&mut s, "Log out")?;
    for codename in ["PWD", "NOB"] {
        // Set whole: typing adds to what the fields hold.
        d.send(
            &mut s,
            Message::Online(online::Message::CodenameInput(codename.into())),
        );
        d.send(
            &mut s,
            Message::Online(online::Message::PasswordInput("wrong horse".into())),
        );
        d.click(&mut s, "Log in")?;
        assert_eq!(s.online().codename(), None);
        assert_eq!(
            s.online().status(),
            "unknown codename or wrong password",
            "{codename}"
        );
        assert_eq!(s.online().connection(), &Connection::Online);
    }
    Ok(())
}

/// Regression: a remote server named `localhost:27001` (no scheme) or mistyped was shown as
/// "unreachable: the connection failed: builder error" and probed every five seconds forever.
/// It is said once, as what it is, on the online screen and under the field in Settings.
#[test]
fn a_remote_address_that_is_no_url_is_said_and_never_probed() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = d.studio_at(home.path(), remote("localhost:27001"));
    assert_eq!(
        s.online().summary(),
        "Server: localhost:27001 · no server · not logged in"
    );
    assert!(!s.online().probing());
    d.click(&mut s, "Online")?;
    assert!(sees(
        &s,
        "`localhost:27001` is not a server address: it starts with http:// or https://; give \
         one like http://example.org:27001 in Settings"
    ));
    d.click(&mut s, "Settings")?;
    assert!(sees(
        &s,
        "`localhost:27001` is not a server address: it starts with http:// or https://; give \
         one like http://example.org:27001"
    ));
    Ok(())
}
