//! Feeds arbitrary bytes to the sliding lock reader. Any panic is a bug; so is a file that reads
//! without errors but whose printed form reads back to another lock, or prints differently.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lockfmt::sliding::{parse, parse_bytes, print};

fuzz_target!(|data: &[u8]| {
    let parsed = parse_bytes(data);
    if let Some(doc) = parsed.document.as_ref().filter(|_| !parsed.has_errors()) {
        let printed = print(doc);
        let again = parse(&printed);
        assert!(
            !again.has_errors(),
            "the printer wrote a file the reader rejects:\n{printed}"
        );
        let Some(back) = again.document else {
            panic!("no document read back from:\n{printed}");
        };
        // The printer may list the pieces in another order; the lock is the same set.
        let (mut a, mut b) = (doc.lock.pieces.clone(), back.lock.pieces.clone());
        a.sort();
        b.sort();
        assert_eq!(a, b, "the round trip changed the pieces:\n{printed}");
        assert_eq!(
            doc.lock.board, back.lock.board,
            "the round trip changed the board"
        );
        assert_eq!(
            doc.unknown, back.unknown,
            "the round trip changed the unknown lines"
        );
        assert_eq!(print(&back), printed, "printing is not canonical");
    }
});
