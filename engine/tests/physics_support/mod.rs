//! Random valid locks for the physics property tests and the turn benchmark.
//!
//! The physics scenarios are written in the lock text format, in `lockfmt/tests/physics_*.rs`.
#![allow(dead_code)]

use engine::hexlock::Lock;
use engine::hexlock::model::{Anchor, Block, Hook, Pivot, Spring, Wrench};
use engine::{Dir, Hex};

/// A small deterministic random source, so that a failing case replays from its seed.
pub struct Rng(u64);

impl Rng {
    /// A source from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9e37_79b9_7f4a_7c15)
    }

    /// The next number below `n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// A random valid lock of a size, with about `pieces` pieces: stationary and sprung blocks,
/// balls, pivots, the hook and the wrench. Each piece is kept only if the lock stays valid.
pub fn random_lock(seed: u64, size: i32, pieces: usize) -> Lock {
    let mut rng = Rng::new(seed);
    let mut lock = Lock::empty(size);
    let area: Vec<Hex> = engine::hex::hexagon(size).collect();
    let names: Vec<char> = ('A'..='Z')
        .chain('a'..='z')
        .filter(|&c| c != 'o' && c != 'O')
        .collect();
    let mut next_name = 0;
    let free = |lock: &Lock, c: Hex| c.length() <= size && !lock.occupancy().contains_key(&c);
    let try_add = |lock: &mut Lock, edit: &dyn Fn(&mut Lock)| {
        let mut trial = lock.clone();
        edit(&mut trial);
        trial.normalise();
        if trial
            .validate()
            .iter()
            .all(|p| matches!(p.kind, engine::hexlock::model::ProblemKind::MissingTool))
        {
            *lock = trial;
            true
        } else {
            false
        }
    };
    // The tools first, so that they always find room.
    for _ in 0..50 {
        let hub = rng.pick(&area);
        let arm = rng.pick(&Dir::ALL);
        if free(&lock, hub) && free(&lock, hub.neighbour(arm)) {
            lock.hooks.push(Hook { hub, arm });
            break;
        }
    }
    for _ in 0..50 {
        let c = rng.pick(&area);
        if free(&lock, c) {
            let mut cells = vec![c];
            let d = rng.pick(&Dir::ALL);
            if rng.below(2) == 0 && free(&lock, c.neighbour(d)) {
                cells.push(c.neighbour(d));
            }
            cells.sort();
            lock.wrenches.push(Wrench {
                cells,
                momentum: None,
            });
            break;
        }
    }
    let mut attempts = 0;
    while lock.pieces().len() < pieces && attempts < pieces * 20 {
        attempts += 1;
        let c = rng.pick(&area);
        if !free(&lock, c) {
            continue;
        }
        match rng.below(10) {
            0..=1 => {
                try_add(&mut lock, &|l: &mut Lock| l.balls.push(c));
            }
            2 => {
                let name = char::from(b'0' + (lock.pivots.len() as u8 % 10));
                let mut arms: Vec<Dir> =
                    Dir::ALL.into_iter().filter(|_| rng.below(3) == 0).collect();
                if arms.is_empty() {
                    arms.push(rng.pick(&Dir::ALL));
                }
                try_add(&mut lock, &|l: &mut Lock| {
                    l.pivots.push(Pivot {
                        name,
                        hub: c,
                        arms: arms.clone(),
                    })
                });
            }
            3..=4 => {
                // A stationary block of one to three cells.
                let Some(&name) = names.get(next_name) else {
                    break;
                };
                let mut cells = vec![c];
                for _ in 0..rng.below(3) {
                    let from = rng.pick(&cells);
                    let n = from.neighbour(rng.pick(&Dir::ALL));
                    if free(&lock, n) && !cells.contains(&n) {
                        cells.push(n);
                    }
                }
                if try_add(&mut lock, &|l: &mut Lock| {
                    l.blocks.push(Block {
                        name,
                        cells: cells.clone(),
                    })
                }) {
                    next_name += 1;
                }
            }
            _ => {
                // A block on a spring from an existing block or pivot.
                let Some(&name) = names.get(next_name) else {
                    break;
                };
                let roots: Vec<(Anchor, Hex)> = lock
                    .blocks
                    .iter()
                    .flat_map(|b| b.cells.iter().map(move |&x| (Anchor::Block(b.name), x)))
                    .chain(lock.pivots.iter().map(|p| (Anchor::Pivot(p.name), p.hub)))
                    .collect();
                if roots.is_empty() {
                    continue;
                }
                let (root, root_cell) = rng.pick(&roots);
                let d = rng.pick(&Dir::ALL);
                let steps = 1 + rng.below(4) as i32;
                let end_cell = root_cell + d.offset() * steps;
                let length = steps - 1;
                let natural = 1 + rng.below(3) as i32;
                let mut cells = vec![end_cell];
                if rng.below(3) == 0 {
                    let n = end_cell.neighbour(rng.pick(&Dir::ALL));
                    if free(&lock, n) {
                        cells.push(n);
                    }
                }
                if length > 2 * natural {
                    continue;
                }
                if try_add(&mut lock, &|l: &mut Lock| {
                    l.blocks.push(Block {
                        name,
                        cells: cells.clone(),
                    });
                    l.springs.push(Spring {
                        root,
                        root_cell,
                        end: name,
                        end_cell,
                        natural_length: natural,
                    });
                }) {
                    next_name += 1;
                }
            }
        }
    }
    lock.normalise();
    lock
}
