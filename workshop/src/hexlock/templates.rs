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
    "starter" / "long-reach",
    "starter" / "two-balls",
    "starter" / "gate-keeper",
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

    /// Every starter lock's solution file, read and checked against its lock.
    fn starters_and_their_solutions() -> Vec<(
        &'static str,
        engine::hexlock::Lock,
        Vec<engine::hexlock::Move>,
    )> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../templates/hexlock/starter");
        ALL.iter()
            .filter(|t| t.folder == "starter")
            .map(|t| {
                let lock = lockfmt::hexlock::parse(t.text)
                    .valid_lock()
                    .cloned()
                    .unwrap_or_else(|| panic!("{} does not read", t.name));
                let text = std::fs::read_to_string(root.join(format!("{}.solution", t.name)))
                    .unwrap_or_else(|e| panic!("{}: no solution beside it: {e}", t.name));
                let solution = lockfmt::hexlock::parse_solution(&text)
                    .unwrap_or_else(|e| panic!("{}: the solution does not read: {e:?}", t.name));
                assert!(
                    solution.names(&lock),
                    "{}: the solution is another lock's",
                    t.name
                );
                (t.name, lock, solution.moves)
            })
            .collect()
    }

    /// A starter's solution is replayed through the rules: the lock opens at its last move,
    /// not before (a longer list would claim more moves than the lock takes).
    #[test]
    fn every_starter_lock_opens_at_the_last_move_of_its_solution() {
        for (name, lock, moves) in starters_and_their_solutions() {
            let mech = engine::hexlock::Mechanism::new(&lock).expect("playable");
            assert!(!mech.is_open(&mech.initial_state()), "{name} starts closed");
            let replay = engine::hexlock::search::replay(&mech, &moves).expect("replays");
            assert_eq!(replay.opened_after, Some(moves.len()), "{name}");
        }
    }

    /// Regression: every starter lock opened in one move; a newcomer's folder now also holds
    /// locks that take several, each as short as its solution says (the solver finds no
    /// shorter way).
    #[test]
    fn some_starter_locks_take_several_moves() {
        let mut several = Vec::new();
        for (name, lock, moves) in starters_and_their_solutions() {
            let mech = engine::hexlock::Mechanism::new(&lock).expect("playable");
            let report = engine::hexlock::search::solve(
                &mech,
                &engine::hexlock::search::SearchOptions::default(),
            )
            .expect("searches");
            let shortest = report.solution.expect("solved").len();
            assert_eq!(
                shortest,
                moves.len(),
                "{name}: its solution is a shortest one"
            );
            if shortest >= 5 {
                several.push(name);
            }
        }
        assert!(several.len() >= 3, "{several:?}");
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
