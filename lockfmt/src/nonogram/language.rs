//! The tree-sitter language compiled from `grammars/nonogram/grammar.js`, and its highlights
//! query.

use tree_sitter_language::LanguageFn;

#[allow(unsafe_code)]
unsafe extern "C" {
    fn tree_sitter_lockwright_nonogram() -> *const ();
}

/// The raw language function, for tree-sitter tooling.
#[allow(unsafe_code)]
pub const LANGUAGE: LanguageFn = unsafe { LanguageFn::from_raw(tree_sitter_lockwright_nonogram) };

/// The highlights query (helix-style capture names).
pub const HIGHLIGHTS_QUERY: &str = include_str!("../../grammars/nonogram/queries/highlights.scm");

/// The grammar source the parser was generated from, so that a test can tell if they drift.
pub const GRAMMAR_JS: &str = include_str!("../../grammars/nonogram/grammar.js");

/// The tree-sitter language of nonogram files.
pub fn language() -> tree_sitter::Language {
    tree_sitter::Language::new(LANGUAGE)
}
