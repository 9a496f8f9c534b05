//! One search against several racing on threads of their own (`solve_on_threads`), on random
//! 60×60 pictures the line rule cannot finish, in the same run: each picture is solved both
//! ways in turn, `NONOGRAM_RUNS` times (default 3), and the medians are compared. A third
//! column runs the searches of a race of `NONOGRAM_QUICKEST_OF` (default 4) one after another
//! on one core and keeps the quickest: what a race on that many idle cores would take, with
//! nothing shared between them.
//!
//! ```sh
//! nice -n 10 cargo bench -p lockwright-engine --bench nonogram_portfolio
//! ```
//!
//! Environment: `NONOGRAM_THREADS` the searches that race (default 2; give the run as many
//! cores); `NONOGRAM_QUICKEST_OF` the searches of the third column; `NONOGRAM_RANDOM` pictures per density (default 16); `NONOGRAM_DENSITIES` (default
//! `0.35,0.4,0.45,0.5`); `OURS_TIMEOUT` seconds per solve (default 3: a stopped solve counts as
//! that long).

#[path = "../tests/nonogram_common.rs"]
mod common;

use common::{answer_word as status, gives_the_clues, random_picture};
use engine::nonogram::{
    Answer, Limits, Puzzle, PuzzleInfo, Report, solve, solve_on_threads, solve_seeded,
};
use engine::solving::Cancel;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn checked(p: &Puzzle, r: Report, name: &str) -> Report {
    if let Some(g) = r.answer.solution() {
        assert!(
            gives_the_clues(p, g),
            "{name}: a solution without the clues"
        );
    }
    r
}

fn main() {
    let runs: usize = env("NONOGRAM_RUNS", 3);
    let per_density: usize = env("NONOGRAM_RANDOM", 16);
    let threads: usize = env("NONOGRAM_THREADS", 2);
    let quickest_of: u64 = env("NONOGRAM_QUICKEST_OF", 4);
    let limit = Duration::from_secs_f64(env("OURS_TIMEOUT", 3.0));
    let lim = Limits::time(limit);
    let densities: Vec<f64> = std::env::var("NONOGRAM_DENSITIES")
        .ok()
        .map(|s| s.split(',').filter_map(|d| d.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![0.35, 0.4, 0.45, 0.5]);
    println!(
        "one search against {threads} racing, {runs} runs each in turn, {} s limit",
        limit.as_secs_f64()
    );
    println!(
        "{:<26} {:>8} {:>10} {:>10} {:>12}",
        "picture",
        "answer",
        "1 ms",
        format!("race {threads} ms"),
        format!("best of {quickest_of}")
    );
    let ms = |r: &Report| {
        if matches!(r.answer, Answer::Stopped { .. }) {
            limit.as_secs_f64() * 1000.0
        } else {
            r.stats.elapsed.as_secs_f64() * 1000.0
        }
    };
    let shown = |t: f64, r: &Report| {
        if matches!(r.answer, Answer::Stopped { .. }) {
            format!(">{}s", limit.as_secs_f64())
        } else {
            format!("{t:.1}")
        }
    };
    for density in densities {
        let (mut kept, mut seed) = (0, 1u64);
        let (mut one_all, mut many_all, mut best_all) = (Vec::new(), Vec::new(), Vec::new());
        while kept < per_density && seed < 5000 {
            let p =
                Puzzle::from_picture(random_picture(60, 60, density, seed), PuzzleInfo::default());
            seed += 1;
            let lines = Limits {
                timeout: None,
                max_steps: Some(0),
                max_memory: None,
            };
            if solve(&p, &lines).line_solvable {
                continue;
            }
            kept += 1;
            let name = format!("d={density:.2} seed={}", seed - 1);
            let (mut one, mut many) = (Vec::new(), Vec::new());
            let (mut last_one, mut last_many) = (None, None);
            for _ in 0..runs {
                let a = checked(&p, solve(&p, &lim), &name);
                one.push(ms(&a));
                last_one = Some(a);
                let b = checked(
                    &p,
                    solve_on_threads(&p, &lim, Cancel::NEVER, threads),
                    &name,
                );
                many.push(ms(&b));
                last_many = Some(b);
            }
            let (Some(a), Some(b)) = (last_one, last_many) else {
                continue;
            };
            let (sa, sb) = (status(&a.answer), status(&b.answer));
            assert!(
                sa == sb || sa == "stopped" || sb == "stopped",
                "{name}: {sa} with one search, {sb} with {threads}"
            );
            let (t1, tn) = (median(one), median(many));
            // The quickest of the race's searches, each alone on this core.
            let best = (0..quickest_of)
                .map(|seed| {
                    let r = solve_seeded(&p, &lim, Cancel::by(&AtomicBool::new(false)), seed);
                    ms(&checked(&p, r, &name))
                })
                .fold(f64::INFINITY, f64::min);
            let best_s = if best >= limit.as_secs_f64() * 1000.0 {
                format!(">{}s", limit.as_secs_f64())
            } else {
                format!("{best:.1}")
            };
            println!(
                "{name:<26} {:>8} {:>10} {:>10} {:>12}",
                if sa == "stopped" { sb } else { sa },
                shown(t1, &a),
                shown(tn, &b),
                best_s
            );
            one_all.push(t1);
            many_all.push(tn);
            best_all.push(best);
        }
        let within = |v: &[f64]| v.iter().filter(|&&t| t <= 100.0).count();
        let answered = |v: &[f64]| {
            v.iter()
                .filter(|&&t| t < limit.as_secs_f64() * 1000.0)
                .count()
        };
        let all = |v: &[f64]| v.iter().sum::<f64>() / 1000.0;
        println!(
            "d={density:.2} (one / race / best of): within 100 ms {} / {} / {} of {kept}; \
             answered {} / {} / {}; {:.2} / {:.2} / {:.2} s in all; median {:.1} / {:.1} / \
             {:.1} ms\n",
            within(&one_all),
            within(&many_all),
            within(&best_all),
            answered(&one_all),
            answered(&many_all),
            answered(&best_all),
            all(&one_all),
            all(&many_all),
            all(&best_all),
            median(one_all.clone()),
            median(many_all.clone()),
            median(best_all.clone()),
        );
    }
}
