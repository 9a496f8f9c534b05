//! The solver's count of a board's solutions, and its verdict in words for the author.

use super::COUNT_TIME;

/// The solver's count of a board's solutions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    /// Solutions found.
    pub solutions: u64,
    /// Whether the count is complete (not stopped by its time).
    pub complete: bool,
}

impl Counted {
    /// The count in words, for the author.
    pub fn verdict(&self) -> String {
        match (self.solutions, self.complete) {
            (0, true) => "No solution: the shapes cannot all be placed.".into(),
            (1, true) => "Exactly one solution: a challenge.".into(),
            (n, true) => format!(
                "{} solutions: not a challenge yet (Generate places shapes until one is left).",
                lockfmt::words::grouped(n)
            ),
            (0, false) => format!(
                "No solution found yet (the count stopped after {} s).",
                COUNT_TIME.as_secs()
            ),
            (n, false) => format!(
                "At least {} solution{} (the count stopped after {} s).",
                lockfmt::words::grouped(n),
                if n == 1 { "" } else { "s" },
                COUNT_TIME.as_secs()
            ),
        }
    }

    /// Whether the board has exactly one solution.
    pub fn unique(&self) -> bool {
        self.complete && self.solutions == 1
    }

    /// How the verdict reads: a challenge, a board that cannot be finished, or one the
    /// author is still at (several solutions, or the count unfinished) — not a fault.
    pub fn tone(&self) -> Tone {
        match (self.solutions, self.complete) {
            (1, true) => Tone::Challenge,
            (0, true) => Tone::Impossible,
            _ => Tone::Unsettled,
        }
    }
}

/// How a count's verdict is coloured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// Exactly one solution: green.
    Challenge,
    /// No solution: red.
    Impossible,
    /// Several solutions, or not known yet: amber, the state of a board being authored.
    Unsettled,
}

#[cfg(test)]
mod tests {
    use super::Counted;

    /// Regression: the default board's count read "10162 solutions" where every other count
    /// in the studio is grouped by thousands.
    #[test]
    fn counts_are_grouped_by_thousands() {
        let count = |solutions, complete| {
            Counted {
                solutions,
                complete,
            }
            .verdict()
        };
        assert!(count(10_162, true).starts_with("10,162 solutions:"));
        assert!(count(174_735, false).starts_with("At least 174,735 solutions "));
        assert!(count(1, false).starts_with("At least 1 solution "));
    }
}
