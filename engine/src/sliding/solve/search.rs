//! The best-first search itself: the states taken in order of their total, the list of those
//! still to take, and the way back from a picked state to the moves that reached it.

use super::*;
use crate::sliding::space::Movers;

pub(super) struct Search {
    pub(super) space: Space,
    pub(super) pattern: Option<Bounds>,
    pub(super) store: Store,
    /// For each state, the state it was first reached from by the fewest moves known.
    parent: Vec<u32>,
    /// For each state, the fewest moves known from the start.
    moves: Vec<u16>,
    /// For each state, the relaxation's bound on the moves left.
    pub(super) bound: Vec<u8>,
    /// For each state, the total it waits in the list with: its moves and bound at first,
    /// then, once taken, the least total of the states one move away it did not keep.
    total: Vec<u8>,
    /// For each state, the mover slid last on the way to it, [`NOT_A_SLIDE`] after a turn.
    /// Sliding it again is never needed: the two slides are one slide from the state before,
    /// or none.
    last: Vec<u8>,
    /// The states still to take, kept between a pause and going on.
    open: Open,
    /// The fewest-moves picked state met so far, with its moves.
    best: Option<(u16, u32)>,
    /// Whether the start has been put in the list.
    begun: bool,
    /// No way to a pick takes fewer moves: the bound at the start, then the least total left.
    pub(super) at_least: u16,
}

const NOT_A_SLIDE: u8 = u8::MAX;

const NO_PARENT: u32 = u32::MAX;

/// The states still to take, by their total (moves so far and bound) and then their bound:
/// among states of one total, the one nearest a pick is taken first, so the last total is
/// searched deep first rather than wide.
#[derive(Default)]
struct Open {
    lists: Vec<Vec<Vec<u32>>>,
    total: usize,
}

impl Open {
    fn push(&mut self, total: usize, bound: u8, n: u32) {
        if self.lists.len() <= total {
            self.lists.resize_with(total + 1, Vec::new);
        }
        let by_bound = &mut self.lists[total];
        let b = usize::from(bound);
        if by_bound.len() <= b {
            by_bound.resize_with(b + 1, Vec::new);
        }
        by_bound[b].push(n);
        // A bound that never overstates by more than one move per move never lowers the
        // total; this keeps the order safe even so.
        self.total = self.total.min(total);
    }

    /// The next state and its total.
    fn pop(&mut self) -> Option<(usize, u32)> {
        while let Some(by_bound) = self.lists.get_mut(self.total) {
            if let Some(n) = by_bound.iter_mut().find_map(|l| l.pop()) {
                return Some((self.total, n));
            }
            self.total += 1;
        }
        None
    }
}

impl Search {
    pub(super) fn new(lock: &Lock, space: Space, pattern: Option<Bounds>) -> Search {
        let mut s = Search {
            store: Store::new(space.width()),
            space,
            pattern,
            parent: Vec::new(),
            moves: Vec::new(),
            bound: Vec::new(),
            total: Vec::new(),
            last: Vec::new(),
            open: Open::default(),
            best: None,
            begun: false,
            at_least: 1,
        };
        let start = s.space.start(lock);
        let mut buf = Vec::new();
        let bound = s.pattern.as_ref().map_or(0, |p| p.bound(&start, &mut buf));
        s.store.insert(&start);
        s.parent.push(NO_PARENT);
        s.moves.push(0);
        s.bound.push(bound);
        s.total.push(bound);
        s.last.push(NOT_A_SLIDE);
        if bound != DEAD {
            s.at_least = u16::from(bound.max(1));
        }
        s
    }

    /// A search from the start again over the same space, with `pattern`: it keeps what this
    /// one showed of the fewest moves, since neither ever overstates them.
    pub(super) fn again(self, lock: &Lock, pattern: Option<Bounds>) -> Search {
        let mut next = Search::new(lock, self.space, pattern);
        next.at_least = next.at_least.max(self.at_least);
        next
    }

