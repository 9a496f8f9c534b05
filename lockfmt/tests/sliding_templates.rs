//! The sliding lock templates in `templates/sliding/`: the seed's example and the tutorial
//! series.
//!
//! Every `.slide` there parses without a diagnostic, is canonical, and its `.solution` names it,
//! is printed as the solution printer prints it, picks it, and is a shortest solution: the solver
//! finds no shorter one, and neither does a plain breadth-first search over [`Lock::legal_moves`]
//! written here, which also lists every shortest solution so that a lesson can be checked
//! against all of them. The seed's example is the seed's lock with the seed's three moves; the
//! series comes in its teaching order, and each lesson has a test showing that its lock cannot
//! be picked in its fewest moves without the rule it teaches.

use engine::sliding::{
    Answer, Board, Cell, Dir, Kind, Limits, Lock, Move, Obstacle, Orientation, Piece, Refusal,
    Turn, format_moves, parse_moves, solve,
};
use lockfmt::sliding::solution::{Solution, parse_solution, print_solution};
use lockfmt::sliding::{Document, format, parse};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The series in teaching order: file stem and the rule it teaches.
const SERIES: [(&str, &str); 8] = [
    (
        "01-key-and-keyhole",
        "the Key picks the lock by touching the Keyhole end-on",
    ),
    (
        "02-along-the-line",
        "pieces slide only along their line, one move however far",
    ),
    ("03-clear-the-way", "no piece slides past another"),
    (
        "04-dark-cells",
        "dark cells shape the board and stop slides",
    ),
    ("05-turn-aside", "an axis turns its pieces a quarter turn"),
    ("06-through-the-way", "a turn ignores pieces in the way"),
    (
        "07-new-line",
        "a turned piece slides on its new line; an axis keeps one piece",
    ),
    ("08-key-on-an-axis", "the Key turns on an axis too"),
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../templates/sliding")
}

/// Every file under `dir` whose name ends in `.ext`, in path order.
fn walk(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("templates/sliding") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            walk(&path, ext, out);
        } else if path.extension().is_some_and(|e| e == ext) {
            out.push(path);
        }
    }
    out.sort();
}

fn files(ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    walk(&root(), ext, &mut out);
    out
}

struct Template {
    text: String,
    doc: Document,
    lock: Lock,
    solution: Solution,
    solution_text: String,
}

fn load(path: &Path) -> Template {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).expect("lock file");
    let parsed = parse(&text);
    assert_eq!(parsed.diagnostics, vec![], "{name}");
    let doc = parsed.document.expect("a document");
    let lock = doc.lock.clone();
    let solution_path = path.with_extension("solution");
    let solution_text = std::fs::read_to_string(&solution_path)
        .unwrap_or_else(|e| panic!("{}: {e}", solution_path.display()));
    let solution =
        parse_solution(&solution_text).unwrap_or_else(|d| panic!("{name}.solution: {d:#?}"));
    Template {
        text,
        doc,
        lock,
        solution,
        solution_text,
    }
}

fn tutorial(stem: &str) -> Template {
    load(&root().join("tutorial").join(format!("{stem}.slide")))
}

/// The solver's shortest solution, or `None` when it proves the lock cannot be picked.
fn solver(lock: &Lock) -> Option<Vec<Move>> {
    let report = solve(lock, &Limits::default()).expect("a legal lock");
    match report.answer {
        Answer::Solved { moves } => Some(moves),
        Answer::Impossible => None,
        Answer::Stopped(stop) => panic!("the solver stopped: {stop}"),
    }
}

