//! A sliding lock being played: the moves made from the start, counted as the seed counts them,
//! with undo, redo and restart.
//!
//! The seed counts "the number of times any piece is moved": sliding a piece two spaces is one
//! move, the same as one space. So a slide of the piece that moved last, in the direction it
//! moved, continues that move rather than starting another — two presses of → on the Key are
//! `Key R2`, one move. A slide the other way, a turn, or another piece is a new move.

use engine::sliding::{Dir, Lock, Move, Refusal, Written, parse_moves};

/// A game: the start, the moves made, and the moves taken back (to redo).
#[derive(Clone, Debug)]
pub struct Game {
    start: Lock,
    /// Each move as the seed counts it, with the lock after it.
    played: Vec<(Move, Lock)>,
    /// Moves taken back, the next to redo last.
    undone: Vec<Move>,
}

impl Game {
    /// A game from `start`.
    pub fn new(start: Lock) -> Game {
        Game {
            start,
            played: Vec::new(),
            undone: Vec::new(),
        }
    }

    /// The lock the game started from.
    pub fn start(&self) -> &Lock {
        &self.start
    }

    /// The lock now.
    pub fn now(&self) -> &Lock {
        self.played.last().map_or(&self.start, |(_, l)| l)
    }

    /// How many moves have been made, as the seed counts them.
    pub fn count(&self) -> usize {
        self.played.len()
    }

    /// The moves made, from the start.
    pub fn moves(&self) -> Vec<Move> {
        self.played.iter().map(|(m, _)| *m).collect()
    }

    /// The moves made, written in the seed's notation (each piece named where it lay).
    pub fn written(&self) -> Vec<Written> {
        self.start.write_all(&self.moves())
    }

    /// The moves made as one line: `BC1 L1, C34 D2, Key R1`.
    pub fn notation(&self) -> String {
        engine::sliding::format_moves(&self.written())
    }

    /// Whether the Key touches the Keyhole.
    pub fn is_picked(&self) -> bool {
        self.now().is_picked()
    }

    /// Whether a move can be taken back, or made again.
    pub fn can_undo(&self) -> bool {
        !self.played.is_empty()
    }

    /// Whether a move taken back can be made again.
    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// Makes a move, or says why the rules refuse it. A slide continuing the last move (the
    /// same piece, the same way) joins it: still one move.
    pub fn play(&mut self, mv: Move) -> Result<(), Refusal> {
        let after = self.now().apply(&mv)?;
        self.undone.clear();
        match (self.played.last_mut(), mv) {
            (
                Some((
                    Move::Slide {
                        piece: p,
                        dir: d,
                        distance: so_far,
                    },
                    lock,
                )),
                Move::Slide {
                    piece,
                    dir,
                    distance,
                },
            ) if *p == piece && *d == dir => {
                *so_far = so_far.saturating_add(distance);
                *lock = after;
            }
            _ => self.played.push((mv, after)),
        }
        Ok(())
    }

    /// Takes back the last move (the whole of it); whether there was one.
    pub fn undo(&mut self) -> bool {
        match self.played.pop() {
            Some((mv, _)) => {
                self.undone.push(mv);
                true
            }
            None => false,
        }
    }

    /// Makes again the last move taken back; whether there was one.
    pub fn redo(&mut self) -> bool {
        let Some(mv) = self.undone.pop() else {
            return false;
        };
        match self.now().apply(&mv) {
            Ok(after) => {
                self.played.push((mv, after));
                true
            }
            Err(_) => {
                self.undone.clear();
                false
            }
        }
    }

    /// Back to the start; the moves can be made again with redo.
    pub fn restart(&mut self) {
        while self.undo() {}
    }

    /// Plays a move list in the seed's notation from the start, replacing the moves made: all
    /// of it, or nothing and why (the move's number and the rules' words).
    pub fn load(&mut self, text: &str) -> Result<usize, String> {
        let written = parse_moves(text).map_err(|e| e.to_string())?;
        let mut game = Game::new(self.start.clone());
        for (n, w) in written.iter().enumerate() {
            game.now()
                .resolve(w)
                .and_then(|mv| game.play(mv))
                .map_err(|why| format!("move {} ({w}): {why}", n + 1))?;
        }
        let n = game.count();
        *self = game;
        Ok(n)
    }
}

