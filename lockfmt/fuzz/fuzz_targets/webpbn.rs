//! Feeds arbitrary bytes to the webpbn XML importer (read in their encoding). Any panic is a bug; so is a puzzle larger
//! than a `.non` file holds, an exported puzzle that imports as another, or an imported puzzle
//! whose `.non` text, when it reads without errors, holds another puzzle.
#![no_main]

use engine::nonogram::MAX_LINE;
use libfuzzer_sys::fuzz_target;
use lockfmt::nonogram::webpbn::{decode, export_set, import_set};
use lockfmt::nonogram::{parse, print};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = decode(data) else {
        return;
    };
    let Ok(puzzles) = import_set(&text) else {
        return;
    };
    for p in &puzzles {
        assert!(
            p.width <= MAX_LINE && p.height <= MAX_LINE,
            "imported a {}×{} puzzle",
            p.width,
            p.height
        );
        assert_eq!((p.rows.len(), p.columns.len()), (p.height, p.width));
        let printed = print(p);
        let back = parse(&printed);
        if !back.has_errors() {
            let back = back.valid_puzzle().expect("a puzzle without errors");
            assert_eq!(
                (&back.rows, &back.columns, &back.goal),
                (&p.rows, &p.columns, &p.goal),
                "the .non text holds another puzzle:\n{printed}"
            );
        }
    }
    let xml = export_set(&puzzles);
    assert_eq!(
        import_set(&xml).as_ref(),
        Ok(&puzzles),
        "the export imports as other puzzles:\n{xml}"
    );
});
