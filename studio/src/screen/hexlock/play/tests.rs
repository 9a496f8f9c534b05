use super::*;
use crate::hexlock::picture::Palette;
use iced_test::{Error, simulator};

fn starter(name: &str) -> (Lock, Vec<Move>) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../templates/hexlock/starter");
    let text = std::fs::read_to_string(dir.join(format!("{name}.lock"))).expect("lock");
    let lock = lockfmt::hexlock::parse(&text)
        .valid_lock()
        .cloned()
        .expect("valid");
    let sol = std::fs::read_to_string(dir.join(format!("{name}.solution"))).expect("solution");
    (
        lock,
        lockfmt::hexlock::parse_solution(&sol)
            .expect("parses")
            .moves,
    )
}

fn shows(play: &Play, text: &str) -> Result<(), Error> {
    let mut ui = simulator(play.view(Palette::LIGHT));
    ui.find(text).map(|_| ())
}

/// Clicks a button and handles what it sends, without running tasks; returns the events.
fn press(play: &mut Play, label: &str) -> Result<Vec<Event>, Error> {
    let mut ui = simulator(play.view(Palette::LIGHT));
    let _ = ui.click(label)?;
    Ok(ui
        .into_messages()
        .filter_map(|m| play.update(m).1)
        .collect())
}

/// Sends a message and runs every task it leads to (the solver, for real).
fn settle(play: &mut Play, m: Message) {
    let rt = crate::testing::runtime();
    let (task, _) = play.update(m);
    crate::testing::settle(&rt, play, task, |p, m| p.update(m).0);
}

#[test]
fn moves_undo_redo_and_the_open_moment() -> Result<(), Error> {
    let (lock, _) = starter("pivot-gate");
    let mut play = Play::new(&lock, None).expect("playable");
    press(&mut play, "Wait")?;
    assert_eq!(play.at(), 1);
    assert!(!play.session().is_open());
    // The hook's west push, from the pad: the second "W" is the wrench's, so use the message.
    let (_, event) = play.update(Message::Move(Move::Hook(Dir::W)));
    assert!(play.session().is_open());
    assert_eq!(
        event,
        Some(Event::Opened(vec![Move::Wait, Move::Hook(Dir::W)])),
        "the studio hears the open moment"
    );
    shows(&play, "Move 2 — OPEN! The bolthole is empty.")?;
    press(&mut play, "Undo")?;
    assert_eq!(play.at(), 1);
    assert!(!play.session().is_open());
    press(&mut play, "Redo")?;
    assert!(play.session().is_open());
    assert_eq!(play.moves_text(), ". hW");
    press(&mut play, "Restart")?;
    assert_eq!(play.at(), 0);
    Ok(())
}

#[test]
fn marks_take_the_player_back() -> Result<(), Error> {
    let (lock, _) = starter("spring-pull");
    let mut play = Play::new(&lock, None).expect("playable");
    let _ = play.update(Message::Move(Move::Wait));
    press(&mut play, "Mark")?;
    let _ = play.update(Message::Move(Move::Hook(Dir::W)));
    let _ = play.update(Message::Move(Move::Hook(Dir::W)));
    assert_eq!(play.at(), 3);
    press(&mut play, "Back to mark")?;
    assert_eq!(play.at(), 1);
    Ok(())
}

#[test]
fn clicking_beside_the_hook_pushes_it() {
    let (lock, _) = starter("spring-pull");
    let hook = *lock.hook().expect("hook");
    assert_eq!(
        move_for_click(&lock, hook.hub.neighbour(Dir::W)),
        Some(Move::Hook(Dir::W))
    );
    assert_eq!(
        move_for_click(&lock, hook.hub.neighbour(hook.arm)),
        Some(Move::HookTurn(Rotation::Clockwise))
    );
    let w = lock.wrench().expect("wrench").cells[0];
    assert_eq!(
        move_for_click(&lock, w.neighbour(Dir::E)),
        Some(Move::Wrench(Dir::E))
    );
}

#[test]
fn annotations_follow_the_three_modes() -> Result<(), Error> {
    // Pivot Gate: waiting, the bolt's spring strains against the hook's arm: resisted.
    let (lock, _) = starter("pivot-gate");
    let mut play = Play::new(&lock, None).expect("playable");
    let _ = play.update(Message::Move(Move::Wait));
    press(&mut play, "all")?;
    assert_eq!(play.mode(), AnnotationMode::All);
    assert!(
        !play.annotations().is_empty(),
        "a resisted push is drawn in mode all"
    );
    assert!(!play.overlay.arrows.is_empty(), "and drawn on the board");
    press(&mut play, "none")?;
    assert!(play.annotations().is_empty());
    assert!(play.overlay.arrows.is_empty());
    press(&mut play, "blocking")?;
    assert_eq!(play.mode(), AnnotationMode::Blocking);
    // The key goes round the three.
    let _ = play.update(Message::NextAnnotations);
    assert_eq!(play.mode(), AnnotationMode::All);
    Ok(())
}

