//! Failed logins, throttled per codename and per address, kept in the database
//! (`login_failures`, see [`crate::storage::limits`]) so that every server on it applies them:
//! a codename that failed through one server waits through every other.
//!
//! - **Per codename**: after `free` failures each further attempt on the codename, from any
//!   address, waits one second, doubling after each failure up to a minute. A waiting
//!   attempt is refused with 429 before any password work.
//! - **No race**: an attempt counts as a failure the moment it is let through, before its
//!   password is checked, and a correct password takes it back. Concurrent attempts therefore
//!   see each other, on one server or several: a burst of 34 at once lets `free` through,
//!   not 34.
//! - **Per address, against spraying**: an address that has failed `4 × free` times (on any
//!   codenames) gives every codename it tries no free failures: each codename it gets wrong
//!   waits at once. Its attempts are still checked, so a correct login from that address —
//!   another player behind the same NAT or proxy — is never refused for someone else's
//!   failures; only a codename's own failures delay it.
//! - Failures are forgotten an hour after the last one.

use crate::storage::limits::LoginFailures;
use crate::storage::{Storage, StorageError};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The longest wait a codename's failures impose: short enough that someone guessing a
/// player's password cannot keep them out for long.
const CODENAME_MAX_WAIT_MS: i64 = 60_000;

/// Failures are forgotten after this long without one.
const FORGET_AFTER_MS: i64 = 3_600_000;

/// An address may fail this many times more than a codename before it counts as spraying:
/// players behind one address (a school, a NAT) mistype too.
const ADDRESS_FACTOR: u32 = 4;

/// Failed logins, per codename and per address, in the database.
#[derive(Clone)]
pub struct LoginThrottle {
    free: u32,
    storage: Arc<Mutex<Storage>>,
}

impl std::fmt::Debug for LoginThrottle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LoginThrottle")
            .field("free", &self.free)
            .finish()
    }
}

/// The records' keys: the codename's first, then the address's.
fn keys(codename: &str, addr: IpAddr) -> [String; 2] {
    [format!("codename:{codename}"), format!("address:{addr}")]
}

fn fresh(now_ms: i64) -> LoginFailures {
    LoginFailures {
        count: 0,
        last_ms: now_ms,
        until_ms: now_ms,
    }
}

impl LoginThrottle {
    /// Delays after `free` failures per codename (an address sprays after four times as
    /// many); 0 turns the throttle off. The failures are kept in `storage`.
    pub fn new(free: u32, storage: Arc<Mutex<Storage>>) -> LoginThrottle {
        LoginThrottle { free, storage }
    }

    fn change(
        &self,
        codename: &str,
        addr: IpAddr,
        now_ms: i64,
        rule: &mut dyn FnMut(&mut [Option<LoginFailures>]),
    ) -> Result<(), StorageError> {
        let mut storage = self.storage.lock().unwrap_or_else(|e| e.into_inner());
        storage.login_failures(&keys(codename, addr), now_ms - FORGET_AFTER_MS + 1, rule)
    }

    /// Lets an attempt through, counting it as failed until [`LoginThrottle::succeeded`]
    /// says otherwise; or says how long the codename must still wait.
    pub fn begin(
        &self,
        codename: &str,
        addr: IpAddr,
        now_ms: i64,
    ) -> Result<Result<(), Duration>, StorageError> {
        if self.free == 0 {
            return Ok(Ok(()));
        }
        let free = self.free;
        let mut outcome = Ok(());
        self.change(codename, addr, now_ms, &mut |records| {
            let wait_ms = records[0].map_or(0, |f| f.until_ms - now_ms);
            if wait_ms > 0 {
                outcome = Err(Duration::from_millis(wait_ms.unsigned_abs()));
                return;
            }
            let a = records[1].get_or_insert(fresh(now_ms));
            a.count = a.count.saturating_add(1);
            a.last_ms = now_ms;
            let spraying = a.count > free.saturating_mul(ADDRESS_FACTOR);
            let f = records[0].get_or_insert(fresh(now_ms));
            f.count = f.count.saturating_add(1);
            if spraying {
                f.count = f.count.max(free);
            }
            f.last_ms = now_ms;
            if f.count >= free {
                let doublings = (f.count - free).min(20);
                f.until_ms = now_ms + (1000i64 << doublings).min(CODENAME_MAX_WAIT_MS);
            }
        })?;
        Ok(outcome)
    }

    /// An attempt let through whose password was not checked (the server was busy): it
    /// does not count.
    pub fn not_checked(
        &self,
        codename: &str,
        addr: IpAddr,
        now_ms: i64,
    ) -> Result<(), StorageError> {
        if self.free == 0 {
            return Ok(());
        }
        let free = self.free;
        self.change(codename, addr, now_ms, &mut |records| {
            for f in records.iter_mut().flatten() {
                f.count = f.count.saturating_sub(1);
                if f.count < free {
                    f.until_ms = f.last_ms;
                }
            }
        })
    }

