//! What changed between two versions of a Quadrillion board, in words: each grid that lies
//! otherwise, each shape placed, moved or taken off, and what the board's author says of it.
//! Positions are compared as the canonical form writes them, from the board's top-left dot.

use super::Document;
use super::print::{grid_lie, shape_lie};
use engine::quadrillion::{GridId, ShapeId};

/// The changes from `old` to `new`, one sentence each, in the file's order.
pub fn changes(old: &Document, new: &Document) -> Vec<String> {
    let mut out = old.info.changes(&new.info);
    let (a, b) = (old.challenge.normalised(), new.challenge.normalised());
    for id in GridId::ALL {
        let find = |c: &engine::quadrillion::Challenge| {
            c.board.grids.iter().find(|g| g.grid == id).map(grid_lie)
        };
        let n = id.number();
        match (find(&a), find(&b)) {
            (Some(x), Some(y)) if x != y => out.push(format!("grid {n} lies {y} (was {x})")),
            (None, Some(y)) => out.push(format!("grid {n} is added: {y}")),
            (Some(x), None) => out.push(format!("grid {n} is taken away (was {x})")),
            _ => {}
        }
    }
    for id in ShapeId::ALL {
        let find = |c: &engine::quadrillion::Challenge| {
            c.placed.iter().find(|p| p.shape == id).map(shape_lie)
        };
        let l = id.letter();
        match (find(&a), find(&b)) {
            (Some(x), Some(y)) if x != y => out.push(format!("shape {l} lies {y} (was {x})")),
            (None, Some(y)) => out.push(format!("shape {l} is placed: {y}")),
            (Some(x), None) => out.push(format!("shape {l} is taken off (was {x})")),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::changes;

    fn board(text: &str) -> super::Document {
        super::super::parse(text).document.expect("a board")
    }

    const BOARD: &str = "title \"One\"\n\ngrid 1 black at 0 0\ngrid 2 white at 0 4\ngrid 3 white at 4 0\ngrid 4 black at 4 4\n\nshape T at 0 0\n";

    #[test]
    fn grids_and_shapes_that_lie_otherwise_are_named_as_their_lines_say() {
        let new = BOARD
            .replace("grid 2 white at 0 4", "grid 2 black turn 1 at 0 4")
            .replace("shape T at 0 0", "shape T turn 3 at 1 1\nshape L at 5 5")
            .replace("\"One\"", "\"Two\"");
        assert_eq!(
            changes(&board(BOARD), &board(&new)),
            [
                "the title is “Two” (was “One”)",
                "grid 2 lies black turn 1 at 0 4 (was white at 0 4)",
                "shape T lies turn 3 at 1 1 (was at 0 0)",
                "shape L is placed: at 5 5",
            ]
        );
        assert!(changes(&board(BOARD), &board(BOARD)).is_empty());
    }

    #[test]
    fn moving_the_whole_board_changes_nothing() {
        let moved = BOARD
            .replace("at 0 0", "at 2 0")
            .replace("at 0 4", "at 2 4")
            .replace("at 4 0", "at 6 0")
            .replace("at 4 4", "at 6 4");
        assert!(changes(&board(BOARD), &board(&moved)).is_empty());
    }
}
