//! The history benchmark: what a long history of republishing costs a restart.
//!
//! ```sh
//! cargo run --release -p lockwright-server --example history
//! cargo run --release -p lockwright-server --example history -- --republishes 40000 --runs 5
//! ```
//!
//! Seeds two data folders through the storage API: one where a player has one lock in a
//! slot, one where the same player republished into that slot `--republishes` times. Then
//! loads each `--runs` times as the server does at start, and prints the median time to load,
//! the locks held in memory, and the process's resident memory after each folder's loads.

use anyhow::Result;
use clap::Parser;
use rules::metagame::Slot;
use server::config::Config;
use server::storage::{Durability, Storage};
use std::time::Instant;

/// The history benchmark.
#[derive(Parser, Debug)]
#[command(name = "history")]
struct Args {
    /// Republishes into one slot.
    #[arg(long, default_value_t = 40_000)]
    republishes: usize,
    /// Loads of each folder; the median is printed.
    #[arg(long, default_value_t = 5)]
    runs: usize,
}

fn read(name: &str) -> String {
    let path = format!(
        "{}/../templates/hexlock/starter/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_default()
}

fn seed(dir: &std::path::Path, republishes: usize) -> Result<()> {
    let mut db = Storage::open(dir, Durability::Normal)?;
    let (lock, solution) = (read("spring-pull.lock"), read("spring-pull.solution"));
    let spammer = db.add_player("REP", "x", true)?;
    let slot = Slot::new(1).ok_or_else(|| anyhow::anyhow!("slot"))?;
    for _ in 0..=republishes {
        db.place_lock(spammer, slot, &lock, &solution)?;
    }
    Ok(())
}

fn resident_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.split_whitespace().next())
                .and_then(|v| v.parse().ok())
        })
        .unwrap_or(0)
}

fn main() -> Result<()> {
    let args = Args::parse();
    println!(
        "{:>12} {:>14} {:>16} {:>14}",
        "republishes", "load (median)", "locks in memory", "resident"
    );
    for republishes in [0, args.republishes] {
        let dir = tempfile::tempdir()?;
        seed(dir.path(), republishes)?;
        let config = Config {
            data: dir.path().to_path_buf(),
            ..Config::default()
        };
        let mut times = Vec::new();
        let mut held = None;
        for _ in 0..args.runs.max(1) {
            let started = Instant::now();
            let game = server::server::open(&config)?;
            times.push(started.elapsed());
            held = Some(game.locks_in_memory());
        }
        times.sort();
        let median = times[times.len() / 2];
        println!(
            "{republishes:>12} {:>11.2} ms {:>16} {:>11} MB",
            median.as_secs_f64() * 1000.0,
            held.map_or(0, |h| h.locks),
            resident_kib() / 1024
        );
    }
    Ok(())
}
