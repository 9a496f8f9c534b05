//! Physics scenarios written in the lock text format: a small lock, the moves played on it, and
//! the lock text and annotations expected afterwards.
//!
//! In the scenario files a lock text starts on the line after its opening quote, so that its
//! grid lines up; [`lock_text`] drops that first newline. Every lock text, before or after, must
//! parse without a single diagnostic and be in canonical form (`print(parse(text)) == text`).
//! Moves are written in the move notation (`hE`, `hCW`, `wNE`, `.`; see `docs/moves.md`).
#![allow(dead_code)]

use engine::Hex;
use engine::hexlock::Lock;
use engine::hexlock::model::PieceRef;
use engine::hexlock::physics::trace::{
    Blockage, GroupOutcome, GroupTrace, PhaseKind, PhaseTrace, Resistance,
};
use engine::hexlock::physics::{AnnotationKind, AnnotationMode, ForceOn, Trace, annotations};

/// A lock text as written in a scenario: without the newline after the opening quote.
pub fn lock_text(text: &str) -> &str {
    text.strip_prefix('\n').unwrap_or(text)
}

/// Parses a scenario's lock text, which must be valid, free of warnings and canonical.
#[track_caller]
pub fn parse_lock(text: &str) -> Lock {
    let text = lock_text(text);
    let parsed = lockfmt::hexlock::parse(text);
    assert!(
        parsed.diagnostics.is_empty(),
        "the lock text has diagnostics: {:#?}\n{text}",
        parsed.diagnostics
    );
    let lock = parsed.document.expect("a lock").lock;
    assert_same_text(
        &lockfmt::hexlock::print(&lock),
        text,
        "the lock text is not canonical",
    );
    lock
}

/// What a scenario ends with: the last turn.
pub struct Outcome {
    /// The lock the last move was played on; the trace names pieces as in it.
    pub start: Lock,
    /// The lock after the last move.
    pub lock: Lock,
    /// How the last turn was resolved.
    pub trace: Trace,
    /// Whether the lock is open after the last move.
    pub open: bool,
}

/// Plays moves (in the move notation) on a lock given as text, each on the lock the one before
/// left, and returns the last turn.
#[track_caller]
pub fn scenario(before: &str, moves: &str) -> Outcome {
    let mut lock = parse_lock(before);
    let moves = lockfmt::hexlock::parse_moves(moves)
        .unwrap_or_else(|bad| panic!("move {} `{}` is not a move", bad.index, bad.token));
    assert!(!moves.is_empty(), "a scenario plays at least one move");
    let mut last = None;
    for mv in moves {
        let out = engine::hexlock::turn(&lock, mv).unwrap_or_else(|e| panic!("{e}"));
        let start = std::mem::replace(&mut lock, out.lock.clone());
        last = Some(Outcome {
            start,
            lock: out.lock,
            trace: out.trace,
            open: out.open,
        });
    }
    last.expect("at least one move")
}

/// Asserts that a lock prints as the expected text, which must itself be a valid, canonical
/// lock text; on failure, shows both texts line by line.
#[track_caller]
pub fn assert_lock_text(lock: &Lock, expected: &str) {
    let want = lock_text(expected);
    assert_same_text(
        &lockfmt::hexlock::print(lock),
        want,
        "the lock is not as expected",
    );
    parse_lock(want);
}

#[track_caller]
fn assert_same_text(got: &str, want: &str, what: &str) {
    if got == want {
        return;
    }
    let got_lines: Vec<&str> = got.lines().collect();
    let want_lines: Vec<&str> = want.lines().collect();
    let mut diff = String::new();
    for i in 0..got_lines.len().max(want_lines.len()) {
        match (want_lines.get(i), got_lines.get(i)) {
            (Some(w), Some(g)) if w == g => diff.push_str(&format!("  {w}\n")),
            (w, g) => {
                if let Some(w) = w {
                    diff.push_str(&format!("- {w}\n"));
                }
                if let Some(g) = g {
                    diff.push_str(&format!("+ {g}\n"));
                }
            }
        }
    }
    panic!("{what} (- expected, + got):\n{diff}\n--- got ---\n{got}");
}

/// The cell at a reference such as `r4c2`, in a lock of a size.
#[track_caller]
pub fn cell(size: i32, reference: &str) -> Hex {
    let (row, col) = lockfmt::hexlock::grid::parse_cell_ref(reference).expect("a cell reference");
    lockfmt::hexlock::grid::cell_at(size, row - 1, col - 1).expect("a cell of the lock")
}

/// A spring's current length, by the names of its root and end.
#[track_caller]
pub fn spring_length(lock: &Lock, root: char, end: char) -> i32 {
    let s = lock
        .springs
        .iter()
        .find(|s| s.root.name() == root && s.end == end)
        .expect("no such spring");
    s.line().expect("a spring on its line").1
}

/// The outcome of a group that was resisted.
#[track_caller]
pub fn resisted(group: &GroupTrace) -> Resistance {
    match &group.outcome {
        GroupOutcome::Resisted(r) => *r,
        other => panic!("expected a resisted group, got {other:?}"),
    }
}

/// The blockages of a group that was blocked.
#[track_caller]
pub fn blockages(group: &GroupTrace) -> &[Blockage] {
    match &group.outcome {
        GroupOutcome::Blocked(b) => b,
        other => panic!("expected a blocked group, got {other:?}"),
    }
}

impl Outcome {
    /// The player phase of the last turn.
    pub fn player(&self) -> &PhaseTrace {
        &self.trace.phases[0]
    }

    /// The spring phase of the last turn.
    pub fn springs(&self) -> &PhaseTrace {
        &self.trace.phases[1]
    }

    /// The cell at a reference such as `r4c2`, in this lock.
    #[track_caller]
    pub fn cell(&self, reference: &str) -> Hex {
        cell(self.start.size, reference)
    }

    /// A piece of the trace in words: `block A`, `pivot 1`, `ball r4c3` (a ball by its cell when
    /// the last turn began), `hook`, `wrench`.
    pub fn piece(&self, piece: PieceRef) -> String {
        match piece {
            PieceRef::Block(c) => format!("block {c}"),
            PieceRef::Pivot(c) => format!("pivot {c}"),
            PieceRef::Ball(i) => match self.start.balls.get(i) {
                Some(&b) => format!(
                    "ball {}",
                    lockfmt::hexlock::grid::cell_ref(self.start.size, b)
                ),
                None => format!("ball #{i}"),
            },
            PieceRef::Hook(_) => "hook".into(),
            PieceRef::Wrench(_) => "wrench".into(),
        }
    }

    /// A force of the trace in words: `push E on ball r4c3`, `torque clockwise on pivot 1`.
    pub fn force(&self, f: ForceOn) -> String {
        format!("{} on {}", f.force, self.piece(f.piece))
    }

    /// The last turn's annotations in a mode, one line each:
    /// `player: blocked push E on ball r4c3`, `springs: blocking push W on block A`.
    pub fn annotations(&self, mode: AnnotationMode) -> Vec<String> {
        annotations(&self.trace, mode)
            .into_iter()
            .map(|a| {
                let phase = match a.phase {
                    PhaseKind::Player => "player",
                    PhaseKind::Springs => "springs",
                };
                let kind = match a.kind {
                    AnnotationKind::Blocked => "blocked",
                    AnnotationKind::Blocking => "blocking",
                };
                let force = ForceOn {
                    piece: a.piece,
                    force: a.force,
                };
                format!("{phase}: {kind} {}", self.force(force))
            })
            .collect()
    }
}
