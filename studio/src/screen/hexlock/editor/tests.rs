use super::*;
use crate::hexlock::canvas::HexCanvas;
use crate::hexlock::picture::{self, Palette};
use iced::keyboard::key::Named;
use iced::widget::canvas;
use iced::{Element, Theme};
use iced_test::{Error, Simulator, selector, simulator};

const CANVAS: f32 = 600.0;

fn starter(size: i32) -> String {
    lockfmt::hexlock::print(&Lock::starter(size))
}

fn template(path: &str) -> String {
    std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../templates/hexlock")
            .join(path),
    )
    .expect("template")
}

/// An editor whose tasks run for real, with the events it raised.
struct Harness {
    rt: tokio::runtime::Runtime,
    editor: Editor,
    events: Vec<Event>,
}

impl Harness {
    fn open(path: Option<PathBuf>, text: &str) -> Harness {
        let (editor, task) = Editor::new(path, text);
        let mut h = Harness {
            rt: crate::testing::runtime(),
            editor,
            events: Vec::new(),
        };
        h.run(task);
        h
    }

    fn run(&mut self, task: Task<Message>) {
        let mut events = Vec::new();
        crate::testing::settle(&self.rt, &mut self.editor, task, |e, m| {
            let (task, event) = Editing::handle(e, m);
            events.extend(event);
            task
        });
        self.events.extend(events);
    }

    fn send(&mut self, m: Message) {
        let (task, event) = Editing::handle(&mut self.editor, m);
        self.events.extend(event);
        self.run(task);
    }

    fn press(&mut self, label: &str) -> Result<(), Error> {
        let messages: Vec<Message> = {
            let mut ui = simulator(self.editor.view(Palette::LIGHT));
            let _ = ui.click(label)?;
            ui.into_messages().collect()
        };
        for m in messages {
            self.send(m);
        }
        Ok(())
    }

    fn shows(&self, what: &str) -> Result<(), Error> {
        let mut ui = simulator(self.editor.view(Palette::LIGHT));
        ui.find(what).map(|_| ())
    }

    /// Clicks the centre of a cell on a canvas-only view and feeds what the canvas says back.
    fn click_cell(&mut self, cell: Hex) {
        let events: Vec<Event2> = {
            let editor = &self.editor;
            let lock = editor.lock().expect("a lock");
            let size = lock.size;
            let point = Camera::default().project(
                picture::centre(cell),
                size,
                iced::Size::new(CANVAS, CANVAS),
            );
            let mut ui =
                Simulator::with_size(Default::default(), (CANVAS, CANVAS), canvas_only(editor));
            ui.point_at(point);
            let _ = ui.simulate(iced_test::simulator::click());
            ui.into_messages().collect()
        };
        assert!(!events.is_empty(), "the canvas reported the click");
        for e in events {
            self.send(Message::Canvas(e));
        }
    }
}

fn canvas_only(editor: &Editor) -> Element<'_, Event2> {
    let lock = editor.lock().expect("a lock");
    canvas(HexCanvas {
        lock,
        camera: Camera::default(),
        colouring: editor.colouring,
        palette: Palette::LIGHT,
        overlay: editor.overlay(),
        labels: false,
        interactive: true,
        layers: &editor.layers,
    })
    .width(CANVAS)
    .height(CANVAS)
    .into()
}

#[test]
fn opening_a_lock_shows_its_source_and_no_problems() -> Result<(), Error> {
    let h = Harness::open(None, &template("starter/ball-stop.lock"));
    h.shows("No problems")?;
    h.shows("Block")?;
    assert_eq!(
        h.editor.lock().map(|l| l.info.name.as_str()),
        Some("Ball Stop")
    );
    Ok(())
}

#[test]
fn painting_a_cell_on_the_canvas_changes_the_text() -> Result<(), Error> {
    let mut h = Harness::open(None, &starter(3));
    h.press("Block")?;
    assert_eq!(h.editor.tool(), Tool::Block);
    h.click_cell(Hex::ORIGIN);
    let text = h.editor.text();
    // The centre of a size-3 lock is row 4, cell 4.
    assert!(text.contains("\n. . . A . . .\n"), "{text}");
    assert!(h.editor.diagnostics().is_empty());
    // Only the painted row changed.
    let changed = starter(3)
        .lines()
        .zip(text.lines())
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(changed, 1);
    // And it can be undone and redone.
    h.send(Message::Undo);
    assert_eq!(h.editor.text(), starter(3));
    h.send(Message::Redo);
    assert_eq!(h.editor.text(), text);
    Ok(())
}

