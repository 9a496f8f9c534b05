//! The sliding lock screen as a user meets it: the seed's example opens beside its source, the
//! author darkens cells and draws pieces and the text follows (and typing redraws the canvas),
//! a file written from outside is reloaded, and the lock is played — dragged, turned, undone,
//! picked — with the solver's shortest way or its proof that nothing picks the lock.

mod common;

use common::editing::{put_and_open, studio};
use studio::screen::editor::Editing as _;

use common::{Driver, sees};
use engine::sliding::Cell;
use iced::keyboard::{self, Key, key::Named};
use iced::widget::text_editor::{Action, Edit, Motion};
use iced_test::Error;
use std::path::PathBuf;
use studio::app::{Message, Pending, Studio};
use studio::screen::document;
use studio::screen::folder;
use studio::screen::sliding::author::Tool;
use studio::screen::sliding::editor::{self, MOVES_ID, Mode};
use studio::sliding::canvas::{Input, Spot};

/// The seed's example, as `docs/sliding-format.md` gives it.
const SEED: &str = "title \"The seed's example\"

4 . . a .
3 K K a @
2 . . . .
1 . b b .
  A B C D
";

/// The format's example of an axis: `z` and `b` are attached to the axis at C4.
const AXIS: &str = "title \"One axis\"

5 . . . . .
4 z z + . .
3 K K b . @
2 . . b . .
1 . . . . .
  A B C D E

axis C4: b z
";

/// A lock the Key can never pick: `b` fills its column and never moves out of the way.
const STUCK: &str = "title \"Stuck\"

2 * * * b *
1 K K . b @
  A B C D E
";

/// Writes a lock into the folder and opens it.
fn open(d: &Driver, s: &mut Studio, name: &str, text: &str) -> PathBuf {
    let file = put_and_open(d, s, name, text);
    assert!(
        s.document()
            .editor::<studio::screen::sliding::editor::Editor>()
            .is_some(),
        "the sliding lock screen"
    );
    file
}

fn screen(s: &Studio) -> &editor::Editor {
    s.document()
        .editor::<studio::screen::sliding::editor::Editor>()
        .expect("the sliding lock screen")
}

fn send(d: &Driver, s: &mut Studio, m: editor::Message) {
    d.send(s, Message::Document(document::Message::new(m)));
}

fn spot(name: &str) -> Spot {
    Spot::of(Cell::parse(name).expect("a cell"))
}

fn canvas(d: &Driver, s: &mut Studio, input: Input) {
    send(d, s, editor::Message::Canvas(input));
}

fn press(d: &Driver, s: &mut Studio, at: Spot, right: bool, shift: bool) {
    canvas(
        d,
        s,
        Input::Pressed {
            spot: at,
            right,
            shift,
        },
    );
}

/// A left click on a cell: press and release there.
fn click(d: &Driver, s: &mut Studio, at: &str) {
    press(d, s, spot(at), false, false);
    canvas(d, s, Input::Released { spot: spot(at) });
}

/// A drag with the left button from a cell to a spot (which may lie off the board).
fn drag(d: &Driver, s: &mut Studio, from: &str, to: Spot) {
    press(d, s, spot(from), false, false);
    canvas(d, s, Input::Dragged { spot: to });
    canvas(d, s, Input::Released { spot: to });
}

fn arrow(d: &Driver, s: &mut Studio, n: Named) {
    d.key(s, Key::Named(n), keyboard::Modifiers::empty());
}

fn moves(s: &Studio) -> (usize, String) {
    let g = screen(s).game().expect("playing");
    (g.count(), g.notation())
}

/// Lines of `a` that differ from `b`'s at the same place (both the same length).
fn changed_lines(a: &str, b: &str) -> Vec<String> {
    assert_eq!(a.lines().count(), b.lines().count(), "{a}\n---\n{b}");
    a.lines()
        .zip(b.lines())
        .filter(|(x, y)| x != y)
        .map(|(x, _)| x.to_string())
        .collect()
}

/// Types at line `line`, column `column` (both from 1) of the source: deletes `delete`
/// characters there, then inserts `insert`, as keys pressed in the source pane do.
fn type_at(d: &Driver, s: &mut Studio, line: usize, column: usize, delete: usize, insert: &str) {
    let mut actions = vec![Action::Move(Motion::DocumentStart)];
    actions.extend(std::iter::repeat_n(Action::Move(Motion::Down), line - 1));
    actions.push(Action::Move(Motion::Home));
    actions.extend(std::iter::repeat_n(Action::Move(Motion::Right), column - 1));
    actions.extend(std::iter::repeat_n(Action::Edit(Edit::Delete), delete));
    actions.extend(insert.chars().map(|c| Action::Edit(Edit::Insert(c))));
    for a in actions {
        send(d, s, editor::Message::Source(a));
    }
}

