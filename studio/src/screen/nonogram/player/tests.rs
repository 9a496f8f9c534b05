use super::*;
use engine::nonogram::PuzzleInfo;

fn seed() -> Puzzle {
    let goal = Grid::from_rows(&[".###.", "#.#.#", "#####", ".###.", ".#.#."]).expect("grid");
    Puzzle::from_picture(goal, PuzzleInfo::default())
}

fn press(p: &mut Player, x: usize, y: usize, fill: bool) -> Option<Event> {
    let e = p.update(Message::Canvas(Stroke::Pressed { x, y, fill })).1;
    let _ = p.update(Message::Canvas(Stroke::Released));
    e
}

#[test]
fn a_stroke_paints_a_run_and_undo_takes_it_back_whole() {
    let p0 = seed();
    let mut p = Player::new(p0.clone(), p0.goal.clone());
    let _ = p.update(Message::Canvas(Stroke::Pressed {
        x: 0,
        y: 2,
        fill: true,
    }));
    // A fast mouse: one move across three cells, then one more.
    let _ = p.update(Message::Canvas(Stroke::Dragged {
        from: (0, 2),
        x: 3,
        y: 2,
    }));
    let _ = p.update(Message::Canvas(Stroke::Dragged {
        from: (3, 2),
        x: 4,
        y: 2,
    }));
    let _ = p.update(Message::Canvas(Stroke::Released));
    assert_eq!(p.grid().to_rows()[2], "#####", "no cell skipped");
    let _ = p.update(Message::Undo);
    assert_eq!(p.grid().to_rows()[2], "?????", "one stroke, one undo");
    let _ = p.update(Message::Redo);
    assert_eq!(p.grid().to_rows()[2], "#####");
    // Pressing a filled cell again takes it back to unknown; a right press crosses.
    press(&mut p, 0, 2, true);
    assert_eq!(p.grid().get(0, 2), Cell::Unknown);
    press(&mut p, 0, 2, false);
    assert_eq!(p.grid().get(0, 2), Cell::Empty);
}

#[test]
fn the_solved_moment_comes_when_every_line_reads_as_its_clue() {
    let p0 = seed();
    let goal = p0.goal.clone().expect("goal");
    let mut p = Player::new(p0, Some(goal.clone()));
    let mut events = Vec::new();
    for y in 0..5 {
        for x in 0..5 {
            if goal.get(x, y) == Cell::Filled {
                events.extend(press(&mut p, x, y, true));
            }
        }
    }
    assert!(p.is_solved());
    assert_eq!(events, vec![Event::Solved], "said once");
}

#[test]
fn mistakes_are_outlined_and_go_when_the_cell_changes() {
    let p0 = seed();
    let mut p = Player::new(p0.clone(), p0.goal.clone());
    press(&mut p, 0, 0, true); // wrong: (0, 0) is empty in the solution
    press(&mut p, 1, 0, true); // right
    press(&mut p, 2, 1, false); // wrong: (2, 1) is filled
    let _ = p.update(Message::CheckMistakes);
    assert_eq!(p.marks().mistakes, vec![(0, 0), (2, 1)]);
    assert_eq!(p.status(), "2 cells are wrong: they are outlined");
    press(&mut p, 0, 0, true);
    assert!(p.marks().mistakes.is_empty());
}

#[test]
fn the_keys_move_a_cursor_that_fills_and_crosses() {
    let p0 = seed();
    let mut p = Player::new(p0, None);
    let _ = p.update(Message::Cursor(1, 0));
    let _ = p.update(Message::Cursor(0, 2));
    let _ = p.update(Message::FillAtCursor);
    assert_eq!(p.grid().get(1, 2), Cell::Filled);
    let _ = p.update(Message::Cursor(-5, -5));
    let _ = p.update(Message::CrossAtCursor);
    assert_eq!(
        p.grid().get(0, 0),
        Cell::Empty,
        "the cursor stops at the edge"
    );
}

