//! Counts said in words, as every message of the product says them (the solvers' stops
//! among them); `lockfmt::words` holds the rest.

/// `n` and the noun, singular for one: `count(1, "move")` is "1 move", `count(3, "move")` is
/// "3 moves". The nouns the product counts (moves, states, pieces, cells) take an `s`.
/// Large counts are grouped by thousands: `count(917989, "state")` is "917,989 states".
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{} {noun}s", grouped(n as u64))
    }
}

/// `n` with its thousands set apart, as people read large numbers: "917,989", "20,000,000".
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{count, grouped};

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(count(1, "move"), "1 move");
        assert_eq!(count(0, "move"), "0 moves");
        assert_eq!(count(12, "move"), "12 moves");
    }

    #[test]
    fn large_counts_are_grouped_by_thousands() {
        assert_eq!(count(917_989, "state"), "917,989 states");
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1_000), "1,000");
        assert_eq!(grouped(20_000_000), "20,000,000");
        assert_eq!(grouped(u64::MAX), "18,446,744,073,709,551,615");
    }
}
