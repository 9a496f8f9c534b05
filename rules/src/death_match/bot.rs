//! A Death Match player to practise against: pure decisions on what a player can see. The host
//! drives it — it asks, the bot answers, and the host acts on the match at the time it likes
//! ([`Bot::think_time`] suggests when). Nothing here reads a clock except [`Bot::build`], which
//! searches for as long as its budget allows.
//!
//! # The draft ([`Bot::pick`])
//! A hard lock needs blockers that cross the Key's path and axes that turn them, so the bot
//! values an axis most (its first one above all; never a third), then long pieces, then the
//! orientation it has fewer of, and an axis a little more when the opponent has none (taking it
//! denies it). It only takes a piece that still fits: its pieces, the Key and the Keyhole must
//! cover at most two fifths of the light cells and fit in a legal lock by first-fit placement.
//! It stops at a ninth of the light cells in pieces (4 to 8), or when nothing fits: with more
//! pieces a lock's states grow beyond what its build can search, and a draft it cannot place
//! would lose it the round. A weaker bot adds noise to the values.
//!
//! # The lock ([`Bot::build`])
//! A local search scored by the engine's fewest-moves solver. It starts from the first-fit lock
//! ([`first_fit`]), so it is never worse than that, then climbs: each step relocates a piece,
//! slides one, or moves the Keyhole, and keeps the lock when the opponent's fewest moves do not
//! drop (drifting on plateaus); after 60 steps without progress it restarts from a random
//! placement (the Keyhole in a lane, the Key usually in its line, each axis beside a piece's
//! end). The best lock seen is returned. A lock the solver picks beats one it could not answer
//! in time, which beats one it proves impossible: **the bot never bluffs**, since a lock
//! declared impossible that its builder cannot pick gives the caller 5 points, and a bot that
//! cannot pick its own lock cannot countersolve. Ties go to the lock with more states.
//! A weaker bot searches for part of its budget only (a quarter at strength 0).
//!
//! The returned lock always passes [`super::build::check_lock`] when the drafted pieces fit at
//! all (the draft above only takes pieces that fit). When they cannot, the bot returns its
//! pieces crammed onto the board, which the match refuses: the bot then has no lock, goes into
//! reserve and, if the host keeps asking, runs out of it.
//!
//! # Picking ([`Bot::pick_lock`])
//! The solver is the bot's eye. Strength `s` (0 to 1) sets three things:
//! - its reach: it searches at most 20,000 + 5,000,000 × s² states, so a weak bot gives up on
//!   deep locks and cannot prove big ones impossible;
//! - slips: with chance (1 − s) / 4 it gives up on a lock it could pick;
//! - detours: with chance 1 − s it first makes 1 to 1 + 3 × (1 − s) random moves, then picks the
//!   lock from there, so its solution is valid but often longer.
//!
//! At full strength it gives the solver's fewest moves. A lock proved impossible is declared so.
//!
//! # Countersolving ([`Bot::countersolve`], [`Bot::countersolution`])
//! The builder knows its own lock's fewest moves. Countersolving pays only when the bot picks
//! it in fewer moves than the solver did (+1 to the bot); as many or more gives the solver +2,
//! and failing in time gives the solver +3, while declining scores nothing. So the bot says yes
//! only when its fewest is strictly shorter and its [`Bot::think_time`] for it fits in the
//! solver's time.

use super::DraftOrder;
use super::build::check_lock;
use super::generate::{Dice, lanes};
use super::pick::replay;
use super::round::{OfferedPiece, Shape};
use engine::sliding::cell::cells_of;
use engine::sliding::{
    Answer, Board, Cell, Dir, Kind, Limits, Lock, Mask, Move, Orientation, Piece, format_moves,
    solve,
};
// `Cell` is the board's: std's is a tally the build's judge and retreats both count into.
use std::cell::Cell as Tally;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::time::{Duration, Instant};

