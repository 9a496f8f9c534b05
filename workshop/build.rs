//! Builds the tutorial series into the binary: every `templates/hexlock/tutorial/NN-name.lock` and
//! every `templates/sliding/tutorial/NN-name.slide`, in file name order, each with its
//! `.solution` beside it. Adding a lesson is adding its two files.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    series("hexlock", "lock", "tutorial.rs");
    series("sliding", "slide", "sliding_tutorial.rs");
}

/// Writes `target` in the build's output folder: the lessons of `templates/FAMILY/tutorial/`.
fn series(family: &str, extension: &str, target: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../templates")
        .join(family)
        .join("tutorial");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .flatten()
                .filter_map(|e| {
                    let p = e.path();
                    let stem = p.file_stem()?.to_str()?.to_string();
                    (p.extension()? == extension).then_some(stem)
                })
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let mut out = String::from("&[\n");
    for name in &names {
        let text = dir.join(format!("{name}.{extension}"));
        let solution = dir.join(format!("{name}.solution"));
        println!("cargo:rerun-if-changed={}", text.display());
        println!("cargo:rerun-if-changed={}", solution.display());
        // The paths are written from the crate's own folder, not as this run found them: a
        // second checkout built into the same target folder shares this output (its units
        // hash alike), and must read its own lessons, not the other checkout's.
        let within = format!("/../templates/{family}/tutorial/{name}");
        let _ = writeln!(
            out,
            "    crate::tutorial::Lesson {{ file: {name:?}, text: include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), {text:?})), solution: include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), {solution:?})) }},",
            text = format!("{within}.{extension}"),
            solution = format!("{within}.solution"),
        );
    }
    out.push(']');
    let target = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join(target);
    std::fs::write(target, out).expect("write the tutorial list");
}
