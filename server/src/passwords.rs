//! Password work, bounded: every argon2 hash or check of the server goes through
//! [`Passwords`], which runs at most one per worker (one per core by default), lets a bounded
//! number wait, and refuses the rest at once.
//!
//! Each check needs argon2's working memory (19 MiB by default). Given to the blocking pool
//! one request at a time, a burst of logins allocated that much on as many threads as there
//! were requests, and the allocator kept it: 32 concurrent wrong logins left the process at
//! 4 GB. Here each worker owns one buffer, allocated on first use and reused by every check
//! after, so the memory for passwords is at most `workers × memory cost` whatever the load,
//! and a burst leaves nothing behind.
//!
//! An unknown codename is checked against a dummy hash made with the same cost, so that a
//! login takes as long whether the codename exists or not.

use argon2::Block;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use crate::pool::Pool;
pub use crate::pool::PoolError as PasswordError;

/// The password workers and their memory.
pub struct Passwords {
    /// The workers and their queue.
    pool: Pool,
    /// Argon2's memory cost for new hashes, in KiB.
    memory_kib: u32,
    /// Working memory of idle workers; never more buffers than workers.
    buffers: Mutex<Vec<Vec<Block>>>,
    /// A hash of a random password at `memory_kib`, checked for unknown codenames.
    dummy: OnceLock<String>,
    /// Passwords checked against a hash so far, a real one or the dummy.
    verified: AtomicU64,
}

impl Passwords {
    /// `workers` checks at once (at least one), `queue` more waiting, hashes at `memory_kib`.
    pub fn new(workers: usize, queue: usize, memory_kib: u32) -> Passwords {
        Passwords {
            pool: Pool::new("checking passwords", workers, queue),
            memory_kib,
            buffers: Mutex::new(Vec::new()),
            dummy: OnceLock::new(),
            verified: AtomicU64::new(0),
        }
    }

    /// The workers and their queue, for the metrics.
    pub fn pool(&self) -> &Pool {
        &self.pool
    }

    /// Runs `work` on a worker with its memory, waiting for one when all are busy; refuses
    /// with [`PasswordError::Busy`] when the queue is full.
    async fn run<T: Send + 'static>(
        self: &Arc<Self>,
        work: impl FnOnce(&Passwords, &mut Vec<Block>) -> T + Send + 'static,
    ) -> Result<T, PasswordError> {
        let me = self.clone();
        self.pool
            .run(move || {
                // At most one job per worker runs, so there are never more buffers than
                // workers.
                let mut memory = me
                    .buffers
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .pop()
                    .unwrap_or_default();
                let out = work(&me, &mut memory);
                me.buffers
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push(memory);
                out
            })
            .await
    }

    /// Hashes a new password.
    pub async fn hash(self: &Arc<Self>, password: String) -> Result<String, PasswordError> {
        self.run(move |p, memory| crate::auth::hash_password_in(&password, p.memory_kib, memory))
            .await?
            .map_err(|e| PasswordError::Failed(e.body.message))
    }

    /// Whether `password` matches `hash`; with no hash (an unknown codename), checks it
    /// against the dummy hash, which takes as long, and answers false.
    pub async fn verify(
        self: &Arc<Self>,
        password: String,
        hash: Option<String>,
    ) -> Result<bool, PasswordError> {
        self.run(move |p, memory| match &hash {
            Some(h) => {
                p.verified.fetch_add(1, Ordering::Relaxed);
                crate::auth::verify_password_in(&password, h, memory)
            }
            None => {
                let dummy = p.dummy.get_or_init(|| {
                    let random = crate::auth::new_token();
                    crate::auth::hash_password_in(&random, p.memory_kib, memory).unwrap_or_default()
                });
                p.verified.fetch_add(1, Ordering::Relaxed);
                let _ = crate::auth::verify_password_in(&password, dummy, memory);
                false
            }
        })
        .await
    }

    /// Passwords checked against a hash so far (an unknown codename's against the dummy).
    pub fn verifications(&self) -> u64 {
        self.verified.load(Ordering::Relaxed)
    }

    /// Buffers allocated so far: at most the number of workers.
    pub fn buffers(&self) -> usize {
        self.buffers.lock().unwrap_or_else(|e| e.into_inner()).len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn checks_beyond_the_queue_are_refused_and_memory_is_reused() {
        let p = Arc::new(Passwords::new(2, 3, 64));
        let hash = p.hash("sesame".into()).await.expect("hash");
        let mut tasks = Vec::new();
        for i in 0..40 {
            let (p, hash) = (p.clone(), hash.clone());
            tasks.push(tokio::spawn(async move {
                p.verify(if i == 0 { "sesame" } else { "wrong" }.into(), Some(hash))
                    .await
            }));
        }
        let mut busy = 0;
        for (i, t) in tasks.into_iter().enumerate() {
            match t.await.expect("task") {
                Ok(ok) => assert_eq!(ok, i == 0),
                Err(PasswordError::Busy(_)) => busy += 1,
                Err(e) => panic!("{e}"),
            }
        }
        assert!(
            busy > 0,
            "40 checks at once overflow 2 workers and 3 waiting"
        );
        assert!(p.buffers() <= 2, "{} buffers", p.buffers());
        assert!(!p.verify("x".into(), None).await.expect("dummy"));
    }

    /// An unknown codename costs the work a wrong password does, so that the time of a refusal
    /// does not tell which codenames exist: one Argon2 check each, against a hash of the same
    /// algorithm, version and cost (the dummy is made at the cost new passwords get). This
    /// replaced a test that compared the two by the clock, which a busy machine could fail.
    #[tokio::test]
    async fn an_unknown_codename_costs_one_check_at_the_cost_of_a_real_password() {
        let p = Arc::new(Passwords::new(1, 4, 64));
        let hash = p.hash("sesame".into()).await.expect("hash");
        assert_eq!(p.verifications(), 0, "hashing a new password checks none");
        assert!(
            !p.verify("wrong".into(), Some(hash.clone()))
                .await
                .expect("check")
        );
        assert_eq!(p.verifications(), 1);
        assert!(!p.verify("wrong".into(), None).await.expect("check"));
        assert!(!p.verify("sesame".into(), None).await.expect("check"));
        assert_eq!(
            p.verifications(),
            3,
            "one check for each unknown codename's refusal"
        );
        // `$argon2id$v=19$m=64,t=…,p=…$SALT$HASH`: all but the salt and the hash.
        let cost = |h: &str| h.rsplitn(3, '$').nth(2).map(str::to_string);
        let dummy = p.dummy.get().expect("made at the first unknown codename");
        assert!(cost(&hash).is_some_and(|c| c.contains("m=64")), "{hash}");
        assert_eq!(
            cost(dummy),
            cost(&hash),
            "the dummy costs what a password does"
        );
    }
}
