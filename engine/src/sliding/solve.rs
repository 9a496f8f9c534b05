//! The fewest-moves solver: a best-first (A*) search over the pieces' places, where one move is
//! one slide of any length or one turn of an axis. States are taken in order of their moves so
//! far plus a lower bound on the moves left, which comes from a relaxation of the lock
//! ([`super::pattern`]) and never overstates, so the first picked state taken is reached in the
//! fewest moves the seed counts. States from which even the relaxation is never picked are
//! left out. When every other reachable state has been seen and none is picked, the lock cannot
//! be picked: the search itself is the proof.
//!
//! States ([`super::space`]) live one after another in one arena with a hash table of their
//! numbers ([`super::store`]); each keeps only the number of the state it was reached from, and
//! the moves are found again at the end.

use super::cell::Mask;
use super::lock::{Kind, Lock, Problem};
use super::pattern::{Bounds, DEAD, Relaxation};
use super::rules::Move;
use super::space::{Scratch, Space};
use super::store::Store;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

pub use crate::solving::{Cancel, Limits, Stop};

mod search;

use search::Search;

/// The most states a search visits when its limits name none: a lock past it is answered as
/// stopped rather than holding the machine's memory.
pub const DEFAULT_MAX_STATES: u64 = 20_000_000;

/// About what a search holds for each state it has seen, in all, on 11×11 locks with 20
/// pieces (measured: 1.2 GB at 27.8 million states on the bench's seed 531, 1.9 GB at 44.1
/// million on seed 827), so that a caller can say what a larger limit costs.
pub const BYTES_A_STATE: u64 = 45;

/// The most states a search with `limits` visits.
fn most_states(limits: &Limits) -> u64 {
    limits.max_steps.unwrap_or(DEFAULT_MAX_STATES)
}

/// What the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A solution in the fewest moves.
    Solved {
        /// The moves, from the lock as given.
        moves: Vec<Move>,
    },
    /// The lock cannot be picked; [`Report::proof`] says how that is known.
    Impossible,
    /// A limit stopped the search first.
    Stopped(Stop),
}

impl Answer {
    /// The answer in the shape every family's solver shares: the moves, for a solution.
    pub fn outcome(&self) -> crate::solving::Outcome<&[Move]> {
        use crate::solving::Outcome;
        match self {
            Answer::Solved { moves } => Outcome::Solved(moves),
            Answer::Impossible => Outcome::Unsolvable,
            Answer::Stopped(stop) => Outcome::Stopped {
                stop: *stop,
                found: None,
            },
        }
    }
}

/// Why a lock cannot be picked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// Even with every other moving piece lifted, the Key never lies end-on beside the
    /// Keyhole.
    KeyNeverReachesKeyhole,
    /// A piece that no axis can ever turn lies between the Key and the Keyhole on their line,
    /// and the Key cannot leave that line either: the piece is always in the way.
    PieceAlwaysBetween {
        /// The piece, by its place in the lock.
        piece: usize,
    },
    /// Every state reachable from the start was seen, and none is picked; or every state of a
    /// relaxation of the lock that holds them all (some pieces lifted off the board, see
    /// [`super::pattern`], or standing still as walls until they could move, see
    /// [`super::standing`]), and none is picked. States from which that relaxation is never
    /// picked are not searched.
    EveryStateSeen,
}

impl std::fmt::Display for Proof {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Proof::KeyNeverReachesKeyhole => {
                "even with every other piece lifted, the Key never lies end-on beside the Keyhole"
            }
            Proof::PieceAlwaysBetween { .. } => {
                "a piece that no axis can turn lies between the Key and the Keyhole on their line, and neither can ever leave it"
            }
            Proof::EveryStateSeen => "every reachable state was seen and none is picked",
        })
    }
}

