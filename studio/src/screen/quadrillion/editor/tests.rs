use super::*;
use iced::widget::text_editor::{Action, Edit};
use std::sync::atomic::Ordering;

/// An editor on `text`, read.
fn opened(text: &str) -> Editor {
    let (mut editor, _) = Editor::new(None, text);
    let revision = editor.core.buffer.revision();
    let (_, _) = editor.update(Message::Read(revision, Arc::new(Reading::of(text))));
    editor
}

/// The whole text replaced by `text` (as one edit) and read.
fn typed_and_read(editor: &mut Editor, text: &str) {
    editor.core.buffer.set_text(text);
    let revision = editor.core.buffer.revision();
    let (_, _) = editor.update(Message::Read(revision, Arc::new(Reading::of(text))));
}

/// A count runs for seconds on a large board; the author moving grids and shapes changes
/// the text many times a second, so a newer text calls off the count of the older one.
#[test]
fn a_newer_text_calls_off_the_count_of_the_older_one() {
    let text = include_str!("../../../../../templates/quadrillion/default.quad");
    let mut editor = opened(text);
    let revision = editor.core.buffer.revision();
    let counting = editor.counting.as_ref().expect("a count runs").flag();
    assert!(!counting.load(Ordering::Relaxed));
    let (_, _) = editor.update(Message::Source(Action::Edit(Edit::Insert('\n'))));
    assert_ne!(editor.core.buffer.revision(), revision, "the text changed");
    assert!(
        counting.load(Ordering::Relaxed),
        "the count of the older text is called off"
    );
}

/// Regression: a file that never read showed the default board, as if it were the file's.
#[test]
fn a_text_with_no_board_shows_none() {
    let text = "garbage\n";
    let editor = opened(text);
    let mut ui = iced_test::simulator(editor.view(Palette::LIGHT));
    assert!(
        ui.find("Nothing to draw yet: the text has no board. A board is four grids, one line each, as `grid 1 black at 0 0`.")
            .is_ok()
    );
}

/// A board file with a bad line besides its four grids said "the text has no board".
#[test]
fn a_text_whose_grids_read_but_other_lines_do_not_says_the_board_waits_for_the_fixes() {
    let text = "title \"a\"\ntitle \"b\"\ngrid 1 white at 0 0\ngrid 2 white at 0 4\n\
                grid 3 white at 4 0\ngrid 4 white at 4 4\n";
    let editor = opened(text);
    let mut ui = iced_test::simulator(editor.view(Palette::LIGHT));
    assert!(
        ui.find("The text has its four grids: the board is drawn once the problems listed beside it are fixed.")
            .is_ok()
    );
    assert!(ui.find("1 problem").is_ok());
}

/// Regression: several solutions were red like a board that cannot be finished, and a
/// stopped count said "At least 0 solutions".
#[test]
fn a_count_reads_green_for_a_challenge_red_for_none_and_amber_while_authoring() {
    let c = |solutions, complete| Counted {
        solutions,
        complete,
    };
    assert_eq!(c(1, true).tone(), Tone::Challenge);
    assert_eq!(c(0, true).tone(), Tone::Impossible);
    assert_eq!(c(10_162, true).tone(), Tone::Unsettled);
    assert_eq!(c(0, false).tone(), Tone::Unsettled);
    assert!(c(0, false).verdict().starts_with("No solution found yet"));
    assert!(c(1, false).verdict().starts_with("At least 1 solution ("));
}

/// A hint or a solve runs up to seconds; a player who moves meanwhile has a table it no
/// longer fits, so the move calls it off (its answer would be dropped anyway).
#[test]
fn a_move_calls_off_the_hint_and_the_solve_asked_before_it() {
    let text = include_str!("../../../../../templates/quadrillion/challenge-49.quad");
    let mut editor = opened(text);
    let (_, _) = editor.update(Message::SetMode(Mode::Play));
    for key in [GameKey::Hint, GameKey::Solve] {
        let (_, _) = editor.update(Message::Key(key));
        let asking = editor.asking.as_ref().expect("it runs").flag();
        assert!(!asking.load(Ordering::Relaxed));
        let (_, _) = editor.update(Message::Key(GameKey::Reset));
        assert!(
            asking.load(Ordering::Relaxed),
            "{key:?}: the move called it off"
        );
    }
}

