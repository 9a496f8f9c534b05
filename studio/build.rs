//! Builds the tutorial series into the binary: every `templates/hexlock/tutorial/NN-name.lock`, in file
//! name order, with its `.solution` beside it. Adding a lesson is adding its two files.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../templates/hexlock/tutorial");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .flatten()
                .filter_map(|e| {
                    let p = e.path();
                    let stem = p.file_stem()?.to_str()?.to_string();
                    (p.extension()? == "lock").then_some(stem)
                })
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let mut out = String::from("&[\n");
    for name in &names {
        let lock = dir.join(format!("{name}.lock"));
        let solution = dir.join(format!("{name}.solution"));
        println!("cargo:rerun-if-changed={}", lock.display());
        println!("cargo:rerun-if-changed={}", solution.display());
        let _ = writeln!(
            out,
            "    Lesson {{ file: {name:?}, text: include_str!({lock:?}), solution: include_str!({solution:?}) }},",
            lock = lock.display().to_string(),
            solution = solution.display().to_string(),
        );
    }
    out.push(']');
    let target = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("tutorial.rs");
    std::fs::write(target, out).expect("write the tutorial list");
}
