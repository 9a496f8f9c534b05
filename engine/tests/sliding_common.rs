//! A sliding lock drawn as in its file's picture, for tests: rows from the top, one glyph per
//! cell — `.` light, `*` dark, `K` the Key, `@` the Keyhole, `+` an axis, a lowercase letter
//! for each vertical or horizontal piece.
#![allow(dead_code)]

use engine::sliding::{Board, Cell, Lock, Orientation, Piece};
use std::collections::BTreeMap;

pub fn lock(picture: &str) -> Lock {
    let rows: Vec<Vec<char>> = picture
        .lines()
        .map(|l| {
            l.split_whitespace()
                .flat_map(|w| w.chars())
                .collect::<Vec<_>>()
        })
        .filter(|r: &Vec<char>| !r.is_empty())
        .collect();
    let height = rows.len() as u8;
    let width = rows.iter().map(|r| r.len()).max().unwrap_or(0) as u8;
    let mut board = Board::new(width, height);
    let mut groups: BTreeMap<char, Vec<Cell>> = BTreeMap::new();
    let mut pieces = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let r = height - 1 - i as u8;
        for (c, &g) in row.iter().enumerate() {
            let cell = Cell::new(c as u8, r);
            match g {
                '.' => {}
                '*' => board.set_dark(cell, true),
                '@' => pieces.push(Piece::keyhole(cell)),
                '+' => pieces.push(Piece::axis(cell)),
                g => groups.entry(g).or_default().push(cell),
            }
        }
    }
    for (g, mut cells) in groups {
        cells.sort_by_key(|c| (c.row, c.col));
        let first = cells[0];
        let orientation = if cells.iter().all(|c| c.row == first.row) && cells.len() > 1 {
            Orientation::Horizontal
        } else {
            Orientation::Vertical
        };
        let length = cells.len() as u8;
        pieces.push(if g == 'K' {
            let mut k = Piece::key(first, orientation);
            k.length = length;
            k
        } else {
            Piece::slider(first, orientation, length)
        });
    }
    Lock::new(board, pieces)
}

/// The lock drawn back as a picture, rows from the top.
pub fn picture(lock: &Lock) -> String {
    let mut out = String::new();
    for r in (0..lock.board.height()).rev() {
        let mut row = Vec::new();
        for c in 0..lock.board.width() {
            let cell = Cell::new(c, r);
            let g = match lock.piece_at(cell) {
                Some(i) => {
                    let p = lock.pieces[i];
                    match p.kind {
                        engine::sliding::Kind::Key => 'K',
                        engine::sliding::Kind::Keyhole => '@',
                        engine::sliding::Kind::Axis => '+',
                        engine::sliding::Kind::Slider => {
                            let n = lock
                                .pieces
                                .iter()
                                .take(i)
                                .filter(|q| q.kind == engine::sliding::Kind::Slider)
                                .count();
                            (b'a' + n as u8) as char
                        }
                    }
                }
                None if lock.board.is_dark(cell) => '*',
                None => '.',
            };
            row.push(g.to_string());
        }
        out.push_str(&row.join(" "));
        out.push('\n');
    }
    out
}

/// The seed's example: BC1 one to the left, C34 two down, the Key one to the right.
pub const SEED_EXAMPLE: &str = "
    . . a .
    K K a @
    . . . .
    . b b .
";

/// A small random-number generator, so that random locks repeat from their seed.
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: u64) -> u64 {
        engine::random::xorshift64(&mut self.0) % n.max(1)
    }
}

/// A random legal lock on a `side`×`side` board with `pieces` vertical and horizontal pieces
/// (two or three of them on axes) and a few dark cells: the Keyhole on the right edge and the
/// Key in its row, so the lock is a real puzzle more often than not.
pub fn random_lock(seed: u64, side: u8, pieces: usize) -> Lock {
    use engine::sliding::Piece;
    let mut rng = Rng(seed.wrapping_mul(0x9E3779B97F4A7C15) | 1);
    loop {
        let mut board = Board::new(side, side);
        for _ in 0..rng.below(side as u64) {
            let c = Cell::new(rng.below(side as u64) as u8, rng.below(side as u64) as u8);
            board.set_dark(c, true);
        }
        let row = rng.below(side as u64) as u8;
        let mut l = Lock::new(board, vec![Piece::keyhole(Cell::new(side - 1, row))]);
        l.board.set_dark(Cell::new(side - 1, row), false);
        let kc = rng.below(side as u64 / 2) as u8;
        l.pieces
            .push(Piece::key(Cell::new(kc, row), Orientation::Horizontal));
        let axes = 2 + rng.below(2) as usize;
        let mut tries = 0;
        while l.pieces.len() < 2 + pieces + axes && tries < 4000 {
            tries += 1;
            let at = Cell::new(rng.below(side as u64) as u8, rng.below(side as u64) as u8);
            let o = if rng.below(2) == 0 {
                Orientation::Horizontal
            } else {
                Orientation::Vertical
            };
            let axes_now = l
                .pieces
                .iter()
                .filter(|p| p.kind == engine::sliding::Kind::Axis)
                .count();
            let mut next = l.clone();
            if axes_now < axes {
                // An axis with a piece attached end-on.
                next.pieces.push(Piece::axis(at));
                let dir = engine::sliding::Dir::ALL[rng.below(4) as usize];
                let Some(first) = at.step(dir, 1) else {
                    continue;
                };
                let len = 2 + rng.below(2) as u8;
                let Some(far) = at.step(dir, len) else {
                    continue;
                };
                let start = if (far.row, far.col) < (first.row, first.col) {
                    far
                } else {
                    first
                };
                next.pieces
                    .push(Piece::slider(start, dir.orientation(), len));
            } else {
                next.pieces
                    .push(Piece::slider(at, o, 2 + rng.below(3) as u8));
            }
            if next.problems().is_empty() {
                l = next;
            }
        }
        if l.problems().is_empty() && l.pieces.len() >= 2 + pieces {
            return l;
        }
    }
}
