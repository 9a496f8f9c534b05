//! Each grammar folder is a tree-sitter project an editor can take as it is: its
//! `tree-sitter.json` names the grammar, scope and file type; its queries (highlights, folds,
//! locals) compile against the parser; Neovim's and Zed's copies of the highlights are Helix's
//! with the captures renamed (`LOCKWRIGHT_WRITE_QUERIES=1` writes them); its corpus tests are
//! there for the tree-sitter CLI (`.ci/run` runs them); and the tree-sitter headers are one
//! copy, linked.

use std::path::{Path, PathBuf};

/// The grammars: their folder, grammar name, file extension and parser.
fn grammars() -> Vec<(
    &'static str,
    &'static str,
    &'static str,
    tree_sitter::Language,
)> {
    vec![
        (
            "hexlock",
            "lockwright_lock",
            "lock",
            lockfmt::hexlock::language::language(),
        ),
        (
            "nonogram",
            "lockwright_nonogram",
            "non",
            lockfmt::nonogram::language::language(),
        ),
        (
            "quadrillion",
            "lockwright_quadrillion",
            "quad",
            lockfmt::quadrillion::language::language(),
        ),
        (
            "sliding",
            "lockwright_sliding",
            "slide",
            lockfmt::sliding::language::language(),
        ),
    ]
}

fn folder(family: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("grammars")
        .join(family)
}

/// Helix's capture names, as the queries are written, and what Neovim (nvim-treesitter's
/// standard captures) and Zed call the same thing.
const CAPTURES: &[(&str, &str, &str)] = &[
    ("comment", "comment", "comment"),
    ("comment.unused", "comment", "comment"),
    ("constant", "constant", "constant"),
    ("constant.builtin", "constant.builtin", "constant.builtin"),
    ("constant.character", "character", "string.special.symbol"),
    ("constant.numeric", "number", "number"),
    ("error", "comment.error", "emphasis.strong"),
    ("function", "function", "function"),
    ("function.method", "function.method", "function.method"),
    ("keyword", "keyword", "keyword"),
    ("keyword.directive", "keyword.directive", "preproc"),
    ("keyword.operator", "keyword.operator", "keyword"),
    ("label", "label", "label"),
    ("operator", "operator", "operator"),
    (
        "punctuation.delimiter",
        "punctuation.delimiter",
        "punctuation.delimiter",
    ),
    ("special", "character.special", "punctuation.special"),
    ("string", "string", "string"),
    ("string.special", "string.special", "string.special"),
    ("tag", "tag", "tag"),
    ("tag.attribute", "tag.attribute", "attribute"),
    ("type", "type", "type"),
    ("variable.other.member", "variable.member", "property"),
];

