//! Feeds arbitrary bytes to the Quadrillion board reader. Any panic is a bug; so is a file that
//! reads without errors but whose printed form reads back to another challenge, or prints
//! differently.
#![no_main]

#[path = "round_trip.rs"]
#[macro_use]
mod round_trip;

use libfuzzer_sys::fuzz_target;
use lockfmt::quadrillion::{Document, parse_bytes, print};

fuzz_target!(|data: &[u8]| {
    round_trip::check(
        data,
        reader!(parse_bytes),
        print,
        |doc: &Document, back: &Document, printed| {
            assert_eq!(
                doc.challenge, back.challenge,
                "the challenge changed:\n{printed}"
            );
            assert_eq!(
                doc.unknown, back.unknown,
                "the unknown lines changed:\n{printed}"
            );
        },
    );
});
