//! The seed's controller: every rule of the table, named.

mod quadrillion_common;

use engine::quadrillion::{
    Board, Challenge, Dot, GridId, Item, Orientation, Placement, RuleBroken, ShapeId, Side, Table,
};
use quadrillion_common::saved_challenges;

fn table() -> Table {
    Table::new(&Challenge::empty(Board::default_board()), false)
}

/// The default board lies at row 1, column 1 of the table: grid 1's open dot at its top-left.
fn on_board(row: i32, col: i32) -> Dot {
    Dot::new(row + 1, col + 1)
}

/// Picks `s`, moves it so its bounding box starts at `to`, and releases it.
fn put(t: &mut Table, s: ShapeId, to: Dot) -> Result<(), RuleBroken> {
    t.pick(&[Item::Shape(s)])?;
    t.move_to(to)?;
    t.release()
}

#[test]
fn a_new_table_has_the_board_and_every_shape_on_the_ground() {
    let t = table();
    assert_eq!(t.board().corner(), Dot::new(1, 1));
    assert!(t.board().is_legal());
    for s in ShapeId::ALL {
        assert!(!t.is_on_board(s), "{s}");
    }
    assert!(t.mine().is_empty());
}

#[test]
fn a_shape_lies_wholly_on_open_dots_of_grids() {
    let mut t = table();
    put(&mut t, ShapeId::L, on_board(1, 0)).unwrap();
    assert!(t.is_on_board(ShapeId::L));
    assert_eq!(t.mine().len(), 1);
}

#[test]
fn a_shape_never_covers_a_closed_dot() {
    let mut t = table();
    // Grid 1's closed dot (white side) is at row 0, column 1 of the board.
    let err = put(&mut t, ShapeId::L, on_board(0, 0)).unwrap_err();
    assert_eq!(
        err,
        RuleBroken::ShapeOnClosedDot(ShapeId::L, on_board(0, 1))
    );
}

#[test]
fn a_shape_never_lies_partly_on_the_ground_and_partly_on_grids() {
    let mut t = table();
    // The board's last row is 7; an L lying there reaches row 8, off the grids.
    let err = put(&mut t, ShapeId::L, on_board(7, 0)).unwrap_err();
    assert_eq!(err, RuleBroken::ShapePartlyOnGrid(ShapeId::L));
}

#[test]
fn a_shape_may_lie_wholly_on_the_ground() {
    let mut t = table();
    let (rows, _) = t.size();
    put(&mut t, ShapeId::L, Dot::new(rows - 2, 12)).unwrap();
    assert!(!t.is_on_board(ShapeId::L));
}

#[test]
fn shapes_never_lie_over_each_other() {
    let mut t = table();
    put(&mut t, ShapeId::L, on_board(1, 0)).unwrap();
    let err = put(&mut t, ShapeId::Y, on_board(1, 1)).unwrap_err();
    assert_eq!(err, RuleBroken::ShapesOverlap(ShapeId::Y, ShapeId::L));
}

#[test]
fn a_release_that_breaks_a_rule_is_refused_and_the_items_stay_picked() {
    let mut t = table();
    t.pick(&[Item::Shape(ShapeId::L)]).unwrap();
    t.move_to(on_board(0, 0)).unwrap();
    assert!(t.release().is_err());
    assert_eq!(t.picked(), &[Item::Shape(ShapeId::L)]);
    // Moved to a good place, the same items release.
    t.move_to(on_board(1, 0)).unwrap();
    t.release().unwrap();
    assert!(t.picked().is_empty());
}

#[test]
fn unpick_restores_what_was_picked_to_its_state_at_the_pick() {
    let mut t = table();
    let before = t.clone();
    t.pick(&[Item::Shape(ShapeId::F)]).unwrap();
    t.move_by(Dot::new(-3, 2)).unwrap();
    t.turn(true).unwrap();
    t.flip().unwrap();
    t.unpick().unwrap();
    assert_eq!(t, before);
}

#[test]
fn picking_a_grid_requires_picking_the_shapes_over_it() {
    let mut t = table();
    put(&mut t, ShapeId::L, on_board(1, 0)).unwrap();
    assert_eq!(
        t.pick(&[Item::Grid(GridId::G1)]),
        Err(RuleBroken::ShapesOnGrid {
            grid: GridId::G1,
            shapes: vec![ShapeId::L]
        })
    );
    assert!(t.picked().is_empty());
    t.pick(&[Item::Grid(GridId::G1), Item::Shape(ShapeId::L)])
        .unwrap();
    // Picking what is seen at a grid's dot takes the shapes over it too.
    t.unpick().unwrap();
    assert_eq!(t.pick_at(on_board(3, 3)), Ok(Item::Grid(GridId::G1)));
    assert_eq!(
        t.picked(),
        &[Item::Shape(ShapeId::L), Item::Grid(GridId::G1)]
    );
}

#[test]
fn a_grid_may_lie_on_the_ground() {
    let mut t = table();
    t.pick(&[Item::Grid(GridId::G4)]).unwrap();
    t.move_to(Dot::new(1, 12)).unwrap();
    t.release().unwrap();
    assert_eq!(t.grid(GridId::G4).at, Dot::new(1, 12));
    // The grids no longer make one board.
    assert!(!t.board().is_legal());
}

