//! Every error answer is the API's JSON `{error, message}` with a 4xx or 5xx status, whoever
//! makes it: the router (unknown paths, wrong methods), path and query decoding, extractors.
//! On SQLite and on PostgreSQL.

mod support;

use support::{Backend, raw, start_on};

const METHODS: [&str; 5] = ["GET", "POST", "PUT", "DELETE", "PATCH"];

/// Every route with the methods it takes.
const ROUTES: [(&str, &[&str]); 13] = [
    ("/api/v1/health", &["GET"]),
    ("/api/v1/ready", &["GET"]),
    ("/api/v1/players", &["GET", "POST"]),
    ("/api/v1/players/AAA", &["GET"]),
    ("/api/v1/login", &["POST"]),
    ("/api/v1/logout", &["POST"]),
    ("/api/v1/me", &["GET"]),
    ("/api/v1/scores", &["GET"]),
    ("/api/v1/slots/1", &["PUT", "DELETE"]),
    ("/api/v1/locks/1", &["GET"]),
    ("/api/v1/notes", &["GET", "POST"]),
    ("/api/v1/notes/1", &["GET"]),
    ("/api/v1/events", &["GET"]),
];

#[track_caller]
fn assert_json_error(what: &str, status: u16, body: &str, content_type: Option<&str>) {
    assert!(
        (400..600).contains(&status),
        "{what}: status {status}, body {body:?}"
    );
    assert!(
        content_type.is_some_and(|c| c.starts_with("application/json")),
        "{what}: {status} with content type {content_type:?} and body {body:?}"
    );
    let e: server::protocol::ErrorBody = serde_json::from_str(body)
        .unwrap_or_else(|err| panic!("{what}: {status} {body:?} is not the JSON error: {err}"));
    assert!(
        !e.error.is_empty() && !e.message.is_empty(),
        "{what}: {body}"
    );
}

async fn wrong_methods_and_malformed_paths_and_queries_get_json_errors(backend: Backend) {
    let (srv, _dir) = start_on(backend).await;
    let a = srv.player("AAA").await;
    let token = a.token().expect("token").to_string();
    let url = srv.running.url();
    // Every method a route does not take: 405, JSON, with the methods it takes.
    for (path, allowed) in ROUTES {
        for method in METHODS.iter().filter(|m| !allowed.contains(m)) {
            let (status, body, ct) = raw(method, &format!("{url}{path}"), Some(&token), None).await;
            let what = format!("{method} {path}");
            assert_eq!(status, 405, "{what}: {body}");
            assert_json_error(&what, status, &body, ct.as_deref());
            assert!(body.contains("method-not-allowed"), "{what}: {body}");
        }
    }
    // Paths and queries that do not decode, or do not fit.
    let malformed = [
        ("GET", "/api/v1/players/%FF%FE", 400),
        ("GET", "/api/v1/players/%", 404),
        ("GET", "/api/v1/locks/%FF", 400),
        ("GET", "/api/v1/locks/99999999999999999999", 400),
        ("GET", "/api/v1/notes/%C0", 400),
        ("PUT", "/api/v1/slots/%FF", 400),
        ("DELETE", "/api/v1/slots/%FF", 400),
        ("GET", "/api/v1/players/AAA?accessors=1", 400),
        (
            "GET",
            "/api/v1/players/AAA?accessors=true&accessors=true",
            400,
        ),
        ("GET", "/api/v1/players/AAA?accessors=%FF", 400),
        ("POST", "/api/v1/logout?all=maybe", 400),
        ("GET", "/api/v1/nowhere", 404),
        ("GET", "/api/v2/players", 404),
        ("GET", "/api/v1/players/AAA/slots", 404),
        ("GET", "/", 404),
    ];
    for (method, path, expected) in malformed {
        let body = (method == "PUT").then_some("{\"lock\":\"\",\"solution\":\"\"}");
        let (status, text, ct) = raw(method, &format!("{url}{path}"), Some(&token), body).await;
        let what = format!("{method} {path}");
        assert_eq!(status, expected, "{what}: {text}");
        assert_json_error(&what, status, &text, ct.as_deref());
    }
    // A body of the wrong media type, and none where one is needed.
    let (status, text, ct) = raw("POST", &format!("{url}/api/v1/notes"), Some(&token), None).await;
    assert_json_error("POST /notes without a body", status, &text, ct.as_deref());
}

on_both!(wrong_methods_and_malformed_paths_and_queries_get_json_errors,);
