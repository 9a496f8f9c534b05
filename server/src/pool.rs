//! Bounded work: a fixed number of workers, a bounded queue, and a refusal at once beyond
//! it. Expensive per-request work (password hashing, reading and replaying locks) goes
//! through a [`Pool`], so that a burst of requests costs at most `workers` jobs' memory and
//! CPU at a time however many arrive, and the rest wait in a queue whose length is known (and
//! reported in the metrics) or are refused with `busy`.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use tokio::sync::Semaphore;

/// Why a job was not run.
#[derive(Debug, thiserror::Error)]
pub enum PoolError {
    /// Every worker is busy and the queue is full: try again shortly.
    #[error("the server is busy {0}; try again in a moment")]
    Busy(&'static str),
    /// The job's task died (it panicked).
    #[error("the work failed: {0}")]
    Failed(String),
}

/// A fixed set of workers and a bounded queue.
pub struct Pool {
    /// What the pool does, for refusals ("checking passwords").
    doing: &'static str,
    /// One permit per worker.
    permits: Arc<Semaphore>,
    workers: usize,
    /// Jobs admitted and not finished (running or waiting): bounds the queue.
    admitted: AtomicUsize,
    /// The most jobs admitted at once: workers plus the queue.
    admit_at_most: usize,
    /// Jobs refused because the queue was full, so far.
    refused: AtomicU64,
}

/// Leaves the queue when a job ends, however it ends.
struct Admitted<'a>(&'a AtomicUsize);

impl Drop for Admitted<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

impl Pool {
    /// `workers` jobs at once (at least one) and `queue` more waiting; `doing` says what the
    /// work is, in refusals ("checking locks").
    pub fn new(doing: &'static str, workers: usize, queue: usize) -> Pool {
        let workers = workers.max(1);
        Pool {
            doing,
            permits: Arc::new(Semaphore::new(workers)),
            workers,
            admitted: AtomicUsize::new(0),
            admit_at_most: workers + queue,
            refused: AtomicU64::new(0),
        }
    }

    /// Runs `job` on the blocking threads once a worker is free; refuses at once with
    /// [`PoolError::Busy`] when the queue is full.
    pub async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, PoolError> {
        if self.admitted.fetch_add(1, Ordering::AcqRel) >= self.admit_at_most {
            self.admitted.fetch_sub(1, Ordering::AcqRel);
            self.refused.fetch_add(1, Ordering::Relaxed);
            return Err(PoolError::Busy(self.doing));
        }
        let _admitted = Admitted(&self.admitted);
        let _permit = self
            .permits
            .acquire()
            .await
            .map_err(|e| PoolError::Failed(e.to_string()))?;
        tokio::task::spawn_blocking(job)
            .await
            .map_err(|e| PoolError::Failed(e.to_string()))
    }

    /// Jobs waiting for a worker now.
    pub fn waiting(&self) -> usize {
        let running = self.workers - self.permits.available_permits().min(self.workers);
        self.admitted
            .load(Ordering::Acquire)
            .saturating_sub(running)
    }

    /// Jobs running now.
    pub fn running(&self) -> usize {
        self.workers - self.permits.available_permits().min(self.workers)
    }

    /// Jobs refused so far because the queue was full.
    pub fn refused(&self) -> u64 {
        self.refused.load(Ordering::Relaxed)
    }

    /// The number of workers.
    pub fn workers(&self) -> usize {
        self.workers
    }
}

/// The number of workers for a configured count: the count, or one per core for 0.
pub fn workers_for(configured: usize) -> usize {
    match configured {
        0 => std::thread::available_parallelism().map_or(2, |n| n.get()),
        n => n,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn at_most_the_workers_run_at_once_and_beyond_the_queue_is_refused() {
        let pool = Arc::new(Pool::new("testing", 2, 3));
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let (release, hold) = std::sync::mpsc::channel::<()>();
        let hold = Arc::new(std::sync::Mutex::new(hold));
        let mut jobs = Vec::new();
        for _ in 0..20 {
            let (pool, running, most, hold) =
                (pool.clone(), running.clone(), most.clone(), hold.clone());
            jobs.push(tokio::spawn(async move {
                pool.run(move || {
                    let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(now, Ordering::SeqCst);
                    let _ = hold.lock().map(|h| h.recv());
                    running.fetch_sub(1, Ordering::SeqCst);
                })
                .await
            }));
        }
        // Every job has been admitted or refused before any is let go.
        while pool.refused() + ((pool.waiting() + pool.running()) as u64) < 20 {
            tokio::task::yield_now().await;
        }
        assert_eq!(pool.refused(), 15, "20 jobs on 2 workers and 3 waiting");
        assert_eq!(pool.waiting(), 3);
        for _ in 0..5 {
            release.send(()).expect("release");
        }
        let mut busy = 0;
        for job in jobs {
            match job.await.expect("task") {
                Ok(()) => {}
                Err(PoolError::Busy(doing)) => {
                    assert_eq!(doing, "testing");
                    busy += 1;
                }
                Err(e) => panic!("{e}"),
            }
        }
        assert_eq!(busy, 15);
        assert!(
            most.load(Ordering::SeqCst) <= 2,
            "never more than 2 at once"
        );
        assert_eq!((pool.waiting(), pool.running()), (0, 0));
    }
}