/// The search's answer and what it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The answer.
    pub answer: Answer,
    /// Distinct states seen: by the search, or for a proof from a relaxation, by the
    /// relaxation.
    pub states: u64,
    /// For [`Answer::Impossible`], how that is known.
    pub proof: Option<Proof>,
    /// Pieces left where they are because they can never matter (see [`super::relax`]).
    pub idle: usize,
    /// For [`Answer::Stopped`]: every way to a pick, if there is one, takes at least this many
    /// moves, for every shorter way was searched (the least total of moves so far and bound
    /// the search had left).
    pub at_least: Option<u16>,
    /// How long it took.
    pub elapsed: Duration,
}

/// Searches for the fewest moves that pick `lock`. An illegal lock is refused with its
/// problems.
pub fn solve(lock: &Lock, limits: &Limits) -> Result<Report, Vec<Problem>> {
    solve_cancellable(lock, limits, Cancel::NEVER)
}

/// The plain breadth-first search alone, with no relaxation: slower on deep locks, and the
/// reference the solver's bounds are checked against.
pub fn solve_breadth_first(lock: &Lock, limits: &Limits) -> Result<Report, Vec<Problem>> {
    let problems = lock.problems();
    if !problems.is_empty() {
        return Err(problems);
    }
    let started = Instant::now();
    let movers: Vec<usize> = (0..lock.pieces.len())
        .filter(|&i| lock.pieces[i].slides())
        .collect();
    let turning: Vec<usize> = (0..lock.pieces.len())
        .filter(|&i| lock.pieces[i].kind == Kind::Axis)
        .collect();
    let space = Space::new(lock, &movers, &turning, 0, &turning);
    let mut search = Search::new(lock, space, None);
    let answer = search.run(limits, &AtomicBool::new(false), started);
    Ok(Report {
        proof: (answer == Answer::Impossible).then_some(Proof::EveryStateSeen),
        at_least: matches!(answer, Answer::Stopped(_)).then_some(search.at_least),
        answer,
        states: search.store.len() as u64,
        idle: 0,
        elapsed: started.elapsed(),
    })
}

/// A lock whose plain search ends within this many states is answered by it.
const SMALL: u64 = 500;

/// The most states a relaxation may hold: a few hundredths of a second each to build, and
/// larger ones bought little on random 11×11 locks.
const RELAXATION_CAP: usize = 20_000;

/// The most states a relaxation may hold once the search has passed [`PAUSE`] states and the
/// proof from standing pieces has not answered: a few tenths of a second to build, and on
/// seed 99 of the bench, a bound of 9 where the first relaxations give 6.
const DEEP_RELAXATION_CAP: usize = 100_000;

/// The most states a relaxation may hold once the search after the larger relaxations has
/// passed [`DEEPER_PAUSE_FACTOR`] times [`PAUSE`] states: about a second to build on the
/// bench's deepest locks.
const DEEPER_RELAXATION_CAP: usize = 300_000;

/// How many times [`PAUSE`] states the search holds, after the larger relaxations, before it
/// pauses for relaxations larger still: past seed 224 of the bench (517,346 states), whose
/// larger relaxations are as high at the start.
const DEEPER_PAUSE_FACTOR: usize = 10;

/// As [`solve`], stopping soon after `cancel` is set.
pub fn solve_cancellable(
    lock: &Lock,
    limits: &Limits,
    cancel: Cancel<'_>,
) -> Result<Report, Vec<Problem>> {
    solve_pausing_at(lock, limits, cancel, PAUSE)
}

/// As [`solve`], with the search pausing for the proof from standing pieces and the larger
/// relaxations once it holds `pause` states: the tests pause early, so that every lock past
/// the plain search goes down the path only deep locks take.
#[doc(hidden)]
pub fn solve_pausing_at(
    lock: &Lock,
    limits: &Limits,
    cancel: Cancel<'_>,
    pause: usize,
) -> Result<Report, Vec<Problem>> {
    solve_with(lock, limits, cancel, pause, RELAXATION_CAP)
}

/// As [`solve`], with the first relaxations of at most `cap` states each: tiny ones keep few
/// pieces, so that the search moves many pieces no relaxation keeps. For checking that the
/// search still finds the fewest moves then.
#[doc(hidden)]
pub fn solve_with_relaxations_of(
    lock: &Lock,
    limits: &Limits,
    cap: usize,
) -> Result<Report, Vec<Problem>> {
    solve_with(lock, limits, Cancel::NEVER, PAUSE, cap)
}

