//! Per-client rate limiting: a token bucket per client address. A client may burst up to
//! `rate_burst` requests, then `rate_limit` per second on average; beyond that it gets 429.

use crate::api::AppState;
use crate::error::ApiError;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::Mutex;
use std::time::Instant;

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
    if state.limiter.admit(addr.ip(), Instant::now()) {
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

    #[test]
    fn zero_means_no_limit() {
        let l = RateLimiter::new(0.0, 1.0);
        let ip = IpAddr::from([127, 0, 0, 1]);
        let t = Instant::now();
        assert!((0..1000).all(|_| l.admit(ip, t)));
    }
}