/// States the build's solver may visit for one lock: enough for locks of a draft's size.
pub const BUILD_STATES: u64 = 400_000;
/// The longest the build's solver spends on one lock, so one slow lock does not eat the budget.
const BUILD_SOLVE: Duration = Duration::from_millis(100);
/// Steps without progress before the build restarts from a new placement.
const RESTART: u32 = 60;
/// The limits on solving its own lock: it was solved within the build's limits already.
const OWN: Limits = Limits {
    max_steps: Some(2_000_000),
    timeout: Some(Duration::from_secs(10)),
    max_memory: None,
};

/// A bot: how strong it plays, and the seed of its choices. The same bot asked the same
/// question answers the same way, except [`Bot::build`], which gets as far as its time allows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bot {
    /// From 0 (weak) to 1 (full strength); see the module's docs.
    pub strength: f32,
    /// The seed of its random choices.
    pub seed: u64,
}

/// The bot's answer on a lock to pick.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Picking {
    /// Moves that pick it, in the seed's notation, and their number as the match counts them.
    Solved {
        /// The moves, as [`super::Action::SubmitSolution`] takes them.
        moves: String,
        /// How many moves the match counts.
        count: usize,
    },
    /// The solver proved it cannot be picked: declare it impossible.
    Impossible,
    /// Nothing to submit.
    GaveUp,
}

impl Bot {
    /// A bot of `strength` (read as 0 below 0 or NaN, as 1 above 1) and `seed`.
    pub fn new(strength: f32, seed: u64) -> Bot {
        Bot { strength, seed }
    }

    /// A full-strength bot.
    pub fn full(seed: u64) -> Bot {
        Bot::new(1.0, seed)
    }

    fn s(&self) -> f64 {
        if self.strength.is_nan() {
            0.0
        } else {
            f64::from(self.strength.clamp(0.0, 1.0))
        }
    }

    /// Dice for one decision: the same question always rolls the same.
    fn dice(&self, what: &str, context: &impl Hash) -> Dice {
        let mut h = Fnv(0xCBF2_9CE4_8422_2325 ^ self.seed);
        what.hash(&mut h);
        context.hash(&mut h);
        Dice::new(h.finish())
    }

    /// Round 1's choice for the challenged bot: draft first, for the first axis.
    pub fn draft_order(&self) -> DraftOrder {
        DraftOrder::First
    }

    /// The piece to draft from `remaining`, or `None` to stop drafting.
    pub fn pick(
        &self,
        board: &Board,
        remaining: &[OfferedPiece],
        mine: &[OfferedPiece],
        theirs: &[OfferedPiece],
    ) -> Option<u32> {
        let light = board.light().count_ones() as usize;
        if mine.len() >= (light / 9).clamp(4, 8) {
            return None;
        }
        let used: usize = 3 + mine.iter().map(cells).sum::<usize>();
        let room = light * 2 / 5;
        let axes =
            |pieces: &[OfferedPiece]| pieces.iter().filter(|p| p.shape == Shape::Axis).count();
        let (my_axes, their_axes) = (axes(mine), axes(theirs));
        let across = |o: Orientation| {
            mine.iter()
                .filter(
                    |p| matches!(p.shape, Shape::Slider { orientation, .. } if orientation == o),
                )
                .count()
        };
        let noise = 8.0 * (1.0 - self.s());
        let mut dice = self.dice("pick", &(board, remaining, mine, theirs));
        let mut best: Option<(f64, u32)> = None;
        for p in remaining {
            let value = match p.shape {
                Shape::Axis if my_axes >= 2 => continue,
                Shape::Axis => {
                    (if my_axes == 0 { 15.0 } else { 6.0 }) + f64::from(u8::from(their_axes == 0))
                }
                Shape::Slider {
                    orientation,
                    length,
                } => {
                    let fewer = across(orientation) <= across(orientation.crossed());
                    2.0 + 2.0 * f64::from(length) + if fewer { 2.0 } else { 0.0 }
                }
            };
            if used + cells(p) > room {
                continue;
            }
            let mut with = mine.to_vec();
            with.push(*p);
            if first_fit(board, &with).is_none() {
                continue;
            }
            let value = value + noise * dice.unit();
            if best.is_none_or(|(v, _)| value > v) {
                best = Some((value, p.id));
            }
        }
        best.map(|(_, id)| id)
    }