/// Every shortest solution made only of moves `allow` admits, by breadth-first search over
/// [`Lock::legal_moves`]; `None` when no such moves pick the lock.
fn all_shortest(lock: &Lock, allow: &dyn Fn(&Lock, &Move) -> bool) -> Option<Vec<Vec<Move>>> {
    if lock.is_picked() {
        return Some(vec![vec![]]);
    }
    let mut states = vec![lock.clone()];
    let mut index = HashMap::from([(lock.clone(), 0usize)]);
    let mut depth = vec![0usize];
    // Every move into a state from a state one move nearer the start.
    let mut parents: Vec<Vec<(usize, Move)>> = vec![vec![]];
    let mut layer = vec![0usize];
    let mut goals = Vec::new();
    let mut d = 0;
    while !layer.is_empty() && goals.is_empty() {
        let mut next = Vec::new();
        for &s in &layer {
            let here = states[s].clone();
            for mv in here.legal_moves() {
                if !allow(&here, &mv) {
                    continue;
                }
                let after = here.apply(&mv).expect("a legal move");
                if let Some(&t) = index.get(&after) {
                    if depth[t] == d + 1 {
                        parents[t].push((s, mv));
                    }
                    continue;
                }
                let t = states.len();
                index.insert(after.clone(), t);
                if after.is_picked() {
                    goals.push(t);
                }
                states.push(after);
                depth.push(d + 1);
                parents.push(vec![(s, mv)]);
                next.push(t);
            }
        }
        layer = next;
        d += 1;
    }
    if goals.is_empty() {
        return None;
    }
    fn back(
        t: usize,
        parents: &[Vec<(usize, Move)>],
        tail: &mut Vec<Move>,
        out: &mut Vec<Vec<Move>>,
    ) {
        if parents[t].is_empty() {
            out.push(tail.iter().rev().copied().collect());
            return;
        }
        for &(s, mv) in &parents[t] {
            tail.push(mv);
            back(s, parents, tail, out);
            tail.pop();
        }
    }
    let mut out = Vec::new();
    for g in goals {
        back(g, &parents, &mut Vec::new(), &mut out);
    }
    Some(out)
}

fn shortest_with(lock: &Lock, allow: &dyn Fn(&Lock, &Move) -> bool) -> Option<usize> {
    all_shortest(lock, allow).map(|all| all[0].len())
}

fn every(_: &Lock, _: &Move) -> bool {
    true
}

/// The axes turned off: slides only.
fn slides_only(_: &Lock, mv: &Move) -> bool {
    matches!(mv, Move::Slide { .. })
}

/// Moves counted by cells: slides of one cell only.
fn one_cell_slides(_: &Lock, mv: &Move) -> bool {
    match mv {
        Move::Slide { distance, .. } => *distance == 1,
        Move::Turn { .. } => true,
    }
}

/// Whether a turn swings a carried piece through a cell another piece holds: a cell of the
/// quarter (or, for a half turn, either way round) that a real piece of that length would cross
/// as it turns about the axis — `i` cells out along where it starts, `j` along where it ends,
/// with i² + j² ≤ length².
fn sweeps_through(lock: &Lock, mv: &Move) -> bool {
    let Move::Turn { axis, turn } = *mv else {
        return false;
    };
    let at = lock.pieces[axis].at;
    let carried = lock.attached(axis);
    let in_the_way = |c: Cell| {
        lock.piece_at(c)
            .is_some_and(|j| j != axis && !carried.iter().any(|&(i, _)| i == j))
    };
    let quarter = |from: Dir, to: Dir, length: u8| {
        (1..=length).any(|i| {
            (1..=length).any(|j| {
                u32::from(i * i + j * j) <= u32::from(length * length)
                    && at
                        .step(from, i)
                        .and_then(|c| c.step(to, j))
                        .is_some_and(in_the_way)
            })
        })
    };
    carried.iter().any(|&(i, from)| {
        let length = lock.pieces[i].length;
        match turn {
            Turn::Half => [Turn::Clockwise, Turn::Anticlockwise].iter().all(|&way| {
                let side = from.turned(way);
                quarter(from, side, length) || quarter(side, from.opposite(), length)
            }),
            quarter_turn => quarter(from, from.turned(quarter_turn), length),
        }
    })
}

/// The piece a move moves (the axis, for a turn).
fn mover(mv: &Move) -> usize {
    match *mv {
        Move::Slide { piece, .. } => piece,
        Move::Turn { axis, .. } => axis,
    }
}

/// The locks a solution passes through, the start first.
fn positions(lock: &Lock, moves: &[Move]) -> Vec<Lock> {
    let mut out = vec![lock.clone()];
    for mv in moves {
        let next = out.last().unwrap().apply(mv).expect("a legal move");
        out.push(next);
    }
    out
}

