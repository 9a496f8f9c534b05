//! The tutorial series in `templates/hexlock/tutorial/`: every lock parses cleanly, its solution file
//! names it, opens it and is a shortest solution whose length the file's comment states, the
//! series grows harder, and each lock's lesson cannot be skipped.
//!
//! A lesson is proved in one of two ways, the strongest the lock allows:
//! - a variant of the lock without the mechanic (a spring removed, a pivot or a ball made into a
//!   fixed block, the wrench's momentum taken away) is proved unopenable by the solver, or needs
//!   a different number of moves;
//! - every shortest solution uses the mechanic: [`every_shortest_solution`] walks all the
//!   shortest move lists at once and checks that none of them avoids a turn whose trace shows it.
//!
//! `docs/tutorial.md` lists the locks and what each test shows.

use engine::hexlock::model::PieceRef;
use engine::hexlock::physics::trace::{
    GroupOutcome, Inconsistency, Origin, PhaseTrace, ResistReason, Via,
};
use engine::hexlock::physics::{Force, ForceOn, Trace, Workspace};
use engine::hexlock::search::{self, Goal, SearchOptions, Verdict};
use engine::hexlock::{Anchor, Block, Lock, Mechanism, Move, State};
use engine::{Dir, Hex};
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// The series in teaching order: file stem and the mechanic it teaches.
const SERIES: [(&str, &str); 13] = [
    ("01-clear-the-bolthole", "opening the bolthole"),
    ("02-push", "pushing"),
    ("03-fixed-parts", "resisted pushes"),
    ("04-squeeze", "springs compressing"),
    ("05-stretch", "springs stretching"),
    ("06-carried-across", "springs transmitting pushes"),
    ("07-pivot", "pivots and arms"),
    ("08-claw", "clawing"),
    ("09-ball", "balls"),
    ("10-momentum", "the wrench's momentum"),
    ("11-stalemate", "conflicting forces block each other"),
    ("12-family-rank", "domination by spring ancestry"),
    ("13-all-together", "everything at once"),
];

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../templates/hexlock/tutorial")
}

struct Tutorial {
    text: String,
    lock: Lock,
    solution: lockfmt::hexlock::Solution,
    solution_text: String,
}

fn tutorial(stem: &str) -> Tutorial {
    let text = std::fs::read_to_string(dir().join(format!("{stem}.lock"))).expect("lock file");
    let parsed = lockfmt::hexlock::parse(&text);
    let lock = parsed
        .valid_lock()
        .cloned()
        .unwrap_or_else(|| panic!("{stem}: {:#?}", parsed.diagnostics));
    let solution_text =
        std::fs::read_to_string(dir().join(format!("{stem}.solution"))).expect("solution file");
    let solution = lockfmt::hexlock::parse_solution(&solution_text)
        .unwrap_or_else(|d| panic!("{stem}.solution: {d:#?}"));
    Tutorial {
        text,
        lock,
        solution,
        solution_text,
    }
}

fn mech(lock: &Lock) -> Mechanism {
    Mechanism::new(lock).expect("playable")
}

/// The solver's shortest solution length, or `None` when it proves the lock cannot be opened.
fn shortest(lock: &Lock) -> Option<usize> {
    let report = search::solve(&mech(lock), &SearchOptions::default()).expect("searches");
    match report.verdict() {
        Verdict::Solved => Some(report.solution.expect("a solution").len()),
        Verdict::Unsolvable => None,
        other => panic!("the search was stopped: {other:?}"),
    }
}

#[track_caller]
fn assert_unsolvable(lock: &Lock) {
    let options = SearchOptions {
        goal: Goal::Everything,
        ..SearchOptions::default()
    };
    let report = search::solve(&mech(lock), &options).expect("searches");
    assert_eq!(
        report.verdict(),
        Verdict::Unsolvable,
        "{:?}",
        report.solution
    );
    assert!(report.exhausted);
}

