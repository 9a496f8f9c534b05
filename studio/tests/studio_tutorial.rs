//! The tutorial series in the studio: offered on a first start, played lesson by lesson with
//! the bar above the board, nothing hard-locked, progress kept across restarts; the hex locks'
//! series and the sliding locks' alike.

mod common;

use common::{Driver, sees, start_at, starter};
use iced_test::Error;
use studio::app::{Message, Origin, Screen, Studio};
use studio::screen::hexlock::play::{self, Play};
use studio::screen::tutorial::{self, Playing};
use studio::settings::Settings;
use studio::tutorial::{Lesson, Series};

const HEX: Series = Series::HexLock;
const SERIES: &[Lesson] = studio::hexlock::tutorial::SERIES;

fn title(i: usize) -> &'static str {
    HEX.title(i)
}

fn intro(i: usize) -> &'static str {
    HEX.intro(i)
}

fn on(series: Series, index: usize, done: bool) -> Option<Playing> {
    Some(Playing {
        series,
        index,
        done,
    })
}

fn playing(s: &Studio) -> Option<&Play> {
    match s.screen() {
        Screen::Play(p, _) => Some(p),
        _ => None,
    }
}

fn solution(i: usize) -> Vec<engine::hexlock::Move> {
    studio::hexlock::tutorial::solution(i).expect("solution")
}

fn play_moves(d: &Driver, s: &mut Studio, moves: Vec<engine::hexlock::Move>) {
    for mv in moves {
        d.send(s, Message::Play(play::Message::Move(mv)));
    }
}

#[test]
fn the_first_start_offers_the_series_and_it_moves_on_when_a_lesson_opens() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = d.studio_at(home.path(), Settings::default());
    assert!(
        matches!(s.screen(), Screen::Tutorial),
        "the series is offered on a first start"
    );
    assert!(sees(&s, "Welcome to Lockwright"));
    for (i, lesson) in SERIES.iter().enumerate() {
        let listed = format!("· {:>2}. {}", i + 1, title(i));
        assert!(sees(&s, &listed), "{} is listed", lesson.file);
    }
    assert!(sees(&s, intro(0)), "the first lesson's intro shows");
    d.click(&mut s, "Play lesson 1")?;
    assert!(matches!(s.screen(), Screen::Play(_, Origin::Lesson)));
    assert!(sees(
        &s,
        &format!("Lesson 1 of {}: {}", SERIES.len(), title(0))
    ));
    let moves = solution(0);
    let n = moves.len();
    play_moves(&d, &mut s, moves);
    assert!(sees(
        &s,
        &format!("Opened in {n} moves, the fewest possible!")
    ));
    assert!(
        s.tutorial()
            .progress()
            .hexlock
            .opened
            .contains(SERIES[0].file)
    );
    d.click(&mut s, &format!("Next lesson: {}", title(1)))?;
    assert_eq!(s.tutorial().playing(), on(HEX, 1, false), "on to lesson 2");
    assert!(sees(&s, intro(1)));
    Ok(())
}

#[test]
fn nothing_is_hard_locked_and_every_solution_opens_its_lesson_in_the_studio() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = d.studio_at(home.path(), Settings::default());
    // The last lesson straight from the list, before any other.
    let last = SERIES.len() - 1;
    d.click(&mut s, &format!("· {:>2}. {}", last + 1, title(last)))?;
    assert_eq!(s.tutorial().playing(), on(HEX, last, false));
    for (i, lesson) in SERIES.iter().enumerate() {
        d.send(&mut s, Message::Tutorial(tutorial::Message::Open(HEX, i)));
        play_moves(&d, &mut s, solution(i));
        assert!(
            playing(&s).is_some_and(|p| p.session().is_open()),
            "{} opens",
            lesson.file
        );
        assert_eq!(s.tutorial().playing(), on(HEX, i, true), "{}", lesson.file);
    }
    assert!(s.tutorial().progress().hexlock.finished(HEX));
    // After the series, the way on is the online screen.
    d.click(&mut s, "Go online")?;
    assert!(matches!(s.screen(), Screen::Online));
    Ok(())
}

#[test]
fn the_way_back_from_a_lesson_says_it_leads_to_the_lessons() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = d.studio_at(home.path(), Settings::default());
    d.click(&mut s, "Play lesson 1")?;
    assert!(!sees(&s, "Back to editing"), "a lesson is not being edited");
    d.click(&mut s, "Back to lessons")?;
    assert!(matches!(s.screen(), Screen::Tutorial));
    Ok(())
}

