//! The player's client in the studio against real servers on 127.0.0.1: the studio's own
//! embedded server, and servers started by the test. Every task the studio returns is run for
//! real, so each request reaches the server and each file is written.

mod common;

use common::{Driver, sees};
use iced::futures::StreamExt;
use iced_test::Error;
use server::config::Config;
use server::server::Running;
use std::path::Path;
use studio::app::{Message, Origin, Screen, Studio};
use studio::online::live::Live;
use studio::screen::folder;
use studio::screen::hexlock::play::{self, Play};
use studio::screen::online::{self, CODENAME_ID, Connection, PASSWORD_ID};
use studio::settings::{self, Settings};

/// Opens the online screen and registers a player through the login form.
fn register(d: &Driver, s: &mut Studio, codename: &str) -> Result<(), Error> {
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

fn playing(s: &Studio) -> Option<&Play> {
    match s.screen() {
        Screen::Play(p, _) => Some(p),
        _ => None,
    }
}

fn remote(url: &str) -> Settings {
    Settings {
        server: settings::ServerChoice::Remote,
        server_url: Some(url.to_string()),
        ..Settings::default()
    }
}

fn server_config(data: &Path) -> Config {
    Config {
        bind: "127.0.0.1:0".parse().expect("addr"),
        rate_limit: 0.0,
        password_memory_kib: 64,
        ..studio::online::embedded::config(data)
    }
}

fn total(s: &Studio) -> i64 {
    s.online().cache().scores.as_ref().map_or(0, |sc| sc.total)
}

/// AAA on their studio's embedded server, and BBB on another studio that names that server as
/// its remote: two players, one real server. The homes are returned to keep them alive.
fn two_players(d: &Driver) -> Result<(Studio, Studio, [tempfile::TempDir; 2]), Error> {
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

#[test]
fn out_of_the_box_the_studio_runs_its_own_server_on_loopback() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = d.studio_at(home.path(), Settings::default());
    let url = s
        .online()
        .url()
        .map(String::from)
        .expect("the embedded server runs");
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    assert!(
        home.path().join("data/server").is_dir(),
        "its database lives in the data folder"
    );
    assert!(
        sees(&s, &s.online().summary()),
        "the side panel always says which server"
    );
    assert!(s.online().summary().contains("the embedded server"));
    register(&d, &mut s, "AAA")?;
    assert!(
        sees(&s, "Your slots"),
        "after registering, the player's own slots show"
    );
    assert!(sees(&s, "Publish «Ball Stop» here"), "the editor's lock");
    // With a puzzle of another family in the editor, the slot says what it takes.
    common::editing::put_and_open(
        &d,
        &mut s,
        "dot.non",
        "width 1\nheight 1\n\nrows\n1\n\ncolumns\n1\n",
    );
    d.click(&mut s, "Online")?;
    assert!(sees(&s, "Open a hex lock in the editor to publish it here"));
    Ok(())
}

/// Publishes the lock open in the editor, which has no saved solution, with the one the solver
/// finds; returns its name.
fn publish_open_lock(d: &Driver, s: &mut Studio) -> Result<String, Error> {
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

/// Two studios, one server: AAA's embedded server, which BBB's studio names as its remote.
#[test]
fn register_publish_pick_declare_and_see_the_score_move() -> Result<(), Error> {
    let d = Driver::new();
    let (mut a, mut b, _homes) = two_players(&d)?;

    // AAA publishes the open lock, which has no saved solution: the solver finds one once
    // AAA agrees.
    let name = publish_open_lock(&d, &mut a)?;
    assert!(
        a.online().status().starts_with("published lock"),
        "{}",
        a.online().status()
    );
    let me = a.online().me().expect("AAA's slots");
    assert_eq!(
        me.slots[0].lock.as_ref().map(|l| l.name.as_str()),
        Some(name.as_str())
    );
    assert!(sees(&a, &format!("Slot 1: «{name}» (lock 1, size 4)")));

    // BBB publishes with the solution saved beside the lock.
    let gate = b.folder().path().join("pivot-gate.lock");
    std::fs::write(
        gate.with_extension("solution"),
        include_str!("../../templates/hexlock/starter/pivot-gate.solution"),
    )
    .expect("solution");
    d.send(&mut b, Message::Folder(folder::Message::Open(gate)));
    d.click(&mut b, "Online")?;
    d.click(&mut b, "Publish «Pivot Gate» here")?;
    assert!(
        b.online().status().starts_with("published lock 2"),
        "{}",
        b.online().status()
    );
    d.send(&mut b, Message::Online(online::Message::Refresh));
    let before = total(&b);

    // BBB picks AAA's lock: it opens in play mode.
    d.click(&mut b, "AAA · score 0")?;
    assert!(sees(&b, "AAA's slots"));
    d.click(&mut b, "Pick")?;
    assert!(
        matches!(b.screen(), Screen::Play(_, Origin::Picked(_))),
        "the picked lock is in play"
    );
    // The solver is off for another player's lock: picking it is the game.
    assert!(sees(
        &b,
        "off for AAA's lock: picking it is the game (your own locks and files keep it)"
    ));
    assert!(!sees(&b, "Solve"), "no Solve button on AAA's lock");
    d.send(&mut b, Message::Play(play::Message::Solve));
    assert!(
        playing(&b).is_some_and(|p| p.solver().is_none() && p.solver_off().is_some()),
        "a Solve sent anyway (its key) starts nothing"
    );
    let solution = lockfmt::hexlock::parse_solution(include_str!(
        "../../templates/hexlock/starter/ball-stop.solution"
    ))
    .expect("solution");
    for &mv in &solution.moves {
        d.send(&mut b, Message::Play(play::Message::Move(mv)));
    }
    assert!(playing(&b).is_some_and(|p| p.session().is_open()));

    // Opened: the declaration is offered, with the reason each slot cannot hold the note.
    assert!(sees(&b, "You opened AAA's «Ball Stop» in 1 move."));
    assert!(sees(&b, "slot 2 is empty"));
    d.click(&mut b, "slot 1: «Pivot Gate»")?;
    assert!(
        b.online().status().starts_with("declared"),
        "{}",
        b.online().status()
    );
    assert!(b.online().declaring().is_none());
    assert_eq!(
        total(&b),
        before + 3,
        "BBB accesses AAA's slot 1, then the two empty ones"
    );
    d.click(&mut b, "Back to online")?;
    assert!(sees(&b, "AAA · score +3"));

    // AAA sees the note on the lock, by BBB, behind BBB's slot 1, but has not read it.
    d.send(&mut a, Message::Online(online::Message::Refresh));
    assert_eq!(total(&a), -3);
    assert!(sees(&a, "note 1 by BBB, behind BBB:1 · not read"));
    // BBB has read the note: it is playable on the canvas.
    assert!(sees(&b, "Notes you have read"));
    assert!(sees(&b, "BBB's note on AAA:1 «Ball Stop»"));
    let moves = lockfmt::hexlock::format_moves(&solution.moves);
    assert!(sees(&b, &moves), "the note's solution is shown: {moves}");
    d.click(&mut b, "Play")?;
    assert!(matches!(b.screen(), Screen::Play(_, Origin::Note)));
    let p = playing(&b).expect("playing the note");
    assert_eq!(p.at(), 0, "the note starts at the beginning");
    assert_eq!(
        p.session().all_moves().len(),
        1,
        "with its moves ready to redo"
    );
    d.send(&mut b, Message::Play(play::Message::Redo));
    assert!(playing(&b).is_some_and(|p| p.session().is_open()));

    // AAA's own lock, played from the server, keeps the solver: only picking another
    // player's lock is the game.
    let slot = a.online().me().expect("AAA's slots").slots[0]
        .lock
        .clone()
        .expect("AAA's lock");
    let text = common::starter("ball-stop.lock");
    let own = server::protocol::LockView {
        id: slot.id,
        owner: "AAA".into(),
        slot: 1,
        name: slot.name.clone(),
        size: slot.size,
        retired: false,
        public: slot.public,
        accessed: true,
        notes: Vec::new(),
        text: text.clone(),
    };
    let lock = lockfmt::hexlock::parse(&text)
        .valid_lock()
        .cloned()
        .expect("a lock");
    d.send(
        &mut a,
        Message::ServerLockRead(Box::new(own), None, Some(Box::new(lock))),
    );
    assert!(
        playing(&a).is_some_and(|p| p.solver_off().is_none()),
        "the author's own lock"
    );
    assert!(sees(&a, "Solve"), "Solve is offered on AAA's own lock");
    Ok(())
}

#[test]
fn retiring_asks_first_and_an_empty_or_public_slot_cannot_hold_a_note() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut a = d.studio_at(home.path(), Settings::default());
    register(&d, &mut a, "CCC")?;
    assert_eq!(
        a.online().holders()[0].1,
        Err("slot 1 is empty".to_string()),
        "nothing to secure a note behind yet"
    );
    d.click(&mut a, "Publish «Ball Stop» here")?;
    d.click(&mut a, "Solve and publish")?;
    assert!(a.online().holders()[0].1.is_ok());
    d.click(&mut a, "Retire")?;
    assert!(
        a.online().me().is_some_and(|m| m.slots[0].lock.is_some()),
        "nothing is retired before the player confirms"
    );
    assert!(sees(
        &a,
        "Retire the lock in slot 1? The notes behind it become public."
    ));
    d.send(
        &mut a,
        Message::Online(online::Message::ConfirmRetire(true)),
    );
    assert!(
        a.online().status().starts_with("retired lock 1"),
        "{}",
        a.online().status()
    );
    assert!(a.online().me().is_some_and(|m| m.slots[0].lock.is_none()));
    Ok(())
}

#[test]
fn live_events_from_the_server_update_the_screen() -> Result<(), Error> {
    let d = Driver::new();
    let (mut a, mut b, _homes) = two_players(&d)?;

    // The studio follows the events while it is online and logged in.
    let (live_url, token) = a.online().live().expect("AAA follows the events");
    let mut events = Box::pin(studio::online::live::stream(live_url, token));
    assert_eq!(d.rt.block_on(events.next()), Some(Live::Connected));

    d.click(&mut b, "Publish «Ball Stop» here")?;
    d.click(&mut b, "Solve and publish")?;
    let listed = |a: &Studio| {
        a.online()
            .cache()
            .scores
            .as_ref()
            .and_then(|s| s.scores.iter().find(|p| p.codename == "BBB"))
            .map(|p| p.locks)
    };
    assert_eq!(listed(&a), None, "AAA has not heard of BBB yet");

    // The event arrives on its own, and AAA's screen shows BBB's new lock without a click.
    let event = loop {
        let next = d.rt.block_on(async {
            tokio::time::timeout(std::time::Duration::from_secs(10), events.next()).await
        });
        match next {
            Ok(Some(Live::Event(e @ server::events::Event::Placed { .. }))) => break e,
            Ok(Some(_)) => continue,
            other => panic!("no placed event: {other:?}"),
        }
    };
    d.send(
        &mut a,
        Message::Online(online::Message::Live(Live::Event(event))),
    );
    assert_eq!(listed(&a), Some(1), "the placed lock is counted");
    // AAA has no locks, so BBB accesses all three of AAA's slots.
    assert!(sees(&a, "BBB · score -3"));
    Ok(())
}

/// A server started by the test, and a studio whose player has published Ball Stop on it.
fn publisher_on_a_test_server(
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

/// Another player's lock being picked is taken up where it was left, as a file's game is; left
/// open before the declaration, the declaration is offered again.
#[test]
fn a_picked_lock_is_taken_up_where_it_was_left() -> Result<(), Error> {
    let d = Driver::new();
    let (mut a, mut b, _homes) = two_players(&d)?;
    publish_open_lock(&d, &mut a)?;
    d.send(&mut b, Message::Online(online::Message::Refresh));
    // One lock, in the singular (it said "1 locks").
    assert!(sees(&b, "1 lock; you access 0, they access 3 of yours"));
    let pick = |d: &Driver, b: &mut Studio| -> Result<(), Error> {
        d.send(
            b,
            Message::Online(online::Message::SelectPlayer("AAA".into())),
        );
        d.click(b, "Pick")?;
        assert!(matches!(b.screen(), Screen::Play(_, Origin::Picked(_))));
        Ok(())
    };
    pick(&d, &mut b)?;
    d.click(&mut b, "Wait")?;
    d.send(&mut b, Message::Play(play::Message::Back));
    assert!(sees(&b, "in progress"), "the slot says it");
    pick(&d, &mut b)?;
    assert_eq!(playing(&b).map(Play::at), Some(1), "taken up at its move");
    assert!(sees(
        &b,
        "taken up where you left it: 1 move. Restart starts again"
    ));
    // Opened, then left before declaring: back on it, the declaration waits again.
    d.click(&mut b, "Restart")?;
    let solution = lockfmt::hexlock::parse_solution(include_str!(
        "../../templates/hexlock/starter/ball-stop.solution"
    ))
    .expect("solution");
    for &mv in &solution.moves {
        d.send(&mut b, Message::Play(play::Message::Move(mv)));
    }
    assert!(b.online().declaring().is_some());
    d.send(&mut b, Message::Play(play::Message::Back));
    assert!(b.online().declaring().is_none(), "withdrawn on leaving");
    assert!(sees(&b, "✓ opened"));
    pick(&d, &mut b)?;
    assert!(playing(&b).is_some_and(|p| p.session().is_open()));
    assert!(b.online().declaring().is_some(), "offered again");
    assert!(sees(&b, "You opened AAA's «Ball Stop» in 1 move."));
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

/// Regression: a long lock name pushed the online screen's buttons out of the window: the
/// publish prompt's "Solve and publish" had no room left at all, and a slot's Retire was cut
/// to "Re". The prompt's question wraps in the room the buttons leave, and a slot's buttons
/// go to the next line.
#[test]
fn a_long_lock_name_never_pushes_the_online_buttons_out_of_the_window() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = d.studio_at(home.path(), Settings::default());
    let name = "The Very Long Name of a Lock With Springs";
    let text =
        common::starter("ball-stop.lock").replace("name: Ball Stop", &format!("name: {name}"));
    common::editing::put_and_open(&d, &mut s, "long.lock", &text);
    register(&d, &mut s, "AAA")?;
    d.click(&mut s, &format!("Publish «{name}» here"))?;
    d.click(&mut s, "Solve and publish")?;
    assert!(
        s.online().status().starts_with("published lock 1"),
        "{}",
        s.online().status()
    );
    d.click(&mut s, "Retire")?;
    assert!(sees(
        &s,
        "Retire the lock in slot 1? The notes behind it become public."
    ));
    Ok(())
}
