//! The search for what the line rule cannot finish: probing at the root, then learning from
//! conflicts (`learn`) with the placement counts (`guide`) choosing the guesses.
//!
//! Probing (each unknown cell tried both ways, the line rule to a fixpoint after each) pays at
//! the root: on every public puzzle that needs more than the line rule it finishes or nearly
//! finishes the picture. Below the root it is not run: on random pictures it fixes almost
//! nothing and costs about 0.5 ms a node, while a learning search's guess costs about 15 µs.

use super::belief::Beliefs;
use super::bits::Bits;
use super::board::{Board, Compiled, Propagator};
use super::clue_sat::{self, ClueSat, Turn};
use super::count::log2_expected_pictures;
use super::guide::Guide;
use super::learn::{Ended, Learner};
use super::portfolio::SAT_SOLVER_THREAD_UP_TO;
use super::sat_beside::{self, Beside};
use super::solve::{Limits, Stop};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Sender};
use std::time::{Duration, Instant};

/// Restarts come after this many conflicts times the Luby sequence, once the beliefs vote...
const RESTART_UNIT: u64 = 1000;
/// ...but for the first, which comes after this many: most random pictures end well before it,
/// and those that pass it are stuck until a restart (docs/nonogram-solver.md).
const FIRST_RESTART: u64 = 500;
/// Conflicts the search makes guessing by each line's counts alone, unless the beliefs over the
/// whole picture (`belief.rs`) vote at once (`BELIEVE_AT_ONCE_BELOW`); past them, it guesses by
/// the beliefs, which cost more a guess but go wrong far less often where the counts are close
/// to coin tosses, and goes back to before the first guess the beliefs reject. 16 random 60×60
/// pictures at density 0.35: 64,181 guesses in all, the most on one 5,565, against 91,012 and
/// 16,072 after 400 conflicts; after 25, 63,321, but pictures the counts lead with a few dozen
/// conflicts take 4,400 guesses instead of 2,400.
const BELIEVE_AFTER: u64 = 100;
/// Below this many pictures expected from the clues per cell (log2, that is
/// `count::log2_expected_pictures` over the cells), the beliefs vote from the search's first
/// conflict; above, only after `BELIEVE_AFTER`. The fewer pictures the clues leave, the more
/// the beliefs know that a line's counts do not: on 60×60 random pictures, at density 0.50
/// (−0.09) they are the picture itself on all but a few dozen cells; at 0.40 (0.056 to 0.089)
/// they take 192,000 guesses in all on 32 pictures where waiting took 324,000; at 0.35 (0.108
/// to 0.138) and below the counts go wrong so seldom that the beliefs, at twice the cost a
/// guess, would not pay (and working them out at the root costs about 10 ms).
const BELIEVE_AT_ONCE_BELOW: f64 = 0.1;
/// Above this many pictures expected per cell (log2, as above), the beliefs score the cells
/// alone once they vote, and the lines are no longer counted: a belief's messages are the lines'
/// counts weighed by the crossing lines, and counting costs a fifth of a guess. Where the clues
/// pin the picture down, the counts still vote beside the beliefs: few placements are left to
/// each line, its exact counts answer each guess at once, and the beliefs only six lines a
/// guess. Random 60×60 pictures, guesses in all and within 100 ms, beliefs alone against both:
/// density 0.40 (0.056 to 0.089 a cell), 32 pictures, 184,907 against 192,282 and 20 against
/// 5–7; 0.45 (around 0), 4 pictures, seed 2 in 52,285 against 106,078; 0.50 (−0.057 to
/// −0.105), 16 pictures, 131,241 against 94,923 and 8 against 9.
const BELIEFS_ALONE_ABOVE: f64 = -0.03;
/// Within this many pictures expected per cell of 0 (log2, as above), either way, the picture
/// is near the threshold where random constraint problems are hardest (density 0.45 on 60×60
/// random pictures, −0.021 to 0.029 a cell on seeds 1–12; 0.40 is above 0.056 and 0.50 below
/// −0.056), and the beliefs are worked out on more lines a guess (`guide.rs`).
const NEAR_THRESHOLD: f64 = 0.03;
/// Learned clauses kept at a restart: past this, the less useful half is dropped.
const MAX_CLAUSES: usize = 20_000;

