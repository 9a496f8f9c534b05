//! The Quadrillion screen as a user meets it: a board opens beside its source, the author moves
//! grids and shapes and the text and the solver's count follow, challenges are generated, and
//! the board is played with the seed's mouse and keys — hint, solve, reset.

mod common;

use common::editing::{put_and_open, studio};
use studio::screen::editor::Editing as _;

use common::{Driver, sees};
use engine::quadrillion::{Dot, GridId, ShapeId};
use iced::keyboard::{self, Key, key::Named};
use iced_test::Error;
use std::path::{Path, PathBuf};
use studio::app::{Message, Studio};
use studio::quadrillion::canvas::Input;
use studio::screen::document;
use studio::screen::quadrillion::editor::{self, Mode};

fn template(name: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../templates/quadrillion")
            .join(name),
    )
    .expect("a template")
}

/// Writes a board into the folder and opens it.
fn open(d: &Driver, s: &mut Studio, name: &str, text: &str) -> PathBuf {
    let file = put_and_open(d, s, name, text);
    assert!(
        s.document()
            .editor::<studio::screen::quadrillion::editor::Editor>()
            .is_some(),
        "the Quadrillion screen"
    );
    file
}

fn canvas(d: &Driver, s: &mut Studio, input: Input) {
    d.send(
        s,
        Message::Document(document::Message::new(editor::Message::Canvas(input))),
    );
}

fn press(d: &Driver, s: &mut Studio, dot: Dot) {
    canvas(d, s, Input::Pressed { dot, right: false });
}

fn key(d: &Driver, s: &mut Studio, k: Key) {
    d.key(s, k, keyboard::Modifiers::empty());
}

fn screen(s: &Studio) -> &editor::Editor {
    s.document()
        .editor::<studio::screen::quadrillion::editor::Editor>()
        .expect("the Quadrillion screen")
}

#[test]
fn a_board_opens_beside_its_source_with_the_solvers_count() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    open(&d, &mut s, "start.quad", &template("default.quad"));
    assert!(sees(
        &s,
        "10,162 solutions: not a challenge yet (Generate places shapes until one is left)."
    ));
    assert!(s.document().text().contains("grid 1 white at 0 0"));
    open(&d, &mut s, "c49.quad", &template("challenge-49.quad"));
    assert!(sees(&s, "Exactly one solution: a challenge."));
    assert_eq!(screen(&s).table().board().open_dots().len(), 57);
    assert!(
        s.folder()
            .files()
            .iter()
            .any(|f| f.path.ends_with("c49.quad")),
        "listed"
    );
}

#[test]
fn the_author_places_a_shape_and_the_text_and_count_follow_then_undo_takes_it_back()
-> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    open(&d, &mut s, "start.quad", &template("default.quad"));
    // The board lies at row 1, column 1 of the table; the corner tromino waits below it.
    let corner = screen(&s).table().shape(ShapeId::Corner).at;
    press(&d, &mut s, corner);
    assert_eq!(screen(&s).table().picked().len(), 1);
    canvas(
        &d,
        &mut s,
        Input::Moved {
            dot: Dot::new(2, 1),
        },
    );
    press(&d, &mut s, Dot::new(2, 1));
    assert!(
        screen(&s).table().picked().is_empty(),
        "{}",
        screen(&s).status()
    );
    assert!(s.document().is_dirty());
    assert!(
        s.document().text().contains("\nshape < at 1 0\n"),
        "{}",
        s.document().text()
    );
    // The corner there cuts off the board's top-left dot: the count says so at once.
    let counted = screen(&s).counted().cloned().expect("counted");
    assert!(counted.complete && counted.solutions == 0, "{counted:?}");
    assert!(sees(&s, "No solution: the shapes cannot all be placed."));
    // A release that breaks a rule is refused and the shape stays held: grid 1's closed dot.
    let t = screen(&s).table().shape(ShapeId::T).at;
    press(&d, &mut s, t);
    canvas(
        &d,
        &mut s,
        Input::Moved {
            dot: Dot::new(1, 2),
        },
    );
    press(&d, &mut s, Dot::new(1, 2));
    assert_eq!(screen(&s).table().picked().len(), 1);
    assert!(
        screen(&s).status().contains("closed dot"),
        "{}",
        screen(&s).status()
    );
    key(&d, &mut s, Key::Named(Named::Escape));
    assert!(screen(&s).table().picked().is_empty());
    d.click(&mut s, "Undo")?;
    // Dragged and let go, a shape is put down as a click would put it.
    let corner = screen(&s).table().shape(ShapeId::Corner).at;
    press(&d, &mut s, corner);
    canvas(
        &d,
        &mut s,
        Input::Dropped {
            dot: Dot::new(2, 1),
        },
    );
    assert!(
        screen(&s).table().picked().is_empty(),
        "{}",
        screen(&s).status()
    );
    assert!(s.document().text().contains("\nshape < at 1 0\n"));
    d.click(&mut s, "Undo")?;
    assert!(!s.document().text().contains("shape <"));
    assert!(
        !screen(&s).table().is_on_board(ShapeId::Corner),
        "the table follows the text"
    );
    Ok(())
}

