//! Random valid locks for property tests, built from a seed so that a failure can be replayed.

#![allow(dead_code)]

use engine::hexlock::{Anchor, Block, Hook, Lock, Pivot, Spring, Wrench};
use engine::{Dir, Hex};
use std::collections::BTreeMap;

/// A small deterministic generator (xorshift64*), so that every seed gives one lock.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Owner {
    Block(char),
    Other,
}

/// A random valid lock: tools, pivots, blocks of random shapes, balls and springs.
pub fn random_lock(seed: u64) -> Lock {
    let mut rng = Rng::new(seed);
    let size = 3 + rng.below(5) as i32;
    let cells: Vec<Hex> = engine::hex::hexagon(size).collect();
    let mut owner: BTreeMap<Hex, Owner> = BTreeMap::new();
    let mut lock = Lock::empty(size);
    lock.info.name = random_text(&mut rng, false);
    lock.info.author = random_text(&mut rng, false);
    for _ in 0..rng.below(3) {
        lock.info.notes.push(random_text(&mut rng, true));
    }
    let free = |owner: &BTreeMap<Hex, Owner>, c: Hex| c.length() <= size && !owner.contains_key(&c);

    // The wrench: a small connected shape.
    let start = cells[rng.below(cells.len())];
    let mut wrench = vec![start];
    owner.insert(start, Owner::Other);
    for _ in 0..rng.below(3) {
        let from = wrench[rng.below(wrench.len())];
        let c = from.neighbour(Dir::from_index(rng.below(6)));
        if free(&owner, c) {
            owner.insert(c, Owner::Other);
            wrench.push(c);
        }
    }
    let momentum = rng.chance(30).then(|| Dir::from_index(rng.below(6)));
    lock.wrenches.push(Wrench {
        cells: wrench,
        momentum,
    });

    // The hook.
    loop {
        let hub = cells[rng.below(cells.len())];
        let arm = Dir::from_index(rng.below(6));
        if free(&owner, hub) && free(&owner, hub.neighbour(arm)) {
            owner.insert(hub, Owner::Other);
            owner.insert(hub.neighbour(arm), Owner::Other);
            lock.hooks.push(Hook { hub, arm });
            break;
        }
    }

    // Pivots.
    for name in ['0', '1', '2', '7'].into_iter().take(rng.below(4)) {
        let hub = cells[rng.below(cells.len())];
        if !free(&owner, hub) {
            continue;
        }
        owner.insert(hub, Owner::Other);
        let mut arms = Vec::new();
        for d in Dir::ALL {
            if rng.chance(35) && free(&owner, hub.neighbour(d)) {
                owner.insert(hub.neighbour(d), Owner::Other);
                arms.push(d);
            }
        }
        lock.pivots.push(Pivot { name, hub, arms });
    }

    // Blocks.
    let names: Vec<char> = ('A'..='Z')
        .chain('a'..='z')
        .filter(|&c| Block::is_valid_name(c))
        .collect();
    for _ in 0..rng.below(8) {
        let name = names[rng.below(names.len())];
        if lock.block(name).is_some() {
            continue;
        }
        let start = cells[rng.below(cells.len())];
        if !free(&owner, start) {
            continue;
        }
        owner.insert(start, Owner::Block(name));
        let mut shape = vec![start];
        for _ in 0..rng.below(5) {
            let from = shape[rng.below(shape.len())];
            let c = from.neighbour(Dir::from_index(rng.below(6)));
            if free(&owner, c) {
                owner.insert(c, Owner::Block(name));
                shape.push(c);
            }
        }
        lock.blocks.push(Block { name, cells: shape });
    }

    // Balls.
    for _ in 0..rng.below(5) {
        let c = cells[rng.below(cells.len())];
        if free(&owner, c) {
            owner.insert(c, Owner::Other);
            lock.balls.push(c);
        }
    }

    // Springs: walk from a root cell along a line to the first cell of another block.
    for _ in 0..rng.below(6) {
        let roots: Vec<(Anchor, Vec<Hex>)> = lock
            .blocks
            .iter()
            .map(|b| (Anchor::Block(b.name), b.cells.clone()))
            .chain(
                lock.pivots
                    .iter()
                    .map(|p| (Anchor::Pivot(p.name), vec![p.hub])),
            )
            .collect();
        if roots.is_empty() {
            break;
        }
        let (root, root_cells) = &roots[rng.below(roots.len())];
        let root_cell = root_cells[rng.below(root_cells.len())];
        let dir = Dir::from_index(rng.below(6));
        let own: Vec<Hex> = match root {
            Anchor::Block(n) => lock.block(*n).map(|b| b.cells.clone()).unwrap_or_default(),
            Anchor::Pivot(n) => lock.pivot(*n).map(|p| p.cells()).unwrap_or_default(),
        };
        let mut c = root_cell;
        let mut steps = 0;
        let found = loop {
            c = c.neighbour(dir);
            steps += 1;
            if c.length() > size || own.contains(&c) {
                break None;
            }
            if let Some(Owner::Block(n)) = owner.get(&c) {
                break Some((*n, c));
            }
        };
        let Some((end, end_cell)) = found else {
            continue;
        };
        let length = steps - 1;
        let min_natural = ((length + 1) / 2).max(1);
        let natural = min_natural + rng.below((2 * size - min_natural + 1).max(1) as usize) as i32;
        let spring = Spring {
            root: *root,
            root_cell,
            end,
            end_cell,
            natural_length: natural,
        };
        lock.springs.push(spring);
        if !lock.validate().is_empty() {
            lock.springs.pop();
        }
    }
    lock.normalise();
    lock
}

fn random_text(rng: &mut Rng, note: bool) -> String {
    const CHARS: &[u8] = b"abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789#:.,'!-~()";
    let len = rng.below(24);
    let mut s: String = (0..len)
        .map(|_| CHARS[rng.below(CHARS.len())] as char)
        .collect();
    if note && rng.chance(20) {
        s.insert_str(0, "  ");
    }
    let s = s.trim_end().to_string();
    if note { s } else { s.trim().to_string() }
}
