//! The solver on hand-made locks whose shortest solutions are known: it finds one of that length,
//! the physics agrees it opens the lock, and unopenable locks are proved so.

use engine::Dir;
use engine::hexlock::Mechanism;
use engine::hexlock::Move;
use engine::hexlock::search::{self, Goal, SearchOptions, Verdict};
use std::path::Path;

fn lock(text: &str) -> engine::hexlock::Lock {
    let parsed = lockfmt::hexlock::parse(text);
    parsed
        .valid_lock()
        .cloned()
        .unwrap_or_else(|| panic!("invalid test lock: {:#?}", parsed.diagnostics))
}

fn starter(name: &str) -> (engine::hexlock::Lock, lockfmt::hexlock::Solution) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../templates/hexlock/starter");
    let text = std::fs::read_to_string(dir.join(format!("{name}.lock"))).expect("lock file");
    let text_solution =
        std::fs::read_to_string(dir.join(format!("{name}.solution"))).expect("solution file");
    (
        lock(&text),
        lockfmt::hexlock::parse_solution(&text_solution).expect("a solution"),
    )
}

fn all_shortest() -> SearchOptions {
    SearchOptions {
        goal: Goal::AllShortest,
        ..SearchOptions::default()
    }
}

/// Solves a lock, checks the answer opens it in exactly `len` moves, and returns the report.
#[track_caller]
fn solves_in(lock: &engine::hexlock::Lock, len: usize) -> search::SearchReport {
    let mech = Mechanism::new(lock).expect("playable");
    let report = search::solve(&mech, &all_shortest()).expect("searches");
    assert_eq!(report.verdict(), Verdict::Solved, "{report:#?}");
    let moves = report.solution.clone().expect("a solution");
    assert_eq!(
        moves.len(),
        len,
        "moves {}",
        lockfmt::hexlock::format_moves(&moves)
    );
    let replay = search::replay(&mech, &moves).expect("replays");
    assert_eq!(replay.opened_after, Some(len), "the physics agrees");
    report
}

#[test]
fn each_starter_lock_opens_in_one_move_like_its_solution_file() {
    for name in ["spring-pull", "pivot-gate", "ball-stop"] {
        let (lock, solution) = starter(name);
        let report = solves_in(&lock, 1);
        assert_eq!(solution.moves.len(), 1, "{name}");
        assert!(report.shortest.is_some(), "{name}: counted");
    }
}

/// A ball in the bolthole's west cell, the hook's hub in the corner with its arm south-west.
/// No single move clears both: pushing the hook west moves the ball out but leaves the hub in the
/// bolthole, and no push takes the hub out while the ball stays in. Two moves do it.
const BALL_IN_THE_BOLTHOLE: &str = "lockwright-lock 1
name: Ball in the Bolthole
size: 3

grid:
   . . o @
  . . . / :
 . . . . . .
. . . . . . .
 . . . . . .
  . . . . .
   % . . .

hook arm SW
wrench momentum none
";

#[test]
fn ball_in_the_bolthole_takes_two_moves() {
    solves_in(&lock(BALL_IN_THE_BOLTHOLE), 2);
}

/// A one-cell wrench in the bolthole's south-east cell: pushing it west, south-west or
/// south-east opens the lock at once; three shortest solutions.
const WRENCH_IN_THE_BOLTHOLE: &str = "lockwright-lock 1
name: Wrench in the Bolthole
size: 3

grid:
   . . : :
  . . . . %
 . . . . . .
. . . . . . .
 . . . . . .
  . . . . .
   @ - . .

hook arm E
wrench momentum none
";

#[test]
fn a_wrench_in_the_bolthole_has_three_shortest_solutions() {
    let report = solves_in(&lock(WRENCH_IN_THE_BOLTHOLE), 1);
    assert_eq!(report.solution, Some(vec![Move::Wrench(Dir::W)]));
    let count = report.shortest.expect("counted");
    assert_eq!((count.state_paths, count.open_states), (3, 3));
    assert!(!count.unique());
}

/// The wrench blocks the bolthole's corner and west cells; only a push south-west clears both
/// at once.
const WRENCH_BOLT: &str = "lockwright-lock 1
name: Wrench Bolt
size: 3

grid:
   . . % %
  . . . . :
 . . . . . .
. . . . . . .
 . . . . . .
  . . . . .
   @ - . .

hook arm E
wrench momentum none
";

#[test]
fn a_two_cell_wrench_bolt_has_one_shortest_solution() {
    let report = solves_in(&lock(WRENCH_BOLT), 1);
    assert_eq!(report.solution, Some(vec![Move::Wrench(Dir::SW)]));
    assert!(report.shortest.expect("counted").unique());
}

/// A stationary block in the bolthole's corner: nothing can move it.
const STATIONARY_BOLT: &str = "lockwright-lock 1
name: Stationary Bolt
size: 3

grid:
   . . : X
  . . . . :
 . . . . . .
. . . . . . .
 . . . . . .
  . . . . .
   @ - % .

hook arm E
wrench momentum none
";

#[test]
fn a_stationary_bolt_is_proved_unopenable() {
    let lock = lock(STATIONARY_BOLT);
    let mech = Mechanism::new(&lock).expect("playable");
    let options = SearchOptions {
        goal: Goal::Everything,
        ..SearchOptions::default()
    };
    let report = search::solve(&mech, &options).expect("searches");
    assert_eq!(report.verdict(), Verdict::Unsolvable);
    assert!(report.exhausted);
    assert!(report.stats.visited > 100, "{:?}", report.stats);
}
