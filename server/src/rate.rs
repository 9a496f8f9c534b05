//! Per-client rate limiting: a token bucket per client address. A client may burst up to
//! `rate_burst` requests, then `rate_limit` per second on average; beyond that it gets 429.
//! The liveness check, `/health`, is exempt: a probe must never be told to slow down.
//!
//! Failed logins are throttled apart ([`LoginThrottle`]), per codename and per address.

use crate::api::AppState;
use crate::error::ApiError;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
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
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    request: Request,
    next: Next,
) -> Response {
    if request.uri().path() == "/api/v1/health" || state.limiter.admit(addr.ip(), Instant::now()) {
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

/// The longest wait an address's failures impose.
const ADDRESS_MAX_WAIT: Duration = Duration::from_secs(15 * 60);

/// Failures are forgotten after this long without one.
const FORGET_AFTER: Duration = Duration::from_secs(3600);

/// An address may fail this many times more than a codename before waiting: players behind
/// one address (a school, a NAT) mistype too.
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

/// Failed logins, per codename and per address: after `free` failures each further attempt
/// waits one second, doubling after each failure (up to a minute for a codename, a quarter of
/// an hour for an address). A waiting attempt is refused with 429 before any password work.
#[derive(Debug)]
pub struct LoginThrottle {
    free: u32,
    failures: Mutex<HashMap<Key, Failures>>,
}

impl LoginThrottle {
    /// Delays after `free` failures per codename (four times as many per address); 0 turns
    /// the throttle off.
    pub fn new(free: u32) -> LoginThrottle {
        LoginThrottle {
            free,
            failures: Mutex::new(HashMap::new()),
        }
    }

    fn keys(codename: &str, addr: IpAddr) -> [Key; 2] {
        [Key::Codename(codename.to_string()), Key::Address(addr)]
    }

    /// How long this attempt must still wait, if at all.
    pub fn check(&self, codename: &str, addr: IpAddr, now: Instant) -> Option<Duration> {
        if self.free == 0 {
            return None;
        }
        let failures = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        Self::keys(codename, addr)
            .iter()
            .filter_map(|k| failures.get(k))
            .map(|f| f.until.saturating_duration_since(now))
            .filter(|d| !d.is_zero())
            .max()
    }

    /// Counts a failure against the codename and the address.
    pub fn failed(&self, codename: &str, addr: IpAddr, now: Instant) {
        if self.free == 0 {
            return;
        }
        let mut failures = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        if failures.len() >= SWEEP_AT {
            failures.retain(|_, f| now.saturating_duration_since(f.last) < FORGET_AFTER);
        }
        for key in Self::keys(codename, addr) {
            let (free, max) = match key {
                Key::Codename(_) => (self.free, CODENAME_MAX_WAIT),
                Key::Address(_) => (self.free.saturating_mul(ADDRESS_FACTOR), ADDRESS_MAX_WAIT),
            };
            let f = failures.entry(key).or_insert(Failures {
                count: 0,
                last: now,
                until: now,
            });
            if now.saturating_duration_since(f.last) >= FORGET_AFTER {
                f.count = 0;
            }
            f.count = f.count.saturating_add(1);
            f.last = now;
            if f.count >= free {
                let doublings = (f.count - free).min(20);
                f.until = now + Duration::from_secs(1u64 << doublings).min(max);
            }
        }
    }

    /// A successful login clears the codename's and the address's failures.
    pub fn succeeded(&self, codename: &str, addr: IpAddr) {
        let mut failures = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        for key in Self::keys(codename, addr) {
            failures.remove(&key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failed_logins_wait_longer_after_each_failure() {
        let t = LoginThrottle::new(2);
        let ip = IpAddr::from([127, 0, 0, 1]);
        let now = Instant::now();
        t.failed("ABC", ip, now);
        assert_eq!(t.check("ABC", ip, now), None, "the first failure is free");
        t.failed("ABC", ip, now);
        assert_eq!(t.check("ABC", ip, now), Some(Duration::from_secs(1)));
        t.failed("ABC", ip, now);
        assert_eq!(t.check("ABC", ip, now), Some(Duration::from_secs(2)));
        let other = IpAddr::from([127, 0, 0, 2]);
        assert!(
            t.check("ABC", other, now).is_some(),
            "per codename, from any address"
        );
        assert_eq!(t.check("XYZ", other, now), None);
        assert_eq!(t.check("ABC", ip, now + Duration::from_secs(3)), None);
        for _ in 0..40 {
            t.failed("ABC", ip, now);
        }
        assert_eq!(t.check("ABC", other, now), Some(CODENAME_MAX_WAIT));
        assert_eq!(
            t.check("XYZ", ip, now),
            Some(ADDRESS_MAX_WAIT),
            "per address too"
        );
        t.succeeded("ABC", ip);
        assert_eq!(t.check("ABC", ip, now), None);
        assert_eq!(LoginThrottle::new(0).check("ABC", ip, now), None);
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
