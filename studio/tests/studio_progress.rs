//! A game is taken up where it was left: a nonogram half filled, a hex lock a few moves in, a
//! sliding lock a move from the start, after another file was opened, after going back to the
//! editor, and after the studio was closed and started again; but never on a puzzle that
//! changed since, and not after Restart.

mod common;

use common::Driver;
use common::editing::{put_and_open, studio};
use iced_test::Error;
use std::path::Path;
use studio::app::{Message, Screen, Studio};
use studio::nonogram::canvas::Stroke;
use studio::screen::document::Message as Doc;
use studio::screen::nonogram::player::Message as Player;
use studio::screen::sliding::editor::Message as Sliding;

/// A 5×5 nonogram with one solution, a plus sign.
const PLUS: &str =
    "title \"Plus\"\nwidth 5\nheight 5\n\nrows\n1\n1\n5\n1\n1\n\ncolumns\n1\n1\n5\n1\n1\n";

const SEED_EXAMPLE: &str = include_str!("../../templates/sliding/seed-example.slide");

fn fill(d: &Driver, s: &mut Studio, x: usize, y: usize) {
    d.send(
        s,
        Message::Nonogram(Player::Canvas(Stroke::Pressed { x, y, fill: true })),
    );
    d.send(s, Message::Nonogram(Player::Canvas(Stroke::Released)));
}

fn nonogram_rows(s: &Studio) -> Vec<String> {
    match s.screen() {
        Screen::Nonogram(p) => p.grid().to_rows(),
        _ => panic!("not playing a nonogram"),
    }
}

fn hexlock_at(s: &Studio) -> usize {
    match s.screen() {
        Screen::Play(p, _) => p.at(),
        _ => panic!("not playing a lock"),
    }
}

fn sliding_moves(s: &Studio) -> String {
    s.document()
        .editor::<studio::screen::sliding::editor::Editor>()
        .and_then(|e| e.game())
        .map(|g| g.notation())
        .expect("playing the sliding lock")
}

/// Opens a file of the folder by its name, as a click in the list does.
fn open(d: &Driver, s: &mut Studio, file: &Path) {
    d.send(
        s,
        Message::Folder(studio::screen::folder::Message::Open(file.to_path_buf())),
    );
}

#[test]
fn a_nonogram_is_taken_up_where_it_was_left_after_another_file_and_a_new_start() -> Result<(), Error>
{
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let plus = put_and_open(&d, &mut s, "plus.non", PLUS);
    d.click(&mut s, "▶ Play")?;
    fill(&d, &mut s, 2, 0);
    fill(&d, &mut s, 2, 1);
    let left = nonogram_rows(&s);
    assert_eq!(left[0], "??#??");
    // Another file, then back: the play starts where it stood.
    let other = put_and_open(&d, &mut s, "other.non", PLUS);
    d.click(&mut s, "▶ Play")?;
    assert!(
        nonogram_rows(&s).iter().all(|r| r == "?????"),
        "another file's own game"
    );
    assert!(common::sees(&s, "in progress"), "the list marks plus.non");
    open(&d, &mut s, &plus);
    d.click(&mut s, "▶ Play")?;
    assert_eq!(nonogram_rows(&s), left);
    assert!(
        common::sees(
            &s,
            "taken up where you left it: 2 cells marked. Restart starts again"
        ),
        "the player is told"
    );
    // Back to the editor and Play again: the same.
    d.click(&mut s, "Back to editing")?;
    d.click(&mut s, "▶ Play")?;
    assert_eq!(nonogram_rows(&s), left);
    // Regression: the greeting stayed, counting the cells it found, after cells were marked.
    fill(&d, &mut s, 2, 4);
    assert!(
        !common::sees(
            &s,
            "taken up where you left it: 2 cells marked. Restart starts again"
        ),
        "the first cell marked clears the greeting"
    );
    d.send(&mut s, Message::Nonogram(Player::Undo));
    // The games are written a moment later; a new start takes them up too.
    d.send(&mut s, Message::WriteGames);
    assert!(home.path().join("data/progress.json").is_file());
    drop(s);
    let mut s = studio(&d, home.path());
    open(&d, &mut s, &plus);
    d.click(&mut s, "▶ Play")?;
    assert_eq!(nonogram_rows(&s), left, "kept across a new start");
    // Restart forgets the game.
    d.click(&mut s, "Restart")?;
    open(&d, &mut s, &other);
    open(&d, &mut s, &plus);
    d.click(&mut s, "▶ Play")?;
    assert!(nonogram_rows(&s).iter().all(|r| r == "?????"), "restarted");
    Ok(())
}

