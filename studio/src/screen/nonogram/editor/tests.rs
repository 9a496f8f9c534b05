use super::*;

const SEED: &str = "title \"Seed\"\nwidth 5\nheight 5\n\nrows\n3\n1,1,1\n5\n3\n1,1\n\ncolumns\n2\n1,3\n4\n1,3\n2\n\ngoal \"0111010101111110111001010\"\n";

struct Harness {
    rt: tokio::runtime::Runtime,
    editor: Editor,
}

impl Harness {
    fn open(text: &str) -> Harness {
        let (editor, task) = Editor::new(None, text);
        let mut h = Harness {
            rt: crate::testing::runtime(),
            editor,
        };
        h.run(task);
        h
    }

    /// An editor on `text` saved as a file of its own (in the folder returned with it).
    fn on_disk(text: &str) -> (tempfile::TempDir, Harness) {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("seed.non");
        std::fs::write(&path, text).expect("written");
        let (editor, task) = Editor::new(Some(path), text);
        let mut h = Harness {
            rt: crate::testing::runtime(),
            editor,
        };
        h.run(task);
        (dir, h)
    }

    fn run(&mut self, task: Task<Message>) {
        crate::testing::settle(&self.rt, &mut self.editor, task, |e, m| {
            Editing::handle(e, m).0
        });
    }

    fn send(&mut self, m: Message) {
        let (task, _) = Editing::handle(&mut self.editor, m);
        self.run(task);
    }

    /// A press on a cell and its release there: filling it (or emptying it, `fill` false or
    /// the cell filled already).
    fn click_cell(&mut self, x: usize, y: usize, fill: bool) {
        self.send(Message::Canvas(Stroke::Pressed { x, y, fill }));
        self.send(Message::Canvas(Stroke::Released));
    }
}

#[test]
fn painting_a_cell_changes_the_goal_and_the_clues_in_the_text() {
    let mut h = Harness::open(SEED);
    assert_eq!(h.editor.picture().get(0, 0), Cell::Empty);
    h.click_cell(0, 0, true);
    let text = h.editor.text();
    assert!(
        text.contains("\nrows\n4\n"),
        "row 1 is now a run of 4: {text}"
    );
    assert!(text.contains("goal \"1111010101"), "{text}");
    assert!(
        h.editor.diagnostics().is_empty(),
        "{:?}",
        h.editor.diagnostics()
    );
    assert!(text.contains("title \"Seed\""), "the title is kept");
    h.send(Message::Undo);
    assert_eq!(h.editor.text(), SEED);
}

#[test]
fn a_stroke_across_cells_is_one_undo_step() {
    let mut h = Harness::open(SEED);
    h.send(Message::Canvas(Stroke::Pressed {
        x: 0,
        y: 0,
        fill: true,
    }));
    h.send(Message::Canvas(Stroke::Dragged {
        from: (0, 0),
        x: 0,
        y: 1,
    }));
    // A fast mouse: one move across three cells.
    h.send(Message::Canvas(Stroke::Dragged {
        from: (0, 1),
        x: 0,
        y: 4,
    }));
    h.send(Message::Canvas(Stroke::Released));
    for y in 0..5 {
        assert_eq!(h.editor.picture().get(0, y), Cell::Filled, "row {y}");
    }
    h.send(Message::Undo);
    assert_eq!(h.editor.text(), SEED, "the whole stroke is undone at once");
}

/// A stroke that gave a column clue one more number moved the grid a row down under the
/// pointer, and the stroke went on in the row above (on a large picture whose clues all
/// changed, it ran off in a diagonal).
#[test]
fn the_grid_stays_where_it_lay_while_a_stroke_is_painted() {
    let mut h = Harness::open(SEED);
    let before = Layout::of(h.editor.puzzle().expect("a puzzle"));
    assert_eq!(before.clue_rows, 2);
    // Emptying the second cell of column 2 makes its clue 1,1,1: three numbers.
    h.send(Message::Canvas(Stroke::Pressed {
        x: 1,
        y: 3,
        fill: false,
    }));
    let puzzle = h.editor.puzzle().expect("a puzzle").clone();
    assert_eq!(puzzle.columns[1], vec![1, 1, 1]);
    assert_eq!(Layout::of(&puzzle).clue_rows, 3);
    assert_eq!(
        h.editor.canvas_layout(&puzzle),
        before,
        "held while painting"
    );
    h.send(Message::Canvas(Stroke::Released));
    assert_eq!(h.editor.canvas_layout(&puzzle), Layout::of(&puzzle));
}

