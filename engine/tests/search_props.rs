//! The solver against a plain search, across thread counts and under every limit: solutions are
//! shortest and replay through the physics, counts of reachable states agree, the answer does not
//! depend on the number of threads, and each limit stops the search and is named.

#[path = "physics_support/mod.rs"]
mod support;

use engine::hexlock::model::Wrench;
use engine::hexlock::physics::{Mechanism, Move, State, Workspace};
use engine::hexlock::search::{self, Goal, Limit, Limits, SearchOptions, SearchReport, Verdict};
use engine::hexlock::{Hook, Lock};
use engine::{Dir, Hex};
use std::collections::{HashSet, VecDeque};
use std::time::Duration;

/// What a plain search finds: the fewest moves that open the lock and the reachable states,
/// counting states as locks (so balls are interchangeable) and stopping play at open states.
struct Plain {
    shortest: Option<usize>,
    reachable: usize,
}

/// A plain breadth-first search over whole locks, or `None` past `cap` states.
fn plain_search(mech: &Mechanism, cap: usize) -> Option<Plain> {
    let mut ws = Workspace::new();
    let name = |s: &State| format!("{:?}", mech.to_lock(s));
    let start = mech.initial_state();
    let mut seen: HashSet<String> = HashSet::new();
    seen.insert(name(&start));
    let mut queue = VecDeque::from([(start, 0usize)]);
    let mut shortest = None;
    while let Some((s, depth)) = queue.pop_front() {
        if mech.is_open(&s) {
            shortest = shortest.or(Some(depth));
            continue;
        }
        for mv in Move::ALL {
            let next = mech.step(&s, mv, &mut ws).expect("a turn");
            if seen.insert(name(&next)) {
                if seen.len() > cap {
                    return None;
                }
                queue.push_back((next, depth + 1));
            }
        }
    }
    Some(Plain {
        shortest,
        reachable: seen.len(),
    })
}

fn everything(threads: usize) -> SearchOptions {
    SearchOptions {
        threads,
        goal: Goal::Everything,
        ..SearchOptions::default()
    }
}

#[track_caller]
fn assert_replays(mech: &Mechanism, report: &SearchReport) {
    if let Some(moves) = &report.solution {
        let replay = search::replay(mech, moves).expect("replays");
        assert_eq!(
            replay.opened_after,
            Some(moves.len()),
            "the found solution opens the lock exactly at its end"
        );
    }
}

#[test]
fn solutions_are_shortest_and_state_counts_match_a_plain_search() {
    let mut compared = 0;
    let mut solved = 0;
    for seed in 0..400u64 {
        let lock = support::random_lock(seed, 3, 5 + (seed % 4) as usize);
        let Ok(mech) = Mechanism::new(&lock) else {
            continue;
        };
        let Some(plain) = plain_search(&mech, 2_500) else {
            continue;
        };
        let report = search::solve(&mech, &everything(2)).expect("searches");
        assert_replays(&mech, &report);
        assert_eq!(
            report.solution.as_ref().map(Vec::len),
            plain.shortest,
            "seed {seed}: shortest solution"
        );
        assert!(report.exhausted, "seed {seed}");
        assert_eq!(
            report.stats.visited as usize, plain.reachable,
            "seed {seed}: reachable states"
        );
        compared += 1;
        solved += usize::from(plain.shortest.is_some());
        if compared == 24 {
            break;
        }
    }
    assert!(compared >= 12, "only {compared} locks compared");
    assert!(solved >= 3, "only {solved} solvable locks compared");
}

