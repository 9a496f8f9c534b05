//! Small helpers for the physics tests: a lock drawn as a little hex picture, and the same
//! picture drawn back from a lock, so that a scenario reads as "before, move, after".
//!
//! A picture has one line per row of the hexagon, top to bottom, and one token per cell, west to
//! east (indentation is free). Tokens: `.` empty, a letter a block cell (not `o`), `o` a ball,
//! a digit a pivot's hub, `@` the hook's hub, `~` an arm (of the one hub next to it), `*` the
//! wrench.
#![allow(dead_code)]

use engine::hex::row_cells;
use engine::lock::{Anchor, Block, Hook, Pivot, Spring, Wrench};
use engine::physics::{Move, TurnOutcome, turn};
use engine::{Dir, Hex, Lock};

/// A lock under construction from a picture.
pub struct Builder {
    lock: Lock,
}

/// Starts a lock from a picture.
pub fn lock(picture: &str) -> Builder {
    let rows: Vec<Vec<char>> = picture
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| {
            l.split_whitespace()
                .map(|t| t.chars().next().unwrap())
                .collect()
        })
        .collect();
    assert!(rows.len() % 2 == 1, "a picture has an odd number of rows");
    let size = (rows.len() as i32 - 1) / 2;
    let mut lock = Lock::empty(size);
    let mut arms = Vec::new();
    let mut hub_cells: Vec<(Hex, char)> = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let r = i as i32 - size;
        let cells: Vec<Hex> = row_cells(size, r).collect();
        assert_eq!(
            cells.len(),
            row.len(),
            "row {r} should have {} cells",
            cells.len()
        );
        for (&cell, &t) in cells.iter().zip(row) {
            match t {
                '.' => {}
                'o' => lock.balls.push(cell),
                '~' => arms.push(cell),
                '*' => {
                    if lock.wrenches.is_empty() {
                        lock.wrenches.push(Wrench {
                            cells: Vec::new(),
                            momentum: None,
                        });
                    }
                    lock.wrenches[0].cells.push(cell);
                }
                '@' => hub_cells.push((cell, '@')),
                d if d.is_ascii_digit() => hub_cells.push((cell, d)),
                b if b.is_ascii_alphabetic() => {
                    match lock.blocks.iter_mut().find(|x| x.name == b) {
                        Some(x) => x.cells.push(cell),
                        None => lock.blocks.push(Block {
                            name: b,
                            cells: vec![cell],
                        }),
                    }
                }
                other => panic!("unknown token {other:?}"),
            }
        }
    }
    for &(hub, name) in &hub_cells {
        if name != '@' {
            lock.pivots.push(Pivot {
                name,
                hub,
                arms: Vec::new(),
            });
        }
    }
    let mut hook_arm = None;
    for arm in arms {
        let owners: Vec<&(Hex, char)> = hub_cells
            .iter()
            .filter(|(h, _)| h.distance(arm) == 1)
            .collect();
        assert_eq!(
            owners.len(),
            1,
            "the arm at {arm} must touch exactly one hub"
        );
        let (hub, name) = *owners[0];
        let (dir, _) = hub.line_to(arm).unwrap();
        if name == '@' {
            hook_arm = Some(dir);
        } else {
            lock.pivots
                .iter_mut()
                .find(|p| p.name == name)
                .unwrap()
                .arms
                .push(dir);
        }
    }
    if let Some(&(hub, _)) = hub_cells.iter().find(|(_, n)| *n == '@') {
        lock.hooks.push(Hook {
            hub,
            arm: hook_arm.expect("the hook needs an arm"),
        });
    }
    Builder { lock }
}

