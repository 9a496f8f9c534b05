//! The cells a stroke of the pointer crosses on a square grid (nonograms, sliding locks): the
//! pointer can pass over several cells between two of its moves, and a painted run has no gaps.
//! The hex lock's canvas has its own, on hexes (`hexlock::canvas::between`).

/// The cells a stroke crosses going straight from `from` to `to`: every cell after `from` up to
/// and including `to`, one step at a time along the longer axis.
pub fn between(from: (usize, usize), to: (usize, usize)) -> Vec<(usize, usize)> {
    let (dx, dy) = (to.0 as i64 - from.0 as i64, to.1 as i64 - from.1 as i64);
    let steps = dx.abs().max(dy.abs());
    (1..=steps)
        .map(|i| {
            // Rounded to the nearest cell, halves away from the start.
            let at = |start: usize, d: i64| {
                let along = (2 * d.abs() * i + steps) / (2 * steps);
                (start as i64 + d.signum() * along) as usize
            };
            (at(from.0, dx), at(from.1, dy))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stroke_covers_every_cell_between_two_moves_of_the_mouse() {
        assert_eq!(between((0, 0), (3, 0)), vec![(1, 0), (2, 0), (3, 0)]);
        assert_eq!(between((4, 2), (4, 0)), vec![(4, 1), (4, 0)]);
        assert_eq!(between((5, 5), (5, 5)), vec![]);
        assert_eq!(between((0, 0), (1, 1)), vec![(1, 1)]);
        // Along the longer axis, one cell a step, the other rounded to the nearer cell (a half
        // away from the start).
        assert_eq!(
            between((0, 0), (4, 2)),
            vec![(1, 1), (2, 1), (3, 2), (4, 2)]
        );
        assert_eq!(
            between((4, 2), (0, 0)),
            vec![(3, 1), (2, 1), (1, 0), (0, 0)]
        );
        for (from, to) in [((0, 0), (7, 3)), ((9, 1), (2, 8)), ((3, 6), (3, 0))] {
            let cells = between(from, to);
            assert_eq!(cells.last(), Some(&to));
            let mut at = from;
            for &c in &cells {
                assert!(
                    at.0.abs_diff(c.0) <= 1 && at.1.abs_diff(c.1) <= 1,
                    "no cell skipped"
                );
                at = c;
            }
        }
    }
}
