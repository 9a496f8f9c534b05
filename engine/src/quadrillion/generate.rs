//! Challenges with exactly one solution, from a seed.
//!
//! A board is laid at random — the grids joined one by one, each to a side of one already laid,
//! along the whole side or offset by half of it, with a random side up and a random turn — and
//! every solution of it is listed. A board with exactly one solution is a challenge as it is.
//! Otherwise one of its solutions is chosen at random, and shapes of that solution are placed,
//! each time the shape that leaves the fewest solutions (ties broken at random), until only the
//! chosen one is left. A board with no solution, or with more solutions than the limit, is
//! dropped for the next.
//!
//! The **difficulty** is `log2` of the search nodes the solver needs to find the solution and to
//! prove that there is no other: it grows with the shapes left to place and with how many ways
//! they nearly fit.

use super::board::{Board, Challenge, Placement};
use super::dot::Dot;
use super::grid::{GRID_SIZE, GridId, GridPlacement, Side};
use super::solve::{Limits, Stop, count, for_each_solution};
use std::time::{Duration, Instant};

/// A generated challenge.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    /// The challenge, with its board at row 0, column 0.
    pub challenge: Challenge,
    /// Its only solution's placements of the shapes the player places.
    pub solution: Vec<Placement>,
    /// The seed it came from.
    pub seed: u64,
    /// `log2` of the solver's nodes to solve it and prove it unique.
    pub difficulty: f64,
    /// How many boards were laid before this one.
    pub boards_tried: u32,
}

/// Why no challenge came out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// A limit stopped the generator before it found one.
    #[error("no challenge found: {}", .0.stopped())]
    Stopped(Stop),
    /// The board given has no solution.
    #[error("the board has no solution")]
    NoSolution,
}

/// The most solutions a random board may have before it is dropped for the next.
const MAX_SOLUTIONS: u64 = 200_000;

pub use crate::random::Random;

/// A random legal board.
pub fn random_board(rng: &mut Random) -> Board {
    let mut grids: Vec<GridPlacement> = Vec::new();
    let mut order = GridId::ALL;
    rng.shuffle(&mut order);
    for g in order {
        let side = if rng.below(2) == 0 {
            Side::White
        } else {
            Side::Black
        };
        let turns = rng.below(4) as u8;
        let at = if grids.is_empty() {
            Dot::new(0, 0)
        } else {
            loop {
                let next = grids[rng.below(grids.len())].at;
                let offset = [-2, 0, 2][rng.below(3)];
                let at = match rng.below(4) {
                    0 => Dot::new(next.row - GRID_SIZE, next.col + offset),
                    1 => Dot::new(next.row + GRID_SIZE, next.col + offset),
                    2 => Dot::new(next.row + offset, next.col - GRID_SIZE),
                    _ => Dot::new(next.row + offset, next.col + GRID_SIZE),
                };
                let overlaps = grids.iter().any(|p| {
                    (p.at.row - at.row).abs() < GRID_SIZE && (p.at.col - at.col).abs() < GRID_SIZE
                });
                if !overlaps {
                    break at;
                }
            }
        };
        grids.push(GridPlacement {
            grid: g,
            side,
            turns,
            at,
        });
    }
    Board { grids }.normalised()
}

/// Generates a challenge from `seed`: on `board` if given (the shapes to place are then chosen
/// for it), else on random boards until one serves.
pub fn generate(
    seed: u64,
    board: Option<&Board>,
    limits: &Limits,
) -> Result<Generated, GenerateError> {
    let t0 = Instant::now();
    let mut rng = Random::new(seed);
    let mut boards_tried = 0;
    loop {
        let left = Limits {
            timeout: limits.timeout.map(|t| t.saturating_sub(t0.elapsed())),
            ..*limits
        };
        if left.timeout == Some(Duration::ZERO) {
            return Err(GenerateError::Stopped(Stop::Time {
                after: limits.timeout.unwrap_or_default(),
            }));
        }
        let b = match board {
            Some(b) => b.clone(),
            None => random_board(&mut rng),
        };
        let ch = Challenge::empty(b);
        let mut all: Vec<Vec<Placement>> = Vec::new();
        let listed = for_each_solution(&ch, &left, None, |s| {
            all.push(s.to_vec());
            (all.len() as u64) < MAX_SOLUTIONS
        });
        let too_many = all.len() as u64 >= MAX_SOLUTIONS;
        match listed {
            Ok((_, Some(stop))) => return Err(GenerateError::Stopped(stop)),
            Ok((_, None)) if !all.is_empty() && !too_many => {
                return Ok(finish(ch, all, &mut rng, seed, boards_tried));
            }
            Err(_) | Ok(_) if board.is_some() => return Err(GenerateError::NoSolution),
            _ => {}
        }
        boards_tried += 1;
    }
}

/// Places shapes of one solution, chosen at random, until it is the only one left.
fn finish(
    mut ch: Challenge,
    mut all: Vec<Vec<Placement>>,
    rng: &mut Random,
    seed: u64,
    boards_tried: u32,
) -> Generated {
    let target = all[rng.below(all.len())].clone();
    while all.len() > 1 {
        // The shape of the target that the fewest other solutions place alike.
        let mut best: Vec<(usize, Placement)> = Vec::new();
        for p in &target {
            if ch.placed.iter().any(|q| q.shape == p.shape) {
                continue;
            }
            let alike = all.iter().filter(|s| s.contains(p)).count();
            match best.first() {
                Some((n, _)) if alike > *n => {}
                Some((n, _)) if alike == *n => best.push((alike, *p)),
                _ => best = vec![(alike, *p)],
            }
        }
        let (_, chosen) = best[rng.below(best.len())];
        ch.placed.push(chosen);
        all.retain(|s| s.contains(&chosen));
    }
    let solution: Vec<Placement> = target
        .into_iter()
        .filter(|p| !ch.placed.iter().any(|q| q.shape == p.shape))
        .collect();
    ch.placed.sort_by_key(|p| p.shape);
    let nodes = count(
        &ch,
        Some(2),
        &Limits::default(),
        crate::solving::Cancel::NEVER,
    )
    .map(|c| c.nodes)
    .unwrap_or(0);
    Generated {
        challenge: ch,
        solution,
        seed,
        difficulty: (nodes.max(1) as f64).log2(),
        boards_tried,
    }
}
