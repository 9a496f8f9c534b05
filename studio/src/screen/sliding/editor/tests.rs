//! The editor's solver line, driven without a window.

use super::*;

/// Seed 531 of the solver's benchmark: no answer within minutes.
const DEEP: &str = "11 . . . . . . g . . . p
10 . b b b + . g . . f p
 9 . . . n . . . i . f .
 8 a a + n . s s i . . r
 7 . . . d h . . . . . r
 6 . . . d h t t k k o r
 5 . . j d h . . . l o .
 4 K K j . . . . e l c @
 3 . . j . . . . e l c q
 2 . * j * . * . e l . q
 1 . . . . m m m . . . q
   A B C D E F G H I J K

axis E10: b
axis C8: a
";

fn clicks(editor: &Editor, label: &str) -> Vec<Message> {
    crate::testing::click(editor.view(Palette::LIGHT), label)
}

fn sees(editor: &Editor, what: &str) -> bool {
    iced_test::simulator(editor.view(Palette::LIGHT))
        .find(what)
        .is_ok()
}

/// Whether a button of this label is there to press: the room a looking solver keeps holds
/// its last verdict's words unseen, and pressing them does nothing.
fn offers(editor: &Editor, label: &str) -> bool {
    let mut ui = iced_test::simulator(editor.view(Palette::LIGHT));
    ui.click(label).is_ok() && ui.into_messages().next().is_some()
}

/// The text on screen read, as the background reading answers.
fn read_text(editor: &mut Editor) {
    let (revision, text) = (editor.core.buffer.revision(), editor.text());
    let (_, _) = editor.update(Message::Read(revision, Arc::new(Reading::of(&text))));
}

/// An editor on the deep lock whose search the editor's limit stopped. (Its own search, of
/// seconds, is not run: the limit is said to have stopped it.)
fn stopped_at_the_limit() -> Editor {
    let (mut editor, _) = Editor::new(None, DEEP);
    read_text(&mut editor);
    let run = editor.running.as_ref().expect("the solver runs").run;
    let stopped = Verdict::Stopped {
        why: "stopped after 3 s".into(),
        states: 900_000,
        at_least: Some(13),
    };
    let (_, _) = editor.update(Message::Solved(run, Arc::new(stopped)));
    editor
}

/// When the solver stops at the editor's limit, the author can let it search longer, and stop
/// that search; the answer so far stands with the offer still there.
#[test]
fn a_stopped_search_goes_on_longer_when_the_author_asks_and_can_be_stopped() {
    let rt = crate::testing::runtime();
    let mut editor = stopped_at_the_limit();
    assert!(sees(&editor, "No answer yet"));

    let mut longer = Task::none();
    for m in clicks(&editor, "Search longer") {
        longer = editor.update(m).0;
    }
    assert!(editor.is_solving());
    assert!(sees(&editor, "The solver is looking, for up to a minute…"));
    assert!(!offers(&editor, "Search longer"));
    for m in clicks(&editor, "Stop") {
        let (_, _) = editor.update(m);
    }
    crate::testing::settle(&rt, &mut editor, longer, |e, m| e.update(m).0);
    assert!(!editor.is_solving());
    assert!(sees(&editor, "No answer yet"));
    assert!(
        sees(&editor, "Search longer"),
        "the offer stays after a stop"
    );
    assert!(!sees(&editor, "Stop"));
}

/// The line above the canvas says what the solver found; a stroke that darkens cells changes
/// the lock, and the line went from a verdict with its button to "looking", a shorter line,
/// moving the canvas under the pointer. While a stroke is painted it says what it said when
/// the stroke began; let go, it says what the solver is doing now.
#[test]
fn the_solvers_line_stays_as_it_was_while_a_stroke_is_painted() {
    let mut editor = stopped_at_the_limit();
    assert!(sees(&editor, "Search longer"));
    let source_top = top_of_source(&editor);

    editor.tool = Tool::Darken;
    let e2 = Spot::of(Cell::new(4, 1));
    let (_, _) = editor.update(Message::Canvas(Input::Pressed {
        spot: e2,
        right: false,
        shift: false,
    }));
    read_text(&mut editor);
    assert!(
        editor.text().contains(" 2 . * j * * *"),
        "E2 is dark: {}",
        editor.text()
    );
    assert!(editor.is_solving(), "the solver looks at the new lock");
    assert!(offers(&editor, "Search longer"), "the line is as it was");
    assert!(!sees(&editor, "The solver is looking…"));
    let (_, _) = editor.update(Message::Canvas(Input::Released { spot: e2 }));
    assert!(sees(&editor, "The solver is looking…"));
    assert!(!offers(&editor, "Search longer"));
    // While it looks, the line keeps the room its last verdict took (four lines here, one
    // while looking): what lies below it does not jump up, and down again when it answers.
    assert_eq!(
        top_of_source(&editor),
        source_top,
        "the source pane stays put"
    );
}

/// Where the source pane beside the canvas begins, from the window's top.
fn top_of_source(editor: &Editor) -> f32 {
    let mut ui = iced_test::simulator(editor.view(Palette::LIGHT));
    ui.find(iced_test::selector::id(SOURCE_ID))
        .map(|t| t.bounds().y)
        .expect("the source pane")
}

#[test]
fn undo_and_redo_are_offered_only_when_they_change_the_text() {
    let (mut editor, _) = Editor::new(None, DEEP);
    read_text(&mut editor);
    crate::testing::undo_and_redo_are_offered_only_when_they_change_the_text(
        &mut editor,
        |e| e.view(Palette::LIGHT),
        |e, m| {
            let (_, _) = e.update(m);
        },
        Editor::text,
        Message::Source(text_editor::Action::Edit(text_editor::Edit::Insert('\n'))),
    );
}

/// Regression: "Load moves" with the field empty took the game back to its start, its moves
/// gone with no undo.
#[test]
fn load_moves_is_pressable_only_with_moves_typed() {
    let text = include_str!("../../../../../templates/sliding/seed-example.slide");
    let (mut editor, _) = Editor::new(None, text);
    read_text(&mut editor);
    let (_, _) = editor.update(Message::SetMode(Mode::Play));
    let (_, _) = editor.update(Message::MovesInput("BC1 L1".into()));
    let load = clicks(&editor, "Load moves");
    assert!(!load.is_empty());
    for m in load {
        let (_, _) = editor.update(m);
    }
    assert_eq!(editor.game().map(Game::count), Some(1));
    let (_, _) = editor.update(Message::MovesInput("  ".into()));
    assert!(clicks(&editor, "Load moves").is_empty());
    assert_eq!(editor.game().map(Game::count), Some(1));
}
