//! The HTTP API, `/api/v1/...`: the router and one module per resource. `docs/api.md`
//! documents every endpoint.
//!
//! Bodies are read by [`Body`], path parameters by [`Segment`] and query strings by [`Query`],
//! which answer malformed input with the API's JSON errors; whatever else answers an error
//! (the router's 404 and 405, a limit) is turned into the same JSON by one layer, so every
//! error a client sees is `{error, message}`.

pub mod admin;
mod death_match;
mod events;
mod locks;
mod mail;
mod notes;
mod open_stream;
mod players;
mod slots;
mod to_host;

use crate::client_address::{ClientAddress, TrustedProxies};
use crate::config::Config;
use crate::error::ApiError;
use crate::game::Game;
use crate::login_throttle::LoginThrottle;
use crate::passwords::Passwords;
use crate::pool::Pool;
use crate::quota::{Held, Hourly};
use crate::rate::RateLimiter;
use axum::Router;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, FromRequest, FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use serde::de::DeserializeOwned;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    /// The game.
    pub game: Game,
    /// Per-client rate limiting.
    pub limiter: Arc<RateLimiter>,
    /// Password hashing and checking, bounded.
    pub passwords: Arc<Passwords>,
    /// Failed logins, per codename and address.
    pub throttle: Arc<LoginThrottle>,
    /// Becomes true when the server is shutting down, so that event streams end and the
    /// graceful shutdown does not wait for them forever.
    pub shutdown: watch::Receiver<bool>,
    /// How often an event stream sends a comment: well inside the idle timeout.
    pub keep_alive: Duration,
    /// Reading locks and replaying solutions, bounded.
    pub checks: Arc<Pool>,
    /// Event streams open per player.
    pub streams_by_player: Arc<Held<rules::metagame::PlayerId>>,
    /// Event streams open per client address.
    pub streams_by_address: Arc<Held<IpAddr>>,
    /// Publishes per player in the last hour.
    pub publishes: Arc<Hourly<rules::metagame::PlayerId>>,
    /// Counts requests, for their ids in the log.
    pub requests: Arc<std::sync::atomic::AtomicU64>,
    /// What the metrics count.
    pub metrics: Arc<crate::metrics::Metrics>,
    /// The hash of the admin token; empty: no admin may act.
    pub admin: Arc<String>,
    /// Death Match challenges a player may have waiting.
    pub open_challenges_per_player: usize,
    /// Pieces a round of a round file may offer.
    pub pieces_per_round: usize,
    /// The largest request body read.
    pub body_limit: usize,
    /// Passes Death Match requests to the server hosting them, when this one does not.
    pub host_client: reqwest::Client,
}

impl AppState {
    /// The state for a game with a configuration.
    pub fn new(game: Game, config: &Config, shutdown: watch::Receiver<bool>) -> AppState {
        let storage = game.storage();
        AppState {
            game,
            limiter: Arc::new(RateLimiter::new(config.rate_limit, config.rate_burst)),
            passwords: Arc::new(Passwords::new(
                config.password_workers(),
                config.password_queue,
                config.password_memory_kib,
            )),
            throttle: Arc::new(LoginThrottle::new(config.login_free_failures, storage)),
            shutdown,
            keep_alive: (config.idle_timeout.get() / 2).min(Duration::from_secs(15)),
            checks: Arc::new(Pool::new(
                "checking locks and solutions",
                crate::pool::workers_for(config.check_workers),
                config.check_queue,
            )),
            streams_by_player: Arc::new(Held::new(config.streams_per_player)),
            streams_by_address: Arc::new(Held::new(config.streams_per_address)),
            publishes: Arc::new(Hourly::new(config.publishes_per_hour as usize)),
            requests: Arc::default(),
            metrics: Arc::new(crate::metrics::Metrics::new(config.data.clone())),
            admin: Arc::default(),
            open_challenges_per_player: config.open_challenges_per_player,
            pieces_per_round: config.pieces_per_round,
            body_limit: config.body_limit,
            host_client: to_host::host_client(),
        }
    }
}

