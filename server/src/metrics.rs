//! Metrics in Prometheus's text format: requests and their latency by route, refusals by
//! reason, and gauges read when scraped (live followers, the password and check queues, the
//! database's and its log's size, matches in progress, locks in memory). Served at
//! `/metrics`, on the API's address or, with `metrics_bind`, on an address of its own.

use crate::api::AppState;
use axum::extract::{Request, State};
use axum::http::header;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// The upper bounds of the latency histogram's buckets, in seconds.
const BUCKETS: [f64; 9] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 2.5];

/// The route (the path's pattern) an answer came from, set by the router.
#[derive(Clone, Debug)]
pub struct Route(pub String);

/// The reason an answer refused a request, as its `error` code: set on every JSON error
/// answer, read by the metrics.
#[derive(Clone, Debug)]
pub struct Refusal(pub String);

#[derive(Default)]
struct Latency {
    buckets: [u64; BUCKETS.len()],
    count: u64,
    sum: f64,
}

/// What is counted as requests are answered.
pub struct Metrics {
    data: PathBuf,
    requests: Mutex<BTreeMap<(String, u16), u64>>,
    latency: Mutex<BTreeMap<String, Latency>>,
    refusals: Mutex<BTreeMap<String, u64>>,
    /// Connections refused for their address's cap.
    pub connections_refused: AtomicU64,
}

impl Metrics {
    /// Metrics of a server whose data folder is `data`.
    pub fn new(data: PathBuf) -> Metrics {
        Metrics {
            data,
            requests: Mutex::default(),
            latency: Mutex::default(),
            refusals: Mutex::default(),
            connections_refused: AtomicU64::new(0),
        }
    }

    fn record(&self, route: &str, status: u16, seconds: f64, refusal: Option<&str>) {
        *self
            .requests
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry((route.to_string(), status))
            .or_default() += 1;
        {
            let mut latency = self.latency.lock().unwrap_or_else(|e| e.into_inner());
            let l = latency.entry(route.to_string()).or_default();
            l.count += 1;
            l.sum += seconds;
            for (i, bound) in BUCKETS.iter().enumerate() {
                if seconds <= *bound {
                    l.buckets[i] += 1;
                }
            }
        }
        if let Some(reason) = refusal {
            *self
                .refusals
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .entry(reason.to_string())
                .or_default() += 1;
        }
    }

    /// The metrics, in Prometheus's text format.
    pub fn render(&self, state: &AppState) -> String {
        let mut out = String::new();
        let name = "lockwright_requests_total";
        family(
            &mut out,
            name,
            "counter",
            "Requests answered, by route and status.",
        );
        for ((route, status), n) in self
            .requests
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
        {
            let route = escape(route);
            let _ = writeln!(out, "{name}{{route=\"{route}\",status=\"{status}\"}} {n}");
        }
        let name = "lockwright_request_seconds";
        family(
            &mut out,
            name,
            "histogram",
            "Time to answer a request, by route.",
        );
        for (route, l) in self
            .latency
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
        {
            let route = escape(route);
            for (bound, n) in BUCKETS.iter().zip(l.buckets) {
                let _ = writeln!(out, "{name}_bucket{{route=\"{route}\",le=\"{bound}\"}} {n}");
            }
            let count = l.count;
            let _ = writeln!(
                out,
                "{name}_bucket{{route=\"{route}\",le=\"+Inf\"}} {count}"
            );
            let _ = writeln!(out, "{name}_sum{{route=\"{route}\"}} {}", l.sum);
            let _ = writeln!(out, "{name}_count{{route=\"{route}\"}} {count}");
        }
        let name = "lockwright_refusals_total";
        family(
            &mut out,
            name,
            "counter",
            "Requests refused, by the reason's code.",
        );
        for (reason, n) in self
            .refusals
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
        {
            let _ = writeln!(out, "{name}{{reason=\"{}\"}} {n}", escape(reason));
        }
        let refused = self.connections_refused.load(Ordering::Relaxed);
        let _ = writeln!(out, "{name}{{reason=\"too-many-connections\"}} {refused}");
        let db = crate::storage::FILE_NAME;
        let size = |file: String| std::fs::metadata(self.data.join(file)).map_or(0, |m| m.len());
        let held = state.game.locks_in_memory();
        let gauges: [(&str, &str, String); 12] = [
            (
                "lockwright_followers",
                "Event streams open.",
                state.streams_by_player.total().to_string(),
            ),
            (
                "lockwright_password_checks_waiting",
                "Password checks waiting for a worker.",
                state.passwords.pool().waiting().to_string(),
            ),
            (
                "lockwright_password_checks_running",
                "Password checks running.",
                state.passwords.pool().running().to_string(),
            ),
            (
                "lockwright_lock_checks_waiting",
                "Lock and solution checks waiting for a worker.",
                state.checks.waiting().to_string(),
            ),
            (
                "lockwright_lock_checks_running",
                "Lock and solution checks running.",
                state.checks.running().to_string(),
            ),
            (
                "lockwright_database_bytes",
                "Size of the database file (on PostgreSQL, of the database).",
                state
                    .game
                    .database_bytes()
                    .map_or_else(|| size(db.to_string()), |b| b.max(0) as u64)
                    .to_string(),
            ),
            (
                "lockwright_database_log_bytes",
                "Size of the database's write-ahead log.",
                size(format!("{db}-wal")).to_string(),
            ),
            (
                "lockwright_matches_in_progress",
                "Death Matches challenged or being played.",
                state.game.death_matches_in_progress().to_string(),
            ),
            (
                "lockwright_locks_in_memory",
                "Locks the rules can reach, held in memory.",
                held.locks.to_string(),
            ),
            (
                "lockwright_mail_queued",
                "Mail waiting to be sent.",
                state.game.queued_mail().to_string(),
            ),
            (
                "lockwright_players",
                "Players of the metagame.",
                state.game.player_count().to_string(),
            ),
            (
                "lockwright_servers_alive",
                "Servers alive on this server's database, which share each client's rate.",
                state.limiter.servers().to_string(),
            ),
        ];
        for (name, help, value) in gauges {
            family(&mut out, name, "gauge", help);
            let _ = writeln!(out, "{name} {value}");
        }
        out
    }
}

/// A metric family's help and type lines.
fn family(out: &mut String, name: &str, kind: &str, help: &str) {
    let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}");
}

/// A label value with `\`, `"` and newlines escaped, as the format asks.
fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

/// The middleware: counts each request under its route (the path's pattern, never the path
/// itself, so that the number of series stays bounded).
pub async fn count(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let started = Instant::now();
    let response = next.run(request).await;
    let route = response
        .extensions()
        .get::<Route>()
        .map_or("unmatched", |r| r.0.as_str())
        .to_string();
    let refusal = response.extensions().get::<Refusal>().map(|r| r.0.clone());
    state.metrics.record(
        &route,
        response.status().as_u16(),
        started.elapsed().as_secs_f64(),
        refusal.as_deref(),
    );
    response
}

/// `GET /metrics`.
pub async fn serve(State(state): State<AppState>) -> Response {
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        state.metrics.render(&state),
    )
        .into_response()
}