#[test]
fn moving_a_grid_with_its_shapes_rewrites_the_board() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    open(&d, &mut s, "start.quad", &template("default.quad"));
    // Grid 4 (bottom right) goes to the right of grid 2, by the keys.
    press(&d, &mut s, Dot::new(6, 6));
    for _ in 0..4 {
        key(&d, &mut s, Key::Character("w".into()));
    }
    for _ in 0..4 {
        key(&d, &mut s, Key::Character("d".into()));
    }
    key(&d, &mut s, Key::Named(Named::Enter));
    assert!(
        screen(&s).table().picked().is_empty(),
        "{}",
        screen(&s).status()
    );
    let text = s.document().text();
    assert!(text.contains("grid 4 white at 0 8"), "{text}");
    // Grid 3 alone at the bottom left now hangs on grid 1 only: still one board.
    assert!(sees(&s, "No problems"));
    assert!(screen(&s).table().board().grid(GridId::G4).is_some());
}

#[test]
fn generate_lays_a_challenge_with_one_solution() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    open(&d, &mut s, "start.quad", &template("default.quad"));
    d.click(&mut s, "Shapes for this board")?;
    assert!(
        sees(&s, "Exactly one solution: a challenge."),
        "{}",
        screen(&s).status()
    );
    assert!(
        s.document().text().contains("grid 1 white at 0 0"),
        "the board is kept"
    );
    assert!(s.document().text().contains("\nshape "));
    d.click(&mut s, "Generate challenge")?;
    assert!(sees(&s, "Exactly one solution: a challenge."));
    d.click(&mut s, "Undo")?;
    d.click(&mut s, "Undo")?;
    assert_eq!(
        s.document().text(),
        template("default.quad"),
        "each is one undo step"
    );
    Ok(())
}

/// A challenge generated over a published one kept its title, author, source, licence and
/// notes, crediting the new challenge to the published one's author and source.
#[test]
fn a_generated_challenge_is_no_longer_credited_to_the_one_it_replaces() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let published = template("challenge-49.quad");
    assert!(published.contains("\nsource ") && published.contains("\nby "));
    open(&d, &mut s, "c49.quad", &published);
    d.click(&mut s, "Generate challenge")?;
    let text = s.document().text();
    for gone in [
        "\nsource ",
        "\nlicense ",
        "\nby ",
        "Challenge 49",
        "One solution.\"",
    ] {
        assert!(!text.contains(gone), "{gone}: {text}");
    }
    assert!(text.contains("title \"Challenge from seed "), "{text}");
    assert!(text.contains("note \"One solution; "), "{text}");
    assert!(
        screen(&s).status().ends_with(
            "the title, author, source and licence of the published challenge it replaces went \
             with it (Undo brings them back)"
        ),
        "{}",
        screen(&s).status()
    );
    d.click(&mut s, "Undo")?;
    assert_eq!(s.document().text(), published);
    // Shapes laid on the published board keep the board's source and licence: it is theirs.
    d.click(&mut s, "Shapes for this board")?;
    let text = s.document().text();
    assert!(
        text.contains("\nsource ") && text.contains("\nlicense ") && text.contains("\nby "),
        "{text}"
    );
    assert!(text.contains("note \"One solution; "), "{text}");
    d.click(&mut s, "Undo")?;
    // The author's own file keeps its title and author.
    let board: String = template("default.quad")
        .lines()
        .filter(|l| {
            !["title ", "by ", "source ", "license ", "note "]
                .iter()
                .any(|k| l.starts_with(k))
        })
        .map(|l| format!("{l}\n"))
        .collect();
    let own = format!("title \"Mine\"\nby \"Me\"\n{board}");
    open(&d, &mut s, "mine.quad", &own);
    d.click(&mut s, "Generate challenge")?;
    let text = s.document().text();
    assert!(text.contains("title \"Mine\"\nby \"Me\""), "{text}");
    Ok(())
}

