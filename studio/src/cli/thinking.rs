//! A solve that takes a while shows that it is still working: on a terminal, after a second, a
//! spinner on standard error with the time so far and how to stop it. Nothing is drawn when
//! standard error is not a terminal, so scripts and `--json` readers see only the answer.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

/// How long a solve runs before the spinner shows.
const QUIET_FOR: Duration = Duration::from_secs(1);

/// Runs `work` (a solve of `what`) and returns what it returns, with the spinner beside it.
pub fn while_solving<T>(what: &str, work: impl FnOnce() -> T) -> T {
    let (finished, waiting) = mpsc::channel::<()>();
    std::thread::scope(|s| {
        s.spawn(move || {
            // The sender is dropped when the work ends: a disconnection, not a message.
            if !matches!(
                waiting.recv_timeout(QUIET_FOR),
                Err(RecvTimeoutError::Timeout)
            ) {
                return;
            }
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template("{spinner} {msg} {elapsed}")
                    .unwrap_or(ProgressStyle::default_spinner()),
            );
            bar.set_message(format!(
                "solving {what} (Ctrl+C stops; --timeout SECONDS sets a limit):"
            ));
            bar.enable_steady_tick(Duration::from_millis(200));
            let _ = waiting.recv();
            bar.finish_and_clear();
        });
        let out = work();
        drop(finished);
        out
    })
}

#[cfg(test)]
mod tests {
    use super::while_solving;
    use std::time::{Duration, Instant};

    #[test]
    fn the_work_s_answer_comes_back_and_the_spinner_ends_with_it() {
        assert_eq!(while_solving("x", || 7), 7);
        let t = Instant::now();
        let slow = while_solving("x", || {
            std::thread::sleep(Duration::from_millis(1300));
            "done"
        });
        assert_eq!(slow, "done");
        assert!(
            t.elapsed() < Duration::from_secs(3),
            "the spinner stops with the work"
        );
    }
}