/// Regression: a block painted by a drag across four cells took four undos to take back; a
/// stroke is one step, as in the other families' editors.
#[test]
fn a_stroke_painted_by_a_drag_is_one_undo_step() -> Result<(), Error> {
    let mut h = Harness::open(None, &starter(3));
    h.press("Block")?;
    h.click_cell(Hex::ORIGIN);
    let cells = [Hex::new(1, 0), Hex::new(2, 0), Hex::new(2, -1)];
    let mut from = Hex::ORIGIN;
    for to in cells {
        h.send(Message::Canvas(Event2::Dragged { from, to }));
        from = to;
    }
    let painted = h.editor.text();
    let block = h
        .editor
        .lock()
        .and_then(|l| l.blocks.first().cloned())
        .expect("a block");
    assert_eq!(block.cells.len(), 4, "{painted}");
    h.send(Message::Undo);
    assert_eq!(
        h.editor.text(),
        starter(3),
        "one undo takes back the whole stroke"
    );
    h.send(Message::Redo);
    assert_eq!(h.editor.text(), painted, "and one redo puts it back");
    // The next click begins a step of its own.
    h.click_cell(Hex::new(-2, 0));
    h.send(Message::Undo);
    assert_eq!(h.editor.text(), painted);
    Ok(())
}

#[test]
fn typing_in_the_source_changes_the_canvas() -> Result<(), Error> {
    let mut h = Harness::open(None, &starter(3));
    assert!(h.editor.lock().is_some_and(|l| l.balls.is_empty()));
    let messages: Vec<Message> = {
        let mut ui = simulator(h.editor.view(Palette::LIGHT));
        let _ = ui.click(selector::id(SOURCE_ID))?;
        // Up to the first line wherever the click left the cursor, then down to the middle
        // grid row (line 10), to its fourth cell, and put a ball there.
        for _ in 0..30 {
            let _ = ui.tap_key(Named::ArrowUp);
        }
        let _ = ui.tap_key(Named::Home);
        for _ in 0..9 {
            let _ = ui.tap_key(Named::ArrowDown);
        }
        for _ in 0..6 {
            let _ = ui.tap_key(Named::ArrowRight);
        }
        let _ = ui.typewrite("o");
        let _ = ui.tap_key(Named::Delete);
        ui.into_messages().collect()
    };
    for m in messages {
        h.send(m);
    }
    assert!(
        h.editor.text().contains("\n. . . o . . .\n"),
        "{}",
        h.editor.text()
    );
    assert_eq!(
        h.editor.lock().map(|l| l.balls.clone()),
        Some(vec![Hex::ORIGIN])
    );
    Ok(())
}

/// The answers of the background reading can arrive late: only the newest text's counts.
#[test]
fn a_reading_of_an_older_text_is_dropped() {
    let (mut editor, first) = Editor::new(None, &starter(3));
    let rt = crate::testing::runtime();
    // A second text before the first reading arrives.
    editor.core.buffer.replace_last(&starter(5));
    let second = editor.read();
    // The second reading lands first, then the first, late.
    crate::testing::settle(&rt, &mut editor, second, |e, m| e.update(m).0);
    crate::testing::settle(&rt, &mut editor, first, |e, m| e.update(m).0);
    assert_eq!(editor.lock().map(|l| l.size), Some(5));
    assert!(editor.is_read());
}

#[test]
fn while_the_text_does_not_parse_the_last_picture_stays() {
    let mut h = Harness::open(None, &template("starter/spring-pull.lock"));
    let before = h.editor.lock().cloned();
    h.editor
        .core
        .buffer
        .replace_last("lockwright-lock 1\nthis is not a lock");
    let task = h.editor.read();
    h.run(task);
    assert!(!h.editor.diagnostics().is_empty());
    assert_eq!(h.editor.lock().cloned(), before);
}

/// A lock file in a folder of its own, open in a harness.
fn on_disk(text: &str) -> (tempfile::TempDir, PathBuf, Harness) {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("x.lock");
    std::fs::write(&path, text).expect("write");
    let h = Harness::open(Some(path.clone()), text);
    (dir, path, h)
}

