//! Work that must not run on the UI thread (reading and writing files, parsing, rendering
//! thumbnails), as tasks whose answer comes back as a message.
//!
//! Each answer that can go stale carries the generation it was asked for: the screen bumps its
//! generation when what it asked about changes (another file opened, another server chosen),
//! and drops answers of an older one. [`Generation`] is that counter.

use iced_runtime::Task;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Runs `work` on a thread of its own and turns its answer into a message.
pub fn run<T, M>(
    work: impl FnOnce() -> T + Send + 'static,
    done: impl Fn(T) -> M + Send + 'static,
) -> Task<M>
where
    T: Send + 'static,
    M: Send + 'static,
{
    iced_runtime::task::blocking(move |mut answer| {
        // The channel is new and holds one answer, so this send cannot find it full.
        let _ = answer.try_send(work());
    })
    .map(done)
}

/// As [`run`], for work that checks a flag to stop early: the returned [`Cancel`] is that flag's
/// handle, and dropping it calls the work off.
pub fn run_cancellable<T, M>(
    work: impl FnOnce(&AtomicBool) -> T + Send + 'static,
    done: impl Fn(T) -> M + Send + 'static,
) -> (Task<M>, Cancel)
where
    T: Send + 'static,
    M: Send + 'static,
{
    let cancel = Cancel::new();
    let flag = cancel.flag();
    (run(move || work(&flag), done), cancel)
}

/// A counter that names the current request: answers carrying an older number are stale.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Generation(u64);

impl Generation {
    /// Moves on to a new generation and returns it: every answer asked for before is stale.
    pub fn advance(&mut self) -> Generation {
        self.0 += 1;
        *self
    }

    /// Whether an answer asked for in `asked` is still current.
    pub fn is_current(self, asked: Generation) -> bool {
        self == asked
    }
}

/// The flag a run in the background checks to know whether it is still wanted. Dropping the
/// handle calls the run off, so that a run nobody waits for any more (the text changed, the
/// screen closed) stops soon and frees its thread, instead of finishing work whose answer
/// would be dropped as stale.
#[derive(Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A handle for a new run, not called off.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// The flag to hand to the run.
    pub fn flag(&self) -> Arc<AtomicBool> {
        self.0.clone()
    }

    /// Calls the run off.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

impl Drop for Cancel {
    fn drop(&mut self) {
        self.cancel();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dropping_the_handle_calls_the_run_off() {
        let handle = Cancel::new();
        let flag = handle.flag();
        assert!(!flag.load(Ordering::Relaxed));
        drop(handle);
        assert!(flag.load(Ordering::Relaxed));
    }

    #[test]
    fn an_answer_of_an_older_generation_is_stale() {
        let mut g = Generation::default();
        let first = g.advance();
        assert!(g.is_current(first));
        let second = g.advance();
        assert!(!g.is_current(first));
        assert!(g.is_current(second));
    }
}
