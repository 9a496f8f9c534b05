//! Per-client rate limiting: a token bucket per client address. A client may burst up to
//! `rate_burst` requests, then `rate_limit` per second on average; beyond that it gets 429.
//! The liveness check, `/health`, is exempt: a probe must never be told to slow down.
//!
//! Failed logins are throttled apart ([`LoginThrottle`]), per codename and per address.

use crate::api::AppState;
use crate::client_address::ClientAddress;
use crate::error::ApiError;
use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Buckets kept before idle ones are swept: bounds memory under many addresses.
const SWEEP_AT: usize = 10_000;

/// The buckets of every client address.
#[derive(Debug)]
pub struct RateLimiter {
    rate: f64,
    burst: f64,
    buckets: Mutex<HashMap<IpAddr, (f64, Instant)>>,
}

impl RateLimiter {
    /// A limiter of `rate` requests per second with bursts of `burst`; a rate of 0 or less
    /// lets everything through.
    pub fn new(rate: f64, burst: f64) -> RateLimiter {
        RateLimiter {
            rate,
            burst: burst.max(1.0),
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one request's token for an address at a time; false when its bucket is empty.
    pub fn admit(&self, addr: IpAddr, now: Instant) -> bool {
        if self.rate <= 0.0 {
            return true;
        }
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() >= SWEEP_AT {
            let (rate, burst) = (self.rate, self.burst);
            buckets.retain(|_, (tokens, at)| {
                *tokens + now.duration_since(*at).as_secs_f64() * rate < burst
            });
        }
        let (tokens, at) = buckets.entry(addr).or_insert((self.burst, now));
        let refilled = (*tokens + now.saturating_duration_since(*at).as_secs_f64() * self.rate)
            .min(self.burst);
        *at = now;
        if refilled >= 1.0 {
            *tokens = refilled - 1.0;
            true
        } else {
            *tokens = refilled;
            false
        }
    }
}

/// The middleware: refuses a request with 429 when its client's bucket is empty.
pub async fn limit(
    State(state): State<AppState>,
    ClientAddress(addr): ClientAddress,
    request: Request,
    next: Next,
) -> Response {
    if request.uri().path() == "/api/v1/health" || state.limiter.admit(addr, Instant::now()) {
        next.run(request).await
    } else {
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate-limited",
            "too many requests from this address; slow down",
        )
        .into_response()
    }
}

/// The longest wait a codename's failures impose: short enough that someone guessing a
/// player's password cannot keep them out for long.
const CODENAME_MAX_WAIT: Duration = Duration::from_secs(60);

/// Failures are forgotten after this long without one.
const FORGET_AFTER: Duration = Duration::from_secs(3600);

/// An address may fail this many times more than a codename before it counts as spraying:
/// players behind one address (a school, a NAT) mistype too.
const ADDRESS_FACTOR: u32 = 4;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    Codename(String),
    Address(IpAddr),
}

#[derive(Clone, Copy, Debug)]
struct Failures {
    count: u32,
    last: Instant,
    until: Instant,
}

impl Failures {
    fn new(now: Instant) -> Failures {
        Failures {
            count: 0,
            last: now,
            until: now,
        }
    }
}

/// Failed logins, per codename and per address.
///
/// - **Per codename**: after `free` failures each further attempt on the codename, from any
///   address, waits one second, doubling after each failure up to a minute. A waiting
///   attempt is refused with 429 before any password work.
/// - **No race**: an attempt counts as a failure the moment it is let through, before its
///   password is checked, and a correct password takes it back. Concurrent attempts therefore
///   see each other: a burst of 34 at once lets `free` through, not 34.
/// - **Per address, against spraying**: an address that has failed `4 × free` times (on any
///   codenames) gives every codename it tries no free failures: each codename it gets wrong
///   waits at once. Its attempts are still checked, so a correct login from that address —
///   another player behind the same NAT or proxy — is never refused for someone else's
///   failures; only a codename's own failures delay it.
#[derive(Debug)]
pub struct LoginThrottle {
    free: u32,
    failures: Mutex<HashMap<Key, Failures>>,
}

impl LoginThrottle {
    /// Delays after `free` failures per codename (an address sprays after four times as
    /// many); 0 turns the throttle off.
    pub fn new(free: u32) -> LoginThrottle {
        LoginThrottle {
            free,
            failures: Mutex::new(HashMap::new()),
        }
    }

    /// Lets an attempt through, counting it as failed until [`LoginThrottle::succeeded`]
    /// says otherwise; or says how long the codename must still wait.
    pub fn begin(&self, codename: &str, addr: IpAddr, now: Instant) -> Result<(), Duration> {
        if self.free == 0 {
            return Ok(());
        }
        let mut failures = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        if failures.len() >= SWEEP_AT {
            failures.retain(|_, f| now.saturating_duration_since(f.last) < FORGET_AFTER);
        }
        let key = Key::Codename(codename.to_string());
        if let Some(f) = failures.get(&key) {
            let wait = f.until.saturating_duration_since(now);
            if !wait.is_zero() {
                return Err(wait);
            }
        }
        let spraying = {
            let a = failures
                .entry(Key::Address(addr))
                .or_insert(Failures::new(now));
            Self::forget_old(a, now);
            a.count = a.count.saturating_add(1);
            a.last = now;
            a.count > self.free.saturating_mul(ADDRESS_FACTOR)
        };
        let f = failures.entry(key).or_insert(Failures::new(now));
        Self::forget_old(f, now);
        f.count = f.count.saturating_add(1);
        if spraying {
            f.count = f.count.max(self.free);
        }
        f.last = now;
        if f.count >= self.free {
            let doublings = (f.count - self.free).min(20);
            f.until = now + Duration::from_secs(1u64 << doublings).min(CODENAME_MAX_WAIT);
        }
        Ok(())
    }