fn attached_to(lock: &Lock, axis: usize, piece: usize) -> bool {
    lock.attached(axis).iter().any(|&(i, _)| i == piece)
}

fn axes(lock: &Lock) -> Vec<usize> {
    (0..lock.pieces.len())
        .filter(|&i| lock.pieces[i].kind == Kind::Axis)
        .collect()
}

fn piece(lock: &Lock, name: &str) -> usize {
    lock.find(name)
        .unwrap_or_else(|| panic!("no piece {name} in\n{}", print_lock(lock)))
}

fn print_lock(lock: &Lock) -> String {
    lockfmt::sliding::print(&Document::new(lock.clone()))
}

fn slide(piece: usize, dir: Dir, distance: u8) -> Move {
    Move::Slide {
        piece,
        dir,
        distance,
    }
}

/// The length a lock file states in its `# Shortest solution: N moves.` comment.
fn stated_length(text: &str) -> Option<usize> {
    text.lines().find_map(|l| {
        l.strip_prefix("# Shortest solution: ")?
            .strip_suffix(" moves.")?
            .parse()
            .ok()
    })
}

#[test]
fn every_template_is_clean_canonical_and_solved_in_the_fewest_moves() {
    let locks = files("slide");
    let expected = 1 + SERIES.len();
    assert_eq!(locks.len(), expected, "{locks:#?}");
    for path in &locks {
        let name = path.display().to_string();
        let t = load(path);
        assert_eq!(format(&t.text).as_deref(), Ok(t.text.as_str()), "{name}");
        assert!(t.lock.is_legal(), "{name}: {:?}", t.lock.problems());
        assert!(t.doc.info.title.is_some(), "{name}: a title");
        assert!(t.doc.info.by.is_some(), "{name}: an author");
        assert!(!t.doc.info.notes.is_empty(), "{name}: a note");
        // The solution file names this lock and is what the printer prints.
        assert!(
            t.solution.names(&t.doc),
            "{name}: the solution names its lock"
        );
        assert_eq!(
            t.solution_text,
            print_solution(&Solution::for_document(&t.doc, t.solution.moves.clone())),
            "{name}: the solution file as the printer prints it"
        );
        // It picks the lock, and only with its last move.
        let after = t
            .lock
            .play(&t.solution.moves)
            .unwrap_or_else(|(n, why)| panic!("{name}: move {n}: {why}"));
        assert!(after.last().is_some_and(Lock::is_picked), "{name}: picked");
        assert!(
            after[..after.len() - 1].iter().all(|l| !l.is_picked()),
            "{name}"
        );
        // And no solution is shorter: the solver and the plain search agree.
        let n = t.solution.moves.len();
        let best = solver(&t.lock).unwrap_or_else(|| panic!("{name}: solvable"));
        assert_eq!(best.len(), n, "{name}: the solver's shortest");
        assert!(
            positions(&t.lock, &best).last().unwrap().is_picked(),
            "{name}"
        );
        assert_eq!(
            shortest_with(&t.lock, &every),
            Some(n),
            "{name}: the search"
        );
        assert_eq!(stated_length(&t.text), Some(n), "{name}: the stated length");
    }
    for path in files("solution") {
        assert!(
            path.with_extension("slide").exists(),
            "{}: a solution of no lock",
            path.display()
        );
    }
}

#[test]
fn the_seed_example_is_the_seeds_lock_picked_in_the_seeds_three_moves() {
    let t = load(&root().join("seed-example.slide"));
    let lock = &t.lock;
    let mut names: Vec<String> = (0..lock.pieces.len()).map(|i| lock.name(i)).collect();
    names.sort();
    assert_eq!(names, ["BC1", "C34", "Key", "Keyhole"]);
    let key = lock.pieces[lock.key().unwrap()];
    let hole = lock.pieces[lock.keyhole().unwrap()].at;
    assert_eq!(key.orientation, Orientation::Horizontal);
    assert_eq!(key.at.row + 1, 3, "the Key on row 3");
    assert_eq!(hole.row, key.at.row, "in the Keyhole's row");
    assert_eq!(
        key.last().col + 2,
        hole.col,
        "one slide from the Keyhole: one cell between them"
    );
    assert!(lock.board.on_unlabelled_edge(hole));
    assert_eq!(format_moves(&t.solution.moves), "BC1 L1, C34 D2, Key R1");
    assert_eq!(
        t.solution.moves,
        parse_moves("BC1 L1, C34 D2, Key R1").unwrap()
    );
    assert_eq!(
        all_shortest(lock, &every).map(|all| all.len()),
        Some(1),
        "the seed's three moves are the only three that pick it"
    );
    let info = &t.doc.info;
    assert_eq!(info.by.as_deref(), Some("uriquack"));
    let source = info.source.as_deref().unwrap_or_default();
    assert!(
        source.contains("Lockmaker") && source.contains("Death Match"),
        "{source}"
    );
    let license = info.license.as_deref().unwrap_or_default();
    assert!(
        license.contains("reproduces the example of the Lockmaker Death Match rules"),
        "{license}"
    );
}

