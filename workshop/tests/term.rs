//! The terminal client's screens, drawn into ratatui's test backend at 80×24 (the smallest
//! terminal it promises) and read back as text: the list of lessons and puzzles, a hex lock in
//! play, a blocked turn, the "opened" moment with the tutorial's progress saved, the settings'
//! key bindings, and monochrome.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Color;
use std::path::Path;
use workshop::settings::Settings;
use workshop::term::{App, Look, Start};
use workshop::tutorial::{Progress, Series};

fn app(home: &Path, settings: Settings, colour: bool) -> App {
    let folder = home.join("locks");
    std::fs::create_dir_all(&folder).expect("folder");
    App::new(Start {
        path: Some(folder),
        settings,
        tutorial: Some(home.join("data/tutorial.toml")),
        look: Look { colour },
    })
}

fn terminal() -> Terminal<TestBackend> {
    Terminal::new(TestBackend::new(80, 24)).expect("a test terminal")
}

/// The screen as lines of text, trailing spaces cut.
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

fn press(app: &mut App, code: KeyCode) {
    app.key(KeyEvent::new(code, KeyModifiers::NONE));
}

fn shows(lines: &[String], what: &str) -> bool {
    lines.iter().any(|l| l.contains(what))
}

/// The first lesson's lock, as the terminal draws it: the rows of its file's grid.
const LESSON_ONE_GRID: [&str; 7] = [
    "   . . : /",
    "  . . . @ %",
    " . . . . . .",
    ". . . . . . .",
    " . . . . . .",
    "  . . . . .",
    "   . . . .",
];

#[test]
fn the_list_offers_the_lessons_with_the_first_unopened_chosen() {
    let home = tempfile::tempdir().expect("home");
    std::fs::create_dir_all(home.path().join("locks")).expect("folder");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../templates/hexlock/starter/ball-stop.lock"),
        home.path().join("locks/ball-stop.lock"),
    )
    .expect("a lock in the folder");
    let app = app(home.path(), Settings::default(), true);
    let lines = screen(&app, &mut terminal());
    assert_eq!(lines[0], "Lockwright");
    assert!(
        shows(&lines, "›   Lesson  1: Clear the Bolthole  (Hex locks)"),
        "{lines:#?}"
    );
    assert!(shows(&lines, "Lesson  2: Push"), "{lines:#?}");
    assert!(
        shows(&lines, "↑↓ choose · enter play · click a row · q quit"),
        "the help line: {lines:#?}"
    );
    // The folder's puzzle is further down the list: one arrow per row reaches it.
    let mut app = app;
    let lessons = Series::HexLock.lessons().len() + Series::Sliding.lessons().len();
    for _ in 0..lessons {
        press(&mut app, KeyCode::Down);
    }
    let lines = screen(&app, &mut terminal());
    assert!(
        shows(&lines, "›   ball-stop.lock  (hex lock)"),
        "{lines:#?}"
    );
}