#[test]
fn a_change_on_disk_reloads_a_clean_buffer() {
    let (_dir, path, mut h) = on_disk(&starter(3));
    std::fs::write(&path, starter(4)).expect("another editor saves");
    let task = h.editor.reload();
    h.run(task);
    assert_eq!(h.editor.text(), starter(4));
    assert_eq!(h.editor.lock().map(|l| l.size), Some(4));
    assert!(h.editor.conflict().is_none());
    assert!(!h.editor.is_dirty());
}

#[test]
fn unsaved_edits_and_a_change_on_disk_ask_which_to_keep() -> Result<(), Error> {
    let (_dir, path, mut h) = on_disk(&starter(3));
    h.send(Message::Tool(Tool::Ball));
    let task = h.editor.click(Hex::ORIGIN);
    h.run(task);
    let mine = h.editor.text();
    assert!(h.editor.is_dirty());
    std::fs::write(&path, starter(5)).expect("another editor saves");
    let task = h.editor.reload();
    h.run(task);
    assert_eq!(h.editor.text(), mine, "nothing is dropped silently");
    h.shows("Keep mine")?;
    h.press("Compare")?;
    // The comparison takes the canvas's room, beside the prompt.
    h.shows("on disk")?;
    h.shows("this buffer")?;
    h.shows("Hide comparison")?;
    h.press("Take theirs")?;
    assert_eq!(h.editor.text(), starter(5));
    assert!(h.editor.conflict().is_none());
    // Taking theirs is one undo step: mine comes back.
    h.send(Message::Undo);
    assert_eq!(h.editor.text(), mine);
    Ok(())
}

#[test]
fn keep_mine_keeps_the_buffer_until_it_is_saved() {
    let (_dir, path, mut h) = on_disk(&starter(3));
    h.send(Message::Tool(Tool::Ball));
    let task = h.editor.click(Hex::ORIGIN);
    h.run(task);
    let mine = h.editor.text();
    std::fs::write(&path, starter(5)).expect("another editor saves");
    let task = h.editor.reload();
    h.run(task);
    h.send(Message::Buffer(buffer::Message::KeepMine));
    assert_eq!(h.editor.text(), mine);
    assert!(h.editor.is_dirty());
    h.send(Message::Save);
    assert_eq!(h.events, vec![Event::Saved(path.clone())]);
    assert!(!h.editor.is_dirty());
    assert_eq!(std::fs::read_to_string(&path).expect("read"), mine);
}

/// Regression: Save marked the buffer clean before the write, so after a failed save a change
/// on disk replaced the unsaved text with no choice.
#[test]
fn a_failed_save_keeps_the_buffer_dirty_and_says_why() {
    let dir = tempfile::tempdir().expect("dir");
    // A file inside a "folder" that is a file: no write can succeed. (The change from
    // outside below comes from another file, read through the same reload.)
    let blocker = dir.path().join("not-a-folder");
    std::fs::write(&blocker, "").expect("write");
    let path = blocker.join("x.lock");
    let mut h = Harness::open(Some(path.clone()), &starter(3));
    h.send(Message::Tool(Tool::Ball));
    let task = h.editor.click(Hex::ORIGIN);
    h.run(task);
    let mine = h.editor.text();
    h.send(Message::Save);
    assert!(
        matches!(h.events.as_slice(), [Event::SaveFailed(_)]),
        "{:?}",
        h.events
    );
    assert!(
        h.editor.is_dirty(),
        "a failed save leaves the edits unsaved"
    );
    assert!(
        h.editor.status().starts_with("not saved"),
        "{}",
        h.editor.status()
    );
    // A change from outside now asks, rather than replacing the unsaved text: the file at
    // the path (another one, since this one cannot exist) is read through the usual reload.
    let theirs = dir.path().join("theirs.lock");
    std::fs::write(&theirs, starter(5)).expect("write");
    h.editor.set_path(theirs);
    let task = h.editor.reload();
    h.run(task);
    assert_eq!(h.editor.text(), mine);
    assert!(h.editor.conflict().is_some());
}

#[test]
fn a_folder_is_not_read_as_a_lock() {
    let dir = tempfile::tempdir().expect("dir");
    let err = read_text(dir.path()).expect_err("a folder is not a lock");
    assert!(err.contains("is a folder"), "{err}");
}

#[test]
fn problems_are_listed_with_their_line_and_column() -> Result<(), Error> {
    let text = starter(3).replace("\n. . . . . . .\n", "\n. . . $ . . .\n");
    let h = Harness::open(None, &text);
    h.shows("1 problem")?;
    h.shows("10:7: error: unknown glyph `$`: a cell is `.` (empty), `:` (bolthole), `~` (spring), `o` (ball), `@` (hook), `%` (wrench), `-` `/` `\\` (arm), a letter (block) or a digit (pivot)")?;
    Ok(())
}

