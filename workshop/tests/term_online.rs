//! The metagame in the terminal against a real server, started in this process on 127.0.0.1:
//! registering through the login screen (the token kept where the studio keeps it), the
//! players and scores, publishing a lock with its solution, picking another player's lock,
//! declaring the note once it opens, and the live news of it.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use server::client::Client;
use server::config::Config;
use server::server::Running;
use std::path::Path;
use workshop::settings::Settings;
use workshop::term::{App, Look, Start};
use workshop::tutorial::Series;

fn screen(app: &App, t: &mut Terminal<TestBackend>) -> Vec<String> {
    t.draw(|f| app.draw(f)).expect("drawn");
    let buffer = t.backend().buffer();
    let width = buffer.area.width as usize;
    buffer
        .content
        .chunks(width)
        .map(|row| {
            row.iter()
                .map(|c| c.symbol())
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect()
}

fn shows(lines: &[String], what: &str) -> bool {
    lines.iter().any(|l| l.contains(what))
}

fn press(app: &mut App, code: KeyCode) {
    app.key(KeyEvent::new(code, KeyModifiers::NONE));
}

fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        press(app, KeyCode::Char(c));
    }
}

fn starter(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../templates/hexlock/starter")
        .join(name)
}

/// The key the studio's default bindings give a hex lock move.
fn key_of(mv: engine::hexlock::Move) -> char {
    use engine::hexlock::Move;
    use engine::{Dir, Rotation};
    match mv {
        Move::Hook(Dir::NW) => 'w',
        Move::Hook(Dir::NE) => 'e',
        Move::Hook(Dir::W) => 'a',
        Move::Hook(Dir::E) => 'd',
        Move::Hook(Dir::SW) => 'z',
        Move::Hook(Dir::SE) => 'x',
        Move::HookTurn(Rotation::Anticlockwise) => 'q',
        Move::HookTurn(Rotation::Clockwise) => 'r',
        Move::Wrench(Dir::NW) => 'u',
        Move::Wrench(Dir::NE) => 'i',
        Move::Wrench(Dir::W) => 'h',
        Move::Wrench(Dir::E) => 'k',
        Move::Wrench(Dir::SW) => 'n',
        Move::Wrench(Dir::SE) => 'm',
        Move::Wait => ' ',
    }
}

/// A real server on 127.0.0.1, its match clocks `speed` times real time.
fn server(speed: f64) -> (tokio::runtime::Runtime, Running, tempfile::TempDir) {
    let runtime = server::testing::runtime();
    let data = tempfile::tempdir().expect("data");
    let config = Config {
        match_speed: speed,
        ..server::testing::config(data.path())
    };
    let running = runtime
        .block_on(Running::start(config))
        .expect("the server starts");
    (runtime, running, data)
}

/// The terminal client of a player whose login is kept in `home`, on `url`.
fn client_app(home: &Path, url: &str) -> App {
    let folder = home.join("locks");
    std::fs::create_dir_all(&folder).expect("folder");
    App::new(Start {
        path: Some(folder),
        settings: Settings::default(),
        tutorial: None,
        games: None,
        server: url.to_string(),
        tokens: Some(home.join("tokens.toml")),
        look: Look { colour: true },
    })
}

/// Opens the metagame, which stands after the lessons on the list.
fn open_the_metagame(app: &mut App) {
    let lessons = Series::HexLock.lessons().len() + Series::Sliding.lessons().len();
    for _ in 0..lessons {
        press(app, KeyCode::Down);
    }
    press(app, KeyCode::Enter);
}

/// Calls `tick` and draws until the screen shows `what`; the screen as it was then. A bound on
/// waiting for the server's clocks and stream, not a measure of speed.
fn wait_for(app: &mut App, t: &mut Terminal<TestBackend>, what: &str) -> Vec<String> {
    let mut lines = Vec::new();
    for _ in 0..600 {
        app.tick();
        lines = screen(app, t);
        if shows(&lines, what) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(25));
    }
    lines
}