/// Runs a message and every task it starts, as the studio would.
fn send(p: &mut Player, m: Message) {
    let rt = crate::testing::runtime();
    let (task, _) = p.update(m);
    crate::testing::settle(&rt, p, task, |p, m| p.update(m).0);
}

#[test]
fn a_hint_says_the_next_deduction_in_words_and_brings_its_line_forward() {
    let p0 = seed();
    let mut p = Player::new(p0.clone(), p0.goal.clone());
    send(&mut p, Message::Hint);
    // Rows first: row 1's clue is 3 in a line of 5, and every placement covers its middle.
    assert_eq!(
        p.status(),
        "Hint — row 1: every placement of the 3 covers cell 3."
    );
    let (line, cells) = p.marks().focus.clone().expect("a line brought forward");
    assert_eq!(line, LineRef::Row(0));
    assert_eq!(cells, vec![(2, 0)]);
    assert_eq!(p.grid(), &Grid::new(5, 5), "a hint changes no cell");
    // Changing a cell takes the hint's mark away: it spoke of other cells.
    press(&mut p, 0, 0, false);
    assert_eq!(p.marks().focus, None);
}

#[test]
fn a_hint_on_a_wrong_cell_names_the_line_that_cannot_be_filled() {
    let p0 = seed();
    let mut p = Player::new(p0.clone(), p0.goal.clone());
    press(&mut p, 2, 0, false); // every 3 in row 1 covers its middle: crossing it breaks it
    send(&mut p, Message::Hint);
    assert!(
        p.status()
            .contains("row 1: no placement of 3 fits the known cells"),
        "{}",
        p.status()
    );
}

/// Where the line rule stops short of a unique picture, the hint looks ahead: it names a
/// cell, the value that fails and the line that then cannot be filled, and the value it
/// says the cell takes is the picture's.
#[test]
fn where_the_line_rule_stops_a_hint_tries_a_cell_both_ways() {
    // A random picture with one solution that the line rule alone does not finish.
    let goal = Grid::from_rows(&[
        ".#.##..", "####.#.", "##..#.#", "#.###..", ".##.###", "..#..##", "#......",
    ])
    .expect("grid");
    let puzzle = Puzzle::from_picture(goal.clone(), PuzzleInfo::default());
    assert!(matches!(
        engine::nonogram::solve(&puzzle, &Limits::default()).answer,
        Answer::Unique(_)
    ));
    let steps = deduce::deductions(&puzzle, &Grid::new(7, 7));
    assert_eq!(steps.end, Hint::Stuck, "the line rule stops short");
    let start = steps.grid_at(steps.steps.len()).clone();
    let mut p = Player::new(puzzle, Some(goal.clone()));
    p.grid = start;
    send(&mut p, Message::Hint);
    assert!(
        p.status()
            .starts_with("Hint — the line rule fixes nothing more, so look ahead: if column "),
        "{}",
        p.status()
    );
    let (_, cells) = p.marks().focus.clone().expect("the cell brought forward");
    let (x, y) = cells[0];
    let said = if p.status().ends_with("so it is filled.") {
        Cell::Filled
    } else {
        Cell::Empty
    };
    assert_eq!(said, goal.get(x, y), "{}", p.status());
}

#[test]
fn a_hint_asked_about_cells_that_changed_since_is_dropped() {
    let p0 = seed();
    let mut p = Player::new(p0.clone(), p0.goal.clone());
    let (late, _) = p.update(Message::Hint);
    press(&mut p, 4, 4, false);
    let rt = crate::testing::runtime();
    crate::testing::settle(&rt, &mut p, late, |p, m| p.update(m).0);
    assert_eq!(p.marks().focus, None, "the stale hint did not land");
}

