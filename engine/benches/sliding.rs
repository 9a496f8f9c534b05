//! Sliding lock solving speed: random legal locks — 11×11 with 20 pieces, and 8×8 with 10
//! pieces as a Death Match draft gives — each answered (fewest moves or impossible) by the
//! solver on one thread, with a time limit per lock.
//!
//! ```text
//! nice -n 10 cargo bench -p lockwright-engine --bench sliding --no-run
//! taskset -c 0 cargo bench -p lockwright-engine --bench sliding
//! ```
//!
//! Environment: `SLIDING_LOCKS` random locks per size (default 100); `SLIDING_TIMEOUT` the
//! limit per lock in seconds (default 10); `SLIDING_SEEDS` only these seeds, comma-separated
//! (for the deep ones: `SLIDING_SEEDS=41,99,143`); `SLIDING_SHOW=1` draws each lock before it
//! is solved; `SLIDING_SLOWEST` how many of the slowest locks to list (default 5). A lock
//! answered in under 100 ms is timed three times and its median kept.

#[path = "../tests/sliding_common.rs"]
mod common;

use engine::sliding::{Answer, Limits, Lock, solve};
use std::time::{Duration, Instant};

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

struct Row {
    time: Duration,
    seed: u64,
    states: u64,
    idle: usize,
    what: String,
}

fn time_one(lock: &Lock, seed: u64, limits: &Limits) -> Row {
    let t = Instant::now();
    let mut r = solve(lock, limits).expect("legal");
    let mut time = t.elapsed();
    if time < Duration::from_millis(100) {
        let mut times = vec![time];
        for _ in 0..2 {
            let t = Instant::now();
            r = solve(lock, limits).expect("legal");
            times.push(t.elapsed());
        }
        times.sort();
        time = times[1];
    }
    let what = match &r.answer {
        Answer::Solved { moves } => {
            if std::env::var_os("SLIDING_SHOW").is_some() {
                println!(
                    "  {}",
                    engine::sliding::notation::format_moves(&lock.write_all(moves))
                );
            }
            format!("{} moves", moves.len())
        }
        Answer::Impossible => match r.proof {
            Some(p) => format!("impossible: {p}"),
            None => "impossible".into(),
        },
        Answer::Stopped(s) => match r.at_least {
            Some(n) => format!("{s}, every way at least {n} moves"),
            None => format!("{s}"),
        },
    };
    Row {
        time,
        seed,
        states: r.states,
        idle: r.idle,
        what,
    }
}

fn report(side: u8, pieces: usize, seeds: &[u64], limits: &Limits) {
    let n = seeds.len();
    let show = std::env::var_os("SLIDING_SHOW").is_some();
    let mut rows: Vec<Row> = seeds
        .iter()
        .map(|&seed| {
            let lock = common::random_lock(seed, side, pieces);
            if show {
                println!("seed {seed}, {side}×{side}:\n{}", common::picture(&lock));
            }
            time_one(&lock, seed, limits)
        })
        .collect();
    rows.sort_by_key(|r| r.time);
    let count = |f: &dyn Fn(&Row) -> bool| rows.iter().filter(|r| f(r)).count();
    let solved = count(&|r| r.what.ends_with("moves"));
    let impossible = count(&|r| r.what.starts_with("impossible"));
    let stopped = rows.len() - solved - impossible;
    let within = count(&|r| r.time <= Duration::from_secs(1) && !r.what.starts_with("stopped"));
    let median = rows.get(rows.len() / 2).map(|r| r.time).unwrap_or_default();
    println!(
        "{n} random {side}×{side} locks with {pieces} pieces: {solved} solved, {impossible} impossible, {stopped} stopped by the limit"
    );
    println!(
        "  answered within 1 s: {within} of {n}; median {:.2} ms",
        median.as_secs_f64() * 1e3
    );
    println!("  slowest:");
    for r in rows.iter().rev().take(env("SLIDING_SLOWEST", 5)) {
        println!(
            "    seed {}: {:.1} ms, {} states, {} idle pieces, {}",
            r.seed,
            r.time.as_secs_f64() * 1e3,
            r.states,
            r.idle,
            r.what
        );
    }
}

fn main() {
    let n: u64 = env("SLIDING_LOCKS", 100);
    let seeds: Vec<u64> = match std::env::var("SLIDING_SEEDS") {
        Ok(list) => list
            .split(',')
            .filter_map(|s| s.trim().parse().ok())
            .collect(),
        Err(_) => (1..=n).collect(),
    };
    let limits = Limits {
        timeout: Some(Duration::from_secs_f64(env("SLIDING_TIMEOUT", 10.0))),
        ..Limits::default()
    };
    report(8, 10, &seeds, &limits);
    report(11, 20, &seeds, &limits);
}
