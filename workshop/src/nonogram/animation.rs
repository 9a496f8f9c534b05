//! A nonogram's solution as frames: the empty grid, then the grid after each deduction of the
//! line rule, in the order the studio's stepper walks them; a puzzle the line rule alone does
//! not finish ends on the solver's picture.

use super::cli::{CONTRADICTIONS, Drawn, picture_within};
use super::picture::Palette;
use crate::animation::{Animated, Error, Film, Look, drawing};
use engine::nonogram::Grid;
use engine::nonogram::deduce::{Hint, deductions};

/// Animates the solving of a nonogram's clues. A nonogram has no solution file: its moves are
/// the line rule's.
pub fn animate(text: &str, solution: Option<&str>, look: &Look) -> Result<Animated, Error> {
    if solution.is_some() {
        return Err(Error::NoSolutionFiles("nonogram"));
    }
    crate::animation::check_width(look.width)?;
    let parsed = lockfmt::nonogram::parse(text);
    let Some(puzzle) = parsed.valid_puzzle().cloned() else {
        // Clues that contradict themselves prove there is no solution, as `solve` answers.
        let mut errors = parsed
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .peekable();
        let first = errors.peek().map(|d| d.message.clone());
        if let Some(why) = first
            && errors.all(|d| CONTRADICTIONS.contains(&d.code.as_str()))
        {
            return Ok(Animated::NoSolution(why));
        }
        return Err(Error::Unreadable(parsed.diagnostics));
    };
    let steps = deductions(&puzzle, &Grid::new(puzzle.width, puzzle.height));
    let mut grids: Vec<Grid> = std::iter::once(steps.start.clone())
        .chain(steps.steps.iter().map(|s| s.after.clone()))
        .collect();
    match steps.end {
        Hint::Solved => {}
        Hint::Contradiction(_) | Hint::Malformed(_) => {
            return Ok(Animated::NoSolution(
                "the clues contradict each other: no picture gives them".into(),
            ));
        }
        Hint::Stuck | Hint::Deduce(_) | Hint::Probe(_) => {
            match picture_within(&puzzle, &look.limits) {
                Drawn::Goal(g)
                | Drawn::Only(g)
                | Drawn::OneOfSeveral(g)
                | Drawn::FoundBeforeLimit(g) => grids.push(g),
                Drawn::NoneExists => {
                    return Ok(Animated::NoSolution("no picture gives these clues".into()));
                }
                Drawn::NoneFound => {
                    return Ok(Animated::Stopped(
                        "no picture found before the solver's limit".into(),
                    ));
                }
            }
        }
    }
    let palette = Palette::of_theme(look.dark);
    let width = look.width;
    Ok(Animated::Film(Film::new(grids.len(), move |i| {
        super::render::pixmap(&puzzle, Some(&grids[i]), width, &palette).map_err(drawing)
    })))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::animation::testing;

    const LOOK: Look = Look {
        width: 200,
        dark: true,
        distinct: false,
        limits: engine::solving::Limits::time(crate::animation::SOLVE_TIME),
    };

    #[test]
    fn each_deduction_of_the_line_rule_is_a_frame() {
        let text = include_str!("../../../templates/nonogram/spade.non");
        let puzzle = lockfmt::nonogram::parse(text)
            .document
            .expect("reads")
            .puzzle;
        let steps = deductions(&puzzle, &Grid::new(puzzle.width, puzzle.height));
        assert_eq!(steps.end, Hint::Solved, "the line rule solves the spade");
        let Ok(Animated::Film(film)) = animate(text, None, &LOOK) else {
            panic!("no film");
        };
        testing::check(&film.gif().expect("gif"), steps.steps.len(), LOOK.width);
    }

    #[test]
    fn a_puzzle_the_line_rule_cannot_finish_ends_on_the_solvers_picture() {
        // Two pictures give these clues (a diagonal either way): the line rule fixes nothing.
        let text = "width 2\nheight 2\n\nrows\n1\n1\n\ncolumns\n1\n1\n";
        let Ok(Animated::Film(film)) = animate(text, None, &LOOK) else {
            panic!("no film");
        };
        testing::check(&film.gif().expect("gif"), 1, LOOK.width);
    }

    #[test]
    fn contradicting_clues_have_no_solution_and_files_are_refused() {
        let text = "width 2\nheight 2\n\nrows\n2\n0\n\ncolumns\n0\n0\n";
        assert!(matches!(
            animate(text, None, &LOOK),
            Ok(Animated::NoSolution(_))
        ));
        let spade = include_str!("../../../templates/nonogram/spade.non");
        assert!(matches!(
            animate(spade, Some("x"), &LOOK),
            Err(Error::NoSolutionFiles(_))
        ));
    }
}
