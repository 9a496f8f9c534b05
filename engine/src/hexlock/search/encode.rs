//! The compact key of a state: only what can change, packed into a few 64-bit words.
//!
//! Stationary blocks never move (every push on them is resisted) and pivot hubs never shift, so a
//! key holds only the movers: each sprung block, the wrench and the hook by where it stands
//! (the hook and every pivot also by how far it has turned), the balls, and the wrench's
//! momentum. Each is a digit whose radix is the number of places that piece could ever occupy
//! without overlapping the frame or anything stationary; the digits are packed in mixed radix, as
//! many to a word as fit in 64 bits.
//!
//! Balls are all alike, so the key holds the set of cells they cover, sorted, not which ball
//! covers which: two states that differ only in which ball is where are the same lock, and the
//! search visits them once.

use super::error::SearchError;
use crate::hex::{Dir, Hex};
use crate::hexlock::physics::Mechanism;
use crate::hexlock::physics::State;
use crate::hexlock::physics::mechanism::{Kind, Pos, turned};

/// "No such place" in a place table.
const NOWHERE: u16 = u16::MAX;

/// A piece that moves alone in the key: a sprung block, the hook, the wrench, or a pivot.
#[derive(Clone, Debug)]
struct Mover {
    piece: usize,
    /// Whether the piece can be shifted (all but pivots).
    shifts: bool,
    /// Whether the piece can turn (pivots and the hook).
    turns: bool,
    /// Place index by `(shift, turn)` slot; `NOWHERE` for places it can never be.
    table: Vec<u16>,
    /// Position by place index.
    places: Vec<Pos>,
}

/// How states of one mechanism become keys and back.
#[derive(Clone, Debug)]
pub(crate) struct Encoder {
    /// The lock's size: shifts range over `-2 size ..= 2 size` on each axis.
    size: i32,
    /// `4 size + 1`, the side of the shift square.
    side: usize,
    movers: Vec<Mover>,
    /// The balls' piece numbers and where the lock placed them.
    balls: Vec<(usize, Hex)>,
    /// Free-cell index by cell slot (`(r + size) * (2 size + 1) + q + size`), for balls.
    ball_index: Vec<u16>,
    /// Cell by free-cell index.
    ball_cells: Vec<Hex>,
    /// The wrench, whose momentum is the last digit.
    has_momentum: bool,
    /// The radix of every digit: movers, then balls, then momentum.
    radices: Vec<u64>,
    /// For each word, the digits it holds, as a range into `radices`.
    words: Vec<std::ops::Range<usize>>,
    /// A state with every piece where the lock placed it, to decode into.
    template: State,
}

