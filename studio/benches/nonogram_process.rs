//! Nonograms solved as a whole process, as a script meets them: `lockwright solve FILE.non
//! --json` against `nonogrid -m 2 FILE` (0.7.3, `cargo install nonogrid --version 0.7.3`; never a
//! dependency), each asked for up to two solutions, the two started alternately in one run so
//! that the machine's load falls on both alike. Start-up, reading, solving, printing and exit
//! are all counted, for both.
//!
//! ```text
//! cargo install nonogrid --version 0.7.3
//! bash scripts/build-release        # optional: the lockwright that is installed (static)
//! cargo bench -p lockwright-studio --bench nonogram_process
//! ```
//!
//! The puzzles: the public ones of `../shared/data/nonograms` (written as `.non` for ours and in
//! nonogrid's plain format for it), and the black-and-white puzzles of Jan Wolter's survey of
//! solvers in Olšák's `.g` format, as the nonogrid crate carries them (found under
//! `~/.cargo/registry/src/*/nonogrid-0.7.3/sample-olsak-g` once it is installed, or
//! `NONOGRAM_SURVEY=DIR`): nonogrid reads the `.g` file, ours the `.non` that `lockwright
//! nonogram import` makes of it, before the clock runs. Neither file is kept in this repository.
//!
//! Environment: `PROCESS_RUNS` runs of each (default 21; a puzzle either takes a second or more
//! to is run 3 times), `PROCESS_TIMEOUT` seconds a run (default 10), `NONOGRID` the binary,
//! `STARTUP_DIST` the installed `lockwright` (default `target/dist/lockwright` when
//! `scripts/build-release` made it, else this build's).

#[path = "../../engine/tests/nonogram_common.rs"]
mod common;
mod installed;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The shortest and longest wait between two looks at a running program.
const POLL_LEAST: Duration = Duration::from_micros(20);
const POLL_MOST: Duration = Duration::from_millis(2);

/// One run; `None` when it failed or ran past the limit.
fn once(program: &Path, args: &[&str], ok: &[i32], limit: Duration) -> Option<Duration> {
    let t = Instant::now();
    let mut child = Command::new(program)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    loop {
        if let Some(status) = child.try_wait().ok()? {
            let took = t.elapsed();
            return status.code().filter(|c| ok.contains(c)).map(|_| took);
        }
        let elapsed = t.elapsed();
        if elapsed > limit {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        // Looks within a hundredth of the time so far: a fixed 20 µs kept a core busy
        // waking up, which a program running on both cores paid for (webpbn #18297 took
        // 9.2 s here, 6.4 s alone).
        std::thread::sleep((elapsed / 100).clamp(POLL_LEAST, POLL_MOST));
    }
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn nonogrid() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("NONOGRID") {
        return Some(PathBuf::from(p));
    }
    let home = PathBuf::from(std::env::var_os("HOME")?);
    let p = home.join(".cargo/bin/nonogrid");
    p.is_file().then_some(p)
}

/// The survey's `.g` files, black on white (the colour ones are not nonograms of Lockwright's).
fn survey() -> Vec<PathBuf> {
    let dir = std::env::var_os("NONOGRAM_SURVEY")
        .map(PathBuf::from)
        .or_else(|| {
            let registry = PathBuf::from(std::env::var_os("HOME")?).join(".cargo/registry/src");
            std::fs::read_dir(registry)
                .ok()?
                .filter_map(Result::ok)
                .map(|e| e.path().join("nonogrid-0.7.3/sample-olsak-g"))
                .find(|d| d.is_dir())
        });
    let Some(dir) = dir else { return Vec::new() };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|f| {
        f.extension().is_some_and(|e| e == "g")
            && !f
                .file_name()
                .is_some_and(|n| n.to_string_lossy().contains("color"))
    });
    files.sort();
    files
}

