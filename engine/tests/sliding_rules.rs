//! The sliding lock's rules, one test per sentence of the seed and per choice where it is
//! silent (docs/sliding.md).

mod sliding_common;

use engine::sliding::{
    Answer, Cell, Kind, Limits, Lock, Obstacle, Orientation, ProblemKind, Refusal, format_moves,
    parse_moves, solve,
};
use sliding_common::{SEED_EXAMPLE, lock, picture};

fn play(l: &Lock, moves: &str) -> Result<Lock, (usize, Refusal)> {
    let written = parse_moves(moves).expect("moves read");
    l.play(&written)
        .map(|states| states.last().cloned().unwrap_or_else(|| l.clone()))
}

fn refusal(l: &Lock, moves: &str) -> Refusal {
    match play(l, moves) {
        Ok(after) => panic!("{moves} was allowed:\n{}", picture(&after)),
        Err((_, r)) => r,
    }
}

fn kinds(l: &Lock) -> Vec<ProblemKind> {
    l.problems().into_iter().map(|p| p.kind).collect()
}

/// The names of the vertical and horizontal pieces, in the lock's order.
fn sliders(l: &Lock) -> Vec<String> {
    (0..l.pieces.len())
        .filter(|&i| l.pieces[i].kind == Kind::Slider)
        .map(|i| l.name(i))
        .collect()
}

fn cell(name: &str) -> Cell {
    Cell::parse(name).expect("a cell")
}

