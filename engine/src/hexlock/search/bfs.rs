//! Breadth-first search, one turn per layer, expanded in parallel and merged in order.
//!
//! Each layer (the states first reached after the same number of turns) is expanded in batches.
//! Threads take a batch's states a piece at a time; each plays every move from each of its
//! states, keys the results, drops those already indexed and keeps the rest in order. The pieces
//! are then merged on one thread, in state order and move order, so every new state gets a
//! number, a parent and a move exactly as a single thread would give them: the answer never
//! depends on how many threads there were. The batch's new states are then indexed on every
//! thread.

use super::encode::Encoder;
use super::error::SearchError;
use super::limits::Limit;
use super::report::{Goal, Progress, SearchOptions, SearchReport, SearchStats, ShortestCount};
use super::store::{Store, hash_key, same_key};
use crate::hexlock::physics::{Mechanism, Move, State, Workspace};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Instant;

/// Most frontier states per batch: big enough to keep threads busy, small enough that time
/// limits and progress are checked often (a batch is a fraction of a second).
const BATCH: usize = 1 << 14;

/// States a thread takes from a batch at a time. Threads take pieces as they finish the last,
/// so that a thread held up (by other work on the machine, or by costlier states) leaves the
/// rest of the batch to the others instead of keeping them waiting at the batch's end.
const PIECE: u32 = 256;

/// No state: a candidate not yet looked up, or the initial state's parent.
const NONE: u32 = u32::MAX;

/// One move's result, waiting to be merged.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    hash: u64,
    parent: u32,
    /// The state it already is, found earlier in this layer; `NONE` when it was not found.
    known: u32,
    /// Index in [`Move::ALL`].
    mv: u8,
    /// The first move from this parent to this state (later ones count only as move lists).
    first_edge: bool,
    /// Whether the lock is open in it.
    open: bool,
}

/// One thread's tools and output.
///
/// Workers lie side by side in a vector and each writes its own counters and buffer lengths on
/// every move: aligned to 128 bytes (two cache lines, which Intel's prefetcher fetches in pairs)
/// no line holds two workers' fields, so one thread's writes never evict what the other reads.
#[repr(align(128))]
struct Worker {
    ws: Workspace,
    state: State,
    out: Vec<Candidate>,
    /// Keys of `out`, `width` words each.
    keys: Vec<u64>,
    /// Keys of the current parent's distinct children.
    siblings: Vec<u64>,
    key: Vec<u64>,
    /// The pieces of the batch this worker expanded, in the order taken (and so by number),
    /// each with the end of its candidates in `out`.
    pieces: Vec<(u32, usize)>,
    expanded: u64,
    generated: u64,
    successors: u64,
}

impl Worker {
    fn new(enc: &Encoder) -> Worker {
        Worker {
            ws: Workspace::new(),
            state: enc.blank(),
            out: Vec::new(),
            keys: Vec::new(),
            siblings: Vec::new(),
            key: vec![0; enc.width()],
            pieces: Vec::new(),
            expanded: 0,
            generated: 0,
            successors: 0,
        }
    }

    fn bytes(&self) -> usize {
        self.out.capacity() * size_of::<Candidate>()
            + (self.keys.capacity() + self.siblings.capacity() + self.key.capacity())
                * size_of::<u64>()
            + self.pieces.capacity() * size_of::<(u32, usize)>()
    }

    /// The candidates of a piece, if this worker expanded it.
    fn piece(&self, piece: u32) -> Option<std::ops::Range<usize>> {
        let k = self.pieces.binary_search_by_key(&piece, |&(p, _)| p).ok()?;
        let start = k.checked_sub(1).map_or(0, |j| self.pieces[j].1);
        Some(start..self.pieces[k].1)
    }
}