    pub(super) fn run(&mut self, limits: &Limits, cancel: &AtomicBool, started: Instant) -> Answer {
        let max = most_states(limits);
        self.run_until(limits, cancel, started, None)
            .unwrap_or(Answer::Stopped(Stop::States { max }))
    }

    /// As [`Search::run`], but pausing, to go on later where it left, once it holds `pause`
    /// states: then `None`.
    pub(super) fn run_until(
        &mut self,
        limits: &Limits,
        cancel: &AtomicBool,
        started: Instant,
        pause: Option<usize>,
    ) -> Option<Answer> {
        if !self.begun {
            if self.space.picked(self.store.get(0)) {
                return Some(Answer::Solved { moves: Vec::new() });
            }
            if self.bound[0] == DEAD {
                return Some(Answer::Impossible);
            }
            self.open.push(usize::from(self.bound[0]), self.bound[0], 0);
            self.begun = true;
        }
        // Without a relaxation every state taken has the moves of the list it is in, so a
        // picked state met is reached in the fewest; with one, only once no list below its
        // total is left.
        let exact_on_sight = self.pattern.is_none();
        // With a relaxation, a state taken at total `f` keeps only the states one move away
        // whose total is also `f` (or less), and goes back in the list at the least total of
        // the others: most states one move away have a larger total and are never taken, so
        // they are neither looked up nor stored until their total comes.
        let partial = self.pattern.is_some();
        let mut open = std::mem::take(&mut self.open);
        let mut best = self.best.take();
        let mut state = Vec::with_capacity(self.space.width());
        let (mut buf, mut parts, mut out) = (Vec::new(), Vec::new(), Vec::new());
        let mut scratch = Scratch::default();
        let mut taken = 0usize;
        // The movers no relaxation keeps, worked out here since the relaxations may change
        // between two runs.
        let unkept: Movers = self.pattern.as_ref().map_or(0, |p| {
            (0..self.space.width())
                .filter(|&m| !p.keeps(self.space.movers[m].0))
                .fold(0, |acc, m| acc | 1 << m)
        });
        loop {
            // Only between two states, so that none is left half expanded.
            if pause.is_some_and(|p| self.store.len() >= p) {
                self.open = open;
                self.best = best;
                return None;
            }
            let Some((f, n)) = open.pop() else {
                break;
            };
            if let Some((total, b)) = best
                && usize::from(total) <= f
            {
                return Some(Answer::Solved {
                    moves: self.path(b),
                });
            }
            let i = n as usize;
            if usize::from(self.total[i]) != f {
                continue;
            }
            // Every state of a smaller total has been taken; without a relaxation, every state
            // of this one has been seen too, and a pick among them would have ended the search.
            let searched = if exact_on_sight { f + 1 } else { f };
            self.at_least = self
                .at_least
                .max(searched.min(usize::from(u16::MAX)) as u16);
            if taken.is_multiple_of(1024) {
                if cancel.load(Ordering::Relaxed) {
                    return Some(Answer::Stopped(Stop::Cancelled));
                }
                if let Some(t) = limits.timeout
                    && started.elapsed() >= t
                {
                    return Some(Answer::Stopped(Stop::Time { after: t }));
                }
            }
            taken += 1;
            state.clear();
            state.extend_from_slice(self.store.get(n));
            let g = self.moves[i].saturating_add(1);
            let Search {
                space,
                pattern,
                store,
                parent,
                moves,
                bound,
                total,
                last,
                ..
            } = self;
            if let Some(p) = pattern {
                p.parts(&state, &mut buf, &mut parts);
            }
            let mut full = false;
            let mut found = None;
            let mut later = usize::MAX;
            // A state taken again at a larger total, with the same moves so far, kept the
            // states one move away with a smaller total when it was taken before.
            let fewest = if partial && f > usize::from(moves[i]) + usize::from(bound[i]) {
                f
            } else {
                0
            };
            let mut skip: Movers = match last[i] {
                NOT_A_SLIDE => 0,
                m => 1 << m,
            };
            // A slide of a piece no relaxation keeps leaves the bound as it is: its total is
            // this state's bound and one move more, the same for every such slide. Only when
            // that is the total taken now are they made; otherwise it is one number for the
            // list, and most states never come back at it (on seed 224 of the bench, 15 of
            // the 24 million states one move away were such slides).
            let lazy = unkept & !skip;
            if let Some(p) = pattern.as_ref()
                && lazy != 0
            {
                let h = p.of_parts(&parts);
                let fc = usize::from(g) + usize::from(h);
                if h == DEAD || fc != f {
                    skip |= lazy;
                    let open = space.open(&state);
                    if h != DEAD
                        && fc > f
                        && (0..space.width())
                            .any(|m| lazy >> m & 1 == 1 && space.may_slide(&state, m, open))
                    {
                        later = later.min(fc);
                    }
                }
            }
            space.expand(&state, skip, &mut scratch, |child, mv| {
                let h = pattern
                    .as_ref()
                    .map_or(0, |p| p.after(&parts, child, mv, &mut buf, &mut out));
                if h == DEAD {
                    return false;
                }
                let fc = usize::from(g) + usize::from(h);
                if partial && fc > f {
                    later = later.min(fc);
                    return false;
                }
                if fc < fewest {
                    return false;
                }
                let slid = match mv {
                    Move::Slide { piece, .. } => {
                        space.mover_of(piece).map_or(NOT_A_SLIDE, |m| m as u8)
                    }
                    Move::Turn { .. } => NOT_A_SLIDE,
                };
                let c = match store.find_or_hash(child) {
                    Ok(c) => {
                        let ci = c as usize;
                        if g >= moves[ci] {
                            return false;
                        }
                        parent[ci] = n;
                        moves[ci] = g;
                        last[ci] = slid;
                        total[ci] = fc.min(usize::from(u8::MAX)) as u8;
                        c
                    }
                    Err(hash) => {
                        parent.push(n);
                        moves.push(g);
                        bound.push(h);
                        total.push(fc.min(usize::from(u8::MAX)) as u8);
                        last.push(slid);
                        store.add(child, hash)
                    }
                };
                if space.picked(child) {
                    if exact_on_sight || usize::from(g) <= f {
                        found = Some(c);
                        return true;
                    }
                    if best.is_none_or(|(b, _)| g < b) {
                        best = Some((g, c));
                    }
                } else {
                    open.push(fc, h, c);
                }
                if store.len() as u64 >= most_states(limits) {
                    full = true;
                    return true;
                }
                false
            });
            if let Some(c) = found {
                return Some(Answer::Solved {
                    moves: self.path(c),
                });
            }
            if full {
                return Some(Answer::Stopped(Stop::States {
                    max: most_states(limits),
                }));
            }
            if later != usize::MAX {
                self.total[i] = later.min(usize::from(u8::MAX)) as u8;
                open.push(later, self.bound[i], n);
            }
        }
        Some(match best {
            Some((_, n)) => Answer::Solved {
                moves: self.path(n),
            },
            None => Answer::Impossible,
        })
    }

    /// The moves from the start to state `n`, each found again among its state's moves.
    fn path(&self, mut n: u32) -> Vec<Move> {
        let mut states = vec![n];
        while let Some(&p) = self.parent.get(n as usize).filter(|&&p| p != NO_PARENT) {
            states.push(p);
            n = p;
        }
        states.reverse();
        let mut scratch = Scratch::default();
        let mut out = Vec::new();
        for pair in states.windows(2) {
            let (from, to) = (self.store.get(pair[0]), self.store.get(pair[1]));
            out.extend(self.space.move_between(from, to, &mut scratch));
        }
        out
    }
}