    /// The hardest lock it finds on `board` with exactly `drafted` (besides the Key and the
    /// Keyhole) within `budget`; see the module's docs.
    pub fn build(&self, board: &Board, drafted: &[OfferedPiece], budget: Duration) -> Lock {
        self.build_counted(board, drafted, budget).0
    }

    /// [`Bot::build`], with the work it did.
    pub fn build_counted(
        &self,
        board: &Board,
        drafted: &[OfferedPiece],
        budget: Duration,
    ) -> (Lock, BuildWork) {
        let deadline = Instant::now() + budget.mul_f64(0.25 + 0.75 * self.s());
        let mut dice = self.dice("build", &(board, drafted));
        // Shared by the judge and the retreats, which both count into it.
        let work = Tally::new(BuildWork::default());
        let judge = |lock: &Lock| -> Option<Worth> {
            check_lock(lock, board, drafted).ok()?;
            let left = deadline.saturating_duration_since(Instant::now());
            let limits = Limits {
                max_steps: Some(BUILD_STATES),
                timeout: Some(left.min(BUILD_SOLVE)),
                max_memory: None,
            };
            let report = solve(lock, &limits).ok()?;
            let w = work.get();
            work.set(BuildWork {
                judged: w.judged + 1,
                states: w.states + report.states,
                most_states: w.most_states.max(report.states),
                ..w
            });
            Some(match report.answer {
                Answer::Solved { moves } => Worth {
                    known: 2,
                    moves: moves.len(),
                    states: report.states,
                },
                Answer::Stopped(_) => Worth {
                    known: 1,
                    moves: 0,
                    states: report.states,
                },
                Answer::Impossible => Worth {
                    known: 0,
                    moves: 0,
                    states: report.states,
                },
            })
        };
        let mut best: Option<(Worth, Lock)> =
            first_fit(board, drafted).and_then(|l| judge(&l).map(|w| (w, l)));
        // An impossible first-fit lock is a poor place to climb from: start from dice instead.
        let mut current = best.clone().filter(|(w, _)| w.known > 0);
        let mut stale = 0u32;
        while Instant::now() < deadline {
            let restart = current.is_none() || stale >= RESTART;
            let candidate = match &current {
                Some((_, lock)) if !restart && dice.chance(0.9) => nudge(lock, &mut dice),
                Some((_, lock)) if !restart => retreat(lock, deadline, &mut dice, &work),
                _ => place(board, drafted, Some(&mut dice))
                    .and_then(|l| retreat(&l, deadline, &mut dice, &work).or(Some(l))),
            };
            let Some((worth, lock)) = candidate.and_then(|l| judge(&l).map(|w| (w, l))) else {
                stale += 1;
                continue;
            };
            if best.as_ref().is_none_or(|(b, _)| worth > *b) {
                best = Some((worth, lock.clone()));
            }
            let now = current.as_ref().map(|(w, _)| (w.known, w.moves));
            match now {
                _ if restart => stale = 0,
                Some(n) if (worth.known, worth.moves) > n => stale = 0,
                Some(n) if (worth.known, worth.moves) == n => stale += 1,
                _ => {
                    stale += 1;
                    continue;
                }
            }
            current = Some((worth, lock));
        }
        let lock = best
            .map(|(_, l)| l)
            .or_else(|| first_fit(board, drafted))
            .unwrap_or_else(|| cram(board, drafted));
        (lock, work.get())
    }