#[test]
fn the_stepper_walks_the_deductions_forward_and_back_and_keeps_them_as_one_undo() {
    let p0 = seed();
    let goal = p0.goal.clone().expect("goal");
    let mut p = Player::new(p0, Some(goal.clone()));
    send(&mut p, Message::StepsOpen);
    let (at, total) = p.stepping().expect("open");
    assert_eq!(at, 0);
    assert!(total > 0);
    assert_eq!(p.shown(), &Grid::new(5, 5));
    send(&mut p, Message::StepForward);
    assert!(p.status().starts_with("Step 1 of"), "{}", p.status());
    let first = p.shown().clone();
    assert_ne!(first, Grid::new(5, 5), "a step fixes cells");
    assert_eq!(
        p.grid(),
        &Grid::new(5, 5),
        "the player's cells are untouched"
    );
    // Painting is refused while stepping.
    press(&mut p, 0, 0, true);
    assert_eq!(p.grid(), &Grid::new(5, 5));
    for _ in 0..total + 3 {
        send(&mut p, Message::StepForward);
    }
    assert_eq!(
        p.stepping(),
        Some((total, total)),
        "it stops at the last step"
    );
    assert_eq!(p.shown(), &goal, "the line rule alone solves the seed");
    assert!(p.status().contains("every cell is known"), "{}", p.status());
    send(&mut p, Message::StepBack);
    assert_eq!(p.stepping(), Some((total - 1, total)));
    send(&mut p, Message::StepForward);
    let events = p.update(Message::StepsKeep).1;
    assert_eq!(events, Some(Event::Solved));
    assert_eq!(p.stepping(), None);
    assert_eq!(p.grid(), &goal);
    send(&mut p, Message::Undo);
    assert_eq!(p.grid(), &Grid::new(5, 5), "keeping was one undo step");
}

/// Regression: keeping the cells after one step said "after 1 steps".
#[test]
fn keeping_the_cells_says_how_many_steps_in_words() {
    let p0 = seed();
    let goal = p0.goal.clone().expect("goal");
    let mut p = Player::new(p0, Some(goal));
    send(&mut p, Message::StepsOpen);
    send(&mut p, Message::StepForward);
    send(&mut p, Message::StepsKeep);
    assert_eq!(p.status(), "kept the cells after 1 step");
}

#[test]
fn a_puzzle_without_a_goal_checks_mistakes_against_the_solution_the_solver_finds() {
    let p0 = seed();
    let mut clues_only = p0.clone();
    clues_only.goal = None;
    let mut p = Player::new(clues_only, None);
    let rt = crate::testing::runtime();
    let start = p.start();
    crate::testing::settle(&rt, &mut p, start, |p, m| p.update(m).0);
    press(&mut p, 0, 0, true);
    let _ = p.update(Message::CheckMistakes);
    assert_eq!(p.marks().mistakes, vec![(0, 0)]);
}

/// Undo, Redo and Restart are pressable only when they would change the grid.
#[test]
fn undo_redo_and_restart_are_offered_only_when_they_change_the_grid() {
    use crate::testing::click;
    let p0 = seed();
    let mut p = Player::new(p0.clone(), p0.goal.clone());
    for label in ["Undo", "Redo", "Restart"] {
        assert!(
            click(p.view(Palette::LIGHT), label).is_empty(),
            "{label} on a fresh grid"
        );
    }
    press(&mut p, 1, 0, true);
    assert!(click(p.view(Palette::LIGHT), "Redo").is_empty());
    for m in click(p.view(Palette::LIGHT), "Restart") {
        let _ = p.update(m);
    }
    assert_eq!(p.grid().get(1, 0), Cell::Unknown, "restarted");
    assert!(
        click(p.view(Palette::LIGHT), "Restart").is_empty(),
        "an empty grid has nothing to restart"
    );
    let undo = click(p.view(Palette::LIGHT), "Undo");
    assert!(!undo.is_empty(), "a restart is taken back by Undo");
    for m in undo {
        let _ = p.update(m);
    }
    assert_eq!(p.grid().get(1, 0), Cell::Filled);
    assert!(!click(p.view(Palette::LIGHT), "Redo").is_empty());
}