#[test]
fn an_invalid_lock_marks_its_problem_cells_on_the_canvas() {
    let text = starter(3).replace("\n. . . . . . .\n", "\n. . A . A . .\n");
    let h = Harness::open(None, &text);
    assert!(
        !h.editor.overlay().problems.is_empty(),
        "the disconnected block is marked"
    );
}

#[test]
fn a_canvas_edit_keeps_the_layout_of_untouched_lines() {
    // A hand-written file: statements out of canonical order, an indented comment, extra
    // blank lines.
    let text = starter(3).replace(
        "hook arm E\nwrench momentum none\n",
        "wrench momentum none\n\n   # the hook\nhook arm E\n",
    );
    let mut h = Harness::open(None, &text);
    assert!(h.editor.diagnostics().is_empty());
    h.send(Message::Tool(Tool::Ball));
    let task = h.editor.click(Hex::ORIGIN);
    h.run(task);
    let after = h.editor.text();
    let changed: Vec<(&str, &str)> = text
        .lines()
        .zip(after.lines())
        .filter(|(a, b)| a != b)
        .collect();
    assert_eq!(changed, vec![(". . . . . . .", ". . . o . . .")], "{after}");
    assert_eq!(after.lines().count(), text.lines().count());
}

#[test]
fn the_buffer_against_the_disk_shows_what_changed() -> Result<(), Error> {
    let (_dir, _path, mut h) = on_disk(&starter(3));
    h.send(Message::Tool(Tool::Ball));
    let task = h.editor.click(Hex::ORIGIN);
    h.run(task);
    h.press("Diff with disk")?;
    assert!(h.editor.is_comparing());
    h.shows("on disk")?;
    h.shows("this buffer")?;
    h.shows("added a ball (1 cell)")?;
    h.shows(". . . o . . .")?;
    assert_eq!(
        changed_cells(&Lock::starter(3), h.editor.lock().expect("lock")),
        vec![Hex::ORIGIN]
    );
    h.press("Back")?;
    assert!(!h.editor.is_comparing());
    Ok(())
}

#[test]
fn canvas_snapshots_of_three_templates_match() -> Result<(), Error> {
    for name in ["spring-pull", "pivot-gate", "ball-stop"] {
        let h = Harness::open(None, &template(&format!("starter/{name}.lock")));
        let mut ui =
            Simulator::with_size(Default::default(), (CANVAS, CANVAS), canvas_only(&h.editor));
        let snapshot = ui.snapshot(&Theme::Light)?;
        assert!(
            snapshot.matches_hash(format!("tests/snapshots/canvas-{name}"))?,
            "{name} looks different"
        );
    }
    Ok(())
}

/// Drags on the canvas from one cell's centre to another's, as one quick motion, and feeds
/// what the canvas says to the editor before any of its readings finishes (a quick drag
/// outruns them), then lets them finish.
fn drag_cells(h: &mut Harness, from: Hex, to: Hex) {
    use iced::mouse;
    let events: Vec<Event2> = {
        let editor = &h.editor;
        let size = editor.lock().expect("a lock").size;
        let at = |c: Hex| {
            Camera::default().project(picture::centre(c), size, iced::Size::new(CANVAS, CANVAS))
        };
        let mut ui =
            Simulator::with_size(Default::default(), (CANVAS, CANVAS), canvas_only(editor));
        ui.point_at(at(from));
        let _ = ui.simulate([iced::Event::Mouse(mouse::Event::ButtonPressed(
            mouse::Button::Left,
        ))]);
        ui.point_at(at(to));
        let _ = ui.simulate([iced::Event::Mouse(mouse::Event::CursorMoved {
            position: at(to),
        })]);
        let _ = ui.simulate([iced::Event::Mouse(mouse::Event::ButtonReleased(
            mouse::Button::Left,
        ))]);
        ui.into_messages().collect()
    };
    let mut tasks = Vec::new();
    for e in events {
        let (task, event) = h.editor.update(Message::Canvas(e));
        h.events.extend(event);
        tasks.push(task);
    }
    for task in tasks {
        h.run(task);
    }
}

