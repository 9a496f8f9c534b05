//! A solve that takes a while shows that it is still working: on a terminal, after a second, a
//! spinner on standard error with the time so far and how to stop it. Nothing is drawn when
//! standard error is not a terminal, so scripts and `--json` readers see only the answer.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

/// How long a solve runs before the spinner shows.
const QUIET_FOR: Duration = Duration::from_secs(1);

/// Runs `work` (a solve of `what`) and returns what it returns, with the spinner beside it
/// when standard error is a terminal.
pub fn while_solving<T>(what: &str, work: impl FnOnce() -> T) -> T {
    // With nothing to draw, no thread waits beside the work: a script that solves thousands
    // of small puzzles would start and join one for each (a tenth of a 5×5 nonogram's process).
    if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        with_spinner(what, work)
    } else {
        work()
    }
}

fn with_spinner<T>(what: &str, work: impl FnOnce() -> T) -> T {
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
    use super::{QUIET_FOR, while_solving, with_spinner};
    use std::time::Duration;

    #[test]
    fn the_work_s_answer_comes_back_and_the_spinner_ends_with_it() {
        assert_eq!(while_solving("x", || 7), 7);
        assert_eq!(with_spinner("x", || 7), 7);
        // Work that outlasts the quiet second, so that the spinner shows. Had the spinner not
        // ended with the work, the answer would never come back (the spinner's thread is
        // joined first); a minute tells that hang from a busy machine, and is no bound on speed.
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(with_spinner("x", || {
                std::thread::sleep(QUIET_FOR + Duration::from_millis(300));
                "done"
            }));
        });
        let slow = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("the spinner stops with the work");
        assert_eq!(slow, "done");
    }
}