#[test]
fn the_seeds_example_picks_in_three_moves_with_row_1_at_the_bottom() {
    let l = lock(SEED_EXAMPLE);
    assert!(l.problems().is_empty(), "{:?}", l.problems());
    assert_eq!(l.find("BC1").map(|i| l.pieces[i].kind), Some(Kind::Slider));
    assert_eq!(l.find("C34").map(|i| l.pieces[i].kind), Some(Kind::Slider));
    let after = play(&l, "BC1 left 1, C34 down 2, Key right 1").expect("the seed's solution");
    assert!(after.is_picked());
    // C34 can slide two spaces down only once BC1 has left C1.
    let r = refusal(&l, "C34 D2");
    assert!(
        matches!(r, Refusal::Blocked { reach: 1, by: Obstacle::Piece(ref p), .. } if p == "BC1"),
        "{r:?}"
    );
    // And nothing shorter picks it.
    let report = solve(&l, &Limits::default()).expect("legal");
    match report.answer {
        Answer::Solved { moves } => {
            assert_eq!(moves.len(), 3);
            assert_eq!(format_moves(&l.write_all(&moves)), "BC1 L1, C34 D2, Key R1");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_board_is_at_most_11_by_11_labelled_in_algebraic_notation() {
    let l = lock(SEED_EXAMPLE);
    assert_eq!((l.board.width(), l.board.height()), (4, 4));
    assert_eq!(l.name(l.find("Keyhole").unwrap_or(99)), "Keyhole");
    assert_eq!(l.pieces[l.keyhole().unwrap_or(0)].at.to_string(), "D3");
    let big = engine::sliding::Board::new(14, 20);
    assert_eq!((big.width(), big.height()), (11, 11));
}

#[test]
fn no_piece_is_placed_on_a_dark_cell() {
    let l = lock(
        "
        . . . .
        K K . @
        . * . .
        . . . .
    ",
    );
    assert!(l.problems().is_empty());
    let mut bad = l.clone();
    bad.board.set_dark(cell("A3"), true);
    assert_eq!(kinds(&bad), vec![ProblemKind::OnDarkCell]);
    assert!(bad.problems()[0].message.contains("A3"));
}

#[test]
fn no_piece_slides_into_a_dark_cell() {
    let l = lock(
        "
        . . . .
        K K . @
        . * a .
        . . a .
    ",
    );
    let r = refusal(&l, "C12 L1");
    assert!(matches!(r, Refusal::WrongWay { .. }), "{r:?}");
    let l = lock(
        "
        . . . .
        K K . @
        * a a .
        . . . .
    ",
    );
    let r = refusal(&l, "BC2 L1");
    assert!(
        matches!(r, Refusal::Blocked { by: Obstacle::Dark, at: Some(c), .. } if c == cell("A2")),
        "{r:?}"
    );
    assert!(r.to_string().contains("dark cell A2"), "{r}");
}

#[test]
fn the_key_is_two_cells_and_slides_only_along_its_length() {
    let l = lock(SEED_EXAMPLE);
    let k = l.key().expect("key");
    assert_eq!(l.pieces[k].length, 2);
    assert!(matches!(refusal(&l, "Key U1"), Refusal::WrongWay { .. }));
    let v = lock(
        "
        . . @ .
        . . . K
        . . . K
        . . . .
    ",
    );
    assert!(matches!(refusal(&v, "Key L1"), Refusal::WrongWay { .. }));
    assert!(play(&v, "Key D1").is_ok());
    let mut long = l.clone();
    long.pieces[k].length = 3;
    assert!(kinds(&long).contains(&ProblemKind::KeyLength));
}

#[test]
fn the_keyhole_is_one_cell_on_an_unlabelled_edge_and_never_moves() {
    let l = lock(SEED_EXAMPLE);
    assert!(matches!(
        refusal(&l, "Keyhole L1"),
        Refusal::DoesNotSlide {
            kind: Kind::Keyhole,
            ..
        }
    ));
    // The top row and the rightmost column are unlabelled; the bottom row and the left column
    // carry the labels.
    for (at, legal) in [
        ("D3", true),
        ("B4", true),
        ("D1", true),
        ("A3", false),
        ("B1", false),
        ("B2", false),
    ] {
        let mut m = lock(
            "
            . . . .
            . . . .
            K K . .
            . . . .
        ",
        );
        m.pieces.push(engine::sliding::Piece::keyhole(cell(at)));
        let ks = kinds(&m);
        assert_eq!(
            !ks.contains(&ProblemKind::KeyholeNotOnUnlabelledEdge),
            legal,
            "keyhole at {at}: {ks:?}"
        );
    }
}

#[test]
fn vertical_pieces_slide_up_and_down_and_horizontal_pieces_left_and_right() {
    let l = lock(
        "
        . . . . .
        . a . . @
        . a . b b
        . . . . .
        K K . . .
    ",
    );
    assert!(play(&l, "B34 U1").is_ok());
    assert!(play(&l, "B34 D1").is_ok());
    assert!(matches!(
        refusal(&l, "B34 D2"),
        Refusal::Blocked {
            by: Obstacle::Piece(_),
            ..
        }
    ));
    assert!(matches!(refusal(&l, "B34 L1"), Refusal::WrongWay { .. }));
    assert!(play(&l, "DE3 L1").is_ok());
    assert!(matches!(
        refusal(&l, "DE3 L2"),
        Refusal::Blocked {
            by: Obstacle::Piece(_),
            ..
        }
    ));
    assert!(matches!(refusal(&l, "DE3 U1"), Refusal::WrongWay { .. }));
    assert!(
        refusal(&l, "DE3 D1")
            .to_string()
            .contains("slides only left and right")
    );
}

#[test]
fn a_piece_never_slides_off_the_board() {
    let l = lock(SEED_EXAMPLE);
    let r = refusal(&l, "C34 U1");
    assert!(
        matches!(
            r,
            Refusal::Blocked {
                by: Obstacle::Edge,
                reach: 0,
                ..
            }
        ),
        "{r:?}"
    );
    let r = refusal(&l, "BC1 R2");
    assert!(
        matches!(
            r,
            Refusal::Blocked {
                by: Obstacle::Edge,
                reach: 1,
                ..
            }
        ),
        "{r:?}"
    );
}

#[test]
fn a_piece_never_slides_past_another_piece() {
    let l = lock(
        "
        . . . . .
        K K . . @
        . a . b b
        . a . . .
        . . . . .
    ",
    );
    // DE3 can reach C3 but not pass B34 to A3.
    assert!(play(&l, "DE3 L1").is_ok());
    let r = refusal(&l, "DE3 L3");
    assert!(
        matches!(r, Refusal::Blocked { reach: 1, by: Obstacle::Piece(ref p), .. } if p == "B23"),
        "{r:?}"
    );
}

#[test]
fn a_move_counts_once_however_far_the_piece_slides() {
    let l = lock(
        "
        . . . . . .
        . . . . . @
        . . . . . .
        K K . . . .
    ",
    );
    // Four cells to the right is one move.
    let far = parse_moves("Key R4").expect("reads");
    assert_eq!(far.len(), 1);
    assert!(l.play(&far).is_ok());
    let two = parse_moves("Key R1, Key R1").expect("reads");
    assert_eq!(two.len(), 2, "slide A, slide A again is two moves");
}

#[test]
fn moving_piece_a_then_b_then_a_again_is_three_moves() {
    let l = lock(SEED_EXAMPLE);
    let moves = parse_moves("BC1 L1, C34 D1, AB1 R1").expect("reads");
    let states = l.play(&moves).expect("legal");
    assert_eq!(states.len(), 3);
    // The solver counts the same way: its answer's length is the number of moves listed.
    let report = solve(&l, &Limits::default()).expect("legal");
    let Answer::Solved { moves } = report.answer else {
        panic!("{:?}", report.answer)
    };
    assert_eq!(l.write_all(&moves).len(), 3);
}

#[test]
fn an_axis_never_slides() {
    let l = lock(
        "
        . . . .
        K K . @
        + a a .
        . . . .
    ",
    );
    assert!(l.problems().is_empty(), "{:?}", l.problems());
    assert!(matches!(
        refusal(&l, "A2 R1"),
        Refusal::DoesNotSlide {
            kind: Kind::Axis,
            ..
        }
    ));
}

#[test]
fn an_axis_turns_its_pieces_90_degrees_either_way_or_180_in_one_move() {
    let l = lock(
        "
        . . . . .
        . . . . @
        . . + a a
        . . . . .
        K K . . .
    ",
    );
    let cw = play(&l, "C3 CW").expect("clockwise");
    // a lay to the right of the axis; a quarter turn clockwise (row 1 at the bottom) lays it below.
    assert_eq!(sliders(&cw)[0], "C12", "{}", picture(&cw));
    let ccw = play(&l, "C3 CCW").expect("anticlockwise");
    assert_eq!(sliders(&ccw)[0], "C45", "{}", picture(&ccw));
    let half = play(&l, "C3 180").expect("half");
    assert_eq!(sliders(&half)[0], "AB3", "{}", picture(&half));
    assert_eq!(parse_moves("C3 180").map(|m| m.len()), Ok(1));
}

#[test]
fn a_turned_piece_slides_along_its_new_orientation() {
    let l = lock(
        "
        . . . . .
        . . . . @
        . . + a a
        . . . . .
        K K . . .
    ",
    );
    let cw = play(&l, "C3 CW").expect("turns");
    let p = cw.pieces[cw
        .pieces
        .iter()
        .position(|p| p.kind == Kind::Slider)
        .unwrap_or(0)];
    assert_eq!(p.orientation, Orientation::Vertical);
    // Now vertical, it slides up and down, never left.
    let r = refusal(&l, "C3 CW, C12 L1");
    assert!(matches!(r, Refusal::WrongWay { .. }), "{r:?}");
}

#[test]
fn every_axis_needs_a_piece_attached_by_an_end() {
    let bare = lock(
        "
        . . . .
        K K . @
        . + . .
        . . . .
    ",
    );
    assert_eq!(kinds(&bare), vec![ProblemKind::BareAxis]);
    // A horizontal piece beside the axis but lying across it (its long side) is not attached.
    let side = lock(
        "
        . . . .
        K K . @
        . + . .
        . a a .
    ",
    );
    assert_eq!(kinds(&side), vec![ProblemKind::BareAxis]);
    let end = lock(
        "
        . . . .
        K K . @
        . + . .
        . a . .
    ",
    );
    // A single cell is not a piece.
    assert!(kinds(&end).contains(&ProblemKind::SliderTooShort));
    let ok = lock(
        "
        . . . .
        K K . @
        . + . .
        . a . .
        . a . .
    ",
    );
    assert!(ok.problems().is_empty(), "{:?}", ok.problems());
    assert_eq!(
        ok.attached(
            ok.pieces
                .iter()
                .position(|p| p.kind == Kind::Axis)
                .unwrap_or(0)
        )
        .len(),
        1
    );
}

#[test]
fn a_piece_detaches_by_sliding_in_its_own_direction_while_another_stays_attached() {
    let l = lock(
        "
        . . . . . .
        K K . . . @
        . . + a a .
        . . b . . .
        . . b . . .
        . . . . . .
    ",
    );
    assert!(l.problems().is_empty(), "{:?}", l.problems());
    let away = play(&l, "DE4 R1").expect("b stays attached");
    assert_eq!(
        away.attached(0).len() + away.attached(1).len() + away.attached(2).len(),
        1
    );
    let r = refusal(&l, "DE4 R1, C23 D1");
    assert!(
        matches!(r, Refusal::LeavesAxisBare { axis } if axis == cell("C4")),
        "{r:?}"
    );
}

#[test]
fn a_turn_ignores_pieces_in_the_way_only_where_the_pieces_end_up_matters() {
    // a sweeps past c on its way from the right of the axis to below it.
    let l = lock(
        "
        . . . b . .
        . . . b . @
        . . + a a .
        . . . . c .
        . . . . c .
        K K . . . .
    ",
    );
    assert!(l.problems().is_empty(), "{:?}", l.problems());
    let cw = play(&l, "C4 CW").expect("the turn ignores b and c in the way");
    assert_eq!(sliders(&cw)[0], "C23", "{}", picture(&cw));
    // But not a piece where it ends.
    let blocked = lock(
        "
        . . . . . .
        . . . . . @
        . . + a a .
        . . . . . .
        . . d d . .
        K K . . . .
    ",
    );
    let r = refusal(&blocked, "C4 CW");
    assert!(matches!(r, Refusal::TurnOntoPiece { .. }), "{r:?}");
}

#[test]
fn a_turn_ignores_dark_cells_and_the_edge_in_the_way_but_never_ends_on_them() {
    let l = lock(
        "
        . . . * .
        . . + a a
        . . . * .
        . . . . .
        K K . . @
    ",
    );
    assert!(l.problems().is_empty(), "{:?}", l.problems());
    let cw = play(&l, "C4 CW").expect("dark cells passed over are ignored");
    assert_eq!(sliders(&cw)[0], "C23");
    let into_dark = lock(
        "
        . . . . .
        . . + a a
        . . * . .
        . . . . .
        K K . . @
    ",
    );
    assert!(matches!(
        refusal(&into_dark, "C4 CW"),
        Refusal::TurnIntoDark { .. }
    ));
    let off = lock(
        "
        . . + a a
        . . . . .
        . . . . .
        K K . . @
    ",
    );
    assert!(matches!(
        refusal(&off, "C4 CCW"),
        Refusal::TurnOffBoard { .. }
    ));
}

#[test]
fn pieces_attached_to_one_axis_turn_together() {
    let l2 = lock(
        "
        . . . . . .
        . . b . . @
        . . b . . .
        . . + a a .
        . . . . . .
        K K . . . .
    ",
    );
    assert!(l2.problems().is_empty(), "{:?}", l2.problems());
    let both = play(&l2, "C3 CW").expect("turns both");
    // a goes from the right to below, b from above to the right.
    let names: Vec<String> = (0..both.pieces.len()).map(|i| both.name(i)).collect();
    assert!(
        names.contains(&"C12".to_string()),
        "{names:?}\n{}",
        picture(&both)
    );
    assert!(
        names.contains(&"DE3".to_string()),
        "{names:?}\n{}",
        picture(&both)
    );
}

#[test]
fn a_piece_that_slides_end_on_against_an_axis_becomes_attached() {
    let l = lock(
        "
        . . . . . .
        K K . . . @
        . . + a a .
        . . . . . .
        . . b . . .
        . . b . . .
    ",
    );
    assert!(l.problems().is_empty(), "{:?}", l.problems());
    let axis = l
        .pieces
        .iter()
        .position(|p| p.kind == Kind::Axis)
        .unwrap_or(0);
    assert_eq!(l.attached(axis).len(), 1);
    let up = play(&l, "C12 U1").expect("slides up against the axis");
    assert_eq!(up.attached(axis).len(), 2);
}

#[test]
fn the_key_may_be_attached_to_an_axis_and_turned() {
    let l = lock(
        "
        . . . . .
        . . . . @
        . . . . .
        . + K K .
        . . . . .
    ",
    );
    assert!(l.problems().is_empty(), "{:?}", l.problems());
    let turned = play(&l, "B2 CCW").expect("the key turns");
    let k = turned.pieces[turned.key().unwrap_or(0)];
    assert_eq!(k.orientation, Orientation::Vertical);
    assert_eq!(turned.name(turned.key().unwrap_or(0)), "Key");
}

#[test]
fn the_lock_is_picked_when_the_key_touches_the_keyhole_with_a_side_of_length_1() {
    let end_on = lock(
        "
        . . . .
        . K K @
        . . . .
    ",
    );
    assert!(end_on.is_picked());
    assert!(kinds(&end_on).contains(&ProblemKind::AlreadyPicked));
    // Touching with a long side does not pick.
    let long_side = lock(
        "
        . . . @
        . . K K
        . . . .
    ",
    );
    assert!(!long_side.is_picked());
    let vertical = lock(
        "
        . . . @
        . . . K
        . . . K
    ",
    );
    assert!(vertical.is_picked());
}

#[test]
fn no_move_is_made_once_the_lock_is_picked() {
    let l = lock(SEED_EXAMPLE);
    let r = refusal(&l, "BC1 L1, C34 D2, Key R1, Key L1");
    assert_eq!(r, Refusal::AlreadyPicked);
}

#[test]
fn pieces_are_named_by_their_cells_and_the_names_follow_them() {
    let l = lock(SEED_EXAMPLE);
    let after = play(&l, "BC1 L1").expect("slides");
    assert!(after.find("AB1").is_some());
    assert!(after.find("BC1").is_none());
    let r = refusal(&l, "BC1 L1, BC1 L1");
    assert_eq!(r, Refusal::NoSuchPiece { name: "BC1".into() });
}

/// The seed names pieces by the cells they cover; the Key and the Keyhole by their cells were
/// "no piece is called AB3".
#[test]
fn the_key_and_the_keyhole_answer_to_their_cells_too() {
    let l = lock(SEED_EXAMPLE);
    assert_eq!(l.find("ab3"), l.key());
    assert_eq!(l.find("D3"), l.keyhole());
    assert!(play(&l, "BC1 L1, C34 D2, AB3 R1").is_ok_and(|after| after.is_picked()));
    assert!(matches!(refusal(&l, "D3 L1"), Refusal::DoesNotSlide { .. }));
    assert_eq!(
        l.name(l.key().expect("a Key")),
        "Key",
        "printed as the Key still"
    );
}

#[test]
fn moves_are_read_in_any_case_with_words_or_letters_and_printed_canonically() {
    let m = parse_moves("bc1 left 1; c34 down 2\nkey R1 # the key\nD4 ccw, e5 180, A1 u")
        .expect("reads");
    assert_eq!(
        format_moves(&m),
        "BC1 L1, C34 D2, Key R1, D4 CCW, E5 180, A1 U1"
    );
    assert_eq!(m[0].sentence(), "slide BC1 1 space to the left");
    assert_eq!(m[1].sentence(), "slide C34 2 spaces downward");
    assert_eq!(parse_moves("BC1 L1 C34 D2 Key R1").map(|m| m.len()), Ok(3));
    let e = parse_moves("BC1 L1, C34 sideways").expect_err("bad");
    assert_eq!(e.number, 2);
    assert!(e.to_string().contains("sideways"), "{e}");
    assert!(parse_moves("BC1").is_err());
    assert!(parse_moves("BC1 L0").is_err());
    assert!(parse_moves("!! L1").is_err());
}

/// A slide is 1 to 10 cells, and a distance past that is refused as typed: `R300` was said to
/// slide 255 cells, and `R99999` to be "neither a direction with a distance nor a turn".
#[test]
fn a_distance_past_ten_cells_is_refused_as_it_was_typed() {
    for (moves, said) in [
        ("Key R11", "`Key R11`: a slide is 1 to 10 cells"),
        ("Key R300", "`Key R300`: a slide is 1 to 10 cells"),
        (
            "Key R99999999999999999999999",
            "`Key R99999999999999999999999`: a slide is 1 to 10 cells",
        ),
        ("Key right 300", "`Key right 300`: a slide is 1 to 10 cells"),
        ("BC1 L0", "`BC1 L0`: a slide is 1 to 10 cells"),
    ] {
        let e = parse_moves(moves).expect_err(moves);
        assert_eq!(e.message, said, "{moves}");
    }
    assert_eq!(
        parse_moves("Key R10").map(|m| format_moves(&m)),
        Ok("Key R10".to_string())
    );
    let e = parse_moves("Key R1x").expect_err("not a distance");
    assert!(e.message.contains("is neither a direction"), "{e}");
}