fn solve_with(
    lock: &Lock,
    limits: &Limits,
    cancel: Cancel<'_>,
    pause: usize,
    cap: usize,
) -> Result<Report, Vec<Problem>> {
    // The search checks one flag as it goes: the caller's, or one nobody sets.
    let never = AtomicBool::new(false);
    let cancel = cancel.flag().unwrap_or(&never);
    let problems = lock.problems();
    if !problems.is_empty() {
        return Err(problems);
    }
    let started = Instant::now();
    let quick = |proof| Report {
        answer: Answer::Impossible,
        proof: Some(proof),
        states: 0,
        idle: 0,
        at_least: None,
        elapsed: started.elapsed(),
    };
    if !super::relax::key_can_reach_keyhole(lock) {
        return Ok(quick(Proof::KeyNeverReachesKeyhole));
    }
    let cover = super::relax::covers(lock);
    let sweeps = super::relax::sweeps_with(lock, &cover);
    if let Some(piece) = super::relax::always_between(lock, &sweeps) {
        return Ok(quick(Proof::PieceAlwaysBetween { piece }));
    }
    let (space, walls, idle) = solver_space(lock);
    let report = |answer: Answer, states: usize, at_least: u16| Report {
        proof: (answer == Answer::Impossible).then_some(Proof::EveryStateSeen),
        at_least: matches!(answer, Answer::Stopped(_)).then_some(at_least),
        answer,
        states: states as u64,
        idle,
        elapsed: started.elapsed(),
    };
    // A small lock is answered by a plain breadth-first search sooner than its relaxations are
    // built.
    let small = Limits {
        max_steps: Some(most_states(limits).min(SMALL)),
        ..*limits
    };
    let mut search = Search::new(lock, space, None);
    let answer = search.run(&small, cancel, started);
    if most_states(&small) == most_states(limits)
        || answer != Answer::Stopped(Stop::States { max: SMALL })
    {
        return Ok(report(answer, search.store.len(), search.at_least));
    }
    let plain = search;
    let go_on =
        || !cancel.load(Ordering::Relaxed) && limits.timeout.is_none_or(|t| started.elapsed() < t);
    // Only relaxations need the places kept on a line; a small lock is answered without.
    let places_kept = super::relax::places_kept_with(lock, &sweeps);
    let ctx = super::pattern::Context {
        lock,
        real: &plain.space,
        cover: &cover,
        sweeps: &sweeps,
        places_kept: &places_kept,
        walls,
        cap,
        go_on: &go_on,
    };
    let pattern = match super::pattern::relax(&ctx) {
        Some(Relaxation::Impossible { states }) => {
            return Ok(report(Answer::Impossible, states, 0));
        }
        Some(Relaxation::Bound(p)) => Some(p),
        None => None,
    };
    let mut search = plain.again(lock, pattern);
    // A deep search pauses once for a proof from standing pieces, which shows a crowded lock
    // impossible where lifting pieces empties the board (its states count as the answer's),
    // and then for larger relaxations.
    let pause = pause.min(most_states(limits) as usize);
    if let Some(answer) = search.run_until(limits, cancel, started, Some(pause)) {
        return Ok(report(answer, search.store.len(), search.at_least));
    }
    let standing = super::pattern::Context {
        lock,
        real: &search.space,
        cover: &cover,
        sweeps: &sweeps,
        places_kept: &places_kept,
        walls,
        cap: STANDING_CAP,
        go_on: &go_on,
    };
    if let Some(states) = super::standing::prove_impossible(&standing, STANDING_BUDGET) {
        return Ok(report(Answer::Impossible, states, 0));
    }
    // Still deep: relaxations five times larger, whose stronger bound is worth searching again
    // from the start (the answer's states are the second search's).
    let deep = super::pattern::Context {
        cap: DEEP_RELAXATION_CAP,
        ..standing
    };
    match super::pattern::relax(&deep) {
        Some(Relaxation::Impossible { states }) => {
            return Ok(report(Answer::Impossible, states, 0));
        }
        Some(Relaxation::Bound(p)) if go_on() => {
            search = search.again(lock, Some(p));
        }
        _ => {}
    }
    // Deeper still: relaxations three times larger again, whose bound joins the larger ones'
    // (the larger of the two). The search starts again only when that raises the bound at the
    // start (seed 670 of the bench: from 5 to 8, and an answer of 14 moves within 2.3 million
    // states, where the search went on past 6 million without one); otherwise it goes on
    // where it paused.
    // The tests pause earlier than the solver, and then at once again.
    let deeper_pause = if pause < PAUSE {
        pause
    } else {
        pause.saturating_mul(DEEPER_PAUSE_FACTOR)
    }
    .min(most_states(limits) as usize);
    if let Some(answer) = search.run_until(limits, cancel, started, Some(deeper_pause)) {
        return Ok(report(answer, search.store.len(), search.at_least));
    }
    let deeper = super::pattern::Context {
        lock,
        real: &search.space,
        cover: &cover,
        sweeps: &sweeps,
        places_kept: &places_kept,
        walls,
        cap: DEEPER_RELAXATION_CAP,
        go_on: &go_on,
    };
    match super::pattern::relax(&deeper) {
        Some(Relaxation::Impossible { states }) => {
            return Ok(report(Answer::Impossible, states, 0));
        }
        Some(Relaxation::Bound(p)) if go_on() => {
            let start = search.space.start(lock);
            let raised = p.bound(&start, &mut Vec::new()) > search.bound[0];
            // The larger of the two bounds: where the new one is no higher at the start it is
            // still higher at many states (seeds 724 and 952: a quarter fewer states).
            let both = match search.pattern.take() {
                Some(old) => old.max_with(p),
                None => p,
            };
            if raised {
                search = search.again(lock, Some(both));
            } else {
                // The states already seen keep the totals of the bound they were seen with,
                // which never overstate: they are only taken sooner.
                search.pattern = Some(both);
            }
        }
        _ => {}
    }
    let answer = search.run(limits, cancel, started);
    Ok(report(answer, search.store.len(), search.at_least))
}

