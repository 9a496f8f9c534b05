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