#[test]
fn the_seeds_example_opens_beside_its_source_with_the_solvers_shortest_way() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    open(&d, &mut s, "seed.slide", SEED);
    assert_eq!(screen(&s).mode(), Mode::Author);
    let lock = screen(&s)
        .lock()
        .cloned()
        .expect("the canvas shows the lock");
    assert_eq!((lock.board.width(), lock.board.height()), (4, 4));
    assert_eq!(lock.pieces.len(), 4, "Key, Keyhole, C34 and BC1");
    assert!(sees(&s, "Board 4×4"));
    assert!(sees(&s, "No problems"));
    assert!(sees(&s, "Shortest: 3 moves"));
    assert!(sees(&s, "BC1 L1, C34 D2, Key R1"));
    assert_eq!(s.document().text(), SEED, "opening changes nothing");
    let source_shown = {
        let mut ui = iced_test::simulator(s.view());
        ui.find(iced_test::selector::id(editor::SOURCE_ID)).is_ok()
    };
    assert!(source_shown, "the source pane beside the canvas");
    assert!(
        s.folder()
            .files()
            .iter()
            .any(|f| f.path.ends_with("seed.slide")),
        "listed with the other families' files"
    );
}

#[test]
fn darkening_a_cell_and_drawing_a_piece_change_only_their_rows_and_undo_takes_them_back()
-> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    open(&d, &mut s, "seed.slide", SEED);

    d.click(&mut s, "Darken")?;
    assert_eq!(screen(&s).tool(), Tool::Darken);
    click(&d, &mut s, "A2");
    let dark = s.document().text();
    assert_eq!(changed_lines(&dark, SEED), vec!["2 * . . ."]);
    assert!(s.document().is_dirty());
    // A stroke across three cells is one edit, and a quick one (from B2 straight to D2)
    // leaves no cell out.
    press(&d, &mut s, spot("B2"), false, false);
    canvas(&d, &mut s, Input::Dragged { spot: spot("D2") });
    canvas(&d, &mut s, Input::Released { spot: spot("D2") });
    assert_eq!(changed_lines(&s.document().text(), SEED), vec!["2 * * * *"]);
    d.click(&mut s, "Undo")?;
    assert_eq!(s.document().text(), dark, "the stroke was one undo step");

    // A piece drawn down column D: a new letter, two rows changed.
    d.click(&mut s, "Piece")?;
    drag(&d, &mut s, "D2", spot("D1"));
    assert_eq!(
        changed_lines(&s.document().text(), SEED),
        vec!["2 * . . c", "1 . b b c"],
        "{}",
        screen(&s).status()
    );
    let lock = screen(&s).lock().cloned().expect("a lock");
    let c = lock
        .piece_at(Cell::parse("D1").expect("D1"))
        .expect("the new piece");
    assert_eq!(lock.name(c), "D12");
    // Stretching BC1 by its left end, then a drag across a taken cell, which is refused.
    drag(&d, &mut s, "B1", spot("A1"));
    assert!(s.document().text().contains("\n1 b b b c\n"));
    let before = s.document().text();
    drag(&d, &mut s, "A2", spot("A4"));
    assert_eq!(s.document().text(), before);
    assert_eq!(
        screen(&s).status(),
        "A2 is dark: pieces lie only on light cells"
    );

    d.click(&mut s, "Undo")?;
    d.click(&mut s, "Undo")?;
    assert_eq!(s.document().text(), dark);
    d.click(&mut s, "Undo")?;
    assert_eq!(s.document().text(), SEED);
    assert!(!s.document().is_dirty());
    d.click(&mut s, "Redo")?;
    assert_eq!(s.document().text(), dark);
    Ok(())
}

