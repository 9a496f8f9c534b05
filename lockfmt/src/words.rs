//! Counts said in words, as every screen and message of the product says them.

/// `n` and the noun, singular for one: `count(1, "move")` is "1 move", `count(3, "move")` is
/// "3 moves". The nouns the product counts (moves, states, pieces, cells) take an `s`.
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(count(1, "move"), "1 move");
        assert_eq!(count(0, "move"), "0 moves");
        assert_eq!(count(12, "move"), "12 moves");
    }
}