#[test]
fn the_series_comes_in_teaching_order_and_grows_gently() {
    let mut stems: Vec<String> = files("slide")
        .iter()
        .filter(|p| p.parent().is_some_and(|d| d.ends_with("tutorial")))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    stems.sort();
    let series: Vec<&str> = SERIES.iter().map(|(s, _)| *s).collect();
    assert_eq!(stems, series);
    assert!((6..=8).contains(&SERIES.len()));
    let mut previous = 0;
    for (n, (stem, lesson)) in SERIES.iter().enumerate() {
        assert!(stem.starts_with(&format!("{:02}-", n + 1)), "{stem}");
        let t = tutorial(stem);
        assert_eq!(t.doc.info.by.as_deref(), Some("Lockwright"), "{stem}");
        let (w, h) = (t.lock.board.width(), t.lock.board.height());
        assert!(w == h && (4..=7).contains(&w), "{stem}: a {w}×{h} board");
        let length = t.solution.moves.len();
        assert!(
            (2..=6).contains(&length),
            "{stem} ({lesson}): {length} moves"
        );
        assert!(
            length >= previous,
            "{stem} ({lesson}) is easier than the one before"
        );
        previous = length;
    }
}

/// Lesson 1: the Key picks the lock only with an end against the Keyhole. Every shortest
/// solution ends with the Key sliding along the Keyhole's row until its end touches it; the same
/// board with the Key laid alongside the Keyhole instead cannot be picked at all.
#[test]
fn lesson_1_the_key_picks_the_lock_only_end_on() {
    let t = tutorial(SERIES[0].0);
    let lock = &t.lock;
    let k = lock.key().unwrap();
    let hole = lock.pieces[lock.keyhole().unwrap()].at;
    for s in all_shortest(lock, &every).unwrap() {
        assert!(matches!(s.last(), Some(Move::Slide { piece, .. }) if *piece == k));
        let end = positions(lock, &s).pop().unwrap();
        let key = end.pieces[k];
        assert_eq!(key.orientation, Orientation::Horizontal);
        assert_eq!((key.at.row, key.last().col + 1), (hole.row, hole.col));
    }
    // The Key alongside the Keyhole, touching it with its long side: no move ever picks it.
    let mut aside = lock.clone();
    aside.pieces.retain(|p| p.kind != Kind::Slider);
    let k = aside.key().unwrap();
    aside.pieces[k] = Piece::key(Cell::parse("C1").unwrap(), Orientation::Vertical);
    assert_eq!(aside.piece_at(Cell::parse("C2").unwrap()), Some(k));
    assert_eq!(Cell::parse("C2").unwrap().step(Dir::Right, 1), Some(hole));
    assert!(aside.is_legal(), "{:?}", aside.problems());
    assert!(
        !aside.is_picked(),
        "touching side-on does not pick the lock"
    );
    assert_eq!(solver(&aside), None, "nor does any move");
    assert_eq!(all_shortest(&aside, &every), None);
}

