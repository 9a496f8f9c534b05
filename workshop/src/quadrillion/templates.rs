//! The Quadrillion templates built into the binary: the seed game's first board and its twelve
//! saved challenges, from `templates/quadrillion/` (their source and licence are in that
//! folder's README and in each file).

pub use crate::template::Template;

/// The seed game's first board, titled after the new file (its source and licence kept).
pub const DEFAULT: &str = "quadrillion-default";

const DEFAULT_TEXT: &str = include_str!("../../../templates/quadrillion/default.quad");

/// The challenges, each with exactly one solution.
pub const ALL: &[Template] = crate::template::builtin!["quadrillion-", "quadrillion/", ".quad";
    "challenge-49",
    "challenge-50",
    "challenge-51",
    "challenge-52",
    "challenge-53",
    "challenge-54",
    "challenge-55",
    "challenge-56",
    "challenge-57",
    "challenge-58",
    "challenge-59",
    "challenge-60",
];

/// Every name the picker offers, the default board first.
pub fn names() -> Vec<&'static str> {
    std::iter::once(DEFAULT)
        .chain(ALL.iter().map(|t| t.name))
        .collect()
}

/// The text of a template by name: a challenge as published, or the default board titled
/// `title`.
pub fn text_of(name: &str, title: &str) -> Option<String> {
    if name == DEFAULT {
        let mut doc = lockfmt::quadrillion::parse(DEFAULT_TEXT).document?;
        doc.info.title = Some(title.to_string());
        return Some(lockfmt::quadrillion::print(&doc));
    }
    ALL.iter()
        .find(|t| t.name == name)
        .map(|t| t.text.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_template_reads_and_every_challenge_has_exactly_one_solution() {
        for name in names() {
            let text = text_of(name, "Board").expect("a template");
            let parsed = lockfmt::quadrillion::parse(&text);
            let challenge = parsed
                .valid_challenge()
                .unwrap_or_else(|| panic!("{name} does not read: {:?}", parsed.diagnostics));
            assert!(text.contains("license "), "{name} keeps its licence");
            if name != DEFAULT {
                let count = engine::quadrillion::solve::count(
                    challenge,
                    Some(2),
                    &engine::quadrillion::solve::Limits::default(),
                    engine::solving::Cancel::NEVER,
                )
                .expect("playable");
                assert_eq!(count.solutions, 1, "{name}");
            }
        }
    }
}