/// What stays fixed while a layer is expanded.
struct Layer<'a> {
    mech: &'a Mechanism,
    enc: &'a Encoder,
    open: &'a OpenTest,
    store: &'a Store,
    /// The first state number of the layer being found.
    next_lo: u32,
    /// Whether every move to a state of the new layer is kept, to count solutions.
    counting: bool,
    /// States of the layer being expanded in which the lock is open: play stops there.
    open_here: &'a [u32],
}

/// Plays every move from the states `lo..hi`.
fn expand(layer: &Layer<'_>, w: &mut Worker, lo: u32, hi: u32) -> Result<(), SearchError> {
    let width = layer.enc.width();
    for s in lo..hi {
        if layer.open_here.binary_search(&s).is_ok() {
            continue;
        }
        let parent_key = layer.store.key(s);
        layer.enc.decode(parent_key, &mut w.state);
        w.expanded += 1;
        w.siblings.clear();
        for (mi, &mv) in Move::ALL.iter().enumerate() {
            let child = layer.mech.step(&w.state, mv, &mut w.ws)?;
            w.generated += 1;
            layer.enc.encode(&child, &mut w.key)?;
            if same_key(&w.key, parent_key) {
                continue;
            }
            let first_edge = !w.siblings.chunks(width).any(|k| same_key(k, &w.key));
            if first_edge {
                w.siblings.extend_from_slice(&w.key);
                w.successors += 1;
            } else if !layer.counting {
                continue;
            }
            let hash = hash_key(&w.key);
            let known = match layer.store.find(hash, &w.key) {
                Some(i) if i < layer.next_lo => continue,
                Some(_) if !layer.counting => continue,
                Some(i) => i,
                None => NONE,
            };
            let open = known == NONE && layer.open.is_open(layer.mech, &child);
            w.out.push(Candidate {
                hash,
                parent: s,
                known,
                mv: mi as u8,
                first_edge,
                open,
            });
            w.keys.extend_from_slice(&w.key);
        }
    }
    Ok(())
}

/// Whether the lock is open, looking only at the pieces that move.
pub(crate) struct OpenTest {
    movers: Vec<usize>,
    /// A stationary piece covers the bolthole: the lock never opens.
    shut: bool,
}

impl OpenTest {
    pub(crate) fn new(mech: &Mechanism, enc: &Encoder) -> OpenTest {
        let movers: Vec<usize> = enc.movable_pieces().collect();
        let initial = mech.initial_state();
        let mut shut = false;
        for p in (0..mech.piece_count()).filter(|p| !movers.contains(p)) {
            mech.for_each_cell(p, initial.pos[p], |c| {
                shut |= mech.bolthole.contains(&c);
            });
        }
        OpenTest { movers, shut }
    }

    pub(crate) fn is_open(&self, mech: &Mechanism, state: &State) -> bool {
        if self.shut {
            return false;
        }
        let mut open = true;
        for &p in &self.movers {
            mech.for_each_cell(p, state.pos[p], |c| open &= !mech.bolthole.contains(&c));
        }
        open
    }
}

/// Expands `lo..hi`, the workers taking a piece at a time, worker 0 on this thread. Returns the
/// number of pieces, to be merged in order from whichever worker holds each.
fn expand_all(
    layer: &Layer<'_>,
    workers: &mut [Worker],
    lo: u32,
    hi: u32,
) -> Result<u32, SearchError> {
    let count = (hi - lo).div_ceil(PIECE);
    let next = AtomicU32::new(0);
    let work = |w: &mut Worker| -> Result<(), SearchError> {
        w.pieces.clear();
        loop {
            let p = next.fetch_add(1, Ordering::Relaxed);
            if p >= count {
                return Ok(());
            }
            let a = lo.saturating_add(p.saturating_mul(PIECE)).min(hi);
            if let Err(e) = expand(layer, w, a, a.saturating_add(PIECE).min(hi)) {
                // The batch is abandoned: the others need not finish it.
                next.store(count, Ordering::Relaxed);
                return Err(e);
            }
            w.pieces.push((p, w.out.len()));
        }
    };
    let Some((first, rest)) = workers.split_first_mut() else {
        return Ok(count);
    };
    if rest.is_empty() {
        return work(first).map(|()| count);
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = rest.iter_mut().map(|w| scope.spawn(|| work(w))).collect();
        let mut result = work(first);
        for h in handles {
            let r = h
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            result = result.and(r);
        }
        result.map(|()| count)
    })
}