    /// Picks the opponent's `lock`, searching for at most `budget`; see the module's docs.
    pub fn pick_lock(&self, lock: &Lock, budget: Duration) -> Picking {
        let s = self.s();
        let limits = Limits {
            max_steps: Some(20_000 + (5_000_000.0 * s * s) as u64),
            timeout: Some(budget),
            max_memory: None,
        };
        let Ok(report) = solve(lock, &limits) else {
            return Picking::GaveUp;
        };
        let fewest = match report.answer {
            Answer::Solved { moves } => moves,
            Answer::Impossible => return Picking::Impossible,
            Answer::Stopped(_) => return Picking::GaveUp,
        };
        let mut dice = self.dice("pick lock", lock);
        if dice.chance((1.0 - s) / 4.0) {
            return Picking::GaveUp;
        }
        let mut moves = fewest.clone();
        if dice.chance(1.0 - s) {
            let wander = 1 + dice.below(1 + (3.0 * (1.0 - s)) as usize);
            if let Some(longer) = detour(lock, wander, &limits, &mut dice) {
                moves = longer;
            }
        }
        let written = |moves: &[Move]| {
            let text = format_moves(&lock.write_all(moves));
            replay(lock, &text).ok()
        };
        match written(&moves).or_else(|| written(&fewest)) {
            Some((count, moves)) => Picking::Solved { moves, count },
            None => Picking::GaveUp,
        }
    }

    /// How long the bot takes to write a solution of `moves` moves: 8 s and 5 s a move at full
    /// strength, twice that at strength 0, at most 4 minutes.
    pub fn think_time(&self, moves: usize) -> Duration {
        let seconds = (8.0 + 5.0 * moves as f64) * (2.0 - self.s());
        Duration::from_secs_f64(seconds.min(240.0))
    }

    /// Whether to countersolve `own_lock`, given the solver's chosen solution's moves and time
    /// (`None` when they have none): only when the bot's fewest is strictly shorter and it can
    /// write it in the solver's time.
    pub fn countersolve(
        &self,
        own_lock: &Lock,
        solver_moves: Option<usize>,
        solver_time_ms: Option<u64>,
    ) -> bool {
        let (Some(theirs), Some(time)) = (solver_moves, solver_time_ms) else {
            return false;
        };
        let Some((count, _)) = self.fewest(own_lock) else {
            return false;
        };
        count < theirs && self.think_time(count) < Duration::from_millis(time)
    }

    /// The bot's own lock picked in its fewest moves, in the seed's notation, or `None` when it
    /// cannot pick it.
    pub fn countersolution(&self, own_lock: &Lock) -> Option<String> {
        self.fewest(own_lock).map(|(_, text)| text)
    }

    fn fewest(&self, lock: &Lock) -> Option<(usize, String)> {
        let report = solve(lock, &OWN).ok()?;
        let Answer::Solved { moves } = report.answer else {
            return None;
        };
        let (count, text) = replay(lock, &format_moves(&lock.write_all(&moves))).ok()?;
        Some((count, text))
    }
}

/// The work one [`Bot::build`] did. Its budget is time, checked between steps, so what bounds
/// how far past it a build can run is the work of one step: each lock judged by a solver held
/// to [`BUILD_STATES`], each retreat to [`RETREAT_STATES`]. The tests hold a build to these, and
/// the bench shows them beside the time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BuildWork {
    /// Locks the build's solver judged, the first-fit lock included.
    pub judged: u32,
    /// States the solver saw in all.
    pub states: u64,
    /// The most states the solver saw on one lock.
    pub most_states: u64,
    /// Retreats made.
    pub retreats: u32,
    /// The most states one retreat expanded.
    pub most_retreat: usize,
}

/// How hard a lock is for the opponent, in the order the build prefers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Worth {
    /// 2: the solver picks it; 1: it could not tell in time; 0: it cannot be picked.
    known: u8,
    /// The fewest moves that pick it.
    moves: usize,
    /// The states the solver saw: more is more to think through.
    states: u64,
}

/// FNV-1a: a hasher whose numbers never change between builds, unlike the standard one's.
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3);
        }
    }
}

fn cells(p: &OfferedPiece) -> usize {
    match p.shape {
        Shape::Slider { length, .. } => usize::from(length),
        Shape::Axis => 1,
    }
}

/// The lock a beginner would build: the Keyhole in the first lane (the right edge from the
/// top, then the top row from the right), the Key one cell clear of it in its line, each axis
/// with the longest piece left beside it, then the pieces longest first, each in the first
/// place it fits scanning from A1 along the rows. `None` when they do not all fit that way.
pub fn first_fit(board: &Board, drafted: &[OfferedPiece]) -> Option<Lock> {
    place(board, drafted, None)
}

