//! Counts and lists said in words, as every screen and message of the product says them.

pub use engine::words::{count, grouped};

/// Items listed as a sentence lists them: "A", "A and B", "A, B and C"; nothing for none.
pub fn listed<S: AsRef<str>>(items: &[S]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [rest @ .., last] => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", rest.join(", "), last.as_ref())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::listed;

    #[test]
    fn lists_are_said_with_commas_and_a_last_and() {
        assert_eq!(listed::<&str>(&[]), "");
        assert_eq!(listed(&["A"]), "A");
        assert_eq!(listed(&["A", "B"]), "A and B");
        assert_eq!(listed(&["A", "B", "C"]), "A, B and C");
    }
}
