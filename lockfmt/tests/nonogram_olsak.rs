//! Olšák's `.g` files: any text is read or refused without a panic, and a puzzle written in the
//! format (as webpbn and the survey write it, with and without colour letters) reads back with
//! the same clues.

use engine::nonogram::{Clue, Puzzle};
use lockfmt::nonogram::olsak;
use proptest::prelude::*;

/// A puzzle as webpbn exports it: the words, `#d` with two colours, then the clues.
fn as_g(p: &Puzzle, letters: bool, blank_for_empty: bool) -> String {
    let mut s = String::from(
        "webpbn.org #7: Seven\nCopyright 2026 by Someone\n#d\n   0:   #FFFFFF   white\n   g:X  #000000   black\n",
    );
    let line = |c: &Clue| {
        if c.is_empty() {
            if blank_for_empty {
                String::new()
            } else {
                "0".into()
            }
        } else {
            c.iter()
                .map(|n| {
                    if letters {
                        format!("{n}g")
                    } else {
                        n.to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        }
    };
    s += ": rows\n";
    for c in &p.rows {
        s += &line(c);
        s += "\n";
    }
    s += ": columns\n";
    for c in &p.columns {
        s += &line(c);
        s += "\n";
    }
    s
}

fn clue(max: u32) -> impl Strategy<Value = Clue> {
    prop::collection::vec(1..=max, 0..4)
}

proptest! {
    #[test]
    fn any_text_is_read_or_refused_at_a_place_in_it(text in "[ :#0-9gx\\n\\r-]{0,80}") {
        if let Err(e) = olsak::import(&text) {
            prop_assert!(e.line >= 1 && e.column >= 1, "{e:?}");
            prop_assert!(e.line <= text.split('\n').count().max(1), "{e:?}");
        }
    }

    #[test]
    fn a_written_puzzle_reads_back_with_its_clues(
        rows in prop::collection::vec(clue(5), 1..8),
        columns in prop::collection::vec(clue(5), 1..8),
        letters in any::<bool>(),
        blank in any::<bool>(),
        crlf in any::<bool>(),
    ) {
        let p = Puzzle {
            info: Default::default(),
            width: columns.len(),
            height: rows.len(),
            rows,
            columns,
            goal: None,
        };
        let mut text = as_g(&p, letters, blank);
        if crlf {
            text = text.replace('\n', "\r\n");
        }
        let back = olsak::import(&text).expect("reads");
        prop_assert_eq!(&back.rows, &p.rows);
        prop_assert_eq!(&back.columns, &p.columns);
        prop_assert_eq!((back.width, back.height), (p.width, p.height));
        prop_assert_eq!(back.info.title.as_deref(), Some("Seven"));
    }
}