#[test]
fn the_solver_says_at_once_whether_the_picture_is_unique_and_where_it_is_not() {
    let h = Harness::open(SEED);
    let a = h.editor.analysis().expect("analysed").clone();
    assert!(
        a.unique && a.line_solvable && a.difficulty.is_some_and(|d| d.score == 0.0),
        "{a:?}"
    );
    assert!(h.editor.marks.ambiguous.is_empty());
    // A 2×2 diagonal: two pictures share its clues, and every cell differs.
    let mut h =
        Harness::open("width 2\nheight 2\n\nrows\n1\n1\n\ncolumns\n1\n1\n\ngoal \"1001\"\n");
    let a = h.editor.analysis().expect("analysed").clone();
    assert!(!a.unique);
    assert_eq!(a.ambiguous.len(), 4, "{a:?}");
    assert_eq!(
        h.editor.marks.ambiguous, a.ambiguous,
        "tinted on the canvas"
    );
    // Painting one more cell makes it unique (an L of three cells).
    h.click_cell(1, 0, true);
    assert!(
        h.editor.analysis().is_some_and(|a| a.unique),
        "{:?}",
        h.editor.analysis()
    );
}

#[test]
fn clues_typed_without_a_goal_show_the_solution_found() {
    let mut h = Harness::open("width 3\nheight 2\n\nrows\n3\n1\n\ncolumns\n2\n1\n1\n");
    assert_eq!(h.editor.picture().to_rows(), vec!["###", "#.."]);
    // Painted, the solution found is the picture painted on: the other clues stay.
    h.click_cell(2, 1, true);
    let text = h.editor.text();
    assert!(text.contains("rows\n3\n1,1\n"), "{text}");
    assert!(text.contains("columns\n2\n1\n2\n"), "{text}");
}

/// Clues the solver finds no picture for left a blank picture on the canvas, and the first
/// stroke on it printed that picture's clues over every clue written.
#[test]
fn a_stroke_never_replaces_clues_that_give_no_picture_unasked() {
    // A full top row, and a full left column: no picture gives them.
    let clues = "width 2\nheight 2\n\nrows\n2\n0\n\ncolumns\n2\n0\n";
    let mut h = Harness::open(clues);
    assert!(h.editor.analysis().is_some_and(|a| a.solution.is_none()));
    assert!(h.editor.clues_without_picture());
    h.send(Message::Canvas(Stroke::Pressed {
        x: 0,
        y: 0,
        fill: true,
    }));
    h.send(Message::Canvas(Stroke::Dragged {
        from: (0, 0),
        x: 1,
        y: 0,
    }));
    h.send(Message::Canvas(Stroke::Released));
    assert_eq!(h.editor.text(), clues, "nothing is painted");
    assert!(
        h.editor.status().contains("Start from a blank picture"),
        "{}",
        h.editor.status()
    );
    // Asked for, the clues become a blank picture's, and painting goes on from there.
    let pressed =
        crate::testing::click(h.editor.view(Palette::LIGHT), "Start from a blank picture");
    assert_eq!(pressed.len(), 1);
    for m in pressed {
        h.send(m);
    }
    assert!(
        h.editor.text().contains("rows\n0\n0\n"),
        "{}",
        h.editor.text()
    );
    assert!(!h.editor.clues_without_picture());
    h.click_cell(0, 0, true);
    assert!(
        h.editor.text().contains("rows\n1\n0\n"),
        "{}",
        h.editor.text()
    );
    h.send(Message::Undo);
    h.send(Message::Undo);
    assert_eq!(h.editor.text(), clues, "the clues come back");
}

#[test]
fn typing_clues_redraws_the_grid_and_problems_name_their_place() {
    let mut h = Harness::open("width 3\nheight 2\n\nrows\n3\n0\n\ncolumns\n1\n1\n1\n");
    assert_eq!(h.editor.puzzle().map(|p| (p.width, p.height)), Some((3, 2)));
    assert_eq!(
        h.editor.picture().width(),
        3,
        "a blank grid of the puzzle's size"
    );
    h.editor
        .core
        .buffer
        .set_text("width 3\nheight 2\n\nrows\n3\n0\n\ncolumns\n1\n1\n9\n");
    let task = h.editor.read();
    h.run(task);
    let d = h.editor.diagnostics();
    assert!(d.iter().any(|d| d.is_error() && d.span.line == 11), "{d:?}");
}