/// The slide of `piece` towards `wanted` cells in `dir`, as far as the rules let it go: the
/// furthest legal distance up to `wanted`, or why not even one cell is allowed.
pub fn furthest(lock: &Lock, piece: usize, dir: Dir, wanted: u8) -> Result<Move, Refusal> {
    let (reach, _, _) = lock.reach(piece, dir);
    let slide = |distance| Move::Slide {
        piece,
        dir,
        distance,
    };
    for distance in (1..=wanted.min(reach)).rev() {
        if lock.apply(&slide(distance)).is_ok() {
            return Ok(slide(distance));
        }
    }
    let first = lock.apply(&slide(1)).err();
    Err(first.unwrap_or(Refusal::ZeroDistance {
        piece: lock.name(piece),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str = "4 . . a .\n3 K K a @\n2 . . . .\n1 . b b .\n  A B C D\n";

    fn seed() -> Lock {
        lockfmt::sliding::parse(SEED)
            .valid_lock()
            .expect("legal")
            .clone()
    }

    #[test]
    fn the_seeds_solution_is_three_moves_and_picks_the_lock() {
        let mut g = Game::new(seed());
        assert_eq!(g.load("BC1 L1, C34 D2, Key R1"), Ok(3));
        assert!(g.is_picked());
        assert_eq!(g.notation(), "BC1 L1, C34 D2, Key R1");
    }

    #[test]
    fn slides_of_one_piece_the_same_way_are_one_move() {
        let lock = seed();
        let c34 = lock.find("C34").expect("C34");
        let bc1 = lock.find("BC1").expect("BC1");
        let mut g = Game::new(lock);
        g.play(furthest(g.now(), bc1, Dir::Left, 1).expect("left"))
            .expect("legal");
        let down = Move::Slide {
            piece: c34,
            dir: Dir::Down,
            distance: 1,
        };
        g.play(down).expect("down 1");
        g.play(down).expect("down 1 more");
        assert_eq!(g.count(), 2);
        assert_eq!(g.notation(), "BC1 L1, C34 D2");
        // The other way is a new move.
        g.play(Move::Slide {
            piece: c34,
            dir: Dir::Up,
            distance: 1,
        })
        .expect("up");
        assert_eq!(g.notation(), "BC1 L1, C34 D2, C12 U1");
        assert!(g.undo());
        assert!(g.undo(), "the whole of C34 D2 at once");
        assert_eq!(g.notation(), "BC1 L1");
        assert!(g.redo());
        assert_eq!(g.notation(), "BC1 L1, C34 D2");
        g.restart();
        assert_eq!(g.count(), 0);
        assert!(g.redo() && g.redo());
        assert_eq!(g.notation(), "BC1 L1, C34 D2");
    }

    #[test]
    fn the_furthest_slide_stops_where_the_rules_do() {
        let lock = seed();
        let key = lock.key().expect("key");
        assert_eq!(
            furthest(&lock, key, Dir::Right, 3).unwrap_err().to_string(),
            "Key cannot slide 1 cell right: C34 stops it after 0"
        );
        let bc1 = lock.find("BC1").expect("BC1");
        assert_eq!(
            furthest(&lock, bc1, Dir::Right, 5),
            Ok(Move::Slide {
                piece: bc1,
                dir: Dir::Right,
                distance: 1
            })
        );
    }

    #[test]
    fn a_move_list_that_breaks_the_rules_is_not_loaded() {
        let mut g = Game::new(seed());
        let err = g.load("BC1 L1, Key R1").unwrap_err();
        assert_eq!(
            err,
            "move 2 (Key R1): Key cannot slide 1 cell right: C34 stops it after 0"
        );
        assert_eq!(g.count(), 0);
        assert!(g.load("BC1 X").is_err());
    }
}