    fn forget_old(f: &mut Failures, now: Instant) {
        if now.saturating_duration_since(f.last) >= FORGET_AFTER {
            *f = Failures::new(now);
        }
    }

    /// An attempt let through whose password was not checked (the server was busy): it
    /// does not count.
    pub fn not_checked(&self, codename: &str, addr: IpAddr) {
        let mut failures = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        for key in [Key::Codename(codename.to_string()), Key::Address(addr)] {
            if let Some(f) = failures.get_mut(&key) {
                f.count = f.count.saturating_sub(1);
                if f.count < self.free {
                    f.until = f.last;
                }
            }
        }
    }

    /// A correct password: clears the codename's failures and takes back the attempt counted
    /// against the address.
    pub fn succeeded(&self, codename: &str, addr: IpAddr) {
        let mut failures = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        failures.remove(&Key::Codename(codename.to_string()));
        if let Some(a) = failures.get_mut(&Key::Address(addr)) {
            a.count = a.count.saturating_sub(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fails `n` attempts on a codename (each let through, its password wrong).
    fn fail(t: &LoginThrottle, codename: &str, ip: IpAddr, now: Instant, n: usize) {
        for _ in 0..n {
            t.begin(codename, ip, now).expect("let through");
        }
    }

    #[test]
    fn failed_logins_wait_longer_after_each_failure() {
        let t = LoginThrottle::new(2);
        let ip = IpAddr::from([127, 0, 0, 1]);
        let now = Instant::now();
        fail(&t, "ABC", ip, now, 1);
        assert_eq!(t.begin("ABC", ip, now), Ok(()), "the first failure is free");
        assert_eq!(t.begin("ABC", ip, now), Err(Duration::from_secs(1)));
        let later = now + Duration::from_secs(1);
        fail(&t, "ABC", ip, later, 1);
        assert_eq!(t.begin("ABC", ip, later), Err(Duration::from_secs(2)));
        let other = IpAddr::from([127, 0, 0, 2]);
        assert!(
            t.begin("ABC", other, later).is_err(),
            "per codename, from any address"
        );
        assert_eq!(t.begin("XYZ", other, later), Ok(()));
        t.succeeded("ABC", ip);
        assert_eq!(t.begin("ABC", ip, later), Ok(()), "a success clears it");
        assert_eq!(LoginThrottle::new(0).begin("ABC", ip, now), Ok(()));
    }

    /// Regression: 34 concurrent wrong logins on one codename were all checked, because each
    /// was counted only after its password check. Now each counts when it is let through.
    #[test]
    fn concurrent_attempts_count_before_their_passwords_are_checked() {
        let t = std::sync::Arc::new(LoginThrottle::new(5));
        let ip = IpAddr::from([127, 0, 0, 1]);
        let now = Instant::now();
        let through: usize = std::thread::scope(|s| {
            let handles: Vec<_> = (0..34)
                .map(|_| {
                    let t = t.clone();
                    s.spawn(move || usize::from(t.begin("ABC", ip, now).is_ok()))
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
        let t = LoginThrottle::new(5);
        let ip = IpAddr::from([192, 0, 2, 1]);
        let now = Instant::now();
        // Spraying: one wrong guess on each of 40 codenames.
        for i in 0..40 {
            fail(&t, &format!("S{i:02}"), ip, now, 1);
        }
        // Another player behind the same address logs in correctly.
        assert_eq!(t.begin("OK!", ip, now), Ok(()));
        t.succeeded("OK!", ip);
        assert_eq!(t.begin("OK!", ip, now), Ok(()), "and again");
        t.succeeded("OK!", ip);
        // But each codename the spraying address gets wrong waits at once.
        fail(&t, "NEW", ip, now, 1);
        assert!(t.begin("NEW", ip, now).is_err(), "no free failures left");
        // From elsewhere, a codename keeps its own free failures.
        let home = IpAddr::from([198, 51, 100, 2]);
        fail(&t, "HOM", home, now, 4);
        assert_eq!(t.begin("HOM", home, now), Ok(()));
    }

    #[test]
    fn a_burst_then_the_average() {
        let l = RateLimiter::new(10.0, 3.0);
        let ip = IpAddr::from([127, 0, 0, 1]);
        let t = Instant::now();
        assert!((0..3).all(|_| l.admit(ip, t)));
        assert!(!l.admit(ip, t), "the burst is spent");
        assert!(l.admit(ip, t + Duration::from_millis(110)), "refilled one");
        assert!(
            l.admit(IpAddr::from([127, 0, 0, 2]), t),
            "another client has its own bucket"
        );
    }

    #[test]
    fn zero_means_no_limit() {
        let l = RateLimiter::new(0.0, 1.0);
        let ip = IpAddr::from([127, 0, 0, 1]);
        let t = Instant::now();
        assert!((0..1000).all(|_| l.admit(ip, t)));
    }
}