/// Picks the first of `items`, or a random one with dice.
fn take<T: Copy>(dice: &mut Option<&mut Dice>, items: &[T]) -> Option<T> {
    match dice {
        Some(d) => d.choose(items).copied(),
        None => items.first().copied(),
    }
}

/// Where a piece `length` long lying `orientation` fits, by its first cell.
fn spots(board: &Board, taken: Mask, orientation: Orientation, length: u8) -> Vec<Cell> {
    let free = board.light() & !taken;
    cells_of(free)
        .filter(|&at| {
            let p = Piece::slider(at, orientation, length);
            p.cells().count() == usize::from(length) && p.mask() & !free == 0
        })
        .collect()
}

/// The cells beside a sliding piece's two ends, in its line: where an axis attaches to it.
fn ends(p: &Piece) -> [Option<Cell>; 2] {
    let f = p.orientation.forward();
    [p.at.step(f.opposite(), 1), p.last().step(f, 1)]
}

/// Free light cells where an axis would be attached to one of `pieces`.
fn axis_spots(board: &Board, pieces: &[Piece], taken: Mask) -> Vec<Cell> {
    let free = board.light() & !taken;
    let mut out: Vec<Cell> = pieces
        .iter()
        .filter(|p| p.slides())
        .flat_map(ends)
        .flatten()
        .filter(|c| free & c.bit() != 0)
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Places the Keyhole, the Key, each axis with a piece beside it, and the other pieces: the
/// first place each time without dice, a random one with them.
fn place(board: &Board, drafted: &[OfferedPiece], mut dice: Option<&mut Dice>) -> Option<Lock> {
    let (hole, inward) = take(&mut dice, &lanes(board))?;
    let mut pieces = vec![Piece::keyhole(hole)];
    let mut taken = hole.bit();
    let anywhere = dice.as_mut().is_some_and(|d| d.chance(0.15));
    let key = if anywhere {
        let o = take(&mut dice, &[Orientation::Horizontal, Orientation::Vertical])?;
        Piece::key(take(&mut dice, &spots(board, taken, o, 2))?, o)
    } else {
        take(&mut dice, &lane_keys(board, hole, inward))?
    };
    taken |= key.mask();
    pieces.push(key);
    let mut sliders: Vec<(Orientation, u8)> = drafted
        .iter()
        .filter_map(|p| match p.shape {
            Shape::Slider {
                orientation,
                length,
            } => Some((orientation, length)),
            Shape::Axis => None,
        })
        .collect();
    // Longest last, so that popping takes the longest: they are the hardest to fit.
    sliders.sort_by_key(|s| s.1);
    for _ in drafted.iter().filter(|p| p.shape == Shape::Axis) {
        let (axis, partner) = match sliders.pop() {
            Some((o, length)) => {
                let pairs: Vec<(Cell, Piece)> = spots(board, taken, o, length)
                    .into_iter()
                    .flat_map(|at| {
                        let p = Piece::slider(at, o, length);
                        ends(&p).into_iter().flatten().map(move |c| (c, p))
                    })
                    .filter(|(c, p)| board.light() & !taken & !p.mask() & c.bit() != 0)
                    .collect();
                let (c, p) = take(&mut dice, &pairs)?;
                (c, Some(p))
            }
            None => (take(&mut dice, &axis_spots(board, &pieces, taken))?, None),
        };
        if let Some(p) = partner {
            taken |= p.mask();
            pieces.push(p);
        }
        taken |= axis.bit();
        pieces.push(Piece::axis(axis));
    }
    while let Some((o, length)) = sliders.pop() {
        let at = take(&mut dice, &spots(board, taken, o, length))?;
        let p = Piece::slider(at, o, length);
        taken |= p.mask();
        pieces.push(p);
    }
    let lock = Lock::new(board.clone(), pieces);
    lock.is_legal().then_some(lock)
}

/// The Key's places in the Keyhole's line, nearest first, never touching it.
fn lane_keys(board: &Board, hole: Cell, inward: Dir) -> Vec<Piece> {
    let light = |c: Option<Cell>| c.filter(|&c| board.contains(c) && !board.is_dark(c));
    (2..)
        .map_while(|k| {
            Some((
                light(hole.step(inward, k))?,
                light(hole.step(inward, k + 1))?,
            ))
        })
        .map(|(near, far)| Piece::key(near.min(far), inward.orientation()))
        .collect()
}

/// A random step of the build's climb: relocate a piece, slide one, or move the Keyhole.
fn nudge(lock: &Lock, dice: &mut Dice) -> Option<Lock> {
    let board = &lock.board;
    let mut next = lock.clone();
    let roll = dice.below(10);
    if roll >= 8 {
        let h = lock.keyhole()?;
        let free = board.light() & !lock.occupied();
        let edge: Vec<Cell> = cells_of(free)
            .filter(|&c| board.on_unlabelled_edge(c))
            .collect();
        next.pieces[h].at = *dice.choose(&edge)?;
    } else if roll >= 5 {
        let slides: Vec<Move> = lock
            .legal_moves()
            .into_iter()
            .filter(|m| matches!(m, Move::Slide { .. }))
            .collect();
        next = lock.apply(dice.choose(&slides)?).ok()?;
    } else {
        let i = dice.below(lock.pieces.len());
        let p = lock.pieces[i];
        let taken = lock.occupied() & !p.mask();
        match p.kind {
            Kind::Keyhole => return None,
            Kind::Axis => {
                let others: Vec<Piece> = (0..lock.pieces.len())
                    .filter(|&j| j != i)
                    .map(|j| lock.pieces[j])
                    .collect();
                next.pieces[i].at = *dice.choose(&axis_spots(board, &others, taken))?;
            }
            Kind::Key | Kind::Slider => {
                let o = if p.kind == Kind::Key && dice.chance(0.3) {
                    p.orientation.crossed()
                } else {
                    p.orientation
                };
                next.pieces[i].at = *dice.choose(&spots(board, taken, o, p.length))?;
                next.pieces[i].orientation = o;
            }
        }
    }
    Some(next)
}

/// The states the retreat explores from a lock, at most.
pub const RETREAT_STATES: usize = 3_000;

/// The lock farthest from being picked among those its pieces reach from `lock` by slides and
/// turns: the classic way to make a hard sliding puzzle, since every move can be undone and so
/// the distance from a state to the nearest picked one is its fewest moves. The search stops at
/// [`RETREAT_STATES`] or a quarter of the time left, so the distances it finds may be too long;
/// the build's solver has the last word. A state whose pieces were turned out of their drafted
/// orientation is skipped (the build's check refuses it), and ties are broken by dice. The
/// states it expanded are counted into `work`.
fn retreat(
    lock: &Lock,
    deadline: Instant,
    dice: &mut Dice,
    work: &Tally<BuildWork>,
) -> Option<Lock> {
    let stop = Instant::now() + deadline.saturating_duration_since(Instant::now()) / 4;
    let mut states = vec![lock.clone()];
    let mut index: HashMap<Vec<Piece>, usize> = HashMap::from([(lock.pieces.clone(), 0)]);
    let mut next: Vec<Vec<usize>> = Vec::new();
    while next.len() < states.len() && states.len() < RETREAT_STATES {
        if next.len().is_multiple_of(32) && Instant::now() >= stop {
            break;
        }
        let here = states[next.len()].clone();
        let mut out = Vec::new();
        // The rules make no move once a lock is picked, so picked states are only reached.
        for mv in here.legal_moves() {
            let Ok(there) = here.apply(&mv) else { continue };
            let j = *index.entry(there.pieces.clone()).or_insert_with(|| {
                states.push(there);
                states.len() - 1
            });
            out.push(j);
        }
        next.push(out);
    }
    let w = work.get();
    work.set(BuildWork {
        retreats: w.retreats + 1,
        most_retreat: w.most_retreat.max(next.len()),
        ..w
    });
    let mut ways: Vec<Vec<usize>> = vec![Vec::new(); states.len()];
    for (i, out) in next.iter().enumerate() {
        for &j in out {
            ways[i].push(j);
            ways[j].push(i);
        }
    }
    let mut far: Vec<Option<usize>> = states.iter().map(|s| s.is_picked().then_some(0)).collect();
    let mut queue: std::collections::VecDeque<usize> =
        (0..states.len()).filter(|&i| far[i].is_some()).collect();
    while let Some(i) = queue.pop_front() {
        let d = far[i].unwrap_or(0) + 1;
        for &j in &ways[i] {
            if far[j].is_none() {
                far[j] = Some(d);
                queue.push_back(j);
            }
        }
    }
    let shapes = |l: &Lock| {
        let mut v: Vec<Shape> = l.pieces.iter().filter_map(Shape::of).collect();
        v.sort();
        v
    };
    let drafted = shapes(lock);
    let mut best: Vec<usize> = Vec::new();
    let mut most = 0;
    for i in 0..next.len() {
        let Some(d) = far[i] else { continue };
        if d < most || states[i].is_picked() || shapes(&states[i]) != drafted {
            continue;
        }
        if d > most {
            most = d;
            best.clear();
        }
        best.push(i);
    }
    let i = *dice.choose(&best)?;
    Some(states.swap_remove(i))
}

/// The drafted pieces heaped onto the board when they cannot all fit: the match refuses it.
fn cram(board: &Board, drafted: &[OfferedPiece]) -> Lock {
    let hole = Cell::new(board.width() - 1, board.height() - 1);
    let mut pieces = vec![
        Piece::keyhole(hole),
        Piece::key(Cell::new(0, 0), Orientation::Horizontal),
    ];
    pieces.extend(drafted.iter().map(|p| p.shape.piece_at(Cell::new(0, 0))));
    Lock::new(board.clone(), pieces)
}

/// Moves that pick `lock` after `wander` random moves, or `None` when it cannot be picked from
/// where the wandering ends.
fn detour(lock: &Lock, wander: usize, limits: &Limits, dice: &mut Dice) -> Option<Vec<Move>> {
    let mut path = Vec::new();
    let mut now = lock.clone();
    for _ in 0..wander {
        if now.is_picked() {
            break;
        }
        let moves = now.legal_moves();
        let mv = *dice.choose(&moves)?;
        now = now.apply(&mv).ok()?;
        path.push(mv);
    }
    if !now.is_picked() {
        match solve(&now, limits).ok()?.answer {
            Answer::Solved { moves } => path.extend(moves),
            _ => return None,
        }
    }
    Some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(id: u32, shape: Shape) -> OfferedPiece {
        OfferedPiece { id, shape }
    }

    #[test]
    fn first_fit_puts_the_key_one_cell_clear_of_the_keyhole() {
        let lock = first_fit(&Board::new(6, 6), &[]).expect("the Key fits");
        assert!(lock.is_legal());
        let key = lock.pieces[lock.key().expect("a Key")];
        assert_eq!(key.at, Cell::new(2, 5));
        assert_eq!(lock.pieces[0].at, Cell::new(5, 5));
    }

    #[test]
    fn every_axis_is_placed_beside_a_pieces_end() {
        let drafted = [
            piece(1, Shape::Axis),
            piece(2, Shape::vertical(3)),
            piece(3, Shape::Axis),
        ];
        let lock = first_fit(&Board::new(6, 6), &drafted).expect("fits");
        assert!(check_lock(&lock, &Board::new(6, 6), &drafted).is_ok());
    }

    #[test]
    fn too_many_pieces_do_not_fit_and_the_crammed_lock_is_refused() {
        let board = Board::new(3, 3);
        let drafted: Vec<OfferedPiece> = (1..=5).map(|i| piece(i, Shape::horizontal(3))).collect();
        assert!(first_fit(&board, &drafted).is_none());
        let lock = Bot::full(1).build(&board, &drafted, Duration::from_millis(5));
        assert!(check_lock(&lock, &board, &drafted).is_err());
    }

    #[test]
    fn the_hash_behind_the_dice_is_fnv_1a() {
        let mut h = Fnv(0xCBF2_9CE4_8422_2325);
        h.write(b"a");
        assert_eq!(h.finish(), 0xAF63_DC4C_8601_EC8C);
    }
}