/// The number the solution file's `# Shortest solution: N moves.` comment states.
fn stated_length(solution_text: &str) -> usize {
    let lines: Vec<&str> = solution_text
        .lines()
        .filter_map(|l| l.strip_prefix("# Shortest solution: "))
        .collect();
    assert_eq!(lines.len(), 1, "exactly one shortest-solution comment");
    lines[0]
        .strip_suffix(" moves.")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("bad comment: {}", lines[0]))
}

/// Whether every shortest solution of the lock has at least one turn for which `uses` holds.
///
/// The search is breadth first, layer by layer, until the layer in which the lock first opens.
/// Then, walking back from the open states, it keeps the states that can still reach an open
/// state in the fewest moves through turns that do *not* use the mechanic. Every shortest
/// solution uses it exactly when the initial state is not among them. `uses` sees the move, the
/// state before it and the turn's trace.
fn every_shortest_solution(lock: &Lock, uses: impl Fn(Move, &State, &Trace) -> bool) -> bool {
    let mech = mech(lock);
    let mut ws = Workspace::new();
    let start = mech.initial_state();
    assert!(!mech.is_open(&start), "the lock starts open");
    let mut seen: HashSet<State> = HashSet::from([start.clone()]);
    let mut layers: Vec<Vec<State>> = vec![vec![start]];
    let open: HashSet<State> = loop {
        let mut next = Vec::new();
        for s in layers.last().expect("a layer") {
            for mv in Move::ALL {
                let t = mech.step(s, mv, &mut ws).expect("a turn");
                if seen.insert(t.clone()) {
                    next.push(t);
                }
            }
        }
        assert!(!next.is_empty(), "the lock cannot be opened");
        let open: HashSet<State> = next.iter().filter(|t| mech.is_open(t)).cloned().collect();
        layers.push(next);
        if !open.is_empty() {
            break open;
        }
    };
    // `avoiding` holds the states of layer k that reach an open state in the last layer through
    // turns that never use the mechanic.
    let mut avoiding = open;
    for layer in layers[..layers.len() - 1].iter().rev() {
        let mut here = HashSet::new();
        for s in layer {
            for mv in Move::ALL {
                let t = mech.step(s, mv, &mut ws).expect("a turn");
                if avoiding.contains(&t) {
                    let (_, trace) = mech.step_traced(s, mv, &mut ws).expect("a turn");
                    if !uses(mv, s, &trace) {
                        here.insert(s.clone());
                        break;
                    }
                }
            }
        }
        avoiding = here;
    }
    avoiding.is_empty()
}

/// The forces applied in a phase, as (piece, force).
fn applied(phase: &PhaseTrace) -> impl Iterator<Item = ForceOn> + '_ {
    phase.applied.iter().copied()
}

fn applied_on(phase: &PhaseTrace, piece: PieceRef, force: Force) -> bool {
    applied(phase).any(|f| f.piece == piece && f.force == force)
}

fn moved(phase: &PhaseTrace, piece: PieceRef) -> bool {
    applied(phase).any(|f| f.piece == piece)
}

fn spring_index(lock: &Lock, root: char, end: char) -> usize {
    lock.springs
        .iter()
        .position(|s| s.root.name() == root && s.end == end)
        .unwrap_or_else(|| panic!("no spring {root} -> {end}"))
}

/// The lock without the spring from `root` to `end`.
fn without_spring(lock: &Lock, root: char, end: char) -> Lock {
    let i = spring_index(lock, root, end);
    let mut variant = lock.clone();
    variant.springs.remove(i);
    variant
}

/// Whether the spring phase applied the group that spring `s` started, pushing `end` `d`.
fn spring_moved(trace: &Trace, s: usize, end: char, d: Dir) -> bool {
    trace.phases[1].groups.iter().any(|g| {
        g.origin == Origin::Spring(s)
            && g.outcome == GroupOutcome::Applied
            && g.initial.piece == PieceRef::Block(end)
            && g.initial.force == Force::Push(d)
    })
}

