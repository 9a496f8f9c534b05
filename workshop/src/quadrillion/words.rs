//! The table's words for the player: shapes by the colour they are drawn in ("the purple
//! shape"), where the engine and the file name them by letter (`/`, `<`), which mean nothing on
//! the table.

use super::picture::colour_name;
use engine::quadrillion::generate::Generated;
use engine::quadrillion::{Item, RuleBroken, ShapeId};

/// A shape as the player calls it: "the purple shape".
pub fn shape(s: ShapeId) -> String {
    format!("the {} shape", colour_name(s))
}

/// Several shapes: "the purple shape", "the purple and pink shapes", "the purple, red and pink
/// shapes".
pub fn shapes(all: &[ShapeId]) -> String {
    let names: Vec<&str> = all.iter().map(|&s| colour_name(s)).collect();
    match names.as_slice() {
        [] => "no shape".into(),
        [one] => format!("the {one} shape"),
        many => format!("the {} shapes", lockfmt::words::listed(many)),
    }
}

/// The note a generated challenge's file carries: "One solution; 3 shapes placed, 9 to place;
/// difficulty 4.2."
pub fn generated_note(g: &Generated) -> String {
    let placed = g.challenge.placed.len();
    format!(
        "One solution; {} placed, {} to place; difficulty {:.1}.",
        lockfmt::words::count(placed, "shape"),
        12usize.saturating_sub(placed),
        g.difficulty
    )
}

/// A shape or a grid as the player calls it.
pub fn item(i: Item) -> String {
    match i {
        Item::Shape(s) => shape(s),
        Item::Grid(g) => format!("grid {g}"),
    }
}

/// Why the table refuses an action, in the player's words.
pub fn refusal(e: &RuleBroken) -> String {
    match e {
        RuleBroken::FixedShape(s) => {
            format!(
                "{} belongs to the challenge and stays where it is",
                shape(*s)
            )
        }
        RuleBroken::ShapesOnGrid { grid, shapes: on } => format!(
            "picking grid {grid} requires picking the shapes over it: {}",
            shapes(on)
        ),
        RuleBroken::OffTable(i) => format!("{} would leave the table", item(*i)),
        RuleBroken::GridOverShape(g, s) => format!(
            "grid {g} would lie over {}: a grid may lie on the ground, never over a shape",
            shape(*s)
        ),
        RuleBroken::ShapesOverlap(a, b) => {
            format!("{} would overlap {}", shape(*a), shape(*b))
        }
        RuleBroken::ShapePartlyOnGrid(s) => format!(
            "{} would lie partly on a grid: a shape lies wholly on the ground or wholly on grids",
            shape(*s)
        ),
        RuleBroken::ShapeOnClosedDot(s, dot) => format!(
            "{} would cover a closed dot at row {}, column {}",
            shape(*s),
            dot.row,
            dot.col
        ),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::quadrillion::{Dot, GridId};

    /// Every refusal that names a shape names it by colour, never by the file's letter.
    #[test]
    fn refusals_name_shapes_by_colour() {
        let (w, n) = (ShapeId::W, ShapeId::N);
        let said = [
            refusal(&RuleBroken::FixedShape(w)),
            refusal(&RuleBroken::ShapesOnGrid {
                grid: GridId::G2,
                shapes: vec![w, n],
            }),
            refusal(&RuleBroken::OffTable(Item::Shape(w))),
            refusal(&RuleBroken::GridOverShape(GridId::G1, w)),
            refusal(&RuleBroken::ShapesOverlap(w, n)),
            refusal(&RuleBroken::ShapePartlyOnGrid(w)),
            refusal(&RuleBroken::ShapeOnClosedDot(w, Dot::new(1, 2))),
        ];
        for s in &said {
            assert!(s.contains("purple"), "{s}");
            assert!(!s.contains(&format!(" {} ", w.letter())), "{s}");
        }
        assert_eq!(
            said[0],
            "the purple shape belongs to the challenge and stays where it is"
        );
        assert_eq!(said[4], "the purple shape would overlap the pink shape");
        assert_eq!(
            said[1],
            "picking grid 2 requires picking the shapes over it: the purple and pink shapes"
        );
        assert_eq!(
            refusal(&RuleBroken::NothingPicked),
            RuleBroken::NothingPicked.to_string()
        );
    }
}
