//! Nonogram solving speed: every public puzzle of `../shared/data/nonograms`, and the named
//! sample of random 60×60 pictures, solved by the engine and, in the same run, by the
//! `nonogrid` binary when it is installed (`cargo install nonogrid --version 0.7.3`; never a
//! dependency).
//!
//! The named sample: at each density 0.30, 0.35, 0.40, 0.45, 0.50, 0.55 and 0.60, the first 12
//! seeds (from 1) whose picture the line rule cannot finish, 84 pictures: seeds 1 to 12 at every
//! density, as the line rule finishes none of them. Run on one core, after building:
//!
//! ```text
//! nice -n 10 cargo bench -p lockwright-engine --bench nonogram --no-run
//! nice -n 10 taskset -c 0 cargo bench -p lockwright-engine --bench nonogram
//! ```
//!
//! Both solvers are asked the same question: find up to two solutions (unique, several or none).
//! The run ends with, per density, how many of the sample each answered within its limit and
//! within 100 ms, and the median (a stopped solve counted as the limit), and how many public
//! puzzles ours answered faster than nonogrid.
//!
//! - **Ours**: `solve` in this process, timed alone. Each figure is the median of several runs;
//!   a run of a fast puzzle repeats the solve until it has taken 20 ms and takes the mean. A
//!   solve of 100 ms or more, or one stopped by the limit, is timed once.
//! - **nonogrid** (`nonogrid -m 2`, reading the puzzle in its plain "nin" format from standard
//!   input): its solve is timed alone by a handshake. With `RUST_LOG` set, it logs "Reading from
//!   stdin..." to standard error before it reads; the clock starts when that line arrives (the
//!   process has started and parsed its arguments), then the puzzle is written and standard input
//!   closed, and the clock stops when the process has exited. The same handshake on a 1×1 puzzle
//!   (parsing, printing and exiting with nothing to solve) is the baseline, subtracted. Its log is
//!   silenced everywhere else, so it writes nothing more while it solves. A puzzle it solves
//!   within that baseline's noise (three times the median distance of the baseline's runs from
//!   their median) is shown as `<noise`, with no ratio, and left out of the count of puzzles
//!   ours answers faster (it is counted apart). Its start-up subtracted, it is compared
//!   by its solve alone: ours faster than that is faster than its whole process too.
//!
//! Environment: `NONOGRID` names the binary (default: `nonogrid` on the `PATH`, then
//! `~/.cargo/bin/nonogrid`); `NONOGRAM_RUNS` the runs per figure (default 5);
//! `NONOGRID_TIMEOUT` its time limit per run in seconds (default 10); `OURS_TIMEOUT` the same
//! limit for ours (default 10: a puzzle it stops on is shown as `>10s`, so the run always ends);
//! `NONOGRAM_RANDOM` the random pictures per density (default 12, the named sample);
//! `NONOGRAM_DENSITIES` their densities (default `0.3,0.35,0.4,0.45,0.5,0.55,0.6`);
//! `NONOGRAM_SEEDS` only these seeds of the sample (e.g. `1,3`; the others are skipped);
//! `NONOGRAM_GUESSES` a limit of guesses a solve of ours beside the time's (the same work on a
//! loaded machine as on an idle one: a picture stopped by it is shown as stopped);
//! `NONOGRAM_PUBLIC=0` skips the public puzzles; `NONOGRAM_THREADS` how many searches of ours
//! race on threads of their own (default 1, the one-core figures; pin the bench to as many
//! cores).

#[path = "../tests/nonogram_common.rs"]
mod common;