/// Four free cells in a row of the lock, west to east.
fn free_run(lock: &Lock) -> (Hex, Hex) {
    let taken = lock.occupancy();
    let radius = lock.size - 1;
    for r in -radius..=radius {
        let row: Vec<Hex> = engine::hex::row_cells(radius, r).collect();
        for w in row.windows(4) {
            if w.iter().all(|c| !taken.contains_key(c)) {
                return (w[0], w[3]);
            }
        }
    }
    panic!("no four free cells in a row");
}

/// Regression: the Block and Erase tools took one cell per click, and a drag painted only the
/// cell where it began.
#[test]
fn a_drag_paints_a_block_and_erases_it_again_cell_by_cell() {
    let mut h = Harness::open(None, &starter(4));
    h.send(Message::Tool(Tool::Block));
    let (from, to) = free_run(h.editor.lock().expect("a lock"));
    drag_cells(&mut h, from, to);
    let lock = h.editor.lock().expect("a lock").clone();
    let block = lock
        .blocks
        .iter()
        .find(|b| b.cells.contains(&from))
        .expect("a new block");
    let mut painted = block.cells.clone();
    painted.sort_by_key(|c| (c.r, c.q));
    let mut run: Vec<Hex> = std::iter::once(from).chain(between(from, to)).collect();
    run.sort_by_key(|c| (c.r, c.q));
    assert_eq!(
        painted, run,
        "every cell the drag passed over, in one block"
    );
    // Dragging back from a cell of the selected block takes its cells away.
    let with_block = h.editor.text();
    drag_cells(&mut h, to, from);
    let lock = h.editor.lock().expect("a lock");
    assert!(
        run.iter().all(|c| !lock.occupancy().contains_key(c)),
        "{:?}",
        lock.blocks
    );
    // Each stroke is one undo step, unpainting as painting.
    h.send(Message::Undo);
    assert_eq!(
        h.editor.text(),
        with_block,
        "one undo takes back the unpainting"
    );
    h.send(Message::Redo);
    // The Erase tool erases along a drag too.
    drag_cells(&mut h, from, to);
    let lock = h.editor.lock().expect("a lock");
    assert!(run.iter().all(|c| lock.occupancy().contains_key(c)));
    let before_erasing = h.editor.text();
    h.send(Message::Tool(Tool::Erase));
    drag_cells(&mut h, from, to);
    let lock = h.editor.lock().expect("a lock");
    assert!(run.iter().all(|c| !lock.occupancy().contains_key(c)));
    h.send(Message::Undo);
    assert_eq!(
        h.editor.text(),
        before_erasing,
        "one undo takes back the erasing"
    );
}

#[test]
fn a_file_removed_from_disk_leaves_its_text_unsaved_and_save_writes_it_again() {
    let (_dir, path, mut h) = on_disk(&starter(3));
    std::fs::remove_file(&path).expect("another program removes it");
    let task = h.editor.reload();
    h.run(task);
    assert_eq!(h.editor.text(), starter(3), "the text stays");
    assert!(
        h.editor.is_dirty(),
        "nothing else holds it: leaving must ask"
    );
    assert!(
        h.editor.status().contains("was removed from disk"),
        "{}",
        h.editor.status()
    );
    h.send(Message::Save);
    assert_eq!(std::fs::read_to_string(&path).ok(), Some(starter(3)));
    assert!(!h.editor.is_dirty());
}

#[test]
fn a_file_saved_anew_by_another_program_after_removing_it_reloads_a_clean_buffer() {
    let (_dir, path, mut h) = on_disk(&starter(3));
    std::fs::remove_file(&path).expect("another editor removes it");
    let task = h.editor.reload();
    h.run(task);
    std::fs::write(&path, starter(4)).expect("and writes it anew");
    let task = h.editor.reload();
    h.run(task);
    assert_eq!(h.editor.text(), starter(4));
    assert!(
        h.editor.conflict().is_none(),
        "no edits of mine: nothing to ask"
    );
    assert!(!h.editor.is_dirty());
}

#[test]
fn undo_and_redo_are_offered_only_when_they_change_the_text() {
    let mut h = Harness::open(None, &starter(3));
    crate::testing::undo_and_redo_are_offered_only_when_they_change_the_text(
        &mut h,
        |h| h.editor.view(Palette::LIGHT),
        Harness::send,
        |h| h.editor.text(),
        Message::Source(text_editor::Action::Edit(text_editor::Edit::Insert('\n'))),
    );
}

