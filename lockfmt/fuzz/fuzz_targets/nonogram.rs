//! Feeds arbitrary bytes to the nonogram reader. Any panic is a bug; so is a file that reads
//! without errors but whose printed form reads back to another puzzle, or prints differently.
#![no_main]

#[path = "reader.rs"]
#[macro_use]
mod reader;
#[path = "round_trip.rs"]
mod round_trip;

use libfuzzer_sys::fuzz_target;
use lockfmt::nonogram::{Document, parse_bytes, print_document};

fuzz_target!(|data: &[u8]| {
    round_trip::check(
        data,
        reader!(parse_bytes),
        print_document,
        |doc: &Document, back: &Document, printed| {
            assert_eq!(doc.puzzle, back.puzzle, "the puzzle changed:\n{printed}");
            assert_eq!(
                doc.unknown, back.unknown,
                "the unknown lines changed:\n{printed}"
            );
        },
    );
});
