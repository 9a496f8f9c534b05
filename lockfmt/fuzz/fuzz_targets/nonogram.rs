//! Feeds arbitrary bytes to the nonogram reader. Any panic is a bug; so is a file that reads
//! without errors but whose printed form reads back to another puzzle, or prints differently.
#![no_main]

#[path = "round_trip.rs"]
mod round_trip;

use libfuzzer_sys::fuzz_target;
use lockfmt::nonogram::{Document, Nonogram};

fuzz_target!(|data: &[u8]| {
    round_trip::check::<Nonogram>(data, |doc: &Document, back: &Document, printed| {
        assert_eq!(doc.puzzle, back.puzzle, "the puzzle changed:\n{printed}");
        assert_eq!(
            doc.unknown, back.unknown,
            "the unknown lines changed:\n{printed}"
        );
    });
});