/// The newcomer's puzzle: a push that does nothing shows, by default, what stopped it.
#[test]
fn the_default_mode_shows_the_blocker_of_a_push_that_did_nothing() {
    let (lock, _) = starter("spring-pull");
    let mut play = Play::new(&lock, None).expect("playable");
    let hook = *lock.hook().expect("hook");
    // Push the hook towards the frame until it stops moving.
    let mut last = hook.hub;
    for _ in 0..12 {
        let _ = play.update(Message::Move(Move::Hook(Dir::SE)));
        let now = play.lock.hook().map(|h| h.hub).unwrap_or(last);
        if now == last {
            break;
        }
        last = now;
    }
    assert_eq!(play.mode(), AnnotationMode::Blocking);
    assert!(
        !play.annotations().is_empty(),
        "the push that did nothing is explained"
    );
    assert!(!play.overlay.arrows.is_empty());
}

#[test]
fn stepping_through_a_turn_forward_and_back() -> Result<(), Error> {
    let (lock, _) = starter("pivot-gate");
    let mut play = Play::new(&lock, None).expect("playable");
    let _ = play.update(Message::Move(Move::Hook(Dir::W)));
    press(&mut play, "Step into the last turn")?;
    assert_eq!(play.debugging(), Some(0));
    shows(&play, "player phase: initial forces: push W on the hook")?;
    let steps = play.current_steps();
    assert!(
        steps.iter().any(|s| s.text.starts_with("spring phase")),
        "both phases"
    );
    assert!(
        steps
            .iter()
            .any(|s| s.text.contains("torque clockwise on pivot 1")),
        "the pivot turns"
    );
    for _ in 0..steps.len() + 2 {
        press(&mut play, "Step")?;
    }
    assert_eq!(
        play.debugging(),
        Some(steps.len() - 1),
        "stepping stops at the last step"
    );
    press(&mut play, "Step back")?;
    assert_eq!(play.debugging(), Some(steps.len() - 2));
    press(&mut play, "Done")?;
    assert_eq!(play.debugging(), None);
    Ok(())
}

#[test]
fn the_timeline_jumps_to_any_turn() -> Result<(), Error> {
    let (lock, _) = starter("ball-stop");
    let mut play = Play::new(&lock, None).expect("playable");
    for m in [Move::Wait, Move::Wait, Move::Hook(Dir::NW)] {
        let _ = play.update(Message::Move(m));
    }
    press(&mut play, "start")?;
    assert_eq!(play.at(), 0);
    press(&mut play, "hNW")?;
    assert_eq!(play.at(), 3);
    assert!(play.session().is_open());
    Ok(())
}

#[test]
fn moves_are_copied_saved_and_replayed() -> Result<(), Error> {
    let (lock, solution) = starter("ball-stop");
    let mut play = Play::new(&lock, None).expect("playable");
    let _ = play.update(Message::MovesEdited(lockfmt::hexlock::format_moves(
        &solution,
    )));
    press(&mut play, "Replay these")?;
    assert!(play.session().is_open());
    assert_eq!(
        press(&mut play, "Copy")?,
        vec![Event::Copy(lockfmt::hexlock::format_moves(&solution))]
    );
    let saved = press(&mut play, "Save solution")?;
    let [Event::SaveSolution(text)] = saved.as_slice() else {
        panic!("{saved:?}")
    };
    let back = lockfmt::hexlock::parse_solution(text).expect("a solution file");
    assert!(back.names(&lock));
    assert_eq!(back.moves, solution);
    Ok(())
}

#[test]
fn the_solver_panel_starts_reports_and_plays_the_result() -> Result<(), Error> {
    let (lock, _) = starter("spring-pull");
    let long = vec![Move::Wait, Move::Wait, Move::HookTurn(Rotation::Clockwise)];
    let mut play = Play::new(&lock, Some(long)).expect("playable");
    // The real search, on its thread, as the studio runs it.
    settle(&mut play, Message::Solve);
    let Some(SolverState::Finished(r)) = play.solver() else {
        panic!("{:?}", play.solver())
    };
    assert_eq!(r.solution.as_ref().map(Vec::len), Some(1));
    assert_eq!(r.shortcut, Some((1, 3)), "shorter than the saved solution");
    // The solution found is replayed through the rules.
    let mech = engine::hexlock::Mechanism::new(&lock).expect("playable");
    let moves = r.solution.clone().unwrap_or_default();
    let replay = engine::hexlock::replay(&mech, &moves).expect("replays");
    assert_eq!(replay.opened_after, Some(moves.len()));
    shows(&play, "shortcut! 1 move, the saved solution takes 3")?;
    press(&mut play, "Play it")?;
    assert_eq!(play.at(), 0);
    press(&mut play, "Redo")?;
    assert!(
        play.session().is_open(),
        "the found solution plays back move by move"
    );
    Ok(())
}