#[test]
fn the_key_keyhole_and_an_axis_are_placed_and_the_board_resized() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    open(&d, &mut s, "seed.slide", SEED);
    // An axis beside BC1's right end attaches it: the axis line says so.
    d.click(&mut s, "Axis")?;
    click(&d, &mut s, "D1");
    assert!(
        s.document().text().contains("\naxis D1: b\n"),
        "{}",
        s.document().text()
    );
    // An axis on its own is a problem, shown at its cell, and the lock cannot be played.
    click(&d, &mut s, "A2");
    assert!(sees(&s, "1 problem"), "{:?}", screen(&s).diagnostics());
    assert!(
        screen(&s)
            .overlay_now()
            .problems
            .contains(&Cell::parse("A2").expect("A2"))
    );
    d.click(&mut s, "▶ Play")?;
    assert_eq!(screen(&s).mode(), Mode::Author);
    d.click(&mut s, "Undo")?;
    d.click(&mut s, "Undo")?;
    assert_eq!(s.document().text(), SEED);

    d.click(&mut s, "Keyhole")?;
    click(&d, &mut s, "A2");
    assert!(
        screen(&s).status().contains("not on an unlabelled edge"),
        "{}",
        screen(&s).status()
    );
    click(&d, &mut s, "D2");
    assert!(s.document().text().contains("\n3 K K a .\n2 . . . @\n"));
    d.click(&mut s, "Key")?;
    drag(&d, &mut s, "A2", spot("A1"));
    assert!(
        s.document().text().contains("\n2 K . . @\n1 K b b .\n"),
        "{}",
        s.document().text()
    );
    d.click(&mut s, "+ column")?;
    assert!(sees(&s, "Board 5×4"));
    assert!(
        s.document().text().contains("\n2 K . . . @\n"),
        "the Keyhole stays on the right edge: {}",
        s.document().text()
    );
    d.click(&mut s, "− row")?;
    assert!(
        screen(&s).status().contains("C34 lies on C4"),
        "{}",
        screen(&s).status()
    );
    assert!(sees(&s, "Board 5×4"));
    Ok(())
}

#[test]
fn typing_in_the_source_redraws_the_canvas_and_a_broken_picture_keeps_the_last() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    open(&d, &mut s, "seed.slide", SEED);
    let a2 = Cell::parse("A2").expect("A2");
    // Line 5 is row 2: its first glyph is column 3.
    type_at(&d, &mut s, 5, 3, 1, "*");
    assert_eq!(changed_lines(&s.document().text(), SEED), vec!["2 * . . ."]);
    assert!(screen(&s).lock().expect("a lock").board.is_dark(a2));
    assert!(sees(&s, "No problems"));
    // A glyph the picture does not know: the problem is listed, the canvas keeps its picture.
    type_at(&d, &mut s, 5, 5, 1, "x");
    assert!(sees(&s, "1 problem"));
    assert!(sees(
        &s,
        "The picture does not read: the canvas shows the last one that did."
    ));
    assert!(
        screen(&s)
            .lock()
            .expect("the last picture")
            .board
            .is_dark(a2)
    );
    // The canvas does not print over a text it cannot read.
    click(&d, &mut s, "C2");
    assert!(
        screen(&s)
            .status()
            .starts_with("fix the text first — line 5:"),
        "{}",
        screen(&s).status()
    );
    type_at(&d, &mut s, 5, 5, 1, "K");
    assert!(sees(&s, "1 problem"), "{:?}", screen(&s).diagnostics());
    type_at(&d, &mut s, 5, 5, 1, ".");
    assert!(sees(&s, "No problems"));
    assert!(!sees(
        &s,
        "The picture does not read: the canvas shows the last one that did."
    ));
}

#[test]
fn a_lock_written_from_outside_is_reloaded() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let file = open(&d, &mut s, "seed.slide", SEED);
    std::fs::write(&file, STUCK).expect("write");
    d.send(
        &mut s,
        Message::Changed(studio::watch::Changed::paths(vec![file])),
    );
    assert_eq!(s.document().text(), STUCK);
    assert_eq!(
        screen(&s).lock().expect("a lock").board.width(),
        5,
        "the canvas follows"
    );
    assert!(sees(&s, "Cannot be picked"));
    assert!(!s.document().is_dirty());
}