impl Encoder {
    /// Plans the key of a mechanism's states.
    pub(crate) fn new(mech: &Mechanism) -> Encoder {
        let size = mech.lock.size;
        let side = (4 * size + 1) as usize;
        let cell_side = (2 * size + 1) as usize;
        let cell_slot = |c: Hex| {
            (c.length() <= size).then(|| (c.r + size) as usize * cell_side + (c.q + size) as usize)
        };
        // Cells nothing stationary covers: the only places a moving piece can be.
        let mut free = vec![false; cell_side * cell_side];
        for c in crate::hex::hexagon(size) {
            if let Some(s) = cell_slot(c) {
                free[s] = true;
            }
        }
        for info in &mech.pieces {
            match info.kind {
                Kind::Block { mobile: false } => {
                    for &c in &info.cells {
                        if let Some(s) = cell_slot(c) {
                            free[s] = false;
                        }
                    }
                }
                Kind::Pivot => {
                    if let Some(s) = cell_slot(info.hub) {
                        free[s] = false;
                    }
                }
                _ => {}
            }
        }
        let is_free = |c: Hex| cell_slot(c).is_some_and(|s| free[s]);

        let mut movers = Vec::new();
        let mut balls = Vec::new();
        for (piece, info) in mech.pieces.iter().enumerate() {
            let (shifts, turns) = match info.kind {
                Kind::Block { mobile: false } => continue,
                Kind::Ball => {
                    balls.push((piece, info.cells.first().copied().unwrap_or(Hex::ORIGIN)));
                    continue;
                }
                Kind::Block { mobile: true } | Kind::Wrench => (true, false),
                Kind::Pivot => (false, true),
                Kind::Hook => (true, true),
            };
            let fits = |pos: Pos| -> bool {
                match info.kind {
                    Kind::Pivot | Kind::Hook => {
                        let hub = info.hub + pos.shift();
                        // A pivot's own hub is stationary; the hook's moves with it.
                        (info.kind == Kind::Pivot || is_free(hub))
                            && info
                                .arms
                                .iter()
                                .all(|&a| is_free(hub.neighbour(turned(a, pos.turn))))
                    }
                    _ => info.cells.iter().all(|&c| is_free(c + pos.shift())),
                }
            };
            let reach = if shifts { 2 * size } else { 0 };
            let turn_count = if turns { 6 } else { 1 };
            let slots = if shifts { side * side } else { 1 } * turn_count;
            let mut table = vec![NOWHERE; slots];
            let mut places = Vec::new();
            for dr in -reach..=reach {
                for dq in -reach..=reach {
                    for turn in 0..turn_count as u8 {
                        let pos = Pos {
                            dq: dq as i8,
                            dr: dr as i8,
                            turn,
                        };
                        if fits(pos) {
                            let slot = slot(shifts, turns, side, size, pos);
                            table[slot] = places.len() as u16;
                            places.push(pos);
                        }
                    }
                }
            }
            movers.push(Mover {
                piece,
                shifts,
                turns,
                table,
                places,
            });
        }
        let mut ball_index = vec![NOWHERE; cell_side * cell_side];
        let mut ball_cells = Vec::new();
        for c in crate::hex::hexagon(size) {
            if let Some(s) = cell_slot(c).filter(|&s| free[s]) {
                ball_index[s] = ball_cells.len() as u16;
                ball_cells.push(c);
            }
        }
        let has_momentum = mech.pieces.iter().any(|p| p.kind == Kind::Wrench);

        let mut radices: Vec<u64> = movers.iter().map(|m| m.places.len() as u64).collect();
        radices.extend(balls.iter().map(|_| ball_cells.len() as u64));
        if has_momentum {
            radices.push(7);
        }
        let words = pack(&radices);
        Encoder {
            size,
            side,
            movers,
            balls,
            ball_index,
            ball_cells,
            has_momentum,
            radices,
            words,
            template: mech.initial_state(),
        }
    }

    /// The number of 64-bit words in a key.
    pub(crate) fn width(&self) -> usize {
        self.words.len()
    }

    /// The information in a key, in bits: the base-2 logarithm of the number of keys.
    pub(crate) fn bits(&self) -> f64 {
        self.radices.iter().map(|&r| (r.max(1) as f64).log2()).sum()
    }

    /// The number of pieces that can move.
    pub(crate) fn movable(&self) -> usize {
        self.movers.len() + self.balls.len()
    }