#[test]
fn suggest_finds_cells_to_change_that_make_the_puzzle_unique_and_changes_them_in_one_undo() {
    // A 2×2 diagonal has two solutions.
    let mut h =
        Harness::open("width 2\nheight 2\n\nrows\n1\n1\n\ncolumns\n1\n1\n\ngoal \"1001\"\n");
    assert!(!h.editor.analysis().expect("analysed").unique);
    h.send(Message::Suggest);
    let cells = h
        .editor
        .suggestion()
        .and_then(|s| s.changes.clone())
        .expect("a suggestion");
    assert_eq!(cells.len(), 1, "one cell is enough: {cells:?}");
    assert_eq!(h.editor.marks.suggested, cells, "outlined on the canvas");
    h.send(Message::ApplySuggestion);
    assert!(
        h.editor.analysis().is_some_and(|a| a.unique),
        "{:?}",
        h.editor.analysis()
    );
    assert!(
        h.editor.marks.suggested.is_empty(),
        "the outline went with the change"
    );
    h.send(Message::Undo);
    assert_eq!(
        h.editor.picture().to_rows(),
        vec!["#.", ".#"],
        "one undo step"
    );
}

/// The solver's runs on a text are called off as soon as the text changes, rather than left
/// to think for seconds about a puzzle nobody is looking at any more (a stroke across a hard
/// picture would start one run per cell painted).
#[test]
fn a_newer_text_calls_off_the_solvers_runs_on_the_older_one() {
    let (mut editor, _) = Editor::new(None, SEED);
    let revision = editor.core.buffer.revision();
    let (_, _) = editor.update(Message::Read(revision, Arc::new(Reading::of(SEED))));
    let analysing = editor.analysing.as_ref().expect("the solver thinks").flag();
    let (_, _) = editor.update(Message::Suggest);
    let suggesting = editor
        .suggesting
        .as_ref()
        .expect("a search for changes")
        .flag();
    assert!(!analysing.load(std::sync::atomic::Ordering::Relaxed));
    assert!(!suggesting.load(std::sync::atomic::Ordering::Relaxed));
    let (_, _) = editor.update(Message::Canvas(Stroke::Pressed {
        x: 0,
        y: 0,
        fill: true,
    }));
    assert_ne!(editor.core.buffer.revision(), revision, "the text changed");
    assert!(
        analysing.load(std::sync::atomic::Ordering::Relaxed),
        "the analysis of the older text is called off"
    );
    assert!(
        suggesting.load(std::sync::atomic::Ordering::Relaxed),
        "and the search for changes to it"
    );
}

/// An editor on `text` whose solver stops after one search node, with its first answer in.
fn stopped_at_one_node(text: &str) -> Harness {
    let (mut editor, _) = Editor::new(None, text);
    editor.limits = Limits {
        timeout: None,
        max_steps: Some(1),
        max_memory: None,
    };
    let mut h = Harness {
        rt: crate::testing::runtime(),
        editor,
    };
    let revision = h.editor.core.buffer.revision();
    h.send(Message::Read(revision, Arc::new(Reading::of(text))));
    h
}

/// When the solver stops at the editor's limit, the author can let it think longer, and the
/// answer comes from that longer run.
#[test]
fn a_stopped_solver_thinks_longer_when_the_author_asks() {
    // Two pictures (the diagonals): the line rule and probing leave every cell, so the
    // search must guess, and a limit of one search node stops it.
    let text = "width 2\nheight 2\n\nrows\n1\n1\n\ncolumns\n1\n1\n";
    let mut h = stopped_at_one_node(text);
    let a = h.editor.analysis().expect("the solver spoke");
    assert!(a.stopped, "{}", a.verdict);
    assert!(a.verdict.starts_with("Not known yet"), "{}", a.verdict);
    let clicked: Vec<Message> = {
        let mut ui = iced_test::simulator(h.editor.view(Palette::LIGHT));
        let _ = ui.click("Think longer").expect("the button shows");
        ui.into_messages().collect()
    };
    let (task, _) = h
        .editor
        .update(clicked.into_iter().next().expect("a message"));
    assert!(h.editor.analysis().is_none() && h.editor.thinking_longer);
    {
        let mut ui = iced_test::simulator(h.editor.view(Palette::LIGHT));
        assert!(
            ui.find("The solver is thinking, for about a minute…")
                .is_ok()
        );
    }
    h.run(task);
    let a = h.editor.analysis().expect("the solver spoke again");
    assert!(!a.stopped && !a.unique, "{}", a.verdict);
    assert_eq!(a.ambiguous.len(), 4, "every cell differs between the two");
    assert!(!h.editor.thinking_longer);
}

