//! The Quadrillion model against the seed's data: shapes, grids and their sides, boards and
//! when they are legal, and the orientations' arithmetic.

mod quadrillion_common;

use engine::quadrillion::dot::normalise;
use engine::quadrillion::{
    Board, BoardProblem, Challenge, ChallengeProblem, Dot, GridId, GridPlacement, Orientation,
    Placement, ShapeId, Side,
};
use quadrillion_common::{data, data_boards, read_picture};

#[test]
fn twelve_shapes_one_of_3_dots_one_of_4_ten_pentominoes_57_dots_in_all() {
    let sizes: Vec<usize> = ShapeId::ALL.iter().map(|s| s.size()).collect();
    assert_eq!(sizes.iter().filter(|&&n| n == 3).count(), 1);
    assert_eq!(sizes.iter().filter(|&&n| n == 4).count(), 1);
    assert_eq!(sizes.iter().filter(|&&n| n == 5).count(), 10);
    assert_eq!(sizes.iter().sum::<usize>(), 57);
}

#[test]
fn shapes_are_the_seeds_with_as_many_distinct_orientations() {
    let d = data();
    for s in d["shapes"].as_array().unwrap() {
        let letter = s["letter"].as_str().unwrap().chars().next().unwrap();
        let shape = ShapeId::from_letter(letter).unwrap();
        let cells: Vec<Dot> = s["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| Dot::new(c[0].as_i64().unwrap() as i32, c[1].as_i64().unwrap() as i32))
            .collect();
        assert_eq!(shape.dots(), normalise(cells).as_slice(), "shape {letter}");
        assert_eq!(
            shape.distinct_orientations().len() as u64,
            s["distinct_orientations"].as_u64().unwrap(),
            "shape {letter}"
        );
    }
}

#[test]
fn shapes_turn_and_flip_in_every_orientation() {
    for s in ShapeId::ALL {
        for o in Orientation::ALL {
            let dots = s.oriented(o);
            // A turn or a flip of the oriented dots is the orientation's arithmetic.
            let turned = Orientation::new(false, 1).orient(&dots);
            assert_eq!(turned, s.oriented(o.turned_clockwise()), "{s} {o:?} turned");
            let back = Orientation::new(false, 3).orient(&dots);
            assert_eq!(back, s.oriented(o.turned_anticlockwise()), "{s} {o:?} back");
            let flipped = Orientation::new(true, 0).orient(&dots);
            assert_eq!(flipped, s.oriented(o.flipped()), "{s} {o:?} flipped");
        }
        // Four turns, or two flips, change nothing.
        let o = Orientation::default();
        let four = (0..4).fold(o, |o, _| o.turned_clockwise());
        assert_eq!(four, o);
        assert_eq!(o.flipped().flipped(), o);
    }
}

#[test]
fn grids_have_two_sides_whose_closed_dots_differ() {
    let d = data();
    for g in d["grids"].as_array().unwrap() {
        let id = GridId::from_number(g["id"].as_str().unwrap()[1..].parse().unwrap()).unwrap();
        for (side, key) in [
            (Side::White, "white_side_up"),
            (Side::Black, "black_side_up"),
        ] {
            let mask: Vec<String> = g[key]["mask"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r.as_str().unwrap().to_string())
                .collect();
            let placed = GridPlacement {
                grid: id,
                side,
                turns: 0,
                at: Dot::new(0, 0),
            };
            let mut closed = Vec::new();
            for (r, line) in mask.iter().enumerate() {
                for (c, ch) in line.chars().enumerate() {
                    if ch == 'x' {
                        closed.push(Dot::new(r as i32, c as i32));
                    }
                }
            }
            assert_eq!(placed.closed_dots(), closed, "grid {id} {key}");
            assert_eq!(placed.open_dots().len(), 16 - closed.len());
        }
        assert_ne!(id.closed(Side::White), id.closed(Side::Black), "grid {id}");
    }
}

fn mask_of(board: &Board) -> Vec<String> {
    let corner = board.corner();
    let (h, w) = board.size();
    (0..h)
        .map(|r| {
            (0..w)
                .map(|c| {
                    let d = Dot::new(corner.row + r, corner.col + c);
                    if board.is_closed(d) {
                        'x'
                    } else if board.is_open(d) {
                        'o'
                    } else {
                        ' '
                    }
                })
                .collect()
        })
        .collect()
}

#[test]
fn grids_turned_and_placed_give_the_seeds_boards() {
    for b in data_boards() {
        assert_eq!(mask_of(&b.challenge.board), b.open_mask, "{}", b.name);
        assert_eq!(b.challenge.board.open_dots().len(), 57, "{}", b.name);
    }
}

#[test]
fn every_board_of_the_seed_is_legal_and_its_shapes_lie_on_open_dots() {
    for b in data_boards() {
        assert_eq!(b.challenge.problems(), vec![], "{}", b.name);
    }
}

#[test]
fn the_seeds_first_solutions_are_drawn_from_its_challenges() {
    for b in data_boards() {
        let s = read_picture(&b.challenge.board, &b.first_solution);
        assert_eq!(
            s.picture(&b.challenge.board),
            b.first_solution,
            "{}",
            b.name
        );
        for p in &b.challenge.placed {
            assert!(
                s.placements.contains(&p.canonical()),
                "{} keeps {}",
                b.name,
                p.shape
            );
        }
    }
}

fn grid(g: GridId, row: i32, col: i32) -> GridPlacement {
    GridPlacement {
        grid: g,
        side: Side::White,
        turns: 0,
        at: Dot::new(row, col),
    }
}

fn line(offsets: [i32; 3]) -> Board {
    // Grids side by side, each offset vertically from the one before.
    let mut row = 0;
    let mut grids = vec![grid(GridId::G1, 0, 0)];
    for (i, off) in offsets.into_iter().enumerate() {
        row += off;
        grids.push(grid(GridId::ALL[i + 1], row, 4 * (i as i32 + 1)));
    }
    Board { grids }
}

#[test]
fn grids_join_along_a_whole_side_or_half_of_one() {
    assert!(line([0, 0, 0]).is_legal());
    assert!(line([2, -2, 2]).is_legal());
    assert!(line([-2, 0, 2]).is_legal());
    assert!(Board::default_board().is_legal());
}

#[test]
fn grids_offset_by_one_or_three_dots_do_not_join() {
    // Misaligned grids hold nothing together: the board falls apart there too.
    assert_eq!(
        line([1, 0, 0]).problems(),
        vec![
            BoardProblem::Misaligned(GridId::G1, GridId::G2, 1),
            BoardProblem::NotJoined(GridId::G2, GridId::G1)
        ]
    );
    assert_eq!(
        line([1, 0, 0]).problems()[0].to_string(),
        "grids 1 and 2 touch at an offset of 1 along their side: grids join along a whole side \
         or half of one (offset 0 or 2)",
        "no \"dot(s)\""
    );
    assert_eq!(
        line([0, 3, 0]).problems(),
        vec![
            BoardProblem::Misaligned(GridId::G2, GridId::G3, 3),
            BoardProblem::NotJoined(GridId::G3, GridId::G1)
        ]
    );
}

#[test]
fn grids_touching_at_a_corner_or_apart_are_not_one_board() {
    let corner = line([0, 4, 0]);
    assert_eq!(
        corner.problems(),
        vec![BoardProblem::NotJoined(GridId::G3, GridId::G1)]
    );
    let mut apart = Board::default_board();
    apart.grids[3].at = Dot::new(20, 20);
    assert_eq!(
        apart.problems(),
        vec![BoardProblem::NotJoined(GridId::G4, GridId::G1)]
    );
}

/// For the editor's canvas: every grid a problem lies with, where the problems name only the
/// first grid cut off from the board.
#[test]
fn misplaced_grids_are_every_grid_cut_off_and_both_of_a_bad_pair() {
    assert!(Board::default_board().misplaced_grids().is_empty());
    // A corner contact cuts G3 off, and G4 with it: the problem names G3 alone.
    assert_eq!(line([0, 4, 0]).misplaced_grids(), [GridId::G3, GridId::G4]);
    // Misaligned: G1 and G2 for the bad join, and G2 to G4 are not joined to G1.
    assert_eq!(
        line([1, 0, 0]).misplaced_grids(),
        [GridId::G1, GridId::G2, GridId::G3, GridId::G4]
    );
    let mut apart = Board::default_board();
    apart.grids[3].at = Dot::new(20, 20);
    assert_eq!(apart.misplaced_grids(), [GridId::G4]);
}

#[test]
fn grids_never_overlap_on_a_board() {
    let mut b = Board::default_board();
    b.grids[1].at = Dot::new(0, 2);
    assert!(
        b.problems()
            .contains(&BoardProblem::Overlap(GridId::G1, GridId::G2))
    );
}

#[test]
fn a_board_has_each_of_the_four_grids_once() {
    let mut b = Board::default_board();
    b.grids[3].grid = GridId::G1;
    assert_eq!(
        b.problems(),
        vec![
            BoardProblem::RepeatedGrid(GridId::G1),
            BoardProblem::MissingGrid(GridId::G4)
        ]
    );
}

#[test]
fn a_challenge_places_each_shape_once_on_open_dots_none_over_another() {
    let board = Board::default_board();
    let at = |s: ShapeId, row, col| Placement {
        shape: s,
        orientation: Orientation::default(),
        at: Dot::new(row, col),
    };
    // Grid 1 (white) has its closed dot at row 0, column 1.
    let closed = Challenge {
        board: board.clone(),
        placed: vec![at(ShapeId::L, 0, 0)],
    };
    assert!(matches!(
        closed.problems()[..],
        [ChallengeProblem::OffOpenDots {
            shape: ShapeId::L,
            what: "a closed dot",
            ..
        }]
    ));
    let off = Challenge {
        board: board.clone(),
        placed: vec![at(ShapeId::L, 7, 0)],
    };
    assert!(matches!(
        off.problems()[..],
        [ChallengeProblem::OffOpenDots {
            what: "no grid",
            ..
        }]
    ));
    let twice = Challenge {
        board: board.clone(),
        placed: vec![at(ShapeId::L, 1, 0), at(ShapeId::L, 3, 0)],
    };
    assert_eq!(
        twice.problems(),
        vec![ChallengeProblem::RepeatedShape(ShapeId::L)]
    );
    let over = Challenge {
        board,
        placed: vec![at(ShapeId::L, 1, 0), at(ShapeId::Y, 1, 1)],
    };
    assert_eq!(
        over.problems(),
        vec![ChallengeProblem::Overlap(
            ShapeId::L,
            ShapeId::Y,
            Dot::new(1, 1)
        )]
    );
}

#[test]
fn a_challenge_normalises_alike_wherever_it_lies_and_in_whatever_order_it_was_listed() {
    let at = |s: ShapeId, row, col| Placement {
        shape: s,
        orientation: Orientation::default(),
        at: Dot::new(row, col),
    };
    let listed = Challenge {
        board: line([0, 0, 0]),
        placed: vec![at(ShapeId::L, 1, 0), at(ShapeId::Y, 1, 5)],
    };
    let mut board = line([0, 0, 0]).moved(Dot::new(3, -4));
    board.grids.swap(0, 2);
    let elsewhere = Challenge {
        board,
        placed: vec![at(ShapeId::Y, 4, 1), at(ShapeId::L, 4, -4)],
    };
    assert_ne!(listed, elsewhere);
    assert_eq!(elsewhere.normalised(), listed.normalised());
    let n = elsewhere.normalised();
    let numbers: Vec<GridId> = n.board.grids.iter().map(|g| g.grid).collect();
    assert_eq!(numbers, GridId::ALL);
    let shapes: Vec<ShapeId> = n.placed.iter().map(|p| p.shape).collect();
    assert_eq!(shapes, [ShapeId::L, ShapeId::Y]);
    assert_eq!(n.board.corner(), Dot::new(0, 0));
}