fn b() -> PieceRef {
    PieceRef::Block('B')
}

#[test]
fn the_series_is_exactly_the_documented_files() {
    let mut found: Vec<String> = std::fs::read_dir(dir())
        .expect("the tutorial folder")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    found.sort();
    let mut expected: Vec<String> = SERIES
        .iter()
        .flat_map(|(stem, _)| [format!("{stem}.lock"), format!("{stem}.solution")])
        .collect();
    expected.sort();
    assert_eq!(
        found, expected,
        "every .lock has a .solution and nothing else is there"
    );
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/tutorial.md"))
            .expect("docs/tutorial.md");
    for (i, (stem, mechanic)) in SERIES.iter().enumerate() {
        assert!(
            stem.starts_with(&format!("{:02}-", i + 1)),
            "{stem} is numbered in order"
        );
        assert!(
            doc.contains(&format!("`{stem}.lock`")),
            "docs/tutorial.md lists {stem}"
        );
        assert!(
            doc.contains(mechanic),
            "docs/tutorial.md names the mechanic {mechanic}"
        );
    }
}

#[test]
fn every_lock_parses_cleanly_and_introduces_its_lesson() {
    for (stem, _) in SERIES {
        let t = tutorial(stem);
        let parsed = lockfmt::hexlock::parse(&t.text);
        assert!(
            parsed.diagnostics.is_empty(),
            "{stem}: {:#?}",
            parsed.diagnostics
        );
        assert_eq!(
            lockfmt::hexlock::format(&t.text).as_deref(),
            Ok(t.text.as_str()),
            "{stem} is canonical"
        );
        assert!(!t.lock.info.name.is_empty(), "{stem} has a title");
        assert_eq!(t.lock.info.author, "Lockwright", "{stem}");
        let notes = t.lock.info.notes.len();
        assert!((2..=4).contains(&notes), "{stem} has {notes} note lines");
        assert!((3..=5).contains(&t.lock.size), "{stem} is small");
    }
}

#[test]
fn every_solution_names_its_lock_opens_it_and_is_shortest() {
    let mut lengths = Vec::new();
    for (stem, _) in SERIES {
        let t = tutorial(stem);
        assert!(
            t.solution.names(&t.lock),
            "{stem}.solution names another lock"
        );
        assert_eq!(t.solution.lock_name, t.lock.info.name, "{stem}");
        let m = mech(&t.lock);
        let replay = search::replay(&m, &t.solution.moves).expect("replays");
        let n = t.solution.moves.len();
        assert_eq!(
            replay.opened_after,
            Some(n),
            "{stem}: opens after its last move"
        );
        let best = shortest(&t.lock).expect("solvable");
        assert_eq!(best, n, "{stem}: the solution is a shortest one");
        assert_eq!(stated_length(&t.solution_text), best, "{stem}: the comment");
        lengths.push(best);
    }
    // Rising difficulty: never much easier than the lock before, and the last needs more moves
    // than the first.
    for pair in lengths.windows(2) {
        assert!(pair[1] + 2 >= pair[0], "lengths {lengths:?}");
    }
    assert!(
        lengths[lengths.len() - 1] > lengths[0],
        "lengths {lengths:?}"
    );
}

/// Both tools start in the bolthole and both must leave it: the lock takes two moves, while the
/// same lock with either tool already out opens in one, and with both out it starts open.
#[test]
fn lesson_opening_the_bolthole_cannot_be_skipped() {
    let lock = tutorial("01-clear-the-bolthole").lock;
    assert_eq!(shortest(&lock), Some(2));
    let far = Hex::new(-3, 3);
    let mut wrench_out = lock.clone();
    wrench_out.wrenches[0].cells = vec![far];
    assert_eq!(shortest(&wrench_out), Some(1));
    let mut hook_out = lock.clone();
    hook_out.hooks[0].hub = Hex::new(-2, 2);
    hook_out.hooks[0].arm = Dir::E;
    assert_eq!(shortest(&hook_out), Some(1));
    let mut both_out = hook_out;
    both_out.wrenches[0].cells = vec![far];
    assert_eq!(shortest(&both_out), Some(0));
}