/// Thinking longer can be called off: the answer is "not known yet" again, with the offer to
/// think longer still there.
#[test]
fn thinking_longer_can_be_stopped() {
    // A random 60×60 picture, filled at 0.45: far beyond a minute's search.
    let mut grid = Grid::new(60, 60);
    let mut seed: u64 = 7;
    for y in 0..60 {
        for x in 0..60 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let filled = (seed >> 33) % 100 < 45;
            grid.set(x, y, if filled { Cell::Filled } else { Cell::Empty });
        }
    }
    let puzzle = Puzzle::from_picture(grid, Default::default());
    let text = &lockfmt::nonogram::print(&Puzzle {
        goal: None,
        ..puzzle
    });
    let mut h = stopped_at_one_node(text);
    let (think, _) = h.editor.update(Message::ThinkLonger);
    let clicked: Vec<Message> = {
        let mut ui = iced_test::simulator(h.editor.view(Palette::LIGHT));
        let _ = ui
            .click("Stop")
            .expect("Stop shows while the solver thinks longer");
        ui.into_messages().collect()
    };
    for m in clicked {
        h.send(m);
    }
    h.run(think);
    let a = h.editor.analysis().expect("the solver spoke");
    assert!(a.stopped, "{}", a.verdict);
    assert!(a.verdict.contains("cancel"), "{}", a.verdict);
    assert!(!h.editor.thinking_longer);
    let mut ui = iced_test::simulator(h.editor.view(Palette::LIGHT));
    assert!(ui.find("Think longer").is_ok());
    assert!(ui.find("Stop").is_err());
}

#[test]
fn painting_after_a_save_says_the_puzzle_is_unsaved_again() {
    let (_dir, mut h) = Harness::on_disk(SEED);
    h.click_cell(0, 0, true);
    h.send(Message::Save);
    assert!(!h.editor.is_dirty());
    assert!(
        h.editor.status().starts_with("saved "),
        "{}",
        h.editor.status()
    );
    h.click_cell(4, 4, true);
    assert!(h.editor.is_dirty());
    assert_eq!(
        h.editor.status(),
        "",
        "the word about the save no longer stands"
    );
    assert!(
        h.editor.core.buffer.status_line().ends_with("— unsaved"),
        "{}",
        h.editor.core.buffer.status_line()
    );
}

/// Painting while the text gave a property twice printed the puzzle over the text with the
/// first only, and the line the author had typed was gone. Painting waits for the text, as a
/// canvas edit does in the sliding-lock and Quadrillion editors; clues that disagree with the
/// picture do not stop it (painting is how they are put right).
#[test]
fn painting_waits_while_a_line_of_the_text_would_be_lost() {
    let typed = SEED.replace("title \"Seed\"\n", "title \"Seed\"\ntitle \"Mine\"\n");
    let mut h = Harness::open(&typed);
    h.click_cell(0, 0, true);
    assert_eq!(h.editor.text(), typed, "the text stays as typed");
    assert!(
        h.editor
            .status()
            .starts_with("fix the text first — line 2: `title` is given twice"),
        "{}",
        h.editor.status()
    );
    let wrong_clue = SEED.replace("\nrows\n3\n", "\nrows\n4\n");
    let mut h = Harness::open(&wrong_clue);
    assert!(h.editor.diagnostics().iter().any(Diagnostic::is_error));
    h.click_cell(0, 0, true);
    assert!(
        h.editor.text().contains("goal \"1111010101"),
        "{}",
        h.editor.text()
    );
}