/// A size-`size` lock with a stationary bolt in the bolthole (it never opens), the hook, a
/// two-cell wrench and free balls: a large space the search must exhaust.
fn open_field(size: i32, balls: &[(i32, i32)]) -> Lock {
    let mut lock = Lock::empty(size);
    let corner = Hex::new(size, -size);
    lock.blocks.push(engine::hexlock::Block {
        name: 'B',
        cells: vec![corner],
    });
    lock.hooks = vec![Hook {
        hub: Hex::new(-size + 1, size - 1),
        arm: Dir::E,
    }];
    lock.wrenches = vec![Wrench {
        cells: vec![Hex::new(0, size), Hex::new(1, size - 1)],
        momentum: None,
    }];
    lock.balls = balls.iter().map(|&(q, r)| Hex::new(q, r)).collect();
    lock.normalise();
    assert_eq!(lock.validate(), vec![], "a valid test lock");
    lock
}

/// A size-3 lock with a ball in the bolthole's corner and the hook free to fetch it; the wrench
/// is shut in the south-west corner by a stationary block, to keep the space small.
fn ball_bolt() -> Lock {
    let mut lock = Lock::empty(3);
    lock.balls = vec![Hex::new(3, -3)];
    lock.hooks = vec![Hook {
        hub: Hex::new(-1, 1),
        arm: Dir::E,
    }];
    lock.wrenches = vec![Wrench {
        cells: vec![Hex::new(-3, 3)],
        momentum: None,
    }];
    lock.blocks.push(engine::hexlock::Block {
        name: 'X',
        cells: vec![Hex::new(-2, 3), Hex::new(-2, 2), Hex::new(-3, 2)],
    });
    lock.normalise();
    assert_eq!(lock.validate(), vec![], "a valid test lock");
    lock
}

/// [`ball_bolt`] with the ball moved to the centre and a stationary bolt in its place: it never
/// opens.
fn shut_pocket() -> Lock {
    let mut lock = ball_bolt();
    lock.balls = vec![Hex::ORIGIN];
    lock.blocks.push(engine::hexlock::Block {
        name: 'B',
        cells: vec![Hex::new(3, -3)],
    });
    lock.normalise();
    assert_eq!(lock.validate(), vec![], "a valid test lock");
    lock
}

#[test]
fn the_answer_is_the_same_with_any_number_of_threads() {
    for lock in [shut_pocket(), ball_bolt()] {
        let mech = Mechanism::new(&lock).expect("playable");
        let runs: Vec<SearchReport> = [1, 2, 3, 2]
            .into_iter()
            .map(|threads| {
                let options = SearchOptions {
                    goal: Goal::AllShortest,
                    ..everything(threads)
                };
                search::solve(&mech, &options).expect("searches")
            })
            .collect();
        let first = &runs[0];
        assert!(first.stats.visited > 100, "{:?}", first.stats);
        for r in &runs[1..] {
            assert_eq!(r.solution, first.solution);
            assert_eq!(r.verdict(), first.verdict());
            assert_eq!(r.shortest, first.shortest);
            assert_eq!(r.stats.layers, first.stats.layers);
            assert_eq!(r.stats.visited, first.stats.visited);
            assert_eq!(r.stats.generated, first.stats.generated);
        }
        assert_replays(&mech, first);
    }
}