#[test]
fn the_metagame_is_joined_played_and_followed_from_the_terminal() {
    let (runtime, running, _data) = server(1.0);
    let url = running.url();

    // Bob is already there, with a lock in his first slot.
    let read = |p: &Path| std::fs::read_to_string(p).expect("read");
    runtime.block_on(async {
        let mut bob = Client::new(&url);
        let session = bob.register("BOB", "bobs-password").await.expect("bob");
        let bob = Client::new(&url).with_token(session.token);
        bob.publish(
            1,
            &read(&starter("ball-stop.lock")),
            &read(&starter("ball-stop.solution")),
        )
        .await
        .expect("bob's lock");
    });

    // Alice's folder holds a lock of her own, with its solution.
    let home = tempfile::tempdir().expect("home");
    let folder = home.path().join("locks");
    std::fs::create_dir_all(&folder).expect("folder");
    for f in ["pivot-gate.lock", "pivot-gate.solution"] {
        std::fs::copy(starter(f), folder.join(f)).expect("copy");
    }
    let tokens = home.path().join("tokens.toml");
    let mut app = App::new(Start {
        path: Some(folder),
        settings: Settings::default(),
        tutorial: None,
        games: None,
        server: url.clone(),
        tokens: Some(tokens.clone()),
        look: Look { colour: true },
    });
    let mut t = Terminal::new(TestBackend::new(80, 24)).expect("terminal");

    // The metagame stands after the lessons on the list.
    let lessons = Series::HexLock.lessons().len() + Series::Sliding.lessons().len();
    for _ in 0..lessons {
        press(&mut app, KeyCode::Down);
    }
    let lines = screen(&app, &mut t);
    assert!(shows(&lines, "›   The metagame"), "{lines:#?}");
    press(&mut app, KeyCode::Enter);
    let lines = screen(&app, &mut t);
    assert!(shows(&lines, &format!("Log in on {url}")), "{lines:#?}");

    // Registering through the form: codename (typed in capitals), Tab, password, F2 for a new player, Enter.
    type_text(&mut app, "ali");
    press(&mut app, KeyCode::Tab);
    type_text(&mut app, "alices-password");
    let lines = screen(&app, &mut t);
    assert!(shows(&lines, "Codename: ALI"), "{lines:#?}");
    assert!(
        shows(&lines, &format!("Password: {}", "•".repeat(15))),
        "the password is never shown: {lines:#?}"
    );
    press(&mut app, KeyCode::F(2));
    press(&mut app, KeyCode::Enter);
    let lines = screen(&app, &mut t);
    assert!(shows(&lines, &format!("ALI on {url}")), "{lines:#?}");
    assert!(shows(&lines, "BOB"), "the players: {lines:#?}");
    // The news says from when it is followed: what happens before is not told.
    let lines = wait_for(&mut app, &mut t, "Following the live news.");
    assert!(shows(&lines, "Following the live news."), "{lines:#?}");
    let kept = workshop::tokens::load(&tokens).expect("tokens");
    assert_eq!(
        kept.login(&url, None).map(|(who, _)| who).as_deref(),
        Some("ALI"),
        "the login is kept where the studio and the command line find it"
    );

    // Publishing her lock into slot 2, with the solution beside it.
    press(&mut app, KeyCode::Char('p'));
    let lines = screen(&app, &mut t);
    assert!(shows(&lines, "pivot-gate.lock"), "{lines:#?}");
    press(&mut app, KeyCode::Char('2'));
    press(&mut app, KeyCode::Enter);
    let lines = screen(&app, &mut t);
    assert!(shows(&lines, "in slot 2."), "{lines:#?}");

    // Bob's slots, and his lock picked.
    press(&mut app, KeyCode::Enter);
    let lines = screen(&app, &mut t);
    assert!(shows(&lines, "› Slot 1: lock"), "{lines:#?}");
    assert!(shows(&lines, "\"Ball Stop\""), "{lines:#?}");
    press(&mut app, KeyCode::Enter);
    let lines = screen(&app, &mut t);
    assert_eq!(lines[0], "Lockwright · Ball Stop", "{lines:#?}");
    assert!(
        !shows(&lines, "solve"),
        "no solver is offered on another player's lock: {lines:#?}"
    );
    let solution =
        lockfmt::hexlock::parse_solution(&read(&starter("ball-stop.solution"))).expect("solution");
    for mv in solution.moves {
        press(&mut app, KeyCode::Char(key_of(mv)));
    }
    let lines = screen(&app, &mut t);
    assert!(shows(&lines, "Secure your note behind"), "{lines:#?}");
    press(&mut app, KeyCode::Char('2'));
    let lines = screen(&app, &mut t);
    assert!(shows(&lines, "Declared note"), "{lines:#?}");

    // The news of it arrives on the live stream.
    let mut news = Vec::new();
    for _ in 0..200 {
        app.tick();
        news = screen(&app, &mut t);
        if shows(&news, "ALI declared a note on BOB's lock") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(25));
    }
    assert!(
        shows(&news, "ALI declared a note on BOB's lock"),
        "{news:#?}"
    );

    drop(app);
    runtime.block_on(running.stop()).expect("the server stops");
}