/// The conflicts of the search after which the clues are also given to a general SAT solver
/// (`clue_sat`); from then on the two take turns, the SAT solver's between two of the search's
/// restarts. On webpbn #8098 (19×19) the search alone has not answered after a million
/// guesses, and the two answer in under a second.
const SAT_AFTER: u64 = 2_000;

/// The same on a core of its own (`sat_beside`): there it takes no time from the search, so it
/// starts at the search's first restart. Webpbn #18297 "Thing" (36×42), where only the SAT
/// solver finds pictures, five runs each alternately: median 6.37 s against 6.91 s after 2,000.
const SAT_BESIDE_AFTER: u64 = 500;

/// The SAT solver's time for each second of the search's, by the picture's size: as much on
/// a picture of up to [`SAT_SOLVER_THREAD_UP_TO`] cells, a tenth on larger ones. On random 60×60
/// pictures (3,600 cells) it answered none within 30–60 s where the search answers in
/// milliseconds to seconds, so there its turns only cost; even so it is kept, a tenth, for the
/// structured large puzzle that needs it. Webpbn #18297 "Thing" (36×42, 1,512 cells) is
/// answered in 17–54 s with as much (median 38 s of five runs), and not in 120 s with a tenth.
fn sat_share(c: &Compiled) -> f64 {
    if c.width * c.height <= SAT_SOLVER_THREAD_UP_TO {
        1.0
    } else {
        0.1
    }
}

