//! Per-client quotas: how many of a thing one key (an address, a player) may hold at once —
//! [`Held`] — and how many it may do in an hour — [`Hourly`].

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Things held at once per key (connections, event streams), at most `cap` each.
#[derive(Debug)]
pub struct Held<K: Eq + Hash + Clone> {
    cap: usize,
    counts: Arc<Mutex<HashMap<K, usize>>>,
}

/// One thing held; dropping it gives it back.
#[derive(Debug)]
pub struct Hold<K: Eq + Hash + Clone> {
    key: K,
    counts: Arc<Mutex<HashMap<K, usize>>>,
}

impl<K: Eq + Hash + Clone> Drop for Hold<K> {
    fn drop(&mut self) {
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = counts.get_mut(&self.key) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                counts.remove(&self.key);
            }
        }
    }
}

impl<K: Eq + Hash + Clone> Held<K> {
    /// At most `cap` held per key.
    pub fn new(cap: usize) -> Held<K> {
        Held {
            cap,
            counts: Arc::default(),
        }
    }

    /// Takes one for `key`, or `None` when it already holds `cap`.
    pub fn take(&self, key: K) -> Option<Hold<K>> {
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        let n = counts.entry(key.clone()).or_insert(0);
        if *n >= self.cap {
            return None;
        }
        *n += 1;
        Some(Hold {
            key,
            counts: self.counts.clone(),
        })
    }

    /// How many `key` holds now.
    pub fn held(&self, key: &K) -> usize {
        let counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        counts.get(key).copied().unwrap_or(0)
    }

    /// How many are held in all.
    pub fn total(&self) -> usize {
        let counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        counts.values().sum()
    }

    /// The cap per key.
    pub fn cap(&self) -> usize {
        self.cap
    }
}

/// Things done per key in the last hour (publishes), at most `cap` each.
#[derive(Debug)]
pub struct Hourly<K: Eq + Hash + Clone> {
    cap: usize,
    done: Mutex<HashMap<K, VecDeque<Instant>>>,
}

/// The window of an [`Hourly`] quota.
pub const HOUR: Duration = Duration::from_secs(3600);

impl<K: Eq + Hash + Clone> Hourly<K> {
    /// At most `cap` per key in any hour.
    pub fn new(cap: usize) -> Hourly<K> {
        Hourly {
            cap,
            done: Mutex::new(HashMap::new()),
        }
    }

    /// Counts one for `key` at `now`, or says how long until one is free again.
    pub fn take(&self, key: K, now: Instant) -> Result<(), Duration> {
        let mut done = self.done.lock().unwrap_or_else(|e| e.into_inner());
        let times = done.entry(key).or_default();
        while times
            .front()
            .is_some_and(|t| now.saturating_duration_since(*t) >= HOUR)
        {
            times.pop_front();
        }
        if times.len() >= self.cap {
            let oldest = times.front().copied().unwrap_or(now);
            return Err(HOUR.saturating_sub(now.saturating_duration_since(oldest)));
        }
        times.push_back(now);
        Ok(())
    }

    /// Gives back the last one counted for `key` (the thing was not done after all).
    pub fn give_back(&self, key: &K) {
        let mut done = self.done.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(times) = done.get_mut(key) {
            times.pop_back();
        }
    }

    /// The cap per key.
    pub fn cap(&self) -> usize {
        self.cap
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn held_things_are_capped_per_key_and_given_back_on_drop() {
        let held = Held::new(2);
        let a = held.take("a").expect("one");
        let b = held.take("a").expect("two");
        assert!(held.take("a").is_none(), "the cap");
        assert!(held.take("b").is_some(), "another key has its own");
        drop(a);
        assert_eq!(held.held(&"a"), 1);
        assert!(held.take("a").is_some());
        drop(b);
    }

    #[test]
    fn an_hourly_quota_frees_one_an_hour_after_it_was_taken() {
        let q = Hourly::new(2);
        let t = Instant::now();
        assert_eq!(q.take(1, t), Ok(()));
        assert_eq!(q.take(1, t + Duration::from_secs(600)), Ok(()));
        assert_eq!(
            q.take(1, t + Duration::from_secs(1200)),
            Err(Duration::from_secs(2400))
        );
        assert_eq!(q.take(2, t), Ok(()), "another key has its own");
        assert_eq!(q.take(1, t + HOUR), Ok(()), "the first has left the hour");
        q.give_back(&1);
        assert_eq!(q.take(1, t + HOUR), Ok(()));
    }
}