/// Lesson 2: each piece slides only along its own line, and a slide is one move however far it
/// goes. Counted in cells (slides of one cell only) the lock takes twice as many moves, and each
/// piece refuses to slide across its line.
#[test]
fn lesson_2_pieces_slide_along_their_line_one_move_however_far() {
    let t = tutorial(SERIES[1].0);
    let lock = &t.lock;
    let n = t.solution.moves.len();
    assert_eq!(n, 3);
    assert_eq!(shortest_with(lock, &one_cell_slides), Some(2 * n));
    for s in all_shortest(lock, &every).unwrap() {
        assert!(
            s.iter()
                .all(|m| matches!(m, Move::Slide { distance, .. } if *distance >= 2)),
            "every move of every shortest solution slides two cells or more: {}",
            format_moves(&lock.write_all(&s))
        );
    }
    for (name, across) in [
        ("D123", [Dir::Left, Dir::Right]),
        ("DE5", [Dir::Up, Dir::Down]),
        ("Key", [Dir::Up, Dir::Down]),
    ] {
        let p = piece(lock, name);
        for dir in across {
            assert!(
                matches!(lock.apply(&slide(p, dir, 1)), Err(Refusal::WrongWay { .. })),
                "{name} {dir:?}"
            );
        }
    }
}

/// Lesson 3: no piece slides past another, so the way is cleared in one order. Every shortest
/// solution moves the pieces in the same order, each once; at the start, each later piece's
/// move is stopped by the piece before it.
#[test]
fn lesson_3_no_piece_slides_past_another_so_the_way_clears_in_one_order() {
    let t = tutorial(SERIES[2].0);
    let lock = &t.lock;
    let order: Vec<usize> = ["A23", "BCD3", "D45", "Key"]
        .iter()
        .map(|n| piece(lock, n))
        .collect();
    let all = all_shortest(lock, &every).unwrap();
    for s in &all {
        assert_eq!(s.iter().map(mover).collect::<Vec<_>>(), order);
    }
    for (name, dir, distance, by) in [
        ("BCD3", Dir::Left, 1, "A23"),
        ("D45", Dir::Down, 1, "BCD3"),
        ("Key", Dir::Right, 2, "D45"),
    ] {
        match lock.apply(&slide(piece(lock, name), dir, distance)) {
            Err(Refusal::Blocked {
                by: Obstacle::Piece(p),
                ..
            }) => assert_eq!(p, by, "{name}"),
            other => panic!("{name}: {other:?}"),
        }
    }
}

/// Lesson 4: dark cells shape the board and stop slides. With them made light the lock is
/// picked in fewer moves, by a way the dark cell at A4 closes.
#[test]
fn lesson_4_dark_cells_stop_slides() {
    let t = tutorial(SERIES[3].0);
    let lock = &t.lock;
    let n = t.solution.moves.len();
    assert_ne!(lock.board.dark(), 0);
    let mut light = lock.clone();
    light.board = Board::new(lock.board.width(), lock.board.height());
    let lit = solver(&light).expect("solvable with every cell light");
    assert!(lit.len() < n, "{} < {n}", lit.len());
    let a4 = Cell::parse("A4").unwrap();
    let bc4 = piece(lock, "BC4");
    assert!(light.apply(&slide(bc4, Dir::Left, 1)).is_ok());
    assert!(matches!(
        lock.apply(&slide(bc4, Dir::Left, 1)),
        Err(Refusal::Blocked { by: Obstacle::Dark, at: Some(c), .. }) if c == a4
    ));
}

/// Lesson 5: an axis turns the pieces attached to it. The piece in the Key's way cannot slide
/// clear; with the axis turned off the lock cannot be picked, so every solution turns it. The
/// turn needs no piece passed through (that is lesson 6), and the wrong way round costs moves.
#[test]
fn lesson_5_an_axis_turns_the_piece_out_of_the_way() {
    let t = tutorial(SERIES[4].0);
    let lock = &t.lock;
    let n = t.solution.moves.len();
    let held = piece(lock, "C23");
    let axis = piece(lock, "C4");
    assert_eq!(lock.attached(axis), vec![(held, Dir::Down)]);
    assert!(
        lock.legal_moves().iter().all(|m| mover(m) != held),
        "the held piece cannot slide"
    );
    assert_eq!(shortest_with(lock, &slides_only), None);
    for s in all_shortest(lock, &every).unwrap() {
        assert!(s.iter().any(|m| matches!(m, Move::Turn { .. })));
    }
    assert_eq!(shortest_with(lock, &|l, m| !sweeps_through(l, m)), Some(n));
    let wrong = lock
        .apply(&Move::Turn {
            axis,
            turn: Turn::Anticlockwise,
        })
        .expect("the other way round is allowed");
    assert!(solver(&wrong).is_none_or(|s| 1 + s.len() > n));
}

