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
        games: Some(home.join("data/progress.json")),
        server: "http://127.0.0.1:9".into(),
        tokens: Some(home.join("tokens.toml")),
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
    // The lessons, then the metagame, then the folder's puzzles.
    let lessons = Series::HexLock.lessons().len() + Series::Sliding.lessons().len() + 1;
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
        games: None,
        server: "http://127.0.0.1:9".into(),
        tokens: None,
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
        games: None,
        server: "http://127.0.0.1:9".into(),
        tokens: None,
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

/// A template opened from the command line at once.
fn opened(home: &Path, template: &str, name: &str) -> App {
    let file = home.join(name);
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../templates")
            .join(template),
        &file,
    )
    .expect("a puzzle");
    App::new(Start {
        path: Some(file),
        settings: Settings::default(),
        tutorial: None,
        games: Some(home.join("progress.json")),
        server: "http://127.0.0.1:9".into(),
        tokens: None,
        look: Look { colour: true },
    })
}

#[test]
fn a_nonogram_is_played_with_the_cursor_fill_cross_mistakes_and_a_hint_in_words() {
    let home = tempfile::tempdir().expect("home");
    let mut app = opened(home.path(), "nonogram/dancer.non", "dancer.non");
    let mut t = terminal();
    let lines = screen(&app, &mut t);
    assert_eq!(lines[0], "Lockwright · Dancer");
    // The column clues stand above their columns (2,1 / 2,1,3 / 7 / 1,3 / 2,1), the row
    // clues beside their rows, every cell unknown.
    let expected = [
        "      2",
        "    2 1   1 2",
        "    1 3 7 3 1",
        "  2 · · · · ·",
        "2 1 · · · · ·",
    ];
    for (row, want) in expected.iter().enumerate() {
        assert!(
            lines[1 + row].starts_with(want),
            "row {row}: {:?} is not {want:?}\n{lines:#?}",
            lines[1 + row]
        );
    }
    assert!(
        shows(&lines, "Row 1 (clue 2), column 1 (clue 2 1)"),
        "{lines:#?}"
    );
    // Filling the first cell is a mistake (the goal's row 1 is .##..); the check says so.
    press(&mut app, KeyCode::Char('f'));
    press(&mut app, KeyCode::Char('!'));
    let lines = screen(&app, &mut t);
    assert!(
        shows(&lines, "1 cell is wrong: it is marked."),
        "{lines:#?}"
    );
    assert!(shows(&lines, "Moves: 1"), "{lines:#?}");
    // Crossing it instead (cross replaces fill), then a hint in words.
    press(&mut app, KeyCode::Char('c'));
    press(&mut app, KeyCode::Char('?'));
    let lines = screen(&app, &mut t);
    assert!(shows(&lines, "Hint:"), "{lines:#?}");
    // Filled as the goal says, cell by cell with the keys: solved.
    let goal = "01100011010010101110101001010000110010100101111000";
    press(&mut app, KeyCode::Char('c')); // back to unknown
    for (i, c) in goal.chars().enumerate() {
        let (x, y) = (i % 5, i / 5);
        for _ in 0..10 {
            press(&mut app, KeyCode::Up);
            press(&mut app, KeyCode::Left);
        }
        for _ in 0..y {
            press(&mut app, KeyCode::Down);
        }
        for _ in 0..x {
            press(&mut app, KeyCode::Right);
        }
        if c == '1' {
            press(&mut app, KeyCode::Char('f'));
        }
    }
    let lines = screen(&app, &mut t);
    assert!(shows(&lines, "SOLVED"), "{lines:#?}");
    assert!(shows(&lines, "Solved in"), "{lines:#?}");
}

#[test]
fn a_nonogram_too_large_for_the_terminal_says_what_it_needs() {
    let home = tempfile::tempdir().expect("home");
    let rows: Vec<String> = (0..30).map(|_| "1".to_string()).collect();
    let text = format!(
        "width 30\nheight 30\n\nrows\n{}\n\ncolumns\n{}\n",
        rows.join("\n"),
        rows.join("\n")
    );
    let file = home.path().join("big.non");
    std::fs::write(&file, text).expect("write");
    let app = App::new(Start {
        path: Some(file),
        settings: Settings::default(),
        tutorial: None,
        games: None,
        server: "http://127.0.0.1:9".into(),
        tokens: None,
        look: Look { colour: true },
    });
    let lines = screen(&app, &mut terminal());
    assert!(shows(&lines, "This 30×30 nonogram needs"), "{lines:#?}");
}