#[test]
fn dragging_bc1_left_c34_down_and_the_key_right_picks_the_lock_in_three() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    open(&d, &mut s, "seed.slide", SEED);
    d.click(&mut s, "▶ Play")?;
    assert_eq!(screen(&s).mode(), Mode::Play);
    assert!(sees(&s, "Moves: 0"));

    drag(&d, &mut s, "B1", spot("A1"));
    assert_eq!(moves(&s), (1, "BC1 L1".into()));
    // Dragged far below the board, C34 stops where the rules stop it: still one move.
    drag(&d, &mut s, "C4", Spot { col: 2, row: -3 });
    assert_eq!(moves(&s), (2, "BC1 L1, C34 D2".into()));
    assert!(!sees(&s, "Picked!"));
    drag(&d, &mut s, "A3", spot("B3"));
    assert_eq!(moves(&s), (3, "BC1 L1, C34 D2, Key R1".into()));
    assert!(screen(&s).game().expect("game").is_picked());
    assert!(sees(&s, "Picked!"));
    assert!(sees(&s, "Moves: 3"));
    assert!(sees(&s, "BC1 L1, C34 D2, Key R1"));
    assert!(screen(&s).overlay_now().picked, "the Key and Keyhole shine");
    // Once picked, nothing moves.
    drag(&d, &mut s, "A1", spot("B1"));
    assert_eq!(moves(&s).0, 3);
    assert!(!s.document().is_dirty(), "playing never changes the file");

    // Undo and redo by the keys, and restart.
    d.key(
        &mut s,
        Key::Character("z".into()),
        keyboard::Modifiers::CTRL,
    );
    assert_eq!(moves(&s), (2, "BC1 L1, C34 D2".into()));
    assert!(!sees(&s, "Picked!"));
    d.key(
        &mut s,
        Key::Character("y".into()),
        keyboard::Modifiers::CTRL,
    );
    assert_eq!(moves(&s).0, 3);
    assert!(sees(&s, "Picked!"));
    d.click(&mut s, "Restart")?;
    assert_eq!(moves(&s).0, 0);
    d.click(&mut s, "Redo")?;
    assert_eq!(moves(&s), (1, "BC1 L1".into()));
    d.click(&mut s, "✎ Author")?;
    assert_eq!(screen(&s).mode(), Mode::Author);
    assert_eq!(s.document().text(), SEED);
    Ok(())
}

#[test]
fn the_keys_select_and_slide_and_a_slide_continued_is_one_move() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    open(&d, &mut s, "seed.slide", SEED);
    d.click(&mut s, "▶ Play")?;
    click(&d, &mut s, "C1");
    let lock = screen(&s).lock().cloned().expect("a lock");
    assert_eq!(
        screen(&s).selected().map(|i| lock.name(i)),
        Some("BC1".into())
    );
    arrow(&d, &mut s, Named::ArrowLeft);
    // Tab goes round the pieces from the top row: C34 first.
    arrow(&d, &mut s, Named::Tab);
    let lock = screen(&s).lock().cloned().expect("a lock");
    assert_eq!(
        screen(&s).selected().map(|i| lock.name(i)),
        Some("C34".into())
    );
    arrow(&d, &mut s, Named::ArrowDown);
    arrow(&d, &mut s, Named::ArrowDown);
    assert_eq!(moves(&s), (2, "BC1 L1, C34 D2".into()));
    // C12 lies below the Key now: Tab goes on to AB1, then round to the Key at the top.
    arrow(&d, &mut s, Named::Tab);
    arrow(&d, &mut s, Named::Tab);
    let lock = screen(&s).lock().cloned().expect("a lock");
    assert_eq!(
        screen(&s).selected().map(|i| lock.name(i)),
        Some("Key".into())
    );
    arrow(&d, &mut s, Named::ArrowRight);
    assert_eq!(moves(&s), (3, "BC1 L1, C34 D2, Key R1".into()));
    assert!(sees(&s, "Picked!"));
    Ok(())
}

#[test]
fn a_refused_move_says_why_in_the_rules_words() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    open(&d, &mut s, "seed.slide", SEED);
    d.click(&mut s, "▶ Play")?;
    drag(&d, &mut s, "A3", spot("C3"));
    assert_eq!(moves(&s).0, 0);
    assert!(sees(
        &s,
        "Key cannot slide 1 cell right: C34 stops it after 0"
    ));
    drag(&d, &mut s, "C1", spot("C2"));
    assert!(sees(&s, "BC1 slides only left and right, not up"));
    assert_eq!(moves(&s).0, 0);
    // A move that is allowed clears the word.
    drag(&d, &mut s, "C1", spot("B1"));
    assert_eq!(screen(&s).refusal(), None);
    Ok(())
}