/// Nothing but the hook's push moves the bolt: with B's spring gone B is a fixed block and the
/// solver proves the lock unopenable; and every shortest solution has a turn in which the
/// hook's player-phase push moves B west.
#[test]
fn lesson_pushing_cannot_be_skipped() {
    let lock = tutorial("02-push").lock;
    assert_unsolvable(&without_spring(&lock, 'A', 'B'));
    assert!(every_shortest_solution(&lock, |mv, _, trace| {
        matches!(mv, Move::Hook(_) | Move::HookTurn(_))
            && trace.phases[0].groups.iter().any(|g| {
                g.origin == Origin::Player
                    && g.outcome == GroupOutcome::Applied
                    && g.forces.iter().any(|f| {
                        f.force.piece == b()
                            && f.force.force == Force::Push(Dir::W)
                            && matches!(f.via, Via::Overlap | Via::Arm)
                    })
            })
    }));
}

/// The push the note invites, the hook pushing B east across its spring, is resisted by the
/// spring's fixed root A and changes nothing; so is pushing B's lower cell north-west from
/// below. Every shortest solution instead pushes B south-east, along its spring.
#[test]
fn lesson_resisted_pushes_cannot_be_skipped() {
    let lock = tutorial("03-fixed-parts").lock;
    let m = mech(&lock);
    let mut ws = Workspace::new();
    let start = m.initial_state();
    let (after, trace) = m
        .step_traced(&start, Move::Hook(Dir::E), &mut ws)
        .expect("a turn");
    assert_eq!(after, start, "the resisted push changes nothing");
    match &trace.phases[0].groups[0].outcome {
        GroupOutcome::Resisted(r) => {
            assert_eq!(r.force.piece, PieceRef::Block('A'));
            assert_eq!(r.reason, ResistReason::StationaryBlock);
        }
        other => panic!("not resisted: {other:?}"),
    }
    assert!(every_shortest_solution(&lock, |_, _, trace| {
        applied_on(&trace.phases[0], b(), Force::Push(Dir::SE))
    }));
}

/// The bolt moves only because the squeezed spring C -> B pushes it: in every shortest solution
/// some turn has the player push C (and not B) and then the spring phase push B south-east with
/// spring C -> B's own force.
#[test]
fn lesson_springs_compressing_cannot_be_skipped() {
    let lock = tutorial("04-squeeze").lock;
    let s = spring_index(&lock, 'C', 'B');
    assert!(every_shortest_solution(&lock, |_, _, trace| {
        moved(&trace.phases[0], PieceRef::Block('C'))
            && !moved(&trace.phases[0], b())
            && spring_moved(trace, s, 'B', Dir::SE)
    }));
}

/// The bolt can only be pulled out by the stretched spring C -> B: with C fixed (its own spring
/// from R removed) the spring cannot be stretched and the lock is proved unopenable; and in
/// every shortest solution the player moves C (not B) and the spring pulls B south-west.
#[test]
fn lesson_springs_stretching_cannot_be_skipped() {
    let lock = tutorial("05-stretch").lock;
    assert_unsolvable(&without_spring(&lock, 'R', 'C'));
    let s = spring_index(&lock, 'C', 'B');
    assert!(every_shortest_solution(&lock, |_, _, trace| {
        moved(&trace.phases[0], PieceRef::Block('C'))
            && !moved(&trace.phases[0], b())
            && spring_moved(trace, s, 'B', Dir::SW)
    }));
}