    /// A correct password: clears the codename's failures and takes back the attempt counted
    /// against the address.
    pub fn succeeded(&self, codename: &str, addr: IpAddr, now_ms: i64) -> Result<(), StorageError> {
        if self.free == 0 {
            return Ok(());
        }
        self.change(codename, addr, now_ms, &mut |records| {
            records[0] = None;
            if let Some(a) = &mut records[1] {
                a.count = a.count.saturating_sub(1);
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn throttle(free: u32) -> LoginThrottle {
        let storage = Storage::in_memory().expect("an in-memory database");
        LoginThrottle::new(free, Arc::new(Mutex::new(storage)))
    }

    fn begin(t: &LoginThrottle, codename: &str, ip: IpAddr, now: i64) -> Result<(), Duration> {
        t.begin(codename, ip, now).expect("stored")
    }

    /// Fails `n` attempts on a codename (each let through, its password wrong).
    fn fail(t: &LoginThrottle, codename: &str, ip: IpAddr, now: i64, n: usize) {
        for _ in 0..n {
            begin(t, codename, ip, now).expect("let through");
        }
    }

    #[test]
    fn failed_logins_wait_longer_after_each_failure() {
        let t = throttle(2);
        let ip = IpAddr::from([127, 0, 0, 1]);
        let now = 1_000_000;
        fail(&t, "ABC", ip, now, 1);
        assert_eq!(
            begin(&t, "ABC", ip, now),
            Ok(()),
            "the first failure is free"
        );
        assert_eq!(begin(&t, "ABC", ip, now), Err(Duration::from_secs(1)));
        let later = now + 1000;
        fail(&t, "ABC", ip, later, 1);
        assert_eq!(begin(&t, "ABC", ip, later), Err(Duration::from_secs(2)));
        let other = IpAddr::from([127, 0, 0, 2]);
        assert!(
            begin(&t, "ABC", other, later).is_err(),
            "per codename, from any address"
        );
        assert_eq!(begin(&t, "XYZ", other, later), Ok(()));
        t.succeeded("ABC", ip, later).expect("stored");
        assert_eq!(begin(&t, "ABC", ip, later), Ok(()), "a success clears it");
        assert_eq!(throttle(0).begin("ABC", ip, now).expect("stored"), Ok(()));
    }

    /// Failures are forgotten an hour after the last one.
    #[test]
    fn failures_are_forgotten_after_an_hour() {
        let t = throttle(1);
        let ip = IpAddr::from([127, 0, 0, 1]);
        let now = 1_000_000;
        fail(&t, "ABC", ip, now, 1);
        assert!(begin(&t, "ABC", ip, now + 1000 - 1).is_err());
        assert_eq!(begin(&t, "ABC", ip, now + 2000), Ok(()));
        let hour_on = now + 2000 + FORGET_AFTER_MS;
        assert_eq!(begin(&t, "ABC", ip, hour_on), Ok(()), "forgotten");
        assert!(
            begin(&t, "ABC", ip, hour_on).is_err(),
            "counted from one again"
        );
    }

    /// An attempt whose password was not checked does not count.
    #[test]
    fn an_attempt_not_checked_does_not_count() {
        let t = throttle(2);
        let ip = IpAddr::from([127, 0, 0, 1]);
        let now = 1_000_000;
        fail(&t, "ABC", ip, now, 1);
        begin(&t, "ABC", ip, now).expect("let through");
        t.not_checked("ABC", ip, now).expect("stored");
        assert_eq!(
            begin(&t, "ABC", ip, now),
            Ok(()),
            "the second is still free"
        );
    }

    /// Regression: 34 concurrent wrong logins on one codename were all checked, because each
    /// was counted only after its password check. Now each counts when it is let through.
    #[test]
    fn concurrent_attempts_count_before_their_passwords_are_checked() {
        let t = throttle(5);
        let ip = IpAddr::from([127, 0, 0, 1]);
        let now = 1_000_000;
        let through: usize = std::thread::scope(|s| {
            let handles: Vec<_> = (0..34)
                .map(|_| {
                    let t = t.clone();
                    s.spawn(move || usize::from(begin(&t, "ABC", ip, now).is_ok()))
                })
                .collect();
            handles.into_iter().map(|h| h.join().expect("thread")).sum()
        });
        assert_eq!(through, 5, "the free failures, then waits");
    }

    /// Regression: a burst of failures locked the address for a quarter of an hour for every
    /// codename, so that behind one proxy or NAT one player's failures kept all out.
    #[test]
    fn a_spraying_address_never_refuses_another_players_correct_login() {
        let t = throttle(5);
        let ip = IpAddr::from([192, 0, 2, 1]);
        let now = 1_000_000;
        // Spraying: one wrong guess on each of 40 codenames.
        for i in 0..40 {
            fail(&t, &format!("S{i:02}"), ip, now, 1);
        }
        // Another player behind the same address logs in correctly.
        assert_eq!(begin(&t, "OK!", ip, now), Ok(()));
        t.succeeded("OK!", ip, now).expect("stored");
        assert_eq!(begin(&t, "OK!", ip, now), Ok(()), "and again");
        t.succeeded("OK!", ip, now).expect("stored");
        // But each codename the spraying address gets wrong waits at once.
        fail(&t, "NEW", ip, now, 1);
        assert!(begin(&t, "NEW", ip, now).is_err(), "no free failures left");
        // From elsewhere, a codename keeps its own free failures.
        let home = IpAddr::from([198, 51, 100, 2]);
        fail(&t, "HOM", home, now, 4);
        assert_eq!(begin(&t, "HOM", home, now), Ok(()));
    }
}
