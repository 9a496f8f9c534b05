//! The starter locks shipped with Lockwright, built into the binary.

/// A template: its name (the file name without `.lock`) and its text.
pub struct Template {
    /// What `--template` calls it.
    pub name: &'static str,
    /// The folder under `templates/` it lives in.
    pub folder: &'static str,
    /// The lock text.
    pub text: &'static str,
}

macro_rules! templates {
    ($($folder:literal / $name:literal),* $(,)?) => {
        &[$(Template {
            name: $name,
            folder: $folder,
            text: include_str!(concat!("../../../templates/hexlock/", $folder, "/", $name, ".lock")),
        }),*]
    };
}

/// Every template, empty locks first.
pub const ALL: &[Template] = templates![
    "empty" / "size-3",
    "empty" / "size-4",
    "empty" / "size-5",
    "empty" / "size-6",
    "empty" / "size-7",
    "empty" / "size-8",
    "empty" / "size-9",
    "empty" / "size-10",
    "empty" / "size-11",
    "starter" / "spring-pull",
    "starter" / "pivot-gate",
    "starter" / "ball-stop",
];

/// The template with a name.
pub fn find(name: &str) -> Option<&'static Template> {
    ALL.iter().find(|t| t.name == name)
}

/// Every template's name, empty locks first, as the New picker offers them.
pub fn names() -> Vec<&'static str> {
    ALL.iter().map(|t| t.name).collect()
}

/// The text of a template by name, the lock named `title`.
pub fn text_of(name: &str, title: &str) -> Option<String> {
    let mut lock = lockfmt::hexlock::parse(find(name)?.text)
        .valid_lock()?
        .clone();
    lock.info.name = title.to_string();
    Some(lockfmt::hexlock::print(&lock))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn every_template_file_is_built_in() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../templates/hexlock");
        for folder in ["empty", "starter"] {
            for entry in std::fs::read_dir(root.join(folder)).expect("templates folder") {
                let path = entry.expect("entry").path();
                let name = path
                    .file_stem()
                    .and_then(|s| s.to_str())
                    .unwrap_or_default();
                assert!(
                    find(name).is_some(),
                    "{} is not listed in templates.rs",
                    path.display()
                );
            }
        }
    }

    #[test]
    fn empty_templates_are_the_starter_lock_of_each_size() {
        for size in
            engine::hexlock::model::frame::MIN_SIZE..=engine::hexlock::model::frame::MAX_SIZE
        {
            let t = find(&format!("size-{size}")).expect("an empty template per size");
            let parsed = lockfmt::hexlock::parse(t.text);
            let lock = parsed.valid_lock().expect("valid");
            let mut want = engine::hexlock::Lock::starter(size);
            want.info = lock.info.clone();
            assert_eq!(lock, &want);
        }
    }
}