/// The states a search holds before it pauses for a proof from standing pieces and larger
/// relaxations: about a sixth of a second; most random 11×11 locks are answered before.
const PAUSE: usize = 60_000;

/// The most states one relaxation with standing pieces may reach: seed 143 of the bench is
/// proved within 3,752, and a lock the proof cannot show impossible stops soon.
const STANDING_CAP: usize = 30_000;

/// The most states all the relaxations of one proof from standing pieces may reach together.
const STANDING_BUDGET: usize = 200_000;

/// The solver's space: the pieces that can matter move, the others stay where they are as
/// walls; with those walls and the number of pieces left.
fn solver_space(lock: &Lock) -> (Space, Mask, usize) {
    // Idle pieces from the places with nothing walled: a piece idle that way stays idle however
    // much is walled, and the plain search counts the same states as it always did.
    let matters = super::relax::relevant(lock);
    let mut movers = Vec::new();
    let mut turning = Vec::new();
    let mut walls: Mask = 0;
    for (i, p) in lock.pieces.iter().enumerate() {
        let matters = matters.get(i).copied().unwrap_or(true);
        match p.kind {
            Kind::Key | Kind::Slider if matters => movers.push(i),
            Kind::Key | Kind::Slider => walls |= p.mask(),
            Kind::Axis if matters => turning.push(i),
            Kind::Axis | Kind::Keyhole => {}
        }
    }
    let idle = lock.pieces.iter().filter(|p| p.slides()).count() - movers.len();
    (
        Space::new(lock, &movers, &turning, walls, &turning),
        walls,
        idle,
    )
}

