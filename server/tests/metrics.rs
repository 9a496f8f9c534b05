//! `/metrics`: what an operator's Prometheus scrapes, on the API's address or its own.
//! The counts and gauges run on SQLite and on PostgreSQL.

mod support;

use support::{Backend, Locks, raw};

fn value(metrics: &str, series: &str) -> f64 {
    metrics
        .lines()
        .find_map(|l| l.strip_prefix(series)?.strip_prefix(' ')?.parse().ok())
        .unwrap_or_else(|| panic!("no {series} in:\n{metrics}"))
}

async fn metrics_count_requests_by_route_refusals_by_reason_and_read_the_gauges(backend: Backend) {
    let (srv, _dir) = support::start_on(backend).await;
    let url = srv.running.url();
    let a = srv.player("MET").await;
    let locks = Locks::load();
    a.publish(1, &locks.spring, &locks.spring_solution)
        .await
        .expect("publish");
    assert!(a.publish(2, &locks.spring, "hCCW").await.is_err());
    let _stream = a.events().await.expect("events");
    raw("GET", &format!("{url}/api/v1/players/NOBODY"), None, None).await;
    let (status, metrics, content_type) = raw("GET", &format!("{url}/metrics"), None, None).await;
    assert_eq!(status, 200);
    assert!(content_type.is_some_and(|c| c.starts_with("text/plain")));
    assert_eq!(
        value(
            &metrics,
            "lockwright_requests_total{route=\"/api/v1/slots/{slot}\",status=\"201\"}"
        ),
        1.0
    );
    assert_eq!(
        value(
            &metrics,
            "lockwright_requests_total{route=\"/api/v1/slots/{slot}\",status=\"422\"}"
        ),
        1.0
    );
    assert_eq!(
        value(
            &metrics,
            "lockwright_refusals_total{reason=\"does-not-open\"}"
        ),
        1.0
    );
    assert_eq!(
        value(
            &metrics,
            "lockwright_refusals_total{reason=\"unauthorized\"}"
        ),
        1.0
    );
    assert_eq!(
        value(
            &metrics,
            "lockwright_request_seconds_count{route=\"/api/v1/slots/{slot}\"}"
        ),
        2.0
    );
    assert_eq!(value(&metrics, "lockwright_followers"), 1.0);
    assert_eq!(value(&metrics, "lockwright_players"), 1.0);
    assert_eq!(value(&metrics, "lockwright_locks_in_memory"), 1.0);
    assert_eq!(value(&metrics, "lockwright_matches_in_progress"), 0.0);
    assert!(value(&metrics, "lockwright_database_bytes") > 0.0);
    assert_eq!(value(&metrics, "lockwright_password_checks_waiting"), 0.0);
    // Paths never become series of their own: one per route.
    assert!(!metrics.contains("NOBODY"), "{metrics}");
}

#[tokio::test]
async fn metrics_can_be_served_on_an_address_of_their_own() {
    let dir = tempfile::tempdir().expect("dir");
    let free = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let metrics_addr = free.local_addr().expect("addr");
    drop(free);
    let mut config = support::test_config(dir.path());
    config.metrics_bind = Some(metrics_addr);
    let running = server::server::Running::start(config).await.expect("start");
    let (status, _, _) = raw("GET", &format!("{}/metrics", running.url()), None, None).await;
    assert_eq!(status, 404, "not on the API's address");
    let (status, body, _) = raw("GET", &format!("http://{metrics_addr}/metrics"), None, None).await;
    assert_eq!(status, 200);
    assert!(body.contains("lockwright_players 0"), "{body}");
    running.stop().await.expect("stop");
}

on_both!(metrics_count_requests_by_route_refusals_by_reason_and_read_the_gauges,);