#[test]
fn play_hints_solves_and_resets_with_the_seeds_keys() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    open(&d, &mut s, "c49.quad", &template("challenge-49.quad"));
    d.click(&mut s, "▶ Play")?;
    assert_eq!(screen(&s).mode(), Mode::Play);
    // The challenge's own T cannot be picked.
    let t = screen(&s).table().shape(ShapeId::T).dots()[0];
    press(&d, &mut s, t);
    assert!(screen(&s).table().picked().is_empty());
    assert_eq!(
        screen(&s).status(),
        "the green shape belongs to the challenge and stays where it is",
        "named by its colour, not its letter"
    );
    key(&d, &mut s, Key::Character("h".into()));
    assert_eq!(
        screen(&s).table().mine().len(),
        1,
        "{}",
        screen(&s).status()
    );
    key(&d, &mut s, Key::Character("f".into()));
    assert!(screen(&s).table().is_solved(), "{}", screen(&s).status());
    assert!(sees(&s, "Solved: every shape lies on the board."));
    assert!(!s.document().is_dirty(), "playing never changes the file");
    key(&d, &mut s, Key::Character("r".into()));
    assert!(screen(&s).table().mine().is_empty());
    d.click(&mut s, "✎ Author")?;
    assert_eq!(screen(&s).mode(), Mode::Author);
    // The Play key goes to playing and back, as in every family's editor.
    let ctrl_p = || Message::Key(Key::Character("p".into()), keyboard::Modifiers::CTRL);
    d.send(&mut s, ctrl_p());
    assert_eq!(screen(&s).mode(), Mode::Play);
    d.send(&mut s, ctrl_p());
    assert_eq!(screen(&s).mode(), Mode::Author);
    Ok(())
}

#[test]
fn a_board_written_from_outside_is_reloaded() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let file = open(&d, &mut s, "start.quad", &template("default.quad"));
    std::fs::write(&file, template("challenge-57.quad")).expect("write");
    d.send(
        &mut s,
        Message::Changed(studio::watch::Changed::paths(vec![file])),
    );
    assert!(s.document().text().contains("Challenge 57"));
    assert!(sees(&s, "Exactly one solution: a challenge."));
}

/// Regression: a board whose file placed a grid off it opened on "Nothing to draw yet: the text
/// has no board", though the text has one; it is drawn as the text has it, the grid marked,
/// moved back on the canvas into the text, and drawn again whenever the text changes.
#[test]
fn a_board_with_a_grid_off_it_is_drawn_as_the_text_has_it() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let good = template("default.quad");
    let loose = good.replace("grid 4 white at 4 4", "grid 4 white at 9 10");
    assert_ne!(good, loose);
    let file = open(&d, &mut s, "loose.quad", &loose);
    assert!(
        s.document()
            .editor::<studio::screen::quadrillion::editor::Editor>()
            .is_some_and(editor::Editor::is_laid)
    );
    assert!(!sees(&s, "Nothing to draw yet"));
    assert!(
        screen(&s)
            .diagnostics()
            .iter()
            .any(|d| d.message == "grid 4 is not joined to grid 1's side of the board")
    );
    let g4 = |s: &Studio| screen(s).table().grid(GridId::G4).at;
    let g1 = |s: &Studio| screen(s).table().grid(GridId::G1).at;
    assert_eq!(
        (g4(&s).row - g1(&s).row, g4(&s).col - g1(&s).col),
        (9, 10),
        "the grid lies where the text puts it"
    );
    // A new title while the grid is still off: the canvas edit below keeps it.
    std::fs::write(&file, loose.replace("Default board", "Loose board")).expect("retitled");
    d.send(
        &mut s,
        Message::Changed(studio::watch::Changed::paths(vec![file.clone()])),
    );
    assert!(s.document().text().contains("Loose board"));
    // Moved back on the canvas, by the keys: the text follows.
    let at = g4(&s);
    press(&d, &mut s, at);
    for _ in 0..5 {
        key(&d, &mut s, Key::Character("w".into()));
    }
    for _ in 0..6 {
        key(&d, &mut s, Key::Character("a".into()));
    }
    key(&d, &mut s, Key::Named(Named::Enter));
    let text = s.document().text();
    assert!(text.contains("grid 4 white at 4 4"), "{text}");
    assert!(text.contains("title \"Loose board\""), "{text}");
    assert!(screen(&s).diagnostics().is_empty());
    // Saved, then put wrong and right again from outside: the table follows the text each time.
    d.send(
        &mut s,
        Message::Document(document::Message::new(editor::Message::Save)),
    );
    assert!(!s.document().is_dirty());
    std::fs::write(&file, &loose).expect("written from outside");
    d.send(
        &mut s,
        Message::Changed(studio::watch::Changed::paths(vec![file.clone()])),
    );
    assert_eq!((g4(&s).row - g1(&s).row, g4(&s).col - g1(&s).col), (9, 10));
    std::fs::write(&file, &good).expect("put right from outside");
    d.send(
        &mut s,
        Message::Changed(studio::watch::Changed::paths(vec![file])),
    );
    assert_eq!(
        (g4(&s).row - g1(&s).row, g4(&s).col - g1(&s).col),
        (4, 4),
        "joined again"
    );
    assert!(screen(&s).diagnostics().is_empty());
    assert!(!sees(&s, "Fix the problems to hear the solver."));
}