use common::{answer_word, data_puzzles, gives_the_clues, nin, random_picture};
use engine::nonogram::{Answer, Limits, Puzzle, PuzzleInfo, solve, solve_on_threads};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Our solve: the median over `runs` of the mean time of a batch of at least 20 ms; a solve
/// stopped by the time limit is run once and reported as stopped.
fn time_ours(
    p: &Puzzle,
    runs: usize,
    lim: &Limits,
    threads: usize,
) -> (f64, engine::nonogram::Report) {
    let solve = |p: &Puzzle, lim: &Limits| {
        solve_on_threads(p, lim, engine::solving::Cancel::NEVER, threads)
    };
    let report = solve(p, lim);
    // A stopped solve, or one of 100 ms or more, is timed once: its noise is small beside it,
    // and the sample's hard pictures take seconds each.
    if matches!(report.answer, Answer::Stopped { .. }) || report.stats.elapsed.as_secs_f64() >= 0.1
    {
        return (report.stats.elapsed.as_secs_f64(), report);
    }
    let mut times = Vec::new();
    for _ in 0..runs {
        let t = Instant::now();
        let mut n = 0u32;
        while n == 0 || t.elapsed() < Duration::from_millis(20) {
            std::hint::black_box(solve(std::hint::black_box(p), lim));
            n += 1;
        }
        times.push(t.elapsed().as_secs_f64() / f64::from(n));
    }
    (median(times), report)
}

fn nonogrid_binary() -> Option<PathBuf> {
    if let Ok(p) = std::env::var("NONOGRID") {
        return Some(PathBuf::from(p));
    }
    if Command::new("nonogrid")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
    {
        return Some(PathBuf::from("nonogrid"));
    }
    let home = std::env::var("HOME").ok()?;
    let p = PathBuf::from(home).join(".cargo/bin/nonogrid");
    p.exists().then_some(p)
}

/// One handshake-timed run of nonogrid; `None` when it failed or ran past the timeout.
fn nonogrid_once(bin: &PathBuf, input: &str, timeout: Duration) -> Option<f64> {
    let mut child = Command::new(bin)
        .args(["-m", "2"])
        .env(
            "RUST_LOG",
            "off,nonogrid=warn,nonogrid::solver=off,nonogrid::board=off,nonogrid::parser=off,\
             nonogrid::block=off,nonogrid::cache=off,nonogrid::render=off,nonogrid::utils=off",
        )
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    let mut err = BufReader::new(child.stderr.take()?);
    let mut line = String::new();
    while !line.contains("Reading from stdin") {
        line.clear();
        if err.read_line(&mut line).ok()? == 0 {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
    }
    let mut out = child.stdout.take()?;
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let drain = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
    });
    let t = Instant::now();
    {
        let mut stdin = child.stdin.take()?;
        stdin.write_all(input.as_bytes()).ok()?;
    }
    let status = loop {
        if let Some(s) = child.try_wait().ok()? {
            break s;
        }
        if t.elapsed() > timeout {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_micros(50));
    };
    let elapsed = t.elapsed().as_secs_f64();
    let _ = reader.join();
    let _ = drain.join();
    status.success().then_some(elapsed)
}

/// nonogrid's solve time, baseline subtracted: the median of `runs`, or `None` (failed or timed out).
fn time_nonogrid(
    bin: &PathBuf,
    p: &Puzzle,
    runs: usize,
    base: f64,
    timeout: Duration,
) -> Option<f64> {
    let input = nin(p);
    let mut times = Vec::new();
    for _ in 0..runs {
        times.push(nonogrid_once(bin, &input, timeout)?);
    }
    Some((median(times) - base).max(0.0))
}

fn ms(s: f64) -> String {
    format!("{:.3}", s * 1e3)
}