#[test]
fn a_grid_never_lies_over_a_shape() {
    let mut t = table();
    let l = t.shape(ShapeId::L).at;
    t.pick(&[Item::Grid(GridId::G4)]).unwrap();
    t.move_to(l).unwrap();
    assert_eq!(
        t.release(),
        Err(RuleBroken::GridOverShape(GridId::G4, ShapeId::L))
    );
}

#[test]
fn grids_never_lie_over_each_other() {
    let mut t = table();
    t.pick(&[Item::Grid(GridId::G4)]).unwrap();
    t.move_by(Dot::new(-2, 0)).unwrap();
    assert_eq!(
        t.release(),
        Err(RuleBroken::GridsOverlap(GridId::G4, GridId::G2))
    );
}

#[test]
fn releasing_checks_the_grids_first_then_the_shapes_over_them_as_they_now_lie() {
    let mut t = table();
    put(&mut t, ShapeId::L, on_board(5, 4)).unwrap();
    t.pick_at(on_board(6, 6)).unwrap();
    // Grid 4 carries the L to the ground's right of the board.
    t.move_by(Dot::new(0, 8)).unwrap();
    t.release().unwrap();
    assert_eq!(t.grid(GridId::G4).at, on_board(4, 12));
    assert!(t.is_on_board(ShapeId::L));
    assert_eq!(t.shape(ShapeId::L).at, on_board(5, 12));
}

#[test]
fn nothing_is_released_off_the_table() {
    let mut t = table();
    t.pick(&[Item::Shape(ShapeId::L)]).unwrap();
    t.move_to(Dot::new(-1, 0)).unwrap();
    assert_eq!(
        t.release(),
        Err(RuleBroken::OffTable(Item::Shape(ShapeId::L)))
    );
}

#[test]
fn one_pick_at_a_time_and_nothing_moves_unpicked() {
    let mut t = table();
    assert_eq!(t.move_by(Dot::new(0, 1)), Err(RuleBroken::NothingPicked));
    assert_eq!(t.release(), Err(RuleBroken::NothingPicked));
    t.pick(&[Item::Shape(ShapeId::L)]).unwrap();
    assert_eq!(
        t.pick(&[Item::Shape(ShapeId::T)]),
        Err(RuleBroken::AlreadyPicked)
    );
    assert_eq!(t.pick_at(Dot::new(-5, -5)), Err(RuleBroken::AlreadyPicked));
    t.unpick().unwrap();
    assert_eq!(t.pick_at(Dot::new(-5, -5)), Err(RuleBroken::NothingThere));
}

#[test]
fn turning_and_flipping_a_held_shape_turns_its_dots() {
    let mut t = table();
    t.pick(&[Item::Shape(ShapeId::N)]).unwrap();
    let start = t.shape(ShapeId::N);
    t.turn(true).unwrap();
    assert_eq!(t.shape(ShapeId::N).orientation, Orientation::new(false, 1));
    assert_eq!(t.shape(ShapeId::N).at, start.at, "it turns in place");
    t.turn(false).unwrap();
    assert_eq!(t.shape(ShapeId::N), start);
    t.flip().unwrap();
    assert_eq!(t.shape(ShapeId::N).orientation, Orientation::new(true, 0));
    t.flip().unwrap();
    assert_eq!(t.shape(ShapeId::N), start);
}

#[test]
fn a_grid_turned_over_shows_its_other_side() {
    let mut t = table();
    t.pick(&[Item::Grid(GridId::G2)]).unwrap();
    t.flip().unwrap();
    t.release().unwrap();
    assert_eq!(t.grid(GridId::G2).side, Side::Black);
    assert_eq!(t.board().open_dots().len(), 57);
}

#[test]
fn reset_puts_every_item_back_where_the_table_started() {
    let mut t = table();
    let start = t.clone();
    put(&mut t, ShapeId::L, on_board(1, 0)).unwrap();
    t.pick(&[Item::Shape(ShapeId::T)]).unwrap();
    t.reset();
    assert_eq!(t, start);
}

#[test]
fn a_challenges_own_shapes_stay_where_it_placed_them() {
    let b = saved_challenges().into_iter().next().unwrap();
    let fixed = b.challenge.placed[0].shape;
    let mut t = Table::new(&b.challenge, true);
    assert!(t.is_fixed(fixed));
    assert_eq!(
        t.pick(&[Item::Shape(fixed)]),
        Err(RuleBroken::FixedShape(fixed))
    );
    let under = t.shape(fixed).dots()[0];
    let grid = t
        .board()
        .grids
        .iter()
        .find(|g| g.spans(under))
        .unwrap()
        .grid;
    assert_eq!(
        t.pick(&[Item::Grid(grid)]),
        Err(RuleBroken::FixedShape(fixed))
    );
    // In the editor nothing is fixed.
    let mut edit = Table::new(&b.challenge, false);
    edit.pick(&[Item::Shape(fixed)]).unwrap();
}

#[test]
fn a_shape_lifted_off_the_board_goes_back_to_the_ground() {
    let mut t = table();
    put(&mut t, ShapeId::L, on_board(1, 0)).unwrap();
    t.lift(ShapeId::L).unwrap();
    assert!(!t.is_on_board(ShapeId::L));
    // Placing follows the rules: a placement over a closed dot is refused and nothing moves.
    let before = t.clone();
    let bad = Placement {
        shape: ShapeId::L,
        orientation: Orientation::default(),
        at: on_board(0, 0),
    };
    assert!(t.place(bad).is_err());
    assert_eq!(t, before);
}