#[test]
fn a_lesson_plays_with_the_studios_keys_and_its_opening_is_kept_in_the_shared_progress() {
    let home = tempfile::tempdir().expect("home");
    let mut app = app(home.path(), Settings::default(), true);
    let mut t = terminal();
    press(&mut app, KeyCode::Enter);
    let lines = screen(&app, &mut t);
    assert_eq!(lines[0], "Lockwright · Clear the Bolthole");
    for (row, expected) in LESSON_ONE_GRID.iter().enumerate() {
        assert!(
            lines[1 + row].starts_with(expected),
            "row {row}: {:?} is not {expected:?}\n{lines:#?}",
            lines[1 + row]
        );
    }
    assert!(shows(&lines, "Moves: 0"), "{lines:#?}");
    assert!(
        shows(&lines, "hook w e a d z x · turn q r · wrench u i h k n m"),
        "the help line names the studio's keys: {lines:#?}"
    );
    // The lesson's solution, hSW wSW, by the default keys z and n.
    press(&mut app, KeyCode::Char('z'));
    assert!(shows(&screen(&app, &mut t), "Moves: 1"));
    press(&mut app, KeyCode::Char('n'));
    let lines = screen(&app, &mut t);
    assert!(shows(&lines, "Moves: 2"), "{lines:#?}");
    assert!(shows(&lines, "OPENED"), "{lines:#?}");
    assert!(shows(&lines, "Opened in 2 moves!"), "{lines:#?}");
    let kept = Progress::load(&home.path().join("data/tutorial.toml"))
        .expect("read")
        .expect("the progress was written");
    assert!(
        kept.track(Series::HexLock)
            .opened
            .contains("01-clear-the-bolthole"),
        "{kept:?}"
    );
    // An open lock takes no more moves; undo takes one back and the moment passes.
    press(&mut app, KeyCode::Char('a'));
    assert!(shows(&screen(&app, &mut t), "Moves: 2"));
    app.key(KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL));
    let lines = screen(&app, &mut t);
    assert!(
        shows(&lines, "Moves: 1") && !shows(&lines, "OPENED"),
        "{lines:#?}"
    );
    // Back on the list, the lesson is ticked and the next one chosen.
    press(&mut app, KeyCode::Esc);
    let lines = screen(&app, &mut t);
    assert!(
        shows(&lines, "✓ Lesson  1: Clear the Bolthole"),
        "{lines:#?}"
    );
    let reopened = self::app(home.path(), Settings::default(), true);
    let lines = screen(&reopened, &mut t);
    assert!(shows(&lines, "›   Lesson  2: Push"), "{lines:#?}");
}

#[test]
fn a_blocked_turn_is_marked_on_the_grid_and_said_beside_it() {
    let home = tempfile::tempdir().expect("home");
    let mut app = app(home.path(), Settings::default(), true);
    let mut t = terminal();
    press(&mut app, KeyCode::Enter);
    // The wrench pushed north-east meets the frame.
    press(&mut app, KeyCode::Char('i'));
    let lines = screen(&app, &mut t);
    assert!(shows(&lines, "Last move: wNE"), "{lines:#?}");
    assert!(shows(&lines, "Blocked (marked on the grid):"), "{lines:#?}");
    // The wrench's cell (row 2, the `%`) is drawn marked: dark on orange.
    let buffer = t.backend().buffer();
    let row = 2u16;
    let wrench = (0..buffer.area.width)
        .map(|x| &buffer[(x, row)])
        .find(|c| c.symbol() == "%")
        .expect("the wrench is drawn");
    assert_eq!(wrench.bg, Color::Rgb(255, 140, 0), "blocked: orange");
}

#[test]
fn a_key_bound_in_the_settings_moves_the_hook_in_the_terminal_too() {
    let home = tempfile::tempdir().expect("home");
    let mut settings = Settings::default();
    let table = [("hook-sw".to_string(), "j".to_string())]
        .into_iter()
        .collect();
    let (keys, problems) = workshop::keys::Bindings::from_table(&table);
    assert!(problems.is_empty(), "{problems:?}");
    settings.keys = keys;
    let mut app = app(home.path(), settings, true);
    let mut t = terminal();
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Char('j'));
    let lines = screen(&app, &mut t);
    assert!(shows(&lines, "Last move: hSW"), "{lines:#?}");
    assert!(
        shows(&lines, "hook w e a d j x"),
        "the help line follows: {lines:#?}"
    );
}

#[test]
fn monochrome_tells_pieces_apart_by_glyph_alone_and_marks_by_emphasis() {
    let home = tempfile::tempdir().expect("home");
    let mut app = app(home.path(), Settings::default(), false);
    let mut t = terminal();
    press(&mut app, KeyCode::Enter);
    let lines = screen(&app, &mut t);
    assert!(lines[2].starts_with(LESSON_ONE_GRID[1]), "{lines:#?}");
    let buffer = t.backend().buffer();
    assert!(
        buffer
            .content
            .iter()
            .all(|c| matches!(c.fg, Color::Reset) && matches!(c.bg, Color::Reset)),
        "no colour anywhere"
    );
}

