//! The sliding lock templates built into the binary: the seed's example and the tutorial
//! series from `templates/sliding/`, and empty boards to author on.

pub use crate::template::Template;

/// The seed's example and the tutorial series, in order.
pub const ALL: &[Template] = crate::template::builtin!["sliding-", "sliding/", ".slide";
    "seed-example" => "seed-example",
    "01-key-and-keyhole" => "tutorial/01-key-and-keyhole",
    "02-along-the-line" => "tutorial/02-along-the-line",
    "03-clear-the-way" => "tutorial/03-clear-the-way",
    "04-dark-cells" => "tutorial/04-dark-cells",
    "05-turn-aside" => "tutorial/05-turn-aside",
    "06-through-the-way" => "tutorial/06-through-the-way",
    "07-new-line" => "tutorial/07-new-line",
    "08-key-on-an-axis" => "tutorial/08-key-on-an-axis",
];

/// The empty boards the picker offers, as (name, width, height).
pub const BLANK: &[(&str, u8, u8)] = &[
    ("sliding-blank-6x6", 6, 6),
    ("sliding-blank-8x8", 8, 8),
    ("sliding-blank-11x11", 11, 11),
];

/// Every template's name, blank ones first, as the New picker offers them.
pub fn names() -> Vec<&'static str> {
    BLANK
        .iter()
        .map(|b| b.0)
        .chain(ALL.iter().map(|t| t.name))
        .collect()
}

/// The text of a sliding lock template by name (with or without the `sliding-` prefix),
/// titled `title`: a built-in lock, or an empty board holding the Key and the Keyhole.
pub fn text_of(name: &str, title: &str) -> Option<String> {
    let full = if name.starts_with("sliding-") {
        name.to_string()
    } else {
        format!("sliding-{name}")
    };
    let mut doc = if let Some(t) = ALL.iter().find(|t| t.name == full) {
        lockfmt::sliding::parse(t.text).document?
    } else {
        let &(_, w, h) = BLANK.iter().find(|(n, _, _)| *n == full)?;
        lockfmt::sliding::Document::empty(w, h)
    };
    doc.info.title = Some(title.to_string());
    Some(lockfmt::sliding::print(&doc))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_template_is_a_legal_lock_titled_as_asked() {
        for name in ALL
            .iter()
            .map(|t| t.name)
            .chain(BLANK.iter().map(|(n, _, _)| *n))
        {
            let text = text_of(name, "Mine").expect(name);
            let parsed = lockfmt::sliding::parse(&text);
            assert!(!parsed.has_errors(), "{name}: {:?}", parsed.diagnostics);
            let doc = parsed.document.expect("reads");
            assert_eq!(doc.info.title.as_deref(), Some("Mine"));
        }
        assert!(text_of("seed-example", "x").is_some());
        assert!(text_of("sliding-nothing", "x").is_none());
    }
}