fn main() {
    let runs = env_usize("NONOGRAM_RUNS", 5);
    let per_density = env_usize("NONOGRAM_RANDOM", 12);
    let timeout = Duration::from_secs(env_usize("NONOGRID_TIMEOUT", 10) as u64);
    let bin = nonogrid_binary();
    let mut lim = Limits::time(Duration::from_secs(env_usize("OURS_TIMEOUT", 10) as u64));
    // A limit of guesses as well, when given: the same work on a loaded machine as on an idle one.
    lim.max_steps = std::env::var("NONOGRAM_GUESSES")
        .ok()
        .and_then(|v| v.parse().ok());
    let threads = env_usize("NONOGRAM_THREADS", 1);
    // The baseline, and its noise: three times the median distance of its runs from it.
    let (base, noise) = match bin.as_ref().and_then(|b| {
        let one = "1 1\n1\n1\n";
        (0..runs.max(9))
            .map(|_| nonogrid_once(b, one, timeout))
            .collect::<Option<Vec<f64>>>()
    }) {
        Some(times) => {
            let m = median(times.clone());
            let spread = median(times.iter().map(|t| (t - m).abs()).collect());
            (Some(m), 3.0 * spread)
        }
        None => (None, 0.0),
    };
    match (&bin, base) {
        (Some(b), Some(base)) => println!(
            "nonogrid: {} (baseline {} ms subtracted; below {} ms is noise)",
            b.display(),
            ms(base),
            ms(noise)
        ),
        _ => println!("nonogrid: not found (cargo install nonogrid), ours only"),
    }
    let header = format!(
        "{:<48} {:>7} {:>8} {:>5} {:>6} {:>7} {:>10} {:>12} {:>7}",
        "puzzle", "size", "answer", "line", "nodes", "probes", "ours ms", "nonogrid ms", "ratio"
    );
    let mut worst_ratio: f64 = 0.0;
    let mut slowest: f64 = 0.0;
    // Each row's time of ours (`None`: stopped) and of nonogrid (`None`: no answer in time).
    let mut row =
        |name: &str, p: &Puzzle, check: &dyn Fn(&Answer) -> bool| -> (Option<f64>, Option<f64>) {
            let (ours, report) = time_ours(p, runs, &lim, threads);
            let stopped = matches!(report.answer, Answer::Stopped { .. });
            assert!(check(&report.answer), "{name}: {:?}", report.answer);
            if let Some(g) = report.answer.solution() {
                assert!(
                    gives_the_clues(p, g),
                    "{name}: a solution without the clues"
                );
            }
            let theirs = match (&bin, base) {
                (Some(b), Some(base)) => time_nonogrid(b, p, runs, base, timeout),
                _ => None,
            };
            slowest = slowest.max(ours);
            let ours_s = if stopped {
                format!(">{}s", lim.timeout.map(|t| t.as_secs()).unwrap_or(0))
            } else {
                ms(ours)
            };
            let (theirs_s, ratio_s) = match theirs {
                // Its solve is lost in the noise of starting a process: no ratio to speak of.
                Some(t) if t <= noise => ("<noise".into(), "-".into()),
                Some(t) => {
                    let ratio = if t > 0.0 { ours / t } else { f64::INFINITY };
                    worst_ratio = worst_ratio.max(ratio);
                    (ms(t), format!("{ratio:.3}"))
                }
                None if bin.is_some() => (format!(">{}s/fail", timeout.as_secs()), "-".into()),
                None => ("-".into(), "-".into()),
            };
            println!(
                "{:<48} {:>7} {:>8} {:>5} {:>6} {:>7} {:>10} {:>12} {:>7}",
                name,
                format!("{}x{}", p.width, p.height),
                answer_word(&report.answer),
                if report.line_solvable { "yes" } else { "no" },
                report.stats.nodes,
                report.stats.probes,
                ours_s,
                theirs_s,
                ratio_s
            );
            ((!stopped).then_some(ours), theirs)
        };

    println!("\npublic puzzles (../shared/data/nonograms)\n{header}");
    let public = if env_usize("NONOGRAM_PUBLIC", 1) == 0 {
        vec![]
    } else {
        data_puzzles()
    };
    let (mut public_faster, mut public_all, mut public_in_noise) = (0, 0, 0);
    for d in public {
        let unique = d.unique;
        let (ours, theirs) = row(&d.name, &d.puzzle, &move |a: &Answer| match a {
            Answer::Unique(_) => unique,
            Answer::Several(..) => !unique,
            _ => false,
        });
        public_all += 1;
        // A solve of nonogrid's lost in the noise of starting its process cannot be told from
        // ours either way (its time less the baseline may then be 0): it is counted apart.
        if theirs.is_some_and(|t| t <= noise) {
            public_in_noise += 1;
            continue;
        }
        // Faster: ours answered, and nonogrid did not or took longer.
        public_faster += usize::from(ours.is_some_and(|o| theirs.is_none_or(|t| o < t)));
    }
    if public_all > 0 && bin.is_some() {
        println!(
            "ours faster than nonogrid on {public_faster} of {}; {public_in_noise} lost in the \
             noise of starting nonogrid's process",
            public_all - public_in_noise
        );
    }

    println!("\nrandom 60x60 pictures the line rule cannot finish (seeded)\n{header}");
    let densities: Vec<f64> = std::env::var("NONOGRAM_DENSITIES")
        .ok()
        .map(|s| s.split(',').filter_map(|d| d.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6]);
    // Only these seeds, when given (the sample stays the same: the others are skipped).
    let only: Option<Vec<u64>> = std::env::var("NONOGRAM_SEEDS")
        .ok()
        .map(|s| s.split(',').filter_map(|d| d.trim().parse().ok()).collect());
    let mut summary = Vec::new();
    for density in densities {
        let mut sample = Vec::new();
        let mut kept = 0;
        let mut seed = 1u64;
        while kept < per_density && seed < 2000 {
            let picture = random_picture(60, 60, density, seed);
            seed += 1;
            let p = Puzzle::from_picture(picture, PuzzleInfo::default());
            let r = solve(
                &p,
                &Limits {
                    timeout: None,
                    max_steps: Some(0),
                    max_memory: None,
                },
            );
            if r.line_solvable {
                continue;
            }
            kept += 1;
            if !only.as_ref().is_none_or(|o| o.contains(&(seed - 1))) {
                continue;
            }
            let name = format!(
                "random d={density:.2} seed={} (2^{:.0})",
                seed - 1,
                engine::nonogram::rule::log2_expected_pictures(&p)
            );
            let (ours, theirs) = row(&name, &p, &|a: &Answer| {
                matches!(
                    a,
                    Answer::Unique(_)
                        | Answer::Several(..)
                        | Answer::Stopped {
                            stop: engine::nonogram::Stop::Time { .. }
                                | engine::nonogram::Stop::Nodes { .. },
                            ..
                        }
                )
            });
            sample.push((ours, theirs));
        }
        summary.push((density, sample));
    }
    // Per density: answered within the limit, within 100 ms, and the median (a stopped solve
    // counts as the limit, so a median past it reads as such).
    let limit = lim.timeout.map_or(f64::INFINITY, |t| t.as_secs_f64());
    let sum = |times: Vec<Option<f64>>, limit: f64| {
        let n = times.len();
        let answered = times.iter().flatten().count();
        let quick = times.iter().flatten().filter(|&&t| t <= 0.1).count();
        let all: Vec<f64> = times.iter().map(|t| t.unwrap_or(limit)).collect();
        let m = if all.is_empty() { 0.0 } else { median(all) };
        let m = if m >= limit {
            format!(">{limit:.0}s")
        } else {
            format!("{} ms", ms(m))
        };
        format!("{answered}/{n} answered, {quick}/{n} within 100 ms, median {m}")
    };
    if !summary.is_empty() {
        println!("\nby density (the sample: {per_density} pictures each)");
    }
    for (density, sample) in summary {
        let ours: Vec<Option<f64>> = sample.iter().map(|s| s.0).collect();
        println!("d={density:.2} ours:     {}", sum(ours, limit));
        if bin.is_some() {
            let theirs: Vec<Option<f64>> = sample.iter().map(|s| s.1).collect();
            println!(
                "d={density:.2} nonogrid: {}",
                sum(theirs, timeout.as_secs_f64())
            );
        }
    }
    println!(
        "\nslowest of ours: {} ms; worst ratio ours/nonogrid: {:.3}",
        ms(slowest),
        worst_ratio
    );
}