/// Threads take pieces of a batch and tables of the index as they come free, so which thread
/// did what varies from run to run; the states, their order and what the index holds must not.
#[test]
fn one_thread_and_several_find_the_same_states_in_the_same_order() {
    let mut locks = vec![
        (shut_pocket(), None),
        (ball_bolt(), None),
        // Several batches and many pieces, with the index filled on several threads.
        (open_field(5, &[(0, 0), (1, 0)]), Some(60_000)),
    ];
    locks.extend(
        (0..200u64)
            .map(|seed| support::random_lock(seed, 4, 6))
            .filter(|lock| {
                Mechanism::new(lock).is_ok_and(|mech| !mech.is_open(&mech.initial_state()))
            })
            .take(4)
            .map(|lock| (lock, Some(20_000))),
    );
    for (n, (lock, max_steps)) in locks.iter().enumerate() {
        let mech = Mechanism::new(lock).expect("playable");
        for goal in [Goal::Solution, Goal::AllShortest, Goal::Everything] {
            let runs: Vec<SearchReport> = [1, 2, 3]
                .into_iter()
                .map(|threads| {
                    let options = SearchOptions {
                        threads,
                        goal,
                        limits: Limits {
                            max_steps: *max_steps,
                            ..Limits::default()
                        },
                    };
                    search::solve(&mech, &options).expect("searches")
                })
                .collect();
            let one = &runs[0];
            assert_replays(&mech, one);
            assert_eq!(one.stats.layers.iter().sum::<u64>(), one.stats.visited);
            for r in &runs[1..] {
                let case = format!("lock {n}, {goal:?}, {} threads", r.stats.threads);
                assert_eq!(r.solution, one.solution, "{case}");
                assert_eq!(r.verdict(), one.verdict(), "{case}");
                assert_eq!(r.stopped_by, one.stopped_by, "{case}");
                assert_eq!(r.exhausted, one.exhausted, "{case}");
                assert_eq!(r.shortest, one.shortest, "{case}");
                assert_eq!(r.stats.layers, one.stats.layers, "{case}");
                assert_eq!(r.stats.visited, one.stats.visited, "{case}");
                assert_eq!(r.stats.expanded, one.stats.expanded, "{case}");
                assert_eq!(r.stats.generated, one.stats.generated, "{case}");
                assert_eq!(r.stats.successors, one.stats.successors, "{case}");
                assert_eq!(r.stats.store_bytes, one.stats.store_bytes, "{case}");
            }
        }
    }
}

#[test]
fn a_lock_whose_bolt_never_moves_is_proved_unopenable() {
    let mech = Mechanism::new(&shut_pocket()).expect("playable");
    let report = search::solve(&mech, &everything(2)).expect("searches");
    assert_eq!(report.verdict(), Verdict::Unsolvable);
    assert!(report.exhausted);
    assert_eq!(
        report.stats.layers.iter().sum::<u64>(),
        report.stats.visited
    );
}

fn big() -> Mechanism {
    Mechanism::new(&open_field(5, &[(0, 0), (1, 0)])).expect("playable")
}

#[test]
fn the_state_limit_stops_the_search_and_is_named() {
    let mech = big();
    for max in [0, 1, 10, 5_000] {
        let options = SearchOptions {
            limits: Limits {
                max_steps: Some(max),
                ..Limits::default()
            },
            ..everything(2)
        };
        let report = search::solve(&mech, &options).expect("searches");
        assert_eq!(report.stopped_by, Some(Limit::States { max }));
        assert_eq!(
            report.verdict(),
            Verdict::GaveUp {
                limit: Limit::States { max }
            }
        );
        assert_eq!(report.stats.visited, max, "it visits exactly the limit");
        assert!(!report.exhausted);
    }
}

#[test]
fn the_memory_limit_is_never_exceeded_and_is_named() {
    let mech = big();
    for max_bytes in [0, 100_000, 2_000_000] {
        let options = SearchOptions {
            limits: Limits {
                max_memory: Some(max_bytes),
                ..Limits::default()
            },
            ..everything(2)
        };
        let report = search::solve(&mech, &options).expect("searches");
        assert_eq!(report.stopped_by, Some(Limit::Memory { max_bytes }));
        assert!(
            report.stats.peak_bytes <= max_bytes,
            "{} bytes held under a limit of {max_bytes}",
            report.stats.peak_bytes
        );
    }
}

#[test]
fn the_time_limit_stops_the_search_and_is_named() {
    let mech = big();
    for after in [Duration::ZERO, Duration::from_millis(100)] {
        let options = SearchOptions {
            limits: Limits {
                timeout: Some(after),
                ..Limits::default()
            },
            ..everything(2)
        };
        let mut batches = Vec::new();
        let report = search::solve_with_progress(&mech, &options, &mut |p| batches.push(*p))
            .expect("searches");
        assert_eq!(report.stopped_by, Some(Limit::Time { after }));
        // Held to the work done, not to the clock: the limit is checked before each batch, so
        // no batch starts once the search's own clock has passed it. At most the batch during
        // which it passed ends past it, and nothing is done after the last batch reported.
        let past = batches.iter().filter(|p| p.elapsed >= after).count();
        assert!(past <= 1, "{past} batches ended past the limit");
        if after.is_zero() {
            assert_eq!(batches, [], "a batch started at a limit of nothing");
        }
        match batches.last() {
            None => {
                assert_eq!(report.stats.expanded, 0, "no state expanded");
                assert_eq!(report.stats.visited, 1, "only the initial state");
            }
            Some(last) => {
                assert_eq!(
                    report.stats.visited, last.visited,
                    "a state after the last batch"
                );
                assert_eq!(
                    report.stats.generated, last.generated,
                    "a turn after the last batch"
                );
            }
        }
    }
}