#[test]
fn a_game_is_not_taken_up_on_a_puzzle_that_changed_since() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let plus = put_and_open(&d, &mut s, "plus.non", PLUS);
    d.click(&mut s, "▶ Play")?;
    fill(&d, &mut s, 2, 0);
    d.click(&mut s, "Back to editing")?;
    // Another program changes the clues: the top of the plus goes.
    let shorter = PLUS
        .replace("rows\n1\n", "rows\n0\n")
        .replace("columns\n1\n1\n5", "columns\n1\n1\n4");
    std::fs::write(&plus, shorter).expect("write");
    d.send(
        &mut s,
        Message::Changed(studio::watch::Changed::paths(vec![plus.clone()])),
    );
    d.click(&mut s, "▶ Play")?;
    assert!(
        nonogram_rows(&s).iter().all(|r| r == "?????"),
        "a new puzzle"
    );
    // Put back as it was, the game left on it is there again.
    d.click(&mut s, "Back to editing")?;
    std::fs::write(&plus, PLUS).expect("write");
    d.send(
        &mut s,
        Message::Changed(studio::watch::Changed::paths(vec![plus])),
    );
    d.click(&mut s, "▶ Play")?;
    assert_eq!(nonogram_rows(&s)[0], "??#??");
    Ok(())
}

#[test]
fn a_hex_lock_is_taken_up_at_the_move_it_was_left_at() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let gate = put_and_open(&d, &mut s, "gate.lock", &common::starter("pivot-gate.lock"));
    d.click(&mut s, "▶ Play")?;
    d.click(&mut s, "Wait")?;
    d.click(&mut s, "Wait")?;
    d.click(&mut s, "Undo")?;
    assert_eq!(hexlock_at(&s), 1);
    put_and_open(&d, &mut s, "ball.lock", &common::starter("ball-stop.lock"));
    open(&d, &mut s, &gate);
    d.click(&mut s, "▶ Play")?;
    assert_eq!(hexlock_at(&s), 1, "at the move it was left at");
    let greeting = "taken up where you left it: 1 move. Restart starts again";
    assert!(common::sees(&s, greeting));
    d.click(&mut s, "Redo")?;
    assert_eq!(hexlock_at(&s), 2, "the move taken back can be made again");
    // Regression: the greeting stayed, counting the moves it found, after moves were made.
    assert!(
        !common::sees(&s, greeting),
        "the first move clears the greeting"
    );
    Ok(())
}

#[test]
fn a_sliding_lock_is_taken_up_with_the_moves_made() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let seed = put_and_open(&d, &mut s, "seed.slide", SEED_EXAMPLE);
    let sliding = |m| Message::Document(Doc::new(m));
    d.click(&mut s, "▶ Play")?;
    d.send(
        &mut s,
        sliding(Sliding::MovesInput("BC1 L1, C34 D2".into())),
    );
    d.send(&mut s, sliding(Sliding::LoadMoves));
    assert_eq!(sliding_moves(&s), "BC1 L1, C34 D2");
    // Back to authoring and Play again.
    d.send(&mut s, sliding(Sliding::ToggleMode));
    assert!(
        s.document()
            .editor::<studio::screen::sliding::editor::Editor>()
            .and_then(|e| e.game())
            .is_none(),
        "authoring"
    );
    d.click(&mut s, "▶ Play")?;
    assert_eq!(sliding_moves(&s), "BC1 L1, C34 D2");
    // Another file and back.
    put_and_open(&d, &mut s, "plus.non", PLUS);
    open(&d, &mut s, &seed);
    d.click(&mut s, "▶ Play")?;
    assert_eq!(sliding_moves(&s), "BC1 L1, C34 D2");
    assert!(common::sees(
        &s,
        "taken up where you left it: 2 moves. Restart starts again"
    ));
    d.send(&mut s, sliding(Sliding::Undo));
    assert!(
        !common::sees(
            &s,
            "taken up where you left it: 2 moves. Restart starts again"
        ),
        "a move (here one taken back) clears the greeting"
    );
    // Picked, the list says it is solved.
    assert!(!common::sees(&s, "✓ solved"));
    d.send(
        &mut s,
        sliding(Sliding::MovesInput("BC1 L1, C34 D2, Key R1".into())),
    );
    d.send(&mut s, sliding(Sliding::LoadMoves));
    assert!(common::sees(&s, "✓ solved"));
    Ok(())
}