#[test]
fn an_axis_turns_by_a_click_and_refuses_a_turn_off_the_board() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    open(&d, &mut s, "axis.slide", AXIS);
    assert!(sees(&s, "No problems"), "{:?}", screen(&s).diagnostics());
    d.click(&mut s, "▶ Play")?;
    // Clockwise, `z` would swing up off the top of the board.
    press(&d, &mut s, spot("C4"), false, false);
    assert_eq!(moves(&s).0, 0);
    assert!(sees(
        &s,
        "turning the axis C4 would carry AB4 off the board"
    ));
    // Anticlockwise (a right click) both pieces swing round.
    press(&d, &mut s, spot("C4"), true, false);
    assert_eq!(moves(&s), (1, "C4 CCW".into()));
    let lock = screen(&s).lock().cloned().expect("a lock");
    assert!(lock.find("C23").is_some() && lock.find("DE4").is_some());
    // The selected axis turns by its buttons too.
    d.click(&mut s, "↻ Turn clockwise")?;
    assert_eq!(moves(&s), (2, "C4 CCW, C4 CW".into()));
    assert_eq!(
        screen(&s).lock(),
        Some(screen(&s).game().expect("game").start())
    );
    d.click(&mut s, "Undo")?;
    d.click(&mut s, "Undo")?;
    assert_eq!(moves(&s).0, 0);
    d.click(&mut s, "Redo")?;
    assert_eq!(moves(&s), (1, "C4 CCW".into()));
    // Shift and click turns 180°: `z`, below the axis now, would swing above the board.
    press(&d, &mut s, spot("C4"), false, true);
    assert_eq!(moves(&s).0, 1);
    Ok(())
}

#[test]
fn the_solver_finds_three_moves_from_the_start_and_plays_the_rest_back() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    open(&d, &mut s, "seed.slide", SEED);
    d.click(&mut s, "▶ Play")?;
    assert!(sees(&s, "Shortest: 3 moves"));
    assert!(sees(&s, "from the start"));
    assert!(sees(&s, "BC1 L1, C34 D2, Key R1"));
    d.click(&mut s, "Next move")?;
    assert_eq!(moves(&s), (1, "BC1 L1".into()));
    // From here, on the player's asking.
    d.click(&mut s, "Solve from here")?;
    assert!(sees(&s, "Shortest: 2 moves"), "{}", screen(&s).status());
    assert!(sees(&s, "from here"));
    assert!(sees(&s, "C34 D2, Key R1"));
    d.click(&mut s, "Next move")?;
    d.click(&mut s, "Next move")?;
    assert_eq!(moves(&s), (3, "BC1 L1, C34 D2, Key R1".into()));
    assert!(sees(&s, "Picked!"));
    // Back to authoring, the solver speaks of the file's lock again, not of the game's.
    d.click(&mut s, "✎ Author")?;
    assert!(sees(&s, "Shortest: 3 moves"));
    assert!(sees(&s, "BC1 L1, C34 D2, Key R1"));
    Ok(())
}

#[test]
fn the_solver_proves_a_stuck_lock_cannot_be_picked() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    open(&d, &mut s, "stuck.slide", STUCK);
    assert!(sees(&s, "Cannot be picked"));
    assert!(sees(
        &s,
        "every one of the 2 reachable states was seen, and in none does the Key touch the Keyhole"
    ));
    d.click(&mut s, "▶ Play")?;
    d.click(&mut s, "Solve from here")?;
    assert!(sees(&s, "Cannot be picked"));
    assert!(!screen(&s).is_solving());
    Ok(())
}

#[test]
fn a_move_list_is_loaded_and_a_wrong_one_is_refused_with_its_number() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    open(&d, &mut s, "seed.slide", SEED);
    d.click(&mut s, "▶ Play")?;
    d.type_into(&mut s, MOVES_ID, "bc1 l1; c34 down 2")?;
    d.click(&mut s, "Load moves")?;
    assert_eq!(moves(&s), (2, "BC1 L1, C34 D2".into()));
    send(
        &d,
        &mut s,
        editor::Message::MovesInput("BC1 L1, Key R1".into()),
    );
    d.click(&mut s, "Load moves")?;
    assert_eq!(moves(&s).0, 2, "nothing played");
    assert!(sees(
        &s,
        "move 2 (Key R1): Key cannot slide 1 cell right: C34 stops it after 0"
    ));
    Ok(())
}

