//! Solves every legal sliding lock the reader accepts, with small limits, and holds the answer
//! against the rules: a solution is replayed move by move with `Lock::apply` and must pick the
//! lock in the moves it claims; and whenever the plain breadth-first search over the rules'
//! own moves finishes within its limit, the solver (made to take its deep path at once) must
//! give the same fewest moves, or "impossible" exactly when the plain search found no pick.
#![no_main]

#[path = "reader.rs"]
#[macro_use]
mod reader;

use engine::sliding::{Answer, Cancel, Limits, Lock, solve_breadth_first, solve_pausing_at};
use libfuzzer_sys::fuzz_target;
use lockfmt::sliding::parse_bytes;

/// Small enough that one input takes a fraction of a second at most.
const STATES: u64 = 20_000;

fn replay(lock: &Lock, moves: &[engine::sliding::Move]) {
    let mut now = lock.clone();
    for (i, m) in moves.iter().enumerate() {
        assert!(!now.is_picked(), "picked before move {i} of {moves:?}");
        now = match now.apply(m) {
            Ok(next) => next,
            Err(refusal) => panic!("move {i} ({m:?}) of the solution is refused: {refusal:?}"),
        };
    }
    assert!(
        now.is_picked(),
        "the solution {moves:?} does not pick the lock"
    );
}

fuzz_target!(|data: &[u8]| {
    let Some(doc) = reader!(parse_bytes)(data) else {
        return;
    };
    let lock = doc.lock;
    if !lock.problems().is_empty() {
        return;
    }
    let limits = Limits::steps(STATES);
    // Pausing at once sends every lock past the plain search down the deep locks' path.
    for pause in [1, 60_000] {
        let Ok(ours) = solve_pausing_at(&lock, &limits, Cancel::NEVER, pause) else {
            panic!("a legal lock was refused");
        };
        if let Answer::Solved { moves } = &ours.answer {
            replay(&lock, moves);
        }
        let Ok(plain) = solve_breadth_first(&lock, &limits) else {
            panic!("a legal lock was refused by the plain search");
        };
        match (&plain.answer, &ours.answer) {
            (Answer::Solved { moves: p }, Answer::Solved { moves: o }) => {
                assert_eq!(
                    p.len(),
                    o.len(),
                    "fewest moves differ: plain {p:?}, ours {o:?}"
                )
            }
            (Answer::Solved { moves }, Answer::Impossible) => {
                panic!("called impossible, but {moves:?} picks it")
            }
            (Answer::Impossible, Answer::Solved { moves }) => {
                panic!("the plain search saw every state, yet {moves:?} was found")
            }
            (Answer::Solved { moves }, Answer::Stopped(_)) => {
                if let Some(n) = ours.at_least {
                    assert!(
                        usize::from(n) <= moves.len(),
                        "stopped saying at least {n}, but {moves:?} picks it"
                    );
                }
            }
            _ => {}
        }
    }
});
