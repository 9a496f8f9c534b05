//! Puzzles built into the binary from `templates/`, as the folder panel's picker and
//! `--template` offer them: nonograms, Quadrillion boards and sliding locks alike (the hex
//! locks' templates, kept by folder, are in `hexlock::templates`).

/// A built-in puzzle: its name and its text.
pub struct Template {
    /// What the picker and `--template` call it: the family's prefix and the file's name.
    pub name: &'static str,
    /// The puzzle's text.
    pub text: &'static str,
}

/// The templates of one family: `builtin!("nonogram-", "nonogram/", ".non"; "dancer", …)`
/// takes `templates/nonogram/dancer.non` as `nonogram-dancer`; `name => "path"` names a file
/// under another path.
macro_rules! builtin {
    ($prefix:literal, $folder:literal, $extension:literal; $($name:literal),* $(,)?) => {
        $crate::template::builtin!($prefix, $folder, $extension; $($name => $name),*)
    };
    ($prefix:literal, $folder:literal, $extension:literal; $($name:literal => $file:literal),* $(,)?) => {
        &[$($crate::template::Template {
            name: concat!($prefix, $name),
            text: include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../templates/",
                $folder,
                $file,
                $extension
            )),
        }),*]
    };
}
pub(crate) use builtin;

/// Every template's name, as the New picker offers them: each family's empty puzzles, then its
/// examples.
pub fn offered() -> impl Iterator<Item = &'static str> {
    crate::family::FAMILIES
        .iter()
        .flat_map(|f| (f.templates.names)())
}

/// A template's name in words, as the New picker shows it: its family, then what it is
/// ("size-6" is "Hex lock: empty, size 6", "sliding-03-clear-the-way" "Sliding lesson 3: clear
/// the way").
pub fn label(name: &str) -> String {
    // The family whose prefix the name has, the longest first: the hex lock's is empty.
    let Some((family, rest)) = crate::family::FAMILIES
        .iter()
        .filter_map(|f| {
            let rest = name.strip_prefix(f.templates.prefix)?;
            Some((f.templates.prefix.len(), f.templates.label, rest))
        })
        .max_by_key(|(len, ..)| *len)
        .map(|(_, label, rest)| (label, rest))
    else {
        return name.to_string();
    };
    let words = rest
        .split('-')
        .map(|word| match word.split_once('x') {
            Some((w, h)) if is_number(w) && is_number(h) => format!("{w}×{h}"),
            _ => word.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ");
    if let Some(size) = words.strip_prefix("size ") {
        return format!("{family}: empty, size {size}");
    }
    if let Some((number, lesson)) = words.split_once(' ')
        && let Ok(n) = number.parse::<u32>()
    {
        let family = family.split(' ').next().unwrap_or(family);
        return format!("{family} lesson {n}: {lesson}");
    }
    match words.as_str() {
        "default" => format!("{family}: the seed's board"),
        "seed example" => format!("{family}: the seed's example"),
        _ => format!("{family}: {words}"),
    }
}

fn is_number(word: &str) -> bool {
    !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::label;

    #[test]
    fn every_template_is_named_in_words_with_its_family() {
        let cases = [
            ("size-6", "Hex lock: empty, size 6"),
            ("spring-pull", "Hex lock: spring pull"),
            ("box-exit", "Hex lock: box exit"),
            ("nonogram-blank-10x10", "Nonogram: blank 10×10"),
            (
                "nonogram-slippery-conditions",
                "Nonogram: slippery conditions",
            ),
            ("sliding-blank-11x11", "Sliding lock: blank 11×11"),
            ("sliding-seed-example", "Sliding lock: the seed's example"),
            (
                "sliding-03-clear-the-way",
                "Sliding lesson 3: clear the way",
            ),
            ("quadrillion-default", "Quadrillion: the seed's board"),
            ("quadrillion-challenge-49", "Quadrillion: challenge 49"),
        ];
        for (name, words) in cases {
            assert_eq!(label(name), words, "{name}");
        }
    }

    /// The folder panel's picker shows about 33 letters; every name must be told apart.
    #[test]
    fn every_name_the_picker_offers_is_short_and_its_own() {
        let mut seen = std::collections::HashSet::new();
        for name in super::offered() {
            let words = label(name);
            assert!(words.chars().count() <= 33, "{name}: {words}");
            assert!(seen.insert(words.clone()), "{name}: {words} twice");
        }
    }
}