#[test]
fn hints_name_shapes_by_their_colour_not_their_letter() {
    let text = include_str!("../../../../../templates/quadrillion/challenge-49.quad");
    let mut editor = opened(text);
    let (_, _) = editor.update(Message::SetMode(Mode::Play));
    editor.hinted(&Hint::Lift(vec![ShapeId::W]));
    assert_eq!(
        editor.status(),
        "no solution keeps every shape where it is: lift the purple shape (outlined)"
    );
    editor.hinted(&Hint::Lift(vec![ShapeId::W, ShapeId::Skew, ShapeId::N]));
    assert_eq!(
        editor.status(),
        "no solution keeps every shape where it is: \
         lift the purple, dark red and pink shapes (outlined)"
    );
    let (challenge, mine) = (editor.table.challenge(), editor.table.mine());
    let place = match hint(
        &challenge,
        &mine,
        &Limits::default(),
        engine::solving::Cancel::NEVER,
    ) {
        Ok(Hint::Place(p)) => p,
        other => panic!("{other:?}"),
    };
    editor.hinted(&Hint::Place(place));
    assert_eq!(
        editor.status(),
        format!(
            "hint: the {} shape goes here",
            crate::quadrillion::picture::colour_name(place.shape)
        )
    );
}

/// A canvas edit while the text had a line that did not read printed the last board that read
/// over the text, and what the author had typed since was gone from it (a second `title`, a
/// `grid 9`, a shape typed where it cannot lie). It is refused, as in the sliding-lock editor,
/// and the text stays as typed.
#[test]
fn a_canvas_edit_waits_until_the_text_reads_again() {
    let good = include_str!("../../../../../templates/quadrillion/default.quad");
    let mut editor = opened(good);
    let corner = editor.table.shape(ShapeId::Corner).at;
    let typed = format!("title \"Mine\"\n{good}grid 9 white at 0 0\n");
    typed_and_read(&mut editor, &typed);
    let (_, _) = editor.update(Message::Canvas(Input::Pressed {
        dot: corner,
        right: false,
    }));
    assert!(editor.table.picked().is_empty(), "nothing is picked up");
    assert!(
        editor
            .status()
            .starts_with("fix the text first — line 2: `title` is given twice"),
        "{}",
        editor.status()
    );
    assert_eq!(editor.text(), typed);
    // Something held while the text went wrong goes back where it was, and the text stays.
    let fixed = editor
        .text()
        .replacen("title \"Mine\"\n", "", 1)
        .replace("grid 9 white at 0 0\n", "");
    typed_and_read(&mut editor, &fixed);
    let (_, _) = editor.update(Message::Canvas(Input::Pressed {
        dot: corner,
        right: false,
    }));
    assert_eq!(editor.table.picked().len(), 1, "{}", editor.status());
    typed_and_read(&mut editor, &typed);
    let (_, _) = editor.update(Message::Key(GameKey::Release));
    assert_eq!(editor.text(), typed, "the text stays as typed");
    assert!(
        editor.status().starts_with("fix the text first"),
        "{}",
        editor.status()
    );
    // Grids moved apart in the text while playing wait (the table is the last good board, and
    // an edit from it would undo the move typed)...
    typed_and_read(&mut editor, &fixed);
    let (_, _) = editor.update(Message::SetMode(Mode::Play));
    assert_eq!(editor.mode, Mode::Play, "{}", editor.status());
    let apart = fixed.replace("grid 4 white at 4 4", "grid 4 white at 4 12");
    typed_and_read(&mut editor, &apart);
    let laid_in_play = editor.authored().normalised();
    assert_ne!(
        laid_in_play,
        Reading::of(&apart)
            .document
            .expect("grids")
            .challenge
            .normalised()
    );
    // ...and back to authoring they are laid from the text, to be mended on the canvas, as
    // when typed while authoring (they were not, until the next keystroke).
    let (_, _) = editor.update(Message::SetMode(Mode::Author));
    assert_eq!(
        editor.authored().normalised(),
        Reading::of(&apart)
            .document
            .expect("grids")
            .challenge
            .normalised(),
        "the table is the text's"
    );
    let corner = editor.table.shape(ShapeId::Corner).at;
    let (_, _) = editor.update(Message::Canvas(Input::Pressed {
        dot: corner,
        right: false,
    }));
    assert_eq!(editor.table.picked().len(), 1, "{}", editor.status());
}

