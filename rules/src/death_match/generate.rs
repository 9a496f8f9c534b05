//! Seeded rounds: board shapes and piece pools for hosts without round files. The seed reveals
//! boards "at the time of the game" and only says they are no larger than 11×11, so a round is
//! rolled from a seed and the round's number: the same two always give the same round, on any
//! machine, because the dice are a few lines of splitmix64 rather than a library whose stream
//! may change.
//!
//! # Boards
//! A rectangle from 6×6 to 11×11 (rarely far from square), sometimes with dark cells: cut
//! corners, notches in the edges, holes inside. A shape is kept only when
//! - its light cells are one connected region, so no part of the board is useless;
//! - at most a fifth of it is dark;
//! - some light cell of an unlabelled edge has three light cells inward in its line: a lane
//!   where the Keyhole and the Key always fit with a gap between them (see [`lanes`]).
//!
//! After 32 failed rolls a plain 8×8 board is used, which always has lanes.
//!
//! # Pools
//! 10 to 16 pieces, more on larger boards, numbered from 1 in the order shown: one or two axes,
//! the rest horizontal and vertical pieces of 2 cells (about half), 3 or 4 cells, and 5 on boards
//! at least 10 cells across; at least a third of the sliders lie each way. Never more than two
//! axes: a draft may hand one player nothing but axes, and the Key's two ends can hold two
//! axes, not three. The whole pool must fit in one legal lock by the bot's first-fit placement
//! ([`super::bot::first_fit`]), so any draft fits; pieces are shortened, then dropped, until it
//! does.

use super::bot::first_fit;
use super::round::{OfferedPiece, Round, Shape};
use engine::sliding::{Board, Cell, Dir, Orientation};

/// The rounds' and the bot's dice: the engine's one seeded random source, so that a seed
/// means the same round in every build.
pub(crate) type Dice = engine::random::Random;

/// Round `number` of the match seeded `seed`: its board and its pool of offered pieces.
pub fn round(seed: u64, number: u8) -> Round {
    // Mixing the number in through the dice (not by adding it to the seed) keeps neighbouring
    // seeds' rounds unrelated.
    let mut mix = Dice::new(seed);
    let mut dice = Dice::new(mix.next_u64() ^ Dice::new(u64::from(number)).next_u64());
    let board = board(&mut dice);
    let offered = pool(&board, &mut dice);
    Round { board, offered }
}

/// The lanes of a board: each light cell of an unlabelled edge with three light cells inward
/// in its line, and the direction inward. A Keyhole there always has room for the Key in its
/// line, one cell clear of it.
pub fn lanes(board: &Board) -> Vec<(Cell, Dir)> {
    let (w, h) = (board.width(), board.height());
    let right = (0..h).rev().map(|r| (Cell::new(w - 1, r), Dir::Left));
    let top = (0..w).rev().map(|c| (Cell::new(c, h - 1), Dir::Down));
    let light = |c: Option<Cell>| c.is_some_and(|c| board.contains(c) && !board.is_dark(c));
    right
        .chain(top)
        .filter(|&(c, inward)| (0..4).all(|k| light(c.step(inward, k))))
        .collect()
}

fn board(dice: &mut Dice) -> Board {
    for _ in 0..32 {
        let b = shaped(dice);
        let cells = b.cells().count_ones();
        let dark = b.dark().count_ones();
        if dark * 5 <= cells && connected(&b) && !lanes(&b).is_empty() {
            return b;
        }
    }
    Board::new(8, 8)
}

fn shaped(dice: &mut Dice) -> Board {
    let width = dice.between(6, 11) as u8;
    let height = (width as usize + dice.below(5))
        .saturating_sub(2)
        .clamp(6, 11) as u8;
    let mut b = Board::new(width, height);
    let (w, h) = (width as i32, height as i32);
    let darken = |b: &mut Board, c: i32, r: i32| {
        if (0..w).contains(&c) && (0..h).contains(&r) {
            b.set_dark(Cell::new(c as u8, r as u8), true);
        }
    };
    if dice.chance(0.35) {
        let size = dice.between(1, if w.min(h) >= 9 { 3 } else { 2 }) as i32;
        for (cx, cy) in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)] {
            if !dice.chance(0.5) {
                continue;
            }
            for dx in 0..size {
                for dy in 0..size - dx {
                    let c = if cx == 0 { dx } else { cx - dx };
                    let r = if cy == 0 { dy } else { cy - dy };
                    darken(&mut b, c, r);
                }
            }
        }
    }
    if dice.chance(0.35) {
        for _ in 0..dice.between(1, 3) {
            let deep = if w.min(h) >= 9 && dice.chance(0.3) {
                2
            } else {
                1
            };
            let along = |dice: &mut Dice, n: i32| 2 + dice.below((n - 4).max(1) as usize) as i32;
            let (c, r, inward) = match dice.below(4) {
                0 => (along(dice, w), 0, (0, 1)),
                1 => (along(dice, w), h - 1, (0, -1)),
                2 => (0, along(dice, h), (1, 0)),
                _ => (w - 1, along(dice, h), (-1, 0)),
            };
            for k in 0..deep {
                darken(&mut b, c + inward.0 * k, r + inward.1 * k);
            }
        }
    }
    if dice.chance(0.35) {
        for _ in 0..dice.between(1, 3) {
            let c = dice.between(1, (w - 2) as usize) as i32;
            let r = dice.between(1, (h - 2) as usize) as i32;
            darken(&mut b, c, r);
            if dice.chance(0.3) {
                let (dc, dr) = if dice.chance(0.5) { (1, 0) } else { (0, 1) };
                if c + dc < w - 1 && r + dr < h - 1 {
                    darken(&mut b, c + dc, r + dr);
                }
            }
        }
    }
    b
}

