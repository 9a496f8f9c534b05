//! Solves every Quadrillion board the reader accepts, with a node limit, and holds each
//! solution against the rules: the challenge's shapes kept where they lie, every shape placed
//! once, every open dot covered once, nothing on a closed dot or off the grids.
#![no_main]

#[path = "reader.rs"]
#[macro_use]
mod reader;

use engine::quadrillion::{Cancel, Challenge, Limits, ShapeId, Solution, count};
use libfuzzer_sys::fuzz_target;
use lockfmt::quadrillion::parse_bytes;

fn keeps_every_rule(ch: &Challenge, s: &Solution) {
    let whole = Challenge {
        board: ch.board.clone(),
        placed: s.placements.clone(),
    };
    assert_eq!(whole.problems(), vec![], "the solution breaks a rule");
    assert_eq!(s.placements.len(), ShapeId::ALL.len(), "a shape is missing");
    let covered: usize = s.placements.iter().map(|p| p.dots().len()).sum();
    assert_eq!(covered, ch.board.open_dots().len(), "an open dot is left");
    for p in &ch.placed {
        assert!(
            s.placements.contains(&p.canonical()),
            "the challenge's {:?} was moved",
            p.shape
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let Some(doc) = reader!(parse_bytes)(data) else {
        return;
    };
    let ch = doc.challenge;
    let limits = Limits::steps(50_000);
    let Ok(found) = count(&ch, Some(2), &limits, Cancel::NEVER) else {
        assert!(!ch.problems().is_empty(), "refused a playable challenge");
        return;
    };
    assert!(ch.problems().is_empty(), "solved an unplayable challenge");
    assert_eq!(found.first.len() as u64, found.solutions.min(2));
    for s in &found.first {
        keeps_every_rule(&ch, s);
    }
    if let [a, b] = found.first.as_slice() {
        assert_ne!(a, b, "the two solutions are one");
    }
});