#[test]
fn a_death_match_is_answered_and_drafted_from_the_terminal_with_its_clock_shown() {
    // Clocks thirty times real time: the 90 s of assessing pass in 3 s.
    let (runtime, running, _data) = server(30.0);
    let url = running.url();
    let home = tempfile::tempdir().expect("home");
    // ALI has logged in before (the token is where the command line keeps it); BOB calls her.
    let bob = runtime.block_on(async {
        let mut ali = Client::new(&url);
        let session = ali.register("ALI", "alis-password").await.expect("ALI");
        workshop::tokens::save(
            &home.path().join("tokens.toml"),
            &url,
            "ALI",
            &session.token,
        )
        .expect("token kept");
        let mut bob = Client::new(&url);
        let session = bob.register("BOB", "bobs-password").await.expect("BOB");
        let bob = Client::new(&url).with_token(session.token);
        bob.challenge(&server::death_match_host::view::Challenge {
            opponent: "ALI".into(),
            seed: Some(7),
            ..Default::default()
        })
        .await
        .expect("the call");
        bob
    });
    let mut app = client_app(home.path(), &url);
    let mut t = Terminal::new(TestBackend::new(100, 30)).expect("terminal");
    open_the_metagame(&mut app);
    let lines = screen(&app, &mut t);
    assert!(
        shows(&lines, &format!("ALI on {url}")),
        "logged in at once: {lines:#?}"
    );
    press(&mut app, KeyCode::Char('m'));
    let lines = screen(&app, &mut t);
    assert!(
        shows(&lines, "› #1 BOB v ALI: called, not yet accepted"),
        "{lines:#?}"
    );
    // Accepted: the match is followed, its first phase on the clock.
    press(&mut app, KeyCode::Char('a'));
    let lines = screen(&app, &mut t);
    assert!(shows(&lines, "Accepted match 1."), "{lines:#?}");
    assert!(shows(&lines, "Match 1: BOB v ALI · round 1"), "{lines:#?}");
    assert!(shows(&lines, "Phase: the assessment"), "{lines:#?}");
    assert!(shows(&lines, " s left"), "the clock: {lines:#?}");
    assert!(
        shows(&lines, "f: draft first · s: draft second"),
        "the challenged player chooses the order: {lines:#?}"
    );
    press(&mut app, KeyCode::Char('f'));
    let lines = screen(&app, &mut t);
    assert!(shows(&lines, "Done: choose the draft order."), "{lines:#?}");
    // The draft begins when the assessing time is out; ALI drafts first.
    let lines = wait_for(&mut app, &mut t, "type a piece's number, Enter: draft it");
    let left = lines
        .iter()
        .find_map(|l| l.split("Left to draft: ").nth(1))
        .unwrap_or_else(|| panic!("the pieces left: {lines:#?}"));
    let first: String = left.chars().take_while(char::is_ascii_digit).collect();
    assert!(!first.is_empty(), "{left}");
    for c in first.chars() {
        press(&mut app, KeyCode::Char(c));
    }
    press(&mut app, KeyCode::Enter);
    let lines = screen(&app, &mut t);
    assert!(
        shows(&lines, &format!("ALI drafted: {first}=")),
        "{lines:#?}"
    );
    // BOB sees it too: the terminal's draft went to the server.
    let seen = runtime
        .block_on(bob.death_match(1))
        .expect("BOB reads the match");
    assert_eq!(seen.drafted.challenged.len(), 1, "{seen:?}");
    drop(app);
    runtime.block_on(running.stop()).expect("the server stops");
}

/// The live news outlives its server: when the stream ends (the server restarted, or went
/// away behind a proxy that has others), the terminal says so and follows again once a server
/// answers at the address, and the news goes on. Regression: the third line of news was kept
/// but never shown (the news area had room for two).
#[test]
fn the_live_news_is_followed_again_after_the_server_comes_back() {
    let (runtime, running, data) = server(1.0);
    let url = running.url();
    let addr = running.addr;
    let home = tempfile::tempdir().expect("home");
    let mut app = client_app(home.path(), &url);
    let mut t = Terminal::new(TestBackend::new(100, 30)).expect("terminal");
    open_the_metagame(&mut app);
    type_text(&mut app, "ali");
    press(&mut app, KeyCode::Tab);
    type_text(&mut app, "alices-password");
    press(&mut app, KeyCode::F(2));
    press(&mut app, KeyCode::Enter);
    let lines = screen(&app, &mut t);
    assert!(shows(&lines, &format!("ALI on {url}")), "{lines:#?}");
    wait_for(&mut app, &mut t, "Following the live news.");
    // Following: another player's arrival is news.
    runtime.block_on(async {
        let mut cat = Client::new(&url);
        cat.register("CAT", "cats-password").await.expect("cat");
    });
    let lines = wait_for(&mut app, &mut t, "CAT joined.");
    assert!(shows(&lines, "CAT joined."), "{lines:#?}");

    runtime.block_on(running.stop()).expect("the server stops");
    let lines = wait_for(&mut app, &mut t, "The live news was lost");
    assert!(shows(&lines, "The live news was lost"), "{lines:#?}");

    // The server comes back at the same address, on the same data.
    let config = Config {
        bind: addr,
        ..server::testing::config(data.path())
    };
    let running = runtime
        .block_on(Running::start(config))
        .expect("the server starts again");
    let lines = wait_for(&mut app, &mut t, "Following the live news again");
    assert!(shows(&lines, "Following the live news again"), "{lines:#?}");
    runtime.block_on(async {
        let mut bob = Client::new(&url);
        bob.register("BOB", "bobs-password").await.expect("bob");
    });
    let lines = wait_for(&mut app, &mut t, "BOB joined.");
    assert!(shows(&lines, "BOB joined."), "{lines:#?}");

    drop(app);
    runtime.block_on(running.stop()).expect("the server stops");
}