#[test]
fn undo_and_redo_are_offered_only_when_they_change_the_text() {
    let text = include_str!("../../../../../templates/quadrillion/default.quad");
    let mut editor = opened(text);
    crate::testing::undo_and_redo_are_offered_only_when_they_change_the_text(
        &mut editor,
        |e| e.view(Palette::LIGHT),
        |e, m| {
            let (_, _) = e.update(m);
        },
        Editor::text,
        Message::Source(Action::Edit(Edit::Insert('\n'))),
    );
}

/// Drags a shape grabbed at its own dot across the table to `to`, the pointer passing every
/// dot on the way, and lets go there.
fn drag_shape(editor: &mut Editor, shape: ShapeId, to: Dot) {
    let from = editor.table.shape(shape).at;
    let (_, _) = editor.update(Message::Canvas(Input::Pressed {
        dot: from,
        right: false,
    }));
    assert_eq!(editor.table.picked().len(), 1, "{}", editor.status());
    let (mut row, mut col) = (from.row, from.col);
    while (row, col) != (to.row, to.col) {
        row += (to.row - row).signum();
        col += (to.col - col).signum();
        let (_, _) = editor.update(Message::Canvas(Input::Moved {
            dot: Dot::new(row, col),
        }));
    }
    let (_, _) = editor.update(Message::Canvas(Input::Dropped { dot: to }));
}

/// A dot to drop `shape` at, grabbed at its own dot, where it lies on the board.
fn where_it_fits(table: &Table, shape: ShapeId) -> Dot {
    let from = table.shape(shape).at;
    (0..10)
        .flat_map(|row| (0..10).map(move |col| Dot::new(row, col)))
        .find(|to| {
            let mut t = table.clone();
            t.pick_at(from).is_ok()
                && t.move_by(Dot::new(to.row - from.row, to.col - from.col))
                    .is_ok()
                && t.release().is_ok()
                && t.is_on_board(shape)
        })
        .expect("a place on the board")
}

/// One drag is one undo step, as a stroke is in the other families' editors: a shape carried
/// across the table by the mouse, over many dots, is taken back by one undo, while authoring
/// (the text) and while playing (the player's moves).
#[test]
fn a_shape_dragged_across_the_table_is_one_undo_step() {
    let text = include_str!("../../../../../templates/quadrillion/default.quad");
    let mut editor = opened(text);
    let to = where_it_fits(&editor.table, ShapeId::Corner);
    drag_shape(&mut editor, ShapeId::Corner, to);
    let laid = editor.text();
    assert_ne!(
        laid,
        text,
        "the shape lies on the board: {}",
        editor.status()
    );
    let (_, _) = editor.update(Message::Undo);
    assert_eq!(editor.text(), text, "one undo takes the drag back");
    let (_, _) = editor.update(Message::Redo);
    assert_eq!(editor.text(), laid);
    let (_, _) = editor.update(Message::Undo);
    let revision = editor.core.buffer.revision();
    let (_, _) = editor.update(Message::Read(revision, Arc::new(Reading::of(text))));

    let (_, _) = editor.update(Message::SetMode(Mode::Play));
    assert_eq!(editor.mode, Mode::Play, "{}", editor.status());
    let start = editor.table.clone();
    let to = where_it_fits(&editor.table, ShapeId::Corner);
    drag_shape(&mut editor, ShapeId::Corner, to);
    assert_ne!(editor.table, start, "placed: {}", editor.status());
    let (_, _) = editor.update(Message::Undo);
    assert_eq!(editor.table, start, "one undo takes the placing back");
}
