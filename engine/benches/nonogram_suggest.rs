//! *Suggest* (`suggest_unique`) timed on random pictures: the figures in docs/nonogram.md, the
//! first `NONOGRAM_RANDOM` (default 39) random pictures of `NONOGRAM_SIZE` (default 20) cells a
//! side and density `NONOGRAM_DENSITY` (default 0.5), each given `SUGGEST_TIMEOUT` seconds
//! (default 10), as the editor gives it. It was a test that printed times; timing lives here.
//!
//! ```sh
//! nice -n 10 cargo bench -p lockwright-engine --bench nonogram_suggest
//! ```

#[path = "../tests/nonogram_common.rs"]
mod common;

use common::random_picture;
use engine::nonogram::author::suggest_unique;
use engine::solving::Cancel;
use std::time::{Duration, Instant};

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

fn main() {
    let pictures: u64 = env("NONOGRAM_RANDOM", 39);
    let size: usize = env("NONOGRAM_SIZE", 20);
    let density: f64 = env("NONOGRAM_DENSITY", 0.5);
    let budget = Duration::from_secs_f64(env("SUGGEST_TIMEOUT", 10.0));
    let mut times = Vec::new();
    for seed in 1..=pictures {
        let picture = random_picture(size, size, density, seed);
        let t = Instant::now();
        let s = suggest_unique(&picture, budget, Cancel::NEVER);
        let took = t.elapsed();
        times.push(took);
        println!(
            "seed {seed:>2}: {} regions, {:>9}, fewest {:>5}, {} pictures tried, {took:.1?}",
            s.regions,
            s.changes
                .as_ref()
                .map_or("none".to_string(), |c| format!("{} changes", c.len())),
            s.fewest,
            s.tried,
        );
    }
    times.sort();
    if let Some(median) = times.get(times.len() / 2) {
        println!("median {median:.1?}");
    }
}
