//! Compiles the generated tree-sitter parser (src/parser.c), committed so that building needs
//! neither Node nor the tree-sitter CLI.

fn main() {
    let dir = std::path::Path::new("src");
    cc::Build::new()
        .include(dir)
        .file(dir.join("parser.c"))
        .flag_if_supported("-Wno-unused-parameter")
        .flag_if_supported("-Wno-unused-but-set-variable")
        .flag_if_supported("-Wno-trigraphs")
        .std("c11")
        .compile("tree-sitter-lockwright-lock");
    println!("cargo:rerun-if-changed=src/parser.c");
    println!("cargo:rerun-if-changed=src/tree_sitter/parser.h");
}