/// Regression: Undo while playing undid the author's last edit of the text: the file changed
/// under the game (the challenge could go away mid-game) and the shapes placed were lost. While
/// playing, Undo and Redo take back and make again the player's own moves (a hint, a solve, a
/// reset are moves too); the text is left alone, and is the author's to undo again after.
#[test]
fn undo_while_playing_takes_back_the_players_moves_not_the_authors_edits() -> Result<(), Error> {
    use iced::widget::text_editor::{Action, Edit};
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    open(&d, &mut s, "c49.quad", &template("challenge-49.quad"));
    let source = |a: Action| Message::Document(document::Message::new(editor::Message::Source(a)));
    d.send(&mut s, source(Action::Edit(Edit::Insert('\n'))));
    let authored = s.document().text();
    d.click(&mut s, "▶ Play")?;
    let undo = || Message::Key(Key::Character("z".into()), keyboard::Modifiers::CTRL);
    d.send(&mut s, undo());
    assert_eq!(
        s.document().text(),
        authored,
        "no move yet: nothing to undo"
    );

    key(&d, &mut s, Key::Character("h".into()));
    assert_eq!(
        screen(&s).table().mine().len(),
        1,
        "{}",
        screen(&s).status()
    );
    let hinted = screen(&s).table().clone();
    key(&d, &mut s, Key::Character("f".into()));
    assert!(screen(&s).table().is_solved());
    key(&d, &mut s, Key::Character("r".into()));
    assert!(screen(&s).table().mine().is_empty());

    d.click(&mut s, "Undo")?;
    assert!(screen(&s).table().is_solved(), "the reset taken back");
    assert!(sees(&s, "Solved: every shape lies on the board."));
    d.send(&mut s, undo());
    assert_eq!(*screen(&s).table(), hinted, "the solve taken back");
    d.send(&mut s, undo());
    assert!(screen(&s).table().mine().is_empty(), "the hint taken back");
    d.send(&mut s, undo());
    assert!(
        screen(&s).table().mine().is_empty(),
        "nothing before the first move"
    );
    d.click(&mut s, "Redo")?;
    assert_eq!(*screen(&s).table(), hinted, "the hint made again");
    assert_eq!(
        s.document().text(),
        authored,
        "playing never changes the file"
    );

    // A new move after an undo forgets the moves undone.
    d.send(&mut s, undo());
    key(&d, &mut s, Key::Character("f".into()));
    d.click(&mut s, "Redo")?;
    assert!(screen(&s).table().is_solved(), "{}", screen(&s).status());

    d.click(&mut s, "✎ Author")?;
    d.click(&mut s, "Undo")?;
    assert_ne!(s.document().text(), authored, "the author's edit is undone");
    Ok(())
}
