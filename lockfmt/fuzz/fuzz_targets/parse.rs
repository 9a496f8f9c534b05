//! Feeds arbitrary bytes to the lock parser. Any panic is a bug; so is a file that parses
//! without errors but does not survive a round trip through the canonical printer.
#![no_main]

#[path = "round_trip.rs"]
mod round_trip;

use libfuzzer_sys::fuzz_target;
use lockfmt::hexlock::{Document, HexLock};

fuzz_target!(|data: &[u8]| {
    round_trip::check::<HexLock>(data, |doc: &Document, back: &Document, printed| {
        assert_eq!(
            doc.lock, back.lock,
            "the round trip changed the lock:\n{printed}"
        );
    });
});