#[test]
fn a_quadrillion_board_is_played_with_the_seeds_keys_and_solved_hint_by_hint() {
    let home = tempfile::tempdir().expect("home");
    let mut app = opened(home.path(), "quadrillion/default.quad", "default.quad");
    let mut t = terminal();
    let lines = screen(&app, &mut t);
    assert_eq!(lines[0], "Lockwright · Default board");
    assert!(shows(&lines, "Tab: pick a shape."), "{lines:#?}");
    assert!(
        shows(&lines, "tab pick · w a s d move · ← → turn · ↑ ↓ flip"),
        "the seed's keys on the help line: {lines:#?}"
    );
    // The board's four grids: 8 rows of 8 dots, open (·) and closed (●).
    let dots: usize = lines
        .iter()
        .skip(1)
        .take(18)
        .map(|l| {
            l.chars()
                .take(50)
                .filter(|c| *c == '·' || *c == '●')
                .count()
        })
        .sum();
    assert_eq!(dots, 64, "{lines:#?}");
    // Tab holds the first shape; Esc puts it back (and does not leave the game).
    press(&mut app, KeyCode::Tab);
    let lines = screen(&app, &mut t);
    assert!(shows(&lines, "Holding the"), "a shape is held: {lines:#?}");
    press(&mut app, KeyCode::Esc);
    let lines = screen(&app, &mut t);
    assert!(shows(&lines, "Put back."), "{lines:#?}");
    assert_eq!(lines[0], "Lockwright · Default board", "still playing");
    // Twelve hints lay the twelve shapes: solved.
    for _ in 0..12 {
        press(&mut app, KeyCode::Char('h'));
    }
    let lines = screen(&app, &mut t);
    assert!(shows(&lines, "SOLVED"), "{lines:#?}");
    assert!(shows(&lines, "Solved in 12 moves!"), "{lines:#?}");
}

/// A game left on a file is taken up where it was left, by the terminal and by the studio
/// alike: both keep it in the same progress file, in the same words.
#[test]
fn a_game_left_on_a_file_is_taken_up_where_it_was_left() {
    let home = tempfile::tempdir().expect("home");
    let mut app = opened(home.path(), "nonogram/dancer.non", "dancer.non");
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Char('f'));
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Char('f'));
    drop(app);
    // The studio's reader finds the game, under the file's path.
    let kept = workshop::progress::Progress::read(&home.path().join("progress.json"))
        .expect("the progress file reads");
    assert_eq!(kept.len(), 1, "one game kept");
    let place = workshop::progress::Place::File(home.path().join("dancer.non"));
    assert_eq!(
        kept.standing(&place),
        Some(workshop::progress::Standing::Started)
    );
    // Opened again, the two cells are filled and the player is told.
    let app = opened(home.path(), "nonogram/dancer.non", "dancer.non");
    let lines = screen(&app, &mut terminal());
    assert!(shows(&lines, "taken up where you left it"), "{lines:#?}");
    assert!(lines[4].starts_with("  2 · █ █ · ·"), "{lines:#?}");
}

/// The mouse plays where the terminal reports it: a nonogram's cell filled, a sliding lock's
/// piece chosen, a Quadrillion shape picked and laid down.
#[test]
fn a_click_on_the_board_plays_as_the_keys_do() {
    let home = tempfile::tempdir().expect("home");
    let mut t = terminal();
    // Dancer: row clues three wide, column clues three high, cells two wide; the screen's
    // first line is the title.
    let mut app = opened(home.path(), "nonogram/dancer.non", "dancer.non");
    screen(&app, &mut t);
    app.click(3 + 2 * 2 + 1, 1 + 3);
    let lines = screen(&app, &mut t);
    assert!(lines[4].starts_with("  2 · · █ · ·"), "{lines:#?}");
    assert!(shows(&lines, "Row 1 (clue 2), column 3"), "{lines:#?}");
    // The seed's example: the row numbers one wide, a space before each cell; C4 holds `a`.
    let mut app = opened(home.path(), "sliding/seed-example.slide", "seed.slide");
    screen(&app, &mut t);
    app.click(1 + 2 * 2 + 1, 1);
    let lines = screen(&app, &mut t);
    assert!(shows(&lines, "C34 selected"), "{lines:#?}");
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Down);
    assert!(shows(&screen(&app, &mut t), "Moves: 1"));
    // The default board: a shape waiting below the board picked, then laid in the corner.
    let mut app = opened(home.path(), "quadrillion/default.quad", "default.quad");
    let lines = screen(&app, &mut t);
    let (row, column) = lines
        .iter()
        .enumerate()
        .skip(1)
        .find_map(|(r, l)| l.find('<').map(|c| (r, c)))
        .expect("the corner shape is drawn");
    app.click(column as u16, row as u16);
    assert!(shows(&screen(&app, &mut t), "Holding the"), "picked");
    // Over a closed dot (the board's second dot of its first row) it is refused, and held.
    app.click(2, 2);
    let lines = screen(&app, &mut t);
    assert!(shows(&lines, "cover a closed dot"), "{lines:#?}");
    // Two rows down every dot under it is open: laid down, one move.
    app.click(2, 3);
    let lines = screen(&app, &mut t);
    assert!(shows(&lines, "Moves: 1"), "{lines:#?}");
    assert!(lines[3].starts_with("  < < ·"), "{lines:#?}");
}
