//! The practice bot timed: builds at the tests' budget and whole matches between bots, as the
//! tests play them. The tests hold the bot to the work it does; how long that takes is measured
//! here (the whole-match test once asserted it ran in under 10 s, and a build in under three
//! times its budget).
//!
//! ```sh
//! nice -n 10 cargo bench -p lockwright-rules --bench death_match_bot
//! ```
//!
//! Environment: `BOT_BUILD_MS` the build's budget in milliseconds (default the tests' 150);
//! `BOT_SEEDS` the rounds built, seeds 0 up (default 6).

#[path = "../tests/death_match_bots/mod.rs"]
mod death_match_bots;

use death_match_bots::{BUDGET, Host, drafted_alone};
use rules::death_match::Pair;
use rules::death_match::bot::Bot;
use rules::death_match::generate::round;
use std::time::{Duration, Instant};

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

fn main() {
    let budget = Duration::from_millis(env("BOT_BUILD_MS", BUDGET.as_millis() as u64));
    let seeds: u64 = env("BOT_SEEDS", 6);
    println!("builds, {} ms budget", budget.as_millis());
    for seed in 0..seeds {
        let r = round(seed, 1);
        let bot = Bot::full(seed);
        let drafted = drafted_alone(&bot, &r.board, &r.offered);
        let t = Instant::now();
        let (_, work) = bot.build_counted(&r.board, &drafted, budget);
        let took = t.elapsed();
        println!(
            "seed {seed}: {}×{} {} pieces, {took:.1?} ({:.2} × budget), {} locks judged, \
             {} states, at most {} on one, {} retreats",
            r.board.width(),
            r.board.height(),
            drafted.len(),
            took.as_secs_f64() / budget.as_secs_f64(),
            work.judged,
            work.states,
            work.most_states,
            work.retreats
        );
    }
    println!("whole matches, builds at {} ms", BUDGET.as_millis());
    for (seed, weak) in [(11, 0.4), (12, 1.0)] {
        let mut host = Host::new(
            seed,
            Pair {
                challenger: Bot::full(seed),
                challenged: Bot::new(weak, seed + 1),
            },
        );
        let t = Instant::now();
        let m = host.play();
        println!(
            "seed {seed}: {} rounds, {} steps, {:.2?}",
            m.round(),
            host.steps,
            t.elapsed()
        );
    }
}
