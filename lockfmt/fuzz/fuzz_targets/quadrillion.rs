//! Feeds arbitrary bytes to the Quadrillion board reader. Any panic is a bug; so is a file that
//! reads without errors but whose printed form reads back to another challenge (but for being
//! moved to the top-left), or prints differently.
#![no_main]

#[path = "round_trip.rs"]
mod round_trip;

use libfuzzer_sys::fuzz_target;
use lockfmt::quadrillion::{Document, Quadrillion};

fuzz_target!(|data: &[u8]| {
    round_trip::check::<Quadrillion>(data, |doc: &Document, back: &Document, printed| {
        // The printer measures positions from the board's top-left dot, so the board read
        // back is the one read, moved there as a whole.
        assert_eq!(
            doc.challenge.normalised(),
            back.challenge,
            "the challenge changed:\n{printed}"
        );
        assert_eq!(
            doc.unknown, back.unknown,
            "the unknown lines changed:\n{printed}"
        );
    });
});