#[test]
fn unsaved_edits_are_guarded_before_another_file_opens() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let other = open(&d, &mut s, "stuck.slide", STUCK);
    let first = open(&d, &mut s, "seed.slide", SEED);
    d.click(&mut s, "Darken")?;
    click(&d, &mut s, "A2");
    let mine = s.document().text();
    assert!(s.document().is_dirty());
    d.send(
        &mut s,
        Message::Folder(folder::Message::Open(other.clone())),
    );
    assert_eq!(s.guard().pending(), Some(&Pending::Open(other.clone())));
    d.click(&mut s, "Cancel")?;
    assert_eq!(s.document().path(), Some(first.as_path()));
    assert_eq!(s.document().text(), mine);
    d.send(&mut s, Message::Folder(folder::Message::Open(other)));
    d.click(&mut s, "Save first")?;
    assert_eq!(std::fs::read_to_string(&first).expect("read"), mine);
    assert!(screen(&s).lock().expect("a lock").board.width() == 5);
    Ok(())
}

#[test]
fn export_draws_the_lock_beside_its_file() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let file = open(&d, &mut s, "seed.slide", SEED);
    d.click(&mut s, "Export PNG")?;
    let png = std::fs::read(file.with_extension("png")).expect("the picture");
    assert!(png.starts_with(b"\x89PNG"), "{}", s.notice());
    assert!(s.notice().starts_with("exported "), "{}", s.notice());
    Ok(())
}

/// Regression: a text with no board said "Board 2×2" beside the resize buttons.
#[test]
fn a_text_with_no_board_says_so_and_names_no_size() {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    open(&d, &mut s, "garbage.slide", "garbage\n");
    assert!(sees(&s, "No board yet"));
    assert!(!sees(&s, "Board 2×2"));
    assert!(sees(
        &s,
        "The text has no picture of a board yet: type one, as `2 K K @`."
    ));
}

/// A lock picked in the studio could not keep its moves as the lock's solution (the hex lock
/// player saves one, and `lockwright verify` reads it), and the solver's line never replayed a
/// saved solution on the lock being authored.
#[test]
fn a_picked_lock_saves_its_solution_and_the_solvers_line_replays_it() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    let solution = s.folder().path().join("seed.solution");
    std::fs::write(&solution, "BC1 L1, C34 D1, C23 D1, Key R1\n").expect("a longer way");
    open(&d, &mut s, "seed.slide", SEED);
    assert!(sees(&s, "Shortest: 3 moves"));
    assert!(sees(&s, "a shortcut: your saved solution takes 4 moves"));

    d.click(&mut s, "▶ Play")?;
    drag(&d, &mut s, "B1", spot("A1"));
    drag(&d, &mut s, "C4", spot("C2"));
    drag(&d, &mut s, "A3", spot("B3"));
    assert!(sees(&s, "Picked!"));
    d.click(&mut s, "Save solution")?;
    assert!(
        screen(&s).status().starts_with("saved "),
        "{}",
        screen(&s).status()
    );
    let saved = std::fs::read_to_string(&solution).expect("read");
    let parsed = lockfmt::sliding::solution::parse_solution(&saved).expect("a solution");
    let doc = lockfmt::sliding::parse(SEED).document.expect("reads");
    assert!(parsed.names(&doc), "{saved}");
    assert_eq!(
        engine::sliding::format_moves(&parsed.moves),
        "BC1 L1, C34 D2, Key R1"
    );
    d.click(&mut s, "✎ Author")?;
    assert!(sees(&s, "Shortest: 3 moves"));
    assert!(
        !sees(&s, "a shortcut: your saved solution takes 4 moves"),
        "the saved solution is the shortest now"
    );

    // Another program writes the solution file: the line replays it.
    std::fs::write(&solution, "Key R1\n").expect("a way that does not pick it");
    d.send(
        &mut s,
        Message::Changed(studio::watch::Changed::paths(vec![solution.clone()])),
    );
    assert!(sees(&s, "your saved solution (1 move) no longer picks it"));

    // Another puzzle's solution is never written over.
    let hex = include_str!("../../templates/hexlock/starter/pivot-gate.solution");
    std::fs::write(&solution, hex).expect("a hex lock's solution");
    d.click(&mut s, "▶ Play")?;
    d.type_into(&mut s, MOVES_ID, "BC1 L1, C34 D2, Key R1")?;
    d.click(&mut s, "Load moves")?;
    d.click(&mut s, "Save solution")?;
    assert!(
        screen(&s).status().contains("another puzzle's solution"),
        "{}",
        screen(&s).status()
    );
    assert_eq!(std::fs::read_to_string(&solution).expect("read"), hex);
    Ok(())
}