/// The router, with its layers, outermost last: the body limit, the time limit, the rate
/// limit, the JSON error bodies and the request log (one line per request).
pub fn router(state: AppState, config: &Config) -> Router {
    let api = Router::new()
        .route("/health", get(|| async { "ok" }))
        .route("/ready", get(ready))
        .route("/players", post(players::register).get(players::list))
        .route("/players/{codename}", get(players::show))
        .route("/login", post(players::login))
        .route("/logout", post(players::logout))
        .route("/me", get(players::me))
        .route(
            "/me/mail",
            get(mail::show).put(mail::give).delete(mail::forget),
        )
        .route("/me/mail/verify", post(mail::verify))
        .route("/me/mail/notify", put(mail::notify))
        .route("/scores", get(players::scores))
        .route("/slots/{slot}", put(slots::publish).delete(slots::retire))
        .route("/locks/{id}", get(locks::show))
        .route("/notes", post(notes::declare).get(notes::list))
        .route("/notes/{id}", get(notes::show))
        .route("/events", get(events::stream))
        .route(
            "/matches",
            post(death_match::challenge).get(death_match::list),
        )
        .route("/matches/{id}", get(death_match::show))
        .route("/matches/{id}/accept", post(death_match::accept))
        .route("/matches/{id}/decline", post(death_match::decline))
        .route("/matches/{id}/actions", post(death_match::act))
        .route("/matches/{id}/events", get(death_match::events))
        .route("/admin/players/{codename}/{action}", post(admin::act))
        .route_layer(axum::middleware::from_fn(no_stray_query))
        .route_layer(axum::middleware::from_fn_with_state(state.clone(), fresh))
        .route_layer(axum::middleware::from_fn_with_state(
            state.clone(),
            to_host::death_matches,
        ))
        .route_layer(axum::middleware::from_fn(mark_route));
    let request_timeout = config.request_timeout.get();
    let requests = state.requests.clone();
    let metrics_here = config.metrics_bind.is_none();
    let root = Router::new().nest("/api/v1", api);
    let root = if metrics_here {
        root.route("/metrics", get(crate::metrics::serve))
    } else {
        root
    };
    root.fallback(|| async {
        ApiError::not_found("no-such-endpoint", "no such endpoint; see docs/api.md")
    })
    .layer(DefaultBodyLimit::max(config.body_limit))
    .layer(axum::middleware::from_fn_with_state(
        config.body_limit,
        announced_body_limit,
    ))
    .layer(axum::middleware::from_fn_with_state(
        request_timeout,
        time_limit,
    ))
    .layer(axum::middleware::from_fn_with_state(
        state.clone(),
        crate::rate::limit,
    ))
    .layer(axum::middleware::from_fn(json_errors))
    .layer(axum::middleware::from_fn_with_state(
        state.clone(),
        crate::metrics::count,
    ))
    .layer(
        // One log line per request, when it is answered: its id, client address, method,
        // path, player (once known), status and time.
        tower_http::trace::TraceLayer::new_for_http()
            .make_span_with(move |req: &Request| {
                let id = requests.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                let client = req
                    .extensions()
                    .get::<ClientAddress>()
                    .map(|c| c.0.to_string())
                    .unwrap_or_default();
                tracing::info_span!(
                    "request",
                    id,
                    client,
                    method = %req.method(),
                    path = %req.uri().path(),
                    player = tracing::field::Empty,
                )
            })
            .on_request(())
            .on_response(|res: &Response, latency: Duration, _: &tracing::Span| {
                tracing::info!(
                    status = res.status().as_u16(),
                    ms = (latency.as_secs_f64() * 100_000.0).round() / 100.0,
                    "answered"
                );
            })
            .on_body_chunk(())
            .on_eos(())
            .on_failure(()),
    )
    .layer(axum::middleware::from_fn_with_state(
        TrustedProxies::new(config.trusted_proxies.clone()),
        crate::client_address::note,
    ))
    .with_state(state)
}

/// Notes the matched route on the answer, for the metrics (which count outside the router,
/// so as to count its refusals too).
async fn mark_route(path: axum::extract::MatchedPath, request: Request, next: Next) -> Response {
    let route = crate::metrics::Route(path.as_str().to_string());
    let mut response = next.run(request).await;
    response.extensions_mut().insert(route);
    response
}

