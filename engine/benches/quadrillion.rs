//! Quadrillion solving speed: each saved challenge of `../shared/data/quadrillion.json` solved
//! and proved unique, every solution of the default board counted, and challenges generated
//! from seeds — each against the product's target.
//!
//! Run on one core, after building:
//!
//! ```text
//! nice -n 10 cargo bench -p lockwright-engine --bench quadrillion --no-run
//! nice -n 10 taskset -c 0 cargo bench -p lockwright-engine --bench quadrillion
//! ```
//!
//! Each figure is the median of `QUADRILLION_RUNS` runs (default 7); a run of a fast job repeats
//! it until 20 ms have passed and takes the mean. `QUADRILLION_SEEDS` sets how many seeds the
//! generator is timed on (default 20).

#[path = "../tests/quadrillion_common.rs"]
mod common;

use common::{data_boards, saved_challenges};
use engine::quadrillion::generate::generate;
use engine::quadrillion::{Limits, count, solve};
use engine::solving::Cancel;
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

/// The median over `runs` of the mean time of a batch of at least 20 ms, in seconds.
fn time(runs: usize, mut job: impl FnMut()) -> f64 {
    let mut times = Vec::new();
    for _ in 0..runs {
        let t = Instant::now();
        let mut n = 0u32;
        while n == 0 || t.elapsed() < Duration::from_millis(20) {
            job();
            n += 1;
        }
        times.push(t.elapsed().as_secs_f64() / f64::from(n));
    }
    median(times)
}

fn main() {
    // `cargo bench` passes `--bench`; a plain `cargo test` of benches passes nothing to run.
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let runs = env_usize("QUADRILLION_RUNS", 7);
    let none = Limits::default();
    println!(
        "Saved challenges: one solution found, then every solution counted (target ≤ 1 ms each)"
    );
    println!(
        "{:<10} {:>12} {:>14} {:>10}",
        "challenge", "solve (ms)", "count (ms)", "nodes"
    );
    let mut worst: f64 = 0.0;
    for b in saved_challenges() {
        let ch = &b.challenge;
        let solve_t = time(runs, || {
            std::hint::black_box(solve(std::hint::black_box(ch), &none, Cancel::NEVER).ok());
        });
        let c = count(ch, None, &none, Cancel::NEVER).expect("a playable challenge");
        assert!(c.is_unique(), "{} has one solution", b.name);
        let count_t = time(runs, || {
            std::hint::black_box(count(std::hint::black_box(ch), None, &none, Cancel::NEVER).ok());
        });
        worst = worst.max(count_t);
        println!(
            "{:<10} {:>12.3} {:>14.3} {:>10}",
            b.name,
            solve_t * 1e3,
            count_t * 1e3,
            c.nodes
        );
    }
    println!("slowest count: {:.3} ms\n", worst * 1e3);

    let default = data_boards()
        .into_iter()
        .find(|b| b.name == "default")
        .expect("the default board");
    let mut times = Vec::new();
    let mut last = None;
    for _ in 0..runs.min(5) {
        let t = Instant::now();
        let c = count(&default.challenge, None, &none, Cancel::NEVER).expect("playable");
        times.push(t.elapsed().as_secs_f64());
        last = Some(c);
    }
    let c = last.expect("one run");
    println!(
        "Default board: {} solutions counted in {:.3} s (median of {}; {} nodes; target ≤ 1 s)\n",
        c.solutions,
        median(times),
        runs.min(5),
        c.nodes
    );

    let seeds = env_usize("QUADRILLION_SEEDS", 20) as u64;
    let mut times = Vec::new();
    let mut slowest: f64 = 0.0;
    let mut placed = 0;
    let mut difficulty = 0.0;
    for seed in 0..seeds {
        let t = Instant::now();
        let g = generate(seed, None, &none).expect("a challenge");
        let s = t.elapsed().as_secs_f64();
        slowest = slowest.max(s);
        times.push(s);
        placed += g.challenge.placed.len();
        difficulty += g.difficulty;
    }
    println!(
        "Challenge generator: {seeds} seeds, median {:.1} ms, slowest {:.1} ms (target ≤ 1 s); \
         {:.1} shapes placed and difficulty {:.1} on average",
        median(times) * 1e3,
        slowest * 1e3,
        placed as f64 / seeds as f64,
        difficulty / seeds as f64
    );
}
