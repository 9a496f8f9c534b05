//! Solves every nonogram the reader accepts, with a node limit, and holds the answer against
//! the clues: every solution given has every line's clue, two solutions of "several" differ,
//! and on puzzles small enough to list every picture, the answer is exactly what listing says.
//! A search breaking its ties another way, as each search of a race does, answers alike.
#![no_main]

#[path = "reader.rs"]
#[macro_use]
mod reader;

use engine::nonogram::model::clue_of;
use engine::nonogram::rule::{every_picture, runs};
use engine::nonogram::{Answer, Cancel, Grid, Limits, Puzzle, solve, solve_seeded};
use libfuzzer_sys::fuzz_target;
use lockfmt::nonogram::parse_bytes;

/// Listing every picture is tried only below this many row combinations.
const LISTABLE: u128 = 200_000;

fn has_every_clue(p: &Puzzle, g: &Grid) -> bool {
    g.width() == p.width
        && g.height() == p.height
        && g.is_complete()
        && (0..p.height).all(|y| runs(&clue_of(g.row(y))) == runs(&p.rows[y]))
        && (0..p.width).all(|x| runs(&clue_of(&g.column(x))) == runs(&p.columns[x]))
}

/// How many pictures listing whole rows would try: each row's placements multiplied.
fn combinations(p: &Puzzle) -> u128 {
    p.rows.iter().fold(1u128, |acc, clue| {
        let r = runs(clue);
        let used: usize = r.iter().map(|&n| n as usize).sum::<usize>() + r.len().saturating_sub(1);
        let Some(free) = p.width.checked_sub(used) else {
            return 0;
        };
        // C(free + k, k) placements of k runs with `free` spare cells.
        let k = r.len() as u128;
        let mut c = 1u128;
        for i in 0..k {
            c = c * (free as u128 + k - i) / (i + 1);
        }
        acc.saturating_mul(c).min(LISTABLE * 16)
    })
}

fuzz_target!(|data: &[u8]| {
    let Some(doc) = reader!(parse_bytes)(data) else {
        return;
    };
    let p = doc.puzzle;
    let limits = Limits::steps(20_000);
    let answer = solve(&p, &limits).answer;
    match &answer {
        Answer::Unique(g) => assert!(has_every_clue(&p, g), "unique, but a clue is not met"),
        Answer::Several(a, b) => {
            assert!(
                has_every_clue(&p, a) && has_every_clue(&p, b),
                "a clue is not met"
            );
            assert_ne!(a, b, "several, but the two solutions are the same");
        }
        Answer::Stopped { found: Some(g), .. } => {
            assert!(
                has_every_clue(&p, g),
                "a solution found before the stop misses a clue"
            )
        }
        Answer::None(_) | Answer::Stopped { found: None, .. } => {}
    }
    let seed = 1 + data
        .iter()
        .fold(0u64, |h, &b| h.wrapping_mul(31).wrapping_add(u64::from(b)))
        % 7;
    let other = solve_seeded(&p, &limits, Cancel::NEVER, seed).answer;
    if let Some(g) = other.solution() {
        assert!(has_every_clue(&p, g), "seed {seed}: a clue is not met");
    }
    let word = |a: &Answer| match a {
        Answer::Unique(_) => "unique",
        Answer::Several(..) => "several",
        Answer::None(_) => "none",
        Answer::Stopped { .. } => "stopped",
    };
    let (w0, w1) = (word(&answer), word(&other));
    assert!(
        w0 == w1 || w0 == "stopped" || w1 == "stopped",
        "seed 0 says {w0}, seed {seed} says {w1}"
    );
    if !p.validate().is_empty() || combinations(&p) > LISTABLE {
        return;
    }
    let listed = every_picture(&p, 2);
    match (&answer, listed.len()) {
        (Answer::Unique(g), 1) => assert_eq!(g, &listed[0], "another picture than listing's"),
        (Answer::Several(..), 2) | (Answer::None(_), 0) | (Answer::Stopped { .. }, _) => {}
        (a, n) => panic!("the solver says {a:?}, listing finds {n} picture(s)"),
    }
});