/// The bolt moves only when spring C -> B carries a push to it: without that spring B is fixed
/// and the lock is proved unopenable; and every shortest solution has a turn whose player phase
/// pushes B by way of the spring.
#[test]
fn lesson_springs_transmitting_pushes_cannot_be_skipped() {
    let lock = tutorial("06-carried-across").lock;
    assert_unsolvable(&without_spring(&lock, 'C', 'B'));
    let s = spring_index(&lock, 'C', 'B');
    assert!(every_shortest_solution(&lock, |_, _, trace| {
        trace.phases[0].groups.iter().any(|g| {
            g.outcome == GroupOutcome::Applied
                && g.forces
                    .iter()
                    .any(|f| f.force.piece == b() && f.via == Via::Spring(s))
        })
    }));
}

/// With pivot 1 replaced by a fixed block on the same cells the lock is proved unopenable; and
/// every shortest solution turns the pivot.
#[test]
fn lesson_pivots_and_arms_cannot_be_skipped() {
    let lock = tutorial("07-pivot").lock;
    let mut fixed = lock.clone();
    let pivot = fixed.pivots.remove(0);
    fixed.blocks.push(Block {
        name: 'P',
        cells: pivot.cells(),
    });
    assert_unsolvable(&fixed);
    assert!(every_shortest_solution(&lock, |_, _, trace| {
        moved(&trace.phases[0], PieceRef::Pivot('1'))
    }));
}

/// The bolt slides only west, and no cell lets the hook push it west: every shortest solution
/// has a turn in which a turning arm's obvious push on B is resisted and the arm claws B round,
/// west, instead.
#[test]
fn lesson_clawing_cannot_be_skipped() {
    let lock = tutorial("08-claw").lock;
    assert!(every_shortest_solution(&lock, |_, _, trace| {
        trace.phases[0].groups.iter().any(|g| {
            g.outcome == GroupOutcome::Applied
                && g.claws.iter().any(|c| c.clawing.piece == b())
                && g.forces
                    .iter()
                    .any(|f| f.force.piece == b() && f.via == Via::Claw)
        })
    }));
}

/// With the ball replaced by a fixed block on its cell the lock is proved unopenable; and every
/// shortest solution rolls the ball.
#[test]
fn lesson_balls_cannot_be_skipped() {
    let lock = tutorial("09-ball").lock;
    let mut fixed = lock.clone();
    let ball = fixed.balls.remove(0);
    fixed.blocks.push(Block {
        name: 'Q',
        cells: vec![ball],
    });
    assert_unsolvable(&fixed);
    assert!(every_shortest_solution(&lock, |_, _, trace| {
        applied(&trace.phases[0]).any(|f| matches!(f.piece, PieceRef::Ball(_)))
    }));
}

/// The wrench starts moving. Taken at rest, the same lock needs one move more; and every
/// shortest solution has a turn in which the player works the hook while the wrench slides on
/// under its own momentum.
#[test]
fn lesson_the_wrenchs_momentum_cannot_be_skipped() {
    let lock = tutorial("10-momentum").lock;
    assert!(lock.wrenches[0].momentum.is_some());
    let mut at_rest = lock.clone();
    at_rest.wrenches[0].momentum = None;
    assert_eq!(
        shortest(&at_rest),
        Some(shortest(&lock).expect("solvable") + 1)
    );
    assert!(every_shortest_solution(&lock, |mv, _, trace| {
        matches!(mv, Move::Hook(_) | Move::HookTurn(_))
            && trace.phases[0]
                .groups
                .iter()
                .any(|g| g.origin == Origin::Momentum && g.outcome == GroupOutcome::Applied)
    }));
}

