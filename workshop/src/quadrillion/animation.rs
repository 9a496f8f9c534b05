//! A Quadrillion board's solution as frames: the board with the shapes the challenge places,
//! then with one more of the solver's shapes placed each frame.

use super::picture::Palette;
use crate::animation::{Animated, Error, Film, Look, drawing};
use engine::quadrillion::{Placement, count};
use engine::solving::Cancel;

/// Animates the solver's solution: a board has no solution file, its moves are its shapes.
pub fn animate(text: &str, solution: Option<&str>, look: &Look) -> Result<Animated, Error> {
    if solution.is_some() {
        return Err(Error::NoSolutionFiles("Quadrillion board"));
    }
    crate::animation::check_width(look.width)?;
    let parsed = lockfmt::quadrillion::parse(text);
    let Some(ch) = parsed.valid_challenge().cloned() else {
        return Err(Error::Unreadable(parsed.diagnostics));
    };
    let counted = count(&ch, Some(1), &look.limits, Cancel::NEVER).map_err(|p| {
        Error::Unplayable(p.first().map_or_else(
            || "the challenge cannot be played".into(),
            |p| p.to_string(),
        ))
    })?;
    let Some(solution) = counted.first.first() else {
        return Ok(match counted.stopped {
            Some(stop) => Animated::Stopped(format!("no solution found: {}", stop.stopped())),
            None => Animated::NoSolution("the shapes left cannot all be placed".into()),
        });
    };
    // The shapes the challenge places stay as it places them; the rest come one a frame.
    let mut placed = ch.placed.clone();
    let mut frames = vec![placed.clone()];
    for p in &solution.placements {
        if !placed.iter().any(|q: &Placement| q.shape == p.shape) {
            placed.push(*p);
            frames.push(placed.clone());
        }
    }
    let palette = Palette::of_theme(look.dark);
    let width = look.width;
    Ok(Animated::Film(Film::new(frames.len(), move |i| {
        super::render::pixmap(&ch.board, &frames[i], width, &palette).map_err(drawing)
    })))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::animation::testing;

    #[test]
    fn each_shape_placed_is_a_frame() {
        let text = include_str!("../../../templates/quadrillion/challenge-57.quad");
        let ch = lockfmt::quadrillion::parse(text)
            .valid_challenge()
            .cloned()
            .expect("reads");
        let look = Look::new(220, false);
        let shapes = count(&ch, Some(1), &look.limits, Cancel::NEVER)
            .expect("plays")
            .first[0]
            .placements
            .len();
        let Ok(Animated::Film(film)) = animate(text, None, &look) else {
            panic!("no film");
        };
        testing::check(
            &film.gif().expect("gif"),
            shapes - ch.placed.len(),
            look.width,
        );
        assert!(matches!(
            animate(text, Some(""), &look),
            Err(Error::NoSolutionFiles(_))
        ));
    }
}