/// One worker per thread, each but the first made on a thread of its own. A worker's small
/// buffers (the key, the state decoded into) are written on every move; made one after another
/// on one thread, the allocator would put two workers' side by side in one cache line, and each
/// write by one thread would evict the other's. Each thread allocates from an arena of its own.
fn make_workers(enc: &Encoder, threads: usize) -> Vec<Worker> {
    std::thread::scope(|scope| {
        let others: Vec<_> = (1..threads)
            .map(|_| scope.spawn(|| Worker::new(enc)))
            .collect();
        std::iter::once(Worker::new(enc))
            .chain(others.into_iter().map(|h| {
                h.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            }))
            .collect()
    })
}

/// Bytes a vector might allocate on its next push, old and new held at once.
fn vec_growth<T>(v: &Vec<T>) -> usize {
    if v.len() < v.capacity() {
        0
    } else {
        (v.capacity() * 2).max(4) * size_of::<T>()
    }
}

fn vec_bytes<T>(v: &Vec<T>) -> usize {
    v.capacity() * size_of::<T>()
}

/// Searches a mechanism's states breadth first from its initial state.
pub(crate) fn run(
    mech: &Mechanism,
    options: &SearchOptions,
    progress: &mut dyn FnMut(&Progress),
    cancel: Option<&std::sync::atomic::AtomicBool>,
) -> Result<SearchReport, SearchError> {
    let start = Instant::now();
    let enc = Encoder::new(mech);
    let width = enc.width();
    let open_test = OpenTest::new(mech, &enc);
    let threads = options.threads.max(1);
    let limits = options.limits;
    // State numbers are `u32`, with one value kept for "none".
    let max_states = limits
        .max_steps
        .unwrap_or(u64::MAX)
        .min(u64::from(NONE - 1));
    let max_bytes = limits
        .max_memory
        .map(|m| usize::try_from(m).unwrap_or(usize::MAX));
    let counting_goal = options.goal != Goal::Solution;
    let per_state_buffers = Move::ALL.len() * (size_of::<Candidate>() + width * size_of::<u64>());
    // Under a memory limit, batches shrink so that their buffers use at most an eighth of it.
    // Every worker may take the whole batch.
    let batch = max_bytes.map_or(BATCH, |m| {
        (m / 8 / per_state_buffers / threads).clamp(16, BATCH)
    });
    // Under a memory limit each new state is indexed as it is added, on this thread, so that
    // every allocation is checked against the limit before it is made; otherwise a batch's new
    // states are indexed together, in parallel, after the merge.
    let index_each = max_bytes.is_some();

    let mut store = Store::new(width);
    let mut workers = make_workers(&enc, threads);
    let mut stop: Option<Limit> = None;
    let mut first_open: Option<u32> = None;
    let mut shortest: Option<ShortestCount> = None;
    let mut peak = 0usize;
    let mut starts: Vec<u32> = Vec::new();
    let mut exhausted = false;

    let initial = mech.initial_state();
    let mut key = vec![0; width];
    enc.encode(&initial, &mut key)?;
    if max_states == 0 {
        stop = limits.max_steps.map(|max| Limit::States { max });
    } else if max_bytes.is_some_and(|m| store.bytes() + store.growth(hash_key(&key)) > m) {
        stop = limits
            .max_memory
            .map(|max_bytes| Limit::Memory { max_bytes });
    } else {
        store.add(hash_key(&key), &key, NONE, u8::MAX);
        store.index(1);
        starts.push(0);
        if open_test.is_open(mech, &initial) {
            first_open = Some(0);
            shortest = Some(ShortestCount {
                state_paths: 1,
                move_lists: 1,
                open_states: 1,
            });
        }
    }
    let mut lo: u32 = 0;
    let mut hi: u32 = store.len() as u32;
    // Shortest state paths and move lists to each state of the frontier.
    let mut counts_here: Vec<(u64, u64)> = vec![(1, 1)];
    let mut open_here: Vec<u32> = first_open.into_iter().collect();

    'search: while stop.is_none() {
        if first_open.is_some() && options.goal != Goal::Everything {
            break;
        }
        if lo == hi {
            exhausted = true;
            break;
        }
        let next_lo = store.len() as u32;
        starts.push(next_lo);
        let counting = counting_goal && first_open.is_none();
        let mut counts_next: Vec<(u64, u64)> = Vec::new();
        let mut open_next: Vec<u32> = Vec::new();
        let mut b_lo = lo;
        while b_lo < hi {
            let b_hi = (b_lo as usize + batch).min(hi as usize) as u32;
            if let Some(t) = limits.timeout
                && start.elapsed() >= t
            {
                stop = Some(Limit::Time { after: t });
                break 'search;
            }
            if cancel.is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed)) {
                stop = Some(Limit::Cancelled);
                break 'search;
            }
            // Room for every move from every state a worker may take, reserved before expanding
            // so that the buffers never grow behind the memory check's back. Any worker may take
            // the whole batch; without a memory limit, a worker's share is reserved and its
            // buffers grow if it takes more.
            let share = if max_bytes.is_some() {
                b_hi - b_lo
            } else {
                (b_hi - b_lo).div_ceil(threads as u32)
            };
            let per = share as usize * Move::ALL.len();
            let pieces = (b_hi - b_lo).div_ceil(PIECE) as usize;
            let side = vec_bytes(&counts_here) + vec_bytes(&counts_next) + vec_bytes(&open_here);
            if let Some(m) = max_bytes {
                let buffers: usize = workers
                    .iter()
                    .map(|w| {
                        w.bytes()
                            + per.saturating_sub(w.out.capacity()) * size_of::<Candidate>()
                            + (per * width).saturating_sub(w.keys.capacity()) * size_of::<u64>()
                            + pieces.saturating_sub(w.pieces.capacity()) * size_of::<(u32, usize)>()
                    })
                    .sum();
                if store.bytes() + side + buffers > m {
                    stop = limits
                        .max_memory
                        .map(|max_bytes| Limit::Memory { max_bytes });
                    break 'search;
                }
            }
            for w in &mut workers {
                w.out.clear();
                w.keys.clear();
                w.out.reserve_exact(per);
                w.keys.reserve_exact(per * width);
                w.pieces.clear();
                w.pieces.reserve_exact(pieces);
            }
            let layer = Layer {
                mech,
                enc: &enc,
                open: &open_test,
                store: &store,
                next_lo,
                counting,
                open_here: &open_here,
            };
            let pieces = expand_all(&layer, &mut workers, b_lo, b_hi)?;
            let buffers: usize = workers.iter().map(Worker::bytes).sum();
            peak = peak.max(store.bytes() + side + buffers);

            for p in 0..pieces {
                let Some((w, run)) = workers.iter().find_map(|w| w.piece(p).map(|r| (w, r))) else {
                    continue;
                };
                let keys = w.keys[run.start * width..run.end * width].chunks_exact(width);
                for (c, key) in w.out[run].iter().zip(keys) {
                    let child = if c.known != NONE {
                        c.known
                    } else if let Some(i) = store
                        .find_recent(c.hash, key)
                        .or_else(|| index_each.then(|| store.find(c.hash, key)).flatten())
                    {
                        // Found earlier in this merge: a state of the new layer.
                        if !counting {
                            continue;
                        }
                        i
                    } else {
                        if store.len() as u64 >= max_states {
                            stop = limits.max_steps.map(|max| Limit::States { max });
                            break 'search;
                        }
                        if let Some(m) = max_bytes {
                            let held = store.bytes()
                                + buffers
                                + vec_bytes(&counts_here)
                                + vec_bytes(&counts_next)
                                + vec_bytes(&open_here)
                                + vec_bytes(&open_next);
                            let growth = store.growth(c.hash)
                                + if counting {
                                    vec_growth(&counts_next)
                                } else {
                                    0
                                }
                                + if c.open { vec_growth(&open_next) } else { 0 };
                            if held + growth > m {
                                stop = limits
                                    .max_memory
                                    .map(|max_bytes| Limit::Memory { max_bytes });
                                break 'search;
                            }
                        }
                        let i = store.add(c.hash, key, c.parent, c.mv);
                        if index_each {
                            store.index(1);
                            peak = peak.max(store.bytes() + side + buffers);
                        }
                        if counting {
                            counts_next.push((0, 0));
                        }
                        if c.open {
                            open_next.push(i);
                            if first_open.is_none() {
                                first_open = Some(i);
                                if options.goal == Goal::Solution {
                                    break 'search;
                                }
                            }
                        }
                        i
                    };
                    if counting {
                        let (paths, lists) = counts_here[(c.parent - lo) as usize];
                        let to = &mut counts_next[(child - next_lo) as usize];
                        to.1 = to.1.saturating_add(lists);
                        if c.first_edge {
                            to.0 = to.0.saturating_add(paths);
                        }
                    }
                }
            }
            store.index(threads);
            peak = peak.max(store.bytes() + side + buffers);
            b_lo = b_hi;
            progress(&Progress {
                depth: starts.len() as u32 - 2,
                visited: store.len() as u64,
                frontier: u64::from(hi - b_lo),
                generated: workers.iter().map(|w| w.generated).sum(),
                bytes: (store.bytes() + buffers) as u64,
                elapsed: start.elapsed(),
            });
        }
        if counting && !open_next.is_empty() {
            let mut count = ShortestCount {
                state_paths: 0,
                move_lists: 0,
                open_states: open_next.len() as u64,
            };
            for &i in &open_next {
                let (paths, lists) = counts_next[(i - next_lo) as usize];
                count.state_paths = count.state_paths.saturating_add(paths);
                count.move_lists = count.move_lists.saturating_add(lists);
            }
            shortest = Some(count);
        }
        lo = next_lo;
        hi = store.len() as u32;
        counts_here = counts_next;
        open_here = open_next;
    }

    let mut layers: Vec<u64> = starts.windows(2).map(|w| u64::from(w[1] - w[0])).collect();
    if let Some(&last) = starts.last() {
        layers.push(store.len() as u64 - u64::from(last));
    }
    while layers.len() > 1 && layers.last() == Some(&0) {
        layers.pop();
    }
    let solution = first_open.map(|s| path_to(&store, s));
    let stats = SearchStats {
        visited: store.len() as u64,
        expanded: workers.iter().map(|w| w.expanded).sum(),
        generated: workers.iter().map(|w| w.generated).sum(),
        successors: workers.iter().map(|w| w.successors).sum(),
        layers,
        store_bytes: store.bytes() as u64,
        peak_bytes: peak.max(store.bytes()) as u64,
        key_words: width,
        key_bits: enc.bits(),
        movable_pieces: enc.movable(),
        threads,
        elapsed: start.elapsed(),
    };
    Ok(SearchReport {
        // A limit that struck after the solution was found did not stop it finding one.
        stopped_by: stop,
        exhausted,
        shortest,
        solution,
        stats,
    })
}

/// The moves from the initial state to a state, following parents back.
fn path_to(store: &Store, mut state: u32) -> Vec<Move> {
    let mut moves = Vec::new();
    while state != 0 {
        let (parent, mv) = store.link(state);
        moves.push(Move::ALL[usize::from(mv)]);
        state = parent;
    }
    moves.reverse();
    moves
}