/// Delete, Split and the spring's length work on the selected piece: with none selected they
/// are not pressable (pressed, they did nothing and said nothing).
#[test]
fn the_selections_buttons_are_pressable_only_with_a_piece_selected() {
    use crate::testing::click;
    let mut h = Harness::open(None, &starter(3));
    let labels = ["Delete", "Split", "Spring −", "Spring +"];
    for label in labels {
        assert!(
            click(h.editor.view(Palette::LIGHT), label).is_empty(),
            "{label} with nothing selected"
        );
    }
    // A block painted is the piece selected.
    h.send(Message::Tool(Tool::Block));
    h.click_cell(Hex::ORIGIN);
    for label in labels {
        assert!(
            !click(h.editor.view(Palette::LIGHT), label).is_empty(),
            "{label} with the block selected"
        );
    }
    for m in click(h.editor.view(Palette::LIGHT), "Delete") {
        h.send(m);
    }
    assert!(h.editor.lock().is_some_and(|l| l.blocks.is_empty()));
    assert!(click(h.editor.view(Palette::LIGHT), "Delete").is_empty());
}

/// The hex lock editor said nothing of whether the lock opens, where the other families' editors
/// say at once: the fewest moves and a way (replayed here through the rules), or that none
/// opens it; and nothing while the text has errors.
#[test]
fn the_solver_says_how_few_moves_open_the_lock_or_that_none_does() -> Result<(), Error> {
    let text = template("tutorial/03-fixed-parts.lock");
    let mut h = Harness::open(None, &text);
    let Some(Verdict::Opens(moves)) = h.editor.verdict().cloned() else {
        panic!("the lesson opens: {:?}", h.editor.verdict());
    };
    let mut session =
        crate::hexlock::session::Session::new(h.editor.lock().expect("a lock")).expect("plays");
    for &m in &moves {
        session.play(m);
    }
    assert!(session.is_open(), "the way opens it");
    h.shows(&format!("Opens in {} moves", moves.len()))?;
    // A block with no spring over the bolthole never moves.
    let stuck = text.replace("   . . B :\n", "   . . B C\n");
    assert_ne!(stuck, text);
    let task = h.editor.set_text(&stuck);
    h.run(task);
    assert_eq!(h.editor.verdict(), Some(&Verdict::Never { states: 124 }));
    h.shows("Cannot be opened")?;
    let task = h.editor.set_text("lockwright-lock 1\nsize: 3\ngrid:\n");
    h.run(task);
    assert_eq!(h.editor.verdict(), None, "no playable lock, nothing said");
    h.shows("Fix the problems to hear the solver.")?;
    Ok(())
}

/// A change of the lock that let a shorter way through, or stopped the author's own from
/// opening it, went unsaid until the author played the lock and asked the solver.
#[test]
fn the_saved_solution_is_replayed_on_each_lock_and_a_shortcut_is_said() -> Result<(), Error> {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("fixed.lock");
    let text = template("tutorial/03-fixed-parts.lock");
    std::fs::write(&path, &text).expect("write");
    std::fs::write(dir.path().join("fixed.solution"), "hW hE hNE hSE\n").expect("write");
    let mut h = Harness::open(Some(path), &text);
    assert!(matches!(h.editor.verdict(), Some(Verdict::Opens(m)) if m.len() == 2));
    h.shows("a shortcut: your saved solution takes 4 moves")?;
    let stuck = text.replace("   . . B :\n", "   . . B C\n");
    let task = h.editor.set_text(&stuck);
    h.run(task);
    h.shows("your saved solution (4 moves) no longer opens it")?;
    Ok(())
}

/// While the solver looks at a changed lock, the line keeps the room of its last verdict
/// (drawn unseen beneath), so that the canvas does not jump at each edit and back at each
/// answer.
#[test]
fn the_solvers_line_keeps_the_room_of_its_last_verdict_while_it_looks() -> Result<(), Error> {
    let text = template("tutorial/03-fixed-parts.lock");
    let mut h = Harness::open(None, &text);
    h.shows("Opens in 2 moves")?;
    let stuck = text.replace("   . . B :\n", "   . . B C\n");
    let _ = h.editor.set_text(&stuck);
    // The text is read, and the search asked, but not run.
    let reading = Arc::new(Reading::of(&stuck));
    let revision = h.editor.core.buffer.revision();
    let _ = h.editor.update(Message::Read(revision, reading));
    h.shows("The solver is looking…")?;
    h.shows("Opens in 2 moves")?;
    Ok(())
}
