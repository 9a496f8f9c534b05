//! Per-client rate limiting: a token bucket per client address. A client may burst up to
//! `rate_burst` requests, then `rate_limit` per second on average; beyond that it gets 429.
//! The liveness check, `/health`, is exempt: a probe must never be told to slow down.
//!
//! Failed logins are throttled apart ([`crate::login_throttle`]), per codename and per address.
//!
//! Several servers on one database share a client's rate: each admits its share, the rate
//! divided by the servers alive ([`RateLimiter::set_share`], from the database's `instances`),
//! so that a client spread over every server by the proxy gets the rate configured, not that
//! many times it.

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
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// Buckets kept before idle ones are swept: bounds memory under many addresses.
const SWEEP_AT: usize = 10_000;

/// The buckets of every client address.
#[derive(Debug)]
pub struct RateLimiter {
    rate: f64,
    burst: f64,
    buckets: Mutex<HashMap<IpAddr, (f64, Instant)>>,
    /// The servers alive on this server's database, this one included.
    servers: AtomicUsize,
}

impl RateLimiter {
    /// A limiter of `rate` requests per second with bursts of `burst`; a rate of 0 or less
    /// lets everything through.
    pub fn new(rate: f64, burst: f64) -> RateLimiter {
        RateLimiter {
            rate,
            burst: burst.max(1.0),
            buckets: Mutex::new(HashMap::new()),
            servers: AtomicUsize::new(1),
        }
    }

    /// Takes this server's share of every client's rate and burst: `servers` are alive on its
    /// database (at least one, this one), and a client may be spread over all of them.
    pub fn set_share(&self, servers: usize) {
        self.servers.store(servers.max(1), Ordering::Relaxed);
    }

    /// The servers alive on this server's database, as last counted.
    pub fn servers(&self) -> usize {
        self.servers.load(Ordering::Relaxed)
    }

    /// This server's rate and burst: its share of the configured ones. A burst is never less
    /// than one request, or a client could never be admitted.
    fn share(&self) -> (f64, f64) {
        let n = self.servers.load(Ordering::Relaxed) as f64;
        (self.rate / n, (self.burst / n).max(1.0))
    }

    /// Takes one request's token for an address at a time; false when its bucket is empty.
    pub fn admit(&self, addr: IpAddr, now: Instant) -> bool {
        if self.rate <= 0.0 {
            return true;
        }
        let (rate, burst) = self.share();
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() >= SWEEP_AT {
            buckets.retain(|_, (tokens, at)| {
                *tokens + now.duration_since(*at).as_secs_f64() * rate < burst
            });
        }
        let (tokens, at) = buckets.entry(addr).or_insert((burst, now));
        let refilled =
            (*tokens + now.saturating_duration_since(*at).as_secs_f64() * rate).min(burst);
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

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

    /// Two servers on one database each admit half a client's rate and burst.
    #[test]
    fn each_server_admits_its_share() {
        let l = RateLimiter::new(10.0, 4.0);
        l.set_share(2);
        let ip = IpAddr::from([127, 0, 0, 1]);
        let t = Instant::now();
        assert!((0..2).all(|_| l.admit(ip, t)));
        assert!(!l.admit(ip, t), "half the burst is spent");
        assert!(
            !l.admit(ip, t + Duration::from_millis(150)),
            "refilled at half the rate"
        );
        assert!(l.admit(ip, t + Duration::from_millis(210)), "one in 200 ms");
        l.set_share(0);
        assert!(
            l.admit(IpAddr::from([127, 0, 0, 2]), t),
            "never less than one server"
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
