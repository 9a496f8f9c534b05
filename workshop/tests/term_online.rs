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

#[test]
fn the_metagame_is_joined_played_and_followed_from_the_terminal() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let data = tempfile::tempdir().expect("data");
    let config = Config {
        data: data.path().to_path_buf(),
        bind: "127.0.0.1:0".parse().expect("addr"),
        rate_limit: 0.0,
        // Cheap hashing: the machine has two cores.
        password_memory_kib: 64,
        ..Config::default()
    };
    let running = runtime
        .block_on(Running::start(config))
        .expect("the server starts");
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