/// Helix's highlights with every capture renamed for an editor (`which`: 1 Neovim, 2 Zed).
fn renamed(helix: &str, which: usize, editor: &str) -> String {
    let mut out = format!(
        "; Generated from ../highlights.scm (Helix's capture names) for {editor}: \
         `LOCKWRIGHT_WRITE_QUERIES=1 cargo test -p lockwright-lockfmt --test grammar_packages`.\n"
    );
    // The source's own heading speaks of Helix's names: the copy has its own.
    let body = helix
        .lines()
        .skip_while(|l| l.trim_start().starts_with(';'));
    for line in body {
        let mut line = line.to_string();
        if !line.trim_start().starts_with(';') {
            // Longest names first, so that `@comment.unused` is not read as `@comment`.
            let mut by_length: Vec<_> = CAPTURES.iter().collect();
            by_length.sort_by_key(|c| std::cmp::Reverse(c.0.len()));
            let mut renamed_line = String::new();
            let mut rest = line.as_str();
            while let Some(at) = rest.find('@') {
                renamed_line.push_str(&rest[..=at]);
                rest = &rest[at + 1..];
                let name_end = rest
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '_'))
                    .unwrap_or(rest.len());
                let name = &rest[..name_end];
                let to = by_length
                    .iter()
                    .find(|c| c.0 == name)
                    .map(|c| if which == 1 { c.1 } else { c.2 })
                    .unwrap_or_else(|| panic!("no {editor} name for @{name}"));
                renamed_line.push_str(to);
                rest = &rest[name_end..];
            }
            renamed_line.push_str(rest);
            line = renamed_line;
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_grammar_folder_names_itself_in_tree_sitter_json() {
    for (family, name, extension, _) in grammars() {
        let path = folder(family).join("tree-sitter.json");
        let json: serde_json::Value =
            serde_json::from_str(&read(&path)).unwrap_or_else(|e| panic!("{family}: {e}"));
        let grammar = &json["grammars"][0];
        assert_eq!(grammar["name"], name, "{family}");
        assert_eq!(grammar["file-types"][0], extension, "{family}");
        assert_eq!(
            grammar["scope"],
            format!("source.{}", name.replace('_', "-")),
            "{family}"
        );
        for query in ["highlights", "locals"] {
            let file = grammar[query].as_str().unwrap_or_default();
            assert!(folder(family).join(file).is_file(), "{family}: {query}");
        }
        // The grammar.js names the same grammar.
        let js = read(&folder(family).join("grammar.js"));
        assert!(js.contains(&format!("name: '{name}'")), "{family}");
    }
}

#[test]
fn every_query_compiles_against_its_parser() {
    for (family, _, _, language) in grammars() {
        let queries = folder(family).join("queries");
        for file in [
            "highlights.scm",
            "folds.scm",
            "locals.scm",
            "neovim/highlights.scm",
            "zed/highlights.scm",
        ] {
            let text = read(&queries.join(file));
            if let Err(e) = tree_sitter::Query::new(&language, &text) {
                panic!("{family}/queries/{file}: {e}");
            }
        }
    }
}

#[test]
fn neovims_and_zeds_highlights_are_helixs_with_their_capture_names() {
    let write = std::env::var_os("LOCKWRIGHT_WRITE_QUERIES").is_some();
    for (family, _, _, _) in grammars() {
        let queries = folder(family).join("queries");
        let helix = read(&queries.join("highlights.scm"));
        for (which, editor) in [(1, "neovim"), (2, "zed")] {
            let want = renamed(&helix, which, editor);
            let path = queries.join(editor).join("highlights.scm");
            if write {
                std::fs::create_dir_all(path.parent().expect("folder")).expect("folder");
                std::fs::write(&path, &want).expect("write");
            }
            assert_eq!(
                read(&path),
                want,
                "{family}: {editor}'s highlights drifted from Helix's; run with LOCKWRIGHT_WRITE_QUERIES=1"
            );
        }
    }
}

#[test]
fn every_grammar_has_corpus_tests_for_the_tree_sitter_cli() {
    for (family, _, _, _) in grammars() {
        let corpus = folder(family).join("test/corpus");
        let tests: usize = std::fs::read_dir(&corpus)
            .unwrap_or_else(|e| panic!("{}: {e}", corpus.display()))
            .flatten()
            .map(|f| {
                read(&f.path())
                    .lines()
                    .filter(|l| l.starts_with("====="))
                    .count()
                    / 2
            })
            .sum();
        assert!(tests >= 4, "{family}: {tests} corpus tests");
    }
}

#[cfg(unix)]
#[test]
fn the_tree_sitter_headers_are_one_copy() {
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("grammars/tree_sitter");
    assert!(shared.join("parser.h").is_file());
    for (family, _, _, _) in grammars() {
        let link = folder(family).join("src/tree_sitter");
        let target = std::fs::read_link(&link)
            .unwrap_or_else(|e| panic!("{}: not a link: {e}", link.display()));
        assert_eq!(target, Path::new("../../tree_sitter"), "{family}");
    }
}
