//! Settling an impossible call that stood: nobody picked the lock, so the server's solver says
//! what the lock was — impossible, with its proof, or picked in so many moves, with them — and
//! both players read it once the round is over. The points stand as the seed scores them (the
//! builder failed to pick their own lock in five minutes); the verdict is for the record.

use engine::sliding::{Answer, Limits, Lock, format_moves, solve};
use std::time::Duration;

/// How long the solver may look.
pub const VERDICT_TIME: Duration = Duration::from_secs(10);

/// The solver's word on a lock, in a sentence.
pub fn verdict(lock: &Lock, limit: Duration) -> String {
    let limits = Limits {
        timeout: Some(limit),
        ..Limits::default()
    };
    match solve(lock, &limits) {
        Err(problems) => format!(
            "the lock is not legal: {}",
            problems
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")
        ),
        Ok(report) => match report.answer {
            Answer::Impossible => match report.proof {
                Some(proof) => format!("the solver proves it impossible: {proof}"),
                None => "the solver proves it impossible".into(),
            },
            Answer::Solved { moves } => format!(
                "the solver picks it in {}: {}",
                lockfmt::words::count(moves.len(), "move"),
                format_moves(&lock.write_all(&moves))
            ),
            Answer::Stopped(stop) => format!("the solver could not tell: it {}", stop.stopped()),
        },
    }
}
