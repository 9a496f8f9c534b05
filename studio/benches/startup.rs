//! How long `lockwright --version` takes to start and end, against a minimal Rust program
//! (`fn main() { println!(…) }`, built here with the same `rustc` at `-O`), both started the
//! same way and alternately in one run, so that the machine's load falls on both alike.
//!
//! `cargo bench -p lockwright-studio --bench startup` (`STARTUP_RUNS`, default 400, runs of
//! each). It prints the median of each and their ratio; the studio's own program,
//! `lockwright-studio --version`, is timed beside them for comparison (it links the window).
//! The `lockwright` that `scripts/build-release` makes for installing (linked statically, in
//! the target folder's `dist/`, or `STARTUP_DIST`) is timed too when it is there: run that
//! script first.

mod installed;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Builds the minimal program into `dir`.
fn minimal(dir: &Path) -> PathBuf {
    let source = dir.join("minimal.rs");
    std::fs::write(&source, "fn main() { println!(\"minimal 1.0\"); }\n").expect("source");
    let out = dir.join("minimal");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let status = Command::new(rustc)
        .args(["-O", "--edition", "2024", "-o"])
        .arg(&out)
        .arg(&source)
        .status()
        .expect("rustc runs");
    assert!(status.success(), "the minimal program builds");
    out
}

fn once(program: &Path, args: &[&str]) -> Duration {
    let t = Instant::now();
    let status = Command::new(program)
        .args(args)
        .stdout(Stdio::null())
        .status()
        .expect("runs");
    let took = t.elapsed();
    assert!(status.success(), "{} {args:?}", program.display());
    took
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn main() {
    let runs: usize = std::env::var("STARTUP_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(400);
    let dir = tempfile::tempdir().expect("dir");
    let minimal = minimal(dir.path());
    let cli = Path::new(env!("CARGO_BIN_EXE_lockwright"));
    let studio = Path::new(env!("CARGO_BIN_EXE_lockwright-studio"));
    let dist = installed::lockwright();
    let dist = dist.is_file().then_some(dist);
    let (mut m, mut c, mut s, mut d) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for _ in 0..runs {
        m.push(once(&minimal, &[]));
        c.push(once(cli, &["--version"]));
        s.push(once(studio, &["--version"]));
        if let Some(dist) = &dist {
            d.push(once(dist, &["--version"]));
        }
    }
    let (m, c, s) = (median(m), median(c), median(s));
    println!("start and end, median of {runs} runs each, alternately:");
    println!(
        "  a minimal Rust program       {:>8.3} ms",
        m.as_secs_f64() * 1e3
    );
    println!(
        "  lockwright --version, as cargo builds it (dynamic)  {:>8.3} ms  ({:.2}× the minimal program)",
        c.as_secs_f64() * 1e3,
        c.as_secs_f64() / m.as_secs_f64()
    );
    if !d.is_empty() {
        let d = median(d);
        println!(
            "  lockwright --version, as installed (static-pie)  {:>8.3} ms  ({:.2}× the minimal program)",
            d.as_secs_f64() * 1e3,
            d.as_secs_f64() / m.as_secs_f64()
        );
    }
    println!(
        "  lockwright-studio --version  {:>8.3} ms  ({:.2}×)",
        s.as_secs_f64() * 1e3,
        s.as_secs_f64() / m.as_secs_f64()
    );
}