/// Waiting at the start, B's spring and D's spring each push a block into the same cell: both
/// groups are blocked and nothing moves. With D fixed the lock opens by waiting once; in the
/// lock itself every shortest solution ends the stalemate by making D's push meet the hook
/// (resisted, so it blocks nothing) while B's group is applied.
#[test]
fn lesson_conflicting_forces_cannot_be_skipped() {
    let lock = tutorial("11-stalemate").lock;
    let m = mech(&lock);
    let mut ws = Workspace::new();
    let start = m.initial_state();
    let (after, trace) = m.step_traced(&start, Move::Wait, &mut ws).expect("a turn");
    assert_eq!(after, start, "stalemate: nothing moves");
    let groups = &trace.phases[1].groups;
    assert_eq!(groups.len(), 2);
    for g in groups {
        let GroupOutcome::Blocked(why) = &g.outcome else {
            panic!("not blocked: {:?}", g.outcome);
        };
        assert!(
            why.iter()
                .all(|w| !w.dominated && matches!(w.inconsistency, Inconsistency::Overlap { .. }))
        );
    }
    assert_eq!(shortest(&without_spring(&lock, 'R', 'D')), Some(1));
    let sb = spring_index(&lock, 'A', 'B');
    let sd = spring_index(&lock, 'R', 'D');
    assert!(every_shortest_solution(&lock, |_, _, trace| {
        spring_moved(trace, sb, 'B', Dir::SW)
            && trace.phases[1].groups.iter().any(|g| {
                g.origin == Origin::Spring(sd) && matches!(g.outcome, GroupOutcome::Resisted(_))
            })
    }));
}

/// D's spring is rooted in R, which hangs on a spring from A, the root of B's spring: when both
/// push into one cell, B's group dominates and D's alone is blocked. Cut R loose from A (so no
/// ancestry) and the two forces block each other for good: the solver proves that lock
/// unopenable. Every shortest solution of the lock itself ends with the domination.
#[test]
fn lesson_domination_by_spring_ancestry_cannot_be_skipped() {
    let lock = tutorial("12-family-rank").lock;
    let no_ancestry = without_spring(&lock, 'A', 'R');
    // R stays where it is, now a fixed block: D's spring is rooted in it as before.
    assert!(
        no_ancestry
            .springs
            .iter()
            .any(|s| s.root == Anchor::Block('R'))
    );
    assert_unsolvable(&no_ancestry);
    let sb = spring_index(&lock, 'A', 'B');
    let sd = spring_index(&lock, 'R', 'D');
    assert!(every_shortest_solution(&lock, |_, _, trace| {
        let groups = &trace.phases[1].groups;
        spring_moved(trace, sb, 'B', Dir::SW)
            && groups.iter().any(|g| {
                g.origin == Origin::Spring(sd)
                    && matches!(&g.outcome, GroupOutcome::Blocked(why)
                        if why.iter().all(|w| w.dominated))
            })
    }));
}

/// The finale needs the pivot, the claw and the spring together: every shortest solution turns
/// pivot 1, has its arm claw the ball round (its plain push is resisted by block Y), and lets
/// the spring pull the bolt out.
#[test]
fn lesson_everything_at_once_cannot_be_skipped() {
    let lock = tutorial("13-all-together").lock;
    let s = spring_index(&lock, 'A', 'B');
    assert!(every_shortest_solution(&lock, |_, _, trace| {
        moved(&trace.phases[0], PieceRef::Pivot('1'))
    }));
    assert!(every_shortest_solution(&lock, |_, _, trace| {
        trace.phases[0].groups.iter().any(|g| {
            g.outcome == GroupOutcome::Applied
                && g.claws.iter().any(|c| {
                    matches!(c.clawing.piece, PieceRef::Ball(_))
                        && c.resisted.reason == ResistReason::StationaryBlock
                })
        })
    }));
    assert!(every_shortest_solution(&lock, |_, _, trace| {
        spring_moved(trace, s, 'B', Dir::SW)
    }));
    // Without the ball in the pivot's way, fewer or as many moves: the ball is an obstacle,
    // never a help.
    let mut no_ball = lock.clone();
    no_ball.balls.clear();
    assert!(shortest(&no_ball) <= shortest(&lock));
}
