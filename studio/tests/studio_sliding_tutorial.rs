//! The sliding locks' tutorial series in the studio, as a player meets it: a tab of the tutorial
//! screen beside the hex locks', each lesson played on a screen of its own with the lesson's bar
//! above it (dragged, keyed or typed moves; "Show me"; "Next lesson"), the fewest moves said
//! when it is picked, progress kept across restarts, and nothing ever written to the puzzle
//! folder.

mod common;

use common::{Driver, sees};
use engine::sliding::Cell;
use iced::keyboard::{self, Key, key::Named};
use iced_test::Error;
use studio::app::{Message, Screen, Studio};
use studio::screen::editor::Editing as _;
use studio::screen::sliding::editor::{self, MOVES_ID, Mode};
use studio::screen::tutorial::{self, Playing};
use studio::settings::Settings;
use studio::sliding::canvas::{Input, Spot};
use studio::tutorial::Series;

const SLIDING: Series = Series::Sliding;

fn lessons() -> usize {
    SLIDING.lessons().len()
}

fn solution(i: usize) -> String {
    studio::sliding::tutorial::solution(i).expect("the lesson's solution")
}

fn lesson(s: &Studio) -> &editor::Editor {
    match s.screen() {
        Screen::SlidingLesson(e) => e,
        _ => panic!("not on a sliding lesson"),
    }
}

fn playing(series: Series, index: usize, done: bool) -> Option<Playing> {
    Some(Playing {
        series,
        index,
        done,
    })
}

fn named(d: &Driver, s: &mut Studio, n: Named) {
    d.key(s, Key::Named(n), keyboard::Modifiers::empty());
}

/// Tab until the piece on `cell` is selected.
fn select(d: &Driver, s: &mut Studio, cell: &str) {
    let cell = Cell::parse(cell).expect("a cell");
    for _ in 0..20 {
        let e = lesson(s);
        let at = e.lock().and_then(|l| l.piece_at(cell));
        if at.is_some() && e.selected() == at {
            return;
        }
        named(d, s, Named::Tab);
    }
    panic!("Tab never selects the piece on {cell:?}");
}

/// The lesson's moves typed into the move list and loaded.
fn type_moves(d: &Driver, s: &mut Studio, moves: &str) -> Result<(), Error> {
    d.type_into(s, MOVES_ID, moves)?;
    d.click(s, "Load moves")
}

fn on_sliding_tab(d: &Driver) -> (tempfile::TempDir, Studio) {
    let home = tempfile::tempdir().expect("home");
    let mut s = d.studio_at(home.path(), Settings::default());
    d.send(&mut s, Message::Tutorial(tutorial::Message::Show(SLIDING)));
    (home, s)
}

#[test]
fn the_welcome_offers_both_series_and_the_sliding_tab_lists_its_lessons() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = d.studio_at(home.path(), Settings::default());
    assert!(matches!(s.screen(), Screen::Tutorial));
    assert!(sees(
        &s,
        &format!(
            "Learn the puzzles with a series of lessons for each: hex locks ({}) and sliding \
             locks ({}). Start with the first, or open any lesson from the list.",
            Series::HexLock.lessons().len(),
            lessons()
        )
    ));
    assert!(sees(
        &s,
        "Nonograms and Quadrillion boards are here too: New makes one from a template, and Play \
         plays it."
    ));
    d.click(&mut s, &format!("Sliding locks · 0/{}", lessons()))?;
    assert_eq!(s.tutorial().shown(), SLIDING);
    for i in 0..lessons() {
        assert!(
            sees(&s, &format!("· {:>2}. {}", i + 1, SLIDING.title(i))),
            "lesson {} is listed",
            i + 1
        );
    }
    assert!(sees(&s, &format!("0 of {} lessons picked", lessons())));
    assert!(sees(&s, SLIDING.intro(0)), "the first lesson's intro shows");
    Ok(())
}

