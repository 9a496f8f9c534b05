//! The tree-sitter language compiled from `grammars/quadrillion/grammar.js`, and its highlights
//! query.

use tree_sitter_language::LanguageFn;

#[allow(unsafe_code)]
unsafe extern "C" {
    fn tree_sitter_lockwright_quadrillion() -> *const ();
}

/// The raw language function, for tree-sitter tooling.
#[allow(unsafe_code)]
pub const LANGUAGE: LanguageFn =
    unsafe { LanguageFn::from_raw(tree_sitter_lockwright_quadrillion) };

/// The highlights query (helix-style capture names).
pub const HIGHLIGHTS_QUERY: &str =
    include_str!("../../grammars/quadrillion/queries/highlights.scm");

/// The grammar source the parser was generated from, so that a test can tell if they drift.
pub const GRAMMAR_JS: &str = include_str!("../../grammars/quadrillion/grammar.js");

/// The tree-sitter language of Quadrillion boards.
pub fn language() -> tree_sitter::Language {
    tree_sitter::Language::new(LANGUAGE)
}