/// The i-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, ...
fn luby(mut i: u64) -> u64 {
    loop {
        let k = 64 - u64::from(i.leading_zeros());
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

/// What one pass of probing found.
enum Probed {
    /// A cell can be neither filled nor empty: no solution here.
    Dead,
    /// Cells were fixed: probe again.
    Changed,
    /// Nothing was fixed.
    Stable,
}

/// Probing at the root, then the learning search.
pub(crate) struct Searcher<'a, B> {
    c: &'a Compiled,
    pub prop: Propagator<B>,
    limits: Limits,
    cancel: Option<&'a AtomicBool>,
    t0: Instant,
    /// The root, then one per guess.
    pub nodes: u64,
    pub probes: u64,
    want: usize,
    pub solutions: Vec<Board<B>>,
    pub stop: Option<Stop>,
    /// The probe of a cell as filled.
    tmp_fill: Board<B>,
    /// The probe of a cell as empty.
    tmp_empty: Board<B>,
    /// The board before probing changed it, to see which lines changed.
    before: Board<B>,
    /// The root's fixpoint after probing.
    pub root: Option<Board<B>>,
    /// The random generator's state (xorshift): restarts break ties differently.
    rng: u64,
    /// Which of a portfolio's searches this is: 0 breaks no tie before the first restart,
    /// any other breaks them its own way from the start.
    seed: u64,
    /// A core is spare for the general SAT solver and its formula fits: it runs beside search 0
    /// on a thread of its own (`sat_beside`) instead of taking turns with it.
    pub sat_beside: bool,
}

impl<'a, B: Bits> Searcher<'a, B> {
    pub fn new(
        c: &'a Compiled,
        prop: Propagator<B>,
        limits: Limits,
        cancel: Option<&'a AtomicBool>,
        t0: Instant,
        want: usize,
        seed: u64,
    ) -> Searcher<'a, B> {
        Searcher {
            c,
            prop,
            limits,
            cancel,
            t0,
            nodes: 0,
            probes: 0,
            want,
            solutions: vec![],
            stop: None,
            tmp_fill: Board::new(c),
            tmp_empty: Board::new(c),
            before: Board::new(c),
            root: None,
            rng: 0x2545_F491_4F6C_DD1D ^ seed.wrapping_mul(0x9E37_79B9_7F4A_7C15),
            seed,
            sat_beside: false,
        }
    }

    /// Whether the time limit or the cancel flag says stop; sets `stop`.
    fn limited(&mut self) -> bool {
        if self.stop.is_some() {
            return true;
        }
        self.stop = super::solve::stopped(&self.limits, self.t0, self.cancel);
        self.stop.is_some()
    }

    /// The search from `board`, a consistent fixpoint of the line rule with cells unknown.
    pub fn search(&mut self, mut board: Board<B>) {
        let c = self.c;
        if let Some(max) = self.limits.max_steps
            && self.nodes >= max
        {
            self.stop = Some(Stop::Nodes { max });
            return;
        }
        self.nodes += 1;
        let mut dirty = vec![B::low(c.width); c.height];
        let open = loop {
            if board.is_complete(c) {
                break false;
            }
            match self.probe(&mut board, &mut dirty) {
                None => return,
                Some(Probed::Dead) => return,
                Some(Probed::Changed) => continue,
                Some(Probed::Stable) => break true,
            }
        };
        self.root = Some(board.clone());
        if open {
            self.learn(&board);
        } else {
            self.solutions.push(board);
        }
    }

    /// The learning search from the root's fixpoint, to the end or a limit. Restarts, after the
    /// Luby sequence times a unit of conflicts, keep what was learned and break the guide's ties
    /// another way.
    fn learn(&mut self, root: &Board<B>) {
        let c = self.c;
        if !(self.sat_beside && self.seed == 0) {
            return self.learn_with(root, Opinion::Turns(None));
        }
        let beside = Beside::default();
        let (start, started) = mpsc::channel();
        let deadline = self.limits.timeout.map(|t| self.t0 + t);
        let want = self.want;
        std::thread::scope(|scope| {
            let shared = &beside;
            scope.spawn(move || sat_beside::run(c, root, shared, started, deadline, want));
            // The thread is joined as the scope ends: this ends its solve at its next step,
            // even when the search panics.
            let _ends = sat_beside::EndsWithSearch(&shared.over);
            self.learn_with(
                root,
                Opinion::Beside {
                    beside: shared,
                    start: Some(start),
                    handed: 0,
                    taken: 0,
                },
            );
        });
    }

    fn learn_with(&mut self, root: &Board<B>, mut opinion: Opinion<'a, '_>) {
        let mut l = Learner::new(self.c, root);
        let mut guide = Guide::new(self.c);
        let (limits, t0, cancel) = (self.limits, self.t0, self.cancel);
        // The root is a node; each guess opens one more.
        let max_guesses = limits
            .max_steps
            .map_or(u64::MAX, |m| m.saturating_sub(self.nodes));
        let mut why = None;
        let answered = match &opinion {
            Opinion::Beside { beside, .. } => Some(&beside.answered),
            Opinion::Turns(_) => None,
        };
        let mut stop = || {
            // The SAT solver beside has the answer: the search ends here, `why` unset.
            if answered.is_some_and(|a| a.load(Ordering::Relaxed)) {
                return true;
            }
            if let Some(after) = limits.timeout
                && t0.elapsed() >= after
            {
                why = Some(Stop::Time { after });
            } else if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                why = Some(Stop::Cancelled);
            }
            why.is_some()
        };
        // The beliefs are worked out when they are to vote: at the first conflict where the
        // clues leave few pictures (a search the counts lead without one never pays for them),
        // else once the counts have gone wrong `BELIEVE_AFTER` times.
        let cells = (self.c.width * self.c.height).max(1) as f64;
        let per_cell = log2_expected_pictures(self.c) / cells;
        let at_once = per_cell < BELIEVE_AT_ONCE_BELOW;
        let mut believing = false;
        if self.seed != 0 {
            self.shake(&mut guide);
        }
        let mut i = 0;
        let ended = loop {
            i += 1;
            let budget = match (believing, at_once) {
                (true, _) if i == 1 => FIRST_RESTART,
                (true, _) => RESTART_UNIT * luby(i),
                (false, true) => 1,
                (false, false) => BELIEVE_AFTER.saturating_sub(l.conflicts).max(1),
            };
            match l.search(&mut guide, self.want, budget, max_guesses, &mut stop) {
                Ok(()) if !believing => {
                    if at_once || l.conflicts >= BELIEVE_AFTER {
                        let alone = per_cell > BELIEFS_ALONE_ABOVE;
                        guide.believe(Beliefs::at_root(self.c, root, alone), alone);
                        if per_cell.abs() < NEAR_THRESHOLD {
                            guide.near_threshold();
                        }
                        // Guesses the counts made, kept by a short jump, are what the beliefs
                        // would undo: from here a conflict jumps all the way back (32 random
                        // 60×60 pictures at density 0.40, waiting for 400 conflicts: 324,000
                        // guesses in all against 350,000, the most on one 18,935 against
                        // 40,074).
                        l.jump_at_most = u32::MAX;
                        believing = true;
                        l.back_before_first_doubt(|cell, filled| guide.doubts(cell, filled));
                    }
                    i -= 1;
                }
                Ok(()) => {
                    l.restart(MAX_CLAUSES);
                    self.shake(&mut guide);
                }
                Err(e) => break e,
            }
            if let Some(e) = self.second_opinion(&mut opinion, &mut l, root) {
                break e;
            }
        };
        // Stopped with no reason of its own: the SAT solver beside has the answer.
        let ended = match ended {
            Ended::Stopped if why.is_none() => {
                self.exchange(&mut opinion, &mut l).unwrap_or_else(|| {
                    debug_assert!(false, "stopped for an answer the exchange does not see");
                    why = Some(Stop::Cancelled);
                    Ended::Stopped
                })
            }
            e => e,
        };
        self.nodes += l.guesses;
        self.prop.line_runs += l.line_runs;
        self.solutions.append(&mut l.solutions);
        match ended {
            Ended::Done => {}
            Ended::Stopped => self.stop = why,
            Ended::Guesses => {
                self.stop = limits.max_steps.map(|max| Stop::Nodes { max });
            }
        }
    }

    /// The general SAT solver's turn, between two of the search's restarts, once the search
    /// has run long: it gets its share of the time since, and answers for both when it finds
    /// that no picture is left but those found, or finds enough of them.
    fn second_opinion(
        &mut self,
        opinion: &mut Opinion<'a, '_>,
        l: &mut Learner<'a, B>,
        root: &Board<B>,
    ) -> Option<Ended> {
        // A race's other searches leave the SAT solver to the first.
        let after = match opinion {
            Opinion::Turns(_) => SAT_AFTER,
            Opinion::Beside { .. } => SAT_BESIDE_AFTER,
        };
        if l.conflicts < after || self.seed != 0 {
            return None;
        }
        let sat = match opinion {
            Opinion::Turns(sat) => sat,
            Opinion::Beside { start, .. } => {
                if let Some(start) = start.take() {
                    // The thread waits for this; it ends with the search if it never comes.
                    let _ = start.send(());
                }
                return self.exchange(opinion, l);
            }
        };
        let c = self.c;
        let now = Instant::now();
        let Some(op) = sat else {
            // The search's time counts from here; the SAT solver's first turn is the next.
            *sat = Some(Box::new(SecondOpinion {
                since: now,
                spent: Duration::ZERO,
                sat: None,
                fits: clue_sat::fits(c),
            }));
            return None;
        };
        if !op.fits {
            return None;
        }
        let searched = (now - op.since).saturating_sub(op.spent);
        let owed = searched.mul_f64(sat_share(c)).saturating_sub(op.spent);
        if owed < MIN_SAT_TURN {
            return None;
        }
        let mut until = now + owed;
        if let Some(t) = self.limits.timeout {
            until = until.min(self.t0 + t);
        }
        let cancel = self.cancel;
        let sat = op.sat.get_or_insert_with(|| ClueSat::new(c, root, cancel));
        let ended = loop {
            while sat.forbidden < l.solutions.len() {
                let picture = picture_of(c, &l.solutions[sat.forbidden]);
                sat.forbid(&picture);
            }
            if l.solutions.len() >= self.want {
                break Some(Ended::Done);
            }
            match sat.turn(Some(until)) {
                Turn::Undecided => break None,
                Turn::Exhausted => break Some(Ended::Done),
                Turn::Picture(cells) => match self.board_of(&cells) {
                    Some(board) => l.solutions.push(board),
                    None => break None,
                },
            }
        };
        op.spent += now.elapsed();
        ended
    }

    /// Hands the search's new pictures to the SAT solver beside it and takes its new ones;
    /// `Done` once the pictures both found are enough, or the SAT solver has shown there are
    /// no others.
    fn exchange(&mut self, opinion: &mut Opinion<'a, '_>, l: &mut Learner<'a, B>) -> Option<Ended> {
        let Opinion::Beside {
            beside,
            handed,
            taken,
            ..
        } = opinion
        else {
            return None;
        };
        let c = self.c;
        let mut found = beside.found();
        while *handed < l.solutions.len() {
            found.by_search.push(picture_of(c, &l.solutions[*handed]));
            *handed += 1;
        }
        while *taken < found.by_sat.len() {
            let board = self.board_of(&found.by_sat[*taken]);
            *taken += 1;
            if let Some(board) = board
                && !l.solutions.contains(&board)
            {
                l.solutions.push(board);
            }
        }
        // What the search takes now it has no need to hand back.
        *handed = l.solutions.len();
        (found.exhausted || l.solutions.len() >= self.want).then_some(Ended::Done)
    }

    /// The SAT solver's picture as a board, checked by the line rule on every line.
    fn board_of(&mut self, cells: &[bool]) -> Option<Board<B>> {
        let c = self.c;
        let mut board = Board::new(c);
        for (i, &filled) in cells.iter().enumerate() {
            board.set(c, i % c.width, i / c.width, filled);
        }
        self.prop.push_all(c);
        if self.prop.run(c, &mut board).is_err() {
            debug_assert!(false, "the SAT solver's picture breaks a clue");
            return None;
        }
        Some(board)
    }

    /// Breaks the guide's ties another way.
    fn shake(&mut self, guide: &mut Guide<B>) {
        let mut rng = self.rng;
        guide.shake(0.01, || (crate::random::xorshift64(&mut rng) >> 32) as u32);
        self.rng = rng;
    }

    /// Marks for probing every cell of every line that differs between two boards.
    fn mark_changed(&self, dirty: &mut [B], old: &Board<B>, new: &Board<B>) {
        let c = self.c;
        let all = B::low(c.width);
        for (y, d) in dirty.iter_mut().enumerate() {
            if old.f[y] != new.f[y] || old.e[y] != new.e[y] {
                *d = all;
            }
        }
        for x in 0..c.width {
            let l = c.height + x;
            if old.f[l] != new.f[l] || old.e[l] != new.e[l] {
                for d in dirty.iter_mut() {
                    *d = d.or(B::bit(x));
                }
            }
        }
    }

    /// One pass of probing over the unknown cells marked in `dirty` (each unmarked once
    /// probed; the cells of lines that probing changes are marked again); `None` at a limit.
    fn probe(&mut self, board: &mut Board<B>, dirty: &mut [B]) -> Option<Probed> {
        let c = self.c;
        let mut changed = false;
        for y in 0..c.height {
            // The row is walked on from the last probe, round to its start: a fixed cell
            // marks its whole row again, and starting over at the row's first cell would probe
            // again, after each cell a white area gives up, every cell before it (webpbn #803:
            // 5,996 probes, a dozen between each of its 326 fixed cells).
            let mut next = 0;
            loop {
                let todo = dirty[y].and(board.unknown_in_line(c, y));
                let Some(x) = todo
                    .and_not(B::low(next))
                    .lowest()
                    .or_else(|| todo.lowest())
                else {
                    dirty[y] = B::zero();
                    break;
                };
                next = x + 1;
                dirty[y] = todo.and_not(B::bit(x));
                if self.probes.is_multiple_of(32) && self.limited() {
                    return None;
                }
                self.probes += 1;
                self.tmp_fill.copy_from(board);
                self.tmp_fill.set(c, x, y, true);
                self.prop.push_cell(c, x, y);
                let can_fill = self.prop.run(c, &mut self.tmp_fill).is_ok();
                self.tmp_empty.copy_from(board);
                self.tmp_empty.set(c, x, y, false);
                self.prop.push_cell(c, x, y);
                let can_empty = self.prop.run(c, &mut self.tmp_empty).is_ok();
                self.before.copy_from(board);
                match (can_fill, can_empty) {
                    (false, false) => return Some(Probed::Dead),
                    (true, false) => board.copy_from(&self.tmp_fill),
                    (false, true) => board.copy_from(&self.tmp_empty),
                    (true, true) => {
                        let known = board.known;
                        // Cells both ways fix alike are fixed.
                        for l in 0..c.height {
                            let f = self.tmp_fill.f[l].and(self.tmp_empty.f[l]);
                            let e = self.tmp_fill.e[l].and(self.tmp_empty.e[l]);
                            let nf = f.and_not(board.f[l]);
                            let ne = e.and_not(board.e[l]);
                            for i in nf.ones() {
                                board.set(c, i, l, true);
                            }
                            for i in ne.ones() {
                                board.set(c, i, l, false);
                            }
                            if !(nf.is_zero() && ne.is_zero()) {
                                self.prop.push(l);
                                for i in nf.or(ne).ones() {
                                    self.prop.push(c.height + i);
                                }
                            }
                        }
                        if board.known == known {
                            continue;
                        }
                        if self.prop.run(c, board).is_err() {
                            // Cannot happen: both probes are consistent fixpoints above it.
                            return Some(Probed::Dead);
                        }
                    }
                }
                changed = true;
                self.mark_changed(dirty, &self.before, board);
                if board.is_complete(c) {
                    return Some(Probed::Changed);
                }
            }
        }
        Some(if changed {
            Probed::Changed
        } else {
            Probed::Stable
        })
    }
}

