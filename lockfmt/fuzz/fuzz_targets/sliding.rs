//! Feeds arbitrary bytes to the sliding lock reader. Any panic is a bug; so is a file that reads
//! without errors but whose printed form reads back to another lock, or prints differently.
#![no_main]

#[path = "round_trip.rs"]
mod round_trip;

use libfuzzer_sys::fuzz_target;
use lockfmt::sliding::{Document, Sliding};

fuzz_target!(|data: &[u8]| {
    round_trip::check::<Sliding>(data, |doc: &Document, back: &Document, printed| {
        // The printer may list the pieces in another order; the lock is the same set.
        let (mut a, mut b) = (doc.lock.pieces.clone(), back.lock.pieces.clone());
        a.sort();
        b.sort();
        assert_eq!(a, b, "the round trip changed the pieces:\n{printed}");
        assert_eq!(
            doc.lock.board, back.lock.board,
            "the board changed:\n{printed}"
        );
        assert_eq!(
            doc.unknown, back.unknown,
            "the unknown lines changed:\n{printed}"
        );
    });
});