fn main() {
    let runs: usize = std::env::var("PROCESS_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(21);
    let limit = Duration::from_secs_f64(
        std::env::var("PROCESS_TIMEOUT")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(10.0),
    );
    let Some(theirs) = nonogrid() else {
        println!("nonogrid not found: cargo install nonogrid --version 0.7.3");
        return;
    };
    let dist = installed::lockwright();
    let ours = if dist.is_file() {
        dist
    } else {
        PathBuf::from(env!("CARGO_BIN_EXE_lockwright"))
    };
    println!("ours: {}\nnonogrid: {}", ours.display(), theirs.display());
    let dir = tempfile::tempdir().expect("a folder");
    // (name, our file, their file)
    let mut puzzles: Vec<(String, PathBuf, PathBuf)> = Vec::new();
    for d in common::data_puzzles() {
        let non = dir.path().join(format!("{}.non", d.name));
        let plain = dir.path().join(format!("{}.nin", d.name));
        std::fs::write(&non, lockfmt::nonogram::print(&d.puzzle)).expect("written");
        std::fs::write(&plain, common::nin(&d.puzzle)).expect("written");
        puzzles.push((d.name, non, plain));
    }
    let survey = survey();
    if survey.is_empty() {
        println!("the survey's puzzles not found (cargo install nonogrid --version 0.7.3)");
    }
    for g in survey {
        let name = g
            .file_stem()
            .map(|s| format!("survey {}", s.to_string_lossy()))
            .unwrap_or_default();
        let non = dir.path().join(format!(
            "{}.non",
            g.file_stem().unwrap_or_default().to_string_lossy()
        ));
        let imported = Command::new(&ours)
            .args(["nonogram", "import"])
            .arg(&g)
            .arg("-o")
            .arg(&non)
            .stdout(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        assert!(imported, "{} imports", g.display());
        puzzles.push((name, non, g));
    }

    println!(
        "\n{:<48} {:>12} {:>12} {:>7}",
        "puzzle", "ours ms", "nonogrid ms", "ratio"
    );
    let (mut faster, mut both, mut ratios) = (0, 0, Vec::new());
    // 0 solved, 1 no solution; 3 is a limit, counted as no answer.
    for (name, non, their_file) in &puzzles {
        let our_args = ["solve", non.to_str().unwrap_or(""), "--json"];
        let their_args = ["-m", "2", their_file.to_str().unwrap_or("")];
        let (mut a, mut b) = (Vec::new(), Vec::new());
        let mut n = runs;
        let mut k = 0;
        let (mut ours_failed, mut theirs_failed) = (false, false);
        while k < n {
            match once(&ours, &our_args, &[0, 1], limit) {
                Some(t) => a.push(t),
                None => ours_failed = true,
            }
            match once(&theirs, &their_args, &[0], limit) {
                Some(t) => b.push(t),
                None => theirs_failed = true,
            }
            if ours_failed || theirs_failed {
                break;
            }
            // A slow puzzle's noise is small beside it.
            if k == 0 && a[0].max(b[0]) >= Duration::from_secs(1) {
                n = runs.min(3);
            }
            k += 1;
        }
        let show = |t: &[Duration], failed: bool| {
            if failed {
                format!(">{}s", limit.as_secs_f64())
            } else {
                format!("{:.3}", median(t.to_vec()).as_secs_f64() * 1e3)
            }
        };
        let ratio = if !ours_failed && !theirs_failed {
            let r = median(a.clone()).as_secs_f64() / median(b.clone()).as_secs_f64();
            both += 1;
            faster += usize::from(r < 1.0);
            ratios.push(r);
            format!("{r:.3}")
        } else {
            faster += usize::from(!ours_failed && theirs_failed);
            "-".into()
        };
        println!(
            "{:<48} {:>12} {:>12} {:>7}",
            name,
            show(&a, ours_failed),
            show(&b, theirs_failed),
            ratio
        );
    }
    ratios.sort_by(f64::total_cmp);
    println!(
        "\nours faster as a whole process on {faster} of {}; where both answered ({both}): ratio ours/nonogrid median {:.3}, {:.3}–{:.3}",
        puzzles.len(),
        ratios.get(ratios.len() / 2).copied().unwrap_or(f64::NAN),
        ratios.first().copied().unwrap_or(f64::NAN),
        ratios.last().copied().unwrap_or(f64::NAN),
    );
}
