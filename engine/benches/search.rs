//! Search speed and memory: generated states (one turn each) per second, and bytes held per
//! visited state, on size-8 locks with a million states and more. Each case is searched five
//! times per thread count, one thread and two taking turns so that other work on the machine
//! weighs on both alike, and the medians and their ratio are printed.
//!
//! Run with `cargo bench -p lockwright-engine --bench search [NAME]`; a NAME measures only the
//! cases whose name contains it (`cargo bench -p lockwright-engine --bench search exhausted`). The starter templates are measured
//! through the command line: `lockwright solve templates/hexlock/starter/ball-stop.lock --analyse`.

use engine::hexlock::model::{Block, Hook, Wrench};
use engine::hexlock::search::{self, Goal, Limits, SearchOptions, SearchReport};
use engine::hexlock::{Lock, Mechanism};
use engine::{Dir, Hex};

/// A size-8 lock whose bolt is a stationary block (it never opens), with the hook, a two-cell
/// wrench and `balls` free balls along the middle row: every reachable state is searched.
fn open_field(balls: usize) -> Lock {
    let size = 8;
    let mut lock = Lock::empty(size);
    lock.blocks.push(Block {
        name: 'B',
        cells: vec![Hex::new(size, -size)],
    });
    lock.hooks = vec![Hook {
        hub: Hex::new(-size + 1, size - 1),
        arm: Dir::E,
    }];
    lock.wrenches = vec![Wrench {
        cells: vec![Hex::new(0, size), Hex::new(1, size - 1)],
        momentum: None,
    }];
    lock.balls = (0..balls as i32)
        .map(|i| Hex::new(-7 + i, if i % 2 == 0 { 0 } else { -2 }))
        .collect();
    lock.normalise();
    assert_eq!(lock.validate(), vec![], "a valid benchmark lock");
    lock
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

const ROUNDS: usize = 5;

fn main() {
    // `cargo bench` passes `--bench`; any other argument names the cases to measure.
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let cases: [(&str, Lock, Option<u64>); 3] = [
        ("size 8, hook + wrench, exhausted", open_field(0), None),
        (
            "size 8, hook + wrench + 1 ball, 3M states",
            open_field(1),
            Some(3_000_000),
        ),
        (
            "size 8, 16 movable pieces, 3M states",
            open_field(14),
            Some(3_000_000),
        ),
    ];
    println!(
        "{:<44} {:>7} {:>10} {:>12} {:>14} {:>11} {:>9}",
        "lock", "threads", "visited", "generated", "generated/s", "bytes/state", "key bits"
    );
    for (name, lock, max_states) in &cases {
        if !filters.is_empty() && !filters.iter().any(|f| name.contains(f.as_str())) {
            continue;
        }
        let mech = Mechanism::new(lock).expect("playable");
        let options = |threads| SearchOptions {
            threads,
            limits: Limits {
                max_steps: *max_states,
                ..Limits::default()
            },
            goal: Goal::Everything,
        };
        let mut runs: [Vec<SearchReport>; 2] = [Vec::new(), Vec::new()];
        for _ in 0..ROUNDS {
            for (t, threads) in [1, 2].into_iter().enumerate() {
                runs[t].push(search::solve(&mech, &options(threads)).expect("searches"));
            }
        }
        let rates = runs
            .each_ref()
            .map(|rs| median(rs.iter().map(|r| r.stats.generated_per_second()).collect()));
        for (t, rs) in runs.iter().enumerate() {
            let r = &rs[0];
            println!(
                "{:<44} {:>7} {:>10} {:>12} {:>12.2}M {:>11.1} {:>9.1}",
                name,
                t + 1,
                r.stats.visited,
                r.stats.generated,
                rates[t] / 1e6,
                r.stats.bytes_per_state(),
                r.stats.key_bits
            );
        }
        let ratios: Vec<f64> = runs[0]
            .iter()
            .zip(&runs[1])
            .map(|(one, two)| two.stats.generated_per_second() / one.stats.generated_per_second())
            .collect();
        let each: Vec<String> = ratios.iter().map(|r| format!("{r:.2}")).collect();
        println!(
            "{:<44} two threads / one: {:.2}x between medians, {:.2}x median of {ROUNDS} rounds ({})",
            name,
            rates[1] / rates[0],
            median(ratios),
            each.join(" ")
        );
    }
}
