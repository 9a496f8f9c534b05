//! The starter locks work: each opens with its solution file, and none opens by waiting.

use engine::hexlock::physics::{Mechanism, Move, Workspace};
use std::path::Path;

fn starter(name: &str) -> (engine::hexlock::Lock, lockfmt::hexlock::Solution) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../templates/hexlock/starter");
    let text = std::fs::read_to_string(dir.join(format!("{name}.lock"))).expect("lock file");
    let lock = lockfmt::hexlock::parse(&text)
        .valid_lock()
        .cloned()
        .expect("a valid lock");
    let text =
        std::fs::read_to_string(dir.join(format!("{name}.solution"))).expect("solution file");
    let solution = lockfmt::hexlock::parse_solution(&text).expect("a solution");
    (lock, solution)
}

const STARTERS: [&str; 3] = ["spring-pull", "pivot-gate", "ball-stop"];

#[test]
fn each_starter_lock_opens_with_its_solution() {
    for name in STARTERS {
        let (lock, solution) = starter(name);
        assert!(solution.names(&lock), "{name}.solution names another lock");
        let mech = Mechanism::new(&lock).expect("playable");
        let mut ws = Workspace::new();
        let mut state = mech.initial_state();
        assert!(!mech.is_open(&state), "{name} starts open");
        for &m in &solution.moves {
            state = mech.step(&state, m, &mut ws).expect("a turn");
        }
        assert!(
            mech.is_open(&state),
            "{name} is not open after its solution"
        );
    }
}

#[test]
fn no_starter_lock_opens_by_waiting() {
    for name in STARTERS {
        let (lock, _) = starter(name);
        let mech = Mechanism::new(&lock).expect("playable");
        let mut ws = Workspace::new();
        let mut state = mech.initial_state();
        for _ in 0..5 {
            state = mech.step(&state, Move::Wait, &mut ws).expect("a turn");
            assert!(!mech.is_open(&state), "{name} opens without the player");
        }
    }
}

/// Writes the digest line of each starter solution; run with `--ignored` after editing a
/// starter lock.
#[test]
#[ignore]
fn rewrite_starter_solution_digests() {
    for name in STARTERS {
        let (lock, solution) = starter(name);
        let fixed = lockfmt::hexlock::Solution::for_lock(&lock, solution.moves);
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../templates/hexlock/starter");
        std::fs::write(
            dir.join(format!("{name}.solution")),
            lockfmt::hexlock::print_solution(&fixed),
        )
        .expect("write");
    }
}