/// Lesson 6: a turn ignores the pieces in its way. Every shortest solution swings a piece
/// through a cell another piece holds; were turns stopped by such pieces, the lock could not be
/// picked, nor with the axis turned off.
#[test]
fn lesson_6_a_turn_passes_through_pieces_in_its_way() {
    let t = tutorial(SERIES[5].0);
    let lock = &t.lock;
    assert_eq!(shortest_with(lock, &slides_only), None);
    assert_eq!(shortest_with(lock, &|l, m| !sweeps_through(l, m)), None);
    for s in all_shortest(lock, &every).unwrap() {
        let at = positions(lock, &s);
        assert!(
            s.iter()
                .zip(&at)
                .any(|(m, before)| sweeps_through(before, m)),
            "{}",
            format_moves(&lock.write_all(&s))
        );
    }
    // The piece passed through: AB3, which cannot get out of the way itself.
    let ab3 = piece(lock, "AB3");
    assert!(lock.legal_moves().iter().all(|m| mover(m) != ab3));
}

/// Lesson 7: a turned piece slides along its new line, and it may slide off its axis only
/// while another piece stays attached. Every shortest solution slides a piece that a turn laid
/// across its old line, off the axis, with the axis's other piece still on it; that piece,
/// left alone, may then not slide off. With the axis turned off the lock cannot be picked.
#[test]
fn lesson_7_a_turned_piece_slides_on_its_new_line_while_another_holds_the_axis() {
    let t = tutorial(SERIES[6].0);
    let lock = &t.lock;
    assert_eq!(shortest_with(lock, &slides_only), None);
    let axis = piece(lock, "D3");
    assert_eq!(lock.attached(axis).len(), 2);
    for s in all_shortest(lock, &every).unwrap() {
        let at = positions(lock, &s);
        let detached = s.iter().zip(at.windows(2)).any(|(m, w)| {
            let Move::Slide { piece: p, dir, .. } = *m else {
                return false;
            };
            let (before, after) = (&w[0], &w[1]);
            before.pieces[p].orientation != lock.pieces[p].orientation
                && !lock.pieces[p].orientation.slides(dir)
                && attached_to(before, axis, p)
                && !attached_to(after, axis, p)
                && !after.attached(axis).is_empty()
        });
        assert!(detached, "{}", format_moves(&lock.write_all(&s)));
    }
    // After the turned piece has left, the axis's last piece may not follow it.
    let played = lock.play(&t.solution.moves[..3]).unwrap();
    let now = played.last().unwrap();
    let last = now.attached(axis);
    assert_eq!(last.len(), 1);
    let (p, from) = last[0];
    assert!(matches!(
        now.apply(&slide(p, from, 1)),
        Err(Refusal::LeavesAxisBare { .. })
    ));
}

/// Lesson 8: the Key itself turns on an axis. It starts attached; with the axes turned off the
/// lock cannot be picked; every shortest solution turns the axis carrying the Key and ends with
/// the Key sliding off it while another piece stays attached.
#[test]
fn lesson_8_the_key_turns_on_its_axis() {
    let t = tutorial(SERIES[7].0);
    let lock = &t.lock;
    let k = lock.key().unwrap();
    let axis = axes(lock)
        .into_iter()
        .find(|&a| attached_to(lock, a, k))
        .expect("the Key starts on an axis");
    assert_eq!(shortest_with(lock, &slides_only), None);
    for s in all_shortest(lock, &every).unwrap() {
        let at = positions(lock, &s);
        assert!(s.iter().zip(&at).any(
            |(m, before)| matches!(*m, Move::Turn { axis: a, .. } if attached_to(before, a, k))
        ));
        let (before, after) = (&at[at.len() - 2], &at[at.len() - 1]);
        assert!(matches!(s.last(), Some(Move::Slide { piece, .. }) if *piece == k));
        assert!(attached_to(before, axis, k) && !attached_to(after, axis, k));
        assert!(!after.attached(axis).is_empty());
    }
}
