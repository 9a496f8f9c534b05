//! The author's saved solution (`NAME.solution`, beside the puzzle): written from the player,
//! and replayed on each version of the puzzle the author draws, so that the solver's line can
//! say when a change lets a shorter way through (a shortcut) or stops the intended way from
//! working. Hex locks and sliding locks keep theirs alike; each family replays its own moves.

use std::path::Path;

/// The saved solution, replayed on the puzzle being authored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Replayed {
    /// It still solves the puzzle, in this many moves.
    Solves(usize),
    /// Its moves, this many, no longer solve it.
    Fails(usize),
}

impl Replayed {
    /// What the solver's line adds about the saved solution, beside the `fewest` moves the
    /// solver found (none when it found no way): a way shorter than the author's, or the
    /// author's way no longer working. Nothing when the saved way is as short as any. `solves`
    /// is the family's verb: "opens", "picks".
    pub fn warning(self, fewest: Option<usize>, solves: &str) -> Option<String> {
        match (self, fewest) {
            (Replayed::Fails(n), _) => Some(format!(
                "your saved solution ({}) no longer {solves} it",
                lockfmt::words::count(n, "move")
            )),
            (Replayed::Solves(n), Some(fewest)) if fewest < n => Some(format!(
                "a shortcut: your saved solution takes {}",
                lockfmt::words::count(n, "move")
            )),
            _ => None,
        }
    }
}

/// Writes a solution to `out`, unless what is there is not this family's solution (`is_ours`
/// reads it): `gate.lock` and `gate.slide` both keep theirs in `gate.solution`, and the other
/// puzzle's is never written over. Blocking. The sentence to show either way.
pub fn write(out: &Path, text: &str, is_ours: impl Fn(&str) -> bool) -> Result<String, String> {
    if let Ok(there) = crate::screen::buffer::read_text(out)
        && !is_ours(&there)
    {
        return Err(format!(
            "{} holds another puzzle's solution or other text: it is left as it is (Copy \
             moves instead)",
            out.display()
        ));
    }
    crate::files::write_atomic(out, text)
        .map(|()| format!("saved {}", out.display()))
        .map_err(|e| format!("{e:#}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_saved_solution_is_said_only_when_longer_than_the_fewest_or_failing() {
        assert_eq!(
            Replayed::Solves(3).warning(Some(2), "opens").as_deref(),
            Some("a shortcut: your saved solution takes 3 moves")
        );
        assert_eq!(
            Replayed::Solves(2).warning(Some(2), "opens"),
            None,
            "as short as any"
        );
        assert_eq!(
            Replayed::Fails(1).warning(None, "picks").as_deref(),
            Some("your saved solution (1 move) no longer picks it")
        );
        assert_eq!(
            Replayed::Solves(9).warning(None, "opens"),
            None,
            "no answer yet"
        );
    }

    #[test]
    fn another_puzzles_solution_is_never_written_over() {
        let dir = tempfile::tempdir().expect("temp dir");
        let out = dir.path().join("gate.solution");
        std::fs::write(&out, "theirs").expect("write");
        let refused = write(&out, "ours", |t| t == "ours").expect_err("refused");
        assert!(refused.contains("another puzzle's solution"), "{refused}");
        assert_eq!(std::fs::read_to_string(&out).expect("read"), "theirs");
        std::fs::write(&out, "ours").expect("write");
        write(&out, "ours again", |t| t.starts_with("ours")).expect("ours is written over");
        assert_eq!(std::fs::read_to_string(&out).expect("read"), "ours again");
    }
}