/// How the general SAT solver gives its second opinion: in turns with the search on its thread,
/// or on a thread of its own (`sat_beside`).
enum Opinion<'a, 's> {
    /// Built once the search has run long.
    Turns(Option<Box<SecondOpinion<'a>>>),
    Beside {
        beside: &'s Beside,
        /// Sent when the search has run long; dropped unsent, it ends the thread.
        start: Option<Sender<()>>,
        /// The search's pictures handed over, and the SAT solver's taken.
        handed: usize,
        taken: usize,
    },
}

/// The general SAT solver taking turns with the search, once the search has run long.
struct SecondOpinion<'a> {
    /// When the search passed [`SAT_AFTER`] conflicts.
    since: Instant,
    /// The SAT solver's time since.
    spent: Duration,
    /// Built at its first turn.
    sat: Option<ClueSat<'a>>,
    /// Whether the formula is small enough to build ([`clue_sat::MOST_STATES`]).
    fits: bool,
}

/// A turn shorter than this is left to the next restart.
const MIN_SAT_TURN: Duration = Duration::from_millis(5);

/// A board's cells, row by row.
fn picture_of<B: Bits>(c: &Compiled, b: &Board<B>) -> Vec<bool> {
    (0..c.height)
        .flat_map(|y| (0..c.width).map(move |x| b.f[y].has(x)))
        .collect()
}