#[test]
fn a_limit_reached_after_the_solution_leaves_the_solution() {
    let mech = Mechanism::new(&ball_bolt()).expect("playable");
    let plain = search::solve(&mech, &SearchOptions::default()).expect("searches");
    let moves = plain.solution.expect("solvable");
    let options = SearchOptions {
        limits: Limits {
            max_steps: Some(plain.stats.visited + 10),
            ..Limits::default()
        },
        ..everything(1)
    };
    let report = search::solve(&mech, &options).expect("searches");
    assert_eq!(report.solution.as_ref(), Some(&moves));
    assert_eq!(report.verdict(), Verdict::Solved);
    assert!(report.stopped_by.is_some());
}

#[test]
fn a_lock_open_from_the_start_is_solved_by_no_moves() {
    let mut lock = open_field(3, &[]);
    lock.blocks.clear();
    let mech = Mechanism::new(&lock).expect("playable");
    let report = search::solve(&mech, &SearchOptions::default()).expect("searches");
    assert_eq!(report.solution, Some(vec![]));
}

#[test]
fn analysis_counts_reachable_states_and_spots_a_shortcut() {
    let mech = Mechanism::new(&ball_bolt()).expect("playable");
    let shortest = search::solve(&mech, &SearchOptions::default())
        .expect("searches")
        .solution
        .expect("solvable");
    // The author's solution: wait once, then play the shortest.
    let author: Vec<Move> = std::iter::once(Move::Wait)
        .chain(shortest.iter().copied())
        .collect();
    let a = search::analyse(&mech, &everything(2), Some(&author), &mut |_| {}).expect("analyses");
    assert_eq!(a.shortest_length, Some(shortest.len()));
    assert_eq!(a.reachable, Some(a.report.stats.visited));
    assert!(a.branching > 1.0);
    assert!(a.unique.is_some());
    let check = a.author.expect("checked");
    assert_eq!(check.replay.opened_after, Some(author.len()));
    assert_eq!(check.shortcut, Some(shortest.clone()));

    let a = search::analyse(&mech, &everything(1), Some(&shortest), &mut |_| {}).expect("ok");
    assert_eq!(a.author.expect("checked").shortcut, None, "no shortcut");
    let a = search::analyse(&mech, &everything(1), Some(&[Move::Wait]), &mut |_| {}).expect("ok");
    assert_eq!(a.author.expect("checked").replay.opened_after, None);
}

#[test]
fn a_cancelled_search_stops_and_says_so() {
    use std::sync::atomic::AtomicBool;
    // A bolt that can never move: the search would go on through every state of the tools.
    let mut lock = engine::hexlock::Lock::starter(8);
    lock.blocks.push(engine::hexlock::Block {
        name: 'B',
        cells: lock.bolthole().to_vec(),
    });
    let mech = engine::hexlock::physics::Mechanism::new(&lock).expect("playable");
    let cancel = AtomicBool::new(true);
    let report = engine::hexlock::search::solve_cancellable(
        &mech,
        &Default::default(),
        &mut |_| {},
        engine::solving::Cancel::by(&cancel),
    )
    .expect("runs");
    assert_eq!(
        report.stopped_by,
        Some(engine::hexlock::search::Limit::Cancelled)
    );
    assert!(report.solution.is_none());
}