    /// The pieces that can move, by piece number.
    pub(crate) fn movable_pieces(&self) -> impl Iterator<Item = usize> + '_ {
        self.movers
            .iter()
            .map(|m| m.piece)
            .chain(self.balls.iter().map(|b| b.0))
    }

    /// Writes the key of a state into `out` (`width()` words).
    pub(crate) fn encode(&self, state: &State, out: &mut [u64]) -> Result<(), SearchError> {
        let mut digits = [0u64; 64];
        let mut heap;
        let digits: &mut [u64] = if self.radices.len() <= digits.len() {
            &mut digits[..self.radices.len()]
        } else {
            heap = vec![0u64; self.radices.len()];
            &mut heap
        };
        let mut d = 0;
        for m in &self.movers {
            let pos = state.pos[m.piece];
            let place = self
                .place_of(m, pos)
                .ok_or(SearchError::Unforeseen { piece: m.piece })?;
            digits[d] = u64::from(place);
            d += 1;
        }
        let first_ball = d;
        for &(piece, cell) in &self.balls {
            let pos = state.pos[piece];
            let at = cell + pos.shift();
            let index = self
                .cell_slot(at)
                .map(|s| self.ball_index[s])
                .filter(|&i| i != NOWHERE && pos.turn == 0)
                .ok_or(SearchError::Unforeseen { piece })?;
            digits[d] = u64::from(index);
            d += 1;
        }
        digits[first_ball..d].sort_unstable();
        if self.has_momentum {
            digits[d] = state.momentum.map_or(0, |m| m.index() as u64 + 1);
        }
        for (word, range) in out.iter_mut().zip(&self.words) {
            let mut value = 0u64;
            for i in range.clone().rev() {
                value = value * self.radices[i] + digits[i];
            }
            *word = value;
        }
        Ok(())
    }

    /// Sets `state` (which must come from [`Encoder::blank`]) to the state a key stands for.
    pub(crate) fn decode(&self, key: &[u64], state: &mut State) {
        let mut word = 0;
        let mut value = key.first().copied().unwrap_or(0);
        let mut next_digit = |i: usize| {
            while !self.words[word].contains(&i) {
                word += 1;
                value = key[word];
            }
            let r = self.radices[i];
            let d = value % r;
            value /= r;
            d
        };
        let mut i = 0;
        for m in &self.movers {
            state.pos[m.piece] = m.places[next_digit(i) as usize];
            i += 1;
        }
        for &(piece, cell) in &self.balls {
            let at = self.ball_cells[next_digit(i) as usize];
            let shift = at - cell;
            state.pos[piece] = Pos {
                dq: shift.q as i8,
                dr: shift.r as i8,
                turn: 0,
            };
            i += 1;
        }
        if self.has_momentum {
            let m = next_digit(i);
            state.momentum = (m > 0).then(|| Dir::from_index(m as usize - 1));
        }
    }

    /// A state to decode into.
    pub(crate) fn blank(&self) -> State {
        self.template.clone()
    }

    fn place_of(&self, m: &Mover, pos: Pos) -> Option<u16> {
        let reach = 2 * self.size;
        let (dq, dr) = (i32::from(pos.dq), i32::from(pos.dr));
        if (m.shifts && (dq.abs() > reach || dr.abs() > reach))
            || (!m.shifts && (dq != 0 || dr != 0))
            || (!m.turns && pos.turn != 0)
            || pos.turn >= 6
        {
            return None;
        }
        let p = m.table[slot(m.shifts, m.turns, self.side, self.size, pos)];
        (p != NOWHERE).then_some(p)
    }

    fn cell_slot(&self, c: Hex) -> Option<usize> {
        let cell_side = (2 * self.size + 1) as usize;
        (c.length() <= self.size)
            .then(|| (c.r + self.size) as usize * cell_side + (c.q + self.size) as usize)
    }
}

/// The table slot of a position whose shift is within reach.
fn slot(shifts: bool, turns: bool, side: usize, size: i32, pos: Pos) -> usize {
    let shift = if shifts {
        let reach = 2 * size;
        (i32::from(pos.dr) + reach) as usize * side + (i32::from(pos.dq) + reach) as usize
    } else {
        0
    };
    if turns {
        shift * 6 + usize::from(pos.turn)
    } else {
        shift
    }
}

/// Groups digits into words, in order, as many to a word as their radices' product fits in 64
/// bits. A lock with nothing that moves still has a one-word key.
fn pack(radices: &[u64]) -> Vec<std::ops::Range<usize>> {
    let mut words = Vec::new();
    let mut start = 0;
    let mut product: u64 = 1;
    for (i, &r) in radices.iter().enumerate() {
        match product.checked_mul(r.max(1)) {
            Some(p) => product = p,
            None => {
                words.push(start..i);
                start = i;
                product = r.max(1);
            }
        }
    }
    words.push(start..radices.len());
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_pack_into_words_whose_radix_product_fits_64_bits() {
        assert_eq!(pack(&[]), vec![0..0]);
        assert_eq!(pack(&[217; 8]), vec![0..8]);
        assert_eq!(pack(&[217; 9]), vec![0..8, 8..9]);
        assert_eq!(pack(&[1 << 32, 1 << 31, 2, 3]), vec![0..2, 2..4]);
    }
}

#[cfg(test)]
mod round_trip {
    use super::*;
    use crate::hexlock::Lock;
    use crate::hexlock::physics::{Move, Workspace};

    #[test]
    fn states_reached_by_play_decode_to_themselves() {
        let lock = Lock::starter(4);
        let mech = Mechanism::new(&lock).expect("valid");
        let enc = Encoder::new(&mech);
        let mut ws = Workspace::new();
        let mut state = mech.initial_state();
        let mut key = vec![0; enc.width()];
        let mut back = enc.blank();
        for i in 0..200 {
            let mv = Move::ALL[(i * 7 + i / 3) % 15];
            state = mech.step(&state, mv, &mut ws).expect("turn");
            if let Err(e) = enc.encode(&state, &mut key) {
                panic!("{e}: {:?}", state.pos);
            }
            enc.decode(&key, &mut back);
            assert_eq!(back, state);
        }
    }
}