/// Before a request is answered from memory, applies what other servers on the same database
/// changed (see `Game::fresh`): a lock published through one server is readable through
/// another at once. Nothing on SQLite. The liveness check never waits on the database; when
/// the database cannot be read, the request is answered from memory as it stands.
async fn fresh(
    State(state): State<AppState>,
    path: axum::extract::MatchedPath,
    request: Request,
    next: Next,
) -> Response {
    let route = in_api(&path);
    if state.game.shared() && route != "/health" && route != "/ready" {
        let game = state.game.clone();
        match tokio::task::spawn_blocking(move || game.fresh()).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => tracing::warn!(error = %e, "cannot read other servers' changes"),
            Err(e) => tracing::warn!(error = %e, "reading other servers' changes stopped"),
        }
    }
    next.run(request).await
}

/// A router with `/metrics` alone, for `metrics_bind`.
pub fn metrics_router(state: AppState) -> Router {
    Router::new()
        .route("/metrics", get(crate::metrics::serve))
        .with_state(state)
}

/// The endpoints that read a query string; each reads it with [`Query`], which refuses keys
/// it does not know.
const TAKE_A_QUERY: [&str; 4] = [
    "/logout",
    "/players/{codename}",
    "/matches/{id}/events",
    "/matches",
];

/// Refuses a query string on an endpoint that takes none with `400 bad-query`, as [`Query`]
/// refuses unknown keys where one is taken: a misspelt option must not be silently ignored.
async fn no_stray_query(
    path: axum::extract::MatchedPath,
    request: Request,
    next: Next,
) -> Response {
    let takes_one = TAKE_A_QUERY.iter().any(|p| path.as_str().ends_with(p));
    match request.uri().query() {
        Some(q) if !q.is_empty() && !takes_one => {
            let shown: String = q.chars().take(60).collect();
            let more = if shown.len() < q.len() { "…" } else { "" };
            ApiError::bad_request(
                "bad-query",
                format!(
                    "{} takes no query string, and `?{shown}{more}` was sent; see docs/api.md",
                    path.as_str()
                ),
            )
            .into_response()
        }
        _ => next.run(request).await,
    }
}

/// Refuses at once a request whose `Content-Length` announces a body over the limit: the body
/// limit alone counts bytes as they arrive, so a client that announced ten gigabytes and sent
/// nothing was answered only by the request timeout.
async fn announced_body_limit(
    State(limit): State<usize>,
    request: Request,
    next: Next,
) -> Response {
    let announced = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    match announced {
        Some(n) if n > limit as u64 => ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too-large",
            format!(
                "the request announces a body of {n} bytes; this server accepts at most {limit}"
            ),
        )
        .into_response(),
        _ => next.run(request).await,
    }
}

/// Bounds a request's time, body included; event streams are exempt (their handler returns
/// at once; the stream that follows is bounded by the idle timeout instead).
async fn time_limit(State(limit): State<Duration>, request: Request, next: Next) -> Response {
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            "timeout",
            format!(
                "the request took longer than {} s; it may or may not have been carried out",
                limit.as_secs_f64()
            ),
        )
        .into_response(),
    }
}

