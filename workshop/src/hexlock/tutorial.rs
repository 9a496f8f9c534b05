//! The hex lock tutorial series: the lessons built into the binary from
//! `templates/hexlock/tutorial/`, each read once for the process.

use crate::tutorial::{Heading, Lesson};

/// Every lesson, in order.
pub const SERIES: &[Lesson] = include!(concat!(env!("OUT_DIR"), "/tutorial.rs"));

/// A lesson as read from its lock.
struct Read {
    lock: Option<engine::hexlock::Lock>,
    heading: Heading,
}

/// The whole series read, once for the process: the tutorial screen shows titles and intros,
/// and a lesson's bar its fewest moves, on every redraw; parsing per frame would be wasted
/// work.
static READ: std::sync::LazyLock<Vec<Read>> = std::sync::LazyLock::new(|| {
    SERIES
        .iter()
        .map(|l| {
            let lock = lockfmt::hexlock::parse(l.text).valid_lock().cloned();
            let mut heading = match &lock {
                Some(lock) => Heading::new(
                    Some(&lock.info.name),
                    l.file,
                    lock.info.notes.iter().map(String::as_str),
                ),
                None => Heading::new(None, l.file, []),
            };
            // `lockfmt/tests/tutorial.rs` proves each lesson's solution shortest.
            heading.shortest = lockfmt::hexlock::parse_solution(l.solution)
                .ok()
                .map(|s| s.moves.len());
            Read { lock, heading }
        })
        .collect()
});

/// Lesson `index`'s lock (the tests check each one parses cleanly).
pub fn lock(index: usize) -> Option<engine::hexlock::Lock> {
    READ.get(index)?.lock.clone()
}

/// Lesson `index`'s title, intro and fewest moves.
pub fn heading(index: usize) -> Option<&'static Heading> {
    READ.get(index).map(|r| &r.heading)
}

/// Lesson `index`'s solution.
pub fn solution(index: usize) -> Option<Vec<engine::hexlock::Move>> {
    let lesson = SERIES.get(index)?;
    lockfmt::hexlock::parse_solution(lesson.solution)
        .ok()
        .map(|s| s.moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_series_has_at_least_twelve_lessons() {
        assert!(SERIES.len() >= 12, "{} lessons", SERIES.len());
    }

    #[test]
    fn every_lessons_solution_opens_it() {
        for (i, lesson) in SERIES.iter().enumerate() {
            let lock = lock(i).unwrap_or_else(|| panic!("{} parses", lesson.file));
            let solution =
                lockfmt::hexlock::parse_solution(lesson.solution).expect("solution parses");
            assert!(
                solution.names(&lock),
                "{}: the solution names its lock",
                lesson.file
            );
            let mech = engine::hexlock::Mechanism::new(&lock).expect("playable");
            let replay = engine::hexlock::search::replay(&mech, &solution.moves).expect("replays");
            assert!(replay.opened_after.is_some(), "{} opens", lesson.file);
        }
    }
}