/// The lines above the grid say whether the puzzle is unique; the solver answers each text
/// painted, and its answers changed those lines' height mid-stroke, moving the grid under
/// the pointer (three rows on a 150×94 puzzle). While a stroke is painted they stay as they
/// were when it began; let go, they say what the solver says now.
#[test]
fn the_verdict_stays_as_it_was_while_a_stroke_is_painted() {
    let sees = |e: &Editor, what: &str| {
        let mut ui = iced_test::simulator(e.view(Palette::LIGHT));
        ui.find(what).is_ok()
    };
    // A 2×2 diagonal: not unique, with Suggest beside the verdict.
    let mut h =
        Harness::open("width 2\nheight 2\n\nrows\n1\n1\n\ncolumns\n1\n1\n\ngoal \"1001\"\n");
    let before = h.editor.analysis().expect("analysed").verdict.clone();
    assert!(before.starts_with("Not unique"), "{before}");
    assert!(sees(&h.editor, "Suggest"));
    h.send(Message::Canvas(Stroke::Pressed {
        x: 1,
        y: 0,
        fill: true,
    }));
    assert!(
        h.editor.analysis().is_some_and(|a| a.unique),
        "the solver has answered the painted text"
    );
    assert!(sees(&h.editor, &before), "the verdict held");
    assert!(sees(&h.editor, "Suggest"), "and its button");
    h.send(Message::Canvas(Stroke::Released));
    assert!(!sees(&h.editor, &before));
    assert!(!sees(&h.editor, "Suggest"));
    let now = h.editor.analysis().expect("analysed").verdict.clone();
    assert!(sees(&h.editor, &now), "{now}");
}

/// While the solver thinks about a text just painted, "The solver is thinking…" keeps the
/// room its last verdict took (a line with a button, or two when it wraps), so that the grid
/// does not jump up at each stroke and down again at each answer.
#[test]
fn the_thinking_line_keeps_the_room_of_the_last_verdict() {
    let top_of_source = |e: &Editor| {
        let mut ui = iced_test::simulator(e.view(Palette::LIGHT));
        ui.find(iced_test::selector::id(SOURCE_ID))
            .map(|t| t.bounds().y)
            .expect("the source pane")
    };
    let mut h =
        Harness::open("width 2\nheight 2\n\nrows\n1\n1\n\ncolumns\n1\n1\n\ngoal \"1001\"\n");
    assert!(h.editor.analysis().is_some_and(|a| !a.unique));
    let before = top_of_source(&h.editor);
    // A stroke, and its text read; the solver's answer is not let in yet.
    for m in [
        Message::Canvas(Stroke::Pressed {
            x: 1,
            y: 0,
            fill: true,
        }),
        Message::Canvas(Stroke::Released),
    ] {
        let (_, _) = h.editor.update(m);
    }
    let (revision, text) = (h.editor.core.buffer.revision(), h.editor.text());
    let (_, _) = h
        .editor
        .update(Message::Read(revision, Arc::new(Reading::of(&text))));
    assert!(h.editor.analysis().is_none(), "the solver thinks");
    let mut ui = iced_test::simulator(h.editor.view(Palette::LIGHT));
    assert!(ui.find("The solver is thinking…").is_ok());
    let _ = ui.click("Suggest");
    assert!(
        ui.into_messages().next().is_none(),
        "the last verdict's button is not there to press"
    );
    assert_eq!(top_of_source(&h.editor), before, "the grid stays put");
}

#[test]
fn undo_and_redo_are_offered_only_when_they_change_the_text() {
    let mut h = Harness::open(SEED);
    crate::testing::undo_and_redo_are_offered_only_when_they_change_the_text(
        &mut h,
        |h| h.editor.view(Palette::LIGHT),
        Harness::send,
        |h| h.editor.text(),
        Message::Canvas(Stroke::Pressed {
            x: 0,
            y: 0,
            fill: true,
        }),
    );
}

/// Whether the editor's view shows `what`.
fn view_shows(h: &Harness, what: &str) -> bool {
    iced_test::simulator(h.editor.view(Palette::LIGHT))
        .find(what)
        .is_ok()
}

