//! The tree-sitter language compiled from `grammars/sliding/grammar.js`, and its highlights
//! query.

use tree_sitter_language::LanguageFn;

#[allow(unsafe_code)]
unsafe extern "C" {
    fn tree_sitter_lockwright_sliding() -> *const ();
}

/// The raw language function, for tree-sitter tooling.
#[allow(unsafe_code)]
pub const LANGUAGE: LanguageFn = unsafe { LanguageFn::from_raw(tree_sitter_lockwright_sliding) };

/// The highlights query (helix-style capture names).
pub const HIGHLIGHTS_QUERY: &str = include_str!("../../grammars/sliding/queries/highlights.scm");

/// The grammar source the parser was generated from, so that a test can tell if they drift.
pub const GRAMMAR_JS: &str = include_str!("../../grammars/sliding/grammar.js");

/// The tree-sitter language of sliding lock files.
pub fn language() -> tree_sitter::Language {
    tree_sitter::Language::new(LANGUAGE)
}