#[test]
fn a_file_of_no_family_is_refused_by_name() {
    let home = tempfile::tempdir().expect("home");
    let file = home.path().join("notes.txt");
    std::fs::write(&file, "hello").expect("file");
    let app = App::new(Start {
        path: Some(file),
        settings: Settings::default(),
        tutorial: None,
        look: Look { colour: true },
    });
    let lines = screen(&app, &mut terminal());
    assert!(shows(&lines, "notes.txt"), "{lines:#?}");
    assert!(shows(&lines, "Lesson  1"), "the list stays: {lines:#?}");
}

#[test]
fn a_puzzle_named_on_the_command_line_opens_at_once() {
    let home = tempfile::tempdir().expect("home");
    let file = home.path().join("ball-stop.lock");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../templates/hexlock/starter/ball-stop.lock"),
        &file,
    )
    .expect("a lock");
    let app = App::new(Start {
        path: Some(file),
        settings: Settings::default(),
        tutorial: None,
        look: Look { colour: true },
    });
    let lines = screen(&app, &mut terminal());
    assert!(lines[0].starts_with("Lockwright · "), "{lines:#?}");
    assert!(shows(&lines, "Moves: 0"), "{lines:#?}");
}

#[test]
fn a_sliding_lesson_is_picked_with_tab_and_the_arrows_counted_as_the_seed_counts() {
    let home = tempfile::tempdir().expect("home");
    let mut app = app(home.path(), Settings::default(), true);
    let mut t = terminal();
    for _ in 0..Series::HexLock.lessons().len() {
        press(&mut app, KeyCode::Down);
    }
    let lines = screen(&app, &mut t);
    assert!(
        shows(
            &lines,
            "›   Lesson  1: The Key and the Keyhole  (Sliding locks)"
        ),
        "{lines:#?}"
    );
    press(&mut app, KeyCode::Enter);
    let lines = screen(&app, &mut t);
    assert_eq!(lines[0], "Lockwright · The Key and the Keyhole");
    for (row, expected) in [
        "4 . . . .",
        "3 . . a .",
        "2 K K a @",
        "1 . . . .",
        "  A B C D",
    ]
    .iter()
    .enumerate()
    {
        assert!(
            lines[1 + row].starts_with(expected),
            "row {row}: {:?} is not {expected:?}\n{lines:#?}",
            lines[1 + row]
        );
    }
    assert!(shows(&lines, "Tab chooses a piece."), "{lines:#?}");
    // An arrow with nothing chosen says what to do, and counts nothing.
    press(&mut app, KeyCode::Right);
    let lines = screen(&app, &mut t);
    assert!(shows(&lines, "Choose a piece first: Tab"), "{lines:#?}");
    assert!(shows(&lines, "Moves: 0"), "{lines:#?}");
    // Tab visits the pieces top row first: the piece a (C23), then the Key.
    press(&mut app, KeyCode::Tab);
    assert!(shows(
        &screen(&app, &mut t),
        "C23 selected: the arrows slide it"
    ));
    // The Key cannot go through a: refused, with the reason.
    press(&mut app, KeyCode::Tab);
    press(&mut app, KeyCode::Right);
    let lines = screen(&app, &mut t);
    assert!(
        shows(&lines, "Moves: 0"),
        "a refused slide is no move: {lines:#?}"
    );
    // Back to a, up one; then the Key to the right: picked in two moves.
    press(&mut app, KeyCode::Tab);
    press(&mut app, KeyCode::Up);
    press(&mut app, KeyCode::Tab);
    press(&mut app, KeyCode::Right);
    let lines = screen(&app, &mut t);
    assert!(shows(&lines, "Moves: 2"), "{lines:#?}");
    assert!(shows(&lines, "PICKED"), "{lines:#?}");
    assert!(shows(&lines, "Picked in 2 moves!"), "{lines:#?}");
    assert!(
        shows(&lines, "C23 U1, Key R1"),
        "the moves in the seed's notation: {lines:#?}"
    );
    assert!(
        shows(&lines, "slide or turn ↑ ↓ ← →"),
        "the help line: {lines:#?}"
    );
    let kept = Progress::load(&home.path().join("data/tutorial.toml"))
        .expect("read")
        .expect("the progress was written");
    assert!(
        kept.track(Series::Sliding)
            .opened
            .contains("01-key-and-keyhole"),
        "{kept:?}"
    );
}
