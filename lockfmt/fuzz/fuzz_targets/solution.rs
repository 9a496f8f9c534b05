//! Feeds arbitrary text to the solution-file reader; any panic is a bug.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(solution) = lockfmt::hexlock::parse_solution(text) {
            let printed = lockfmt::hexlock::print_solution(&solution);
            let again = lockfmt::hexlock::parse_solution(&printed).map(|s| s.moves);
            assert_eq!(again.ok(), Some(solution.moves));
        }
    }
});