/// The proof from standing pieces alone, which [`solve`] tries when its search runs deep: the
/// relaxed states it searched last when it shows that `lock` cannot be picked, `None` when it
/// does not (within `max_states` relaxed states in all). For checking it against a plain
/// search.
pub fn prove_by_standing_pieces(
    lock: &Lock,
    max_states: usize,
) -> Result<Option<u64>, Vec<Problem>> {
    let problems = lock.problems();
    if !problems.is_empty() {
        return Err(problems);
    }
    let (space, walls, _) = solver_space(lock);
    let proof = with_context(lock, &space, walls, max_states, |ctx| {
        super::standing::prove_impossible(ctx, max_states)
    });
    Ok(proof.map(|n| n as u64))
}

/// Calls `f` with the context of relaxations of `lock` searched in `real`, each within `cap`
/// states, and no time limit: for the checks beside the solver.
fn with_context<T>(
    lock: &Lock,
    real: &Space,
    walls: Mask,
    cap: usize,
    f: impl FnOnce(&super::pattern::Context) -> T,
) -> T {
    let cover = super::relax::covers(lock);
    let sweeps = super::relax::sweeps_with(lock, &cover);
    f(&super::pattern::Context {
        lock,
        real,
        cover: &cover,
        sweeps: &sweeps,
        places_kept: &super::relax::places_kept_with(lock, &sweeps),
        walls,
        cap,
        go_on: &|| true,
    })
}

/// One state's bound from the relaxations, and its true fewest moves to a pick (`None` where
/// no pick is reachable from it).
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct Checked {
    /// The bound.
    pub bound: u8,
    /// The true fewest moves.
    pub fewest: Option<u16>,
}

/// Every state reachable from the start of `lock`, with its bound from relaxations of at most
/// `cap` states each (the solver's are 20,000 and, deep, 100,000; [`DEAD`] where one says
/// the lock can never be picked from there) and its true fewest moves to a pick, `None` where
/// no pick is reachable from it. `Ok(None)` when the lock has more than `max_states` states.
/// For checking that the relaxations never overstate.
#[doc(hidden)]
pub fn bounds_against_truth(
    lock: &Lock,
    max_states: usize,
    cap: usize,
) -> Result<Option<Vec<Checked>>, Vec<Problem>> {
    let problems = lock.problems();
    if !problems.is_empty() {
        return Err(problems);
    }
    let (space, walls, _) = solver_space(lock);
    // Every state and the states one move before it.
    let mut store = Store::new(space.width());
    store.insert(&space.start(lock));
    let mut before: Vec<Vec<u32>> = vec![Vec::new()];
    let mut scratch = Scratch::default();
    let mut n = 0u32;
    while (n as usize) < store.len() {
        let state = store.get(n).to_vec();
        let mut full = false;
        space.expand(&state, 0, &mut scratch, |child, _| {
            let (c, new) = store.insert(child);
            if new {
                before.push(Vec::new());
            }
            before[c as usize].push(n);
            full = store.len() > max_states;
            full
        });
        if full {
            return Ok(None);
        }
        n += 1;
    }
    let mut fewest: Vec<Option<u16>> = vec![None; store.len()];
    let mut queue = std::collections::VecDeque::new();
    for s in 0..store.len() as u32 {
        if space.picked(store.get(s)) {
            fewest[s as usize] = Some(0);
            queue.push_back(s);
        }
    }
    while let Some(s) = queue.pop_front() {
        let d = fewest[s as usize].map_or(0, |d| d + 1);
        for &b in &before[s as usize] {
            if fewest[b as usize].is_none() {
                fewest[b as usize] = Some(d);
                queue.push_back(b);
            }
        }
    }
    let mut buf = Vec::new();
    let bounds = match with_context(lock, &space, walls, cap, super::pattern::relax) {
        Some(Relaxation::Bound(b)) => Some(b),
        Some(Relaxation::Impossible { .. }) => {
            let dead = |fewest| Checked {
                bound: DEAD,
                fewest,
            };
            return Ok(Some(fewest.into_iter().map(dead).collect()));
        }
        None => None,
    };
    Ok(Some(
        (0..store.len() as u32)
            .map(|s| {
                let bound = bounds
                    .as_ref()
                    .map_or(0, |b| b.bound(store.get(s), &mut buf));
                Checked {
                    bound,
                    fewest: fewest[s as usize],
                }
            })
            .collect(),
    ))
}