/// *Diff with disk* is worked out off the UI thread, once per change of either text: the view
/// only shows what is ready (a 4096×4096 picture took 0.4 s to diff, and hashing both texts to
/// find a memo of it cost 15 ms at every frame). While an edit's diff is under way, the one
/// before it stays; saving makes the texts the same.
#[test]
fn the_diff_with_disk_is_worked_out_in_the_background_and_follows_each_change() {
    let (_dir, mut h) = Harness::on_disk(SEED);
    h.click_cell(0, 0, true);
    let (task, _) = Editing::handle(&mut h.editor, Message::ToggleDiff);
    assert!(view_shows(&h, "Comparing with the file on disk…"));
    assert!(!h.editor.core.buffer.diff_is_ready(true));
    h.run(task);
    assert!(h.editor.core.buffer.diff_is_ready(true));
    assert!(view_shows(&h, "the goal differs in 1 cell"));
    assert!(view_shows(&h, "this buffer"));

    // Another cell painted: until its diff is ready, the last one stays (no flicker).
    let (pressed, _) = Editing::handle(
        &mut h.editor,
        Message::Canvas(Stroke::Pressed {
            x: 4,
            y: 0,
            fill: true,
        }),
    );
    let (released, _) = Editing::handle(&mut h.editor, Message::Canvas(Stroke::Released));
    assert!(!h.editor.core.buffer.diff_is_ready(true));
    assert!(view_shows(&h, "the goal differs in 1 cell"));
    h.run(Task::batch([pressed, released]));
    assert!(view_shows(&h, "the goal differs in 2 cells"));

    // Saved: the file holds the buffer's text.
    h.send(Message::Save);
    assert!(!h.editor.is_dirty());
    assert!(view_shows(
        &h,
        "on disk and this buffer have the same lines."
    ));
    // Back to the picture: the diff is dropped, and asked again when wanted.
    h.send(Message::ToggleDiff);
    assert!(!h.editor.core.buffer.diff_is_ready(true));
    assert!(!view_shows(&h, "this buffer"));
}

/// A picture too large to write out with its cells (past the 4 MiB a nonogram file with a
/// picture may hold) is neither started blank nor painted: the text it would make could not be
/// read again. The clues stay as they are, and the buffer says why.
#[test]
fn a_picture_too_large_to_write_with_its_cells_is_left_as_it_is() {
    let n = 2049;
    let zeros = "0\n".repeat(n);
    let text = format!("width {n}\nheight {n}\n\nrows\n{zeros}\ncolumns\n{zeros}");
    let mut h = Harness::open(&text);
    assert!(h.editor.is_read());
    h.send(Message::StartBlank);
    assert!(h.editor.text() == text, "the clues stay as they are");
    assert!(
        h.editor
            .status()
            .starts_with("left as it is: a 2049×2049 picture written out with its cells takes more than 4.2 MB, past the 4.2 MB (4 MiB)"),
        "{}",
        h.editor.status()
    );
    // Its one picture found (every cell empty), a stroke on it is refused alike.
    let (said_before, _) = h.editor.core.buffer.said();
    h.click_cell(3, 3, true);
    assert!(h.editor.text() == text, "the clues stay as they are");
    let (said, word) = h.editor.core.buffer.said();
    assert!(
        said > said_before && word.starts_with("left as it is"),
        "{word}"
    );
}

/// A drag paints every cell it crosses, even while the text its first cells printed is still
/// being read: the picture printed is the one the editor holds. Regression: each step of the
/// drag that came before the reading was refused ("a moment: the text is still being read")
/// and its cells were lost, so a fast stroke on a picture that takes long to read (hundreds of
/// cells a side) left gaps.
#[test]
fn a_drag_paints_every_cell_while_its_text_is_being_read() {
    let mut h = Harness::open(SEED);
    assert_eq!(h.editor.picture().to_rows()[0], ".###.");
    let mut tasks = Vec::new();
    for m in [
        Message::Canvas(Stroke::Pressed {
            x: 0,
            y: 4,
            fill: true,
        }),
        Message::Canvas(Stroke::Dragged {
            from: (0, 4),
            x: 2,
            y: 4,
        }),
        Message::Canvas(Stroke::Dragged {
            from: (2, 4),
            x: 4,
            y: 4,
        }),
        Message::Canvas(Stroke::Released),
    ] {
        // No reading comes back between the steps.
        tasks.push(Editing::handle(&mut h.editor, m).0);
    }
    assert_eq!(h.editor.picture().to_rows()[4], "#####");
    h.run(Task::batch(tasks));
    assert!(h.editor.is_read());
    assert_eq!(h.editor.picture().to_rows()[4], "#####");
    assert!(
        h.editor.text().contains("\n5\n\ncolumns"),
        "{}",
        h.editor.text()
    );
    // One stroke, one undo step.
    h.send(Message::Undo);
    assert_eq!(h.editor.text(), SEED);
}