#[test]
fn a_stuck_player_can_load_the_lessons_solution() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = d.studio_at(home.path(), Settings::default());
    d.click(&mut s, "Play lesson 1")?;
    d.click(&mut s, "Stuck? Show me")?;
    let n = solution(0).len();
    for _ in 0..n {
        d.send(&mut s, Message::Play(play::Message::Redo));
    }
    assert!(playing(&s).is_some_and(|p| p.session().is_open()));
    assert_eq!(s.tutorial().playing(), on(HEX, 0, true));
    Ok(())
}

#[test]
fn progress_persists_across_restarts() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    {
        let mut s = d.studio_at(home.path(), Settings::default());
        d.click(&mut s, "Play lesson 1")?;
        play_moves(&d, &mut s, solution(0));
        d.click(&mut s, &format!("Next lesson: {}", title(1)))?;
    }
    assert!(home.path().join("data/tutorial.toml").is_file());
    let mut s = d.studio_at(home.path(), Settings::default());
    assert!(
        !matches!(s.screen(), Screen::Tutorial),
        "the series is offered once"
    );
    assert!(
        s.tutorial()
            .progress()
            .hexlock
            .opened
            .contains(SERIES[0].file)
    );
    assert_eq!(s.tutorial().progress().hexlock.current_index(HEX), 1);
    d.click(&mut s, "Tutorial")?;
    assert!(sees(&s, &format!("✓  1. {}", title(0))));
    assert!(sees(&s, &format!("Lesson 2: {}", title(1))));
    assert!(sees(&s, &format!("1 of {} lessons opened", SERIES.len())));
    Ok(())
}

/// A first start on a file the user named shows that file, not the welcome; the series is
/// offered at the next start without a file, and only then.
#[test]
fn a_first_start_on_a_named_file_opens_it_and_the_welcome_waits() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let file = home.path().join("mine.lock");
    std::fs::write(&file, starter("pivot-gate.lock")).expect("write");
    let mut start = start_at(home.path(), Settings::default());
    start.file = Some(file.clone());
    let (mut s, first) = Studio::new(start);
    d.run(&mut s, first);
    assert!(
        matches!(s.screen(), Screen::Editor),
        "the named file comes first"
    );
    assert_eq!(s.document().path(), Some(file.as_path()));
    assert!(!sees(&s, "Welcome to Lockwright"));
    drop(s);
    let s = d.studio_at(home.path(), Settings::default());
    assert!(
        matches!(s.screen(), Screen::Tutorial),
        "offered at the next start without a file"
    );
    assert!(sees(&s, "Welcome to Lockwright"));
    drop(s);
    let s = d.studio_at(home.path(), Settings::default());
    assert!(!matches!(s.screen(), Screen::Tutorial), "and offered once");
}

/// A lesson opened in more moves than its shortest solution says how few would have done.
#[test]
fn more_moves_than_the_fewest_are_told_so() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = d.studio_at(home.path(), Settings::default());
    d.click(&mut s, "Play lesson 1")?;
    let moves = solution(0);
    let n = moves.len();
    play_moves(&d, &mut s, vec![engine::hexlock::Move::Wait]);
    play_moves(&d, &mut s, moves);
    assert!(playing(&s).is_some_and(|p| p.session().is_open()));
    assert!(sees(
        &s,
        &format!(
            "Opened in {} moves! The fewest take {n}: Restart to try for them.",
            n + 1
        )
    ));
    Ok(())
}

/// Regression: a tutorial progress file that did not read was written over with a fresh one as
/// the studio started, the lessons done lost for good.
#[test]
fn a_progress_file_that_does_not_read_is_kept_beside_and_said() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let data = home.path().join("data");
    std::fs::create_dir_all(&data).expect("data");
    let mine = "[hexlock]\nopened = [\"01-clear-the-bolthole\"\n";
    std::fs::write(data.join("tutorial.toml"), mine).expect("write");
    let s = d.studio_at(home.path(), Settings::default());
    assert!(
        s.lasting()
            .iter()
            .any(|w| w.contains("not valid tutorial progress") && w.contains("kept as")),
        "{:?}",
        s.lasting()
    );
    let aside = data.join("tutorial.toml.unreadable");
    assert_eq!(std::fs::read_to_string(aside).expect("kept"), mine);
}