/// Lesson 1 played with the keys a player uses: Tab selects, the arrows slide.
#[test]
fn a_lesson_is_played_with_the_keys_and_its_bar_leads_on() -> Result<(), Error> {
    let d = Driver::new();
    let (home, mut s) = on_sliding_tab(&d);
    d.click(&mut s, "Play lesson 1")?;
    assert_eq!(s.tutorial().playing(), playing(SLIDING, 0, false));
    assert_eq!(lesson(&s).mode(), Mode::Play, "a lesson is played at once");
    assert!(lesson(&s).is_lesson());
    assert!(sees(
        &s,
        &format!("Lesson 1 of {}: {}", lessons(), SLIDING.title(0))
    ));
    assert!(sees(&s, "Stuck? Show me"));
    assert!(sees(&s, "← Lessons"));
    assert!(!sees(&s, "✎ Author"), "a lesson is not authored");
    // C23 U1, Key R1.
    select(&d, &mut s, "C2");
    named(&d, &mut s, Named::ArrowUp);
    select(&d, &mut s, "A2");
    named(&d, &mut s, Named::ArrowRight);
    assert!(lesson(&s).game().is_some_and(|g| g.is_picked()));
    assert_eq!(s.tutorial().playing(), playing(SLIDING, 0, true));
    assert!(sees(&s, "Picked in 2 moves, the fewest possible!"));
    assert!(
        s.tutorial()
            .progress()
            .sliding
            .opened
            .contains(SLIDING.lessons()[0].file)
    );
    assert!(
        s.tutorial().progress().hexlock.opened.is_empty(),
        "the hex locks' series is its own"
    );
    d.click(&mut s, &format!("Next lesson: {}", SLIDING.title(1)))?;
    assert_eq!(s.tutorial().playing(), playing(SLIDING, 1, false));
    assert!(sees(&s, SLIDING.intro(1)));
    assert_eq!(lesson(&s).game().map(|g| g.count()), Some(0));
    d.click(&mut s, "← Lessons")?;
    assert!(matches!(s.screen(), Screen::Tutorial));
    assert_eq!(s.tutorial().shown(), SLIDING);
    assert!(sees(&s, &format!("✓  1. {}", SLIDING.title(0))));
    assert_eq!(s.tutorial().playing(), None);
    drop(s);
    let files: Vec<_> = std::fs::read_dir(home.path().join("locks"))
        .map(|d| d.flatten().map(|e| e.file_name()).collect())
        .unwrap_or_default();
    assert!(
        !files
            .iter()
            .any(|f| f.to_string_lossy().ends_with(".slide")),
        "a lesson writes nothing to the puzzle folder: {files:?}"
    );
    Ok(())
}

#[test]
fn more_moves_than_the_fewest_are_told_so() -> Result<(), Error> {
    let d = Driver::new();
    let (_home, mut s) = on_sliding_tab(&d);
    d.click(&mut s, "Play lesson 1")?;
    // The piece up two cells and down one, then the Key: four moves where two will do.
    let drag = |d: &Driver, s: &mut Studio, from: &str, to: &str| {
        let spot = |c: &str| Spot::of(Cell::parse(c).expect("a cell"));
        for input in [
            Input::Pressed {
                spot: spot(from),
                right: false,
                shift: false,
            },
            Input::Dragged { spot: spot(to) },
            Input::Released { spot: spot(to) },
        ] {
            d.send(s, Message::SlidingLesson(editor::Message::Canvas(input)));
        }
    };
    drag(&d, &mut s, "C3", "C4");
    drag(&d, &mut s, "C4", "C3");
    drag(&d, &mut s, "C3", "C4");
    drag(&d, &mut s, "A2", "D2");
    assert_eq!(lesson(&s).game().map(|g| g.count()), Some(4));
    assert!(sees(
        &s,
        "Picked in 4 moves! The fewest take 2: Restart to try for them."
    ));
    Ok(())
}

#[test]
fn a_stuck_player_is_shown_the_solution_move_by_move() -> Result<(), Error> {
    let d = Driver::new();
    let (_home, mut s) = on_sliding_tab(&d);
    d.send(
        &mut s,
        Message::Tutorial(tutorial::Message::Open(SLIDING, 4)),
    );
    d.click(&mut s, "Stuck? Show me")?;
    let n = engine::sliding::parse_moves(&solution(4))
        .expect("moves")
        .len();
    assert_eq!(
        lesson(&s).game().map(|g| g.count()),
        Some(0),
        "nothing made yet"
    );
    for _ in 0..n {
        d.key(
            &mut s,
            Key::Character("y".into()),
            keyboard::Modifiers::CTRL,
        );
    }
    assert!(lesson(&s).game().is_some_and(|g| g.is_picked()));
    assert_eq!(s.tutorial().playing(), playing(SLIDING, 4, true));
    assert_eq!(
        lesson(&s).status(),
        format!("Picked! The Key touches the Keyhole after {n} moves."),
        "the redo that picks the lock says so"
    );
    Ok(())
}

