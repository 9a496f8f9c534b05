//! Compiles each family's generated tree-sitter parser (`grammars/<family>/src/parser.c`),
//! committed so that building needs neither Node nor the tree-sitter CLI. The tree-sitter
//! headers are one copy, `grammars/tree_sitter/`, which each grammar's `src/tree_sitter` links
//! to (and which the include path finds where links are not followed).

/// The families with a grammar: the folder under `grammars/` and the library's name.
const GRAMMARS: &[(&str, &str)] = &[
    ("hexlock", "tree-sitter-lockwright-lock"),
    ("nonogram", "tree-sitter-lockwright-nonogram"),
    ("quadrillion", "tree-sitter-lockwright-quadrillion"),
    ("sliding", "tree-sitter-lockwright-sliding"),
];

fn main() {
    for (family, library) in GRAMMARS {
        let dir = std::path::Path::new("grammars").join(family).join("src");
        cc::Build::new()
            .include(&dir)
            .include("grammars")
            .file(dir.join("parser.c"))
            .flag_if_supported("-Wno-unused-parameter")
            .flag_if_supported("-Wno-unused-but-set-variable")
            .flag_if_supported("-Wno-trigraphs")
            .std("c11")
            .compile(library);
        println!("cargo:rerun-if-changed={}", dir.join("parser.c").display());
    }
    println!("cargo:rerun-if-changed=grammars/tree_sitter/parser.h");
}