/// Whether the light cells form one region, cells joined by their sides.
fn connected(board: &Board) -> bool {
    let light = board.light();
    if light == 0 {
        return false;
    }
    let first = Cell::from_index(light.trailing_zeros() as usize);
    let mut seen = first.bit();
    let mut stack = vec![first];
    while let Some(c) = stack.pop() {
        for d in Dir::ALL {
            if let Some(n) = c.step(d, 1)
                && light & n.bit() != 0
                && seen & n.bit() == 0
            {
                seen |= n.bit();
                stack.push(n);
            }
        }
    }
    seen == light
}

fn pool(board: &Board, dice: &mut Dice) -> Vec<OfferedPiece> {
    let light = board.light().count_ones() as usize;
    let count = (10 + light / 25 + dice.below(4)).min(16);
    let axes = 1 + usize::from(dice.chance(if light >= 60 { 0.6 } else { 0.35 }));
    let longest = if board.width().min(board.height()) >= 10 {
        5
    } else {
        4
    };
    let mut sliders: Vec<(Orientation, u8)> = (0..count - axes)
        .map(|_| {
            let o = if dice.chance(0.5) {
                Orientation::Horizontal
            } else {
                Orientation::Vertical
            };
            let roll = dice.unit();
            let length = if roll < 0.5 {
                2
            } else if roll < 0.8 {
                3
            } else if roll < 0.95 {
                4
            } else {
                longest
            };
            (o, length)
        })
        .collect();
    // A pool of one way only makes dull locks: at least a third of each.
    let third = sliders.len() / 3;
    for o in [Orientation::Horizontal, Orientation::Vertical] {
        let have = sliders.iter().filter(|s| s.0 == o).count();
        for s in sliders
            .iter_mut()
            .filter(|s| s.0 != o)
            .take(third.saturating_sub(have))
        {
            s.0 = o;
        }
    }
    let mut shapes = |sliders: &[(Orientation, u8)]| -> Vec<Shape> {
        let mut out: Vec<Shape> = sliders
            .iter()
            .map(|&(orientation, length)| Shape::Slider {
                orientation,
                length,
            })
            .chain(std::iter::repeat_n(Shape::Axis, axes))
            .collect();
        dice.shuffle(&mut out);
        out
    };
    let numbered = |shapes: Vec<Shape>| -> Vec<OfferedPiece> {
        shapes
            .into_iter()
            .zip(1..)
            .map(|(shape, id)| OfferedPiece { id, shape })
            .collect()
    };
    loop {
        let offered = numbered(shapes(&sliders));
        if sliders.is_empty() || first_fit(board, &offered).is_some() {
            return offered;
        }
        // Too full: shorten the longest piece, or drop one once all are short.
        match sliders.iter_mut().filter(|s| s.1 > 2).max_by_key(|s| s.1) {
            Some(s) => s.1 -= 1,
            None => {
                sliders.pop();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dice_are_splitmix64() {
        // The first output of splitmix64 seeded 0, as published with the algorithm.
        assert_eq!(Dice::new(0).next_u64(), 0xE220_A839_7B1D_CDAF);
    }

    #[test]
    fn a_plain_board_has_lanes_on_both_unlabelled_edges() {
        let b = Board::new(6, 6);
        let l = lanes(&b);
        assert!(l.contains(&(Cell::new(5, 0), Dir::Left)));
        assert!(l.contains(&(Cell::new(0, 5), Dir::Down)));
        // The top right corner is in both edges, once each way.
        assert_eq!(l.len(), 12);
    }
}