/// Ctrl+S and the Play key have nothing to do in a lesson: no file, no authoring.
#[test]
fn a_lesson_is_never_saved_nor_authored() -> Result<(), Error> {
    let d = Driver::new();
    let (home, mut s) = on_sliding_tab(&d);
    d.click(&mut s, "Play lesson 1")?;
    d.key(
        &mut s,
        Key::Character("s".into()),
        keyboard::Modifiers::CTRL,
    );
    d.key(
        &mut s,
        Key::Character("p".into()),
        keyboard::Modifiers::CTRL,
    );
    assert_eq!(lesson(&s).mode(), Mode::Play);
    assert_eq!(lesson(&s).path(), None);
    assert!(!lesson(&s).is_dirty());
    let slides = std::fs::read_dir(home.path())
        .expect("home")
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "slide"))
        .count();
    assert_eq!(slides, 0);
    Ok(())
}

#[test]
fn every_lesson_is_picked_by_its_solution_and_the_series_leads_to_a_death_match()
-> Result<(), Error> {
    let d = Driver::new();
    let (_home, mut s) = on_sliding_tab(&d);
    // The last lesson straight from the list, before any other: nothing is hard-locked.
    let last = lessons() - 1;
    d.click(
        &mut s,
        &format!("· {:>2}. {}", last + 1, SLIDING.title(last)),
    )?;
    assert_eq!(s.tutorial().playing(), playing(SLIDING, last, false));
    for i in 0..lessons() {
        d.send(
            &mut s,
            Message::Tutorial(tutorial::Message::Open(SLIDING, i)),
        );
        type_moves(&d, &mut s, &solution(i))?;
        assert!(
            lesson(&s).game().is_some_and(|g| g.is_picked()),
            "lesson {} is picked",
            i + 1
        );
        assert_eq!(s.tutorial().playing(), playing(SLIDING, i, true));
    }
    assert!(s.tutorial().progress().sliding.finished(SLIDING));
    assert!(!s.tutorial().progress().hexlock.finished(Series::HexLock));
    d.click(&mut s, "Go to Death Match")?;
    assert!(matches!(s.screen(), Screen::DeathMatch));
    Ok(())
}

#[test]
fn sliding_progress_persists_across_restarts() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    {
        let mut s = d.studio_at(home.path(), Settings::default());
        d.send(
            &mut s,
            Message::Tutorial(tutorial::Message::Open(SLIDING, 0)),
        );
        type_moves(&d, &mut s, &solution(0))?;
        d.click(&mut s, &format!("Next lesson: {}", SLIDING.title(1)))?;
    }
    let mut s = d.studio_at(home.path(), Settings::default());
    assert!(!matches!(s.screen(), Screen::Tutorial), "offered once");
    let progress = s.tutorial().progress();
    assert!(progress.sliding.opened.contains(SLIDING.lessons()[0].file));
    assert_eq!(progress.sliding.current_index(SLIDING), 1);
    d.click(&mut s, "Tutorial")?;
    d.click(&mut s, &format!("Sliding locks · 1/{}", lessons()))?;
    assert!(sees(&s, &format!("✓  1. {}", SLIDING.title(0))));
    assert!(sees(&s, &format!("Lesson 2: {}", SLIDING.title(1))));
    Ok(())
}

/// In the smallest window the lesson's bar and the game's controls all show whole.
#[test]
fn at_the_smallest_window_a_lessons_controls_show_whole() -> Result<(), Error> {
    let d = Driver::new();
    let (_home, mut s) = on_sliding_tab(&d);
    // The longest intro of the series.
    let longest = (0..lessons())
        .max_by_key(|&i| SLIDING.intro(i).len())
        .expect("lessons");
    d.send(
        &mut s,
        Message::Tutorial(tutorial::Message::Open(SLIDING, longest)),
    );
    let size = studio::app::SMALLEST_WINDOW;
    for label in [
        "Stuck? Show me",
        "← Lessons",
        "Restart",
        "Turn 180°",
        "Load moves",
        "Solve from here",
    ] {
        assert!(common::shown_whole(&s, size, label), "{label}");
    }
    type_moves(&d, &mut s, &solution(longest))?;
    let on = if longest + 1 < lessons() {
        format!("Next lesson: {}", SLIDING.title(longest + 1))
    } else {
        "Go to Death Match".to_string()
    };
    assert!(common::shown_whole(&s, size, &on), "{on}");
    Ok(())
}
