//! A hex lock's solution as frames: the lock, then the lock after each move, drawn as Export
//! PNG draws it (the pieces named).

use super::picture::{Colouring, Colours, Palette};
use super::solver::{self, Job};
use crate::animation::{Animated, Error, Film, Look, drawing};
use engine::hexlock::physics::Workspace;
use engine::hexlock::search::{Goal, Verdict};
use engine::hexlock::{Lock, Mechanism, Move};

/// Animates the moves of `solution` (a solution file's text), else the solver's.
pub fn animate(text: &str, solution: Option<&str>, look: &Look) -> Result<Animated, Error> {
    crate::animation::check_width(look.width)?;
    let parsed = lockfmt::hexlock::parse(text);
    let Some(lock) = parsed.valid_lock().cloned() else {
        return Err(Error::Unreadable(parsed.diagnostics));
    };
    let moves = match solution {
        Some(solution) => given(&lock, solution)?,
        None => match solved(&lock, look)? {
            Ok(moves) => moves,
            Err(none) => return Ok(none),
        },
    };
    let locks = played(&lock, &moves)?;
    let colouring = if look.distinct {
        Colouring::Distinct
    } else {
        Colouring::ByKind
    };
    // Coloured apart as they start, pieces keep their colours as they move: coloured anew
    // each frame, a piece would change colour as it touched another.
    let colours = Colours::of(&locks[0], colouring);
    let palette = Palette::of_theme(look.dark);
    let width = look.width;
    Ok(Animated::Film(Film::new(locks.len(), move |i| {
        super::render::frame(&locks[i], width, &colours, &palette).map_err(drawing)
    })))
}

/// The moves of a solution file, which must be this lock's.
fn given(lock: &Lock, text: &str) -> Result<Vec<Move>, Error> {
    let solution = lockfmt::hexlock::parse_solution(text).map_err(Error::SolutionDoesNotRead)?;
    if !solution.names(lock) {
        return Err(Error::Solution(format!(
            "the solution is of another lock (`{}`), not of `{}`",
            solution.lock_name, lock.info.name
        )));
    }
    Ok(solution.moves)
}

/// A shortest solution, or what the solver found instead.
fn solved(lock: &Lock, look: &Look) -> Result<Result<Vec<Move>, Animated>, Error> {
    let mut job = Job::shortest(lock.clone(), Goal::Solution);
    job.limits = look.limits;
    let answer =
        solver::run(&job, &mut |_| {}, None).map_err(|e| Error::Solution(e.to_string()))?;
    Ok(match (answer.report.verdict(), answer.report.solution) {
        (Verdict::Solved, Some(moves)) => Ok(moves),
        (Verdict::GaveUp { limit }, _) => Err(Animated::Stopped(format!(
            "no solution found before the solver was stopped by {limit}"
        ))),
        _ => Err(Animated::NoSolution(
            "no sequence of moves opens the lock".into(),
        )),
    })
}

/// The lock before the first move and after each.
fn played(lock: &Lock, moves: &[Move]) -> Result<Vec<Lock>, Error> {
    let mech = Mechanism::new(lock).map_err(|e| Error::Unplayable(e.to_string()))?;
    let mut ws = Workspace::new();
    let mut state = mech.initial_state();
    let mut out = vec![mech.to_lock(&state)];
    for (i, &mv) in moves.iter().enumerate() {
        state = mech.step(&state, mv, &mut ws).map_err(|e| {
            Error::Solution(format!(
                "move {} ({}) cannot be played: {e}",
                i + 1,
                lockfmt::hexlock::format_move(mv)
            ))
        })?;
        out.push(mech.to_lock(&state));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::animation::testing;

    const LOOK: Look = Look {
        width: 240,
        dark: false,
        distinct: false,
        limits: engine::solving::Limits::time(crate::animation::SOLVE_TIME),
    };

    fn film(animated: Animated) -> Film {
        match animated {
            Animated::Film(f) => f,
            _ => panic!("no film"),
        }
    }

    #[test]
    fn the_solvers_solution_is_played_a_frame_a_move() {
        let text = include_str!("../../../templates/hexlock/tutorial/02-push.lock");
        let lock = lockfmt::hexlock::parse(text).document.expect("lock").lock;
        let moves = solved(&lock, &LOOK)
            .expect("solves")
            .ok()
            .expect("a solution");
        let gif = film(animate(text, None, &LOOK).expect("animates"))
            .gif()
            .expect("gif");
        testing::check(&gif, moves.len(), LOOK.width);
    }

    #[test]
    fn a_solution_file_is_played_as_written() {
        let text = include_str!("../../../templates/hexlock/tutorial/02-push.lock");
        let solution = include_str!("../../../templates/hexlock/tutorial/02-push.solution");
        let moves = lockfmt::hexlock::parse_solution(solution)
            .expect("reads")
            .moves;
        let gif = film(animate(text, Some(solution), &LOOK).expect("animates"))
            .gif()
            .expect("gif");
        testing::check(&gif, moves.len(), LOOK.width);
    }

    /// Coloured anew each frame, a piece changed colour as it came to touch another (the
    /// Stretch lesson's B, red, then green).
    #[test]
    fn with_distinct_colours_a_piece_keeps_its_colour_as_it_moves() {
        let text = include_str!("../../../templates/hexlock/tutorial/05-stretch.lock");
        let lock = lockfmt::hexlock::parse(text).document.expect("lock").lock;
        let moves = solved(&lock, &LOOK)
            .expect("solves")
            .ok()
            .expect("a solution");
        let locks = played(&lock, &moves).expect("plays");
        let look = Look {
            distinct: true,
            ..LOOK
        };
        let gif = film(animate(text, None, &look).expect("animates"))
            .gif()
            .expect("gif");
        let frames = testing::frames(&gif);
        let (hw, hh) = super::super::picture::extent(lock.size);
        let scale = look.width as f32 / (2.0 * hw);
        for name in lock.blocks.iter().map(|b| b.name) {
            let colour_in = |i: usize| {
                let block = locks[i].blocks.iter().find(|b| b.name == name)?;
                // Below the centre of its first cell, clear of the letter written there.
                let c = super::super::picture::centre(*block.cells.first()?);
                let (x, y) = ((c.0 + hw) * scale, (c.1 + 0.6 + hh) * scale);
                Some(frames[i].0.get_pixel(x as u32, y as u32).0)
            };
            let first = colour_in(0).expect("the block");
            for i in 1..frames.len() {
                let now = colour_in(i).expect("the block");
                let apart = first.iter().zip(&now).map(|(a, b)| a.abs_diff(*b)).max();
                assert!(
                    apart.is_some_and(|d| d < 40),
                    "{name} is {first:?} at the start, {now:?} in frame {i}"
                );
            }
        }
    }

    #[test]
    fn another_locks_solution_and_bad_text_are_refused_without_a_panic() {
        let text = include_str!("../../../templates/hexlock/tutorial/02-push.lock");
        let other =
            include_str!("../../../templates/hexlock/tutorial/01-clear-the-bolthole.solution");
        assert!(matches!(
            animate(text, Some(other), &LOOK),
            Err(Error::Solution(_))
        ));
        assert!(matches!(
            animate(text, Some("not a move"), &LOOK),
            Err(Error::SolutionDoesNotRead(_))
        ));
        assert!(matches!(
            animate("bad", None, &LOOK),
            Err(Error::Unreadable(_))
        ));
        assert!(matches!(
            animate(
                text,
                None,
                &Look {
                    width: 9000,
                    ..LOOK
                }
            ),
            Err(Error::Width(9000))
        ));
    }
}
