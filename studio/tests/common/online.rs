//! The player's client driven against real servers: a player registered through the login
//! form, a studio that names another server, a server started on 127.0.0.1 for a test.

use super::{Driver, sees};
use iced_test::Error;
use server::config::Config;
use server::server::Running;
use std::path::Path;
use studio::app::{Screen, Studio};
use studio::screen::hexlock::play::Play;
use studio::screen::online::{CODENAME_ID, PASSWORD_ID};
use studio::settings::{self, Settings};

/// Opens the online screen and registers a player through the login form.
pub fn register(d: &Driver, s: &mut Studio, codename: &str) -> Result<(), Error> {
    if !matches!(s.screen(), Screen::Online) {
        d.click(s, "Online")?;
    }
    d.type_into(s, CODENAME_ID, codename)?;
    d.type_into(s, PASSWORD_ID, "correct horse")?;
    d.click(s, "Register")?;
    assert_eq!(
        s.online().codename(),
        Some(codename),
        "{}",
        s.online().status()
    );
    Ok(())
}

pub fn playing(s: &Studio) -> Option<&Play> {
    match s.screen() {
        Screen::Play(p, _) => Some(p),
        _ => None,
    }
}

pub fn remote(url: &str) -> Settings {
    Settings {
        server: settings::ServerChoice::Remote,
        server_url: Some(url.to_string()),
        ..Settings::default()
    }
}

pub fn server_config(data: &Path) -> Config {
    Config {
        bind: "127.0.0.1:0".parse().expect("addr"),
        rate_limit: 0.0,
        password_memory_kib: 64,
        ..studio::online::embedded::config(data)
    }
}

pub fn total(s: &Studio) -> i64 {
    s.online().cache().scores.as_ref().map_or(0, |sc| sc.total)
}

/// AAA on their studio's embedded server, and BBB on another studio that names that server as
/// its remote: two players, one real server. The homes are returned to keep them alive.
pub fn two_players(d: &Driver) -> Result<(Studio, Studio, [tempfile::TempDir; 2]), Error> {
    let homes = [
        tempfile::tempdir().expect("home"),
        tempfile::tempdir().expect("home"),
    ];
    let mut a = d.studio_at(homes[0].path(), Settings::default());
    register(d, &mut a, "AAA")?;
    let url = a.online().url().map(String::from).expect("url");
    let mut b = d.studio_at(homes[1].path(), remote(&url));
    assert!(b.online().summary().contains(&url));
    register(d, &mut b, "BBB")?;
    Ok((a, b, homes))
}

/// Publishes the lock open in the editor, which has no saved solution, with the one the solver
/// finds; returns its name.
pub fn publish_open_lock(d: &Driver, s: &mut Studio) -> Result<String, Error> {
    let name = s
        .document()
        .editor::<studio::screen::hexlock::editor::Editor>()
        .and_then(|e| e.lock())
        .map(|l| l.info.name.clone())
        .expect("a lock");
    d.click(s, &format!("Publish «{name}» here"))?;
    assert!(sees(s, "Solve and publish"), "{}", s.online().status());
    d.click(s, "Solve and publish")?;
    Ok(name)
}

/// A server started by the test, and a studio whose player has published Ball Stop on it.
pub fn publisher_on_a_test_server(
    d: &Driver,
    home: &Path,
    data: &Path,
    codename: &str,
) -> Result<(Studio, Running), Error> {
    let running =
        d.rt.block_on(Running::start(server_config(data)))
            .expect("server");
    let mut s = d.studio_at(home, remote(&running.url()));
    register(d, &mut s, codename)?;
    d.click(&mut s, "Publish «Ball Stop» here")?;
    d.click(&mut s, "Solve and publish")?;
    Ok((s, running))
}
