//! The trace of a turn serialises to JSON and back.
//!
//! The physics scenarios themselves are written in the lock text format, in
//! `lockfmt/tests/physics_tools.rs`, `physics_springs.rs` and `physics_groups.rs`; this test
//! stays here because it needs `serde_json`.

use engine::hexlock::physics::{Move, turn};
use engine::hexlock::{Hook, Lock, Wrench};
use engine::{Dir, Hex};

#[test]
fn trace_serialises_to_json() {
    // The hook pushes the ball east into the cell the moving wrench is entering: both groups
    // are blocked by an overlap.
    let mut lock = Lock::empty(3);
    lock.hooks.push(Hook {
        hub: Hex::new(-2, 0),
        arm: Dir::E,
    });
    lock.balls.push(Hex::new(0, 0));
    lock.wrenches.push(Wrench {
        cells: vec![Hex::new(1, 1)],
        momentum: Some(Dir::NW),
    });
    let out = turn(&lock, Move::Hook(Dir::E)).unwrap();
    let json = serde_json::to_string(&out.trace).unwrap();
    assert!(json.contains("\"Blocked\""));
    assert!(json.contains("\"Overlap\""));
    let back: engine::hexlock::physics::Trace = serde_json::from_str(&json).unwrap();
    assert_eq!(back, out.trace);
}