#[test]
fn closing_the_window_writes_where_the_games_were_left_first() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let gate = put_and_open(&d, &mut s, "gate.lock", &common::starter("pivot-gate.lock"));
    d.click(&mut s, "▶ Play")?;
    d.click(&mut s, "Wait")?;
    let kept = home.path().join("data/progress.json");
    assert!(!kept.exists(), "written a moment later, not at every move");
    d.send(&mut s, Message::CloseRequested(iced::window::Id::unique()));
    let written = std::fs::read_to_string(&kept).expect("written before the window closed");
    let gate = std::path::absolute(&gate).expect("absolute");
    assert!(written.contains(gate.to_str().expect("UTF-8")), "{written}");
    Ok(())
}

#[test]
fn a_quadrillion_challenge_is_taken_up_with_the_shapes_placed() -> Result<(), Error> {
    use iced::keyboard::{Key, Modifiers};
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let challenge = put_and_open(
        &d,
        &mut s,
        "c49.quad",
        include_str!("../../templates/quadrillion/challenge-49.quad"),
    );
    let placed = |s: &Studio| {
        let q = s
            .document()
            .editor::<studio::screen::quadrillion::editor::Editor>()
            .expect("the Quadrillion screen");
        q.table().mine()
    };
    d.click(&mut s, "▶ Play")?;
    for _ in 0..2 {
        d.send(
            &mut s,
            Message::Key(Key::Character("h".into()), Modifiers::empty()),
        );
    }
    let left = placed(&s);
    assert_eq!(left.len(), 2, "two hints, two shapes");
    put_and_open(&d, &mut s, "plus.non", PLUS);
    open(&d, &mut s, &challenge);
    d.click(&mut s, "▶ Play")?;
    assert_eq!(placed(&s), left, "the same shapes where they lay");
    assert!(common::sees(
        &s,
        "taken up where you left it: 2 shapes placed. Reset starts again"
    ));
    d.send(
        &mut s,
        Message::Key(Key::Character("h".into()), Modifiers::empty()),
    );
    assert_eq!(placed(&s).len(), 3, "a third hint");
    assert!(
        !common::sees(
            &s,
            "taken up where you left it: 2 shapes placed. Reset starts again"
        ),
        "a shape placed clears the greeting"
    );
    assert!(!s.document().is_dirty(), "playing never changes the file");
    Ok(())
}

#[test]
fn a_games_file_that_does_not_read_is_set_aside_never_written_over() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let data = home.path().join("data");
    std::fs::create_dir_all(&data).expect("data folder");
    std::fs::write(data.join("progress.json"), "{ not json").expect("write");
    let mut s = studio(&d, home.path());
    assert!(
        s.lasting()
            .iter()
            .any(|w| w.contains("the games left unfinished could not be read")),
        "{:?}",
        s.lasting()
    );
    let aside = data.join("progress.json.unreadable");
    assert_eq!(
        std::fs::read_to_string(&aside).expect("set aside"),
        "{ not json"
    );
    put_and_open(&d, &mut s, "plus.non", PLUS);
    d.click(&mut s, "▶ Play")?;
    fill(&d, &mut s, 2, 2);
    d.send(&mut s, Message::WriteGames);
    let written = std::fs::read_to_string(data.join("progress.json")).expect("written anew");
    assert!(written.contains("lockwright-progress 1"), "{written}");
    assert_eq!(std::fs::read_to_string(&aside).expect("kept"), "{ not json");
    Ok(())
}

