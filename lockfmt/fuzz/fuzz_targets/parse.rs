//! Feeds arbitrary bytes to the lock parser. Any panic is a bug; so is a file that parses
//! without errors but does not survive a round trip through the canonical printer.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let parsed = lockfmt::hexlock::parse_bytes(data);
    if let Some(doc) = parsed.document.as_ref().filter(|_| !parsed.has_errors()) {
        let printed = lockfmt::hexlock::print_document(doc);
        let again = lockfmt::hexlock::parse(&printed);
        assert!(
            !again.has_errors(),
            "the printer wrote a file the parser rejects:\n{printed}"
        );
        let lock = again.document.map(|d| d.lock);
        assert_eq!(
            lock.as_ref(),
            Some(&doc.lock),
            "the round trip changed the lock"
        );
    }
});