/// Regression: cancelling a search and starting another let the first one's "cancelled"
/// answer land on the new search's panel.
#[test]
fn cancel_then_solve_shows_the_new_search() -> Result<(), Error> {
    let (lock, _) = starter("spring-pull");
    let mut play = Play::new(&lock, None).expect("playable");
    let (first, _) = play.update(Message::Solve);
    assert_eq!(press(&mut play, "Cancel")?, vec![]);
    assert_eq!(play.solver(), Some(&SolverState::Cancelled));
    let (second, _) = play.update(Message::Solve);
    // The first search's answers arrive late, after the second has started: dropped.
    let rt = crate::testing::runtime();
    crate::testing::settle(&rt, &mut play, first, |p, m| p.update(m).0);
    assert!(
        matches!(play.solver(), Some(SolverState::Running(_))),
        "the new search's progress shows: {:?}",
        play.solver()
    );
    crate::testing::settle(&rt, &mut play, second, |p, m| p.update(m).0);
    assert!(
        matches!(play.solver(), Some(SolverState::Finished(_))),
        "{:?}",
        play.solver()
    );
    Ok(())
}

/// Undo, Redo and Restart are pressable only when they would change the lock shown.
#[test]
fn undo_redo_and_restart_are_offered_only_when_they_move_through_the_moves() -> Result<(), Error> {
    use crate::testing::click;
    let (lock, _) = starter("pivot-gate");
    let mut play = Play::new(&lock, None).expect("playable");
    for label in ["Undo", "Redo", "Restart"] {
        assert!(
            click(play.view(Palette::LIGHT), label).is_empty(),
            "{label} before a move"
        );
    }
    press(&mut play, "Wait")?;
    assert!(click(play.view(Palette::LIGHT), "Redo").is_empty());
    press(&mut play, "Restart")?;
    assert_eq!(play.at(), 0);
    assert!(click(play.view(Palette::LIGHT), "Undo").is_empty());
    press(&mut play, "Redo")?;
    assert_eq!(
        play.at(),
        1,
        "the move kept after a restart is played again"
    );
    press(&mut play, "Undo")?;
    assert_eq!(play.at(), 0);
    Ok(())
}

#[test]
fn back_to_mark_is_pressable_once_a_mark_is_set() -> Result<(), Error> {
    use crate::testing::click;
    let (lock, _) = starter("pivot-gate");
    let mut play = Play::new(&lock, None).expect("playable");
    assert!(click(play.view(Palette::LIGHT), "Back to mark").is_empty());
    press(&mut play, "Wait")?;
    press(&mut play, "Mark")?;
    press(&mut play, "Wait")?;
    press(&mut play, "Back to mark")?;
    assert_eq!(play.at(), 1);
    Ok(())
}

/// Regression: "Replay these" on an empty field took the game back to its start with its
/// moves gone, and "Save solution" wrote moves that do not open the lock over its solution file.
#[test]
fn the_move_lists_buttons_are_pressable_only_when_they_keep_what_was_played() -> Result<(), Error> {
    use crate::testing::click;
    let (lock, solution) = starter("pivot-gate");
    let mut play = Play::new(&lock, None).expect("playable");
    for label in ["Replay these", "Copy", "Save solution"] {
        assert!(
            click(play.view(Palette::LIGHT), label).is_empty(),
            "{label} before a move"
        );
    }
    press(&mut play, "Wait")?;
    assert!(!click(play.view(Palette::LIGHT), "Copy").is_empty());
    assert!(!click(play.view(Palette::LIGHT), "Replay these").is_empty());
    assert!(
        click(play.view(Palette::LIGHT), "Save solution").is_empty(),
        "the lock is not open"
    );
    let _ = play.update(Message::MovesEdited(String::new()));
    assert!(click(play.view(Palette::LIGHT), "Replay these").is_empty());
    let _ = play.update(Message::MovesEdited(lockfmt::hexlock::format_moves(
        &solution,
    )));
    press(&mut play, "Replay these")?;
    assert!(play.session().is_open());
    assert!(!click(play.view(Palette::LIGHT), "Save solution").is_empty());
    Ok(())
}

/// The sound a move calls for: the lock opening, a tool's force blocked, or a plain move.
#[test]
fn a_move_calls_for_the_opened_the_blocked_or_the_plain_sound() {
    let (lock, _) = starter("pivot-gate");
    let mut play = Play::new(&lock, None).expect("playable");
    let _ = play.update(Message::Move(Move::Wait));
    assert_eq!(play.cue_of_move(), sound::Cue::Move);
    let _ = play.update(Message::Move(Move::Hook(Dir::W)));
    assert_eq!(play.cue_of_move(), sound::Cue::Opened);
    // Some push of a tool from the start runs into what does not give: it is blocked.
    let pushes = Dir::ALL
        .iter()
        .flat_map(|&d| [Move::Hook(d), Move::Wrench(d)]);
    let blocked: Vec<Move> = pushes
        .filter(|&m| {
            let mut p = Play::new(&lock, None).expect("playable");
            let _ = p.update(Message::Move(m));
            p.cue_of_move() == sound::Cue::Blocked && p.was_blocked()
        })
        .collect();
    assert!(!blocked.is_empty(), "no push from the start is blocked");
    // A blocked move is not said to be plain, and a plain one not blocked.
    let mut p = Play::new(&lock, None).expect("playable");
    let _ = p.update(Message::Move(Move::Wait));
    assert!(!p.was_blocked());
}