/// Regression: a file renamed by another program (a file manager, `mv`, a checkout) left its
/// game under the old name, and the open file went on under a name no longer there.
#[test]
fn a_game_and_the_open_file_follow_a_file_renamed_by_another_program() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let plus = put_and_open(&d, &mut s, "plus.non", PLUS);
    d.click(&mut s, "▶ Play")?;
    fill(&d, &mut s, 2, 0);
    fill(&d, &mut s, 2, 1);
    let left = nonogram_rows(&s);
    d.click(&mut s, "Back to editing")?;
    let cross = plus.with_file_name("cross.non");
    std::fs::rename(&plus, &cross).expect("renamed");
    // What the watcher reports of it.
    let renamed = |from: &Path, to: &Path| {
        Message::Changed(studio::watch::Changed {
            paths: vec![from.to_path_buf(), to.to_path_buf()],
            renamed: vec![(from.to_path_buf(), to.to_path_buf())],
        })
    };
    d.send(&mut s, renamed(&plus, &cross));
    assert_eq!(
        s.document().path(),
        Some(cross.as_path()),
        "the open file follows"
    );
    assert!(common::sees(&s, "in progress"), "the list marks cross.non");
    d.click(&mut s, "▶ Play")?;
    assert_eq!(nonogram_rows(&s), left, "the game follows");
    d.click(&mut s, "Back to editing")?;
    // A name of no puzzle family is no puzzle file: nothing follows it there.
    let notes = plus.with_file_name("cross.txt");
    std::fs::rename(&cross, &notes).expect("renamed");
    d.send(&mut s, renamed(&cross, &notes));
    assert_eq!(s.document().path(), Some(cross.as_path()));
    Ok(())
}

/// Regression: a puzzle file another editor changed while its game was played went on
/// without a word, the board showing the puzzle as it was. The game goes on, and the studio
/// says so; Back to editing shows the file as it is now.
#[test]
fn a_file_changed_on_disk_while_played_is_said_and_its_game_goes_on() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let changed = |d: &Driver, s: &mut Studio, file: &Path, text: &str| {
        std::fs::write(file, text).expect("written by another editor");
        d.send(
            s,
            Message::Changed(studio::watch::Changed::paths(vec![file.to_path_buf()])),
        );
    };
    let plus = put_and_open(&d, &mut s, "plus.non", PLUS);
    d.click(&mut s, "▶ Play")?;
    fill(&d, &mut s, 2, 0);
    let left = nonogram_rows(&s);
    let other = PLUS
        .replace("Plus", "Cross")
        .replace("rows\n1\n1\n5", "rows\n1\n1\n4");
    changed(&d, &mut s, &plus, &other);
    assert!(
        s.notice()
            .starts_with("plus.non changed on disk while you play: this game goes on"),
        "{}",
        s.notice()
    );
    assert!(common::sees(&s, s.notice()), "the words are on screen");
    assert_eq!(nonogram_rows(&s), left, "the game goes on");
    d.click(&mut s, "Back to editing")?;
    assert_eq!(
        s.document().text(),
        other,
        "the editor has the file as it is now"
    );
    // A hex lock's play alike.
    let gate = put_and_open(&d, &mut s, "gate.lock", &common::starter("pivot-gate.lock"));
    d.click(&mut s, "▶ Play")?;
    d.click(&mut s, "Wait")?;
    changed(&d, &mut s, &gate, &common::starter("ball-stop.lock"));
    assert!(
        s.notice()
            .starts_with("gate.lock changed on disk while you play")
    );
    assert_eq!(hexlock_at(&s), 1, "the game goes on");
    Ok(())
}
