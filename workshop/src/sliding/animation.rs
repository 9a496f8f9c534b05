//! A sliding lock's solution as frames: the lock, then the lock after each move, to the Key
//! in the Keyhole.

use super::picture::Palette;
use crate::animation::{Animated, Error, Film, Look, drawing};
use engine::sliding::{Answer, Written};
use lockfmt::sliding::solution::parse_solution;

/// Animates the moves of `solution` (a solution file's text), else the solver's.
pub fn animate(text: &str, solution: Option<&str>, look: &Look) -> Result<Animated, Error> {
    crate::animation::check_width(look.width)?;
    let parsed = lockfmt::sliding::parse(text);
    let (Some(doc), Some(lock)) = (parsed.document.as_ref(), parsed.valid_lock()) else {
        return Err(Error::Unreadable(parsed.diagnostics));
    };
    let lock = lock.clone();
    let moves: Vec<Written> = match solution {
        Some(text) => {
            let solution = parse_solution(text).map_err(Error::SolutionDoesNotRead)?;
            if !solution.names(doc) {
                return Err(Error::Solution(format!(
                    "the solution names another lock (`{}`)",
                    solution.lock_name
                )));
            }
            solution.moves
        }
        None => {
            let report = engine::sliding::solve(&lock, &look.limits).map_err(|problems| {
                Error::Unplayable(
                    problems
                        .first()
                        .map(ToString::to_string)
                        .unwrap_or_default(),
                )
            })?;
            match report.answer {
                Answer::Solved { moves } => lock.write_all(&moves),
                Answer::Impossible => {
                    return Ok(Animated::NoSolution(
                        "no sequence of moves picks the lock".into(),
                    ));
                }
                Answer::Stopped(stop) => {
                    return Ok(Animated::Stopped(format!(
                        "no solution found: {}",
                        stop.stopped()
                    )));
                }
            }
        }
    };
    let after = lock.play(&moves).map_err(|(n, why)| {
        Error::Solution(format!("move {n} `{}` is refused: {why}", moves[n - 1]))
    })?;
    let mut locks = vec![lock];
    locks.extend(after);
    let palette = Palette::of_theme(look.dark);
    let width = look.width;
    Ok(Animated::Film(Film::new(locks.len(), move |i| {
        super::render::pixmap(&locks[i], width, &palette).map_err(drawing)
    })))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::animation::testing;
    use engine::sliding::Limits;

    const LOOK: Look = Look {
        width: 160,
        dark: false,
        distinct: false,
        limits: Limits::time(crate::animation::SOLVE_TIME),
    };
    const SEED: &str = include_str!("../../../templates/sliding/seed-example.slide");

    #[test]
    fn the_solvers_moves_are_played_a_frame_each() {
        let lock = lockfmt::sliding::parse(SEED)
            .valid_lock()
            .cloned()
            .expect("legal");
        let Answer::Solved { moves } = engine::sliding::solve(&lock, &Limits::default())
            .expect("plays")
            .answer
        else {
            panic!("the seed example is picked");
        };
        let Ok(Animated::Film(film)) = animate(SEED, None, &LOOK) else {
            panic!("no film");
        };
        testing::check(&film.gif().expect("gif"), moves.len(), LOOK.width);
        let one_state = Look {
            limits: Limits::steps(1),
            ..LOOK
        };
        assert!(matches!(
            animate(SEED, None, &one_state),
            Ok(Animated::Stopped(_))
        ));
    }

    #[test]
    fn a_solution_file_is_played_and_a_refused_move_is_said() {
        let solution = include_str!("../../../templates/sliding/seed-example.solution");
        let moves = parse_solution(solution).expect("reads").moves.len();
        let Ok(Animated::Film(film)) = animate(SEED, Some(solution), &LOOK) else {
            panic!("no film");
        };
        testing::check(&film.gif().expect("gif"), moves, LOOK.width);
        assert!(matches!(
            animate(SEED, Some("moves: Key L9"), &LOOK),
            Err(Error::Solution(_) | Error::SolutionDoesNotRead(_))
        ));
    }
}
