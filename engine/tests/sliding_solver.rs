//! The solver against a plain breadth-first search over the rules' own moves, on random locks
//! large enough for its relaxations, its idle pieces and its lower bounds to come into play.

mod sliding_common;

use engine::sliding::{Answer, Limits, Lock, solve};
use sliding_common::random_lock;
use std::collections::{HashSet, VecDeque};

/// Breadth-first search over the rules' own `legal_moves` and `apply`: the fewest moves, or
/// `None` when no reachable state is picked.
fn plain_bfs(l: &Lock) -> Option<usize> {
    let mut seen = HashSet::new();
    let mut queue = VecDeque::new();
    seen.insert(l.clone());
    queue.push_back((l.clone(), 0));
    while let Some((s, d)) = queue.pop_front() {
        if s.is_picked() {
            return Some(d);
        }
        for mv in s.legal_moves() {
            if let Ok(n) = s.apply(&mv)
                && seen.insert(n.clone())
            {
                queue.push_back((n, d + 1));
            }
        }
    }
    None
}

#[test]
fn answers_are_the_fewest_moves_or_truly_impossible_on_random_locks_with_axes() {
    let mut solved = 0;
    let mut impossible = 0;
    for seed in 1..=150u64 {
        let side = 5 + (seed % 3) as u8;
        let pieces = 3 + (seed % 6) as usize;
        let l = random_lock(seed, side, pieces);
        let report = solve(&l, &Limits::default()).expect("legal");
        let plain = plain_bfs(&l);
        match report.answer {
            Answer::Solved { moves } => {
                let states = l.play(&l.write_all(&moves)).expect("replays");
                assert!(states.last().is_some_and(|s| s.is_picked()), "seed {seed}");
                assert_eq!(Some(moves.len()), plain, "seed {seed}: fewest moves");
                solved += 1;
            }
            Answer::Impossible => {
                assert_eq!(plain, None, "seed {seed}: {:?}", report.proof);
                impossible += 1;
            }
            Answer::Stopped(s) => panic!("seed {seed}: {s}"),
        }
    }
    assert!(
        solved > 10 && impossible > 10,
        "{solved} solved, {impossible} impossible"
    );
}

#[test]
fn answers_past_the_plain_search_are_still_the_fewest_moves() {
    // Random locks (side, pieces, seed) whose plain breadth-first search runs past the few
    // thousand states the solver tries it for, so that relaxations, their bounds and the
    // best-first search decide: six with answers of 4 to 10 moves, where a bound that
    // overstated would show, and three impossible.
    let locks = [
        (7, 6, 36),
        (7, 8, 50),
        (7, 8, 58),
        (7, 10, 17),
        (8, 8, 22),
        (8, 10, 42),
        (7, 9, 14),
        (7, 9, 41),
        (7, 9, 52),
    ];
    let mut solved = 0;
    for (side, pieces, seed) in locks {
        let l = random_lock(seed, side, pieces);
        let report = solve(&l, &Limits::default()).expect("legal");
        let plain = plain_bfs(&l);
        match report.answer {
            Answer::Solved { moves } => {
                let states = l.play(&l.write_all(&moves)).expect("replays");
                assert!(states.last().is_some_and(|s| s.is_picked()), "seed {seed}");
                assert_eq!(Some(moves.len()), plain, "seed {seed}: fewest moves");
                solved += 1;
            }
            Answer::Impossible => assert_eq!(plain, None, "seed {seed}: {:?}", report.proof),
            Answer::Stopped(s) => panic!("seed {seed}: {s}"),
        }
    }
    assert_eq!(solved, 6);
}
