//! The sliding lock tutorial series: the lessons built into the binary from
//! `templates/sliding/tutorial/`, each read once for the process.

use crate::tutorial::{Heading, Lesson};

/// Every lesson, in order.
pub const SERIES: &[Lesson] = include!(concat!(env!("OUT_DIR"), "/sliding_tutorial.rs"));

/// The lessons' titles, intros and fewest moves, read once for the process (the tutorial
/// screen and the lesson's bar show them on every redraw).
static READ: std::sync::LazyLock<Vec<Heading>> = std::sync::LazyLock::new(|| {
    SERIES
        .iter()
        .map(|l| {
            let mut heading = match lockfmt::sliding::parse(l.text).document {
                Some(doc) => Heading::new(
                    doc.info.title.as_deref(),
                    l.file,
                    doc.info.notes.iter().map(String::as_str),
                ),
                None => Heading::new(None, l.file, []),
            };
            // The template tests prove each lesson's solution shortest.
            heading.shortest = lockfmt::sliding::solution::parse_solution(l.solution)
                .ok()
                .map(|s| s.moves.len());
            heading
        })
        .collect()
});

/// Lesson `index`'s title, intro and fewest moves.
pub fn heading(index: usize) -> Option<&'static Heading> {
    READ.get(index)
}

/// Lesson `index`'s solution, as a move list in the seed's notation.
pub fn solution(index: usize) -> Option<String> {
    let lesson = SERIES.get(index)?;
    let solution = lockfmt::sliding::solution::parse_solution(lesson.solution).ok()?;
    Some(engine::sliding::format_moves(&solution.moves))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The series built into the binary is the one the template tests prove shortest: every
    /// lesson's solution is its lock's and picks it.
    #[test]
    fn every_lessons_solution_picks_its_lock() {
        for (i, lesson) in SERIES.iter().enumerate() {
            let parsed = lockfmt::sliding::parse(lesson.text);
            assert!(
                !parsed.has_errors(),
                "{}: {:?}",
                lesson.file,
                parsed.diagnostics
            );
            let doc = parsed.document.expect("reads");
            let file =
                lockfmt::sliding::solution::parse_solution(lesson.solution).expect("solution");
            assert!(
                file.names(&doc),
                "{}: the solution names its lock",
                lesson.file
            );
            let moves = solution(i).expect("the moves print");
            let written = engine::sliding::parse_moves(&moves).expect("and read back");
            let mut lock = doc.lock.clone();
            for w in &written {
                let mv = lock.resolve(w).expect("names a piece");
                lock = lock.apply(&mv).expect("a legal move");
            }
            assert!(lock.is_picked(), "{} is picked", lesson.file);
        }
    }
}