impl Builder {
    /// A spring from a block or pivot to a block, between the nearest pair of their cells
    /// that lie on one hex line.
    pub fn spring(mut self, root: char, end: char, natural_length: i32) -> Builder {
        let (anchor, root_cells) = if root.is_ascii_digit() {
            let p = self.lock.pivot(root).expect("no such pivot");
            (Anchor::Pivot(root), vec![p.hub])
        } else {
            (
                Anchor::Block(root),
                self.lock.block(root).expect("no such block").cells.clone(),
            )
        };
        let end_cells = self.lock.block(end).expect("no such block").cells.clone();
        let mut best: Option<(i32, Hex, Hex)> = None;
        for &a in &root_cells {
            for &b in &end_cells {
                if let Some((_, n)) = a.line_to(b)
                    && best.is_none_or(|(m, _, _)| n < m)
                {
                    best = Some((n, a, b));
                }
            }
        }
        let (_, root_cell, end_cell) = best.expect("the two pieces share no hex line");
        self.lock.springs.push(Spring {
            root: anchor,
            root_cell,
            end,
            end_cell,
            natural_length,
        });
        self
    }

    /// Sets the wrench moving.
    pub fn momentum(mut self, dir: Dir) -> Builder {
        self.lock.wrenches[0].momentum = Some(dir);
        self
    }

    /// The lock, which must be valid.
    pub fn build(mut self) -> Lock {
        self.lock.normalise();
        let problems = self.lock.validate();
        assert!(problems.is_empty(), "invalid test lock: {problems:#?}");
        self.lock
    }

    /// The lock as drawn, valid or not.
    pub fn build_unchecked(mut self) -> Lock {
        self.lock.normalise();
        self.lock
    }
}

/// Draws a lock back as a picture (one line per row, tokens separated by one space).
pub fn render(lock: &Lock) -> String {
    let size = lock.size;
    let mut lines = Vec::new();
    for r in -size..=size {
        let tokens: Vec<String> = row_cells(size, r)
            .map(|c| token_at(lock, c).to_string())
            .collect();
        lines.push(tokens.join(" "));
    }
    lines.join("\n")
}

fn token_at(lock: &Lock, c: Hex) -> char {
    if let Some(b) = lock.blocks.iter().find(|b| b.cells.contains(&c)) {
        return b.name;
    }
    if lock.balls.contains(&c) {
        return 'o';
    }
    if lock.wrenches.iter().any(|w| w.cells.contains(&c)) {
        return '*';
    }
    for p in &lock.pivots {
        if p.hub == c {
            return p.name;
        }
        if p.arms.iter().any(|&a| p.hub.neighbour(a) == c) {
            return '~';
        }
    }
    for h in &lock.hooks {
        if h.hub == c {
            return '@';
        }
        if h.hub.neighbour(h.arm) == c {
            return '~';
        }
    }
    '.'
}

/// A picture with its whitespace normalised, for comparison with [`render`].
pub fn normalise(picture: &str) -> String {
    picture
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Asserts that a lock looks like a picture.
#[track_caller]
pub fn assert_picture(lock: &Lock, expected: &str) {
    let got = render(lock);
    let want = normalise(expected);
    assert_eq!(got, want, "\n--- got ---\n{got}\n--- want ---\n{want}\n");
}

/// Plays one move on a valid lock.
#[track_caller]
pub fn play(lock: &Lock, mv: Move) -> TurnOutcome {
    turn(lock, mv).expect("the test lock is valid")
}

/// Plays several moves, returning the last outcome.
#[track_caller]
pub fn play_all(lock: &Lock, moves: &[Move]) -> TurnOutcome {
    let mut current = lock.clone();
    let mut last = None;
    for &mv in moves {
        let out = play(&current, mv);
        current = out.lock.clone();
        last = Some(out);
    }
    last.expect("at least one move")
}

/// The cells of a block.
pub fn block_cells(lock: &Lock, name: char) -> Vec<Hex> {
    lock.block(name).expect("no such block").cells.clone()
}

/// A spring's current length, by the names of its root and end.
pub fn spring_length(lock: &Lock, root: char, end: char) -> i32 {
    let s = lock
        .springs
        .iter()
        .find(|s| s.root.name() == root && s.end == end)
        .expect("no such spring");
    s.line().expect("spring off its line").1
}

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
            .all(|p| matches!(p.kind, engine::lock::ProblemKind::MissingTool))
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