/// Every error answer becomes the API's JSON error, whoever made it: the router (404, 405),
/// axum's extractors, the body limit, a time limit. Answers already in JSON pass unchanged,
/// and so do their headers (`Allow`, `Retry-After`).
async fn json_errors(request: Request, next: Next) -> Response {
    let method = request.method().clone();
    let response = next.run(request).await;
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if is_json {
        return response;
    }
    let (parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, 4096)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_string())
        .unwrap_or_default();
    let allowed = parts
        .headers
        .get(header::ALLOW)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let (code, message) = match status {
        StatusCode::METHOD_NOT_ALLOWED => (
            "method-not-allowed",
            format!("this endpoint does not take {method}; it takes {allowed}"),
        ),
        StatusCode::NOT_FOUND => (
            "no-such-endpoint",
            "no such endpoint; see docs/api.md".into(),
        ),
        StatusCode::PAYLOAD_TOO_LARGE => (
            "too-large",
            "the request body is larger than this server accepts".into(),
        ),
        StatusCode::REQUEST_TIMEOUT => ("timeout", "the request took too long".into()),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => ("unsupported-media-type", text.clone()),
        StatusCode::TOO_MANY_REQUESTS => ("rate-limited", "too many requests; slow down".into()),
        StatusCode::SERVICE_UNAVAILABLE => ("unavailable", "the server cannot answer now".into()),
        s if s.is_server_error() => ("internal", "the server failed".into()),
        _ => ("bad-request", text.clone()),
    };
    let message = if message.is_empty() {
        status
            .canonical_reason()
            .unwrap_or("the request was refused")
            .to_string()
    } else {
        message
    };
    let mut answer = ApiError::new(status, code, message).into_response();
    for (name, value) in &parts.headers {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            answer.headers_mut().insert(name, value.clone());
        }
    }
    answer
}

/// `GET /api/v1/ready`: whether the server can take changes now — the database takes a
/// write and its log is being copied into its file. 503 with the reason when not.
async fn ready(State(state): State<AppState>) -> Result<&'static str, ApiError> {
    let game = state.game.clone();
    let r = tokio::task::spawn_blocking(move || game.ready())
        .await
        .map_err(ApiError::internal)?;
    r.map(|()| "ok").map_err(|why| {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "not-ready", why).retry_after(5)
    })
}

/// One path parameter, as text; a path that does not decode (e.g. `%FF`, not UTF-8) is
/// refused with the API's `400 bad-path`.
pub struct Segment(pub String);

impl<S: Send + Sync> FromRequestParts<S> for Segment {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Segment, ApiError> {
        axum::extract::Path::<String>::from_request_parts(parts, state)
            .await
            .map(|p| Segment(p.0))
            .map_err(|e| ApiError::bad_request("bad-path", e.body_text()))
    }
}

/// A query string of a known shape; anything else is refused with `400 bad-query`.
pub struct Query<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for Query<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Query<T>, ApiError> {
        axum::extract::Query::<T>::from_request_parts(parts, state)
            .await
            .map(|q| Query(q.0))
            .map_err(|e| ApiError::bad_request("bad-query", e.body_text()))
    }
}

/// A JSON body, with errors in the API's shape: 413 beyond the body limit, 400 when it is not
/// JSON of the expected form.
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Body<T>, ApiError> {
        let bytes =
            axum::body::Bytes::from_request(req, state)
                .await
                .map_err(|e: BytesRejection| {
                    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                        ApiError::new(
                            StatusCode::PAYLOAD_TOO_LARGE,
                            "too-large",
                            "the request body is larger than this server accepts",
                        )
                    } else {
                        ApiError::bad_request("bad-body", e.body_text())
                    }
                })?;
        serde_json::from_slice(&bytes)
            .map(Body)
            .map_err(|e| ApiError::bad_request("bad-json", format!("the body is not valid: {e}")))
    }
}

/// Runs a change on the blocking pool like [`blocking`], then sends its live events: after
/// the answer is ready, so that the answer does not wait for every follower to be woken.
pub async fn changing<T: Send + 'static>(
    game: &crate::game::Game,
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let r = blocking(f).await;
    game.send_announced();
    r
}

/// Runs a change that reads a lock or replays a solution on the bounded check workers
/// (refused with 429 `busy` when their queue is full), then sends its live events.
pub async fn checked<T: Send + 'static>(
    state: &AppState,
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let r = state.checks.run(f).await;
    state.game.send_announced();
    r?
}

/// A matched route without the API's prefix (`/api/v1/matches` is `/matches`): the layers of
/// the nested router see the whole path.
pub(crate) fn in_api(path: &axum::extract::MatchedPath) -> &str {
    let p = path.as_str();
    p.strip_prefix("/api/v1").unwrap_or(p)
}

/// Runs blocking work (the database, password hashing, replaying a solution) off the async
/// threads.
pub async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(ApiError::internal)?
}
